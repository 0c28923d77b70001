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


def test_mcr_differences_list_every_point_where_the_rulesets_differ() -> None:
    """Issue: every point where mcr and mcr-gb differ, with its seed line: the values (002
    lines 162, 178) and the combinations (002 lines 76-198; 001 line 143 for bp-club)."""
    document = (ROOT / "docs/rules/mcr.md").read_text(encoding="utf-8")
    table = generated_section(document, "mcr-differences")
    rows = {
        cells[0]: cells[1:]
        for row in table.splitlines()
        if row.startswith("| ") and not row.startswith(("| Point", "| ---"))
        for cells in [row.removeprefix("| ").removesuffix(" |").split(" | ")]
    }
    assert rows["Two Concealed Kongs: value"][:3] == ["6", "8", "8"]
    assert rows["Concealed Kong and Melded Kong: value"][:3] == ["5", "6", "—"]
    fully_concealed = {
        "Four Concealed Pungs": "002 line 94",
        "Seven Pairs": "002 line 111",
        "Thirteen Orphans": "002 line 83",
        "Nine Gates": "002 line 78",
        "Seven Shifted Pairs": "002 line 81",
        "Greater Honors and Knitted Tiles": "002 line 113",
        "Lesser Honors and Knitted Tiles": "002 line 139",
    }
    for fan, line in fully_concealed.items():
        cells = rows[f"{fan} with Fully Concealed Hand"]
        assert cells[:2] == ["not counted", "counted"] and cells[3].startswith(line), fan
    wind = rows["Seat Wind with Pung of Terminals or Honors"]
    assert wind[:3] == ["not on its own sets", "counted", "not on its own sets"]
    assert "002 line 198" in wind[3] and "001 line 143" in wind[3]
    assert rows["Prevalent Wind with Pung of Terminals or Honors"][1] == "counted"
    assert rows["Nine Gates with Pung of Terminals or Honors"][:2] == [
        "not on its own sets",
        "not counted",
    ]
    assert rows["All Terminals with Double Pung"][:2] == ["not counted", "counted"]
    assert rows["All Green with Half Flush"][:2] == ["not counted", "counted"]
    for fan in ("All Green", "All Terminals"):
        assert rows[f"{fan} and Seven Pairs with Tile Hog"][:2] == ["counted", "not counted"]
    for wait in ("Edge Wait", "Closed Wait"):
        cells = rows[f"Knitted Straight with {wait}"]
        assert cells[:2] == ["counted", "not counted"] and cells[3].startswith("002 line 141")
    assert len(rows) == 18


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
