"""The scoresheet API's line bodies as the scoresheet page shows them."""

from __future__ import annotations

from mahjongkit.web import sheets


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
