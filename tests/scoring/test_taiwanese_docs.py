"""docs/rules/taiwanese.md is the generated document: catalogue, switches, decisions."""

from __future__ import annotations

from pathlib import Path

from mahjongkit.scoring.taiwanese import CATALOGUE, SWITCHES
from mahjongkit.scoring.taiwanese.docs import DECISIONS, DOCUMENT, render_document

ROOT = Path(__file__).resolve().parents[2]


def test_committed_document_is_the_generated_one() -> None:
    """Run `python -m mahjongkit.scoring.taiwanese.docs` after changing the data."""
    assert (ROOT / DOCUMENT).read_text(encoding="utf-8") == render_document()


def test_document_lists_every_item_switch_and_decision() -> None:
    """Every catalogue line (004 lines 197-363) with both columns, every switch, every decision."""
    text = render_document()
    for item in CATALOGUE:
        assert f"`{item.id}`" in text
    for switch in SWITCHES:
        assert f"| `{switch.key}` |" in text
    for title, lines, _ in DECISIONS:
        assert f"### {title}" in text
        assert lines


def test_every_switch_is_named_in_a_decision() -> None:
    """Each loose place decided with a switch says so where it is decided."""
    decisions = " ".join(text for _, _, text in DECISIONS)
    for switch in SWITCHES:
        if switch.key != "minimum":
            assert f"`{switch.key}`" in decisions, switch.key
