"""The scorer under Taiwanese rules: the efficient bot's speed, the sheet's value at the wait."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mahjongkit.bots.efficient import EfficientBot, best_discards
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import LOOK_DEPTH, ScorerBot
from mahjongkit.hand import Hand
from mahjongkit.notation import parse_tiles
from mahjongkit.scoring import Situation, score
from mahjongkit.shanten import useful_tiles
from mahjongkit.tiles import EAST, parse_tile

from .conftest import act


@pytest.mark.parametrize(
    "hand",
    ["1479m1368p2578sENWSC", "159m159p159s2468sEEWC"],
)
def test_far_from_ready_it_discards_as_the_efficient_bot(observe, hand: str) -> None:  # type: ignore[no-untyped-def]
    """Three or more steps from ready after any discard: speed decides as for the
    efficient bot (nearly every Taiwanese hand is won)."""
    obs = observe(hand, ruleset="taiwanese-lrc")
    view = HandView(obs)
    options = best_discards(view.counts, 0, view.unseen, None)
    assert options[0][1] > LOOK_DEPTH
    assert act(ScorerBot(), obs) == act(EfficientBot(), obs)


def test_a_self_drawn_win_counts_three_times(observe) -> None:  # type: ignore[no-untyped-def]
    """Seed 004: a self-drawn win is paid by all three others, a discard by the discarder
    alone, so the ready value weighs the self-drawn total three times."""
    hand = "123m456m789m234p55p11s"  # sixteen tiles waiting on 5p or 1s
    obs = observe(hand + "9s", ruleset="taiwanese-lrc")
    view = HandView(obs)
    counts = [0] * 34
    for t in parse_tiles(hand):
        counts[t] += 1
    situation = Situation(seat_wind=EAST, prevalent_wind=EAST, dealer=True)
    weight = money = 0.0
    for t in parse_tiles("5p1s"):
        full = list(counts)
        full[t] += 1
        n = view.unseen[t]
        for share, drawn, payers in ((0.65, False, 1), (0.35, True, 3)):
            sc = score(
                Hand(tuple(full), (), (), t), replace(situation, self_drawn=drawn), "taiwanese-lrc"
            )
            weight += share * n
            money += share * n * sc.total * payers
    expected = weight / (weight + 4) * money / weight
    bot = ScorerBot()
    got = bot._ready_value(view, tuple(counts), (), bot.table("taiwanese-lrc"))
    assert got == pytest.approx(expected)


@pytest.mark.parametrize("hand", ["123m456m789m234p55p11s9s", "123m456m789m2345p5p11sE"])
def test_a_wait_not_clearly_richer_stays_the_efficient_one(observe, hand: str) -> None:  # type: ignore[no-untyped-def]
    """Ready after some discards: the efficient bot's wait stands unless another is worth
    `RICHER_WAIT` times as much (waits picked by value alone measured worse)."""
    obs = observe(hand, ruleset="taiwanese-lrc")
    assert act(ScorerBot(), obs).tile == act(EfficientBot(), obs).tile


def _two_draws(counts: tuple[int, ...], discard: int, unseen: tuple[int, ...]) -> int:
    """Each useful tile's unseen copies times the live waits of the best ready hand it
    makes, after ``discard``."""
    rest = list(counts)
    rest[discard] -= 1
    total = 0
    for u in useful_tiles(tuple(rest), 0):
        grown = list(rest)
        grown[u] += 1
        best = best_discards(tuple(grown), 0, unseen, None)[0]
        total += unseen[u] * (best[2] if best[1] == 0 else 0)
    return total


def test_one_step_from_ready_it_looks_two_draws_ahead(observe) -> None:  # type: ignore[no-untyped-def]
    """Every discard leaves the hand one step from ready. The efficient bot throws the
    discard with the most useful tiles (1p); the scorer keeps it and throws the Red
    Dragon, whose useful tiles lead to more live winning tiles."""
    obs = observe("123m1123345566678pC", ruleset="taiwanese-lrc")
    view = HandView(obs)
    theirs = act(EfficientBot(), obs).tile
    mine = act(ScorerBot(), obs).tile
    assert (theirs, mine) == (parse_tile("1p"), parse_tile("C"))
    options = {t: (s, u) for t, s, u in best_discards(view.counts, 0, view.unseen, None)}
    assert options[mine][0] == options[theirs][0] == 1
    assert options[mine][1] < options[theirs][1]
    assert _two_draws(view.counts, mine, view.unseen) > _two_draws(view.counts, theirs, view.unseen)
