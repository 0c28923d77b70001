"""The `Ruleset` value and the registry that finds one by name or alias.

A ruleset holds everything a rule decides, in typed parts. Variants are made with
``dataclasses.replace`` (or a house-rules file) and registered under a new name.

>>> r = get_ruleset("taiwanese")
>>> r.name, r.hand_size, Form.NICO_NICO in r.scoring.forms
('taiwanese-lrc', 16, True)
>>> from dataclasses import replace
>>> club = replace(r, name="club", play=replace(r.play, ting_in_play=False))
>>> club.play.ting_in_play, r.play.ting_in_play
(False, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, fields, is_dataclass, replace
from enum import Enum
from typing import Any

from mahjongkit.errors import UnknownRulesetError
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.scoring import ScoringRules
from mahjongkit.rules.table import TableRules
from mahjongkit.shapes import MCR_FORMS, Form

PLACE_POINTS: tuple[int, ...] = (4, 2, 1, 0)
"""Table points for first to fourth place (002 l.220)."""


@dataclass(frozen=True)
class Ruleset:
    """Everything a ruleset decides, as typed data in three parts. Compare and hash by
    contents.

    ``play`` is how a hand is played (`PlayRules`), ``table`` how wins resolve and what
    money and penalties follow (`TableRules`), ``scoring`` how a hand is valued
    (`ScoringRules`).
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    description: str
    play: PlayRules
    table: TableRules
    scoring: ScoringRules

    @property
    def hand_size(self) -> int:
        """Tiles in a hand before the draw (``play.hand_size``)."""
        return self.play.hand_size

    @property
    def uses_flowers(self) -> bool:
        """Whether the set has the eight flowers (``play.uses_flowers``)."""
        return self.play.uses_flowers

    @property
    def place_points(self) -> tuple[int, ...] | None:
        """The table points of first to fourth place at the end of a game (4/2/1/0, 002
        l.218-221, MCR's tournament rule), or ``None`` where the game is won by the highest
        score alone (Taiwanese: 003 l.59). Read from the scoring family here, in the
        rules, so that it adds no field to the contents hash of records already stored.

        >>> get_ruleset("bp-club").place_points, get_ruleset("taiwanese-lrc").place_points
        ((4, 2, 1, 0), None)
        """
        return PLACE_POINTS if self.scoring.family == "mcr" else None

    @property
    def tiles(self) -> int:
        """Tiles in the set: 144 with flowers, 136 without."""
        return 144 if self.play.uses_flowers else 136

    def changed(self, **values: Any) -> Ruleset:
        """This ruleset with the named rules changed, each found in whichever part holds it
        (``play``, ``table``, ``scoring`` or the scoring ``sheet``); the parts check the
        values as they do for a built-in ruleset.

        >>> club = get_ruleset("mcr").changed(draw_stacks_left=7, base_payment=5)
        >>> club.play.draw_stacks_left, club.table.base_payment, club.name
        (7, 5, 'mcr')
        >>> get_ruleset("mcr").changed(draw_stack_left=7)
        Traceback (most recent call last):
        ...
        ValueError: no rule named 'draw_stack_left'; did you mean draw_stacks_left?
        """
        parts: dict[str, Any] = {"play": self.play, "table": self.table, "scoring": self.scoring}
        if self.scoring.sheet is not None:
            parts["sheet"] = self.scoring.sheet
        changes: dict[str, dict[str, Any]] = {}
        for key, value in values.items():
            owner = next((p for p, part in parts.items() if key in _field_names(part)), None)
            if owner is None:
                from difflib import get_close_matches  # here: a misspelt rule alone needs it

                every = [n for part in parts.values() for n in _field_names(part)]
                close = get_close_matches(key, every, n=3)
                hint = f"; did you mean {', '.join(close)}?" if close else ""
                raise ValueError(f"no rule named {key!r}{hint}")
            changes.setdefault(owner, {})[key] = value
        new = {p: replace(parts[p], **c) for p, c in changes.items()}
        if "sheet" in new:
            new["scoring"] = replace(new.get("scoring", self.scoring), sheet=new.pop("sheet"))
        return replace(self, **new)

    def contents_hash(self) -> str:
        """A short hash of the resolved contents, stored in every game record."""
        import hashlib  # here: a command that records no game does without it (3 ms)

        data = json.dumps(_contents(self), sort_keys=True)
        return hashlib.sha256(data.encode()).hexdigest()[:16]


def _field_names(part: Any) -> tuple[str, ...]:
    return tuple(f.name for f in fields(part))


def _contents(value: Any) -> Any:
    """A rule's value as plain JSON data: the fields that count in comparisons (a reading's
    name or reasons do not), sets sorted, enums by value."""
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _contents(getattr(value, f.name)) for f in fields(value) if f.compare}
    if isinstance(value, Mapping):
        return {str(k): _contents(v) for k, v in value.items()}
    if isinstance(value, (set, frozenset)):
        return sorted((_contents(v) for v in value), key=json.dumps)
    if isinstance(value, (tuple, list)):
        return [_contents(v) for v in value]
    if isinstance(value, Enum):
        return value.value
    return value


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
    from mahjongkit.rules.builtin import BUILTIN

    for ruleset in BUILTIN:
        register(ruleset)


_builtin()

__all__ = [
    "MCR_FORMS",
    "PACKAGED_HOUSE_RULES",
    "Form",
    "Ruleset",
    "get_ruleset",
    "register",
    "ruleset_names",
]
