"""The generated tables in docs/ match the catalogues (run scripts/gen_rules_docs.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjongkit.rules.catalogues import Catalogue, Item
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring.docs import (
    GENERATED_TABLES,
    generated_section,
    render_catalogue,
    replace_generated,
)

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("table", GENERATED_TABLES, ids=lambda t: f"{t.document}#{t.section}")
def test_committed_table_is_the_generated_one(table: object) -> None:
    from mahjongkit.scoring.docs import GeneratedTable

    assert isinstance(table, GeneratedTable)  # a catalogue table or the rulebooks
    document = (ROOT / table.document).read_text(encoding="utf-8")
    assert generated_section(document, table.section) == table.render().strip(), (
        f"{table.document} is out of date: run python scripts/gen_rules_docs.py"
    )


def test_mcr_table_shows_the_three_rulesets() -> None:
    """Issue: values per ruleset column mcr-gb / mcr / bp-club (seed 002 line 162: Two
    Concealed Kongs 8 in mcr; seed 001 line 45: no Prevalent Wind in bp-club)."""
    document = (ROOT / "docs/rules/mcr.md").read_text(encoding="utf-8")
    table = generated_section(document, "mcr-fan-table")
    rows = {
        row.split(" | ")[1].split(" `")[0]: row.split(" | ")
        for row in table.splitlines()
        if row.split(" | ")[0].removeprefix("| ").isdigit()
    }
    assert rows["Two Concealed Kongs"][3:6] == ["6", "8", "8"]
    assert rows["Prevalent Wind"][3:6] == ["2", "2", "—"]
    assert rows["Seat Flower"][3:6] == ["—", "—", "1"]


def test_any_catalogue_and_columns_render() -> None:
    """The renderer is not MCR's: a catalogue of another family with its own columns."""
    cat = Catalogue(
        "demo",
        (
            Item("base_point", "Base Point", "底", (("lrc", 1), ("dxb", 2))),
            Item("lrc_only", "LRC Only", "", (("lrc", 5),), frozenset({"base_point"})),
        ),
    )
    text = render_catalogue(cat, ["lrc", "dxb", get_ruleset("taiwanese-dxb")])
    lines = text.splitlines()
    assert lines[0] == "| # | Item | Chinese | lrc | dxb | taiwanese-dxb | Implies | Seed |"
    assert lines[3].startswith("| 2 | LRC Only `lrc_only` |  | 5 | — | — | Base Point |")


def test_a_document_without_its_markers_is_an_error() -> None:
    with pytest.raises(ValueError, match="exactly one"):
        replace_generated("no markers here", "mcr-fan-table", "x")
