"""The learned reading of a called (Ting) hand and the searcher pricing its discards by it."""

from __future__ import annotations

import random
from typing import Any

from mahjongkit.bots.defender import TAIWANESE_DEAL_IN, DefenderBot
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.searcher import SearcherBot
from mahjongkit.bots.ting_reading import (
    CHANCE_UNITS,
    FEATURES,
    WEIGHTS,
    discard_penalty,
    features,
    thrown_in_order,
    wait_chance,
)
from mahjongkit.completion import regular_waits
from mahjongkit.game.actions import PASS, Action
from mahjongkit.game.events import Event, EventKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState

UNSEEN = [4] * 34
# A called hand that threw East, 1 man, 9 man, 4 pin and called Ting on 5 man.
THROWN = [27, 0, 8, 12, 4]
TING = 4


def chance(tile: int, thrown: list[int] = THROWN, ting: int = TING) -> float:
    return wait_chance(UNSEEN, thrown, ting, (), tile)


def test_every_feature_has_its_weight() -> None:
    assert len(WEIGHTS) == len(FEATURES) + 1
    assert len(features(UNSEEN, THROWN, TING, (), 5)) == len(FEATURES)


def test_a_tile_it_threw_before_its_ting_is_far_less_likely() -> None:
    """Thrown by the called seat before its call: a regular hand could still wait on it
    (no furiten in these rules), but a player seldom throws a tile it then waits on."""
    assert chance(12) < chance(13) / 5  # 4 pin thrown, 5 pin not
    assert chance(12, [27, 0, 8, 4], 3) > chance(12) * 5  # the same 4 pin, never thrown


def test_suji_honours_and_copies_seen_read_as_players_read_them() -> None:
    """Three away from a tile it threw (suji) is safer; an honour is safer than a middle
    tile; a tile with one copy left unseen is safer than one with all four."""
    assert chance(15) < chance(15, [27, 0, 8, 4], 3)  # 7 pin: 4 pin thrown, suji
    assert chance(31) < chance(22)  # Red against 5 pin
    one_left = [4] * 22 + [1] + [4] * 11
    assert wait_chance(one_left, THROWN, TING, (), 22) < chance(22) / 1.5  # 5 pin


def test_thrown_in_order_finds_the_ting_discard() -> None:
    """A seat's discards in order, the Ting one marked; other seats' and actions skipped."""
    history = [
        Event(EventKind.DISCARD, 1, 5),
        PASS,
        Event(EventKind.DISCARD, 2, 7, 1),
        Event(EventKind.DISCARD, 1, 9, 1),
        Event(EventKind.DISCARD, 1, 11),
    ]
    assert thrown_in_order(history, 1) == ([5, 9, 11], 1)
    assert thrown_in_order(history, 3) == ([], -1)


class _Spy(SearcherBot):
    """A searcher noting, at its decisions facing a called hand, both pricings."""

    def __init__(self, **options: Any) -> None:
        super().__init__(samples=2, **options)
        self.seen: list[tuple[dict[int, float], dict[int, float], dict[int, float]]] = []
        self.decision: Decision | None = None
        self.last_observation: Observation | None = None

    def act(self, observation: Observation, decision: Decision) -> Action:
        self.decision = decision
        if self.seen and any(observation.ting) and observation.phase == "turn":
            self.last_observation = observation
        return super().act(observation, decision)

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        mine = super().discard_penalty(view, top)
        own = DefenderBot.discard_penalty(self, view, top)
        if own and self.decision is not None and self.decision.knowledge is not None:
            history = self.decision.knowledge().position.history
            self.seen.append((mine, own, discard_penalty(view, history, self.is_safe, own)))
        return mine


def _spied(reading: bool) -> list[_Spy]:
    spies = [_Spy(reading=reading) for _ in range(4)]
    for seed in range(40):
        play_hand(HandState.new("taiwanese-lrc", random.Random(seed)), list(spies), seed=seed)
        if all(spy.seen for spy in spies[:2]):
            break
    return spies


def test_facing_a_ting_the_searcher_prices_its_discards_by_the_reading() -> None:
    """Reading on (the default): the learned pricing; off: the defender's own."""
    spies = _spied(reading=True)
    seen = [s for spy in spies for s in spy.seen]
    assert seen
    for mine, own, read in seen:
        assert mine == read and mine.keys() == own.keys()
    assert any(mine != own for mine, own, _ in seen)
    for mine, own, _ in (s for spy in _spied(reading=False) for s in spy.seen):
        assert mine == own


def test_a_tile_the_called_hand_passed_costs_nothing_seed_004_line_504() -> None:
    """004 line 504: once called, a hand may not "adjust your concealed tiles", so its
    waits never change; every bot takes a win it can, so a tile it let go by since its
    call is none of its waits and costs nothing from it."""
    spies = _spied(reading=True)
    found = False
    for spy in spies:
        for mine, own, _ in spy.seen:
            for tile, cost in mine.items():
                if own[tile] == 0:
                    assert cost == 0
                    found = True
                else:
                    assert 0 < cost < TAIWANESE_DEAL_IN * CHANCE_UNITS * 3
    assert found


def test_the_reading_tells_waits_better_than_chance_on_played_hands() -> None:
    """On called hands of defenders' play, the tiles that complete them read likelier on
    average than those that do not (a reading wired wrongly would not)."""
    hits: list[float] = []
    misses: list[float] = []
    for seed in range(30):
        state = HandState.new("taiwanese-lrc", random.Random(seed))
        play_hand(state, [DefenderBot() for _ in range(4)], seed=seed)
        for seat in range(4):
            thrown, ting = thrown_in_order(state.events, seat)
            if ting < 0:
                continue
            before = state.concealed[seat]
            waits = regular_waits(before, sum(before) // 3) if sum(before) % 3 == 1 else 0
            for tile in range(34):
                read = wait_chance(UNSEEN, thrown[: ting + 1], ting, state.melds[seat], tile)
                (hits if waits >> tile & 1 else misses).append(read)
    assert hits and misses
    assert sum(hits) / len(hits) > 1.5 * sum(misses) / len(misses)


def test_outside_a_decision_the_searcher_prices_as_the_defender() -> None:
    """The history it reads is the decision's: asked after it, it has none, and prices
    as the defender does (never by another decision's history)."""
    spy = _spied(reading=True)[0]
    view = HandView(spy.last_observation)
    assert SearcherBot.discard_penalty(spy, view, 0.0) == DefenderBot.discard_penalty(
        spy, view, 0.0
    )
