"""Whole games: seating, rotation, money and table points, and replaying the money."""

from __future__ import annotations

import json
import random
from itertools import count, pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.game.actions import WIN, Action, ActionKind
from mahjongkit.game.match import Match, points_of, verify
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.hand import Hand
from mahjongkit.money.penalties import Effect
from mahjongkit.money.settlement import Reason, balances
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Score, ScoreItem, Situation
from mahjongkit.scoring.result import Outcome

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]


class Keen:
    """Test player: always wins when it may, claims often, otherwise plays at random."""

    name = "keen"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def act(self, observation: Observation, decision: Decision) -> Action:
        legal = observation.legal_actions
        if WIN in legal:
            return WIN
        melds = [a for a in legal if a.kind not in (ActionKind.DISCARD, ActionKind.PASS)]
        if melds and self.rng.random() < 0.7:
            return self.rng.choice(melds)
        return self.rng.choice(legal)


class FalseWinOnce(Keen):
    """Declares a win it does not have on its first turn, then plays keenly."""

    name = "false-win"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.done = False

    def act(self, observation: Observation, decision: Decision) -> Action:
        if (
            not self.done
            and observation.turn == observation.seat
            and WIN not in (observation.legal_actions)
        ) and observation.phase == "turn":
            self.done = True
            return WIN
        return super().act(observation, decision)


def keen(seed: int) -> list[Keen]:
    return [Keen(random.Random(seed * 4 + i)) for i in range(4)]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_full_game_money_adds_up(ruleset: str) -> None:
    """A full game of each ruleset: zero-sum, scores = start + payments, 7 table points,
    and the record replays the money exactly."""
    record = Match(ruleset, seed=11, bots=keen(11)).play()
    rules = get_ruleset(ruleset).table
    net = balances(record.payments)
    assert net[4] == 0  # the pot is empty at the end
    assert list(record.final_scores) == [rules.starting_points + n for n in net[:4]]
    assert sum(record.final_scores) == 4 * rules.starting_points
    assert sum(record.table_points) == 7
    assert verify(json.loads(json.dumps(record.to_json()))) == []


def test_mcr_game_is_16_hands_in_four_rounds_000_l24() -> None:
    record = Match("mcr", seed=2, bots=keen(2)).play()
    assert record.ended_by == "rounds"
    assert [h.deal.dealer for h in record.hands] == [0, 1, 2, 3] * 4
    assert [h.deal.prevalent for h in record.hands] == [w for w in range(4) for _ in range(4)]


def test_mcr_wins_are_paid_base_plus_points_000_l333() -> None:
    """Every MCR win in these games pays exactly as 000 l.333-335 say."""
    wins = 0
    for seed in range(4):
        for hand in Match("mcr", seed=seed, bots=keen(seed)).play().hands:
            for w in hand.money.wins:
                wins += 1
                got = balances(hand.money.payments)[w.winner]
                expected = 3 * (8 + w.points) if w.self_drawn else 8 + w.points + 16
                assert got == expected
    assert wins > 0


def test_taiwanese_dealer_keeps_deal_on_win_004_l134() -> None:
    checked = 0
    for seed in range(6):
        hands = Match("taiwanese-lrc", seed=seed, bots=keen(seed)).play().hands
        for before, after in pairwise(hands):
            winners = before.money.winners
            if before.deal.dealer in winners:
                checked += 1
                assert after.deal.dealer == before.deal.dealer
                assert after.deal.dealer_streak == before.deal.dealer_streak + 1
            else:
                assert after.deal.dealer == (before.deal.dealer + 1) % 4
                assert after.deal.dealer_streak == 0
    assert checked > 0


def test_hand_count_ends_the_game() -> None:
    record = Match("taiwanese-dxb", seed=1, max_hands=3).play()
    assert len(record.hands) == 3 and record.ended_by == "hand count"


def test_time_limit_ends_the_game_000_l102() -> None:
    """000 l.102, 002 l.219: a tournament game stops when its time runs out; no hand
    starts after that. The clock is a counter: one tick per look."""
    ticks = count()
    record = Match("mcr", seed=1, time_limit=3.5, clock=lambda: float(next(ticks))).play()
    assert record.ended_by == "time limit" and len(record.hands) == 3
    assert sum(record.table_points) == 7


def test_taiwanese_false_win_voids_and_replays_same_dealer_004_l480() -> None:
    """004 l.478-480: 25 to each other player, the hand void, the same dealer again."""
    bots = [FalseWinOnce(random.Random(0))] + [Keen(random.Random(i)) for i in (1, 2, 3)]
    m = Match("taiwanese-lrc", seed=5, bots=bots, max_hands=3)
    offender = m.seating.index(0)
    record = m.play()
    void = [h for h in record.hands if h.money.void]
    assert len(void) == 1
    hand = void[0]
    assert hand.money.penalties[0].offender == offender
    assert hand.money.penalties[0].effect is Effect.VOID_HAND
    false_win = [p for p in hand.money.payments if p.reason is Reason.FALSE_WIN]
    assert sorted(p.payee for p in false_win) == sorted({0, 1, 2, 3} - {offender})
    assert {p.amount for p in false_win} == {25}
    nxt = record.hands[record.hands.index(hand) + 1]
    assert (nxt.deal.dealer, nxt.deal.dealer_streak) == (hand.deal.dealer, hand.deal.dealer_streak)
    assert verify(record.to_json()) == []


def test_seating_is_the_seeded_wind_draw() -> None:
    a, b = Match("mcr", seed=9), Match("mcr", seed=9)
    assert a.seating == b.seating and sorted(a.seating) == [0, 1, 2, 3]


def test_verify_finds_tampered_money() -> None:
    record = Match("taiwanese-lrc", seed=3, bots=keen(3), max_hands=4).play().to_json()
    record["final_scores"][0] += 5
    assert "the final scores differ" in verify(record)


def test_points_of_takes_the_die_out_of_the_total() -> None:
    """The die is paid as its own payment (004 l.428), so it is not in the win's points."""
    hand = Hand.parse("123m456m789m123p45pEE6p", size=16)
    score = Score(
        "taiwanese-lrc",
        hand,
        Situation(),
        Outcome.WIN,
        (
            ScoreItem("dice_on_the_wall", "Dice on the Wall", "", 7),
            ScoreItem("base_point", "Base Point", "", 5),
        ),
    )
    assert points_of(score) == 5


@settings(
    max_examples=8, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(st.integers(0, 10_000), st.sampled_from(RULESETS))
def test_final_scores_are_the_sum_of_payments(seed: int, ruleset: str) -> None:
    record = Match(ruleset, seed=seed, bots=keen(seed), max_hands=6).play()
    start = get_ruleset(ruleset).table.starting_points
    assert list(record.final_scores) == [start + b for b in balances(record.payments)[:4]]
    assert sum(balances(record.payments)) == 0
    assert sum(record.table_points) == 7
