"""The expected points of each action a seat may take, by playing samples of the hand out.

For one decision of a seat, `evaluate` draws samples of the hand the seat cannot tell
from the one it is in (`mahjongkit.game.sampling.sample_hand`: the other seats' tiles
and the wall drawn from the tiles it has not seen), and in each sample takes every
candidate action in turn and lets the project's bots play the hand to its end. What a
candidate is worth in a sample is the money the hand moves for the seat, settled as the
ruleset settles a hand (`mahjongkit.game.match_record.money_of`: MCR's minimum and base
payments, the Taiwanese sheets, Ting, the pot, instant payments). Every candidate is
played on the same samples, with the bots drawing the same chances (common random
numbers), so the difference between two candidates is sharper than either estimate.

The estimate is only as good as its two assumptions: the hidden tiles are spread
uniformly (no reading of the opponents' discards), and the hand is played out by bots,
the seat's own later decisions too.

>>> import random
>>> from mahjongkit.game.observation import seen_events
>>> from mahjongkit.game.position import Position
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(1))
>>> position = Position.from_history("mcr", 0, seen_events(state, 0))
>>> evaluation = evaluate(position, samples=2, seed=1)
>>> len(evaluation.estimates) == len(position.legal_actions())
True
>>> evaluation.best.samples
2
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.match_record import money_of
from mahjongkit.game.players import Bot
from mahjongkit.game.position import Position
from mahjongkit.game.runner import play_hand
from mahjongkit.game.sampling import SamplingError, sample_hand
from mahjongkit.game.state import HandState
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import balances
from mahjongkit.tiles import EAST

DEFAULT_SAMPLES = 8
"""Samples per decision when neither a count nor a time budget is given: a 16-hand
record reviewed for one seat in about two minutes (docs/review.md)."""
DEFAULT_BOT = "efficient"
"""The bots that play the samples out: the quickest of the project's tiers."""


class EvaluationError(MahjongError, ValueError):
    """A decision that cannot be evaluated: nothing to decide, an unknown bot, no sample
    (the message says which)."""


@dataclass(frozen=True)
class Estimate:
    """What one candidate action is worth to the seat: the points the hand moves for it
    in each sample, their mean and the mean's standard error."""

    action: Action
    points: tuple[int, ...]
    """The seat's money in each sample, in sample order (the same samples for every
    candidate of a decision)."""

    @property
    def samples(self) -> int:
        return len(self.points)

    @property
    def mean(self) -> float:
        return sum(self.points) / len(self.points) if self.points else 0.0

    @property
    def stderr(self) -> float:
        """The standard error of `mean` (0 with fewer than two samples)."""
        return _stderr(self.points)

    def to_json(self) -> dict[str, Any]:
        return {
            "action": str(self.action),
            "mean": round(self.mean, 3),
            "stderr": round(self.stderr, 3),
            "samples": self.samples,
        }


@dataclass(frozen=True)
class Evaluation:
    """Every candidate of one decision, in the order of the seat's legal actions."""

    estimates: tuple[Estimate, ...]

    @property
    def best(self) -> Estimate:
        """The candidate of the highest mean (the first of equals, in legal order)."""
        return max(self.estimates, key=lambda e: e.mean)

    def of(self, action: Action) -> Estimate:
        """The estimate of ``action`` (an `EvaluationError` if it was no candidate)."""
        for estimate in self.estimates:
            if estimate.action == action:
                return estimate
        raise EvaluationError(f"{action} was not among the candidates")

    def loss(self, action: Action) -> tuple[float, float]:
        """The points ``action`` loses against the best candidate, and the standard error
        of that loss, taken sample by sample (the samples are shared: common random
        numbers).

        The best of several candidates is partly the luckiest, so measuring its lead on
        the samples that chose it would count that luck as a loss too. The best is
        therefore chosen on half the samples (the even ones) and its lead measured on the
        other half, and the other way round, every sample measured once (cross-fitting):
        a loss that is only luck averages to 0, and may come out below it. With one
        sample there is no other half: the plain difference.

        >>> from mahjongkit.game.actions import Action
        >>> keep, gamble = Action.from_index(0), Action.from_index(1)  # two discards
        >>> lucky = Evaluation((Estimate(keep, (0, 0, 0, 0)), Estimate(gamble, (9, -8, 9, -8))))
        >>> lucky.best.action == gamble, lucky.loss(keep)[0]  # its lead was luck
        (True, -4.0)
        """
        chosen = self.of(action).points
        n = len(chosen)
        if n < 2:
            differences = [b - c for b, c in zip(self.best.points, chosen, strict=True)]
        else:
            halves = (range(0, n, 2), range(1, n, 2))
            differences = []
            for picked_on, measured_on in (halves, halves[::-1]):
                best = max(self.estimates, key=lambda e: sum(e.points[i] for i in picked_on))
                differences += [best.points[i] - chosen[i] for i in measured_on]
        return sum(differences) / len(differences), _stderr(differences)


def _stderr(values: Sequence[int | float]) -> float:
    n = len(values)
    if n < 2:
        return 0.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return math.sqrt(variance / n)


def evaluate(
    position: Position,
    *,
    samples: int | None = None,
    budget: float | None = None,
    seed: int | str = 0,
    bot: str = DEFAULT_BOT,
    seat_bot: str | None = None,
    candidates: Sequence[Action] | None = None,
    drawn_discards: Sequence[Sequence[bool]] = (),
    dice: Sequence[Sequence[int]] | None = None,
    ready_chances: Sequence[float] = (),
    played: bool = False,
    deal: Deal | None = None,
    pot: Pot | None = None,
) -> Evaluation:
    """Each candidate's expected points for the seat of ``position`` (its legal actions
    unless ``candidates`` are given).

    ``samples`` samples are played (`DEFAULT_SAMPLES` when neither they nor ``budget`` is
    given); with ``budget`` (seconds), samples are played until it is spent (at least two)
    or ``samples`` are done. The same ``seed`` gives the same samples and the same play,
    so the same estimates at the same count (with a budget the count depends on the
    machine). ``bot`` names the bots of the play-outs (`mahjongkit.bots.BOTS`), ``seat_bot``
    the one that plays on for the seat itself (``bot`` if not given);
    ``drawn_discards`` and ``dice`` are what the seat saw beyond the events, and
    ``ready_chances`` how likely each seat is ready by a reading of its play and
    ``played`` whether the others' hands are drawn as played toward a win (see
    `sample_hand`); ``deal`` and ``pot`` where the hand stands in its match (a lone hand:
    player 0 deals, the pot empty)."""
    for name in (bot, seat_bot or bot):
        if name not in BOTS:
            raise EvaluationError(f"unknown bot {name!r}; known: {', '.join(sorted(BOTS))}")
    actions = tuple(position.legal_actions() if candidates is None else candidates)
    if not actions:
        raise EvaluationError("the seat has nothing to decide here")
    if samples is None and budget is None:
        samples = DEFAULT_SAMPLES
    if samples is not None and samples < 1:
        raise EvaluationError(f"samples must be 1 or more, not {samples}")
    if deal is None:
        deal = Deal(0, 0, position.prevalent_wind - EAST, position.dealer_streak, 0)
    pot = pot if pot is not None else Pot()
    bots = [BOTS[bot]() for _ in range(4)]
    if seat_bot is not None:
        bots[position.seat] = BOTS[seat_bot]()
    points: list[list[int]] = [[] for _ in actions]
    start = time.perf_counter()
    tried = 0
    while samples is None or len(points[0]) < samples:
        if budget is not None and len(points[0]) >= 2 and time.perf_counter() - start >= budget:
            break
        if tried >= 3 * (samples or 1) + 20 and not points[0]:
            break
        rng = random.Random(f"review {seed} {tried}")
        play_seed = rng.getrandbits(31)
        tried += 1
        try:
            sample = sample_hand(position, rng, drawn_discards, dice, ready_chances, played)
        except SamplingError:
            continue
        for n, action in enumerate(actions):
            points[n].append(played_out(sample, position.seat, action, bots, play_seed, deal, pot))
    if not points[0]:
        raise EvaluationError("no sample of the hand could be drawn")
    return Evaluation(tuple(Estimate(a, tuple(p)) for a, p in zip(actions, points, strict=True)))


def played_out(
    sample: HandState,
    seat: int,
    action: Action,
    bots: Sequence[Bot],
    seed: int,
    deal: Deal,
    pot: Pot,
) -> int:
    """The seat's money when it takes ``action`` in ``sample`` (left as it is) and the
    ``bots`` play the hand on with ``seed``, settled as the hand stands in its match
    (``deal``, ``pot``)."""
    state = sample.copy()
    state.apply(seat, action)
    if not state.ended:
        play_hand(state, bots, seed)
    money = money_of(state, deal, state.ruleset.table, pot)
    return balances(money.payments)[deal.player_at(seat)]


__all__ = [
    "DEFAULT_BOT",
    "DEFAULT_SAMPLES",
    "Estimate",
    "Evaluation",
    "EvaluationError",
    "evaluate",
    "played_out",
]
