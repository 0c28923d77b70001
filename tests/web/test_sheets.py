"""The scoresheet API's line bodies as the scoresheet page shows them."""

from __future__ import annotations

import pytest

from mahjongkit.web import sheets
from mahjongkit.web.models import Refusal


def test_each_line_shows_its_net_money_seed_000_l333() -> None:
    """000 l.333: on a discard win the discarder pays 8 + the hand, the other two 8 each;
    a line's ``net`` is that money per player, and the lines' nets add up to the scores."""
    sheet = sheets.new_sheet({"ruleset": "mcr", "players": ["A", "B", "C", "D"]})
    win = sheets.add_line(sheet, {"kind": "win", "winner": 1, "discarder": 3, "points": 12})
    penalty = sheets.add_line(sheet, {"kind": "penalty", "offender": 2, "points": 5})
    shown = sheets.sheet_json(sheet, [win, penalty])
    nets = [line["net"] for line in shown["lines"]]
    assert nets == [[-8, 36, -8, -20], [5, 5, -15, 5]]
    assert [sum(column) for column in zip(*nets, strict=True)] == shown["scores"]


def test_a_penalty_line_pays_as_a_penalty_not_a_false_win() -> None:
    """A penalty entered on the sheet is paid to each other player under its own reason;
    the exported payments must not call it a false win."""
    sheet = sheets.new_sheet({"ruleset": "mcr", "players": ["A", "B", "C", "D"]})
    sheets.add_line(sheet, {"kind": "penalty", "offender": 0, "points": 10, "reason": "late"})
    payments = sheet.lines[-1].to_json()["payments"]
    assert [(p["payer"], p["amount"], p["reason"]) for p in payments] == [(0, 10, "penalty")] * 3


# -- the scoresheet holds typed points and entered hands to the scorer's rules ---------------
def refused(ruleset: str, line: dict[str, object]) -> Refusal:
    sheet = sheets.new_sheet({"ruleset": ruleset, "players": ["A", "B", "C", "D"]})
    with pytest.raises(Refusal) as err:
        sheets.add_line(sheet, line)
    return err.value


@pytest.mark.parametrize(("ruleset", "least"), [("mcr", 8), ("bp-club", 5), ("mcr-gb", 8)])
def test_typed_points_need_the_rulesets_minimum_002_l59(ruleset: str, least: int) -> None:
    """Issue 18: an MCR win typed as 5 points was taken while the same hand entered as
    tiles was refused. 002 l.59: eight points to go out (bp-club: 5, 001 l.43); the
    minimum is the ruleset's own, and the message names it."""
    err = refused(ruleset, {"kind": "win", "winner": 1, "points": least - 1})
    assert err.code == "below_minimum" and f"at least {least} points" in err.message
    sheet = sheets.new_sheet({"ruleset": ruleset, "players": ["A", "B", "C", "D"]})
    assert sheets.add_line(sheet, {"kind": "win", "winner": 1, "points": least})["points"] == least


@pytest.mark.parametrize("ruleset", ["taiwanese-lrc", "taiwanese-dxb"])
def test_a_taiwanese_win_carries_at_least_its_base_point_004_l342(ruleset: str) -> None:
    """Issue 18: a Taiwanese win of 0 points was taken. The card has no minimum unless the
    table agrees one (004 l.23, the sheet's ``minimum`` switch), but the Base Point (5) is
    added to every winning hand (004 l.342), so a win is worth at least 5."""
    for points in (0, 4):
        err = refused(ruleset, {"kind": "win", "winner": 2, "points": points})
        assert err.code == "below_minimum" and "at least 5 points" in err.message
        assert "Base Point" in err.message
    sheet = sheets.new_sheet({"ruleset": ruleset, "players": ["A", "B", "C", "D"]})
    assert sheets.add_line(sheet, {"kind": "win", "winner": 2, "points": 5})["points"] == 5


def test_typed_points_and_an_entered_hand_share_the_scorers_minimum() -> None:
    """One minimum for the scorer page, an entered hand and typed points: a hand the scorer
    shows below the minimum of 8 is refused on the sheet, and so are its points typed."""
    hand = "123m456m789p234s5s5s"
    shown = sheets.score_breakdown({"ruleset": "mcr", "hand": hand})
    assert (shown["outcome"], shown["minimum"]) == ("below_minimum", 8)
    as_hand = refused("mcr", {"kind": "win", "winner": 0, "hand": hand})
    as_points = refused("mcr", {"kind": "win", "winner": 0, "points": shown["total"]})
    assert as_hand.code == as_points.code == "below_minimum"
    assert "minimum of 8" in as_hand.message and "at least 8" in as_points.message


def test_an_entered_hand_takes_flowers_and_the_situation_and_shows_its_breakdown() -> None:
    """Issue 18: a hand entered on the sheet could not take flowers nor how it was won,
    and showed no breakdown. The line keeps them and shows every fan with its points."""
    sheet = sheets.new_sheet({"ruleset": "mcr", "players": ["A", "B", "C", "D"]})
    plain = sheets.add_line(sheet, {"kind": "win", "winner": 2, "hand": "[123m2]456p789s1sEEE1s"})
    line = {"kind": "win", "winner": 1, "hand": "[123m2]456p789s1sEEE1s"}
    extra = sheets.add_line(sheet, {**line, "flowers": 2, "last_wall_tile": True})
    # Self-drawn on the last tile of the wall: Last Tile Draw 8 (002 l.154), 2 flowers.
    assert extra["flowers"] == 2 and extra["last_wall_tile"] is True
    shown = sheets.sheet_json(sheet, [plain, extra])["lines"][1]["breakdown"]
    fans = {i["id"]: i["total"] for i in shown["items"]}
    assert fans["last_tile_draw"] == 8 and fans["flower_tiles"] == 2
    assert "self_drawn" not in fans  # Last Tile Draw implies it (002 l.155)
    assert shown["total"] == extra["points"] == sum(fans.values())
    again = sheets.rebuild("mcr", ["A", "B", "C", "D"], [plain, extra])
    assert again.ignored == [] and again.sheet.scores == sheet.scores


def test_situation_fields_the_ruleset_lacks_are_refused_by_name() -> None:
    """Issue 18: Heavenly and Ting ticked under MCR were silently ignored. MCR has neither
    (Ting is Taiwanese, 004 l.24; the Heavenly Hand is on the Taiwanese card, 004 l.334):
    the scorer and the sheet refuse them, naming them; Taiwanese takes them."""
    body = {"ruleset": "mcr", "hand": "123m456m789p234s5s5s", "heavenly": True, "ting": True}
    with pytest.raises(Refusal) as err:
        sheets.score_breakdown(body)
    assert err.value.code == "not_in_ruleset"
    assert err.value.message.startswith("heavenly, ting: mcr has no such situation")
    line = {"kind": "win", "winner": 0, "hand": "[123m2]456p789s1sEEE1s", "ting": True}
    assert refused("mcr", line).code == "not_in_ruleset"
    flowers = {"kind": "win", "winner": 0, "hand": "[123m2]456p789s1sEEE1s", "flowers": 1}
    assert "flowers" in refused("botzone", flowers).message  # no flowers in its set
    # Sent at its default, a field asks nothing: the page may send every box it has.
    assert sheets.score_breakdown({**body, "heavenly": False, "ting": False})["minimum"] == 8
    tw = sheets.score_breakdown({"ruleset": "taiwanese-dxb", "hand": TAIWANESE, "ting": True})
    assert "calling" in {i["id"] for i in tw["items"]}


TAIWANESE = "[123m2]456m789p234s555sEE"


def test_flowers_written_in_the_hand_and_given_again_are_refused() -> None:
    """Issue 18: flowers entered both as tiles and as a count were taken without a word.
    Given once they count; given twice, even agreeing, the scorer and the sheet refuse
    (as ``mahjongkit score --flowers`` does): which one was meant is not for us to guess."""
    hand = "12f[123m2]456p789s1sEEE1s"
    for flowers in (2, 3, "1f2f"):
        with pytest.raises(Refusal) as err:
            sheets.score_breakdown({"ruleset": "mcr", "hand": hand, "flowers": flowers})
        assert err.value.code == "flowers_twice" and "12f" in err.value.message
        line = {"kind": "win", "winner": 0, "hand": hand, "flowers": flowers}
        assert refused("mcr", line).code == "flowers_twice"
    once = sheets.score_breakdown({"ruleset": "mcr", "hand": hand})
    assert {i["id"]: i["total"] for i in once["items"]}["flower_tiles"] == 2


def test_typed_points_take_no_situation() -> None:
    """How a hand was won goes with an entered hand: with typed points it would be
    stored and never read."""
    err = refused("mcr", {"kind": "win", "winner": 0, "points": 9, "flowers": 1})
    assert err.code == "invalid_field" and "flowers" in err.message
