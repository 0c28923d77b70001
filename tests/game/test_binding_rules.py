"""Rules that bind a player: the minimum, false declarations, forfeits, the missed-tile
rule, Ting, and several winners on one discard."""

from __future__ import annotations

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import Action
from mahjongkit.game.events import EventKind
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import Wall
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset

from .conftest import NICO_AFTER_TING, NICO_DRAWS, NICO_PLAY, need_scorer, table

A = Action.parse
FA = "147m147p147sESWN"
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"
LOW = "123m456p678s23sNN"  # goes out on 1s or 4s with 2 or 3 points


def with_options(name: str, **options: object) -> Ruleset:
    return need_scorer(name).changed(**options)


def scripted(rules: Ruleset, hands: list[str], draws: str = "") -> HandState:
    wall = Wall.arranged(
        rules, [parse_tiles(h) for h in hands], parse_tiles(draws) if draws else ()
    )
    return HandState(rules, wall)


def test_a_hand_below_the_minimum_cannot_be_declared_seed_000_line_98() -> None:
    """000 line 98 / 002 lines 59-60: below 8 points no win; declaring one anyway bars the
    declarer from winning this hand, and play resumes."""
    state = table("mcr", [FA, LOW, FB, FC])
    state.apply(0, A("discard 4s"))
    assert state.legal_actions(1) == (A("chow 234s"), A("pass"))  # no win: 2 points < 8
    events = len(state.events)
    state.apply(1, A("win"))  # a false declaration
    assert [e.kind for e in state.events[events:]] == [EventKind.FALSE_WIN]
    assert state.events[-1].detail == 1  # disqualify
    assert state.phase is Phase.CLAIM and state.to_act() == (1,)
    assert state.forfeited[1]
    state.apply(1, A("chow 234s"))
    assert state.turn == 1


def test_a_table_may_let_play_continue_after_a_false_win() -> None:
    """The ``false_win = "continue"`` switch: only the penalty event, no bar on winning."""
    rules = get_ruleset("mcr").changed(false_win="continue")
    state = table(rules, [FA, LOW, FB, FC])
    state.apply(0, A("discard 4s"))
    state.apply(1, A("win"))
    assert state.events[-1].kind is EventKind.FALSE_WIN and state.events[-1].detail == 0
    assert not state.forfeited[1]


def test_bp_club_false_win_disqualifies_the_declarer_seed_001_line_43() -> None:
    state = table("bp-club", [FA, LOW, FB, FC])
    state.apply(0, A("discard 4s"))
    state.apply(1, A("win"))
    assert state.events[-1].kind is EventKind.FALSE_WIN and state.events[-1].detail == 1
    assert state.forfeited[1]
    assert state.legal_actions(1) == (A("chow 234s"), A("pass"))


def test_bp_club_invalid_claim_forfeits_the_win_seed_001_line_52() -> None:
    state = table("bp-club", [FA, LOW, FB, FC])
    state.apply(0, A("discard 4s"))
    state.apply(1, A("pung"))  # South holds no pair of 4s
    kinds = [e.kind for e in state.events[-2:]]
    assert kinds == [EventKind.INVALID_CLAIM, EventKind.DRAW]  # its answer counts as a pass
    assert state.forfeited[1] and state.turn == 1


def test_mcr_invalid_claim_is_illegal_and_changes_nothing() -> None:
    state = table("mcr", [FA, LOW, FB, FC])
    state.apply(0, A("discard 4s"))
    events = list(state.events)
    with pytest.raises(IllegalActionError, match="pung by S: the concealed tiles cannot make"):
        state.apply(1, A("pung"))
    assert state.events == events and not state.forfeited[1]


def test_taiwanese_false_win_voids_the_hand_seed_004_line_480() -> None:
    state = HandState.new(need_scorer("taiwanese-lrc"), __import__("random").Random(1))
    assert A("win") not in state.legal_actions(0)
    state.apply(0, A("win"))
    assert state.ended and state.result is not None and state.result.kind == "void"
    assert state.events[-1].kind is EventKind.FALSE_WIN and state.events[-1].detail == 2


TW_MULTI = [
    "147m258p369sWWFP234s5s",
    "123m456m789m123pEEE5s",
    "258369m147p189sFPSE",
    "456p789pSSSNNNCCC5s",
]


def test_taiwanese_every_claimant_wins_seed_003_line_65_and_004_line_456() -> None:
    state = table("taiwanese-lrc", TW_MULTI)
    state.apply(0, A("discard 5s"))
    assert state.to_act() == (1, 3)
    state.apply(3, A("win"))
    state.apply(1, A("win"))
    result = state.result
    assert result is not None and result.winners == (1, 3) and result.discarder == 0
    assert [e.seat for e in state.events if e.kind is EventKind.WIN] == [1, 3]


def test_taiwanese_head_bump_is_an_option_seed_000_line_74() -> None:
    """The nearest-seat rule of 000 l.74 ("whoever is closer in turn after the person who
    discarded") as a Taiwanese switch against 004 l.456's every winner."""
    state = scripted(with_options("taiwanese-lrc", multiple_winners="next_in_turn"), TW_MULTI)
    state.apply(0, A("discard 5s"))
    state.apply(3, A("win"))
    state.apply(1, A("win"))
    assert state.result is not None and state.result.winners == (1,)


# Taiwanese fillers with honour pairs, so that no one holds a Sixteen Orphans wait.
MISSED = [
    "147m147p147sEESSWC5m",
    "559m258p258sWWNNFPP",
    "369m369p369sCCFFPEN",
    "1358m139p26sESWNCFP",
]


def play_to_second_5m(state: HandState) -> None:
    state.apply(0, A("discard 1m"))
    state.apply(1, A("discard 9s"))
    state.apply(2, A("discard 8p"))
    state.apply(3, A("discard 5m"))
    assert state.legal_actions(1) == (A("pung"), A("pass"))
    state.apply(1, A("pass"))
    assert state.turn == 0
    state.apply(0, A("discard 5m"))


def test_a_passed_discard_cannot_be_claimed_until_the_next_turn_seed_004_line_452() -> None:
    state = table("taiwanese-lrc", MISSED, draws="9s8p7s9m1s")
    play_to_second_5m(state)
    # South passed on North's 5m and has not had a turn since: no pung of East's 5m.
    assert state.phase is Phase.TURN and state.turn == 1
    assert state.missed[1] == 0  # its turn has come: the rule lifts


def test_without_the_missed_tile_rule_the_pung_is_offered_seed_004_line_452() -> None:
    """The switch `missed_tile_rule = false` turns 004 l.452's rule off: the pung is offered."""
    state = scripted(with_options("taiwanese-lrc", missed_tile_rule=False), MISSED, "9s8p7s9m1s")
    play_to_second_5m(state)
    assert state.phase is Phase.CLAIM and state.legal_actions(1) == (A("pung"), A("pass"))


TING = [
    "147m147p147sEESSWC2m",
    "123m456m789m123p456p5s",
    "369m369p369sCCFFPEN",
    "258m258p258sWWNNFPC",
]


def test_ting_declared_with_a_discard_locks_the_hand_seed_004_lines_496_to_504() -> None:
    state = table("taiwanese-lrc", TING, draws="9p1s7m4s6s5s")
    state.apply(0, A("discard E"))
    assert A("ting 9p") in state.legal_actions(1)
    assert A("ting 1m") not in state.legal_actions(1)  # not one tile from winning after it
    state.apply(1, A("ting 9p"))
    discard = [e for e in state.events if e.kind is EventKind.DISCARD][-1]
    assert state.ting[1] and (discard.seat, discard.detail) == (1, 1)
    state.apply(2, A("discard 1s"))
    state.apply(3, A("discard 7m"))
    state.apply(0, A("discard 4s"))
    assert state.turn == 1 and state.legal_actions(1) == (A("discard 6s"),)
    with pytest.raises(IllegalActionError, match="Ting"):
        state.apply(1, A("discard 5s"))
    state.apply(1, A("discard 6s"))
    state.apply(2, A("discard 5s"))
    assert state.legal_actions(1) == (A("win"), A("pass"))
    state.apply(1, A("win"))
    result = state.result
    assert result is not None and result.winners == (1,)
    assert result.scores[0].situation.ting
    # Within 4/7/10 "discarded/declared tiles on the table" (004 lines 329-331): seven
    # discards lie there, the winning 5s among them; nothing is declared.
    assert result.scores[0].situation.tiles_on_table == 7


# South pungs East's 5p, calls Ting discarding N (waiting on 9s) and holds 111m concealed.
TING_PUNG = [
    "245m147p147sESWNCF5pP",
    "55p111m456m789m123s9sN",
    "369m369p369sWWNCFPE",
    "258m369p258sEESSCFP",
]


def called_with_a_pung(rules: Ruleset, fourth: str, replacement: str = "") -> HandState:
    """TING_PUNG played until South, Ting called, draws ``fourth``."""
    wall = Wall.arranged(
        rules,
        [parse_tiles(h) for h in TING_PUNG],
        parse_tiles("9m7m4s" + fourth),
        parse_tiles(replacement) if replacement else (),
    )
    state = HandState(rules, wall)
    state.apply(0, A("discard 5p"))
    state.apply(1, A("pung"))
    state.apply(1, A("ting N"))
    for seat, tile in [(2, "9m"), (3, "7m"), (0, "4s")]:
        state.apply(seat, A(f"discard {tile}"))
    assert state.turn == 1 and state.ting[1]
    return state


def test_a_called_hand_may_promote_its_pung_with_the_tile_drawn_seed_004_line_503() -> None:
    """Line 503 takes away only "Add to a concealed Pung to create a Kong"; adding the drawn
    fourth tile to an exposed pung leaves the called tiles as they are (line 504)."""
    state = called_with_a_pung(need_scorer("taiwanese-lrc"), "5p", replacement="9s")
    assert state.legal_actions(1) == (A("promoted-kong 5p"), A("discard 5p"))
    state.apply(1, A("promoted-kong 5p"))
    assert str(state.melds[1][0]) == "[5555p5]"
    assert A("win") in state.legal_actions(1)  # the replacement 9s completes the hand
    state.apply(1, A("win"))
    result = state.result
    assert result is not None and result.winners == (1,)
    assert result.scores[0].situation.ting and result.scores[0].situation.kong_replacement
    # 004 lines 329-331: the four discards lying there (East's 5p was claimed) and the
    # four tiles of the declared kong.
    assert result.scores[0].situation.tiles_on_table == 4 + 4


def test_ting_may_forbid_promoting_a_pung_too_seed_004_line_503() -> None:
    """The switch `ting_may_promote_pung = false`: no kong of any kind after Ting."""
    rules = with_options("taiwanese-lrc", ting_may_promote_pung=False)
    state = called_with_a_pung(rules, "5p")
    assert state.legal_actions(1) == (A("discard 5p"),)
    with pytest.raises(IllegalActionError, match="may not declare a kong"):
        state.apply(1, A("promoted-kong 5p"))


def test_a_called_hand_never_makes_a_concealed_kong_seed_004_line_503() -> None:
    """Line 503: "Add to a concealed Pung to create a Kong — discard the tile instead"."""
    state = called_with_a_pung(need_scorer("taiwanese-lrc"), "1m")
    assert state.legal_actions(1) == (A("discard 1m"),)
    with pytest.raises(IllegalActionError, match="may not declare a kong"):
        state.apply(1, A("concealed-kong 1m"))


def test_ting_is_not_in_play_under_mcr() -> None:
    state = table("mcr", [FA, LOW, FB, FC])
    assert not any(a.kind.value == "ting" for a in state.legal_actions(0))
    with pytest.raises(IllegalActionError, match="Ting is not in play"):
        state.apply(0, A("ting 1m"))


def test_a_called_hand_does_not_win_as_nico_nico_seed_004_lines_336_and_349() -> None:
    """004 line 336: "No Calling allowed in Nico Nico or Orphan hands" (line 349 the
    same). A called hand keeps its regular form, so a tile that completes it only as Nico
    Nico wins nothing: the hand discards it, as a called hand discards any tile it cannot
    win on (the engine once offered the win and then failed to score it)."""
    state = table("taiwanese-lrc", NICO_AFTER_TING, draws=NICO_DRAWS)
    for seat, text in NICO_PLAY:
        state.apply(seat, A(text))
        while state.phase is Phase.CLAIM:
            state.apply(state.to_act()[0], A("pass"))
    assert state.turn == 1 and state.ting[1]
    assert state.legal_actions(1) == (A("discard W"),)
    state.apply(1, A("discard W"))
    assert state.ting[1] and state.result is None
