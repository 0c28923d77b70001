"""Penalties of the seeds: false wins, invalid claims, tile counts, unrevealed kongs."""

from __future__ import annotations

from dataclasses import replace

import pytest

from mahjongkit.money.penalties import (
    Effect,
    Penalty,
    competition_rules,
    false_win,
    incorrect_tile_count,
    invalid_claim,
    unrevealed_concealed_kong,
)
from mahjongkit.money.settlement import Payment, Reason, SettlementError, balances
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.rules.table import InvalidTableRulesError

MCR = get_ruleset("mcr").table
LRC = get_ruleset("taiwanese-lrc").table


def test_taiwanese_false_win_25_to_each_and_void_004_l478() -> None:
    """004 l.144, l.478-480: 25 to each other player; the round is void."""
    p = false_win(2, LRC)
    assert p.effect is Effect.VOID_HAND
    assert list(balances(p.payments)) == [25, 25, -75, 25, 0]


def test_mcr_false_win_minimum_rule_001_l43() -> None:
    """001 l.43: failing the minimum disqualifies the player from winning this hand; no
    money by the seeds."""
    p = false_win(0, replace(MCR, false_win="disqualify"))
    assert p.effect is Effect.CANNOT_WIN and p.payments == ()
    # The engine's plain "continue": the penalty is recorded, nothing else happens.
    assert false_win(0, replace(MCR, false_win="continue")).effect is Effect.NONE


def test_mcr_competition_false_win_30() -> None:
    """The competition option: 30 in all, 10 to each other player."""
    p = false_win(3, competition_rules(replace(MCR, false_win="disqualify")))
    assert p.effect is Effect.CANNOT_WIN
    assert list(balances(p.payments)) == [10, 10, 10, -30, 0]


def test_bp_club_invalid_claim_forfeits_001_l52() -> None:
    """001 l.52: an invalid meld claim forfeits the right to declare mahjong this hand."""
    assert invalid_claim(1, replace(MCR, invalid_claim_forfeits=True)).effect is Effect.CANNOT_WIN
    assert invalid_claim(1, MCR).effect is Effect.NONE


def test_bp_club_table_rules_forfeit_001_l52() -> None:
    """001 l.52: bp-club's file turns the forfeit on; the engine and the money read the
    one rule; any ruleset may by the same rule."""
    rules = get_ruleset("bp-club").table
    assert rules.invalid_claim_forfeits and rules.base_payment == 8
    assert not get_ruleset("mcr").table.invalid_claim_forfeits
    assert get_ruleset("mcr").changed(invalid_claim_forfeits=True).table.invalid_claim_forfeits


def test_incorrect_tile_count_stop_and_drop_004_l436() -> None:
    """004 l.146-148, l.434-444: no win, no claims, no kong/flower money; not a false win."""
    p = incorrect_tile_count(0)
    assert p.effect is Effect.STOP_AND_DROP and p.payments == ()


def test_unrevealed_concealed_kong_10_each_004_l232() -> None:
    """004 l.232: penalty for not revealing a concealed kong: 10 pts to each player."""
    assert list(balances(unrevealed_concealed_kong(1, LRC).payments)) == [10, -30, 10, 10, 0]
    assert unrevealed_concealed_kong(1, MCR).payments == ()


def test_only_the_offender_pays() -> None:
    with pytest.raises(SettlementError):
        Penalty(0, "x", Effect.NONE, (Payment(1, 0, 5, Reason.FALSE_WIN),))


def test_penalty_json_round_trip() -> None:
    p = false_win(2, LRC)
    assert Penalty.from_json(p.to_json()) == p


def test_table_rules_are_checked() -> None:
    """A rule with a value the table cannot follow is an error naming it."""
    with pytest.raises(InvalidTableRulesError, match="multiple_winners"):
        get_ruleset("mcr").changed(multiple_winners="some")
    with pytest.raises(InvalidTableRulesError, match="false_win"):
        get_ruleset("mcr").changed(false_win="maybe")
    assert get_ruleset("mcr").changed(multiple_winners="all").table.multiple_winners == "all"
