"""Render a scoring catalogue as a Markdown table, and keep generated doc sections current.

Any catalogue and any columns: a column is a catalogue value column (``"mcr"``) or a
`Ruleset`, whose values are the catalogue's after the ruleset's re-pricing and deletions
(an item that does not score under it shows ``—``).

>>> from mahjongkit.scoring.catalogue import Catalogue, Item
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

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from mahjongkit.rules.combinations import FanCombinations, fan_combinations
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring.catalogue import Catalogue, Item

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
        from mahjongkit.rules.house import catalogue_of

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
            minimum = f", minimum {column.minimum_points} without flowers"
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


GENERATED_TABLES: tuple[GeneratedTable, ...] = (
    GeneratedTable(
        "docs/rules/mcr.md",
        "mcr-fan-table",
        "mcr",
        ("mcr-gb", "mcr", "bp-club"),
        "Fan",
        implies_of="mcr",
    ),
)
"""Every generated catalogue table in the docs; ``scripts/gen_rules_docs.py`` rewrites them
and a test checks that the committed documents match."""


__all__ = [
    "GENERATED_TABLES",
    "Column",
    "GeneratedTable",
    "begin_marker",
    "column_values",
    "end_marker",
    "generated_section",
    "legend",
    "render_catalogue",
    "replace_generated",
]
