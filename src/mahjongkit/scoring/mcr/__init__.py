"""MCR (Chinese Official) scoring: the 81 fans, their detectors and the scorer.

``score_hand(hand, situation, ruleset)`` is what `mahjongkit.scoring.score` calls for the
``mcr``, ``mcr-gb`` and ``bp-club`` rulesets; `CATALOGUE` is the fan table as data.

>>> from mahjongkit.scoring import score
>>> s = score("[EEE2][SSSS1]55mWWWNNN", Situation(self_drawn=True), "mcr-gb")
>>> s.total, s.qualifies
(98, True)
"""

from __future__ import annotations

from mahjongkit.rules.catalogues.mcr import CATALOGUE, COLUMNS, VALUE_REASONS
from mahjongkit.scoring.mcr.scorer import score_hand
from mahjongkit.scoring.situation import Situation

__all__ = ["CATALOGUE", "COLUMNS", "VALUE_REASONS", "Situation", "score_hand"]
