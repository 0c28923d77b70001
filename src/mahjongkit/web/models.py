"""What the server accepts: every request body and table message as a typed model.

Each model is strict (``"hands": 1.9`` or ``"claim_timeout": true`` is refused, never
coerced), refuses unknown fields, and bounds every number and string, so nothing a client
sends can grow past what the server stores, scores or writes back. Text is parsed by
Pydantic's own JSON reader, which refuses deep nesting, numbers out of range and lone
surrogates as invalid JSON rather than raising.

`parse` reads a body or a message into its model; what it refuses comes out as a
`Refusal` with a stable code and a message naming the field:

>>> parse(TABLE_REQUEST, '{"hands": 1.9}').message
'hands: Input should be a valid integer'
>>> parse(TABLE_MESSAGE, '[' * 100000).code
'invalid_json'
>>> parse(TABLE_MESSAGE, '{"type": "dance"}').code
'unknown_type'
>>> parse(TABLE_MESSAGE, '{"type": "action", "action": "discard 5m"}')
ActionMessage(type='action', action='discard 5m', index=None)
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, TypeVar

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    TypeAdapter,
    ValidationError,
    field_validator,
    model_validator,
)

from mahjongkit.bots import BOTS
from mahjongkit.game.match import HAND_LIMIT
from mahjongkit.money.settlement import PLAYERS
from mahjongkit.scoring.situation import NUMBER_RANGES

HUMAN = "human"
"""The seat kind of a person (a bot seat is a bot's name); `web.table.HUMAN` too."""

NAME_LENGTH = 24
"""The longest player name, as the lobby's and the scoresheet's fields allow."""

MAX_POINTS = 1_000_000
"""The most points a scoresheet line may carry: far above any hand of any ruleset, and
small enough that every total and export is an ordinary number."""

MAX_STREAK = NUMBER_RANGES["dealer_streak"][1]
"""The longest dealer's streak the scorer takes: the batch's and the sheet's bound, one
number (`mahjongkit.scoring.situation.NUMBER_RANGES`)."""

HAND_TEXT = 120
"""The longest hand in notation the scorer and the scoresheet take (a hand with four
kongs and eight flowers written out is under 60)."""

_PRINTABLE = r"^[^\x00-\x1f\x7f]*$"

Name = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=NAME_LENGTH, pattern=_PRINTABLE)
]
"""A player's name: up to 24 characters, no control characters, blanks stripped."""
HandText = Annotated[
    str, StringConstraints(strip_whitespace=True, max_length=HAND_TEXT, pattern=_PRINTABLE)
]
RulesetName = Annotated[str, StringConstraints(max_length=64)]
Player = Annotated[int, Field(ge=0, le=PLAYERS - 1)]
"""A table position 0..3."""
Wind = Literal["E", "S", "W", "N"] | Annotated[int, Field(ge=0, le=3)]


class _Strict(BaseModel):
    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


# -- the JSON API -----------------------------------------------------------------------
class TableRequest(_Strict):
    """``POST /api/tables``: a new table. A blank name is "Player 2", or the bot's name
    (`web.table.default_names`); ``seed`` is heeded only by a server that lets players
    choose it; ``help`` (help with your hand) is on by default at a table with bots, off
    at a table of people."""

    ruleset: RulesetName = "mcr"
    seats: list[str] | None = Field(None, min_length=PLAYERS, max_length=PLAYERS)
    names: list[Name] = Field(default_factory=list, max_length=PLAYERS)
    hands: Annotated[int, Field(ge=1, le=HAND_LIMIT)] | None = None
    claim_timeout: float | None = Field(None, ge=1, le=600, allow_inf_nan=False)
    turn_timeout: float | None = Field(None, ge=0, le=3600, allow_inf_nan=False)
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    help: bool | None = None

    @field_validator("seats")
    @classmethod
    def _known_kinds(cls, seats: list[str] | None) -> list[str] | None:
        for kind in seats or ():
            if kind != HUMAN and kind not in BOTS:
                known = ", ".join([HUMAN, *sorted(BOTS)])
                raise ValueError(f"unknown seat kind {kind[:40]!r}; known: {known}")
        return seats

    @field_validator("turn_timeout")
    @classmethod
    def _none_or_a_second(cls, seconds: float | None) -> float | None:
        if seconds is not None and 0 < seconds < 1:
            raise ValueError("the turn timeout is 1..3600 seconds, or 0 for none")
        return seconds


class ReviewRequest(_Strict):
    """``POST /api/games/<id>/reviews``: review one player's decisions in a stored game.
    ``player`` 0..3 as the table numbers them (default: the first person at the table);
    ``samples`` a decision (default and most: the server's, `Limits.review_samples` and
    `Limits.review_samples_max`)."""

    player: Player | None = None
    samples: Annotated[int, Field(ge=1, le=1000)] | None = None


class ReviewError(BaseModel):
    """Why a review failed: a stable code and a message."""

    code: str
    message: str


class ReviewStatus(BaseModel):
    """A review of a stored game, as the review page polls it: ``status`` is ``queued``,
    ``running``, ``done`` (``review`` holds it) or ``failed`` (``error`` says why);
    ``done`` of ``total`` decisions are weighed (``total`` is null until counted)."""

    game: str
    player: int
    status: Literal["queued", "running", "done", "failed"]
    samples: int
    hands: int
    """The game's finished hands the review covers."""
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: ReviewError | None = None


class HandSituation(_Strict):
    """How an entered hand was won, beyond its tiles and what a scoresheet knows of its
    deal (self-drawn, the winds, the dealer): the scorer's and the scoresheet's fields.
    Only those the ruleset has may be set (`mahjongkit.scoring.fields`)."""

    kong_replacement: bool = False
    robbing_kong: bool = False
    last_of_kind: bool = False
    last_wall_tile: bool = False
    flower_replacement: bool = False
    ting: bool = False
    heavenly: bool = False
    earthly: bool = False
    flowers: (
        Annotated[int, Field(ge=0, le=NUMBER_RANGES["flowers"][1])]
        | Annotated[str, StringConstraints(max_length=24, pattern=r"^[0-9f ]*$")]
    ) = 0
    tiles_on_table: Annotated[int, Field(ge=0, le=NUMBER_RANGES["tiles_on_table"][1])] | None = None

    def situation(self) -> dict[str, Any]:
        """The situation fields given, as `Situation.from_dict` reads them."""
        return self.model_dump(include=_SITUATION_FIELDS, exclude_unset=True)


_DEAL_FIELDS = (
    "self_drawn",
    "dealer",
    "discarder_is_dealer",
    "seat_wind",
    "prevalent_wind",
    "dealer_streak",
)
"""The situation fields a scoresheet reads from its deal and the line's discarder."""
_SITUATION_FIELDS = {*HandSituation.model_fields, *_DEAL_FIELDS}


class ScoreRequest(HandSituation):
    """``POST /api/score``: a hand in notation, its ruleset and how it was won."""

    hand: HandText = Field(min_length=1)
    ruleset: RulesetName = "mcr"
    self_drawn: bool = False
    dealer: bool | None = None
    discarder_is_dealer: bool = False
    seat_wind: Wind = "E"
    prevalent_wind: Wind = "E"
    dealer_streak: Annotated[int, Field(ge=0, le=MAX_STREAK)] = 0


class SheetRequest(_Strict):
    """``POST /api/sheets``: a new club scoresheet with its ruleset and four names."""

    ruleset: RulesetName = "mcr"
    players: list[Annotated[Name, StringConstraints(min_length=1)]] = Field(
        min_length=PLAYERS, max_length=PLAYERS
    )


class _Line(_Strict):
    lines_seen: Annotated[int, Field(ge=0, le=100_000)] | None = None
    """How many lines the sender saw on the sheet: a line sent for a sheet that has
    changed since (the same Add sent twice, another tab) is refused (``sheet_changed``)."""


class WinLine(_Line, HandSituation):
    """A win: its points, or the hand to score with how it was won (stored with both)."""

    kind: Literal["win"]
    winner: Player
    discarder: Player | None = None
    points: Annotated[int, Field(ge=0, le=MAX_POINTS)] | None = None
    hand: HandText | None = None

    @model_validator(mode="after")
    def _points_or_hand(self) -> WinLine:
        if self.points is None and not self.hand:
            raise ValueError("a win needs its points (a whole number) or its hand")
        if self.discarder == self.winner:
            raise ValueError("the winner cannot discard to themselves")
        if not self.hand:
            given = sorted(self.situation())
            if given:
                raise ValueError(
                    f"{', '.join(given)}: how the hand was won goes with an entered hand, "
                    "not with typed points"
                )
        return self


class DrawLine(_Line):
    """A hand drawn (no winner)."""

    kind: Literal["draw"]


class FalseWinLine(_Line):
    """A false win, paid by the offender under the ruleset's own penalty."""

    kind: Literal["false_win"]
    offender: Player


class PenaltyLine(_Line):
    """A flat penalty: the offender pays ``points`` to each other player."""

    kind: Literal["penalty"]
    offender: Player
    points: Annotated[int, Field(ge=1, le=MAX_POINTS)]
    reason: Annotated[
        str, StringConstraints(strip_whitespace=True, max_length=60, pattern=_PRINTABLE)
    ] = "penalty"


Line = Annotated[WinLine | DrawLine | FalseWinLine | PenaltyLine, Field(discriminator="kind")]
"""``POST /api/sheets/<id>/lines``: one line of a scoresheet (and a line as stored)."""


# -- the table's WebSocket ----------------------------------------------------------------
class ActionMessage(_Strict):
    """A player's action, in action notation or by its stable index."""

    type: Literal["action"]
    action: Annotated[str, StringConstraints(max_length=64)] | None = None
    index: Annotated[int, Field(ge=0, le=1_000_000)] | None = None

    @model_validator(mode="after")
    def _one_of(self) -> ActionMessage:
        if (self.action is None) == (self.index is None):
            raise ValueError("an action message needs 'action' (notation) or 'index', not both")
        return self


class NextMessage(_Strict):
    """Deal the next hand."""

    type: Literal["next"]


class StateMessage(_Strict):
    """Send me my view again."""

    type: Literal["state"]


class PingMessage(_Strict):
    """Are you there? (answered ``pong``)"""

    type: Literal["ping"]


Message = Annotated[
    ActionMessage | NextMessage | StateMessage | PingMessage, Field(discriminator="type")
]
"""What a player or a spectator may send on a table's socket."""

TABLE_REQUEST = TypeAdapter(TableRequest)
SCORE_REQUEST = TypeAdapter(ScoreRequest)
SHEET_REQUEST = TypeAdapter(SheetRequest)
REVIEW_REQUEST: TypeAdapter[ReviewRequest] = TypeAdapter(ReviewRequest)
SHEET_LINE: TypeAdapter[WinLine | DrawLine | FalseWinLine | PenaltyLine] = TypeAdapter(Line)
TABLE_MESSAGE: TypeAdapter[ActionMessage | NextMessage | StateMessage | PingMessage] = TypeAdapter(
    Message
)


# -- refusals -------------------------------------------------------------------------------
class Refusal(Exception):
    """Input the server refuses: a stable ``code`` and a message naming what is wrong."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message

    def __repr__(self) -> str:
        return f"Refusal({self.code!r}, {self.message!r})"

    def to_json(self) -> dict[str, str]:
        """As the API and the socket send it."""
        return {"code": self.code, "message": self.message}


def refusal(err: ValidationError) -> Refusal:
    """The refusal for what Pydantic found wrong: the first three problems, each with its
    field (``players.2``), and a code: ``invalid_json`` when the text is not JSON (or
    too deep, or a number out of range), ``unknown_type`` for a message of no known type
    or a line of no known kind, ``invalid_shape`` for a value that is not an object,
    else ``invalid_field``."""
    problems = err.errors(include_url=False, include_input=False)
    kinds = {p["type"] for p in problems}
    if "json_invalid" in kinds or "json_type" in kinds:
        return Refusal("invalid_json", f"not JSON: {problems[0]['msg']}")
    if kinds & {"union_tag_invalid", "union_tag_not_found"}:
        first = problems[0]
        key = str(first.get("ctx", {}).get("discriminator", "'type'"))
        if first["type"] == "union_tag_not_found":
            return Refusal("unknown_type", f"{key} is missing")
        return Refusal("unknown_type", first["msg"][:200])
    if all(not p["loc"] for p in problems):
        return Refusal("invalid_shape", problems[0]["msg"])
    parts = []
    for p in problems[:3]:
        where = ".".join(str(part)[:40] for part in p["loc"])
        message = p["msg"].removeprefix("Value error, ")
        parts.append(f"{where}: {message}" if where else message)
    more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
    return Refusal("invalid_field", "; ".join(parts) + more)


T = TypeVar("T")


def parse(adapter: TypeAdapter[T], text: str | bytes) -> T | Refusal:
    """``text`` read into ``adapter``'s model, or the `Refusal` saying why not."""
    try:
        return adapter.validate_json(text)
    except ValidationError as err:
        return refusal(err)


def check(adapter: TypeAdapter[T], value: Any) -> T:
    """``value`` (already parsed) as ``adapter``'s model; raises `Refusal`."""
    try:
        return adapter.validate_python(value)
    except ValidationError as err:
        raise refusal(err) from None


__all__ = [
    "MAX_POINTS",
    "NAME_LENGTH",
    "REVIEW_REQUEST",
    "SCORE_REQUEST",
    "SHEET_LINE",
    "SHEET_REQUEST",
    "TABLE_MESSAGE",
    "TABLE_REQUEST",
    "ActionMessage",
    "DrawLine",
    "FalseWinLine",
    "HandSituation",
    "Line",
    "Message",
    "NextMessage",
    "PenaltyLine",
    "PingMessage",
    "Refusal",
    "ReviewError",
    "ReviewRequest",
    "ReviewStatus",
    "ScoreRequest",
    "SheetRequest",
    "StateMessage",
    "TableRequest",
    "WinLine",
    "check",
    "parse",
    "refusal",
]
