"""House rules: a TOML file that names a base ruleset and changes any of its rules.

A club writes its own table without code. The sections match the parts of a `Ruleset`;
every key is optional except ``name`` and ``base``::

    name = "my-club"                 # the new ruleset's name (lowercase, a-z 0-9 -)
    base = "mcr"                     # a registered ruleset (name or alias)
    title = "My club"                # one line for people
    description = "..."
    aliases = ["club"]

    [play]                           # any field of PlayRules
    draw_stacks_left = 7

    [table]                          # any field of TableRules ("none" for no limit)
    base_payment = 5

    [scoring]                        # minimum_points, forms, and only or removed
    minimum_points = 6
    forms = ["regular", "seven_pairs", "thirteen_orphans"]
    removed = ["Prevalent Wind"]     # or: only = [...] (the items that score)

    [scoring.fans]                   # re-price items, or give an item the base lacks a value
    "Two Concealed Kongs" = 6

    [scoring.sheet]                  # Taiwanese sheet switches (TaiwaneseOptions)
    minimum = "dxb"

Items are named by their id or by their English name (case-insensitive), as the base
ruleset's scoring catalogue lists them. A deleted item neither scores nor excludes
others. Values are checked against each field's type; an unknown key or a wrong type is
an error naming the file, the key and the nearest valid names. `load_house_rules`
returns the ruleset without registering it, so loading a file never changes what
``get_ruleset`` answers for other callers; `register` it if a program wants to find it
by name.

>>> rules = load_packaged_house_rules("bp-club")
>>> rules.name, rules.scoring.minimum_points, rules.play.draw_stacks_left
('bp-club', 5, 7)
>>> "prevalent_wind" in rules.scoring.removed_items
True
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping
from difflib import get_close_matches
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from mahjongkit.errors import InvalidDataError, MahjongError, UnknownRulesetError
from mahjongkit.inputs import read_toml
from mahjongkit.rules.catalogues import Catalogue, catalogue_of
from mahjongkit.rules.combinations import read_table
from mahjongkit.rules.ruleset import Form, Ruleset, get_ruleset, ruleset_names
from mahjongkit.rules.scoring import ScoringRules

KEYS = ("name", "base", "title", "description", "aliases", "play", "table", "scoring")
"""The keys a house-rules file may hold at its top."""

SCORING_KEYS = ("minimum_points", "forms", "only", "removed", "fans", "combinations", "sheet")
"""The keys of its ``[scoring]`` section."""

_NAME = re.compile(r"^[a-z][a-z0-9-]*$")


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

    >>> r = parse_house_rules('name = "x"\\nbase = "mcr"\\n[scoring.fans]\\n"Pure Straight" = 20')
    >>> r.name, r.scoring.column, dict(r.scoring.item_values)["pure_straight"]
    ('x', 'mcr', 20)
    >>> try:
    ...     parse_house_rules('name = "x"\\nbase = "mcr"\\n[scoring]\\nremoved = ["Pure Stright"]')
    ... except HouseRulesError as err:
    ...     print(err.key, "|", err.reason)
    scoring.removed | unknown item 'Pure Stright'; did you mean 'pure_straight', 'short_straight'?
    """
    try:
        data = read_toml(text)
    except InvalidDataError as err:
        raise HouseRulesError(source, None, str(err)) from None
    return _build(data, source, packaged=_packaged)


def _build(data: Mapping[str, Any], source: str, *, packaged: bool) -> Ruleset:
    def fail(key: str | None, reason: str) -> HouseRulesError:
        return HouseRulesError(source, key, reason)

    _check_keys(data, KEYS, "", fail)
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
    changes["play"] = replace_fields(base.play, _section(data, "play", fail), "play", fail)
    changes["table"] = replace_fields(base.table, _section(data, "table", fail), "table", fail)
    changes["scoring"] = _scoring(base, _section(data, "scoring", fail), fail, name)
    ruleset = dataclasses.replace(base, **changes)
    if not packaged:  # the package's own files own their names
        _check_name_free(ruleset, fail)
    return ruleset


def _scoring(base: Ruleset, data: Mapping[str, Any], fail: Any, name: str) -> ScoringRules:
    """The ``[scoring]`` section over the base's scoring rules."""
    _check_keys(data, SCORING_KEYS, "scoring.", fail)
    rules = base.scoring
    changes: dict[str, Any] = {}
    if "minimum_points" in data:
        minimum = data["minimum_points"]
        if not isinstance(minimum, int) or isinstance(minimum, bool) or minimum < 0:
            raise fail("scoring.minimum_points", f"must be a whole number >= 0, not {minimum!r}")
        changes["minimum_points"] = minimum
    if "forms" in data:
        forms = []
        known_forms = {f.value: f for f in Form}
        for value in _strings(data, "forms", fail, "scoring.forms"):
            if value not in known_forms:
                raise fail(
                    "scoring.forms", f"unknown form {value!r}; known: {', '.join(known_forms)}"
                )
            forms.append(known_forms[value])
        if not forms:
            raise fail("scoring.forms", "no form left: no hand could win")
        changes["forms"] = frozenset(forms)

    catalogue = catalogue_of(rules.family)
    lookup = _item_lookup(catalogue)

    def item_id(key: str, raw: object) -> str:
        if not isinstance(raw, str):
            raise fail(key, f"an item is named by a string, not {raw!r}")
        found = lookup.get(raw.strip().lower())
        if found is None:
            close = dict.fromkeys(lookup[c] for c in get_close_matches(raw.strip().lower(), lookup))
            hint = f"; did you mean {', '.join(map(repr, close))}?" if close else ""
            raise fail(key, f"unknown item {raw!r}{hint}")
        return found

    values = dict(rules.item_values)
    priced_here: set[str] = set()
    fans = _section(data, "fans", fail, "scoring.fans")
    for raw, points in fans.items():
        ident = item_id(f"scoring.fans.{raw}", raw)
        if not isinstance(points, int) or isinstance(points, bool) or points < 0:
            raise fail(f"scoring.fans.{raw}", f"points must be a whole number >= 0, not {points!r}")
        values[ident] = points
        priced_here.add(ident)
    changes["item_values"] = tuple(sorted(values.items()))

    if "only" in data and "removed" in data:
        raise fail("scoring.removed", "give either 'only' (items to keep) or 'removed', not both")
    removed = set(rules.removed_items)
    if "only" in data:
        keep = {item_id("scoring.only", raw) for raw in _list(data, "only", fail, "scoring.only")}
        unpriced = sorted(
            i for i in keep if catalogue[i].value(rules.column) is None and i not in values
        )
        if unpriced:
            name_of = catalogue[unpriced[0]].name
            raise fail(
                "scoring.only",
                f"{name_of!r} has no value under {base.name!r} (column {rules.column!r}); "
                "give it one in [scoring.fans]",
            )
        # An item priced in [scoring.fans] is kept too: a club that prices an item means it
        # to score.
        removed = {item.id for item in catalogue} - keep - priced_here
    elif "removed" in data:
        deleted = {
            item_id("scoring.removed", raw)
            for raw in _list(data, "removed", fail, "scoring.removed")
        }
        clash = sorted(deleted & priced_here)
        if clash:
            raise fail("scoring.removed", f"{clash[0]!r} is both priced and removed")
        removed |= deleted
    # Pricing an item the base deleted brings it back.
    removed -= priced_here
    changes["removed_items"] = frozenset(removed)

    combinations = _section(data, "combinations", fail, "scoring.combinations")
    if combinations:
        if rules.combinations is None:
            raise fail("scoring.combinations", f"{base.name!r} has no MCR fan combinations")
        try:
            changes["combinations"] = read_table(
                combinations,
                name=name,
                resolve=lambda raw: item_id("scoring.combinations", raw),
            )
        except ValueError as err:
            if isinstance(err, HouseRulesError):
                raise
            raise fail("scoring.combinations", str(err)) from None

    sheet = _section(data, "sheet", fail, "scoring.sheet")
    if sheet:
        if rules.sheet is None:
            raise fail("scoring.sheet", f"{base.name!r} scores with no sheet switches")
        changes["sheet"] = replace_fields(rules.sheet, sheet, "scoring.sheet", fail)
    try:
        return dataclasses.replace(rules, **changes)
    except ValueError as err:
        raise fail("scoring", str(err)) from None


def replace_fields(part: Any, values: Mapping[str, Any], section: str, fail: Any) -> Any:
    """``part`` (a frozen dataclass) with the fields named in ``values`` replaced, each
    value checked against its field's type; ``fail(key, reason)`` makes the error.

    >>> from mahjongkit.rules.ruleset import get_ruleset
    >>> def fail(key, reason):
    ...     return ValueError(f"{key}: {reason}")
    >>> replace_fields(get_ruleset("mcr").table, {"base_payment": 5}, "table", fail).base_payment
    5
    >>> replace_fields(get_ruleset("mcr").table, {"base_paymnt": 5}, "table", fail)
    Traceback (most recent call last):
    ...
    ValueError: table.base_paymnt: unknown key; did you mean base_payment, win_payments?
    >>> replace_fields(get_ruleset("mcr").play, {"ting_in_play": 1}, "play", fail)
    Traceback (most recent call last):
    ...
    ValueError: play.ting_in_play: must be true or false, not 1
    """
    kinds = {f.name: str(f.type) for f in dataclasses.fields(part)}
    _check_keys(values, tuple(kinds), f"{section}.", fail)
    changes = {
        key: _typed(value, kinds[key], f"{section}.{key}", fail) for key, value in values.items()
    }
    if not changes:
        return part
    try:
        return dataclasses.replace(part, **changes)
    except ValueError as err:  # a value of the right type the part refuses
        raise fail(section, str(err)) from None


def _typed(value: Any, kind: str, where: str, fail: Any) -> Any:
    """A TOML value checked against a field's type (as its annotation names it)."""
    optional = kind.endswith(" | None")
    kind = kind.removesuffix(" | None")
    if optional and value == "none":
        return None
    what = {"bool": "true or false", "int": "a whole number", "float": "a number"}.get(
        kind, "a string" if kind == "str" else kind
    )
    if optional:
        what += ' or "none"'
    if kind == "bool":
        ok = isinstance(value, bool)
    elif kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and value >= 0
        what += " >= 0" if not optional else ""
    elif kind == "float":
        ok = isinstance(value, (int, float)) and not isinstance(value, bool) and value >= 0
        value = float(value) if ok else value
    elif kind == "str":
        ok = isinstance(value, str)
    else:
        raise fail(where, f"cannot be set from a file (a {kind})")
    if not ok:
        raise fail(where, f"must be {what}, not {value!r}")
    return value


def _check_keys(data: Mapping[str, Any], known: tuple[str, ...], prefix: str, fail: Any) -> None:
    for key in data:
        if key not in known:
            close = get_close_matches(key, known, n=3)
            hint = f"did you mean {', '.join(close)}?" if close else f"known: {', '.join(known)}"
            raise fail(f"{prefix}{key}", f"unknown key; {hint}")


def _section(
    data: Mapping[str, Any], key: str, fail: Any, where: str | None = None
) -> Mapping[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise fail(where or key, "must be a table ([section] with key = value lines)")
    return value


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


def _list(data: Mapping[str, Any], key: str, fail: Any, where: str | None = None) -> list[Any]:
    value = data[key]
    if not isinstance(value, list):
        raise fail(where or key, f"must be a list, not {value!r}")
    return value


def _strings(data: Mapping[str, Any], key: str, fail: Any, where: str | None = None) -> list[str]:
    values = _list(data, key, fail, where)
    for v in values:
        if not isinstance(v, str):
            raise fail(where or key, f"must be a list of strings; {v!r} is not one")
    return values


__all__ = [
    "KEYS",
    "SCORING_KEYS",
    "HouseRulesError",
    "catalogue_of",
    "load_house_rules",
    "load_packaged_house_rules",
    "parse_house_rules",
    "replace_fields",
]
