"""The `Ruleset` value and the registry that finds one by name or alias.

A ruleset holds everything a rule decides. Variants are made with
``dataclasses.replace`` (or a house-rules file) and registered under a new name.

>>> r = get_ruleset("taiwanese")
>>> r.name, r.hand_size, Form.NICO_NICO in r.forms
('taiwanese-lrc', 16, True)
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from enum import Enum
from typing import Any

from mahjongkit.errors import UnknownRulesetError


class Form(Enum):
    """The shapes a complete hand can take; each ruleset says which of them win."""

    REGULAR = "regular"
    """Sets and a pair: 4 sets + pair (13-tile rulesets) or 5 sets + pair (16-tile)."""
    SEVEN_PAIRS = "seven_pairs"
    THIRTEEN_ORPHANS = "thirteen_orphans"
    """13-tile: the 13 terminals and honours + a pair. 16-tile (seed 004): + a set."""
    HONORS_AND_KNITTED = "honors_and_knitted"
    """MCR Lesser/Greater Honours and Knitted Tiles: 14 singles from a knitted straight
    and the honours."""
    KNITTED_STRAIGHT = "knitted_straight"
    """MCR Knitted Straight (147/258/369 in three suits) + a set + a pair."""
    NICO_NICO = "nico_nico"
    """Taiwanese (seed 004): seven pairs + one pung, fully concealed (17 tiles)."""
    SIXTEEN_ORPHANS = "sixteen_orphans"
    """Taiwanese LRC (seed 004): three unrelated tiles of each suit, one of each honour,
    and a pair."""


MCR_FORMS = frozenset(
    {
        Form.REGULAR,
        Form.SEVEN_PAIRS,
        Form.THIRTEEN_ORPHANS,
        Form.HONORS_AND_KNITTED,
        Form.KNITTED_STRAIGHT,
    }
)


@dataclass(frozen=True)
class Ruleset:
    """Everything a ruleset decides, as data. Compare and hash by contents."""

    name: str
    title: str
    hand_size: int
    forms: frozenset[Form]
    aliases: tuple[str, ...] = ()
    scoring: str = "mcr"
    """The scoring family: ``mahjongkit.scoring.<scoring>`` scores this ruleset."""
    column: str = "mcr-gb"
    """Which value column of the family's catalogue applies (``mcr-gb``, ``mcr``, ``lrc``,
    ``dxb``)."""
    minimum_points: int = 0
    """Points a win needs, counted as the ruleset says (MCR: flowers excluded)."""
    item_values: tuple[tuple[str, int], ...] = ()
    """Overrides of catalogue values by item id (a house rule re-pricing an item)."""
    removed_items: frozenset[str] = frozenset()
    """Catalogue items this ruleset deletes: they neither score nor exclude others."""
    uses_flowers: bool = True
    description: str = ""
    options: tuple[tuple[str, Any], ...] = field(default=())
    """Named switches a later layer reads (kept sorted so the value hashes)."""

    def option(self, key: str, default: Any = None) -> Any:
        """The value of a named switch."""
        return dict(self.options).get(key, default)

    def contents_hash(self) -> str:
        """A short hash of the resolved contents, stored in every game record."""
        data = json.dumps(asdict(self), sort_keys=True, default=_jsonable)
        return hashlib.sha256(data.encode()).hexdigest()[:16]


def _jsonable(value: Any) -> Any:
    if isinstance(value, (set, frozenset)):
        return sorted(_jsonable(v) for v in value)
    if isinstance(value, Enum):
        return value.value
    return str(value)


PACKAGED_HOUSE_RULES = ("bp-club", "botzone")
"""Rulesets shipped as house-rules files (``rules/data/<name>.toml``), loaded when first
asked for by `get_ruleset`."""

_REGISTRY: dict[str, Ruleset] = {}
_ALIASES: dict[str, str] = {}


def register(ruleset: Ruleset, *, replace: bool = False) -> Ruleset:
    """Add a ruleset to the registry under its name and aliases."""
    names = (ruleset.name, *ruleset.aliases)
    if not replace:
        for n in names:
            if n in _REGISTRY or n in _ALIASES:
                raise ValueError(f"ruleset name {n!r} is taken")
    _REGISTRY[ruleset.name] = ruleset
    for alias in ruleset.aliases:
        _ALIASES[alias] = ruleset.name
    return ruleset


def get_ruleset(name: str | Ruleset) -> Ruleset:
    """A ruleset by name or alias (case-insensitive); a `Ruleset` is returned as it is."""
    if isinstance(name, Ruleset):
        return name
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key in PACKAGED_HOUSE_RULES and key not in _REGISTRY:
        # Loaded on first use, through the same mechanism a club's own file uses.
        from mahjongkit.rules.house import load_packaged_house_rules

        register(load_packaged_house_rules(key))
    try:
        return _REGISTRY[key]
    except KeyError:
        known = ", ".join(sorted(ruleset_names()))
        raise UnknownRulesetError(f"unknown ruleset {name!r}; known: {known}") from None


def ruleset_names() -> list[str]:
    """The registered ruleset names (aliases left out), packaged house rules included."""
    return list(_REGISTRY) + [n for n in PACKAGED_HOUSE_RULES if n not in _REGISTRY]


def _builtin() -> None:
    register(
        Ruleset(
            "mcr",
            "Chinese Official (MCR), as the seed documents value it",
            13,
            MCR_FORMS,
            aliases=("chinese-official", "international"),
            column="mcr",
            minimum_points=8,
        )
    )
    register(
        Ruleset(
            "mcr-gb",
            "Chinese Official (MCR), Chinese-language rulebook values (Botzone judge)",
            13,
            MCR_FORMS,
            aliases=("guobiao",),
            column="mcr-gb",
            minimum_points=8,
        )
    )
    taiwanese = frozenset(
        {Form.REGULAR, Form.NICO_NICO, Form.THIRTEEN_ORPHANS, Form.SIXTEEN_ORPHANS}
    )
    register(
        Ruleset(
            "taiwanese-lrc",
            "Taiwanese 16-tile, LRC scoresheet",
            16,
            taiwanese,
            aliases=("taiwanese",),
            scoring="taiwanese",
            column="lrc",
        )
    )
    register(
        Ruleset(
            "taiwanese-dxb",
            "Taiwanese 16-tile, DXB scoresheet",
            16,
            taiwanese - {Form.SIXTEEN_ORPHANS},
            scoring="taiwanese",
            column="dxb",
        )
    )


_builtin()
