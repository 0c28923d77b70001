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
S = 'name = "x"\nbase = "mcr"\n[scoring]\n'


def write(tmp_path: Path, text: str, name: str = "club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_minimal_file_is_the_base_under_a_new_name(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, BASIC))
    base = get_ruleset("mcr")
    assert rules.name == "my-club"
    assert rules.play == base.play and rules.table == base.table
    assert rules.scoring == base.scoring
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
    text = BASIC + '[scoring.fans]\npure_straight = 20\n"two concealed kongs" = 6\n'
    rules = load_house_rules(write(tmp_path, text))
    values = CATALOGUE.values_for(rules)
    assert values["pure_straight"] == 20
    assert values[_id("Two Concealed Kongs")] == 6


def test_repriced_item_changes_the_score(tmp_path: Path) -> None:
    hand = "[123m2]456m789m1sEEE1s"  # Pure Straight
    base = score(hand, None, "mcr")
    rules = load_house_rules(write(tmp_path, BASIC + '[scoring.fans]\n"Pure Straight" = 30\n'))
    repriced = score(hand, None, rules)
    assert repriced.total == base.total + 14
    assert repriced.ruleset == "my-club"


def test_removed_item_neither_scores_nor_counts(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, BASIC + '[scoring]\nremoved = ["Pure Straight"]\n'))
    assert "pure_straight" in rules.scoring.removed_items
    result = score("[123m2]456m789m1sEEE1s", None, rules)
    assert "Pure Straight" not in result.fan_counts()


def test_only_keeps_the_listed_items(tmp_path: Path) -> None:
    rules = load_house_rules(
        write(tmp_path, BASIC + '[scoring]\nonly = ["Pure Straight", "Self-Drawn"]\n')
    )
    assert set(CATALOGUE.values_for(rules)) == {"pure_straight", _id("Self-Drawn")}


def test_only_keeps_items_priced_in_values(tmp_path: Path) -> None:
    text = BASIC + '[scoring]\nonly = ["Pure Straight"]\n[scoring.fans]\n"Self-Drawn" = 2\n'
    rules = load_house_rules(write(tmp_path, text))
    assert CATALOGUE.values_for(rules) == {"pure_straight": 16, _id("Self-Drawn"): 2}


def test_minimum_forms_title_aliases_play_and_table(tmp_path: Path) -> None:
    text = BASIC + (
        'title = "My club"\naliases = ["mine"]\n'
        '[play]\ndraw_stacks_left = 7\n[table]\nfalse_win = "continue"\nhands_per_game = "none"\n'
        '[scoring]\nminimum_points = 3\nforms = ["regular", "seven_pairs"]\n'
    )
    rules = load_house_rules(write(tmp_path, text))
    assert rules.title == "My club"
    assert rules.aliases == ("mine",)
    assert rules.scoring.minimum_points == 3
    assert rules.scoring.forms == frozenset({Form.REGULAR, Form.SEVEN_PAIRS})
    assert rules.play.draw_stacks_left == 7
    assert rules.table.false_win == "continue"
    assert rules.table.hands_per_game is None
    hash(rules)  # the rulebook stays hashable


def test_base_may_be_an_alias(tmp_path: Path) -> None:
    rules = load_house_rules(write(tmp_path, 'name = "gb-club"\nbase = "guobiao"\n'))
    assert rules.scoring.column == "mcr-gb"


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ('base = "mcr"\n', "name", "missing"),
        ('name = "x"\n', "base", "missing"),
        ('name = "x"\nbase = "nope"\n', "base", "unknown ruleset 'nope'"),
        ('name = "Bad Name"\nbase = "mcr"\n', "name", "lowercase"),
        ('name = "x"\nbase = "mcr"\ncolour = 1\n', "colour", "unknown key"),
        ('name = "x"\nbase = "mcr"\nminimum_points = 3\n', "minimum_points", "unknown key"),
        (S + "minimum_points = -1\n", "scoring.minimum_points", ">= 0"),
        (S + 'minimum_points = "5"\n', "scoring.minimum_points", "whole number"),
        (S + 'forms = ["pairs"]\n', "scoring.forms", "unknown form 'pairs'"),
        (S + "forms = []\n", "scoring.forms", "no form left"),
        (S + 'removed = ["Pure Stright"]\n', "scoring.removed", "did you mean 'pure_straight'"),
        (S + 'only = ["Nope"]\n', "scoring.only", "unknown item 'Nope'"),
        (S + 'only = ["Seat Flower"]\n', "scoring.only", "give it one in [scoring.fans]"),
        (S + 'removed = "Pure Straight"\n', "scoring.removed", "must be a list"),
        (S + "minimun_points = 3\n", "scoring.minimun_points", "did you mean minimum_points"),
        (S + "[scoring.fans]\nNope = 3\n", "scoring.fans.Nope", "unknown item"),
        (S + '[scoring.fans]\n"Pure Straight" = -2\n', "scoring.fans.Pure Straight", ">= 0"),
        (S + '[scoring.fans]\n"Pure Straight" = true\n', "scoring.fans.Pure Straight", "whole"),
        (S + "only = []\nremoved = []\n", "scoring.removed", "not both"),
        (
            S + 'removed = ["Pure Straight"]\n[scoring.fans]\n"Pure Straight" = 3\n',
            "scoring.removed",
            "both priced",
        ),
        (S + '[scoring.sheet]\nminimum = "dxb"\n', "scoring.sheet", "no sheet switches"),
        ('name = "x"\nbase = "mcr"\nplay = 1\n', "play", "must be a table"),
        ('name = "x"\nbase = "mcr"\n[play]\nx = {a = 1}\n', "play.x", "unknown key"),
        ('name = "mcr"\nbase = "mcr-gb"\n', "name", "already the name"),
        ('name = "x"\nbase = "mcr"\naliases = ["guobiao"]\n', "aliases", "already the name"),
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
    text = 'name = "bp-variant"\nbase = "bp-club"\n[scoring.fans]\n"Seat Flower" = 2\n'
    rules = load_house_rules(write(tmp_path, text))
    bp = get_ruleset("bp-club")
    assert rules.scoring.removed_items == bp.scoring.removed_items
    assert rules.scoring.minimum_points == 5
    assert rules.play == bp.play and rules.table == bp.table
    values = CATALOGUE.values_for(rules)
    assert values["seat_flower"] == 2
    assert values["no_flower_tiles"] == 1
    assert "prevalent_wind" not in values


def test_pricing_a_removed_item_brings_it_back(tmp_path: Path) -> None:
    text = 'name = "windy"\nbase = "bp-club"\n[scoring.fans]\n"Prevalent Wind" = 1\n'
    rules = load_house_rules(write(tmp_path, text))
    assert CATALOGUE.values_for(rules)["prevalent_wind"] == 1


@pytest.mark.parametrize(
    ("section", "line", "key", "words"),
    [
        ("play", "draw_stack_left = 7", "play.draw_stack_left", "did you mean draw_stacks_left"),
        ("play", "claim_priority = ['win']", "play.claim_priority", "unknown key"),
        ("table", 'false_win = "maybe"', "table", "false_win must be one of"),
        ("table", 'base_payment = "8"', "table.base_payment", "must be a whole number"),
        ("table", "base_payment = -8", "table.base_payment", "must be a whole number >= 0"),
        ("table", "time_limit_seconds = true", "table.time_limit_seconds", 'a number or "none"'),
        ("play", "ting_in_play = 1", "play.ting_in_play", "must be true or false"),
        ("play", "dice_throws = 3", "play", "dice_throws must be 1 or 2"),
        ("table", "dxb_no_terminals = 'both'", "table.dxb_no_terminals", "unknown key"),
        # one rule, one place: the forfeit is the table's invalid_claim_forfeits
        ("play", "invalid_claim_forfeits = true", "play.invalid_claim_forfeits", "unknown key"),
        ("table", "false_win_ends_hand = true", "table.false_win_ends_hand", "unknown key"),
        ("play", 'wall_layout = "quarters"', "play", "wall_layout must be one of"),
        ("play", 'wall_layout = "per_seat"', "play", "a per-seat wall is not broken by dice"),
        (
            "play",
            'wall_layout = "per_seat"\ndice_throws = 0\ndraw_stacks_left = 7',
            "play",
            "a per-seat wall has no dead wall",
        ),
        ("play", "dice_throws = 0", "play", "dice_throws must be 1 or 2 (0 only for a per-seat"),
        ("play", 'last_discard_claims = "sets"', "play", "last_discard_claims must be one of"),
        ("table", 'illegal_action = "ignore"', "table", "illegal_action must be one of"),
        ("table", 'illegal_action_penalty = "10"', "table.illegal_action_penalty", "whole number"),
        ("play", 'discards = "middle"', "play", "discards must be one of rows, centre"),
    ],
)
def test_sections_are_checked_against_the_typed_parts(
    tmp_path: Path, section: str, line: str, key: str, words: str
) -> None:
    """A typo or a bad value is an error naming the file, the key and the nearest names,
    never a rule that silently does nothing."""
    path = write(tmp_path, BASIC + f"[{section}]\n" + line + "\n")
    with pytest.raises(HouseRulesError) as err:
        load_house_rules(path)
    assert err.value.key == key
    assert str(err.value).startswith(str(path))
    assert words in str(err.value)


def test_taiwanese_switches_are_the_sheet_of_taiwanese_house_rules(tmp_path: Path) -> None:
    text = 'name = "tw-club"\nbase = "taiwanese-dxb"\n[scoring.sheet]\ndxb_no_terminals = "both"\n'
    sheet = load_house_rules(write(tmp_path, text)).scoring.sheet
    assert sheet is not None and sheet.dxb_no_terminals == "both"
    bad = 'name = "tw-club"\nbase = "taiwanese-dxb"\n[scoring.sheet]\nstep_up_suits = "two"\n'
    with pytest.raises(HouseRulesError, match="step_up_suits"):
        load_house_rules(write(tmp_path, bad))


def test_fan_combinations_are_a_section_a_club_can_change(tmp_path: Path) -> None:
    """002 l.76 (All Green may combine with Half Flush in the seed reading) as a switch a
    club can turn: [scoring.combinations] names a base reading and changes fans' lists."""
    hand = "[222s1][333s1]444s666sFF"  # All Green, and a Half Flush by its tiles
    seed = score(hand, None, "mcr").fan_counts()
    assert "Half Flush" in seed
    text = BASIC + (
        '[scoring.combinations]\nbase = "seed"\n'
        '[scoring.combinations.implies]\n"All Green" = ["Half Flush", "One Voided Suit"]\n'
    )
    club = load_house_rules(write(tmp_path, text))
    assert club.scoring.combinations is not None
    assert "half_flush" in club.scoring.combinations.implies["all_green"]
    assert "Half Flush" not in score(hand, None, club).fan_counts()
    over_bp = load_house_rules(write(tmp_path, 'name = "bp-two"\nbase = "bp-club"\n'))
    assert over_bp.scoring.combinations == get_ruleset("bp-club").scoring.combinations
    bad = BASIC + '[scoring.combinations]\nbase = "gb"\n'
    with pytest.raises(HouseRulesError, match="unknown reading 'gb'") as err:
        load_house_rules(write(tmp_path, bad))
    assert err.value.key == "scoring.combinations"
    typo = BASIC + '[scoring.combinations.implies]\n"All Gren" = ["Half Flush"]\n'
    with pytest.raises(HouseRulesError, match="All Gren"):
        load_house_rules(write(tmp_path, typo))
    tw = 'name = "tw"\nbase = "taiwanese-lrc"\n[scoring.combinations]\nbase = "seed"\n'
    with pytest.raises(HouseRulesError, match="no MCR fan combinations"):
        load_house_rules(write(tmp_path, tw))
