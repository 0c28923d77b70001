"""Bot test fixtures: observations written by hand (a seat's tiles, melds, the table)."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from mahjongkit.game.actions import DISCARDS, Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Bot, Decision
from mahjongkit.hand import Meld
from mahjongkit.notation import parse_tiles
from mahjongkit.tiles import EAST

_DECISIONS = itertools.count()
"""Decision numbers: each call of `asked` a later decision of one and the same hand."""


def asked() -> Decision:
    """The next decision of seat 0 in one hand (seed 0, hand 0): a bot asked again and
    again with it keeps its memory from one call to the next, as in a hand."""
    return Decision.of(0, 0, 0, next(_DECISIONS))


def act(bot: Bot, observation: Observation) -> Action:
    """``bot``'s answer to ``observation``, as the next decision of the hand (`asked`)."""
    return bot.act(observation, asked())


def observe(
    concealed: str,
    *,
    ruleset: str = "mcr",
    melds: Sequence[str] = (),
    legal: Sequence[Action] | None = None,
    phase: str = "turn",
    claim_tile: int = -1,
    claim_giver: int = -1,
    discards: Sequence[str] = ("", "", "", ""),
    other_melds: Sequence[Sequence[str]] = ((), (), ()),
    ting: Sequence[bool] = (False,) * 4,
    wall_live: int = 60,
    drawn: Sequence[str] = ("", "", "", ""),
    pond: str | None = None,
    last: str = "",
    thrower: int = -1,
) -> Observation:
    """Seat 0's view. ``legal`` defaults, on a turn, to discarding any held tile. A seat's
    discards of the tiles in its ``drawn`` were thrown straight from the draw. With a
    ``pond`` (tiles, "" for none) the table lays its discards in the centre: ``last`` is
    the last discard and ``thrower`` its seat."""
    counts = [0] * 34
    for t in parse_tiles(concealed):
        counts[t] += 1
    own = tuple(Meld.parse(m) for m in melds)
    table = (own, *(tuple(Meld.parse(m) for m in ms) for ms in other_melds))
    if legal is None:
        legal = [DISCARDS[t] for t in range(34) if counts[t]]
    return Observation(
        seat=0,
        ruleset=ruleset,
        phase=phase,
        turn=0 if phase == "turn" else claim_giver,
        to_act=(0,),
        prevalent_wind=EAST,
        concealed=tuple(counts),
        last_tile=-1,
        melds=table,
        hidden_kongs=(0, 0, 0, 0),
        flowers=((), (), (), ()),
        discards=tuple(tuple((t, False) for t in parse_tiles(d)) for d in discards),
        hand_sizes=tuple(sum(counts) if s == 0 else 13 for s in range(4)),
        ting=tuple(ting),
        forfeited=(False,) * 4,
        wall_live=wall_live,
        wall_remaining=wall_live + 14,
        claim_tile=claim_tile,
        claim_giver=claim_giver,
        legal_actions=tuple(legal),
        drawn_discards=tuple(
            tuple(t in parse_tiles(dd) for t in parse_tiles(d))
            for d, dd in zip(discards, drawn, strict=True)
        ),
        pond=() if pond is None else tuple(parse_tiles(pond).count(t) for t in range(34)),
        last_discard=parse_tiles(last)[0] if last else -1,
        last_discarder=thrower,
    )


@pytest.fixture(name="observe")
def observe_fixture() -> Callable[..., Observation]:
    """`observe`, for tests: ``observe("123m...", melds=[...], ...)``."""
    return observe


__all__: list[Any] = []
