"""One learning seat against three of the project's bots, as a Gymnasium environment
(``gymnasium.make("mahjongkit/Mahjong-v0", ruleset=..., opponents="defender", seat=0)``
once `mahjongkit.env` is imported).

The bots play their seats between the learner's decisions, each on its own observation
and decision as in any match (`mahjongkit.bots`); an episode's reward is the learner's
share of the ruleset's payments, given at the step that settles the hand (or, in a match,
each hand).

An action outside the mask is, by default (``illegal="substitute"``), replaced by the
lowest-index legal action and reported in the step's info (``"illegal_action"``, the
index given): a Gymnasium agent or checker that knows no masks samples the whole
`Discrete` space. With ``illegal="raise"`` it raises `IllegalActionError` instead.

>>> import gymnasium
>>> import mahjongkit.env
>>> env = gymnasium.make("mahjongkit/Mahjong-v0", ruleset="mcr", opponents="efficient")
>>> obs, info = env.reset(seed=1)
>>> terminated = False
>>> while not terminated:
...     action = int(obs["action_mask"].nonzero()[0][0])
...     obs, reward, terminated, truncated, info = env.step(action)
>>> isinstance(reward, float)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any, SupportsFloat

import gymnasium
import numpy.typing as npt
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from mahjongkit.bots import BOTS
from mahjongkit.botzone.external import PREFIX, bot_of, check_bot_name, is_program
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.players import Bot
from mahjongkit.game.runner import offended
from mahjongkit.rules.ruleset import Ruleset

from .spaces import action_space, observation_space
from .table import Table, action_index

_Obs = dict[str, npt.NDArray[Any]]

ILLEGAL = ("substitute", "raise")
"""What an action outside the mask does: replaced by the lowest legal one, or refused."""


class MahjongSingle(gymnasium.Env[dict[str, Any], Any]):
    """See the module docstring. ``seat`` is the learner's table position (0..3);
    ``opponents`` a bot's name for the three other seats, or three names in table order
    (the learner's seat left out); ``illegal`` what an action outside the mask does (see
    the module docstring); other options as `mahjongkit.env.aec_env`."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's own)

    def __init__(
        self,
        ruleset: str | Ruleset = "mcr",
        opponents: str | Sequence[str] = "defender",
        seat: int = 0,
        render_mode: str | None = None,
        illegal: str = "substitute",
        **options: Any,
    ) -> None:
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is 'ansi' or None, not {render_mode!r}")
        if type(seat) is not int or not 0 <= seat < 4:
            raise ValueError(f"seat is a table position 0..3, not {seat!r}")
        if illegal not in ILLEGAL:
            raise ValueError(f"illegal is one of {', '.join(ILLEGAL)}, not {illegal!r}")
        names = [opponents] * 3 if isinstance(opponents, str) else list(opponents)
        if len(names) != 3:
            raise ValueError(f"opponents names one bot, or three, not {len(names)}")
        for name in names:
            if is_program(name):
                check_bot_name(name)  # a Botzone program (botzone ruleset)
            elif name not in BOTS:
                known = ", ".join(sorted(BOTS))
                raise ValueError(
                    f"unknown bot {name!r} among the opponents; known: {known}, or {PREFIX}COMMAND"
                )
        self.table = Table(ruleset, **options)
        self.seat = seat
        self.render_mode = render_mode
        self.opponents = names
        self.illegal = illegal
        self.observation_space: gymnasium.spaces.Dict = observation_space(self.table.dtype)
        self.action_space: gymnasium.spaces.Discrete = action_space()
        self._bots: dict[int, Bot] = {}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[_Obs, dict[str, Any]]:
        """Deal a new episode and play the bots up to the learner's first decision. A
        one-hand episode the bots end before the learner is asked anything is dealt
        again."""
        super().reset(seed=seed)
        if seed is not None:
            self.table.seed(seed)
        while True:
            self.table.new_episode()
            others = [p for p in range(4) if p != self.seat]
            self._bots = {p: bot_of(n) for p, n in zip(others, self.opponents, strict=True)}
            self._play_bots()
            if not self.table.over:
                break
        # What a match paid before the learner's first decision (a hand the bots ended)
        # comes with the first step's reward.
        return self.table.observe(self.seat), {}

    def _play_bots(self) -> None:
        """The bots decide until the learner must, or the episode ends."""
        table = self.table
        state = table.state
        watchers = [
            (p, getattr(b, "watch"))  # noqa: B009 (not in the Bot protocol)
            for p, b in self._bots.items()
            if hasattr(b, "watch")
        ]
        while True:
            if watchers and offended(state, watchers):
                continue
            to_act = state.to_act()
            if not to_act or self.seat in to_act:
                return
            player = to_act[0]
            action = self._bots[player].act(state.observation(player), state.decision(player))
            state.apply(player, action)

    def step(self, action: Any) -> tuple[_Obs, SupportsFloat, bool, bool, dict[str, Any]]:
        """The learner's action (an index its mask allows), then the bots' until the
        learner is asked again or the episode ends."""
        table = self.table
        if table.over:  # (or `Table.state` refuses: no episode has started)
            raise IllegalActionError("the episode is over: reset the environment")
        index = action_index(action)
        info: dict[str, Any] = {}
        legal = table.state.legal_actions(self.seat)
        if self.illegal == "substitute" and all(a.to_index() != index for a in legal):
            info["illegal_action"] = index
            index = min(a.to_index() for a in legal)
        table.apply(self.seat, index)
        self._play_bots()
        reward = table.take_rewards()[self.seat]
        return table.observe(self.seat), reward, table.over, False, info

    def render(self) -> str | None:
        """The table as text when ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self.table.render()


ENV_ID = "mahjongkit/Mahjong-v0"
"""The id `gymnasium.make` knows this environment by."""


def sync_vector_env(
    num_envs: int, autoreset_mode: str | AutoresetMode = AutoresetMode.SAME_STEP, **kwargs: Any
) -> SyncVectorEnv:
    """``num_envs`` copies of `MahjongSingle` (``kwargs`` its options) in Gymnasium's
    `SyncVectorEnv`, reset in the same step an episode ends, so that every observation
    returned has a mask with a legal action (Gymnasium's default, the next step, returns
    the final observation, with a mask of zeros, and ignores the next action given).
    ``gymnasium.make_vec(ENV_ID, num_envs=N, ...)`` builds it."""
    return SyncVectorEnv(
        [partial(MahjongSingle, **kwargs) for _ in range(num_envs)],
        autoreset_mode=autoreset_mode,
    )


def register() -> None:
    """Make `ENV_ID` known to `gymnasium.make` and `gymnasium.make_vec` (done when
    `mahjongkit.env` is imported)."""
    if ENV_ID not in gymnasium.registry:
        gymnasium.register(
            id=ENV_ID,
            entry_point="mahjongkit.env.single:MahjongSingle",
            vector_entry_point="mahjongkit.env.single:sync_vector_env",
        )


__all__ = ["ENV_ID", "ILLEGAL", "MahjongSingle", "register", "sync_vector_env"]
