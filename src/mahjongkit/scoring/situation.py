"""The circumstances of a win that the tiles alone do not show.

Field names are those of the score-case JSON (see ``docs/score-cases.md``): a case line
is a hand in notation plus these fields.

>>> s = Situation.from_dict({"self_drawn": True, "seat_wind": "S", "flowers": "1f6f"})
>>> s.self_drawn, tile_name(s.seat_wind), s.flower_count
(True, 'S', 2)
>>> Situation.from_dict({"self_drawn": "yes"})
Traceback (most recent call last):
...
mahjongkit.errors.InvalidSituationError: self_drawn must be true or false, not 'yes'

The dealer sits East (seed 004 line 320): one follows from the other.

>>> Situation().is_dealer, Situation.from_dict({"seat_wind": "S"}).is_dealer
(True, False)
>>> tile_name(Situation.from_dict({"dealer": True}).seat_wind)
'E'
>>> Situation.from_dict({"seat_wind": "S", "dealer": True})
Traceback (most recent call last):
...
mahjongkit.errors.InvalidSituationError: dealer is true but seat_wind is S: ...
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from mahjongkit.errors import InvalidNotationError, InvalidSituationError
from mahjongkit.inputs import shown, whole_number
from mahjongkit.notation import format_tiles, parse_tiles
from mahjongkit.tiles import EAST, IS_FLOWER, IS_WIND, Tile, tile_name, wind_of


@dataclass(frozen=True, slots=True)
class Situation:
    """How the hand was won. Facts that follow from the tiles are derived, not asked.

    ``flowers`` is a count, or the flower tiles themselves where a ruleset cares which
    (seat flowers, bouquets); flowers written in the hand are used when this is empty.
    """

    self_drawn: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    last_of_kind: bool = False
    last_wall_tile: bool = False
    seat_wind: Tile = EAST
    prevalent_wind: Tile = EAST
    flowers: int | tuple[Tile, ...] = 0
    # Taiwanese (seed 004) circumstances:
    flower_replacement: bool = False
    dealer: bool | None = None
    """The winner is the dealer. The dealer sits East (seed 004 line 320), so this follows
    from ``seat_wind`` when not given (`is_dealer`); given, it must agree with it."""
    discarder_is_dealer: bool = False
    """The dealer discarded the winning tile (never to himself: the winner is not East)."""
    ting: bool = False
    heavenly: bool = False
    earthly: bool = False
    tiles_on_table: int | None = None
    """The discarded and declared tiles on the table at the win (seed 004 lines 329-331):
    discards lying there, the winning one included, and every tile of every declared set;
    not flowers, not the wall. ``None``: not known."""
    dealer_streak: int = 0

    def __post_init__(self) -> None:
        for name in ("seat_wind", "prevalent_wind"):
            if not IS_WIND[getattr(self, name)]:
                raise InvalidSituationError(f"{name} must be a wind, not {getattr(self, name)}")
        if isinstance(self.flowers, int):
            if not 0 <= self.flowers <= 8:
                raise InvalidSituationError(f"flowers must be 0..8, not {self.flowers}")
        elif any(not IS_FLOWER[f] for f in self.flowers) or len(set(self.flowers)) != len(
            self.flowers
        ):
            raise InvalidSituationError("flowers must be distinct flower tiles (1f..8f)")
        self._check_dealer()
        if self.tiles_on_table is not None and self.tiles_on_table < 0:
            raise InvalidSituationError("tiles_on_table cannot be negative")
        if self.dealer_streak < 0:
            raise InvalidSituationError("dealer_streak cannot be negative")

    def _check_dealer(self) -> None:
        """The dealer sits East (004 line 320) and never discards to himself."""
        east = self.seat_wind == EAST
        if self.dealer is not None and self.dealer != east:
            if self.dealer:
                raise InvalidSituationError(
                    f"dealer is true but seat_wind is {tile_name(self.seat_wind)}: "
                    "the dealer sits East (004 line 320)"
                )
            raise InvalidSituationError(
                "dealer is false but seat_wind is E, and East is the dealer (004 line 320): "
                "give the winner's seat wind (S, W or N)"
            )
        if east and self.discarder_is_dealer:
            raise InvalidSituationError(
                "discarder_is_dealer: the winner sits East, so is the dealer, and cannot "
                "give the winning tile to himself (004 line 320): give the winner's seat "
                "wind (S, W or N)"
            )

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer: `dealer`, or else the seat wind is East."""
        return self.seat_wind == EAST if self.dealer is None else self.dealer

    @property
    def flower_count(self) -> int:
        """How many flowers the winner has exposed."""
        return self.flowers if isinstance(self.flowers, int) else len(self.flowers)

    @property
    def flower_tiles(self) -> tuple[Tile, ...] | None:
        """The flower tiles, or ``None`` when only their number is known."""
        return None if isinstance(self.flowers, int) else tuple(sorted(self.flowers))

    @classmethod
    def from_dict(cls, data: dict[str, Any], *, strict: bool = False) -> Situation:
        """A situation from score-case JSON fields; other keys are ignored unless ``strict``.

        A malformed field raises `InvalidSituationError`; a number that is not written in
        the digits 0-9 or lies outside its range (`NUMBER_RANGES`) `InvalidNumberError`.

        >>> Situation.from_dict({"dealer_streak": 10**50})
        Traceback (most recent call last):
        ...
        mahjongkit.errors.InvalidNumberError: dealer_streak must be 0..99, not a 51-digit number
        >>> Situation.from_dict({"flowers": "٣"})
        Traceback (most recent call last):
        ...
        mahjongkit.errors.InvalidNumberError: flowers must be written in the digits 0-9, not '٣'
        """
        known = {f.name: f for f in fields(cls)}
        values: dict[str, Any] = {}
        for key, raw in data.items():
            if key not in known:
                if strict:
                    raise InvalidSituationError(f"unknown situation field {key!r}")
                continue
            values[key] = _convert(key, raw)
        return cls(**values)

    def to_dict(self) -> dict[str, Any]:
        """The score-case JSON fields that differ from the defaults."""
        out: dict[str, Any] = {}
        default = Situation()
        for f in fields(self):
            value = getattr(self, f.name)
            if value == getattr(default, f.name):
                continue
            if f.name in ("seat_wind", "prevalent_wind"):
                value = tile_name(value)
            elif f.name == "flowers" and not isinstance(value, int):
                value = format_tiles(sorted(value))
            out[f.name] = value
        return out


NUMBER_RANGES: dict[str, tuple[int, int]] = {
    "flowers": (0, 8),
    "tiles_on_table": (0, 136),
    "dealer_streak": (0, 99),
}
"""The whole-number fields and their ranges, checked where a case is read: at most the
eight flowers; at most the 136 tiles of the set that are not flowers on the table; a
dealer streak of at most 99 wins (the DXB sheet suggests a cap of 6, seed 004 line 25)."""

_BOOLS = {
    "self_drawn",
    "kong_replacement",
    "robbing_kong",
    "last_of_kind",
    "last_wall_tile",
    "flower_replacement",
    "dealer",
    "discarder_is_dealer",
    "ting",
    "heavenly",
    "earthly",
}


def _convert(key: str, raw: Any) -> Any:
    if key in _BOOLS:
        if not isinstance(raw, bool):
            raise InvalidSituationError(f"{key} must be true or false, not {shown(raw)}")
        return raw
    if key in ("seat_wind", "prevalent_wind"):
        if isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 3:
            return EAST + raw
        try:
            if isinstance(raw, str):
                return wind_of(raw)
        except InvalidNotationError:
            pass
        raise InvalidSituationError(f"{key} must be E, S, W or N, not {shown(raw)}")
    if key == "flowers":
        if isinstance(raw, str) and not _written_as_count(raw):
            try:
                tiles = parse_tiles(raw)
            except InvalidNotationError as err:
                raise InvalidSituationError(f"flowers: {err}") from None
            if any(not IS_FLOWER[t] for t in tiles):
                raise InvalidSituationError(f"flowers must be flower tiles, not {shown(raw)}")
            return tuple(tiles)
        if not isinstance(raw, (int, str)) or isinstance(raw, bool):
            raise InvalidSituationError(
                f"flowers must be a count or flower tiles, not {shown(raw)}"
            )
    if key in NUMBER_RANGES:
        if raw is None and key == "tiles_on_table":
            return None
        low, high = NUMBER_RANGES[key]
        return whole_number(raw, key, low, high)
    return raw


def _written_as_count(text: str) -> bool:
    """Whether flower text is a number (a count, read strictly) rather than flower tiles:
    it has a digit of any script and no letter ("2", "²", "٣"; not "1f" nor a glyph)."""
    return any(ch.isnumeric() for ch in text) and not any(ch.isalpha() for ch in text)
