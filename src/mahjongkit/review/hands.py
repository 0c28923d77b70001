"""A recorded hand reviewed for one seat, decision by decision.

At every decision where the seat had more than one legal action, `review_hand` rebuilds
the seat's position from what it had seen (`mahjongkit.game.position.Position`), weighs
every candidate (`mahjongkit.review.evaluation.evaluate`) and sets what the seat did
beside what the reviewer prefers: the points lost (the preferred action's mean less the
chosen one's, with the standard error of that difference), and the plainest reasons that
can be given reliably: for two discards, the shanten and the useful tiles each leaves
(`mahjongkit.shanten.discards`), and a win passed on.

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
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.position import Position, seat_steps
from mahjongkit.game.record import HandRecord
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.review.evaluation import DEFAULT_BOT, Evaluation, evaluate
from mahjongkit.shanten import discards, shanten
from mahjongkit.tiles import NAMES

_DISCARDING = (ActionKind.DISCARD, ActionKind.TING)


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
    reasons: tuple[str, ...] = ()

    @property
    def agrees(self) -> bool:
        return self.chosen == self.preferred

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
            "reasons": list(self.reasons),
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
            "seconds": round(self.seconds, 3),
            "problems": list(self.problems),
        }


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
) -> HandReview:
    """Review ``seat``'s decisions in ``record`` (those with more than one legal action;
    the first ``limit`` of them when given). ``samples``, ``budget`` (seconds per
    decision), ``seed`` and ``bot`` are `evaluate`'s, and so are ``deal`` and ``pot``:
    where the hand stood in its match (a hand recorded alone: player 0 deals, no pot).
    Raises `MahjongError` for a record that does not replay."""
    start = time.perf_counter()
    reviewed: list[Decision] = []
    problems: list[str] = []
    for step, position, drawn, dice in decisions_of(record, seat):
        if limit is not None and len(reviewed) >= limit:
            break
        chosen = Action.from_index(record.actions[step][1])
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
                drawn_discards=drawn,
                dice=dice,
                deal=deal,
                pot=pot,
            )
        except MahjongError as err:
            problems.append(f"action {step} ({chosen}): {err}")
            continue
        reviewed.append(_decision(step, position, chosen, evaluation))
    return HandReview(
        seat,
        record.ruleset,
        tuple(reviewed),
        time.perf_counter() - start,
        tuple(problems),
    )


def decisions_of(
    record: HandRecord, seat: int
) -> Iterator[tuple[int, Position, tuple[tuple[bool, ...], ...], tuple[tuple[int, ...], ...]]]:
    """Each decision of ``seat`` with more than one legal action: its step, the seat's
    position then (one position, moved on from one decision to the next: use it before
    asking for the next), and what the seat saw beyond the events (which discards were
    drawn tiles, the dice)."""
    position = Position(record.ruleset, seat, record.prevalent_wind, record.dealer_streak)
    for step, state, new in seat_steps(record, seat):
        position.follow(new)
        asked = step < len(record.actions) and record.actions[step][0] == seat
        if asked and len(position.legal_actions()) > 1:
            yield step, position, state.observation(seat).drawn_discards, state.wall.dice


def _decision(step: int, position: Position, chosen: Action, evaluation: Evaluation) -> Decision:
    """The reviewed decision, with its reasons."""
    best = evaluation.best
    if chosen == best.action:
        loss, loss_stderr = 0.0, 0.0
    else:
        loss, loss_stderr = evaluation.loss(chosen)
    reasons: list[str] = []
    before: int | None = None
    chosen_facts = preferred_facts = None
    if chosen.kind in _DISCARDING and best.action.kind in _DISCARDING:
        before, options = _discard_facts(position)
        if not options:
            before = None
        chosen_facts = options.get(chosen.tile)
        preferred_facts = options.get(best.action.tile)
        if chosen != best.action and chosen_facts and preferred_facts:
            reasons.append(
                f"{_leaves(chosen_facts)}; {_leaves(preferred_facts)}"
                + (" (a slower hand)" if _slower(chosen_facts, preferred_facts) else "")
            )
    win = position.win_score()
    win_points = win.total if win is not None and win.qualifies else None
    if win_points is not None and chosen.kind is not ActionKind.WIN:
        reasons.append(f"passed on a win of {win_points} points")
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
        reasons=tuple(reasons),
    )


def _discard_facts(position: Position) -> tuple[int, dict[int, DiscardFacts]]:
    """The hand's shanten as it stands, and what each discard leaves."""
    seat = position.seat
    counts = position.concealed
    melds = position.melds[seat]
    ruleset = position.ruleset
    try:
        before = shanten(counts, tuple(melds), ruleset)
        options = discards(counts, melds, ruleset, position.visible)
    except MahjongError:  # a hand the shanten tables do not read: no reasons then
        return 0, {}
    return before, {o.tile: DiscardFacts(NAMES[o.tile], o.shanten, o.useful_count) for o in options}


def _leaves(facts: DiscardFacts) -> str:
    return f"{facts.tile} leaves shanten {facts.shanten} with {facts.useful} useful tiles"


def _slower(chosen: DiscardFacts, preferred: DiscardFacts) -> bool:
    return (chosen.shanten, -chosen.useful) > (preferred.shanten, -preferred.useful)


__all__ = ["Decision", "DiscardFacts", "HandReview", "decisions_of", "review_hand"]
