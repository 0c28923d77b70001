"""House-rules files: a TOML file over a base ruleset, validated with errors naming file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from mahjongkit.rules import ruleset as ruleset_module
from mahjongkit.rules.house import (
    HouseRulesError,
    catalogue_of,
    load_house_rules,
    load_packaged_house_rules,
    parse_house_rules,
)
from mahjongkit.rules.ruleset import Form, get_ruleset, register
from mahjongkit.scoring import score

CATALOGUE = catalogue_of("mcr")

BASIC = 'name = "my-club"\nbase = "mcr"\n'


def write(tmp_path: Path, text: str, name: str = "club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_minimal_file_is_the_base_under_a_new_name(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, BASIC))
    base = get_ruleset("mcr")
    assert rules.name == "my-club"
    assert rules.column == base.column
    assert rules.minimum_points == base.minimum_points
    assert rules.forms == base.forms
    assert rules.aliases == ()


def test_loading_does_not_register(tmp_path: Path) -> None:
    load_house_rules(write(tmp_path, 'name = "never-registered"\nbase = "mcr"\n'))
    with pytest.raises(KeyError):
        get_ruleset("never-registered")


def test_a_loaded_file_can_be_registered_by_the_caller(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A private copy of the registry, so the rest of the suite never sees this ruleset.
    monkeypatch.setattr(ruleset_module, "_REGISTRY", dict(ruleset_module._REGISTRY))
    monkeypatch.setattr(ruleset_module, "_ALIASES", dict(ruleset_module._ALIASES))
    rules = load_house_rules(write(tmp_path, 'name = "registered-club"\nbase = "mcr-gb"\n'))
    register(rules)
    assert get_ruleset("registered-club") is rules


def test_values_by_id_or_english_name(tmp_path: Path) -> None:
    text = BASIC + '[values]\npure_straight = 20\n"two concealed kongs" = 6\n'
    rules = load_house_rules(write(tmp_path, text))
    values = CATALOGUE.values_for(rules)
    assert values["pure_straight"] == 20
    assert values[_id("Two Concealed Kongs")] == 6


def test_repriced_item_changes_the_score(tmp_path: Path) -> None:
    hand = "[123m2]456m789m1sEEE1s"  # Pure Straight
    base = score(hand, None, "mcr")
    rules = load_house_rules(write(tmp_path, BASIC + '[values]\n"Pure Straight" = 30\n'))
    repriced = score(hand, None, rules)
    assert repriced.total == base.total + 14
    assert repriced.ruleset == "my-club"


def test_removed_item_neither_scores_nor_counts(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, BASIC + 'removed = ["Pure Straight"]\n'))
    assert "pure_straight" in rules.removed_items
    result = score("[123m2]456m789m1sEEE1s", None, rules)
    assert "Pure Straight" not in result.fan_counts()


def test_only_keeps_the_listed_items(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, BASIC + 'only = ["Pure Straight", "Self-Drawn"]\n'))
    assert set(CATALOGUE.values_for(rules)) == {"pure_straight", _id("Self-Drawn")}


def test_only_keeps_items_priced_in_values(tmp_path: Path) -> None:
    text = BASIC + 'only = ["Pure Straight"]\n[values]\n"Self-Drawn" = 2\n'
    rules = load_house_rules(write(tmp_path, text))
    assert CATALOGUE.values_for(rules) == {"pure_straight": 16, _id("Self-Drawn"): 2}


def test_minimum_forms_title_aliases_and_options(tmp_path: Path) -> None:
    text = BASIC + (
        'title = "My club"\naliases = ["mine"]\nminimum_points = 3\n'
        'forms = ["regular", "seven_pairs"]\n'
        '[options]\ndraw_stacks_left = 7\nfalse_win = "disqualify"\n'
    )
    rules = load_house_rules(write(tmp_path, text))
    assert rules.title == "My club"
    assert rules.aliases == ("mine",)
    assert rules.minimum_points == 3
    assert rules.forms == frozenset({Form.REGULAR, Form.SEVEN_PAIRS})
    assert rules.option("draw_stacks_left") == 7
    assert rules.option("false_win") == "disqualify"
    hash(rules)  # options stay hashable


def test_base_may_be_an_alias(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, 'name = "gb-club"\nbase = "botzone"\n'))
    assert rules.column == "mcr-gb"


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ('base = "mcr"\n', "name", "missing"),
        ('name = "x"\n', "base", "missing"),
        ('name = "x"\nbase = "nope"\n', "base", "unknown ruleset 'nope'"),
        ('name = "Bad Name"\nbase = "mcr"\n', "name", "lowercase"),
        ('name = "x"\nbase = "mcr"\ncolour = 1\n', "colour", "unknown key"),
        ('name = "x"\nbase = "mcr"\nminimum_points = -1\n', "minimum_points", ">= 0"),
        ('name = "x"\nbase = "mcr"\nminimum_points = "5"\n', "minimum_points", "whole number"),
        ('name = "x"\nbase = "mcr"\nforms = ["pairs"]\n', "forms", "unknown form 'pairs'"),
        ('name = "x"\nbase = "mcr"\nforms = []\n', "forms", "no form left"),
        ('name = "x"\nbase = "mcr"\nremoved = ["Pure Stright"]\n', "removed", "'Pure Stright'"),
        ('name = "x"\nbase = "mcr"\nonly = ["Nope"]\n', "only", "unknown item 'Nope'"),
        ('name = "x"\nbase = "mcr"\nonly = ["Seat Flower"]\n', "only", "give it one in [values]"),
        ('name = "x"\nbase = "mcr"\nremoved = "Pure Straight"\n', "removed", "must be a list"),
        ('name = "x"\nbase = "mcr"\n[values]\nNope = 3\n', "values.Nope", "unknown item"),
        (
            'name = "x"\nbase = "mcr"\n[values]\n"Pure Straight" = -2\n',
            "values.Pure Straight",
            ">= 0",
        ),
        (
            'name = "x"\nbase = "mcr"\n[values]\n"Pure Straight" = true\n',
            "values.Pure Straight",
            "whole number",
        ),
        (
            'name = "x"\nbase = "mcr"\nonly = []\nremoved = []\n',
            "removed",
            "not both",
        ),
        (
            'name = "x"\nbase = "mcr"\nremoved = ["Pure Straight"]\n[values]\n'
            '"Pure Straight" = 3\n',
            "removed",
            "both priced",
        ),
        ('name = "x"\nbase = "mcr"\n[options]\nBad = 1\n', "options.Bad", "switch name"),
        ('name = "x"\nbase = "mcr"\n[options]\nx = {a = 1}\n', "options.x", "a switch is"),
        ('name = "mcr"\nbase = "mcr-gb"\n', "name", "already the name"),
        ('name = "x"\nbase = "mcr"\naliases = ["botzone"]\n', "aliases", "already the name"),
    ],
)
def test_errors_name_the_file_and_the_key(tmp_path: Path, text: str, key: str, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(HouseRulesError) as caught:
        load_house_rules(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: {key}: "), message
    assert words in message
    assert caught.value.key == key


def test_not_toml_is_an_error_naming_the_file(tmp_path: Path) -> None:
    path = write(tmp_path, "name = \n")
    with pytest.raises(HouseRulesError, match="not valid TOML") as caught:
        load_house_rules(path)
    assert str(path) in str(caught.value)


def test_missing_file_is_an_error_naming_the_file(tmp_path: Path) -> None:
    with pytest.raises(HouseRulesError, match="cannot read"):
        load_house_rules(tmp_path / "absent.toml")


def test_house_rules_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        parse_house_rules("name = 1\nbase = 'mcr'\n")


def test_the_packaged_file_loads_through_the_public_mechanism(tmp_path: Path) -> None:
    """bp-club is the shipped TOML, read by the same loader as any club's file."""
    from importlib.resources import files

    shipped = files("mahjongkit.rules") / "data" / "bp-club.toml"
    copy = write(tmp_path, shipped.read_text(encoding="utf-8"), "bp-club.toml")
    assert load_house_rules(copy) == get_ruleset("bp-club") == load_packaged_house_rules("bp-club")


def test_a_different_file_cannot_take_the_bp_club_name(tmp_path: Path) -> None:
    with pytest.raises(HouseRulesError, match="already the name"):
        load_house_rules(write(tmp_path, 'name = "bp-club"\nbase = "mcr"\n'))


def _id(name: str) -> str:
    return next(item.id for item in CATALOGUE if item.name == name)


def test_a_file_over_another_house_ruleset_inherits_it(tmp_path: Path) -> None:
    """A club may start from bp-club: its deletions, flower items and options carry over."""
    text = 'name = "bp-variant"\nbase = "bp-club"\n[values]\n"Seat Flower" = 2\n'
    rules = load_house_rules(write(tmp_path, text))
    bp = get_ruleset("bp-club")
    assert rules.removed_items == bp.removed_items
    assert rules.minimum_points == 5
    assert rules.option("draw_stacks_left") == 7
    values = CATALOGUE.values_for(rules)
    assert values["seat_flower"] == 2
    assert values["no_flower_tiles"] == 1
    assert "prevalent_wind" not in values


def test_pricing_a_removed_item_brings_it_back(tmp_path: Path) -> None:
    text = 'name = "windy"\nbase = "bp-club"\n[values]\n"Prevalent Wind" = 1\n'
    rules = load_house_rules(write(tmp_path, text))
    assert CATALOGUE.values_for(rules)["prevalent_wind"] == 1


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ("draw_stack_left = 7", "unknown option 'draw_stack_left'; did you mean draw_stacks_left"),
        ("claim_priority = ['win']", "unknown option 'claim_priority'"),
        ('false_win = "maybe"', "false_win must be one of"),
        ('discards = "middle"', "discards must be one of ('rows', 'centre')"),
        ('base_payment = "8"', "base_payment must be a whole number"),
        ("dxb_no_terminals = 'both'", "unknown option 'dxb_no_terminals'"),
        # one rule, one switch: the forfeit is the play rule false_claim_forfeits_win
        ("invalid_claim_forfeits = true", "unknown option 'invalid_claim_forfeits'"),
    ],
)
def test_options_are_checked_by_the_layer_that_reads_them(
    tmp_path: Path, options: str, words: str
) -> None:
    """A typo or a bad value in [options] is an error naming the option, never a rule that
    silently does nothing."""
    with pytest.raises(HouseRulesError) as err:
        load_house_rules(write(tmp_path, BASIC + "[options]\n" + options + "\n"))
    assert err.value.key == "options"
    assert words in str(err.value)


def test_taiwanese_switches_are_options_of_taiwanese_house_rules(tmp_path: Path) -> None:
    text = 'name = "tw-club"\nbase = "taiwanese-dxb"\n[options]\ndxb_no_terminals = "both"\n'
    assert load_house_rules(write(tmp_path, text)).option("dxb_no_terminals") == "both"
