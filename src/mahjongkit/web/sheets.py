"""The scorer page's breakdowns and the club scoresheet's lines, as the API takes them.

A stored scoresheet is its ruleset, its four names, its lines as entered and its owner
token's digest; the sheet (`mahjongkit.money.scoresheet.Scoresheet`) is rebuilt from them,
so undo is dropping the last line. What the pages send is read by the models of
`mahjongkit.web.models` (bounded, strictly typed) before it reaches the sheet.

>>> sheet = new_sheet({"ruleset": "mcr", "players": ["A", "B", "C", "D"]})
>>> entry = add_line(sheet, {"kind": "win", "winner": 1, "discarder": 3, "points": 12})
>>> sheet_json(sheet, [entry])["scores"]
[-8, 36, -8, -20]
>>> add_line(sheet, {"kind": "win", "winner": 0, "hand": "[123m2]456p789s1sEEE1s"})["points"]
13
>>> add_line(sheet, {"kind": "win", "winner": 0, "points": 10**4300})
Traceback (most recent call last):
...
mahjongkit.web.models.Refusal: win.points: Input should be less than or equal to 1000000
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from mahjongkit.errors import MahjongError
from mahjongkit.game.match import points_of
from mahjongkit.hand import Hand
from mahjongkit.money.penalties import Effect, Penalty
from mahjongkit.money.rotation import Deal
from mahjongkit.money.scoresheet import (
    BelowMinimumError,
    Scoresheet,
    ScoresheetError,
    least_points,
)
from mahjongkit.money.settlement import PLAYERS, Payment, Reason, Win, balances
from mahjongkit.notation import format_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, Situation, score
from mahjongkit.scoring.fields import not_in_ruleset, situation_fields
from mahjongkit.web.hanzi import item_names
from mahjongkit.web.models import (
    SCORE_REQUEST,
    SHEET_LINE,
    SHEET_REQUEST,
    FalseWinLine,
    PenaltyLine,
    Refusal,
    ScoreRequest,
    SheetRequest,
    WinLine,
    check,
)


def score_breakdown(body: Any) -> dict[str, Any]:
    """The scorer page: ``hand`` in notation, ``ruleset`` and situation fields
    (`models.ScoreRequest`)."""
    request = body if isinstance(body, ScoreRequest) else check(SCORE_REQUEST, body)
    if not request.hand:
        raise ValueError("type a hand, e.g. [123m2]456p789s1sEEE1s")
    return breakdown(entered_hand(request.hand, request.situation(), get_ruleset(request.ruleset)))


def entered_hand(hand: str, fields: dict[str, Any], rules: Ruleset) -> Score:
    """A hand in notation scored with how it was won: the one reading of an entered hand,
    for the scorer page and the scoresheet alike. Refused (`Refusal`): a situation field
    the ruleset does not have (``not_in_ruleset``: Heavenly Hand under MCR is not ignored),
    flowers written in the hand and given again (``flowers_twice``); a hand or situation
    the rules refuse raises the scorer's `MahjongError`.

    >>> entered_hand("[123m2]456p789s1sEEE1s", {"heavenly": True}, get_ruleset("mcr"))
    Traceback (most recent call last):
    ...
    mahjongkit.web.models.Refusal: heavenly: mcr has no such situation; it asks only self_drawn, ...
    """
    foreign = not_in_ruleset(fields, rules)
    if foreign:
        raise Refusal(
            "not_in_ruleset",
            f"{', '.join(foreign)}: {rules.name} has no such situation; it asks only "
            + ", ".join(situation_fields(rules)),
        )
    parsed = Hand.parse(hand, size=rules.hand_size)
    if parsed.flowers and fields.get("flowers"):
        raise Refusal(
            "flowers_twice",
            f"flowers are written in the hand ({format_tiles(parsed.flowers)}) and given "
            f"again ({fields['flowers']}): give them once",
        )
    return score(parsed, Situation.from_dict(fields), rules)


def refuse_unless_it_wins(result: Score) -> None:
    """Refuse an entered hand that the scorer page would show as no win or below the
    minimum (``not_a_win``, ``below_minimum``): the sheet takes only a qualifying win."""
    if not result.is_win:
        raise Refusal("not_a_win", f"{result.hand}: not a winning hand")
    if not result.qualifies:
        raise Refusal(
            "below_minimum",
            f"{result.hand}: below the minimum of {result.minimum} points under "
            f"{result.ruleset} ({result.total} in all, {result.total_without_flowers} "
            "without flowers)",
        )


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
    """Every item of a score with its name, Chinese name, its name in each page language
    (``names``, `hanzi.item_names`), points, count and sources, as the scorer page, the
    scoresheet and the table's result box show them."""
    return [
        {
            "id": i.id,
            "name": i.name,
            "chinese": i.chinese,
            "names": item_names(i.name, i.chinese),
            "points": i.points,
            "count": i.count,
            "total": i.total,
            "sources": list(i.sources),
            "flower": i.is_flower,
        }
        for i in result.items
    ]


def new_sheet(body: Any) -> Scoresheet:
    """An empty sheet from ``ruleset`` and four ``players`` names (`models.SheetRequest`)."""
    request = body if isinstance(body, SheetRequest) else check(SHEET_REQUEST, body)
    return Scoresheet(get_ruleset(request.ruleset).name, list(request.players))


@dataclass(frozen=True, slots=True)
class Rebuilt:
    """A stored sheet rebuilt: the sheet, the lines it was rebuilt from, and the stored
    lines left out, each as ``{"line": n, "reason": ...}`` (n counts from 1)."""

    sheet: Scoresheet
    lines: list[dict[str, Any]]
    ignored: list[dict[str, Any]]


def rebuild(ruleset: str, players: list[str], lines: list[dict[str, Any]]) -> Rebuilt:
    """The sheet from its stored lines. A stored line the sheet cannot take now (a number
    out of bounds, stored before lines were bounded; a line after the game's end) is left
    out and named in ``ignored``, so the rest of the sheet still reads and exports."""
    sheet = Scoresheet(ruleset, players)
    kept: list[dict[str, Any]] = []
    ignored: list[dict[str, Any]] = []
    for number, entry in enumerate(lines, 1):
        try:
            line = check(SHEET_LINE, entry)
            if isinstance(line, WinLine) and line.points is None:
                raise ScoresheetError("a stored win has no points")
            _apply(sheet, line.model_dump())
        except (MahjongError, Refusal) as err:
            ignored.append({"line": number, "reason": str(err)})
            continue
        kept.append(entry)
    return Rebuilt(sheet, kept, ignored)


def add_line(sheet: Scoresheet, body: Any) -> dict[str, Any]:
    """Add the line the scoresheet page sent (`models.Line`); returns it as stored (a win's
    hand scored into its points, with how it was won). Typed points and an entered hand
    are held to the same minimum (`ScoringRules.minimum_for`): ``below_minimum``."""
    line = body if isinstance(body, BaseModel) else check(SHEET_LINE, body)
    entry: dict[str, Any]
    if isinstance(line, WinLine):
        entry = {"kind": "win", "winner": line.winner, "discarder": line.discarder}
        if line.hand:
            entry["hand"] = line.hand
            entry.update(line.situation())
            if sheet.deal is None:
                raise ScoresheetError("the game is over: its four rounds are played")
            result = hand_score(sheet.ruleset, sheet.deal, entry)
            refuse_unless_it_wins(result)
            entry["points"] = points_of(result)
        else:
            assert line.points is not None
            try:
                sheet.check_points(line.points)
            except BelowMinimumError as err:
                raise Refusal("below_minimum", str(err)) from None
            entry["points"] = line.points
    elif isinstance(line, PenaltyLine):
        entry = {
            "kind": "penalty",
            "offender": line.offender,
            "points": line.points,
            "reason": line.reason or "penalty",
        }
    elif isinstance(line, FalseWinLine):
        entry = {"kind": "false_win", "offender": line.offender}
    else:
        entry = {"kind": "draw"}
    _apply(sheet, entry)
    return entry


def new_token() -> str:
    """A new sheet's owner token: its holder may add lines and undo."""
    return secrets.token_urlsafe(24)


def token_digest(token: str) -> str:
    """What is stored of an owner token: its SHA-256, so the database alone cannot write.

    >>> len(token_digest("abc")), token_digest("abc") == token_digest("abc")
    (64, True)
    """
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def holds(digest: str | None, token: str) -> bool:
    """Whether ``token`` is the one stored as ``digest`` (compared in constant time)."""
    return digest is not None and hmac.compare_digest(digest, token_digest(token))


def hand_score(rules: Ruleset, deal: Deal, entry: dict[str, Any]) -> Score:
    """A stored win's entered hand scored as it was won in its deal: self-drawn when no one
    discarded, the winner's seat and the prevalent wind, the dealer and his streak from
    the sheet; the rest as the line gives it (`entered_hand`)."""
    winner, discarder = entry["winner"], entry.get("discarder")
    given = {k: v for k, v in entry.items() if k not in _NOT_SITUATION}
    drawn = [k for k in ("kong_replacement", "flower_replacement") if given.get(k)]
    if drawn and discarder is not None:
        raise Refusal(
            "refused",
            f"{', '.join(drawn)}: the winning tile was drawn, so no one discarded it "
            "(leave From as self-drawn)",
        )
    fields = {
        **given,
        "self_drawn": discarder is None and not drawn,
        "seat_wind": deal.seat_of(winner),
        "prevalent_wind": deal.prevalent,
        "dealer": deal.seat_of(winner) == 0,
        "discarder_is_dealer": discarder is not None and deal.seat_of(discarder) == 0,
        "dealer_streak": deal.dealer_streak,
    }
    asked = set(situation_fields(rules))
    fields = {k: v for k, v in fields.items() if k in asked or k in given}
    return entered_hand(entry["hand"], fields, rules)


_NOT_SITUATION = frozenset({"kind", "winner", "discarder", "hand", "points", "lines_seen"})


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
    except (KeyError, TypeError, ValueError) as err:
        raise ScoresheetError(f"a malformed line: {err}") from None


def sheet_json(sheet: Scoresheet, lines: list[dict[str, Any]]) -> dict[str, Any]:
    """The sheet as the page shows it: every line with its net money (and an entered
    hand's breakdown), totals, the deal, the situation fields its ruleset asks, the unit
    its hands' points are counted in (`ScoringRules.unit`) and the least points a win may
    be typed with now."""
    data = sheet.to_json()
    for shown, line, entry in zip(data["lines"], sheet.lines, lines, strict=True):
        shown["entry"] = entry
        shown["net"] = list(balances(line.payments)[:PLAYERS])
        if entry.get("kind") == "win" and entry.get("hand"):
            shown["breakdown"] = _stored_breakdown(sheet.ruleset, line.deal, entry)
    data["over"] = sheet.over
    data["round"] = sheet.deal.label() if sheet.deal else None
    data["dealer"] = sheet.deal.dealer if sheet.deal else None
    data["hand"] = sheet.deal.number + 1 if sheet.deal else None
    data["situation_fields"] = list(situation_fields(sheet.ruleset))
    data["unit"] = sheet.ruleset.scoring.unit
    data["least_points"] = (
        least_points(sheet.ruleset, sheet.deal.prevalent_wind) if sheet.deal else None
    )
    return data


def _stored_breakdown(rules: Ruleset, deal: Deal, entry: dict[str, Any]) -> dict[str, Any] | None:
    """A stored hand's breakdown, scored again; ``None`` for a hand stored before a rule it
    now breaks (the line keeps its stored points)."""
    try:
        return breakdown(hand_score(rules, deal, entry))
    except (MahjongError, Refusal):
        return None


__all__ = [
    "Rebuilt",
    "add_line",
    "breakdown",
    "entered_hand",
    "hand_score",
    "holds",
    "new_sheet",
    "new_token",
    "rebuild",
    "refuse_unless_it_wins",
    "score_breakdown",
    "sheet_json",
    "token_digest",
]
