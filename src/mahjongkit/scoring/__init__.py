"""Scoring: ``score(hand, situation, ruleset) -> Score`` for every registered ruleset.

Each ruleset names its scoring family (``mcr`` or ``taiwanese``); the family's module,
``mahjongkit.scoring.<family>``, provides ``score_hand(hand, situation, ruleset)``.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache

from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring.result import Outcome, Score, ScoreItem
from mahjongkit.scoring.situation import Situation


def score(
    hand: Hand | str,
    situation: Situation | None = None,
    ruleset: str | Ruleset = "mcr",
) -> Score:
    """Score a complete hand (its last tile is the winning tile) under a ruleset.

    Not a win, or below the minimum, are outcomes in the result; a situation that cannot
    happen with the hand raises `InvalidSituationError`.
    """
    rules = get_ruleset(ruleset)
    if isinstance(hand, str):
        hand = Hand.parse(hand, size=rules.hand_size)
    return _score_hand(rules.scoring.family)(hand, situation or Situation(), rules)


@cache
def _score_hand(family: str) -> Callable[[Hand, Situation, Ruleset], Score]:
    """The family's ``score_hand``, looked up once per family rather than on every call
    (an import lookup costs as much as a small part of scoring a hand)."""
    module = importlib.import_module(f"mahjongkit.scoring.{family}")
    found: Callable[[Hand, Situation, Ruleset], Score] = module.score_hand
    return found


__all__ = ["Outcome", "Score", "ScoreItem", "Situation", "score"]
