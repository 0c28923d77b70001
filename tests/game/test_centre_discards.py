"""Discards in the centre of the table (`PlayRules.discards`): who threw what, and when,
is not shown (seed 003 line 45, seed 004 line 46); rows in front of each player are the
MCR way (seed 000 line 90) and a modern option (seed 003 line 47)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from mahjongkit.rules.house import HouseRulesError, load_house_rules
from mahjongkit.rules.play import InvalidPlayRulesError, play_rules
from mahjongkit.rules.ruleset import Ruleset, get_ruleset


def with_discards(name: str, layout: str) -> Ruleset:
    """The ruleset with its discards laid out as ``layout``."""
    rules = get_ruleset(name)
    options = dict(rules.options) | {"discards": layout}
    return dataclasses.replace(rules, options=tuple(sorted(options.items())))


@pytest.mark.parametrize(
    ("name", "layout"),
    [
        ("mcr", "rows"),  # seed 000 line 90: rows of six in front of each discarder
        ("mcr-gb", "rows"),
        ("bp-club", "rows"),  # seed 001 says nothing: the MCR way
        ("taiwanese-lrc", "centre"),  # seed 003 line 45, seed 004 line 46
        ("taiwanese-dxb", "centre"),
    ],
)
def test_each_family_lays_discards_as_its_seeds_say(name: str, layout: str) -> None:
    assert play_rules(get_ruleset(name)).discards == layout


def test_a_house_rules_file_chooses_the_layout(tmp_path: Path) -> None:
    """Seed 003 line 47: rows are "a common option in modern Chinese Mah Jong"."""
    path = tmp_path / "modern.toml"
    path.write_text('name = "modern"\nbase = "taiwanese-lrc"\n[options]\ndiscards = "rows"\n')
    assert play_rules(load_house_rules(path)).discards == "rows"
    path.write_text('name = "classical"\nbase = "mcr"\n[options]\ndiscards = "centre"\n')
    assert play_rules(load_house_rules(path)).discards == "centre"
    path.write_text('name = "odd"\nbase = "mcr"\n[options]\ndiscards = "center"\n')
    with pytest.raises(HouseRulesError, match="discards must be one of"):
        load_house_rules(path)


def test_an_unknown_layout_is_refused_by_name() -> None:
    with pytest.raises(InvalidPlayRulesError, match=r"discards must be one of \('rows', 'centre'\)"):
        play_rules(with_discards("mcr", "scattered"))
