"""The PettingZoo AEC environment: one agent acts at a time.

On a turn the seat in turn acts. When a discard (or the tile of a promoted kong) may be
claimed by several seats, each of them is asked in turn, in seat order from East, and
the engine settles the claims once all have answered, as at the table: an answer shows
nothing to the seats asked after it (their observations do not change until the claim is
settled). The seats that may only pass are not asked.

>>> env = aec_env("mcr", seed=2)
>>> env.reset()
>>> steps = 0
>>> for agent in env.agent_iter():
...     obs, reward, terminated, truncated, info = env.last()
...     if terminated:
...         env.step(None)
...         continue
...     env.step(int(obs["action_mask"].nonzero()[0][0]))
...     steps += 1
>>> env.agents, steps > 0
([], True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from mahjongkit.errors import IllegalActionError
from mahjongkit.rules.ruleset import Ruleset

from .spaces import action_space, observation_space
from .table import AGENTS, NO_REWARDS, Table

_PLAYER = {a: p for p, a in enumerate(AGENTS)}
"""Each agent's table position."""


class MahjongAEC(AECEnv):
    """A hand (or a match) of a mahjongkit ruleset as a PettingZoo AEC environment. See
    `aec_env` for the options."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "mahjongkit_v0",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        ruleset: str | Ruleset = "mcr",
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.table = Table(ruleset, seed, **options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._observation_space = observation_space(self.table.dtype)
        self._action_spaces = {a: action_space() for a in AGENTS}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `spaces.Dict` for every agent: ``observation`` (the planes) and
        ``action_mask``."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`spaces.Discrete` over the engine's action indexes (`NUM_ACTIONS`)."""
        return self._action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new episode; ``seed`` restarts the table's generator."""
        if seed is not None:
            self.table.seed(seed)
        self.table.new_episode()
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self.agent_selection = AGENTS[self.table.to_act()[0]]

    def observe(self, agent: str) -> dict[str, npt.NDArray[Any]]:
        """The agent's planes and action mask now."""
        return self.table.observe(_PLAYER[agent])

    def step(self, action: Any) -> None:
        """The selected agent's action (an index its mask allows; None once it is done)."""
        if not hasattr(self, "agent_selection"):
            raise IllegalActionError("no episode has started: reset the environment first")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for an agent that is done")
        table = self.table
        table.apply(_PLAYER[agent], action)
        self._cumulative_rewards[agent] = 0.0
        rewards = table.take_rewards()
        if rewards is not NO_REWARDS or self._rewarded:  # most steps move no money
            for a, r in zip(AGENTS, rewards, strict=True):
                self.rewards[a] = r
            self._rewarded = rewards is not NO_REWARDS
            self._accumulate_rewards()
        to_act = table.to_act()
        if to_act:
            self.agent_selection = AGENTS[to_act[0]]
        else:
            for a in self.agents:
                self.terminations[a] = True
            self.agent_selection = self.agents[0]

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"`` (None without a render mode)."""
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""


def aec_env(
    ruleset: str | Ruleset = "mcr",
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> MahjongAEC:
    """A PettingZoo AEC environment of ``ruleset`` (any name `get_ruleset` knows, or a
    `Ruleset`). ``seed`` seeds the episodes (``reset(seed=...)`` seeds them again).
    Options: ``episode="hand"|"match"``, ``reward="money"|"sign"|"points"`` (a match's
    table points at its end),
    ``dtype="float32"|"int8"`` (the planes'), ``max_hands`` (a match's cap), ``dealer``
    (the player dealing first; drawn for each episode by default)."""
    return MahjongAEC(ruleset, seed, render_mode, **options)


__all__ = ["MahjongAEC", "aec_env"]
