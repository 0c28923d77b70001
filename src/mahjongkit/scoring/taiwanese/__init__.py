"""Taiwanese 16-tile scoring on the LRC and DXB scoresheets (seed 004).

``score_hand(hand, situation, ruleset)`` is what `mahjongkit.scoring.score` calls for
the ``taiwanese-lrc`` and ``taiwanese-dxb`` rulesets; ``CATALOGUE`` holds every line of
the card with both values.

>>> from mahjongkit.scoring import score
>>> s = score("[123m1][456p1]789s234s55sEE5s", ruleset="taiwanese-dxb")
>>> s.items[-1].name, s.total
('Base Point', 16)
"""

from __future__ import annotations

from mahjongkit.rules.catalogues.taiwanese import CATALOGUE, SECTIONS
from mahjongkit.rules.taiwanese import SWITCHES, TaiwaneseOptions
from mahjongkit.scoring.taiwanese.engine import check_situation, score_hand, triple_dice_payment

__all__ = [
    "CATALOGUE",
    "SECTIONS",
    "SWITCHES",
    "TaiwaneseOptions",
    "check_situation",
    "score_hand",
    "triple_dice_payment",
]
