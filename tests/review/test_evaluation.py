"""The evaluation of a decision and the review of a hand: the same samples for every
candidate, the ruleset's own money, the same answer for the same seed."""

from __future__ import annotations

import random

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.bots.lookahead import Estimate, Evaluation, EvaluationError, evaluate
from mahjongkit.game.actions import WIN, Action
from mahjongkit.game.match_record import money_of
from mahjongkit.game.observation import seen_events
from mahjongkit.game.position import Position
from mahjongkit.game.record import HandRecord, record_of
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import balances
from mahjongkit.review.hands import decisions_of, review_hand

SHORT = {"mcr": 52, "taiwanese-lrc": 6}
"""Seeds of hands the efficient bots finish in few decisions (a cheap review)."""


def short_hand(ruleset: str) -> tuple[HandState, HandRecord]:
    state = HandState.new(ruleset, random.Random(SHORT[ruleset]))
    play_hand(state, [BOTS["efficient"]() for _ in range(4)], seed=SHORT[ruleset])
    assert state.result is not None and state.result.kind == "win"
    return state, record_of(state)


def test_every_candidate_is_weighed_on_the_same_samples_and_a_seed_repeats() -> None:
    state = HandState.new("mcr", random.Random(1))
    position = Position.from_history("mcr", 0, seen_events(state, 0))
    one = evaluate(position, samples=3, seed=4)
    two = evaluate(position, samples=3, seed=4)
    assert one == two
    assert [e.action for e in one.estimates] == list(position.legal_actions())
    assert {e.samples for e in one.estimates} == {3}
    assert one.best.mean == max(e.mean for e in one.estimates)
    _, stderr = one.loss(one.estimates[0].action)
    assert stderr >= 0
    assert evaluate(position, samples=3, seed=5) != one


@pytest.mark.parametrize("ruleset", sorted(SHORT))
def test_a_win_is_worth_the_money_the_ruleset_pays_for_it(ruleset: str) -> None:
    """At the decision where the winner declared its win, the win's estimate is exactly
    the money the recorded hand moved for it (every sample alike: the hand ends there)."""
    state, record = short_hand(ruleset)
    assert state.result is not None
    winner = state.result.winners[0]
    money = money_of(state, Deal(), state.ruleset.table, Pot())
    paid = balances(money.payments)[winner]
    assert paid > 0
    last = None
    for step, position, drawn, dice in decisions_of(record, winner):
        if WIN in position.legal_actions():
            last = (
                evaluate(position, samples=2, candidates=(WIN,), drawn_discards=drawn, dice=dice),
                step,
            )
    assert last is not None
    evaluation, step = last
    assert record.actions[step][0] == winner
    assert evaluation.of(WIN).points == (paid, paid)


def test_a_review_follows_the_seat_s_decisions() -> None:
    _, record = short_hand("taiwanese-lrc")
    review = review_hand(record, 0, samples=1, seed=3)
    steps = [step for step, *_ in decisions_of(record, 0)]
    assert [d.step for d in review.decisions] == steps and steps
    for d in review.decisions:
        assert d.chosen.to_index() == record.actions[d.step][1]
        assert d.chosen in d.candidates and d.preferred in d.candidates
        if d.agrees:
            assert d.loss == 0 and d.loss_stderr == 0
    assert review.points_lost == sum(d.loss for d in review.decisions)
    assert review_hand(record, 0, samples=1, seed=3).to_json()["decisions"] == [
        d.to_json() for d in review.decisions
    ]


def test_what_cannot_be_evaluated_says_why() -> None:
    state = HandState.new("mcr", random.Random(1))
    position = Position.from_history("mcr", 2, seen_events(state, 2))
    with pytest.raises(EvaluationError, match="nothing to decide"):
        evaluate(position, samples=1)
    with pytest.raises(EvaluationError, match="unknown bot 'clever'"):
        evaluate(position, samples=1, bot="clever")
    with pytest.raises(EvaluationError, match="samples must be 1 or more"):
        evaluate(Position.from_history("mcr", 0, seen_events(state, 0)), samples=0)
    with pytest.raises(EvaluationError, match="unknown bot 'wise'"):
        evaluate(Position.from_history("mcr", 0, seen_events(state, 0)), seat_bot="wise")


def test_the_seat_may_play_on_as_another_bot() -> None:
    """``seat_bot`` plays the seat's own later decisions: the same samples, other play."""
    state = HandState.new("mcr", random.Random(1))
    position = Position.from_history("mcr", 0, seen_events(state, 0))
    legal = position.legal_actions()[:2]
    plain = evaluate(position, samples=2, seed=4, candidates=legal)
    own = evaluate(position, samples=2, seed=4, candidates=legal, seat_bot="defender")
    again = evaluate(position, samples=2, seed=4, candidates=legal, seat_bot="defender")
    assert own == again
    assert [e.action for e in own.estimates] == [e.action for e in plain.estimates]


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc", "taiwanese-dxb", "botzone"])
def test_every_decision_of_played_hands_can_be_weighed(ruleset: str) -> None:
    """Hands of the stronger bots, every seat reviewed with one sample a decision: each
    decision is weighed (a sample replays every history)."""
    for seed in range(3):
        state = HandState.new(ruleset, random.Random(seed))
        bots = [BOTS[name]() for name in ("defender", "scorer", "efficient", "random")]
        play_hand(state, bots, seed=seed)
        record = record_of(state)
        for seat in range(4):
            review = review_hand(record, seat, samples=1, seed=seed)
            assert not review.problems, review.problems
            assert len(review.decisions) == sum(1 for _ in decisions_of(record, seat))


def test_a_loss_is_measured_on_samples_that_did_not_choose_the_best() -> None:
    """Cross-fitting: a candidate better in every sample loses its whole lead; one that
    looks best only by luck on half the samples has its lead measured on the other half."""
    keep, better, lucky = (Action.from_index(i) for i in (0, 1, 2))
    steady = Evaluation((Estimate(keep, (0, 0, 0, 0)), Estimate(better, (5, 5, 5, 5))))
    assert steady.loss(keep) == (5.0, 0.0)
    assert steady.loss(better) == (0.0, 0.0)
    chance = Evaluation((Estimate(keep, (1, 1, 1, 1)), Estimate(lucky, (10, -7, 10, -7))))
    assert chance.best.action == lucky  # by its mean over every sample...
    loss, _ = chance.loss(keep)
    assert loss < 0  # ...but the samples that did not pick it say keep was as good
    single = Evaluation((Estimate(keep, (1,)), Estimate(better, (4,))))
    assert single.loss(keep) == (3.0, 0.0)  # one sample: no other half
