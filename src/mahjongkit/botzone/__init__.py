"""Botzone compatibility: the Botzone Chinese Standard Mahjong protocol (tile names,
requests, answers), one seat's requests as the engine's position, and a Botzone bot
program. Standard library only, so a bundle of it runs on Botzone (docs/botzone.md).

>>> from mahjongkit.botzone import parse_request, format_answer, Answer
>>> parse_request("0 2 1").seat, format_answer(Answer("PLAY", (27,)))
(2, 'PLAY F1')
"""

from __future__ import annotations

from mahjongkit.botzone.protocol import (
    PASS_ANSWER,
    TILE_NAMES,
    Answer,
    BotzoneProtocolError,
    Request,
    format_answer,
    format_request,
    parse_answer,
    parse_request,
    parse_tile_name,
    tile_name,
)
from mahjongkit.botzone.seat import RULESET, BotzoneSeat, seat_of

__all__ = [
    "PASS_ANSWER",
    "RULESET",
    "TILE_NAMES",
    "Answer",
    "BotzoneProtocolError",
    "BotzoneSeat",
    "Request",
    "format_answer",
    "format_request",
    "parse_answer",
    "parse_request",
    "parse_tile_name",
    "seat_of",
    "tile_name",
]
