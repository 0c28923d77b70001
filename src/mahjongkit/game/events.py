"""What happened in a hand: frozen events with a notation and a stable integer index.

Every event has a kind, a seat (0 East/dealer .. 3 North, -1 for the table), a tile (-1
for none) and a small ``detail`` whose meaning the kind gives. The index packs all four,
so ``Event.from_index(e.to_index()) == e``.

>>> e = Event(EventKind.PUNG, 2, 13, 0)
>>> str(e), Event.from_index(e.to_index()) == e
('W pung 5p from E', True)
>>> str(Event(EventKind.DRAW, 1, 34, DRAW_KONG))
'S draw 1f (kong replacement)'

`Event.parse` reads that text back (a hidden tile is written ``?``), so a record can
store its events as words (`mahjongkit.game.record`):

>>> Event.parse("W pung 5p from E") == e, Event.parse("N draw ?")
(True, Event(kind=<EventKind.DRAW: 'draw'>, seat=3, tile=-1, detail=0))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from mahjongkit.errors import InvalidNotationError
from mahjongkit.tiles import NAMES, Tile, parse_tile

SEAT_NAMES = "ESWN"


class EventKind(Enum):
    """The kinds of event, in index order (never reorder: indexes are stable)."""

    DEAL = "deal"
    """``seat`` is dealt ``tile`` (private to the seat)."""
    DRAW = "draw"
    """``seat`` draws ``tile`` (private); detail: `DRAW_WALL`, `DRAW_KONG`, `DRAW_FLOWER`."""
    FLOWER = "flower"
    """``seat`` exposes the flower ``tile``."""
    DISCARD = "discard"
    """``seat`` discards ``tile``; detail 1 when declaring Ting with it."""
    CHOW = "chow"
    """``seat`` claims ``tile`` for a chow; detail: the claimed tile's place in it (0..2)."""
    PUNG = "pung"
    """``seat`` claims ``tile`` for a pung; detail: the discarder's seat."""
    KONG = "kong"
    """``seat`` claims ``tile`` for a kong; detail: the discarder's seat."""
    CONCEALED_KONG = "concealed-kong"
    """``seat`` declares a concealed kong of ``tile`` (the tile is hidden from the others)."""
    PROMOTED_KONG = "promoted-kong"
    """``seat`` adds ``tile`` to its exposed pung (it may still be robbed)."""
    WIN = "win"
    """``seat`` wins on ``tile``; detail: the discarder (the seat itself when self-drawn),
    plus `ROBBED` when robbing a kong."""
    FALSE_WIN = "false-win"
    """``seat`` declared a win it does not have; detail: index in `FALSE_WIN` effects."""
    INVALID_CLAIM = "invalid-claim"
    """``seat`` claimed ``tile`` for a meld it cannot make and forfeits its win (seed 001
    line 52); detail: 0 chow, 1 pung, 2 kong."""
    EXHAUSTIVE_DRAW = "exhaustive-draw"
    """The hand ends without a winner; detail: `END_WALL` or `END_REPLACEMENT`."""
    ILLEGAL_ACTION = "illegal-action"
    """``seat`` took an action it may not take, where the table makes that an offence that
    ends the hand (`PlayRules.illegal_action`, the Botzone judge main.cpp l.72-88);
    ``tile`` is the action's tile, detail the index of its kind in `ACTION_KINDS`."""


DRAW_WALL, DRAW_KONG, DRAW_FLOWER = 0, 1, 2
ROBBED = 4
END_WALL, END_REPLACEMENT = 0, 1
FALSE_WIN_EFFECTS = ("continue", "disqualify", "void", "end")
ACTION_KINDS = (
    "discard",
    "ting",
    "chow",
    "pung",
    "kong",
    "concealed-kong",
    "promoted-kong",
    "win",
    "pass",
)
"""The action kinds by the index an `ILLEGAL_ACTION` event's detail gives (the order of
`mahjongkit.game.actions.ActionKind`)."""

_KINDS = tuple(EventKind)
_KIND_INDEX = {k: i for i, k in enumerate(_KINDS)}
_DRAW_SOURCES = ("", " (kong replacement)", " (flower replacement)")
_CLAIMS = ("chow", "pung", "kong")


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened. See `EventKind` for what ``tile`` and ``detail`` mean."""

    kind: EventKind
    seat: int
    tile: int = -1
    detail: int = 0

    def to_index(self) -> int:
        """The stable integer of this event."""
        return ((_KIND_INDEX[self.kind] * 5 + self.seat + 1) * 43 + self.tile + 1) * 16 + (
            self.detail
        )

    @classmethod
    def from_index(cls, index: int) -> Event:
        """The event with this integer."""
        rest, detail = divmod(index, 16)
        rest, tile = divmod(rest, 43)
        kind, seat = divmod(rest, 5)
        if not 0 <= kind < len(_KINDS) or index < 0:
            raise InvalidNotationError("no event has this index", str(index))
        return cls(_KINDS[kind], seat - 1, tile - 1, detail)

    @property
    def public(self) -> bool:
        """False for events whose tile only their seat sees (deal, draw, concealed kong)."""
        return self.kind not in _PRIVATE

    def seen_by(self, seat: int) -> Event:
        """This event as ``seat`` sees it: another seat's private tile is hidden (-1)."""
        if self.seat == seat or self.kind not in _PRIVATE:
            return self
        return Event(self.kind, self.seat, -1, self.detail)

    def __str__(self) -> str:
        who = SEAT_NAMES[self.seat] if self.seat >= 0 else "table"
        tile = NAMES[self.tile] if self.tile >= 0 else "?"
        k = self.kind
        if k is EventKind.DRAW:
            source = _DRAW_SOURCES[self.detail] if self.detail < 3 else f" ({self.detail})"
            return f"{who} draw {tile}{source}"
        if k is EventKind.DISCARD:
            return f"{who} discard {tile}" + (" ting" if self.detail else "")
        if k is EventKind.CHOW:
            return f"{who} chow {tile} ({self.detail + 1} of 3)"
        if k in (EventKind.PUNG, EventKind.KONG):
            return f"{who} {k.value} {tile} from {SEAT_NAMES[self.detail & 3]}"
        if k is EventKind.WIN:
            giver = self.detail & 3
            how = "self-drawn" if giver == self.seat else f"from {SEAT_NAMES[giver]}"
            robbed = ", robbing the kong" if self.detail & ROBBED else ""
            return f"{who} win {tile} {how}{robbed}"
        if k is EventKind.FALSE_WIN:
            return f"{who} false-win ({FALSE_WIN_EFFECTS[self.detail % len(FALSE_WIN_EFFECTS)]})"
        if k is EventKind.ILLEGAL_ACTION:
            what = ACTION_KINDS[self.detail % len(ACTION_KINDS)]
            return f"{who} illegal-action {what}" + (f" {tile}" if self.tile >= 0 else "")
        if k is EventKind.INVALID_CLAIM:
            return f"{who} invalid-claim {_CLAIMS[self.detail % 3]} {tile}"
        if k is EventKind.EXHAUSTIVE_DRAW:
            return "table exhaustive-draw" + (" (replacement needed)" if self.detail else "")
        return f"{who} {k.value} {tile}"

    @classmethod
    def parse(cls, text: str) -> Event:
        """The event written as `str` writes it: ``E discard 5m``, ``S win 3p from E``,
        ``table exhaustive-draw``; a tile hidden from the reader is ``?``. Only that
        exact text is read (``InvalidNotationError`` otherwise), so ``str`` and ``parse``
        round-trip.

        >>> str(Event.parse("N win 5m from E, robbing the kong"))
        'N win 5m from E, robbing the kong'
        >>> Event.parse("E win 5m")
        Traceback (most recent call last):
        ...
        mahjongkit.errors.InvalidNotationError: not a win event at position 6 in 'E win 5m'
        """
        who, _, rest = text.partition(" ")
        name, _, rest = rest.partition(" ")
        if who == "table":
            seat = -1
        elif len(who) == 1 and who in SEAT_NAMES:
            seat = SEAT_NAMES.index(who)
        else:
            raise InvalidNotationError("an event starts with its seat (E S W N) or 'table'", text)
        kind = _BY_NAME.get(name)
        if kind is None:
            raise InvalidNotationError(f"no event is called {name!r}", text, len(who) + 1)
        try:
            tile, detail = _READ[kind](rest, seat)
        except (InvalidNotationError, ValueError, IndexError):
            raise InvalidNotationError(
                f"not a {kind.value} event", text, len(who) + len(name) + 2
            ) from None
        event = cls(kind, seat, tile, detail)
        written = str(event)
        if written != text:
            raise InvalidNotationError(f"not an event as written (read as {written!r})", text)
        return event


def _tile(word: str) -> Tile:
    """A tile of an event's text: its name, or ``?`` where it is hidden (-1)."""
    return -1 if word == "?" else parse_tile(word)


def _seat(word: str) -> int:
    """A seat of an event's text: E S W N."""
    if len(word) != 1 or word not in SEAT_NAMES:
        raise ValueError(f"not a seat: {word!r}")
    return SEAT_NAMES.index(word)


def _read_tile(rest: str, seat: int) -> tuple[Tile, int]:
    return _tile(rest), 0


def _read_draw(rest: str, seat: int) -> tuple[Tile, int]:
    tile, _, source = rest.partition(" ")
    if not source:
        return _tile(tile), 0
    return _tile(tile), _DRAW_SOURCES.index(f" {source}")


def _read_discard(rest: str, seat: int) -> tuple[Tile, int]:
    tile, _, ting = rest.partition(" ")
    return _tile(tile), 1 if ting else 0


def _read_chow(rest: str, seat: int) -> tuple[Tile, int]:
    tile, _, place = rest.partition(" ")
    return _tile(tile), _CHOW_PLACES.index(place)


def _read_claim(rest: str, seat: int) -> tuple[Tile, int]:
    tile, _, giver = rest.partition(" from ")
    return _tile(tile), _seat(giver)


def _read_win(rest: str, seat: int) -> tuple[Tile, int]:
    tile, _, how = rest.partition(" ")
    how, robbed, _ = how.partition(", robbing the kong")
    giver = seat if how == "self-drawn" else _seat(how.removeprefix("from "))
    return _tile(tile), giver | (ROBBED if robbed else 0)


def _read_false_win(rest: str, seat: int) -> tuple[Tile, int]:
    return -1, FALSE_WIN_EFFECTS.index(rest.removeprefix("(").removesuffix(")"))


def _read_invalid_claim(rest: str, seat: int) -> tuple[Tile, int]:
    claim, _, tile = rest.partition(" ")
    return _tile(tile), _CLAIMS.index(claim)


def _read_exhaustive_draw(rest: str, seat: int) -> tuple[Tile, int]:
    return -1, 1 if rest else 0


def _read_illegal_action(rest: str, seat: int) -> tuple[Tile, int]:
    what, _, tile = rest.partition(" ")
    return (_tile(tile) if tile else -1), ACTION_KINDS.index(what)


_BY_NAME = {k.value: k for k in EventKind}
_CHOW_PLACES = ("(1 of 3)", "(2 of 3)", "(3 of 3)")
_READ: dict[EventKind, Callable[[str, int], tuple[Tile, int]]] = {
    EventKind.DEAL: _read_tile,
    EventKind.DRAW: _read_draw,
    EventKind.FLOWER: _read_tile,
    EventKind.DISCARD: _read_discard,
    EventKind.CHOW: _read_chow,
    EventKind.PUNG: _read_claim,
    EventKind.KONG: _read_claim,
    EventKind.CONCEALED_KONG: _read_tile,
    EventKind.PROMOTED_KONG: _read_tile,
    EventKind.WIN: _read_win,
    EventKind.FALSE_WIN: _read_false_win,
    EventKind.INVALID_CLAIM: _read_invalid_claim,
    EventKind.EXHAUSTIVE_DRAW: _read_exhaustive_draw,
    EventKind.ILLEGAL_ACTION: _read_illegal_action,
}
"""How the text after an event's kind gives its tile and detail (the seat given too)."""


_PRIVATE = frozenset({EventKind.DEAL, EventKind.DRAW, EventKind.CONCEALED_KONG})


def interned(kind: EventKind) -> Callable[[int, int, int], Event]:
    """A maker of ``kind`` events that hands back one shared instance per value: events
    are frozen, so sharing them is safe, and the engine makes one at every step.

    >>> deal = interned(EventKind.DEAL)
    >>> deal(1, 5, 0) is deal(1, 5, 0), deal(1, 5, 0) == Event(EventKind.DEAL, 1, 5)
    (True, True)
    """
    made: dict[int, Event] = {}

    def make(seat: int, tile: int, detail: int) -> Event:
        key = ((seat + 1) * 43 + tile + 1) * 64 + detail
        event = made.get(key)
        if event is None:
            event = Event(kind, seat, tile, detail)
            if 0 <= detail < 64:
                made[key] = event
        return event

    return make


__all__ = [
    "ACTION_KINDS",
    "DRAW_FLOWER",
    "DRAW_KONG",
    "DRAW_WALL",
    "END_REPLACEMENT",
    "END_WALL",
    "FALSE_WIN_EFFECTS",
    "ROBBED",
    "SEAT_NAMES",
    "Event",
    "EventKind",
    "interned",
]
