"""The defender's memory of safe tiles: discards a threatening player cannot win on."""

from __future__ import annotations

from mahjongkit.bots.defender import DefenderBot, danger
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.game.actions import DISCARDS, PASS
from mahjongkit.game.players import Decision
from mahjongkit.tiles import parse_tile

from .conftest import act

FAR = "1479m1368p2578sENWSC"
"""Seat 0's seventeen tiles, far from ready (Taiwanese)."""


def test_tiles_discarded_after_a_ting_are_safe_from_it(observe) -> None:  # type: ignore[no-untyped-def]
    """Seat 2 has called: its hand is fixed, so a tile discarded after its Ting that it
    did not win on is no winning tile of it (seed 004 lines 452, 488-496)."""
    bot = DefenderBot()
    ting = (False, False, True, False)
    first = observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting)
    act(bot, first)
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
    bot = DefenderBot()
    act(bot, observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W")))
    later = observe(
        FAR, ruleset="taiwanese-lrc", discards=("NF", "E5m", "S4m", "W7p"), wall_live=56
    )
    bot.remember(later)
    assert bot.is_safe(1, parse_tile("4m")) and bot.is_safe(1, parse_tile("7p"))
    assert bot.is_safe(2, parse_tile("7p")) and not bot.is_safe(2, parse_tile("4m"))
    assert not any(bot.is_safe(3, t) for t in range(34))


def test_a_player_that_throws_only_its_draws_keeps_the_tiles_it_passed(observe) -> None:  # type: ignore[no-untyped-def]
    """MCR: seat 1 throws the tile it draws, round after round: its hand stays as it was,
    so every tile discarded since it last changed its hand is no winning tile of it (it
    would have won on it, or self-drawn it). A claim by another seat does not change
    that. Seat 2 threw a tile from its hand this round: only the discards after its own
    count for it, and none once a claim hides their order."""
    bot = DefenderBot()
    act(bot, observe(FAR, discards=("N", "E", "S", "W")))
    bot.remember(
        observe(FAR, discards=("NF", "E5m", "S4m", "W7p"), drawn=("", "5m", "", ""), wall_live=56)
    )
    assert bot.is_safe(1, parse_tile("F")) and bot.is_safe(1, parse_tile("5m"))
    assert not bot.is_safe(2, parse_tile("5m")) and bot.is_safe(2, parse_tile("7p"))
    later = observe(
        FAR,
        discards=("NF1s", "E5m2p", "S4m8s", "W7p"),
        drawn=("", "5m2p", "", ""),
        other_melds=((), (), ("[888s]",)),
        wall_live=52,
    )
    bot.remember(later)
    for tile in ("F", "5m", "4m", "7p", "1s", "2p", "8s"):
        assert bot.is_safe(1, parse_tile(tile)), tile
    assert not any(bot.is_safe(s, t) for s in (2, 3) for t in range(34))
    changed = observe(
        FAR,
        discards=("NF1s9m", "E5m2p3s", "S4m8s6p", "W7p2s"),
        drawn=("", "5m2p", "", ""),
        other_melds=((), (), ("[888s]",)),
        wall_live=48,
    )
    bot.remember(changed)
    assert bot.is_safe(1, parse_tile("6p")) and bot.is_safe(1, parse_tile("2s"))
    assert not bot.is_safe(1, parse_tile("5m")) and not bot.is_safe(1, parse_tile("9m"))


def test_a_claim_in_the_round_keeps_no_recent_tile(observe) -> None:  # type: ignore[no-untyped-def]
    """After a claim the discards' order is not known: only the Ting memory is kept."""
    bot = DefenderBot()
    act(bot, observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W")))
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
    """The memory is one hand's: a decision of another hand (another match, another
    player) starts it afresh."""
    ting = (False, False, True, False)
    first = observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting)
    later = observe(FAR, ruleset="taiwanese-lrc", discards=("NF", "E4m", "S", "W"), ting=ting)
    for other in (Decision.of(0, 1, 0, 0), Decision.of(1, 0, 0, 9), Decision.of(0, 0, 1, 9)):
        bot = DefenderBot()
        bot.act(first, Decision.of(0, 0, 0, 3))
        bot.act(later, Decision.of(0, 0, 0, 7))
        assert bot.is_safe(2, parse_tile("4m"))
        bot.act(observe(FAR, ruleset="taiwanese-lrc", wall_live=80), other)
        assert not bot.is_safe(2, parse_tile("4m"))


def test_a_bot_made_anew_rebuilds_the_memory_from_the_history(observe) -> None:  # type: ignore[no-untyped-def]
    """A defender that did not see the player's earlier decisions of the hand (made after
    a restart) reads them from `Decision.history` and decides as the one that saw them."""
    ting = (False, False, True, False)
    first = observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting)
    later = observe(
        FAR, ruleset="taiwanese-lrc", discards=("NF", "E4m", "S", "W"), ting=ting, wall_live=50
    )
    seen = DefenderBot()
    answer = seen.act(first, Decision.of(0, 0, 0, 3))
    kept = seen.act(later, Decision.of(0, 0, 0, 7))
    fresh = DefenderBot()
    rebuilt = fresh.act(later, Decision.of(0, 0, 0, 7, lambda: ((first, answer),)))
    assert rebuilt == kept and rebuilt.tile == parse_tile("4m")
    assert fresh.is_safe(2, parse_tile("4m"))
    forgetful = DefenderBot().act(later, Decision.of(0, 0, 0, 7))
    assert forgetful != kept  # without the history the tile is not known safe


def test_the_defender_folds_to_a_tile_safe_from_a_called_hand(observe) -> None:  # type: ignore[no-untyped-def]
    """Far from ready against a called hand it discards a tile that hand cannot win on."""
    bot = DefenderBot()
    ting = (False, False, True, False)
    act(bot, observe(FAR, ruleset="taiwanese-lrc", discards=("N", "E", "S", "W"), ting=ting))
    later = observe(
        FAR, ruleset="taiwanese-lrc", discards=("NF", "E4m", "S", "W"), ting=ting, wall_live=50
    )
    action = act(bot, later)
    assert action.tile == parse_tile("4m")


CALLED = (False, False, True, False)
"""Seat 2 has called (declared Ting): its hand is ready and fixed (seed 004 lines 488-496)."""


def test_against_a_called_hand_honours_and_its_own_discards_are_nearly_safe(observe) -> None:  # type: ignore[no-untyped-def]
    """Measured on the waits of called hands in scorer self-play: an honour or a tile the
    called player threw itself seldom wins for it; a middle tile most often; a tile three
    away from one it threw (suji) less often than a plain middle tile."""
    obs = observe(
        "1479m1368p2578sEE5p",
        ruleset="taiwanese-lrc",
        discards=("", "", "N4m", ""),
        ting=CALLED,
        wall_live=50,
    )
    view = HandView(obs)

    def of(tile: str) -> float:
        return danger(view, 2, parse_tile(tile))

    assert of("E") < 0.1 and of("4m") < 0.1
    assert of("1m") < of("7m") < of("5p")  # 1m and 7m are suji of its 4m
    assert of("9m") < of("8s") < of("5p")  # edge ranks wait less than middle ones


def test_far_from_ready_it_breaks_an_honour_pair_rather_than_feed_a_called_hand(observe) -> None:  # type: ignore[no-untyped-def]
    """Far from ready against a called hand: the pair of East (nearly safe) goes before the
    lone middle tile the scorer would throw."""
    obs = observe("1479m1368p2578sEENN5p", ruleset="taiwanese-lrc", ting=CALLED, wall_live=50)
    view = HandView(obs)
    mine = act(DefenderBot(), obs)
    theirs = act(ScorerBot(), obs)
    assert mine.tile in (parse_tile("E"), parse_tile("N"))
    assert danger(view, 2, mine.tile) < danger(view, 2, theirs.tile)


def test_ready_with_a_live_wait_it_pushes_against_a_called_hand(observe) -> None:  # type: ignore[no-untyped-def]
    """Ready after discarding a middle tile the called hand may want: the hand's own win is
    worth more than the risk, so it keeps the wait as the scorer does."""
    obs = observe("123m456m789m234p55p11s5s", ruleset="taiwanese-lrc", ting=CALLED, wall_live=40)
    assert act(DefenderBot(), obs).tile == parse_tile("5s")
    assert act(ScorerBot(), obs).tile == parse_tile("5s")


def centre_round(observe, heard_from_south: bool) -> DefenderBot:  # type: ignore[no-untyped-def]
    """A Taiwanese table with discards in the centre (seed 003 line 45, seed 004 line 46):
    West has called; the defender throws C, then South 4m, West 9p, North 1s, nobody
    claiming. It sees North's 1s as the last discard at its turn, and South's 4m only
    when ``heard_from_south`` (asked about it, say)."""
    bot = DefenderBot()
    first = observe(FAR, ruleset="taiwanese-lrc", pond="", ting=CALLED, legal=[DISCARDS[C]])
    assert act(bot, first) == DISCARDS[C]
    if heard_from_south:
        act(
            bot,
            observe(
                FAR.replace("C", ""),
                ruleset="taiwanese-lrc",
                phase="claim",
                claim_tile=parse_tile("4m"),
                claim_giver=1,
                legal=[PASS],
                pond="C4m",
                last="4m",
                thrower=1,
                ting=CALLED,
                wall_live=58,
            ),
        )
    act(
        bot,
        observe(
            FAR.replace("C", "") + "3s",
            ruleset="taiwanese-lrc",
            pond="C4m9p1s",
            last="1s",
            thrower=3,
            ting=CALLED,
            wall_live=56,
        ),
    )
    return bot


C = parse_tile("C")


def test_at_a_centre_table_what_was_thrown_after_a_ting_is_read_from_the_pond(observe) -> None:  # type: ignore[no-untyped-def]
    """The pond grew by C, 4m, 9p and 1s since the defender's turn: whoever threw them,
    the called West passed on each (seed 004 lines 452, 488-496)."""
    bot = centre_round(observe, heard_from_south=False)
    for tile in ("C", "4m", "9p", "1s"):
        assert bot.is_safe(2, parse_tile(tile)), tile
    assert not bot.is_safe(2, parse_tile("7m"))


def test_at_a_centre_table_a_clean_round_counts_only_known_throwers(observe) -> None:  # type: ignore[no-untyped-def]
    """Seed 003 line 45: who threw 4m and 9p does not show. North's 1s was seen thrown
    last, so South and West passed on it; with rows South would also be known to have
    passed on West's 9p, here not."""
    bot = centre_round(observe, heard_from_south=False)
    assert bot.is_safe(1, parse_tile("1s")) and not bot.is_safe(1, parse_tile("9p"))
    assert not any(bot.is_safe(3, t) for t in range(34))
    view = HandView(observe(FAR, ruleset="taiwanese-lrc", pond="C4m9p1s", ting=CALLED))
    assert danger(view, 2, parse_tile("9p"), bot.thrown(view.obs, 2)) > 0.5


def test_at_a_centre_table_the_one_tile_left_is_placed(observe) -> None:  # type: ignore[no-untyped-def]
    """Seen: its own C, South's 4m (asked about it), North's 1s; the round's four tiles
    were C, 4m, 9p, 1s, so West threw 9p: South passed on it, and against the called
    West it is a tile West discarded itself."""
    bot = centre_round(observe, heard_from_south=True)
    assert bot.is_safe(1, parse_tile("9p")) and bot.is_safe(1, parse_tile("1s"))
    view = HandView(observe(FAR, ruleset="taiwanese-lrc", pond="C4m9p1s", ting=CALLED))
    assert bot.thrown(view.obs, 2) == 1 << parse_tile("9p")
    assert danger(view, 2, parse_tile("9p"), bot.thrown(view.obs, 2)) == 0.04


def test_at_a_centre_table_claimed_tiles_count_and_no_hand_reads_as_kept(observe) -> None:  # type: ignore[no-untyped-def]
    """West threw 6s, North claimed it and threw 2p: a tile claimed since the last turn
    was thrown too, and the called West passed on it. No row shows a tile thrown from the
    draw, so no player is read as keeping its hand."""
    bot = DefenderBot()
    act(bot, observe(FAR, ruleset="taiwanese-lrc", pond="", ting=CALLED, legal=[DISCARDS[C]]))
    act(
        bot,
        observe(
            FAR.replace("C", "") + "3s",
            ruleset="taiwanese-lrc",
            pond="C4m2p",
            other_melds=((), (), ("[666s1]",)),
            last="2p",
            thrower=3,
            ting=CALLED,
            wall_live=56,
        ),
    )
    for tile in ("C", "4m", "6s", "2p"):
        assert bot.is_safe(2, parse_tile(tile)), tile
    assert not any(bot.is_safe(s, t) for s in (1, 3) for t in range(34))


def test_at_a_centre_table_a_new_hand_forgets_who_threw_what(observe) -> None:  # type: ignore[no-untyped-def]
    bot = centre_round(observe, heard_from_south=True)
    fresh = observe(FAR, ruleset="taiwanese-lrc", pond="", wall_live=80)
    bot.act(fresh, Decision.of(0, 1, 0, 0))  # the next hand
    assert not any(bot.thrown(fresh, s) for s in range(4))
    assert not any(bot.is_safe(s, t) for s in range(4) for t in range(34))
