"""The scorer page's breakdowns and the club scoresheet's lines, as the API takes them.

A stored scoresheet is its ruleset, its four names and its lines as entered; the sheet
(`mahjongkit.money.scoresheet.Scoresheet`) is rebuilt from them, so undo is dropping the
last line.

>>> sheet = new_sheet({"ruleset": "mcr", "players": ["A", "B", "C", "D"]})
>>> entry = add_line(sheet, {"kind": "win", "winner": 1, "discarder": 3, "points": 12})
>>> sheet_json(sheet, [entry])["scores"]
[-8, 36, -8, -20]
>>> add_line(sheet, {"kind": "win", "winner": 0, "hand": "[123m2]456p789s1sEEE1s",
...                  "self_drawn": True})["points"]
13
"""

from __future__ import annotations

from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.match import points_of
from mahjongkit.hand import Hand
from mahjongkit.money.penalties import Effect, Penalty
from mahjongkit.money.scoresheet import Scoresheet, ScoresheetError
from mahjongkit.money.settlement import PLAYERS, Payment, Reason, Win, balances
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Score, Situation, score
from mahjongkit.tiles import EAST


def score_breakdown(body: dict[str, Any]) -> dict[str, Any]:
    """The scorer page: ``hand`` in notation, ``ruleset`` and situation fields."""
    hand = body.get("hand")
    if not isinstance(hand, str) or not hand.strip():
        raise ValueError("type a hand, e.g. [123m2]456p789s1sEEE1s")
    rules = get_ruleset(str(body.get("ruleset", "mcr")))
    situation = Situation.from_dict({k: v for k, v in body.items() if k not in ("hand", "ruleset")})
    return breakdown(score(Hand.parse(hand.strip(), size=rules.hand_size), situation, rules))


def breakdown(result: Score) -> dict[str, Any]:
    """A score with every item's name, Chinese name, points, count and sources."""
    return {
        "ruleset": result.ruleset,
        "hand": str(result.hand),
        "outcome": result.outcome.value,
        "qualifies": result.qualifies,
        "total": result.total,
        "total_without_flowers": result.total_without_flowers,
        "minimum": result.minimum,
        "notes": list(result.notes),
        "items": items_json(result),
    }


def items_json(result: Score) -> list[dict[str, Any]]:
    """Every item of a score with its name, Chinese name, points, count and sources, as the
    scorer page, the scoresheet and the table's result box show them."""
    return [
        {
            "id": i.id,
            "name": i.name,
            "chinese": i.chinese,
            "points": i.points,
            "count": i.count,
            "total": i.total,
            "sources": list(i.sources),
            "flower": i.is_flower,
        }
        for i in result.items
    ]


def new_sheet(body: dict[str, Any]) -> Scoresheet:
    """An empty sheet from ``ruleset`` and four ``players`` names."""
    players = body.get("players")
    if not isinstance(players, list) or len(players) != PLAYERS:
        raise ScoresheetError("a scoresheet needs four player names")
    names = [str(p).strip()[:24] for p in players]
    if any(not n for n in names):
        raise ScoresheetError("every player needs a name")
    return Scoresheet(get_ruleset(str(body.get("ruleset", "mcr"))).name, names)


def rebuild(ruleset: str, players: list[str], lines: list[dict[str, Any]]) -> Scoresheet:
    """The sheet from its stored lines."""
    sheet = Scoresheet(ruleset, players)
    for entry in lines:
        _apply(sheet, entry)
    return sheet


def _player(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < PLAYERS:
        raise ScoresheetError(f"{what} must be a player 0..3, not {value!r}")
    return value


def add_line(sheet: Scoresheet, body: dict[str, Any]) -> dict[str, Any]:
    """Add the line the scoresheet page sent; returns it as stored (a win's hand scored
    into its points)."""
    kind = body.get("kind")
    entry: dict[str, Any]
    if kind == "win":
        winner = _player(body.get("winner"), "the winner")
        discarder = body.get("discarder")
        if discarder is not None:
            discarder = _player(discarder, "the discarder")
        entry = {"kind": "win", "winner": winner, "discarder": discarder}
        hand = body.get("hand")
        if isinstance(hand, str) and hand.strip():
            entry["hand"] = hand.strip()
            entry["points"] = _hand_points(sheet, entry["hand"], winner, discarder)
        else:
            points = body.get("points")
            if isinstance(points, bool) or not isinstance(points, int) or points < 0:
                raise ScoresheetError("a win needs its points (a whole number) or its hand")
            entry["points"] = points
    elif kind == "draw":
        entry = {"kind": "draw"}
    elif kind == "false_win":
        entry = {"kind": "false_win", "offender": _player(body.get("offender"), "the offender")}
    elif kind == "penalty":
        amount = body.get("points")
        if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
            raise ScoresheetError("a penalty needs its points to each other player (above 0)")
        entry = {
            "kind": "penalty",
            "offender": _player(body.get("offender"), "the offender"),
            "points": amount,
            "reason": str(body.get("reason") or "penalty")[:60],
        }
    else:
        raise ScoresheetError(f"unknown line kind {kind!r}: win, draw, false_win or penalty")
    _apply(sheet, entry)
    return entry


def _hand_points(sheet: Scoresheet, hand: str, winner: int, discarder: int | None) -> int:
    deal = sheet.deal
    if deal is None:
        raise ScoresheetError("the game is over: its four rounds are played")
    situation = Situation(
        self_drawn=discarder is None,
        seat_wind=EAST + deal.seat_of(winner),
        prevalent_wind=deal.prevalent_wind,
        dealer=deal.seat_of(winner) == 0,
        discarder_is_dealer=discarder is not None and deal.seat_of(discarder) == 0,
        dealer_streak=deal.dealer_streak,
    )
    result = score(Hand.parse(hand, size=sheet.ruleset.hand_size), situation, sheet.ruleset)
    if not result.qualifies:
        why = "not a winning hand" if not result.is_win else "below the minimum"
        raise ScoresheetError(f"{hand}: {why} ({result.total} points)")
    return points_of(result)


def _apply(sheet: Scoresheet, entry: dict[str, Any]) -> None:
    kind = entry["kind"]
    try:
        if kind == "win":
            sheet.win(Win(entry["winner"], entry["points"], entry["discarder"]))
        elif kind == "draw":
            sheet.draw()
        elif kind == "false_win":
            sheet.false_win(entry["offender"])
        elif kind == "penalty":
            offender = entry["offender"]
            payments = tuple(
                Payment(offender, p, entry["points"], Reason.PENALTY)
                for p in range(PLAYERS)
                if p != offender
            )
            sheet.penalty(Penalty(offender, entry["reason"], Effect.NONE, payments))
    except MahjongError:
        raise
    except (KeyError, TypeError) as err:
        raise ScoresheetError(f"a malformed line: {err}") from None


def sheet_json(sheet: Scoresheet, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet as the page shows it: every line with its net money, totals, the deal."""
    data = sheet.to_json()
    for shown, line, entry in zip(data["lines"], sheet.lines, lines, strict=True):
        shown["entry"] = entry
        shown["net"] = list(balances(line.payments)[:PLAYERS])
    data["over"] = sheet.over
    data["round"] = sheet.deal.label() if sheet.deal else None
    data["dealer"] = sheet.deal.dealer if sheet.deal else None
    data["hand"] = sheet.deal.number + 1 if sheet.deal else None
    return data


__all__ = ["add_line", "breakdown", "new_sheet", "rebuild", "score_breakdown", "sheet_json"]
