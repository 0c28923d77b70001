"""Player actions as frozen values with a notation and a stable integer index.

The index space (`NUM_ACTIONS` slots) is fixed, for reinforcement learning and the web
protocol: discards 0..33, discards declaring Ting 34..67, chows 68..94 (by the chow's
lowest tile), pung 95 and kong 96 of the discard, concealed kongs 97..130, promoted
kongs 131..164, win 165, pass 166.

>>> a = Action.parse("chow 345m")
>>> a.kind, a.tile, a.to_index(), str(Action.from_index(a.to_index()))
(<ActionKind.CHOW: 'chow'>, 2, 70, 'chow 345m')
>>> [str(Action.from_index(i)) for i in (4, 95, 165, 166)]
['discard 5m', 'pung', 'win', 'pass']
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from mahjongkit.errors import InvalidNotationError
from mahjongkit.tiles import NAMES, NUM_KINDS, RANK, SUIT, SUITS, parse_tile


class ActionKind(Enum):
    """What a player does: on their own turn, or in answer to a discard or a kong."""

    DISCARD = "discard"
    TING = "ting"
    """Discard and declare Ting (calling), locking the concealed tiles (seed 004 line 496)."""
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"
    """Claim the discard to make a kong with three concealed tiles."""
    CONCEALED_KONG = "concealed-kong"
    PROMOTED_KONG = "promoted-kong"
    """Add a self-drawn tile to an exposed pung."""
    WIN = "win"
    """Declare a win: self-drawn on one's turn, on a discard, or robbing a kong."""
    PASS = "pass"

    __hash__ = object.__hash__
    """A kind is its one instance, hashed as such in C rather than by `Enum`'s hash of its
    name in Python: the action indexes (an environment's mask at every decision) and the
    bots' sets of actions hash kinds all the time."""


_BASE = {
    ActionKind.DISCARD: 0,
    ActionKind.TING: 34,
    ActionKind.CHOW: 68,
    ActionKind.PUNG: 95,
    ActionKind.KONG: 96,
    ActionKind.CONCEALED_KONG: 97,
    ActionKind.PROMOTED_KONG: 131,
    ActionKind.WIN: 165,
    ActionKind.PASS: 166,
}
NUM_ACTIONS = 167
_WITH_TILE = frozenset(
    {
        ActionKind.DISCARD,
        ActionKind.TING,
        ActionKind.CHOW,
        ActionKind.CONCEALED_KONG,
        ActionKind.PROMOTED_KONG,
    }
)


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``tile`` is the discarded tile, the kong's tile, or a chow's lowest
    tile; ``-1`` where the action takes the tile in play (pung, kong, win, pass)."""

    kind: ActionKind
    tile: int = -1

    def __post_init__(self) -> None:
        if self.kind in _WITH_TILE:
            if not 0 <= self.tile < NUM_KINDS:
                raise InvalidNotationError(
                    f"{self.kind.value} needs a playing tile", str(self.tile)
                )
            if self.kind is ActionKind.CHOW and (SUIT[self.tile] > 2 or RANK[self.tile] > 7):
                raise InvalidNotationError("no chow starts at this tile", NAMES[self.tile])
        elif self.tile != -1:
            raise InvalidNotationError(f"{self.kind.value} takes no tile", str(self.tile))

    def to_index(self) -> int:
        """The stable integer of this action."""
        base = _BASE[self.kind]
        return base + self.tile if self.kind in _WITH_TILE else base

    @classmethod
    def from_index(cls, index: int) -> Action:
        """The action with this integer (see the module docstring)."""
        if not 0 <= index < NUM_ACTIONS:
            raise InvalidNotationError("no action has this index", str(index))
        action = _BY_INDEX[index]
        if action is None:
            raise InvalidNotationError("no chow starts at an 8 or a 9", str(index))
        return action

    def __str__(self) -> str:
        if self.kind is ActionKind.CHOW:
            r = RANK[self.tile]
            return f"chow {r}{r + 1}{r + 2}{SUITS[SUIT[self.tile]]}"
        if self.kind in _WITH_TILE:
            return f"{self.kind.value} {NAMES[self.tile]}"
        return str(self.kind.value)

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its notation: ``discard 5m``, ``ting E``, ``chow 345m``,
        ``pung``, ``kong``, ``concealed-kong 9p``, ``promoted-kong C``, ``win``, ``pass``."""
        words = text.split()
        if not words:
            raise InvalidNotationError("empty action", text)
        try:
            kind = ActionKind(words[0].lower())
        except ValueError:
            raise InvalidNotationError("unknown action", text, 0) from None
        if kind not in _WITH_TILE:
            if len(words) != 1:
                raise InvalidNotationError(f"{kind.value} takes no tile", text)
            return _SIMPLE[kind]
        if len(words) != 2:
            raise InvalidNotationError(f"{kind.value} needs one tile", text)
        arg = words[1]
        if kind is ActionKind.CHOW:
            if len(arg) != 4 or arg[3] not in SUITS or not arg[:3].isdigit():
                raise InvalidNotationError("a chow is written like 345m", text, len(words[0]) + 1)
            a, b, c = (int(ch) for ch in arg[:3])
            if not (b == a + 1 and c == a + 2 and 1 <= a <= 7):
                raise InvalidNotationError("not a run of three", text, len(words[0]) + 1)
            return cls(kind, 9 * SUITS.index(arg[3]) + a - 1)
        try:
            tile = parse_tile(arg)
        except InvalidNotationError:
            raise InvalidNotationError("not a tile", text, len(words[0]) + 1) from None
        return cls(kind, tile)


def _index_table() -> tuple[Action | None, ...]:
    table: list[Action | None] = [None] * NUM_ACTIONS
    for kind, base in _BASE.items():
        if kind in _WITH_TILE:
            for t in range(NUM_KINDS):
                if kind is ActionKind.CHOW and (SUIT[t] > 2 or RANK[t] > 7):
                    continue
                table[base + t] = Action(kind, t)
        else:
            table[base] = Action(kind)
    return tuple(table)


_BY_INDEX = _index_table()
_SIMPLE = {k: Action(k) for k in ActionKind if k not in _WITH_TILE}

DISCARDS = tuple(Action(ActionKind.DISCARD, t) for t in range(NUM_KINDS))
TINGS = tuple(Action(ActionKind.TING, t) for t in range(NUM_KINDS))
CONCEALED_KONGS = tuple(Action(ActionKind.CONCEALED_KONG, t) for t in range(NUM_KINDS))
PROMOTED_KONGS = tuple(Action(ActionKind.PROMOTED_KONG, t) for t in range(NUM_KINDS))
CHOWS = {t: Action(ActionKind.CHOW, t) for t in range(27) if RANK[t] <= 7}
PUNG = _SIMPLE[ActionKind.PUNG]
KONG = _SIMPLE[ActionKind.KONG]
WIN = _SIMPLE[ActionKind.WIN]
PASS = _SIMPLE[ActionKind.PASS]

__all__ = [
    "CHOWS",
    "CONCEALED_KONGS",
    "DISCARDS",
    "KONG",
    "NUM_ACTIONS",
    "PASS",
    "PROMOTED_KONGS",
    "PUNG",
    "TINGS",
    "WIN",
    "Action",
    "ActionKind",
]
