"""A player's hands reviewed together: progress, errors kept apart, the summary's rates
from the hands' results beside the bot's own, and a hand's rating."""

from __future__ import annotations

import json

from mahjongkit.bots.lookahead import Estimate, Evaluation
from mahjongkit.game.actions import Action
from mahjongkit.review.games import ToReview, bot_rates, review_game
from mahjongkit.review.hands import Decision, HandReview, rating

from .test_evaluation import short_hand

SUMMARY_KEYS = {
    "hands",
    "decisions",
    "agreement",
    "points_lost",
    "points_lost_per_hand",
    "points_lost_per_hand_stderr",
    "clear_mistakes",
    "clear_points_lost",
    "rating",
    "wins",
    "deal_ins",
    "win_rate",
    "deal_in_rate",
    "bot",
}


def test_a_game_is_reviewed_hand_by_hand_and_summed_up() -> None:
    state, record = short_hand("mcr")
    result = state.result
    assert result is not None and result.discarder is not None
    winner, giver = result.winners[0], result.discarder
    steps: list[tuple[int, int]] = []
    hands = [
        ToReview(record, winner, place={"line": 1}),
        ToReview(("invalid_json", "not JSON"), 0, place={"line": 2}),
        ToReview(record, giver, place={"line": 3}),
    ]
    game = review_game(hands, samples=1, limit=2, progress=lambda d, t: steps.append((d, t)))
    assert steps[0] == (0, 4) and steps[-1] == (4, 4)
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
    assert [e.to_json() for e in game.errors] == [
        {"line": 2, "code": "invalid_json", "message": "not JSON"}
    ]
    summary = game.summary
    assert summary.decisions == 4 == sum(len(h.review.decisions) for h in game.hands)
    assert (summary.wins, summary.deal_ins) == (1, 1)  # one hand won, one dealt in
    assert (summary.win_rate, summary.deal_in_rate) == (0.5, 0.5)
    assert summary.bot == bot_rates(["mcr", "mcr"])
    assert summary.points_lost == sum(h.review.points_lost for h in game.hands)
    data = json.loads(json.dumps(game.to_json()))
    assert set(data) == {"hands", "summary", "errors"}
    assert set(data["summary"]) == SUMMARY_KEYS
    assert set(data["summary"]["bot"]) == {"bot", "hands", "win_rate", "deal_in_rate"}
    assert [h["line"] for h in data["hands"]] == [1, 3]
    assert all(0 <= h["rating"] <= 100 for h in data["hands"])
    for decision in (d for h in data["hands"] for d in h["decisions"]):
        assert all({"code", "text"} <= set(r) for r in decision["reasons"])


def test_the_bot_s_own_rates_come_from_its_self_play() -> None:
    rates = bot_rates(["taiwanese-lrc"] * 3)
    assert rates == bot_rates(["taiwanese-lrc"] * 3)  # the same walls
    assert rates.hands == 3 and rates.bot == "efficient"
    assert 0 < rates.win_rate <= 0.25 + 1e-9  # at most one winner a hand, of four seats
    assert rates.deal_in_rate <= rates.win_rate
    unknown = bot_rates(["taiwanese-lrc"] * 3 + ["my-house-rules"])
    assert unknown == rates  # a ruleset that cannot be dealt is left out


def decided(stake: int, loss: float, stderr: float = 0.0) -> Decision:
    """A decision between two discards whose means are ``2 * stake`` apart (a choice at
    random loses ``stake``), ``loss`` lost with that standard error."""
    keep, throw = Action.from_index(0), Action.from_index(1)
    spread = 2 * stake
    evaluation = Evaluation((Estimate(keep, (0, 0)), Estimate(throw, (spread, spread))))
    chosen = keep if loss else throw
    return Decision(0, chosen, throw, loss, stderr, 2, (keep, throw), evaluation)


def test_a_hand_s_rating_falls_as_more_of_its_stake_is_lost() -> None:
    """0..100, 100 less the share of the decisions' stake (the best candidate's mean less
    the candidates' mean) lost at clear mistakes."""
    ratings = [
        HandReview(0, "mcr", (decided(10, 0), decided(30, lost))).rating for lost in (0, 4, 20, 30)
    ]
    assert ratings == [100, 90, 50, 25]
    assert ratings == sorted(ratings, reverse=True)
    noisy = HandReview(0, "mcr", (decided(10, 0), decided(30, 20, stderr=15.0)))
    assert noisy.rating == 100  # a loss within twice its standard error is no clear mistake
    assert HandReview(0, "mcr").rating == 100  # nothing at stake
    assert rating(-3.0, 10.0) == 100 and rating(50.0, 10.0) == 0


def test_workers_review_the_hands_at_once_with_the_same_results() -> None:
    """Hands reviewed on two processes: the same reviews, in the hands' order, errors
    kept apart, and progress told a hand at a time up to the total."""
    _, record = short_hand("mcr")
    hands = [
        ToReview(record, 0, place={"line": 1}),
        ToReview(("invalid_json", "not JSON"), 0, place={"line": 2}),
        ToReview(record, 1, place={"line": 3}),
        ToReview(record, 2, place={"line": 4}),
    ]
    alone = review_game(hands, samples=2, limit=2, seed=3)
    seen: list[int] = []
    steps: list[tuple[int, int]] = []
    together = review_game(
        hands,
        samples=2,
        limit=2,
        seed=3,
        workers=2,
        on_hand=lambda item: seen.append(item.hand.place["line"]),
        progress=lambda d, t: steps.append((d, t)),
    )
    assert together.to_json()["hands"] == [
        {**h, "seconds": t["seconds"]}
        for h, t in zip(alone.to_json()["hands"], together.to_json()["hands"], strict=True)
    ]
    assert together.to_json()["errors"] == alone.to_json()["errors"]
    assert seen == [1, 2, 3, 4]
    assert steps[0] == (0, 6) and steps[-1] == (6, 6)
    assert [d for d, _ in steps] == sorted(d for d, _ in steps)
