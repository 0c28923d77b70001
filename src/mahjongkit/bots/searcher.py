"""The `searcher` bot: the `defender`, which looks ahead where a decision matters.

How it plays: as the defender, except at the decisions where a choice matters most, where
it weighs a few candidates by playing samples of the hand out
(`mahjongkit.bots.lookahead.evaluate`: the hidden tiles drawn from what the seat has not
seen, every candidate played out on the same samples by the `efficient` bots, the hand
settled in the ruleset's own money) and takes the best, when its lead over the
defender's choice stands clear of the samples' noise.

- Where: on its turn, in MCR when an opponent looks ready (the defender's threat of
  `ALERT`), in Taiwanese when a discard makes its hand ready: which wait to call Ting on
  (`WEIGHS`). When the defender's choice calls Ting, the other waits it weighs are
  called too (a plain discard beside a Ting gives up the call's 5 points). Its other
  turns were weighed once too: each change there, replayed on the true hand with the
  rest of the wall shuffled again and played on by defenders, lost or gained nothing on
  average (MCR's calm turns; Taiwanese turns under a Ting: weighed too, on samples whose
  called hands wait on none of the tiles thrown since the call, the searcher did no
  better than weighing calm turns alone, at four times the cost; its Taiwanese calm
  turns one step from ready, weighed up to commit d62aac5, gained nothing over the
  defender reading called hands as it does, and may have cost a little: -0.15 +- 0.14 a
  hand on twelve sets of walls, 2039-2050). Not at a claim (`CLAIMS`): checked against
  40 play-outs by defenders, the claims it changed lost points in both rulesets
  (`efficient` play-outs misjudge how the seat plays a claimed hand on). A win offered
  is always taken, as every tier takes it. Its Taiwanese edge over the defender is its
  reading of called hands (below): its look ahead there changes about one hand in 34.
- What: the defender's choice, the discards that leave the least shanten and, under
  threat, the tiles the defender holds safest, at most `CANDIDATES` in all.
- How sure: `SAMPLES` samples, the same for every candidate (common random numbers). The
  best candidate's lead over the defender's choice is measured on the samples that did
  not choose it (`Evaluation.loss`, `lead_in_stderrs`); a lead above 0 but within `SURE`
  standard errors is weighed on `SAMPLES` more samples, and the best replaces the
  defender's choice only when its lead then passes `MARGIN` standard errors. On the
  decisions where the samples' best differed from the defender's, a small lead was
  mostly noise, or the play-outs' bias: rechecked by defenders, those leads lost points.
- Reading: with ``reads`` its samples draw each opponent ready with the defender's
  threat as the chance (`sample_hand`'s ``ready_chances``); checked so in MCR, its changes
  gained no more, so it is off (`READS`).
- Facing a called hand (Ting): it prices each discard's danger by a reading of the called
  hand learned from play (`mahjongkit.bots.ting_reading`: the seat's throws in order,
  the tile it called on, its melds, the tiles unseen), where the defender uses its own
  hand-set `danger` (`READING`); see docs/bots.md, "Reading a called hand".
- What it costs: a weighed turn plays 12 to 24 samples of 2 to 4 candidates by the
  `efficient` bots (a few milliseconds a play-out, compiled). Weighing every turn near
  ready or under threat, about 8 turns a hand were weighed in MCR and 4 in Taiwanese, at
  1.3 s a hand in MCR and 0.6 s in Taiwanese LRC on one core (a duplicate match against
  three defenders, compiled, a shared machine); with `WEIGHS`, about a third of those
  in MCR, and in Taiwanese at most about one a hand (the turn its hand becomes ready).
  The `defender` as the play-outs' bots would judge better but costs about five times as
  much (the seat alone as the defender, three times).

Its choices follow from the observation and the decision alone (the samples are drawn
from `Decision.key`), as every bot's; it needs the decision's `Decision.knowledge`
(everything the seat saw of the hand), which the game's drivers give, and plays as the
defender where a driver does not.

>>> from mahjongkit.game.match_state import MatchState
>>> from mahjongkit.game.runner import play
>>> state = MatchState("mcr", seed=3, max_hands=1)
>>> play(state, [SearcherBot(samples=2)] + [DefenderBot() for _ in range(3)])
>>> state.over
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Final

from mahjongkit.bots.defender import ALERT, DefenderBot, plays_ting, threats
from mahjongkit.bots.hand_view import HandView, least_discards
from mahjongkit.bots.lookahead import Estimate, Evaluation, EvaluationError, evaluate
from mahjongkit.bots.ting_reading import WEIGHTS, discard_penalty
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.sampling import SeatKnowledge
from mahjongkit.shanten import shanten

SAMPLES: Final = 12
"""Samples a searched decision plays (each candidate on every one)."""
CANDIDATES: Final = 4
"""The most candidates a searched turn weighs, the defender's choice among them."""
MARGIN: Final = 1.5
"""Standard errors the best candidate's lead must pass to replace the defender's choice."""
SURE: Final = 2.0
"""A lead of more than 0 and up to this many standard errors is weighed on as many
samples again before it is judged."""
CLAIMS: Final = False
"""Whether it weighs its claims (see the module's note)."""
READS: Final = False
"""Whether its samples draw an opponent's hand ready with the chance the defender reads
for it (its threat), not uniformly."""
WEIGHS: Final = {False: "threatened", True: "ready"}
"""Which turns it weighs, by whether the ruleset plays Ting (`plays_ting`): under threat
(an opponent looks ready), calm (none does), ``both`` (either, one step from ready or
less, and every turn under threat), or ``ready`` (those where a discard makes the hand
ready, calm or not). Where readiness is only guessed (MCR), the samples' danger paid.
Where a ready hand is called aloud, weighing the calm turns one step from ready gained
nothing over the defender with the same reading of called hands (Taiwanese LRC, twelve
sets of 450 walls, 2039-2050: +0.06 a hand against the defender where that reading alone
made +0.21, -0.15 +- 0.14 paired); weighing only the choice of wait measured the same as
that reading alone (tuning seeds 5-10, 10,800 hands: -0.00 +- 0.07 a hand paired), at a
fourth to a ninth of the time (50 s a set of 450 walls against 197 s to 469 s)."""
PLAYED: Final[dict[bool, bool]] = {False: False, True: False}
"""Whether its samples draw the others' hands as played toward a win
(`mahjongkit.game.sampling.sample_hand`'s ``played``), by whether the ruleset plays Ting
(`plays_ting`). Drawn uniformly, a Taiwanese opponent's hand after four to seven discards
is one step from ready in 2% of samples where a third of the defenders' hands are; drawn
as played, the searcher's Taiwanese changes gained no more (checked by defenders on
played samples, 243 hands: -0.04 points a hand against +0.08 uniformly, both noise), so
it is off."""
READING: Final = True
"""Whether, facing a hand that called Ting, it prices its discards by the reading learned
from play (`mahjongkit.bots.ting_reading`) in place of the defender's `danger`: the
defender's reading tells a called hand's waits hardly better than the base rate (Brier
score 0.0539 against 0.0543; AUC 0.681), the learned one better (0.0522; AUC 0.747)."""
PLAYERS: Final = "efficient"
"""The bots that play the samples out: the quickest tier."""
ITSELF: Final[dict[bool, str | None]] = {False: None, True: "defender"}
"""The bot that plays on for its own seat in the samples, by whether the ruleset plays
Ting (`plays_ting`; None: `PLAYERS` too). Taiwanese changes replayed on the true hand
gained only so (calm turns, tuning seed 5: -2.6 +- 3.8 a change with `efficient`
play-outs, +5.8 +- 2.2 with the seat played on by the defender); in MCR the seat as the
defender gained hardly more at three times the cost."""

_DISCARD = ActionKind.DISCARD
_TING = ActionKind.TING
_WIN = ActionKind.WIN
_PASS = ActionKind.PASS
_CLAIMS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


def lead_in_stderrs(evaluation: Evaluation, choice: Action) -> float:
    """How far the best candidate leads ``choice``, in standard errors of the lead measured
    on the samples that did not pick it (`Evaluation.loss`): 0 when ``choice`` is the best
    or leads, infinite for a lead with no spread.

    >>> from mahjongkit.bots.lookahead import Estimate
    >>> keep, other = Action.from_index(0), Action.from_index(1)  # two discards
    >>> clear = Evaluation((Estimate(keep, (0, 0, 0, 0)), Estimate(other, (8, 0, 8, 4))))
    >>> round(lead_in_stderrs(clear, keep), 2), lead_in_stderrs(clear, other)
    (2.61, 0.0)
    """
    if evaluation.best.action == choice:
        return 0.0
    lead, stderr = evaluation.loss(choice)
    if lead <= 0:
        return 0.0
    return lead / stderr if stderr > 0 else math.inf


def merged(first: Evaluation, more: Evaluation) -> Evaluation:
    """One evaluation of the same candidates from two batches of samples."""
    return Evaluation(
        tuple(Estimate(a.action, a.points + more.of(a.action).points) for a in first.estimates)
    )


class SearcherBot(DefenderBot):
    """`DefenderBot` that weighs its decisions by sampling where they matter most."""

    name = "searcher"

    def __init__(
        self,
        samples: int = SAMPLES,
        players: str = PLAYERS,
        margin: float = MARGIN,
        itself: str | None = None,
        claims: bool = CLAIMS,
        reads: bool = READS,
        weighs: str | None = None,
        played: bool | None = None,
        reading: bool = READING,
        weights: Sequence[float] = WEIGHTS,
    ) -> None:
        super().__init__()
        self.reading = reading
        """Whether it prices its discards under a Ting by the learned reading..."""
        self.weights = weights
        """...of these weights (`mahjongkit.bots.ting_reading.WEIGHTS`)."""
        self._knowledge: Callable[[], SeatKnowledge] | None = None
        self._history: tuple[object, ...] | None = None
        self.played = played
        """Whether its samples draw the others' hands as played toward a win; by the
        ruleset's Ting (`PLAYED`) when not given."""
        self.weighs = weighs
        """Which turns it weighs (``threatened``, ``calm``, ``both``, ``ready``); by the ruleset's
        Ting (`WEIGHS`) when not given."""
        self.reads = reads
        """Whether its samples draw the opponents ready as the defender reads them."""
        self.claims = claims
        """Whether it weighs its claims too, not only its turns."""
        self.samples = samples
        self.players = players
        self.itself = itself
        """The bot that plays on for the searcher's own seat in the samples; by the
        ruleset's Ting (`ITSELF`) when not given."""
        self.margin = margin
        self.last_best: Action | None = None
        """The samples' best candidate at the last decision weighed..."""
        self.last_ratio = 0.0
        """...and its lead over the defender's choice, in standard errors."""
        self.searched = 0
        """Decisions weighed by sampling so far (for a look at what it costs)."""
        self.changed = 0
        """Of those, the decisions where it chose other than the defender."""

    def act(self, observation: Observation, decision: Decision) -> Action:
        """The defender's choice, weighed against a few others where it matters."""
        self._knowledge, self._history = decision.knowledge, None
        try:
            choice = super().act(observation, decision)
            action = self.second_look(observation, decision, choice)
        finally:  # the history read is this decision's only
            self._knowledge, self._history = None, None
        if action != choice:
            self.noted(observation, action)  # the defender's memory: its own discard
        return action

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        """The defender's danger cost of each held tile; facing a called hand, by the
        learned reading of it (`READING`) where the seat's history is at hand."""
        own = super().discard_penalty(view, top)
        if not own or not self.reading or self._knowledge is None:
            return own
        if self._history is None:
            self._history = tuple(self._knowledge().position.history)
        return discard_penalty(view, self._history, self.is_safe, own, self.weights)

    def second_look(self, observation: Observation, decision: Decision, choice: Action) -> Action:
        """The defender's ``choice``, or a candidate that beats it clearly in samples."""
        legal = observation.legal_actions
        if len(legal) < 2 or decision.knowledge is None or choice.kind is _WIN:
            return choice
        candidates = self.candidates(observation, choice)
        if len(candidates) < 2:
            return choice
        known = decision.knowledge()
        chances = threats(HandView(observation)) if self.reads else ()
        try:
            evaluation = self.sampled(known, candidates, decision.key, chances)
            self.searched += 1
            ratio = lead_in_stderrs(evaluation, choice)
            if 0 < ratio <= SURE:
                more = self.sampled(known, candidates, f"{decision.key} more", chances)
                evaluation = merged(evaluation, more)
                ratio = lead_in_stderrs(evaluation, choice)
        except (EvaluationError, MahjongError):
            return choice
        self.last_best = evaluation.best.action
        self.last_ratio = ratio
        if ratio > self.margin:
            self.changed += 1
            return evaluation.best.action
        return choice

    def sampled(
        self,
        known: SeatKnowledge,
        candidates: Sequence[Action],
        seed: int | str,
        ready_chances: Sequence[float] = (),
    ) -> Evaluation:
        """The ``candidates`` weighed on `samples` samples drawn from ``seed``, each
        opponent drawn ready with its chance in ``ready_chances``."""
        return evaluate(
            known.position,
            samples=self.samples,
            seed=seed,
            bot=self.players,
            seat_bot=self.itself or ITSELF[plays_ting(known.position.ruleset.name)],
            candidates=candidates,
            drawn_discards=known.drawn_discards,
            dice=known.dice,
            ready_chances=ready_chances,
            played=PLAYED[plays_ting(known.position.ruleset.name)]
            if self.played is None
            else self.played,
        )

    def candidates(self, observation: Observation, choice: Action) -> tuple[Action, ...]:
        """The actions worth weighing against the defender's ``choice`` (none when the
        decision is not one the searcher weighs)."""
        view = HandView(observation)
        forms = self.forms(observation.ruleset)
        legal = observation.legal_actions
        if observation.phase != "turn":
            if not self.claims:
                return ()
            claims = [a for a in legal if a.kind in _CLAIMS]
            if not claims or shanten(view.counts, view.melds, forms) > 2:
                return ()
            return tuple(a for a in legal if a.kind in _CLAIMS or a.kind is _PASS)
        threatened = self.threatened(view)
        weighs = self.weighs or WEIGHS[plays_ting(observation.ruleset)]
        if weighs in ("threatened", "calm") and threatened != (weighs == "threatened"):
            return ()
        discards = {a.tile: a for a in legal if a.kind is _DISCARD}
        if choice.kind is _TING:  # the other waits are weighed called too, as the choice
            discards.update((a.tile, a) for a in legal if a.kind is _TING)
        least, tiles, _ = least_discards(
            view.counts, view.melds, view.unseen, forms, frozenset(discards)
        )
        if (weighs == "ready" and least > 0) or (least > 1 and not threatened):
            return ()
        chosen = [choice]
        for tile in tiles:
            if len(chosen) >= CANDIDATES:
                break
            action = discards[tile]
            if action not in chosen:
                chosen.append(action)
        if threatened:
            for tile in self.safest(view, sorted(discards)):
                if len(chosen) >= CANDIDATES:
                    break
                if discards[tile] not in chosen:
                    chosen.append(discards[tile])
        return tuple(chosen)

    def threatened(self, view: HandView) -> bool:
        """An opponent looks ready (the defender's `ALERT`; a Taiwanese Ting)."""
        return max(threats(view)) >= ALERT

    def safest(self, view: HandView, tiles: Sequence[int]) -> list[int]:
        """``tiles`` from the least to the most likely to deal in, by the defender's
        model (its danger cost under Taiwanese rules, its chance under MCR)."""
        if plays_ting(view.obs.ruleset):
            penalty = self.discard_penalty(view, 0.0)
            return sorted(tiles, key=lambda t: penalty.get(t, 0.0))
        return sorted(tiles, key=lambda t: self.deal_in(view, t)[0])


__all__ = [
    "CANDIDATES",
    "CLAIMS",
    "ITSELF",
    "MARGIN",
    "PLAYED",
    "PLAYERS",
    "READS",
    "SAMPLES",
    "SURE",
    "WEIGHS",
    "SearcherBot",
    "lead_in_stderrs",
    "merged",
]
