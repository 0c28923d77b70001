"""Flowers at the deal and in play, the last tile and last discard, and every way a hand
is drawn."""

from __future__ import annotations

import random

import pytest

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import DISCARDS, PASS, Action
from mahjongkit.game.events import DRAW_FLOWER, DRAW_WALL, END_REPLACEMENT, END_WALL, EventKind
from mahjongkit.game.state import HandState
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.play import InvalidPlayRulesError
from mahjongkit.rules.ruleset import Ruleset, get_ruleset

from .conftest import need_scorer, table

A = Action.parse
FA = "147m147p147sESWN"
FB = "258m258p258sCFPE"
FC = "369m369p369sSWNC"
NINE_GATES = "1112345678999m"


def with_options(name: str, **options: object) -> Ruleset:
    """The ruleset with some play options changed."""
    return get_ruleset(name).changed(**options)


def t(name: str) -> int:
    return parse_tiles(name)[0]


def drain(state: HandState, leave: int) -> None:
    """Take tiles off the back end until ``leave`` live tiles remain (reaching the end of
    the wall quickly; the front, where the scripted draws are, is kept)."""
    while state.wall.live > leave:
        state.wall.draw_replacement()


def passive(state: HandState) -> None:
    """Play on without ever claiming or winning: discard the drawn tile, pass on all."""
    while not state.ended:
        for seat in state.to_act():
            legal = state.legal_actions(seat)
            if PASS in legal:
                action = PASS
            elif state.last_tile >= 0 and DISCARDS[state.last_tile] in legal:
                action = DISCARDS[state.last_tile]
            else:
                action = next(a for a in legal if a.kind.value == "discard")
            state.apply(seat, action)


def test_mcr_deal_flowers_dealer_first_until_none_then_south_seed_000_line_48() -> None:
    state = table(
        "mcr", ["147m147p147sESW1f2f", "258m258p258sCFP4f", FC, FA], replacements="3f5m6m7m"
    )
    flowers = [(e.seat, e.tile) for e in state.events if e.kind is EventKind.FLOWER]
    assert flowers == [(0, t("1f")), (0, t("2f")), (0, t("3f")), (1, t("4f"))]
    draws = [(e.seat, e.tile) for e in state.events if e.kind is EventKind.DRAW]
    assert draws == [(0, t("3f")), (0, t("5m")), (0, t("6m")), (1, t("7m"))]
    assert [sum(c) for c in state.concealed] == [14, 13, 13, 13]
    assert state.flowers[0] == [t("1f"), t("2f"), t("3f")]


def test_taiwanese_deal_flowers_each_seat_all_it_revealed_seed_004_line_76() -> None:
    # East reveals 1f 2f, South 4f. East replaces both (drawing 3f, then 5m); the 3f is a
    # replacement that is itself a flower, so it waits while South replaces its 4f (6m);
    # then East replaces the 3f in the next round (7m).
    state = table(
        "taiwanese-lrc",
        [
            "147m147p147sESWNCF1f2f",
            "258m258p258sESWNC4f",
            "369m369p369sESWNCF",
            "12478m258p369sPPPNF",
        ],
        replacements="3f5m6m7m",
    )
    flowers = [(e.seat, e.tile) for e in state.events if e.kind is EventKind.FLOWER]
    assert flowers == [(0, t("1f")), (0, t("2f")), (1, t("4f")), (0, t("3f"))]
    draws = [(e.seat, e.tile) for e in state.events if e.kind is EventKind.DRAW]
    assert draws == [(0, t("3f")), (0, t("5m")), (1, t("6m")), (0, t("7m"))]
    assert [sum(c) for c in state.concealed] == [17, 16, 16, 16]
    assert state.concealed[0][t("5m")] == 1 and state.concealed[0][t("7m")] == 2  # 147m dealt
    assert state.concealed[1][t("6m")] == 1


def test_a_replacement_flower_waits_for_every_other_seat_seed_004_line_76() -> None:
    # East and West each reveal a flower; East's replacement is a flower again, so West
    # (and nobody else) replaces before East draws a second time, and a second-round
    # flower of West's waits for East's second replacement.
    state = table(
        "taiwanese-lrc",
        [
            "147m147p147sESWNCF1f",
            "258m258p258sESWNCP",
            "369m369p369sESWNC3f",
            "12478m258p369sPPPNF",
        ],
        replacements="2f4f5m6m",
    )
    events = [(e.kind, e.seat, e.tile) for e in state.events if e.kind is not EventKind.DEAL]
    F, D = EventKind.FLOWER, EventKind.DRAW
    assert events == [
        (F, 0, t("1f")),
        (D, 0, t("2f")),
        (F, 2, t("3f")),
        (D, 2, t("4f")),
        (F, 0, t("2f")),
        (D, 0, t("5m")),
        (F, 2, t("4f")),
        (D, 2, t("6m")),
    ]


@pytest.mark.parametrize(
    ("order", "seats"),
    [
        ("until_none", [0, 0, 1]),  # seed 000 line 48: the dealer until none, then South
        ("in_rounds", [0, 1, 0]),  # seed 004 line 76: the replacement flower waits
    ],
)
def test_deal_flower_order_is_a_play_rule(order: str, seats: list[int]) -> None:
    rules = with_options("taiwanese-lrc", deal_flower_order=order)
    assert rules.play.deal_flower_order == order
    state = table(
        rules,
        [
            "147m147p147sESWNCF1f",
            "258m258p258sESWNC4f",
            "369m369p369sESWNCF",
            "12478m258p369sPPPNF",
        ],
        replacements="2f5m6m",
    )
    assert [e.seat for e in state.events if e.kind is EventKind.FLOWER] == seats


def test_an_unknown_deal_flower_order_is_refused() -> None:
    with pytest.raises(InvalidPlayRulesError, match="deal_flower_order"):
        with_options("taiwanese-lrc", deal_flower_order="one_each")


def test_a_flower_drawn_in_play_is_exposed_and_replaced_at_once_seed_001_line_35() -> None:
    state = table("mcr", [FA + "C", FB, FC, "47m147p147sESWNF"], draws="5f", replacements="7m")
    state.apply(0, A("discard C"))
    last = [(e.kind, e.seat, e.tile, e.detail) for e in state.events[-3:]]
    assert last == [
        (EventKind.DRAW, 1, t("5f"), DRAW_WALL),
        (EventKind.FLOWER, 1, t("5f"), 0),
        (EventKind.DRAW, 1, t("7m"), DRAW_FLOWER),
    ]
    assert state.turn == 1 and state.last_tile == t("7m") and state.concealed[1][t("7m")] == 1


@pytest.mark.parametrize(
    ("ruleset", "reserve"),
    [
        ("mcr", 0),  # seed 000 line 14: play until the wall is empty
        ("bp-club", 14),  # seed 001 line 42: seven stacks left
        ("taiwanese-lrc", 16),  # seed 003 line 141: the dead wall keeps 16 tiles
    ],
)
def test_exhaustive_draw_leaves_the_rulesets_reserve(ruleset: str, reserve: int) -> None:
    rules = need_scorer(ruleset)
    for seed in range(3):
        state = HandState.new(rules, random.Random(seed))
        passive(state)
        assert state.result is not None and state.result.kind == "draw"
        assert state.wall.remaining == reserve and state.wall.live == 0
        assert state.events[-1].kind is EventKind.EXHAUSTIVE_DRAW
        if state.events[-1].detail == END_WALL:
            # The last tile drawn is still discarded, giving a last discard to claim.
            kinds = [e.kind for e in state.events[-4:]]
            assert EventKind.DISCARD in kinds


def test_the_last_discard_can_be_won_on_seed_003_line_139_and_000_line_230() -> None:
    state = table("mcr", [FA + "C", NINE_GATES, FB, "123456789pPPP5m"], draws="E")
    drain(state, 1)
    state.apply(0, A("discard C"))
    assert state.wall.live == 0 and state.turn == 1  # South drew the last tile
    state.apply(1, A("discard 5m"))
    assert state.legal_actions(3) == (A("win"), A("pass"))
    state.apply(3, A("win"))
    result = state.result
    assert result is not None and result.winners == (3,)
    assert result.scores[0].situation.last_wall_tile


def test_the_last_discard_can_be_punged_then_the_hand_is_drawn_seed_003_line_139() -> None:
    state = table("mcr", [FA + "C", NINE_GATES, "55m258p258sCFPE8m", "123456789pPPP5m"], draws="E")
    drain(state, 1)
    state.apply(0, A("discard C"))
    state.apply(1, A("discard 5m"))
    state.apply(3, A("pass"))
    state.apply(2, A("pung"))
    assert state.turn == 2 and state.wall.live == 0
    state.apply(2, A("discard 8m"))
    result = state.result
    assert result is not None and result.kind == "draw"
    assert state.events[-1].detail == END_WALL


def test_a_flower_as_the_last_tile_ends_the_hand_seed_003_line_141() -> None:
    state = table("mcr", [FA + "C", FB, FC, "47m147p147sESWNF"], draws="5f")
    drain(state, 1)
    state.apply(0, A("discard C"))
    assert state.result is not None and state.result.kind == "draw"
    assert state.events[-1].detail == END_REPLACEMENT


def test_taiwanese_kong_needing_a_replacement_at_the_end_ends_the_hand_seed_003_line_141() -> None:
    state = table(
        "taiwanese-lrc",
        [
            "1111m258p369sESWNCFP",
            "258m147p147sESWNCFP",
            "369m369p258sESWNCFP",
            "47m258p369p147s369sCF",
        ],
    )
    drain(state, 0)
    assert A("concealed-kong 1m") in state.legal_actions(0)
    state.apply(0, A("concealed-kong 1m"))
    assert state.result is not None and state.result.kind == "draw"
    assert state.events[-1].detail == END_REPLACEMENT
    assert state.wall.remaining == 16


def test_mcr_no_kong_without_a_tile_to_replace_it_seed_000_line_82() -> None:
    """000 l.82: a kong "must draw a replacement tile"; with none left MCR offers no kong
    (`kong_needs_live_tile`, docs/game.md)."""
    hands = ["1111m258p369sESWN", "258m147p147sCFPE", "369m369p258sSWNC", "47m258p147s369sCF"]
    assert A("concealed-kong 1m") in table("mcr", hands).legal_actions(0)
    state = table("mcr", hands)
    drain(state, 0)
    assert A("concealed-kong 1m") not in state.legal_actions(0)
    with pytest.raises(IllegalActionError, match="no tile is left to replace a kong"):
        state.apply(0, A("concealed-kong 1m"))


def test_seven_flowers_win_on_ones_own_turn_seed_004_line_384() -> None:
    state = table(
        "taiwanese-lrc",
        [
            "147m147p147sEESSW1f2f3f",
            "258m258p258sWWNNFPC",
            "369m369p369sCCFFPEN",
            "1358m139p26sESWNCF",
        ],
        replacements="4f5f6f7f1m2m3m",
    )
    assert len(state.flowers[0]) == 7 and sum(state.concealed[0]) == 17
    assert A("win") in state.legal_actions(0)
    state.apply(0, A("win"))
    result = state.result
    assert result is not None and result.self_drawn and result.winners == (0,)
    assert result.scores[0].items[0].id == "seven_flowers"


def test_no_flower_win_under_mcr_seed_000_line_98() -> None:
    """The seven-flower win is the Taiwanese card's (004 l.384); MCR counts flowers only as
    points on a hand that reaches 8 without them (000 l.98)."""
    state = table(
        "mcr",
        ["147m147p147sEW1f2f3f", FB, FC, "47m147p147sESWNC"],
        replacements="4f5f6f7f1m2m3m",
    )
    assert len(state.flowers[0]) == 7
    assert A("win") not in state.legal_actions(0)


def test_a_flower_chain_in_play_is_replaced_until_a_tile_comes_seed_000_line_48() -> None:
    state = table("mcr", [FA + "C", FB, FC, "47m147p147sESWNF"], draws="5f", replacements="6f7m")
    state.apply(0, A("discard C"))
    last = [(e.kind, e.tile, e.detail) for e in state.events[-5:]]
    assert last == [
        (EventKind.DRAW, t("5f"), DRAW_WALL),
        (EventKind.FLOWER, t("5f"), 0),
        (EventKind.DRAW, t("6f"), DRAW_FLOWER),
        (EventKind.FLOWER, t("6f"), 0),
        (EventKind.DRAW, t("7m"), DRAW_FLOWER),
    ]
    assert state.flowers[1] == [t("5f"), t("6f")] and state.last_tile == t("7m")


def test_winning_on_the_last_tile_of_the_wall_seed_000_line_229() -> None:
    state = table("mcr", [FA + "C", NINE_GATES, FB, FC], draws="5m")
    drain(state, 1)
    state.apply(0, A("discard C"))
    assert state.wall.live == 0 and A("win") in state.legal_actions(1)
    state.apply(1, A("win"))
    result = state.result
    assert result is not None and result.self_drawn
    situation = result.scores[0].situation
    assert situation.last_wall_tile and situation.self_drawn


def test_one_loop_declares_the_seven_flower_win_at_once_004_l384() -> None:
    """The hand command, a match and the simulator play with one loop, and it declares
    the seven-flower win for the seat (seed 004 line 384 "instantly win"), even for a bot
    that would rather discard."""
    from mahjongkit.game.runner import play_hand
    from mahjongkit.game.wall import Wall
    from mahjongkit.tiles import EAST

    rules = need_scorer("taiwanese-lrc")

    class AlwaysDiscards:
        name = "discarder"

        def act(self, observation: object) -> Action:
            raise AssertionError("the seven-flower win is not the bot's choice")

    wall = Wall.arranged(
        rules, [[*parse_tiles("1f2f3f4f5f6f7f"), *parse_tiles("1m2m3m4m5m6m7m8m9m1p")]]
    )
    state = HandState(rules, wall, EAST)
    result = play_hand(state, [AlwaysDiscards() for _ in range(4)])
    assert state.history[0][0] == 0 and str(state.history[0][1]) == "win"
    assert result.winners == (0,) and result.self_drawn
