"""Actions and events: frozen values, notation round trips, stable integer indexes."""

from __future__ import annotations

import contextlib
import dataclasses

import pytest

from mahjongkit.errors import InvalidNotationError
from mahjongkit.game.actions import NUM_ACTIONS, Action, ActionKind
from mahjongkit.game.events import Event, EventKind


def all_actions() -> list[Action]:
    out = []
    for i in range(NUM_ACTIONS):
        with contextlib.suppress(InvalidNotationError):
            out.append(Action.from_index(i))
    return out


def test_every_action_index_round_trips_through_notation() -> None:
    actions = all_actions()
    assert len(actions) == NUM_ACTIONS - 6  # chow slots of 8x and 9x in three suits
    for a in actions:
        assert Action.parse(str(a)) == a
        assert Action.from_index(a.to_index()) == a
        assert eval(repr(a)) == a


def test_indexes_are_stable() -> None:
    assert Action.parse("discard 1m").to_index() == 0
    assert Action.parse("ting P").to_index() == 67
    assert Action.parse("chow 123p").to_index() == 77
    assert Action.parse("pung").to_index() == 95
    assert Action.parse("concealed-kong E").to_index() == 124
    assert Action.parse("promoted-kong 1m").to_index() == 131
    assert Action.parse("pass").to_index() == 166


@pytest.mark.parametrize(
    "bad", ["", "discard", "discard 0m", "chow 124m", "chow 89m", "pung 5m", "hu"]
)
def test_bad_action_notation_is_rejected(bad: str) -> None:
    with pytest.raises(InvalidNotationError):
        Action.parse(bad)


def test_actions_and_events_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        Action(ActionKind.PASS).tile = 3  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        Event(EventKind.DRAW, 0, 3).tile = 4  # type: ignore[misc]


def test_every_event_index_round_trips() -> None:
    for kind in EventKind:
        for seat in (-1, 0, 3):
            for tile in (-1, 0, 33, 41):
                for detail in (0, 2, 7):
                    e = Event(kind, seat, tile, detail)
                    assert Event.from_index(e.to_index()) == e
                    assert str(e)


def test_private_tiles_are_hidden_from_other_seats() -> None:
    draw = Event(EventKind.DRAW, 1, 5)
    assert draw.seen_by(1) == draw
    assert draw.seen_by(2).tile == -1
    kong = Event(EventKind.CONCEALED_KONG, 0, 9)
    assert kong.seen_by(3).tile == -1
    discard = Event(EventKind.DISCARD, 1, 5)
    assert discard.seen_by(2) == discard
