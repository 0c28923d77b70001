"""House rules: a TOML file that names a base ruleset and overrides its values.

A club writes its own table without code. Every key is optional except ``name`` and
``base``::

    name = "my-club"                 # the new ruleset's name (lowercase, a-z 0-9 -)
    base = "mcr"                     # a registered ruleset (name or alias)
    title = "My club"                # one line for people
    description = "..."
    aliases = ["club"]
    minimum_points = 6               # points a win needs (flower items excluded)
    forms = ["regular", "seven_pairs", "thirteen_orphans"]   # the hand shapes that win
    uses_flowers = true
    only = ["Pure Straight", "seat_wind"]   # the items that score (and those in [values])
    removed = ["Prevalent Wind"]     # or: delete these items (not both keys)

    [values]                         # re-price items, or give an item the base lacks a value
    "Two Concealed Kongs" = 6
    seat_flower = 1

    [options]                        # named switches (see mahjongkit.rules.options)
    draw_stacks_left = 7

Items are named by their id or by their English name (case-insensitive), as the base
ruleset's scoring catalogue lists them. A deleted item neither scores nor excludes
others. `load_house_rules` returns the ruleset without registering it, so loading a
file never changes what ``get_ruleset`` answers for other callers; `register` it if a
program wants to find it by name. Every error names the file and the key.

>>> rules = load_packaged_house_rules("bp-club")
>>> rules.name, rules.minimum_points, rules.option("draw_stacks_left")
('bp-club', 5, 7)
>>> "prevalent_wind" in rules.removed_items
True
"""

from __future__ import annotations

import dataclasses
import importlib
import re
import tomllib
from collections.abc import Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mahjongkit.errors import MahjongError, UnknownRulesetError
from mahjongkit.rules.options import check_options
from mahjongkit.rules.ruleset import Form, Ruleset, get_ruleset, ruleset_names
from mahjongkit.scoring.catalogue import Catalogue

KEYS = (
    "name",
    "base",
    "title",
    "description",
    "aliases",
    "minimum_points",
    "forms",
    "uses_flowers",
    "only",
    "removed",
    "values",
    "options",
)
"""The keys a house-rules file may hold."""

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")
_OPTION = re.compile(r"^[a-z][a-z0-9_]*$")


class HouseRulesError(MahjongError, ValueError):
    """A house-rules file that cannot be read or says something that cannot be."""

    def __init__(self, source: str, key: str | None, reason: str) -> None:
        self.source = source
        self.key = key
        self.reason = reason
        where = f"{source}: {key}" if key else source
        super().__init__(f"{where}: {reason}")


def load_house_rules(path: str | Path | Traversable) -> Ruleset:
    """The ruleset a house-rules TOML file describes (not registered)."""
    return _load(Path(path) if isinstance(path, str) else path, packaged=False)


def load_packaged_house_rules(name: str) -> Ruleset:
    """The ruleset of a house-rules file shipped in ``mahjongkit/rules/data/<name>.toml``.

    ``get_ruleset`` calls this the first time a packaged name (``bp-club``) is asked for.
    """
    from importlib.resources import files

    path = files("mahjongkit.rules") / "data" / f"{name}.toml"
    if not path.is_file():
        raise UnknownRulesetError(f"no packaged house rules named {name!r}")
    return _load(path, packaged=True)


def _load(path: Path | Traversable, *, packaged: bool) -> Ruleset:
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise HouseRulesError(source, None, f"cannot read the file ({err})") from None
    return parse_house_rules(text, source=source, _packaged=packaged)


def parse_house_rules(
    text: str, *, source: str = "<house rules>", _packaged: bool = False
) -> Ruleset:
    """The ruleset a house-rules TOML text describes; ``source`` names it in errors.

    >>> r = parse_house_rules('name = "x"\\nbase = "mcr"\\n[values]\\n"Pure Straight" = 20')
    >>> r.name, r.column, dict(r.item_values)["pure_straight"]
    ('x', 'mcr', 20)
    >>> parse_house_rules('name = "x"\\nbase = "mcr"\\nremoved = ["Pure Stright"]')
    Traceback (most recent call last):
    ...
    mahjongkit.rules.house.HouseRulesError: <house rules>: removed: unknown item 'Pure Stright'
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise HouseRulesError(source, None, f"not valid TOML ({err})") from None
    return _build(data, source, packaged=_packaged)


def _build(data: Mapping[str, Any], source: str, *, packaged: bool) -> Ruleset:
    def fail(key: str | None, reason: str) -> HouseRulesError:
        return HouseRulesError(source, key, reason)

    unknown = sorted(set(data) - set(KEYS))
    if unknown:
        raise fail(unknown[0], f"unknown key; a house-rules file may hold {', '.join(KEYS)}")
    for key in ("name", "base"):
        if key not in data:
            raise fail(key, "missing (every house-rules file names itself and its base)")
    name = _string(data, "name", fail)
    if not _NAME.match(name):
        raise fail("name", f"{name!r} must be lowercase letters, digits and '-'")
    base_name = _string(data, "base", fail)
    try:
        base = get_ruleset(base_name)
    except UnknownRulesetError:
        known = ", ".join(ruleset_names())
        raise fail("base", f"unknown ruleset {base_name!r}; known: {known}") from None
    changes: dict[str, Any] = {"name": name, "aliases": ()}
    changes["title"] = _string(data, "title", fail) if "title" in data else name
    changes["description"] = _string(data, "description", fail) if "description" in data else ""
    if "aliases" in data:
        aliases = _strings(data, "aliases", fail)
        for alias in aliases:
            if not _NAME.match(alias):
                raise fail("aliases", f"{alias!r} must be lowercase letters, digits and '-'")
        changes["aliases"] = tuple(aliases)
    if "minimum_points" in data:
        minimum = data["minimum_points"]
        if not isinstance(minimum, int) or isinstance(minimum, bool) or minimum < 0:
            raise fail("minimum_points", f"must be a whole number >= 0, not {minimum!r}")
        changes["minimum_points"] = minimum
    if "uses_flowers" in data:
        if not isinstance(data["uses_flowers"], bool):
            raise fail("uses_flowers", f"must be true or false, not {data['uses_flowers']!r}")
        changes["uses_flowers"] = data["uses_flowers"]
    if "forms" in data:
        forms = []
        known_forms = {f.value: f for f in Form}
        for value in _strings(data, "forms", fail):
            if value not in known_forms:
                raise fail("forms", f"unknown form {value!r}; known: {', '.join(known_forms)}")
            forms.append(known_forms[value])
        if not forms:
            raise fail("forms", "no form left: no hand could win")
        changes["forms"] = frozenset(forms)

    catalogue = catalogue_of(base.scoring)
    lookup = _item_lookup(catalogue)

    def item_id(key: str, raw: object) -> str:
        if not isinstance(raw, str):
            raise fail(key, f"an item is named by a string, not {raw!r}")
        found = lookup.get(raw.strip().lower())
        if found is None:
            raise fail(key, f"unknown item {raw!r}")
        return found

    values = dict(base.item_values)
    priced_here: set[str] = set()
    if "values" in data:
        table = data["values"]
        if not isinstance(table, dict):
            raise fail("values", "must be a table of item = points")
        for raw, points in table.items():
            ident = item_id(f"values.{raw}", raw)
            if not isinstance(points, int) or isinstance(points, bool) or points < 0:
                raise fail(f"values.{raw}", f"points must be a whole number >= 0, not {points!r}")
            values[ident] = points
            priced_here.add(ident)
    changes["item_values"] = tuple(sorted(values.items()))

    if "only" in data and "removed" in data:
        raise fail("removed", "give either 'only' (items to keep) or 'removed', not both")
    removed = set(base.removed_items)
    if "only" in data:
        keep = {item_id("only", raw) for raw in _list(data, "only", fail)}
        unpriced = sorted(
            i for i in keep if catalogue[i].value(base.column) is None and i not in values
        )
        if unpriced:
            name_of = catalogue[unpriced[0]].name
            raise fail(
                "only",
                f"{name_of!r} has no value under {base.name!r} (column {base.column!r}); "
                "give it one in [values]",
            )
        # An item priced in [values] is kept too: a club that prices an item means it to score.
        removed = {item.id for item in catalogue} - keep - priced_here
    elif "removed" in data:
        deleted = {item_id("removed", raw) for raw in _list(data, "removed", fail)}
        clash = sorted(deleted & priced_here)
        if clash:
            raise fail("removed", f"{clash[0]!r} is both priced in [values] and removed")
        removed |= deleted
    # Pricing an item the base deleted brings it back.
    removed -= priced_here
    changes["removed_items"] = frozenset(removed)

    options = dict(base.options)
    if "options" in data:
        table = data["options"]
        if not isinstance(table, dict):
            raise fail("options", "must be a table of switch = value")
        for key, value in table.items():
            where = f"options.{key}"
            if not _OPTION.match(key):
                raise fail(where, "a switch name is lowercase letters, digits and '_'")
            options[key] = _option_value(value, where, fail)
            old = dict(base.options).get(key)
            if old is not None and type(old) is not type(options[key]):
                raise fail(
                    where, f"the base ruleset's value is a {type(old).__name__}, not {value!r}"
                )
    changes["options"] = tuple(sorted(options.items()))

    ruleset = dataclasses.replace(base, **changes)
    try:
        check_options(ruleset)
    except ValueError as err:
        raise fail("options", str(err)) from None
    if not packaged:  # the package's own files own their names
        _check_name_free(ruleset, fail)
    return ruleset


def _check_name_free(ruleset: Ruleset, fail: Any) -> None:
    """A file may not pass itself off as a different registered ruleset."""
    for name in (ruleset.name, *ruleset.aliases):
        try:
            existing = get_ruleset(name)
        except UnknownRulesetError:
            continue
        if existing != ruleset:
            key = "name" if name == ruleset.name else "aliases"
            raise fail(key, f"{name!r} is already the name of another ruleset")


def catalogue_of(family: str) -> Catalogue:
    """The scoring catalogue of a family: ``CATALOGUE`` of ``mahjongkit.scoring.<family>``.

    >>> catalogue_of("mcr").family
    'mcr'
    """
    try:
        module = importlib.import_module(f"mahjongkit.scoring.{family}")
    except ModuleNotFoundError:
        module = None
    found = getattr(module, "CATALOGUE", None)
    if not isinstance(found, Catalogue):
        raise LookupError(f"the scoring family {family!r} has no catalogue")
    return found


def _item_lookup(catalogue: Catalogue) -> dict[str, str]:
    """Lowercase id and English name -> item id."""
    lookup: dict[str, str] = {}
    for item in catalogue:
        lookup[item.id.lower()] = item.id
        lookup.setdefault(item.name.lower(), item.id)
    return lookup


def _string(data: Mapping[str, Any], key: str, fail: Any) -> str:
    value = data[key]
    if not isinstance(value, str) or not value.strip():
        raise fail(key, f"must be a non-empty string, not {value!r}")
    return value.strip()


def _list(data: Mapping[str, Any], key: str, fail: Any) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise fail(key, f"must be a list, not {value!r}")
    return value


def _strings(data: Mapping[str, Any], key: str, fail: Any) -> list[str]:
    values = _list(data, key, fail)
    for v in values:
        if not isinstance(v, str):
            raise fail(key, f"must be a list of strings; {v!r} is not one")
    return values


def _option_value(value: Any, where: str, fail: Any) -> Any:
    if isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, list) and all(isinstance(v, (bool, int, float, str)) for v in value):
        return tuple(value)  # tuples keep the ruleset hashable
    raise fail(
        where, f"a switch is a number, true/false, a string or a list of them, not {value!r}"
    )


__all__ = [
    "KEYS",
    "HouseRulesError",
    "catalogue_of",
    "load_house_rules",
    "load_packaged_house_rules",
    "parse_house_rules",
]
