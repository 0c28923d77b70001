"""Render a scoring catalogue as a Markdown table, and keep generated doc sections current.

Any catalogue and any columns: a column is a catalogue value column (``"mcr"``) or a
`Ruleset`, whose values are the catalogue's after the ruleset's re-pricing and deletions
(an item that does not score under it shows ``—``).

>>> from mahjongkit.rules.catalogues import Catalogue, Item
>>> cat = Catalogue("demo", (
...     Item("pung", "Pung", "刻", (("a", 1),)),
...     Item("two_pungs", "Two Pungs", "双刻", (("a", 2), ("b", 3)), frozenset({"pung"})),
... ))
>>> print(render_catalogue(cat, ["a", "b"]))
| # | Item | Chinese | a | b | Implies | Seed |
| ---: | --- | --- | ---: | ---: | --- | --- |
| 1 | Pung `pung` | 刻 | 1 | — |  |  |
| 2 | Two Pungs `two_pungs` | 双刻 | 2 | 3 | Pung |  |
>>> doc = "intro\\n<!-- BEGIN GENERATED: t -->\\nold\\n<!-- END GENERATED: t -->\\nend\\n"
>>> print(replace_generated(doc, "t", "new"), end="")
intro
<!-- BEGIN GENERATED: t -->
new
<!-- END GENERATED: t -->
end
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from mahjongkit.rules.catalogues import Catalogue, Item, catalogue_of
from mahjongkit.rules.combinations import FanCombinations, fan_combinations
from mahjongkit.rules.ruleset import Ruleset, get_ruleset

Column = str | Ruleset
"""A catalogue value column by name, or a ruleset (its column with its overrides)."""

ABSENT = "—"


def column_heading(column: Column) -> str:
    """The table heading of a column: the column name or the ruleset name."""
    return column if isinstance(column, str) else column.name


def column_values(catalogue: Catalogue, column: Column) -> dict[str, int]:
    """Item id -> value for the items that score in a column."""
    if isinstance(column, str):
        out: dict[str, int] = {}
        for item in catalogue:
            value = item.value(column)
            if value is not None:
                out[item.id] = value
        return out
    return catalogue.values_for(column)


def render_catalogue(
    catalogue: Catalogue,
    columns: Sequence[Column],
    *,
    item_heading: str = "Item",
    combinations: FanCombinations | None = None,
) -> str:
    """The catalogue as a Markdown table: one row per item, one value column per column.

    After the values come the items each one implies (never counted with it: the
    items' own ``implies``, or those of a reading of the ``combinations``) and the seed
    line it rests on; a flower item is marked, since it does not count towards a
    minimum that excludes flowers.
    """
    values = [column_values(catalogue, c) for c in columns]
    headings = [
        "#",
        item_heading,
        "Chinese",
        *(column_heading(c) for c in columns),
        "Implies",
        "Seed",
    ]
    aligns = ["---:", "---", "---", *("---:" for _ in columns), "---", "---"]
    lines = [_row(headings), _row(aligns)]
    for number, item in enumerate(catalogue, start=1):
        cells = [str(number), _name(item), _cell(item.chinese)]
        cells += [str(v[item.id]) if item.id in v else ABSENT for v in values]
        cells.append(_cell(_implies(catalogue, item, combinations)))
        cells.append(_cell(item.seed))
        lines.append(_row(cells))
    return "\n".join(lines)


def _implies(catalogue: Catalogue, item: Item, combinations: FanCombinations | None) -> str:
    implies, on_own_sets = (
        (item.implies, item.implies_on_sets)
        if combinations is None
        else (
            combinations.implies.get(item.id, frozenset()),
            combinations.implies_on_own_sets.get(item.id, frozenset()),
        )
    )
    text = ", ".join(sorted(catalogue[i].name for i in implies))
    # Some fans exclude others only on the sets that earned them.
    on_sets = sorted(catalogue[i].name for i in on_own_sets)
    if on_sets:
        text += ("; " if text else "") + "on its own sets: " + ", ".join(on_sets)
    return text


def _name(item: Item) -> str:
    flower = " (flower)" if item.is_flower else ""
    return f"{_cell(item.name)} `{item.id}`{flower}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|")


def _row(cells: Sequence[str]) -> str:
    return "| " + " | ".join(cells) + " |"


def begin_marker(name: str) -> str:
    """The line that opens a generated section."""
    return f"<!-- BEGIN GENERATED: {name} -->"


def end_marker(name: str) -> str:
    """The line that closes a generated section."""
    return f"<!-- END GENERATED: {name} -->"


def replace_generated(document: str, name: str, body: str) -> str:
    """The document with its generated section ``name`` replaced by ``body``.

    The section must exist once: a document without its markers is an error, not a
    silent append.
    """
    begin, end = begin_marker(name), end_marker(name)
    if document.count(begin) != 1 or document.count(end) != 1:
        raise ValueError(f"the document needs exactly one {begin!r} and one {end!r}")
    head, rest = document.split(begin, 1)
    _, tail = rest.split(end, 1)
    return f"{head}{begin}\n{body.strip()}\n{end}{tail}"


def generated_section(document: str, name: str) -> str:
    """The body of a document's generated section ``name`` (without its markers)."""
    begin, end = begin_marker(name), end_marker(name)
    if begin not in document or end not in document:
        raise ValueError(f"the document has no generated section {name!r}")
    return document.split(begin, 1)[1].split(end, 1)[0].strip()


@dataclass(frozen=True, slots=True)
class GeneratedTable:
    """A catalogue table kept in a document: where it goes and what it shows.

    ``columns`` are ruleset names (resolved with ``get_ruleset``) or catalogue columns
    written ``column:<name>``.
    """

    document: str
    """Path from the repository root, e.g. ``docs/rules/mcr.md``."""
    section: str
    """The name in the document's ``BEGIN/END GENERATED`` markers."""
    family: str
    """The scoring family whose catalogue is shown (``mcr``, ``taiwanese``)."""
    columns: tuple[str, ...]
    item_heading: str = "Item"
    implies_of: str = ""
    """A ruleset whose reading of the fan combinations fills the Implies column
    (`mahjongkit.rules.combinations`); empty: the items' own ``implies``."""

    def render(self) -> str:
        """The table's Markdown, rendered from the catalogue as it is now."""

        columns: list[Column] = [
            c.removeprefix("column:") if c.startswith("column:") else get_ruleset(c)
            for c in self.columns
        ]
        combinations = fan_combinations(get_ruleset(self.implies_of)) if self.implies_of else None
        table = render_catalogue(
            catalogue_of(self.family),
            columns,
            item_heading=self.item_heading,
            combinations=combinations,
        )
        return f"{table}\n\n{legend(columns, self.implies_of)}"

    def update(self, root: Path) -> bool:
        """Rewrite the document's section from the catalogue; True when it changed."""
        path = root / self.document
        old = path.read_text(encoding="utf-8")
        new = replace_generated(old, self.section, self.render())
        if new != old:
            path.write_text(new, encoding="utf-8")
        return new != old

    def is_current(self, root: Path) -> bool:
        """True when the document's section is what the catalogue renders now."""
        document = (root / self.document).read_text(encoding="utf-8")
        return generated_section(document, self.section) == self.render().strip()


def legend(columns: Sequence[Column], implies_of: str = "") -> str:
    """One line per column saying what its values are."""
    lines = []
    for column in columns:
        if isinstance(column, str):
            lines.append(f"- `{column}`: the catalogue's `{column}` column.")
        else:
            minimum = f", minimum {column.scoring.minimum_points} without flowers"
            lines.append(f"- `{column.name}`: {column.title}{minimum}.")
    lines.append(
        f"- {ABSENT}: the item does not score under that ruleset (absent from its column, "
        "or deleted by it: a deleted item neither scores nor excludes others)."
    )
    whose = f", as `{implies_of}` reads the fan combinations" if implies_of else ""
    lines.append(
        '- Implies: the items never counted together with this one ("on its own sets": '
        f"not counted on the sets that earned this one){whose}."
    )
    lines.append("- Seed: the seed document and line the item rests on.")
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class GeneratedRulebook(GeneratedTable):
    """The rulebooks of several rulesets side by side, kept in a document: every rule of
    every part with its value under each ruleset and its meaning (`render_comparison`)."""

    def render(self) -> str:
        """The tables' Markdown, rendered from the rulesets as they are now."""
        from mahjongkit.rules.book import render_comparison

        return render_comparison(self.columns)


@dataclass(frozen=True, slots=True)
class GeneratedDifferences(GeneratedTable):
    """A table of every point where rulesets of one family score differently: the values
    that differ between the first two rulesets' columns (with the family module's
    ``VALUE_REASONS``), and each pair of fans that counts together under one ruleset's
    reading of the fan combinations (`mahjongkit.rules.combinations`, MCR's) and not
    under another's, with the rule it rests on. ``columns`` are ruleset names; the values
    compared are the first two's.
    """

    def render(self) -> str:
        """The table's Markdown, rendered from the catalogue and the readings as they are."""
        import importlib

        family = importlib.import_module(f"mahjongkit.rules.catalogues.{self.family}")
        rulesets = [get_ruleset(name) for name in self.columns]
        reasons = getattr(family, "VALUE_REASONS", {})
        return render_differences(catalogue_of(self.family), rulesets, reasons)


COUNTED = "counted"
NOT_COUNTED = "not counted"
NOT_ON_OWN_SETS = "not on its own sets"


def render_differences(
    catalogue: Catalogue, rulesets: Sequence[Ruleset], value_reasons: Mapping[str, str]
) -> str:
    """Every point where the rulesets score differently, as a Markdown table (see
    `GeneratedDifferences`)."""
    scored = [catalogue.values_for(r) for r in rulesets]
    readings = [fan_combinations(r) for r in rulesets]
    names = [r.name for r in rulesets]
    lines = [
        _row(["Point", *names, "Why"]),
        _row(["---", *("---" for _ in rulesets), "---"]),
    ]
    first, second = scored[0], scored[1]
    for item in catalogue:
        a, b = first.get(item.id), second.get(item.id)
        if a is not None and b is not None and a != b:
            cells = [str(v.get(item.id, ABSENT)) for v in scored]
            reason = value_reasons.get(item.id, item.seed)
            lines.append(_row([f"{_cell(item.name)}: value", *cells, _cell(reason)]))

    def status(n: int, fan: str, other: str) -> str:
        if fan not in scored[n] or other not in scored[n]:
            return ABSENT
        reading = readings[n]
        if other in reading.implies.get(fan, ()):
            return NOT_COUNTED
        if other in reading.implies_on_own_sets.get(fan, ()):
            return NOT_ON_OWN_SETS
        return COUNTED

    order = {item.id: n for n, item in enumerate(catalogue)}
    named = sorted(set().union(*(r.fans() for r in readings)), key=order.__getitem__)
    for fan in named:
        for other in named:
            cells = [status(n, fan, other) for n in range(len(rulesets))]
            present = [c for c in cells if c != ABSENT]
            if len(set(present)) > 1:
                why = _why(names, readings, cells, fan)
                point = f"{catalogue[fan].name} with {catalogue[other].name}"
                lines.append(_row([_cell(point), *cells, _cell(why)]))
    # Fans that imply others only when counted together, one row per rule.
    rules: dict[tuple[frozenset[str], frozenset[str]], str] = {}
    for reading in readings:
        for rule in reading.together:
            rules.setdefault((rule.fans, rule.implies), rule.reason)
    for (fans, implied), reason in sorted(
        rules.items(), key=lambda r: sorted(map(order.__getitem__, r[0][0]))
    ):
        cells = []
        for n, reading in enumerate(readings):
            if not (fans | implied) <= scored[n].keys():
                cells.append(ABSENT)
            elif any((r.fans, r.implies) == (fans, implied) for r in reading.together):
                cells.append(NOT_COUNTED)
            else:
                cells.append(COUNTED)
        both = " and ".join(catalogue[f].name for f in sorted(fans, key=order.__getitem__))
        others = ", ".join(catalogue[f].name for f in sorted(implied, key=order.__getitem__))
        lines.append(_row([_cell(f"{both} with {others}"), *cells, _cell(reason)]))
    lines.append("")
    for name, reading in zip(names, readings, strict=True):
        lines.append(f"- `{name}` reads the fan combinations as {reading.description}.")
    lines.append(
        f"- {COUNTED}: both fans score; {NOT_COUNTED}: the second is implied by the first "
        f"(or by the fans named together); {NOT_ON_OWN_SETS}: implied only where the same "
        f"sets earned both; {ABSENT}: a fan of the point does not score under that ruleset."
    )
    return "\n".join(lines)


def _why(
    names: Sequence[str], readings: Sequence[FanCombinations], cells: Sequence[str], fan: str
) -> str:
    """The rules a point rests on: the reasons the readings give for the fan where it
    scores, each with the rulesets that read it so when they differ."""
    reasons: dict[str, list[str]] = {}
    for name, reading, cell in zip(names, readings, cells, strict=True):
        if cell != ABSENT and fan in reading.reasons:
            reasons.setdefault(reading.reasons[fan], []).append(name)
    if len(reasons) <= 1:
        return next(iter(reasons), "")
    return "; ".join(f"{', '.join(who)}: {why}" for why, who in reasons.items())


GENERATED_TABLES: tuple[GeneratedTable, ...] = (
    GeneratedTable(
        "docs/rules/mcr.md",
        "mcr-fan-table",
        "mcr",
        ("mcr-gb", "mcr", "bp-club"),
        "Fan",
        implies_of="mcr",
    ),
    GeneratedDifferences(
        "docs/rules/mcr.md", "mcr-differences", "mcr", ("mcr-gb", "mcr", "bp-club")
    ),
    GeneratedRulebook(
        "docs/rules/rulebook.md",
        "rulebook",
        "",
        ("mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"),
    ),
)
"""Every generated catalogue table in the docs; ``scripts/gen_rules_docs.py`` rewrites them
and a test checks that the committed documents match."""


__all__ = [
    "GENERATED_TABLES",
    "Column",
    "GeneratedDifferences",
    "GeneratedRulebook",
    "GeneratedTable",
    "begin_marker",
    "column_values",
    "end_marker",
    "generated_section",
    "legend",
    "render_catalogue",
    "render_differences",
    "replace_generated",
]
