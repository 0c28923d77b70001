"""Every ruleset is complete typed data, and no code outside the rules decides a rule by
asking which family a ruleset belongs to."""

from __future__ import annotations

import re
from dataclasses import MISSING, fields
from pathlib import Path

import pytest

from mahjongkit.rules.book import PARTS, field_docs, rulebook
from mahjongkit.rules.ruleset import get_ruleset, ruleset_names

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "mahjongkit"

FAMILY_CHECK = re.compile(
    r"""family\s*[!=]=|[!=]=\s*["'](mcr|taiwanese)["']|["'](mcr|taiwanese)["']\s*[!=]="""
    r"""|\.scoring\s*[!=]=|\bif\s+family\b|["']mcr["']\s+if\b|else\s+["'](mcr|taiwanese)["']"""
    r"""|column\s*[!=]=|[!=]=\s*["'](lrc|dxb|mcr-gb)["']"""
    r"""|startswith\(\s*["'](mcr|taiwanese|botzone)"""
)
"""A comparison with a family or a sheet's name, or a look at how a ruleset's name
starts: the checks the rules issue removed (a detector asks whether the sheet prices an
item, not which sheet it is)."""


def test_no_code_outside_the_rules_asks_the_family() -> None:
    """Rules are data: the engine, money, bots and adapters read rules, never the family
    (the rules issue; DESIGN.md "no code asks which family a ruleset belongs to")."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if path.relative_to(PACKAGE).parts[0] == "rules":
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if FAMILY_CHECK.search(line.split("#")[0]):
                found.append(f"{path.relative_to(PACKAGE)}:{number}: {line.strip()}")
    assert not found, "family checks outside mahjongkit.rules:\n" + "\n".join(found)


def test_the_family_check_finds_what_it_should() -> None:
    for line in (
        'if rules.family == "mcr":',
        'sets = (13 if family == "mcr" else 16)',
        'x = "mcr" if a else "taiwanese"',
        "if rules.scoring != other:",
    ):
        assert FAMILY_CHECK.search(line), line
    assert not FAMILY_CHECK.search('importlib.import_module(f"mahjongkit.scoring.{family}")')


@pytest.mark.parametrize("part", [cls for _, cls in PARTS], ids=lambda c: c.__name__)
def test_no_part_has_a_default_and_every_rule_says_what_it_means(part: type) -> None:
    """Each built-in ruleset spells out every value: no field has a default to fall back
    on, and each field documents its meaning (the rulebook shows it)."""
    docs = field_docs(part)
    for f in fields(part):
        assert f.default is MISSING and f.default_factory is MISSING, f.name
        assert docs.get(f.name), f"{part.__name__}.{f.name} has no docstring"


@pytest.mark.parametrize("name", ruleset_names())
def test_every_ruleset_shows_its_whole_rulebook(name: str) -> None:
    rules = get_ruleset(name)
    book = rulebook(rules)
    shown = {(p["part"], r["rule"]) for p in book["parts"] for r in p["rules"]}
    for part_name, cls in PARTS:
        if part_name == "scoring.sheet" and rules.scoring.sheet is None:
            continue
        for f in fields(cls):
            if f.name != "sheet":
                assert (part_name, f.name) in shown
    assert book["contents_hash"] == rules.contents_hash()


def test_changed_finds_each_rule_in_its_part_and_checks_it() -> None:
    lrc = get_ruleset("taiwanese-lrc")
    club = lrc.changed(ting_in_play=False, die_cap=6, step_up_suits="any", minimum_points=3)
    assert (club.play.ting_in_play, club.table.die_cap) == (False, 6)
    assert club.scoring.sheet is not None and club.scoring.sheet.step_up_suits == "any"
    assert club.scoring.minimum_points == 3
    assert club.contents_hash() != lrc.contents_hash()
    with pytest.raises(ValueError, match="step_up_suits"):
        lrc.changed(step_up_suits="two")
    with pytest.raises(ValueError, match="did you mean"):
        lrc.changed(die_capp=6)


def test_the_cli_prints_the_rulebook(capsys: pytest.CaptureFixture[str]) -> None:
    import json

    from typer.testing import CliRunner

    from mahjongkit.cli import rules as _rules  # noqa: F401
    from mahjongkit.cli.app import app, main  # noqa: F401  (registers the commands)

    out = CliRunner().invoke(app, ["rules", "show", "bp-club", "--json"])
    assert out.exit_code == 0, out.output
    book = json.loads(out.output)
    play = {r["rule"]: r for r in book["parts"][0]["rules"]}
    assert (
        play["draw_stacks_left"]["value"] == 7 and "001 l.42" in play["draw_stacks_left"]["meaning"]
    )
    text = CliRunner().invoke(app, ["rules", "show", "taiwanese-dxb"])
    assert "[scoring.sheet]" in text.output and "dxb_no_terminals = higher" in text.output
    bad = CliRunner().invoke(app, ["rules", "show", "nope"])
    assert bad.exit_code == 2
