"""The `searcher` bot: the `defender`, which looks ahead where a decision matters.

How it plays: as the defender, except at the decisions where a choice matters most, where
it weighs a few candidates by playing samples of the hand out
(`mahjongkit.bots.lookahead.evaluate`: the hidden tiles drawn from what the seat has not
seen, every candidate played out on the same samples by the `efficient` bots, the hand
settled in the ruleset's own money) and takes the best, when its lead over the
defender's choice stands clear of the samples' noise.

- Where: on its turn when its hand is one step from ready or ready (shanten 1 or less),
  or when an opponent looks ready (the defender's `on_guard`: an MCR threat of `ALERT`,
  or a Taiwanese Ting); when it may claim a discard with a hand two steps from ready or
  nearer. A win offered is always taken, as every tier takes it.
- What: the defender's choice; on a turn, the discards that leave the least shanten and,
  under threat, the tiles the defender holds safest, at most `CANDIDATES` in all; at a
  claim, every claim and the pass.
- How sure: `SAMPLES` samples, the same for every candidate (common random numbers); the
  best candidate replaces the defender's choice only when its lead, measured on the
  samples that did not choose it (`Evaluation.loss`), is more than `MARGIN` standard
  errors above 0.

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

from collections.abc import Sequence
from typing import Final

from mahjongkit.bots.defender import ALERT, DefenderBot, threats
from mahjongkit.bots.hand_view import HandView, least_discards
from mahjongkit.bots.lookahead import EvaluationError, evaluate
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.shanten import shanten

SAMPLES: Final = 12
"""Samples a searched decision plays (each candidate on every one)."""
CANDIDATES: Final = 4
"""The most candidates a searched turn weighs, the defender's choice among them."""
MARGIN: Final = 1.0
"""Standard errors the best candidate's lead must pass to replace the defender's choice."""
PLAYERS: Final = "efficient"
"""The bots that play the samples out: the quickest tier."""

_DISCARD = ActionKind.DISCARD
_TING = ActionKind.TING
_WIN = ActionKind.WIN
_PASS = ActionKind.PASS
_CLAIMS = (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)


class SearcherBot(DefenderBot):
    """`DefenderBot` that weighs its decisions by sampling where they matter most."""

    name = "searcher"

    def __init__(self, samples: int = SAMPLES, players: str = PLAYERS) -> None:
        super().__init__()
        self.samples = samples
        self.players = players
        self.searched = 0
        """Decisions weighed by sampling so far (for a look at what it costs)."""
        self.changed = 0
        """Of those, the decisions where it chose other than the defender."""

    def act(self, observation: Observation, decision: Decision) -> Action:
        """The defender's choice, weighed against a few others where it matters."""
        choice = super().act(observation, decision)
        legal = observation.legal_actions
        if len(legal) < 2 or decision.knowledge is None or choice.kind is _WIN:
            return choice
        candidates = self.candidates(observation, choice)
        if len(candidates) < 2:
            return choice
        known = decision.knowledge()
        try:
            evaluation = evaluate(
                known.position,
                samples=self.samples,
                seed=decision.key,
                bot=self.players,
                candidates=candidates,
                drawn_discards=known.drawn_discards,
                dice=known.dice,
            )
        except (EvaluationError, MahjongError):
            return choice
        self.searched += 1
        best = evaluation.best.action
        if best == choice:
            return choice
        lead, stderr = evaluation.loss(choice)
        if lead > MARGIN * stderr and lead > 0:
            self.changed += 1
            return best
        return choice

    def candidates(self, observation: Observation, choice: Action) -> tuple[Action, ...]:
        """The actions worth weighing against the defender's ``choice`` (none when the
        decision is not one the searcher weighs)."""
        view = HandView(observation)
        forms = self.forms(observation.ruleset)
        legal = observation.legal_actions
        if observation.phase != "turn":
            claims = [a for a in legal if a.kind in _CLAIMS]
            if not claims or shanten(view.counts, view.melds, forms) > 2:
                return ()
            return tuple(a for a in legal if a.kind in _CLAIMS or a.kind is _PASS)
        threatened = self.threatened(view)
        discards = {a.tile: a for a in legal if a.kind is _DISCARD}
        least, tiles, _ = least_discards(
            view.counts, view.melds, view.unseen, forms, frozenset(discards)
        )
        if least > 1 and not threatened:
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
        if view.obs.ruleset.startswith("taiwanese"):
            penalty = self.discard_penalty(view, 0.0)
            return sorted(tiles, key=lambda t: penalty.get(t, 0.0))
        return sorted(tiles, key=lambda t: self.deal_in(view, t)[0])


__all__ = ["CANDIDATES", "MARGIN", "PLAYERS", "SAMPLES", "SearcherBot"]
