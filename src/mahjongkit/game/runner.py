"""Playing with bots: the one loop that a match, a single hand, the simulator and the
command line all play with, over `MatchState`.

Each player who must decide asks their bot, one decision at a time, in the hand's seat
order, with its observation and the `Decision` it is asked (`MatchState.decision`);
everything else (dealing, the instant flower win, moving on) is the state's own work
(`mahjongkit.game.match_state.Automations`). A bot that needs only the legal actions and
the decision's key (one with a ``choose(legal, key)`` method, as `RandomBot`) is asked
without building its observation. A bot that must hear everything the table says (one
with a ``watch(state, player)`` method: a Botzone program, which answers every request) is
shown the state before each question; an action it hands back (an offence, which ends the
hand) is applied for its player at once.

>>> import random
>>> from mahjongkit.game.players import RandomBot
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(2))
>>> bots = [RandomBot() for i in range(4)]
>>> play_hand(state, bots).kind in ("win", "draw")
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import MatchPhase, MatchState
from mahjongkit.game.players import Bot
from mahjongkit.game.state import HandResult, HandState

_DEAL = MatchPhase.DEAL
_OVER = MatchPhase.OVER


def play(state: MatchState, bots: Sequence[Bot]) -> None:
    """Ask the bots (``bots[p]`` plays for player ``p``, a table position) until the match
    is over; deals and moves on between hands where the state leaves that to its caller."""
    if len(bots) != 4:
        raise ValueError(f"a match needs four bots, not {len(bots)}")
    choosers: list[Callable[[Sequence[Action], int], Action] | None] = [
        getattr(b, "choose", None) for b in bots
    ]
    watchers: list[tuple[int, Watch]] = [
        (p, getattr(b, "watch"))  # noqa: B009 (not in the Bot protocol)
        for p, b in enumerate(bots)
        if hasattr(b, "watch")
    ]
    asked = state.asked
    apply = state.apply
    key_of = state.key_of
    while True:
        if watchers and offended(state, watchers):
            continue
        question = asked()
        if question is not None:
            player, legal = question
            choose = choosers[player]
            if choose is not None:
                apply(player, choose(legal, key_of(player)))
            else:
                apply(player, bots[player].act(state.observation(player), state.decision(player)))
        elif state.phase is _OVER:
            return
        elif state.phase is _DEAL:
            state.deal()
        else:
            state.next_hand()


Watch = Callable[[MatchState, int], Action | bool]
"""A watching bot's ``watch(state, player)``: it reads one thing the table says (True), has
nothing new (False), or hands back an offence to apply for its player (an `Action`)."""


def offended(state: MatchState, watchers: Sequence[tuple[int, Watch]]) -> bool:
    """Show the watching bots the state, one step each in turn until none has anything
    new (so all hear a request before any hears the next, as the Botzone judge asks every
    seat each round); apply the first offence one hands back (True)."""
    heard = True
    while heard:
        heard = False
        for player, watch in watchers:
            said = watch(state, player)
            if isinstance(said, Action):
                state.apply(player, said)
                return True
            heard = heard or said
    return False


def play_hand(state: HandState, bots: Sequence[Bot], seed: int = 0) -> HandResult:
    """Play a dealt hand to its end with the bots (by seat, East first), as a one-hand
    match (`MatchState.for_hand`) of ``seed`` (its decisions' name): the match's rules
    apply, the instant flower win among them. Returns the hand's result."""
    play(MatchState.for_hand(state, seed), bots)
    result = state.result
    assert result is not None
    return result


__all__ = ["Watch", "offended", "play", "play_hand"]
