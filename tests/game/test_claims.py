"""Claims on a discard: who may claim what, priorities, skipped turns, kongs and robbing.

Scripted walls: `table` deals the named hands (East, the dealer, first) and the live wall
then gives the named draws. The filler hands below can claim nothing from one another.
"""

from __future__ import annotations

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import Action
from mahjongkit.game.events import DRAW_KONG, EventKind
from mahjongkit.game.state import Phase, TurnMode

from .conftest import table

A = Action.parse
FA = "147m147p147sESWN"
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"


def snapshot(state):  # type: ignore[no-untyped-def]
    return (
        [list(c) for c in state.concealed],
        [list(m) for m in state.melds],
        list(state.events),
        state.phase,
        state.turn,
        [state.legal_actions(s) for s in range(4)],
    )


def test_chow_only_by_the_next_player_seed_000_line_68() -> None:
    state = table("mcr", [FA + "3p", "12p258m369sCFPEN", "45p147m147sSWNCF", FC])
    state.apply(0, A("discard 3p"))
    assert state.phase is Phase.CLAIM and state.to_act() == (1,)
    assert state.legal_actions(1) == (A("chow 123p"), A("pass"))
    assert state.legal_actions(2) == ()  # West holds 4p5p but is not next
    before = snapshot(state)
    with pytest.raises(IllegalActionError, match="chow 345p by W: W has no claim on 3p"):
        state.apply(2, A("chow 345p"))
    assert snapshot(state) == before  # an illegal action changes nothing
    state.apply(1, A("chow 123p"))
    assert state.events[-1].kind is EventKind.CHOW
    assert state.turn == 1 and state.mode is TurnMode.CLAIMED
    assert str(state.melds[1][0]) == "[123p3]"
    # After a chow or pung: discard only, no kong, no win (seed 003 lines 101, 109).
    assert all(a.kind.value == "discard" for a in state.legal_actions(1))


def test_pung_beats_chow_and_skips_turns_seed_001_line_49_and_003_line_81() -> None:
    state = table("mcr", [FA + "3p", "12p258m369sCFPEN", "33p147m147sSWNCF", FC])
    state.apply(0, A("discard 3p"))
    assert state.to_act() == (1, 2)
    assert A("pung") in state.legal_actions(2)
    state.apply(1, A("chow 123p"))
    assert state.phase is Phase.CLAIM  # West has not answered yet: the decision is simultaneous
    state.apply(2, A("pung"))
    assert state.events[-1].kind is EventKind.PUNG and state.events[-1].detail == 0
    assert state.turn == 2 and state.phase is Phase.TURN  # South lost its turn
    assert str(state.melds[2][0]) == "[333p2]"  # claimed from the opposite seat
    assert state.melds[1] == []


def test_claimed_kong_takes_a_replacement_from_the_back_seed_000_line_64() -> None:
    state = table(
        "mcr",
        [FA + "3p", "12p258m369sCFPEN", "333p147m147sSWNC", "369m69p369sSWNCF"],
        replacements="9m",
    )
    state.apply(0, A("discard 3p"))
    assert A("kong") in state.legal_actions(2)
    state.apply(1, A("pass"))
    state.apply(2, A("kong"))
    kinds = [(e.kind, e.seat, e.tile, e.detail) for e in state.events[-2:]]
    assert kinds == [(EventKind.KONG, 2, 11, 0), (EventKind.DRAW, 2, 8, DRAW_KONG)]
    assert state.turn == 2 and state.mode is TurnMode.REPLACEMENT
    assert state.concealed[2][8] == 1


NINE_GATES = "1112345678999m"  # waits on every character tile (88 points)


def test_win_beats_pung_seed_000_line_74() -> None:
    state = table("mcr", [FA + "5m", NINE_GATES, "55m147p147sSWNCF", FC])
    state.apply(0, A("discard 5m"))
    assert A("win") in state.legal_actions(1) and A("pung") in state.legal_actions(2)
    state.apply(2, A("pung"))
    state.apply(1, A("win"))
    assert state.ended and state.result is not None
    assert state.result.winners == (1,) and state.result.discarder == 0
    assert state.result.scores[0].qualifies


def test_mcr_one_winner_the_nearest_after_the_discarder_seed_000_line_74() -> None:
    # South and North both win on East's 5m; South comes first after East.
    state = table("mcr", [FA + "5m", NINE_GATES, FB, "123456789pPPP5m"])
    state.apply(0, A("discard 5m"))
    assert state.to_act() == (1, 3)
    state.apply(3, A("win"))
    state.apply(1, A("win"))
    assert state.result is not None and state.result.winners == (1,)
    assert [e.seat for e in state.events if e.kind is EventKind.WIN] == [1]


def test_robbing_a_promoted_kong_seed_003_line_131_and_000_line_236() -> None:
    state = table(
        "mcr",
        [FA + "9p", "99p258m369sCFPSW", "78p123456789mNN", "369m36p369sSWNCF"],
        draws="EPF9p",
    )
    state.apply(0, A("discard 9p"))
    assert A("win") in state.legal_actions(2)  # West could go out on it: it passes
    state.apply(2, A("pass"))
    state.apply(1, A("pung"))
    state.apply(1, A("discard C"))
    state.apply(2, A("discard E"))
    state.apply(3, A("discard P"))
    state.apply(0, A("discard F"))
    assert state.turn == 1 and state.last_tile == 17
    # A discard never promotes a pung (seed 003 line 101); a self-drawn fourth tile does.
    assert A("promoted-kong 9p") in state.legal_actions(1)
    state.apply(1, A("promoted-kong 9p"))
    assert state.phase is Phase.ROB and state.to_act() == (2,)
    assert state.legal_actions(2) == (A("win"), A("pass"))
    with pytest.raises(IllegalActionError, match="robbed to win, or passed"):
        state.apply(2, A("pung"))
    state.apply(2, A("win"))
    result = state.result
    assert result is not None and result.robbed_kong and result.discarder == 1
    assert result.scores[0].situation.robbing_kong
    assert state.melds[1][0].kind.value == "pung"  # the kong was never made
    assert sum(state.tile_census()[:34]) == 136


def test_passing_on_a_rob_completes_the_kong_with_a_replacement() -> None:
    state = table(
        "mcr",
        [FA + "9p", "99p258m369sCFPSW", "78p123456789mNN", "369m36p369sSWNCF"],
        draws="EPF9p",
        replacements="2s",
    )
    for seat, text in [
        (0, "discard 9p"),
        (2, "pass"),
        (1, "pung"),
        (1, "discard C"),
        (2, "discard E"),
        (3, "discard P"),
        (0, "discard F"),
        (1, "promoted-kong 9p"),
        (2, "pass"),
    ]:
        state.apply(seat, A(text))
    assert str(state.melds[1][0]) == "[9999p5]"
    assert state.events[-1].kind is EventKind.DRAW and state.events[-1].detail == DRAW_KONG
    assert state.turn == 1 and state.phase is Phase.TURN


def test_win_on_a_kong_replacement_seed_002_line_157() -> None:
    state = table(
        "mcr",
        ["1111m234p567p78s99s", FB, FC, "47m147p147sESWNC"],
        replacements="6s",
    )
    assert A("concealed-kong 1m") in state.legal_actions(0)
    state.apply(0, A("concealed-kong 1m"))
    assert A("win") in state.legal_actions(0)
    state.apply(0, A("win"))
    result = state.result
    assert result is not None and result.self_drawn and result.winners == (0,)
    assert result.scores[0].situation.kong_replacement
