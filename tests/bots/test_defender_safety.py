"""The defender's memory of safe tiles: discards a threatening player cannot win on."""

from __future__ import annotations

import random

from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.hand_view import HandView
from mahjongkit.tiles import parse_tile

FAR = "1479m1368p2578sENWSC"
"""Seat 0's seventeen tiles, far from ready (Taiwanese)."""


def test_tiles_discarded_after_a_ting_are_safe_from_it(observe) -> None:  # type: ignore[no-untyped-def]
    """Seat 2 has called: its hand is fixed, so a tile discarded after its Ting that it
    did not win on is no winning tile of it (seed 004 lines 452, 488-496)."""
    bot = DefenderBot(random.Random(0))
    ting = (False, False, True, False)
    first = observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting)
    bot.act(first)
    later = observe(
        FAR,
        ruleset="taiwanese-lrc",
        discards=("NF", "E4m", "S9p", "W1s"),
        ting=ting,
        wall_live=56,
    )
    bot.remember(later)
    for tile in ("4m", "9p", "1s", "F"):
        assert bot.is_safe(2, parse_tile(tile)), tile
    assert not bot.is_safe(2, parse_tile("7m"))
    assert not bot.is_safe(1, parse_tile("4m"))  # seat 1 had not called
    penalty = bot.discard_penalty(HandView(later), 1.0)
    assert penalty[parse_tile("4m")] == 0.0
    assert penalty[parse_tile("7m")] > 0.0


def test_a_tile_passed_on_since_the_last_turn_is_safe_until_the_next(observe) -> None:  # type: ignore[no-untyped-def]
    """A clean round (each seat discarded once, nobody claimed): seat 1 passed on the
    discards of seats 2 and 3 with the hand it still holds, seat 2 on seat 3's (seed 004
    line 452, the missed-tile rule)."""
    bot = DefenderBot(random.Random(0))
    bot.act(observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W")))
    later = observe(
        FAR, ruleset="taiwanese-lrc", discards=("NF", "E5m", "S4m", "W7p"), wall_live=56
    )
    bot.remember(later)
    assert bot.is_safe(1, parse_tile("4m")) and bot.is_safe(1, parse_tile("7p"))
    assert bot.is_safe(2, parse_tile("7p")) and not bot.is_safe(2, parse_tile("4m"))
    assert not any(bot.is_safe(3, t) for t in range(34))


def test_a_claim_in_the_round_keeps_no_recent_tile(observe) -> None:  # type: ignore[no-untyped-def]
    """After a claim the discards' order is not known: only the Ting memory is kept."""
    bot = DefenderBot(random.Random(0))
    bot.act(observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W")))
    later = observe(
        FAR,
        ruleset="taiwanese-lrc",
        discards=("NF", "E5m", "S4m", "W7p"),
        other_melds=(("[666s]",), (), ()),
        wall_live=56,
    )
    bot.remember(later)
    assert not any(bot.is_safe(s, t) for s in range(4) for t in range(34))


def test_a_new_hand_forgets(observe) -> None:  # type: ignore[no-untyped-def]
    bot = DefenderBot(random.Random(0))
    ting = (False, False, True, False)
    bot.act(observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting))
    bot.remember(observe(FAR, ruleset="taiwanese-lrc", discards=("NF", "E4m", "S", "W"), ting=ting))
    assert bot.is_safe(2, parse_tile("4m"))
    bot.remember(observe(FAR, ruleset="taiwanese-lrc", wall_live=80))
    assert not bot.is_safe(2, parse_tile("4m"))


def test_the_defender_folds_to_a_tile_safe_from_a_called_hand(observe) -> None:  # type: ignore[no-untyped-def]
    """Far from ready against a called hand it discards a tile that hand cannot win on."""
    bot = DefenderBot(random.Random(0))
    ting = (False, False, True, False)
    bot.act(observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting))
    later = observe(
        FAR, ruleset="taiwanese-lrc", discards=("NF", "E4m", "S", "W"), ting=ting, wall_live=50
    )
    action = bot.act(later)
    assert action.tile == parse_tile("4m")
