"""What happened in a hand: frozen events with a notation and a stable integer index.

Every event has a kind, a seat (0 East/dealer .. 3 North, -1 for the table), a tile (-1
for none) and a small ``detail`` whose meaning the kind gives. The index packs all four,
so ``Event.from_index(e.to_index()) == e``.

>>> e = Event(EventKind.PUNG, 2, 13, 0)
>>> str(e), Event.from_index(e.to_index()) == e
('W pung 5p from E', True)
>>> str(Event(EventKind.DRAW, 1, 34, DRAW_KONG))
'S draw 1f (kong replacement)'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from mahjongkit.errors import InvalidNotationError
from mahjongkit.tiles import NAMES

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
