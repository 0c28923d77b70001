"""Playing a hand to its end: each seat that must decide asks its bot, in seat order.

The one loop the hand command, a match and the simulator all play with. A seat showing
seven or eight flowers that may win declares it at once (the card's instant win, 004
l.384), whatever its bot would do. A bot that needs only the legal actions (one with a
``choose(legal)`` method, as `RandomBot`) is asked without building its observation.

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(2))
>>> bots = [RandomBot(random.Random(i)) for i in range(4)]
>>> play_hand(state, bots).kind in ("win", "draw")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.game.actions import WIN, Action
from mahjongkit.game.players import Bot
from mahjongkit.game.state import HandResult, HandState, Phase

_TURN = Phase.TURN
_ALONE = ((0,), (1,), (2,), (3,))


def must_win_on_flowers(state: HandState, seat: int) -> bool:
    """True when ``seat`` shows seven or eight flowers and may declare the win: the card's
    win is instant (004 l.384 "Draw the 7th Flower and instantly win"), so the table
    declares it for the player instead of leaving it to a bot's choice.
    """
    return len(state.flowers[seat]) >= 7 and WIN in state.legal_actions(seat)


def play_hand(state: HandState, bots: Sequence[Bot]) -> HandResult:
    """Ask the bots (by seat) until the hand ends; returns its result. A flower win is
    declared at once (see `must_win_on_flowers`)."""
    if len(bots) != 4:
        raise ValueError(f"a hand needs four bots, not {len(bots)}")
    choosers: list[Callable[[Sequence[Action]], Action] | None] = [
        getattr(b, "choose", None) for b in bots
    ]
    flowers = state.flowers
    legal_actions = state.legal_actions
    apply = state.apply
    result = state.result
    while result is None:
        # A turn asks one seat: its tuple without the call (the usual step).
        for seat in _ALONE[state.turn] if state.phase is _TURN else state.to_act():
            legal = legal_actions(seat)
            if len(flowers[seat]) >= 7 and WIN in legal:
                action = WIN
            else:
                choose = choosers[seat]
                if choose is not None:
                    action = choose(legal)
                else:
                    action = bots[seat].act(state.observation(seat))
            apply(seat, action)
            # Read afresh: `apply` ends the hand, which a narrowed `state.result` hides.
            result = state.result
            if result is not None:
                break
    return result


__all__ = ["must_win_on_flowers", "play_hand"]
