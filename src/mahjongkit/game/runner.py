"""Playing a hand to its end: each seat that must decide asks its bot, in seat order.

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(2))
>>> bots = [RandomBot(random.Random(i)) for i in range(4)]
>>> play_hand(state, bots).kind in ("win", "draw")
True
"""

from __future__ import annotations

from collections.abc import Sequence

from mahjongkit.bots.base import Bot
from mahjongkit.game.state import HandResult, HandState


def play_hand(state: HandState, bots: Sequence[Bot]) -> HandResult:
    """Ask the bots until the hand ends; returns its result."""
    if len(bots) != 4:
        raise ValueError(f"a hand needs four bots, not {len(bots)}")
    while state.result is None:
        for seat in state.to_act():
            state.apply(seat, bots[seat].act(state.observation(seat)))
            if state.result is not None:
                break
    return state.result


__all__ = ["play_hand"]
