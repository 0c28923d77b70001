"""A recorded hand reviewed for one seat, decision by decision.

At every decision where the seat had more than one legal action, `review_hand` rebuilds
the seat's position from what it had seen (`mahjongkit.game.position.Position`), weighs
every candidate (`mahjongkit.bots.lookahead.evaluate`) and sets what the seat did
beside what the reviewer prefers: the points lost (the preferred action's lead over the
chosen one, with the standard error of that difference), and the reasons that can be
given reliably (`mahjongkit.review.explain`: shanten and useful tiles, danger, value, a
missed win, a win under the minimum). A hand is rated 0..100 by the share of its stake
it lost (`rating`).

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.record import record_of
>>> from mahjongkit.game.runner import play_hand
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(2))
>>> _ = play_hand(state, [RandomBot() for _ in range(4)], seed=2)
>>> review = review_hand(record_of(state), 1, samples=1, limit=2)
>>> len(review.decisions), review.decisions[0].chosen in review.decisions[0].candidates
(2, True)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.bots.lookahead import DEFAULT_BOT, Evaluation, evaluate
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.position import Position, seat_steps
from mahjongkit.game.record import HandRecord
from mahjongkit.game.state import HandState
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.review.explain import Explainer
from mahjongkit.review.reasons import Reason
from mahjongkit.tiles import NAMES


@dataclass(frozen=True)
class DiscardFacts:
    """What a discard leaves: its shanten and how many unseen tiles would lower it."""

    tile: str
    shanten: int
    useful: int

    def to_json(self) -> dict[str, Any]:
        return {"tile": self.tile, "shanten": self.shanten, "useful": self.useful}


@dataclass(frozen=True)
class Decision:
    """One reviewed decision of the seat."""

    step: int
    """Its place among the hand's recorded actions (0 the first)."""
    chosen: Action
    preferred: Action
    loss: float
    """The preferred action's lead over the chosen one, cross-fitted (`Evaluation.loss`:
    it may come out below 0); 0 when they agree."""
    loss_stderr: float
    samples: int
    candidates: tuple[Action, ...]
    evaluation: Evaluation
    shanten_before: int | None = None
    """The hand's shanten before a discard (None for other decisions)..."""
    chosen_discard: DiscardFacts | None = None
    """...and what the chosen and the preferred discard leave."""
    preferred_discard: DiscardFacts | None = None
    win_points: int | None = None
    """The points of a win the seat could declare here (None when it could not)."""
    reasons: tuple[Reason, ...] = ()
    """Why the choice cost points, where that can be said reliably
    (`mahjongkit.review.reasons`)."""

    @property
    def agrees(self) -> bool:
        return self.chosen == self.preferred

    @property
    def stake(self) -> float:
        """What a choice at random among the candidates would lose on average: the best
        candidate's mean less the candidates' mean."""
        means = [e.mean for e in self.evaluation.estimates]
        return max(means) - sum(means) / len(means)

    @property
    def clear(self) -> bool:
        """True when the loss is more than twice its standard error: a loss within its
        noise is no clear mistake."""
        return not self.agrees and self.loss > 2 * self.loss_stderr

    def to_json(self) -> dict[str, Any]:
        return {
            "step": self.step,
            "chosen": str(self.chosen),
            "preferred": str(self.preferred),
            "agrees": self.agrees,
            "clear": self.clear,
            "loss": round(self.loss, 3),
            "loss_stderr": round(self.loss_stderr, 3),
            "samples": self.samples,
            "candidates": [e.to_json() for e in self.evaluation.estimates],
            "shanten_before": self.shanten_before,
            "chosen_discard": self.chosen_discard.to_json() if self.chosen_discard else None,
            "preferred_discard": (
                self.preferred_discard.to_json() if self.preferred_discard else None
            ),
            "win_points": self.win_points,
            "reasons": [r.to_json() for r in self.reasons],
        }


@dataclass(frozen=True)
class HandReview:
    """A hand reviewed for one seat: its decisions and the points lost in all."""

    seat: int
    ruleset: str
    decisions: tuple[Decision, ...] = ()
    seconds: float = 0.0
    problems: tuple[str, ...] = field(default=())
    """Decisions that could not be weighed, each with the reason."""

    @property
    def points_lost(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def points_lost_stderr(self) -> float:
        """The standard error of `points_lost` (the decisions' samples are drawn apart)."""
        return math.sqrt(sum(d.loss_stderr**2 for d in self.decisions))

    @property
    def clear_points_lost(self) -> float:
        """The points lost at the decisions where the loss is `Decision.clear`."""
        return sum(d.loss for d in self.decisions if d.clear)

    @property
    def stake(self) -> float:
        """What the hand's decisions put at stake: at each, the best candidate's mean less
        the worst one's, summed."""
        return sum(d.stake for d in self.decisions)

    @property
    def rating(self) -> int:
        """The hand's rating, 0..100: 100 less the share of the stake lost at clear
        mistakes, ``round(100 * (1 - clear_points_lost / stake))``, clamped to 0..100;
        100 when nothing was at stake. A loss within its noise does not count: summed
        over a hand, the noise of every decision would outweigh what was lost."""
        return rating(self.clear_points_lost, self.stake)

    @property
    def agreement(self) -> float:
        """The share of the decisions where the seat did what the reviewer prefers."""
        if not self.decisions:
            return 1.0
        return sum(d.agrees for d in self.decisions) / len(self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "ruleset": self.ruleset,
            "decisions": [d.to_json() for d in self.decisions],
            "points_lost": round(self.points_lost, 3),
            "points_lost_stderr": round(self.points_lost_stderr, 3),
            "clear_points_lost": round(self.clear_points_lost, 3),
            "agreement": round(self.agreement, 3),
            "rating": self.rating,
            "stake": round(self.stake, 3),
            "seconds": round(self.seconds, 3),
            "problems": list(self.problems),
        }


def rating(points_lost: float, stake: float) -> int:
    """A hand's rating (`HandReview.rating`), 0..100: fewer points lost of the same
    stake, a higher rating; 0 for as much as choices at random would lose.

    >>> [rating(lost, 30.0) for lost in (0.0, 7.5, 40.0, -2.0)], rating(3.0, 0.0)
    ([100, 75, 0, 100], 100)
    """
    if stake <= 0:
        return 100
    share = max(0.0, points_lost) / stake
    return max(0, min(100, round(100 * (1 - share))))


def review_hand(
    record: HandRecord,
    seat: int,
    *,
    samples: int | None = None,
    budget: float | None = None,
    seed: int | str = 0,
    bot: str = DEFAULT_BOT,
    limit: int | None = None,
    deal: Deal | None = None,
    pot: Pot | None = None,
    on_decision: Callable[[], None] | None = None,
) -> HandReview:
    """Review ``seat``'s decisions in ``record`` (those with more than one legal action;
    the first ``limit`` of them when given). ``samples``, ``budget`` (seconds per
    decision), ``seed`` and ``bot`` are `evaluate`'s, and so are ``deal`` and ``pot``:
    where the hand stood in its match (a hand recorded alone: player 0 deals, no pot).
    ``on_decision`` is called after each decision weighed (or that could not be).
    Raises `MahjongError` for a record that does not replay."""
    start = time.perf_counter()
    reviewed: list[Decision] = []
    problems: list[str] = []
    explainer = Explainer()
    for step, position, state, many in _seat_decisions(record, seat):
        chosen = Action.from_index(record.actions[step][1])
        obs = state.observation(seat)
        explainer.look(obs)
        if not many or (limit is not None and len(reviewed) >= limit):
            explainer.took(obs, chosen)
            continue
        legal = position.legal_actions()
        candidates = legal if chosen in legal else (*legal, chosen)  # a false declaration
        try:
            evaluation = evaluate(
                position,
                candidates=candidates,
                samples=samples,
                budget=budget,
                seed=f"{seed} {step}",
                bot=bot,
                drawn_discards=obs.drawn_discards,
                dice=state.wall.dice,
                deal=deal,
                pot=pot,
            )
        except MahjongError as err:
            problems.append(f"action {step} ({chosen}): {err}")
        else:
            reviewed.append(_decision(step, position, obs, chosen, evaluation, explainer))
        explainer.took(obs, chosen)
        if on_decision is not None:
            on_decision()
        if limit is not None and len(reviewed) >= limit:
            break
    return HandReview(
        seat,
        record.ruleset,
        tuple(reviewed),
        time.perf_counter() - start,
        tuple(problems),
    )


def _seat_decisions(
    record: HandRecord, seat: int
) -> Iterator[tuple[int, Position, HandState, bool]]:
    """Every decision of ``seat``: its step, the seat's position then (one position,
    moved on from one decision to the next), the hand's state, and whether the seat had
    more than one legal action."""
    position = Position(record.ruleset, seat, record.prevalent_wind, record.dealer_streak)
    for step, state, new in seat_steps(record, seat):
        position.follow(new)
        if step < len(record.actions) and record.actions[step][0] == seat:
            yield step, position, state, len(position.legal_actions()) > 1


def decisions_of(
    record: HandRecord, seat: int
) -> Iterator[tuple[int, Position, tuple[tuple[bool, ...], ...], tuple[tuple[int, ...], ...]]]:
    """Each decision of ``seat`` with more than one legal action: its step, the seat's
    position then (one position, moved on from one decision to the next: use it before
    asking for the next), and what the seat saw beyond the events (which discards were
    drawn tiles, the dice)."""
    for step, position, state, many in _seat_decisions(record, seat):
        if many:
            yield step, position, state.observation(seat).drawn_discards, state.wall.dice


def _decision(
    step: int,
    position: Position,
    obs: Observation,
    chosen: Action,
    evaluation: Evaluation,
    explainer: Explainer,
) -> Decision:
    """The reviewed decision, with its reasons."""
    best = evaluation.best
    if chosen == best.action:
        loss, loss_stderr = 0.0, 0.0
    else:
        loss, loss_stderr = evaluation.loss(chosen)
    reasons, before, options = explainer.reasons(position, obs, chosen, best.action)
    chosen_facts = preferred_facts = None
    if before is not None:
        chosen_facts = _facts(options, chosen.tile)
        preferred_facts = _facts(options, best.action.tile)
    win = position.win_score()
    win_points = win.total if win is not None and win.qualifies else None
    return Decision(
        step=step,
        chosen=chosen,
        preferred=best.action,
        loss=loss,
        loss_stderr=loss_stderr,
        samples=best.samples,
        candidates=tuple(e.action for e in evaluation.estimates),
        evaluation=evaluation,
        shanten_before=before,
        chosen_discard=chosen_facts,
        preferred_discard=preferred_facts,
        win_points=win_points,
        reasons=reasons,
    )


def _facts(options: dict[int, tuple[int, int]], tile: int) -> DiscardFacts | None:
    if tile not in options:
        return None
    left, useful = options[tile]
    return DiscardFacts(NAMES[tile], left, useful)


__all__ = ["Decision", "DiscardFacts", "HandReview", "decisions_of", "rating", "review_hand"]
