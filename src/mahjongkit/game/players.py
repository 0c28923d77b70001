"""The game's contract with its players: the `Bot` protocol, the `Decision` a player is
asked, and the uniform player that sits where no other is given.

A bot sees only an `Observation` (its own tiles, the table, its legal actions) and the
`Decision` it is asked: which match (its seed), which hand, which player, which decision
of the hand. Whatever it leaves to chance it draws from that decision (`Decision.key`,
`Decision.rng`), never from a generator that runs through the match; whatever it
remembers of earlier decisions it can rebuild from `Decision.history`. So a match stored
after any decision and resumed in another process, with new bots, goes on exactly as it
would have. The stronger bots live above the game (`mahjongkit.bots`), and turning their
names into bots is the adapters' work.

>>> import random
>>> from mahjongkit.game.match_state import MatchState
>>> state = MatchState("mcr", seed=3)
>>> player = state.to_act()[0]
>>> bot = RandomBot()
>>> bot.act(state.observation(player), state.decision(player)) in state.legal_actions(player)
True
>>> isinstance(bot, Bot)
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol, runtime_checkable

from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation

if TYPE_CHECKING:
    from mahjongkit.game.sampling import SeatKnowledge

_BITS = (1 << 64) - 1


def _mix(z: int) -> int:
    """64 well-stirred bits from ``z`` (SplitMix64's step: pure integer arithmetic, so
    the same on every platform and Python version)."""
    z = (z + 0x9E3779B97F4A7C15) & _BITS
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _BITS
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _BITS
    return z ^ (z >> 31)


def hand_keys(seed: int, hand: int) -> tuple[int, int, int, int]:
    """The first three steps of `decision_key` for each player of one hand: a driver
    keeps them for the hand and finishes a key with `finish_key`."""
    h = _mix(_mix(seed & _BITS) + hand)
    return (_mix(h), _mix(h + 1), _mix(h + 2), _mix(h + 3))


def finish_key(player_key: int, number: int) -> int:
    """The key of decision ``number`` from its player's entry of `hand_keys`."""
    return _mix(player_key + number)


def decision_key(seed: int, hand: int, player: int, number: int) -> int:
    """The 64 bits a bot draws its chances from at one decision: the match's seed (taken
    modulo 2**64), the hand's number in the match, the player and the decision's number
    in the hand, stirred one after the other.

    >>> decision_key(7, 0, 2, 31) == decision_key(7, 0, 2, 31) != decision_key(7, 0, 2, 32)
    True
    >>> decision_key(7, 0, 2, 31) == finish_key(hand_keys(7, 0)[2], 31)
    True
    """
    return finish_key(hand_keys(seed, hand)[player], number)


History = tuple[tuple[Observation, Action], ...]
"""A player's earlier decisions in a hand: what it saw, and what it did."""


def no_history() -> History:
    """The history of a decision with nothing before it."""
    return ()


class Decision(NamedTuple):
    """One decision a player is asked to take, named the same way in every process.

    Made by the driver (`mahjongkit.game.match_state.MatchState.decision`); a bot reads it
    and never keeps it beyond its answer."""

    seed: int
    """The match's seed."""
    hand: int
    """The hand's number in the match (0 the first)."""
    player: int
    """The player asked (a table position; for a hand played alone, its seat)."""
    number: int
    """The decision's number in the hand: the actions taken in the hand before it."""
    key: int
    """The decision's own 64 random bits (`decision_key` of the four above)."""
    history: Callable[[], History] = no_history
    """The player's earlier decisions in this hand, in order, as (what it saw, what it
    did); those the match took by itself for the player (`Automations`) are not among
    them. Rebuilt by replaying the hand, so a bot asks for it only to rebuild a memory it
    does not have (a bot made after the hand began, in another process)."""
    knowledge: Callable[[], SeatKnowledge] | None = None
    """What the player knows of the hand now, as a sample of it is drawn from
    (`mahjongkit.game.sampling.SeatKnowledge`: the events as the player saw them and its
    own actions, which discards were drawn tiles, the dice); None where the driver cannot
    give it. Rebuilt by replaying the hand: asked by a bot that looks ahead."""

    @classmethod
    def of(
        cls,
        seed: int,
        hand: int,
        player: int,
        number: int,
        history: Callable[[], History] = no_history,
        knowledge: Callable[[], SeatKnowledge] | None = None,
    ) -> Decision:
        """The decision of these numbers, its key computed.

        >>> Decision.of(7, 0, 2, 31).key == decision_key(7, 0, 2, 31)
        True
        """
        key = decision_key(seed, hand, player, number)
        return cls(seed, hand, player, number, key, history, knowledge)

    def rng(self) -> random.Random:
        """A generator of this decision's own: the same draws for the same decision,
        wherever and whenever it is asked."""
        return random.Random(self.key)


@runtime_checkable
class Bot(Protocol):
    """Chooses an action; ``observation.legal_actions`` is never empty when asked.

    Deterministic given the observation and the decision: chance is drawn from
    ``decision`` alone, and a memory of earlier decisions is kept only where it can be
    rebuilt from ``decision.history()``. A bot may also offer ``choose(legal, key)``, the
    same choice from the legal actions and `Decision.key` alone, which the drivers ask
    without building an observation."""

    name: str

    def act(self, observation: Observation, decision: Decision) -> Action:
        """One of ``observation.legal_actions``."""
        ...


BotFactory = Callable[[], Bot]
"""Makes a bot for one seat (a bot class is one)."""


class RandomBot:
    """Uniform among legal actions, drawn from the decision's key."""

    name = "random"

    def act(self, observation: Observation, decision: Decision) -> Action:
        """A uniformly chosen legal action."""
        return self.choose(observation.legal_actions, decision.key)

    def choose(self, legal: Sequence[Action], key: int) -> Action:
        """The same choice from the legal actions and the decision's key alone (the
        drivers' fast path: this bot needs nothing else). ``key % len(legal)``: 64 bits
        make the bias toward the first actions too small to measure."""
        return legal[key % len(legal)]


__all__ = [
    "Bot",
    "BotFactory",
    "Decision",
    "History",
    "RandomBot",
    "decision_key",
    "finish_key",
    "hand_keys",
    "no_history",
]
