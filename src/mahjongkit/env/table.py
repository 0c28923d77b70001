"""The table an environment steps: a `MatchState` played one hand or one whole match at a
time, its rewards from the ruleset's own payments, and each seat's planes and mask.

The environments (`mahjongkit.env.aec`, `mahjongkit.env.parallel`) are thin layers over
it: players are the match's table positions 0..3 (agents ``player_0`` .. ``player_3``).

>>> table = Table("mcr", seed=1)
>>> table.new_episode()
>>> player = table.to_act()[0]
>>> obs = table.observe(player)
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((158, 34), True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import NUM_ACTIONS, Action
from mahjongkit.game.match_state import Automations, MatchState
from mahjongkit.game.planes import legal_action
from mahjongkit.money.rotation import first_deal
from mahjongkit.money.table_points import table_points
from mahjongkit.rules.ruleset import Ruleset, get_ruleset

from .encoding import (
    DTYPES,
    LONE_HAND,
    MatchView,
    SeatBlocks,
    encode_seat,
    match_view,
    seat_mask,
)

AGENTS = ("player_0", "player_1", "player_2", "player_3")
"""The agents, by table position: ``player_0`` is the match's player 0."""

EPISODES = ("hand", "match")
"""An episode is one hand, or a whole match (its rounds, or ``max_hands``)."""

REWARDS = ("money", "sign", "points", "rank")
"""A seat's reward is the money it won or lost (the ruleset's payments), or its sign; or,
for a whole match, and nothing before its end: its table points (the ruleset's
`place_points`, 4/2/1/0 by final score, ties sharing, 002 l.219-221; only where the
ruleset plays for them), or its rank as 3/2/1/0 for first to fourth, ties sharing (any
ruleset: a Taiwanese game is won by the highest score, 003 l.59)."""

RANK_POINTS = (3, 2, 1, 0)
"""The ``"rank"`` reward of first to fourth place."""

OPTIONS = ("episode", "reward", "dtype", "max_hands", "dealer")
"""The options every environment takes (besides ``ruleset``, ``seed``, ``render_mode``)."""

_ONE_HAND = Automations(next_hand=False)
"""A one-hand episode stops once the hand is settled, its money counted."""


NO_REWARDS = (0.0, 0.0, 0.0, 0.0)
"""What `Table.take_rewards` returns (this very tuple) when no money moved."""


def _no_clock() -> float:
    """The match's clock: simulated matches never run out of wall-clock time."""
    return 0.0


class Table:
    """See the module docstring. ``episode`` is ``"hand"`` or ``"match"``; ``reward``
    ``"money"``, ``"sign"``, ``"points"`` or ``"rank"``; ``dtype`` the planes'
    (``"float32"`` or ``"int8"``);
    ``max_hands`` caps a match; ``dealer`` is the player dealing first (by default drawn
    for each episode, so no seat is always the dealer)."""

    def __init__(
        self,
        ruleset: str | Ruleset = "mcr",
        seed: int | None = None,
        *,
        episode: str = "hand",
        reward: str = "money",
        dtype: str = "float32",
        max_hands: int | None = None,
        dealer: int | None = None,
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        if episode not in EPISODES:
            raise ValueError(f"episode is one of {', '.join(EPISODES)}, not {episode!r}")
        if reward not in REWARDS:
            raise ValueError(f"reward is one of {', '.join(REWARDS)}, not {reward!r}")
        if dtype not in DTYPES:
            raise ValueError(f"dtype is one of {', '.join(DTYPES)}, not {dtype!r}")
        if reward in ("points", "rank") and episode != "match":
            what = "table points" if reward == "points" else "final rank"
            raise ValueError(f"reward {reward!r} is the {what} of a match: episode='match'")
        if reward == "points" and self.ruleset.place_points is None:
            raise ValueError(
                f"{self.ruleset.name} plays for the highest score, not table points:"
                " reward='rank' gives the final places"
            )
        if max_hands is not None and (type(max_hands) is not int or max_hands < 1):
            raise ValueError(f"max_hands is a whole number from 1, not {max_hands!r}")
        if dealer is not None and (type(dealer) is not int or not 0 <= dealer < 4):
            raise ValueError(f"dealer is a player 0..3, not {dealer!r}")
        self.episode = episode
        self.reward = reward
        self.dtype = dtype
        self.max_hands = max_hands
        self.dealer = dealer
        self.rng = random.Random(seed)
        self._state: MatchState | None = None
        self._paid = [0, 0, 0, 0]
        self._ranked = False
        self.blocks = SeatBlocks()
        """The seats' table planes, kept from one decision to the next."""
        self._view: tuple[object, MatchView] = (None, LONE_HAND)
        """The match as the planes show it, with the hand it is for: the scores change
        only once a hand is over."""

    def seed(self, seed: int | None) -> None:
        """Start the table's generator again: the episodes to come follow from ``seed``."""
        self.rng = random.Random(seed)

    @property
    def state(self) -> MatchState:
        """The match in play (after `new_episode`). The methods called at every decision
        read ``_state`` itself, and this property only for its error before the first
        episode: a property's call is a fair part of a step."""
        if self._state is None:
            raise IllegalActionError("no episode has started: reset the environment first")
        return self._state

    def new_episode(self) -> None:
        """Deal a new hand (or start a new match) from the table's generator. A hand
        that ends at the deal, before anyone decides (an instant win of the flowers dealt),
        asks no one anything: the next one is dealt instead."""
        while True:
            seed = self.rng.getrandbits(63)
            dealer = self.dealer if self.dealer is not None else self.rng.randrange(4)
            one_hand = self.episode == "hand"
            state = MatchState(
                self.ruleset,
                seed,
                seating=(0, 1, 2, 3),
                max_hands=1 if one_hand else self.max_hands,
                clock=_no_clock,
                automations=_ONE_HAND if one_hand else Automations(),
                first=first_deal(dealer),
            )
            if state.to_act():
                break
        self._state = state
        self._paid = list(state.scores)
        self._ranked = False

    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now (empty once the episode is over)."""
        return (self._state or self.state).to_act()

    @property
    def over(self) -> bool:
        """True once the episode has ended: the hand settled, or the match over."""
        return not self.state.to_act()

    def legal(self, player: int, index: int) -> Action:
        """The legal action of ``player`` with this index; `IllegalActionError` naming it
        and the player otherwise."""
        action = legal_action(self.state.legal_actions(player), index)
        if action is not None:
            return action
        try:
            name = str(Action.from_index(index))
        except (ValueError, IllegalActionError):
            name = f"action {index}"
        raise IllegalActionError(
            f"{name} (index {index}) is not legal for {AGENTS[player]} now: its action"
            " mask has a 0 there"
        )

    def apply(self, player: int, action: Any) -> None:
        """Take ``player``'s action (an index 0..NUM_ACTIONS-1, as an int or a NumPy
        integer); an index outside the mask raises `IllegalActionError`, changing
        nothing."""
        state = self._state or self.state
        index = action if type(action) is int else action_index(action)
        legal = legal_action(state.legal_actions(player), index)
        state.apply(player, legal if legal is not None else self.legal(player, index))

    def take_rewards(self) -> Sequence[float]:
        """Each player's reward since the last call: the points won or lost (the hand's
        money once settled; at a match's end also the pot returned), or their sign; or
        the table points once the match is over."""
        state = self._state or self.state
        scores = state.scores
        if scores == self._paid and not state.over:
            return NO_REWARDS  # nearly every step: no money moves before a hand ends
        won = [scores[p] - self._paid[p] for p in range(4)]
        self._paid = list(scores)
        if self.reward in ("points", "rank"):
            if not state.over or self._ranked:
                return [0.0] * 4
            self._ranked = True
            places = self.ruleset.place_points if self.reward == "points" else RANK_POINTS
            return [float(p) for p in table_points(scores, places or RANK_POINTS)]
        if self.reward == "sign":
            return [float((w > 0) - (w < 0)) for w in won]
        return [float(w) for w in won]

    def match_view(self) -> MatchView:
        """The match around the hand on show, as the planes show it (`MatchView`)."""
        return self._match_view(self.state, self.state.hand)

    def _match_view(self, state: MatchState, hand: object) -> MatchView:
        shown, view = self._view
        if shown is not hand:
            view = match_view(state)
            self._view = (hand, view)
        return view

    def observe(self, player: int) -> dict[str, npt.NDArray[Any]]:
        """What ``player`` sees: its planes and its action mask (all 0 when it has
        nothing to decide), read from the hand (`encode_seat`, `seat_mask`)."""
        state = self._state or self.state
        hand = state.hand
        seat = state.seat_of(player)
        shown, view = self._view
        if shown is not hand:  # once a hand: its first decision
            view = self._match_view(state, hand)
        planes = encode_seat(hand, seat, self.dtype, view, self.blocks)
        return {"observation": planes, "action_mask": seat_mask(hand, seat)}

    def render(self) -> str:
        """The whole table as text (every hand shown: for a person watching)."""
        return str(self.state)


_INTEGERS = int | np.integer
"""What an action index may be (besides a 0-d array of one)."""


def action_index(action: Any) -> int:
    """An action index as given to an environment: an int, or a NumPy integer (a 0-d
    array of one too)."""
    if type(action) is int:
        return action  # the common case, checked first
    if isinstance(action, np.ndarray) and action.shape == () and action.dtype.kind in "iu":
        action = action.item()
    if isinstance(action, bool) or not isinstance(action, _INTEGERS):
        raise IllegalActionError(
            f"an action is an index 0..{NUM_ACTIONS - 1} (an integer), not {action!r}"
        )
    return int(action)


__all__ = ["AGENTS", "EPISODES", "NO_REWARDS", "OPTIONS", "REWARDS", "Table", "action_index"]
