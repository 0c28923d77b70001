"""The PettingZoo Parallel environment: every seat that must act now acts in one step.

On a turn that is the seat in turn alone. When a discard (or the tile of a promoted kong)
may be claimed, it is every seat that may claim it: all answer in the same step and the
engine settles the claims as the rules rank them. Every live agent gets its observation
at each step; an agent with nothing to decide has a mask of zeros, and its action, if
given, is ignored (PettingZoo's test gives one for every live agent).

>>> env = parallel_env("taiwanese-lrc", seed=3)
>>> obs, infos = env.reset()
>>> while env.agents:
...     actions = {a: int(o["action_mask"].nonzero()[0][0])
...                for a, o in obs.items() if o["action_mask"].any()}
...     obs, rewards, terminations, truncations, infos = env.step(actions)
>>> sorted(terminations), all(terminations.values())
(['player_0', 'player_1', 'player_2', 'player_3'], True)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import ParallelEnv

from mahjongkit.errors import IllegalActionError
from mahjongkit.rules.ruleset import Ruleset

from .spaces import action_space, observation_space
from .table import AGENTS, Table, action_index

_Obs = dict[str, npt.NDArray[Any]]


class MahjongParallel(ParallelEnv):
    """A hand (or a match) of a mahjongkit ruleset as a PettingZoo Parallel environment.
    See `parallel_env` for the options."""

    metadata: ClassVar[dict[str, Any]] = {"name": "mahjongkit_v0", "render_modes": ["ansi"]}

    def __init__(
        self,
        ruleset: str | Ruleset = "mcr",
        seed: int | None = None,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        self.table = Table(ruleset, seed, **options)
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self.agents: list[str] = []
        self._observation_space = observation_space(self.table.dtype)
        self._action_spaces = {a: action_space() for a in AGENTS}

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same `spaces.Dict` for every agent (see `MahjongAEC.observation_space`)."""
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """`spaces.Discrete` over the engine's action indexes."""
        return self._action_spaces[agent]

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, _Obs], dict[str, dict[str, Any]]]:
        """Deal a new episode; ``seed`` restarts the table's generator."""
        if seed is not None:
            self.table.seed(seed)
        self.table.new_episode()
        self.agents = list(AGENTS)
        return self._observations(), {a: {} for a in AGENTS}

    def _observations(self) -> dict[str, _Obs]:
        return {a: self.table.observe(p) for p, a in enumerate(AGENTS)}

    def step(
        self, actions: dict[str, Any]
    ) -> tuple[
        dict[str, _Obs],
        dict[str, float],
        dict[str, bool],
        dict[str, bool],
        dict[str, dict[str, Any]],
    ]:
        """The actions of the seats that must act now (by agent name). A missing or
        illegal one raises (`IllegalActionError` for an action outside the mask) before
        any is taken, changing nothing."""
        table = self.table
        if not self.agents:
            raise IllegalActionError("no episode is in play: reset the environment")
        to_act = table.to_act()
        missing = [AGENTS[p] for p in to_act if actions.get(AGENTS[p]) is None]
        if missing:
            raise ValueError(f"{', '.join(missing)} must act now: no action given")
        chosen = [(p, table.legal(p, action_index(actions[AGENTS[p]]))) for p in to_act]
        for p, action in chosen:
            table.state.apply(p, action)
        rewards = dict(zip(AGENTS, table.take_rewards(), strict=True))
        done = table.over
        observations = self._observations()
        terminations = dict.fromkeys(AGENTS, done)
        truncations = dict.fromkeys(AGENTS, False)
        infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        if done:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self.table.render()

    def close(self) -> None:
        """Nothing to release."""


def parallel_env(
    ruleset: str | Ruleset = "mcr",
    seed: int | None = None,
    render_mode: str | None = None,
    **options: Any,
) -> MahjongParallel:
    """A PettingZoo Parallel environment of ``ruleset``; the options of `aec_env`."""
    return MahjongParallel(ruleset, seed, render_mode, **options)


__all__ = ["MahjongParallel", "parallel_env"]
