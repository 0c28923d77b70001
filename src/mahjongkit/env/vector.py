"""Many tables stepped in one process, their decisions stacked for a neural network.

`VectorEnv` holds ``num_tables`` tables (each as `mahjongkit.env.parallel_env` plays one)
and gives, at each step, one row for every player who must decide now across all of
them: the seat in turn at a table, or every seat that may claim its discard (they answer
together, as the Parallel environment has them). A row is the player's planes and mask
with its table and player; `step` takes one action per row.

A table whose episode ends in a step pays every player its final reward, reports the end
(``terminations``) and is dealt its next episode in the same step: its rows in the batch
returned are already the new episode's (Gymnasium's "same step" autoreset; no one acts
in a finished episode, so there is no final observation to give).

>>> import numpy as np
>>> venv = VectorEnv(num_tables=8, ruleset="mcr", seed=1)
>>> obs, infos = venv.reset()
>>> obs["observation"].shape[1:], obs["action_mask"].shape[1]
((158, 34), 167)
>>> rng = np.random.default_rng(0)
>>> ended = 0
>>> while ended < 8:
...     actions = [rng.choice(np.flatnonzero(m)) for m in obs["action_mask"]]
...     obs, rewards, terminations, truncations, infos = venv.step(actions)
...     ended += int(terminations.sum())
>>> rewards.shape, bool(obs["action_mask"].any(axis=1).all())
((8, 4), True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import IllegalActionError, InvalidNotationError
from mahjongkit.game.actions import NUM_ACTIONS, Action
from mahjongkit.game.planes import legal_action, mask_of, state_planes
from mahjongkit.game.state import Phase
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.tiles import NUM_KINDS

from .encoding import NUM_PLANES
from .spaces import action_space, observation_space
from .table import AGENTS, Table


def _actions_by_index() -> tuple[Action | None, ...]:
    actions: list[Action | None] = []
    for i in range(NUM_ACTIONS):
        try:
            actions.append(Action.from_index(i))
        except InvalidNotationError:  # the unused chow slots of 8 and 9
            actions.append(None)
    return tuple(actions)


_BY_INDEX = _actions_by_index()
"""Every action by its index (None at the unused chow slots of 8 and 9)."""

MAX_ROWS_PER_TABLE = 3
"""At most three players decide at once at a table: those who may claim a discard."""

_Batch = dict[str, npt.NDArray[Any]]

SHOWN_REFUSED = 5
"""How many refused rows an error names (it says how many there were)."""


class VectorEnv:
    """``num_tables`` tables of ``ruleset``, stepped together (see the module docstring).

    ``seed`` seeds table ``i`` with ``seed + i`` (as Gymnasium's vector environments do),
    so table ``i`` plays what ``parallel_env(ruleset, seed=seed + i)`` plays, episode
    after episode. ``copy=False`` returns the planes as a view of the environment's own
    buffer, written over at the next step (faster; copy what you keep). Other options
    (``episode``, ``reward``, ``dtype``, ``max_hands``, ``dealer``) as `aec_env`'s, for
    every table.

    `reset` and `step` return the batch as a dict of arrays, one row per decision:

    - ``observation``: the planes, ``[K, NUM_PLANES, 34]``;
    - ``action_mask``: ``[K, NUM_ACTIONS]`` (``int8``), never all zeros;
    - ``table`` (``int32``) and ``player`` (``int8``, 0..3: the agent ``player_<n>``): whose
      decision the row is, rows in table order, then in the order the table asks them;
    - ``claim_tile`` (``int8``): the tile the row's player answers (a discard, or a
      promoted kong's tile), -1 on its own turn (what `mahjongkit.env.pku` needs).
    """

    def __init__(
        self,
        num_tables: int,
        ruleset: str | Ruleset = "mcr",
        seed: int | None = None,
        *,
        copy: bool = True,
        **options: Any,
    ) -> None:
        if type(num_tables) is not int or num_tables < 1:
            raise ValueError(f"num_tables is a whole number from 1, not {num_tables!r}")
        self.num_tables = num_tables
        self.tables = [
            Table(ruleset, None if seed is None else seed + i, **options) for i in range(num_tables)
        ]
        first = self.tables[0]
        self.ruleset = first.ruleset
        self.dtype = first.dtype
        self.copy = copy
        self.single_observation_space = observation_space(self.dtype)
        """One row's planes and mask (as the other environments' observation space)."""
        self.single_action_space = action_space()
        """One row's action: an index of the engine's action space."""
        rows = MAX_ROWS_PER_TABLE * num_tables
        self._planes = np.zeros((rows, NUM_PLANES, NUM_KINDS), dtype=self.dtype)
        self._masks = np.zeros((rows, NUM_ACTIONS), dtype=np.int8)
        self._row_table = np.zeros(rows, dtype=np.int32)
        self._row_player = np.zeros(rows, dtype=np.int8)
        self._claim = np.zeros(rows, dtype=np.int8)
        self._rows = 0
        self._started = False

    @property
    def num_rows(self) -> int:
        """How many decisions the batch now holds (K)."""
        return self._rows

    def reset(self, seed: int | None = None) -> tuple[_Batch, dict[str, Any]]:
        """Deal every table a new episode (``seed`` seeds table ``i`` with ``seed + i``
        again); the first batch."""
        for i, table in enumerate(self.tables):
            if seed is not None:
                table.seed(seed + i)
            table.new_episode()
        self._started = True
        self._gather()
        return self._batch(), {}

    def _gather(self) -> None:
        """Write the planes and masks of every player who must decide, table by table
        (read from each hand, as `mahjongkit.env.encoding.encode_seat` reads them)."""
        row_table: list[int] = []
        row_player: list[int] = []
        claim: list[int] = []
        written: list[bytes] = []
        masks = bytearray(len(self._masks) * NUM_ACTIONS)
        k = 0
        for i, table in enumerate(self.tables):
            state = table.state
            to_act = state.to_act()
            if not to_act:
                continue
            view = table.match_view()
            hand = state.hand
            window = hand.window
            answering = hand.phase is Phase.CLAIM or hand.phase is Phase.ROB
            tile = window.tile if window is not None and answering else -1
            for p in to_act:
                seat = state.seat_of(p)
                written.append(state_planes(hand, seat, view, table.blocks))
                at = k * NUM_ACTIONS
                masks[at : at + NUM_ACTIONS] = mask_of(hand.legal_actions(seat))
                row_table.append(i)
                row_player.append(p)
                claim.append(tile)
                k += 1
        if k:
            self._planes[:k] = np.frombuffer(b"".join(written), np.int8).reshape(
                k, NUM_PLANES, NUM_KINDS
            )
        self._masks[:k] = np.frombuffer(masks, np.int8, k * NUM_ACTIONS).reshape(k, NUM_ACTIONS)
        self._row_table[:k] = row_table
        self._row_player[:k] = row_player
        self._claim[:k] = claim
        self._rows = k

    def _batch(self) -> _Batch:
        k = self._rows
        planes = self._planes[:k]
        return {
            "observation": planes.copy() if self.copy else planes,
            "action_mask": self._masks[:k].copy(),
            "table": self._row_table[:k].copy(),
            "player": self._row_player[:k].copy(),
            "claim_tile": self._claim[:k].copy(),
        }

    def _refuse(self, actions: npt.NDArray[Any]) -> None:
        """Raise `IllegalActionError` naming each row whose action its mask does not
        allow (the first `SHOWN_REFUSED`), before any action is taken."""
        k = self._rows
        inside = (actions >= 0) & (actions < NUM_ACTIONS)
        allowed = np.zeros(k, dtype=bool)
        rows = np.flatnonzero(inside)
        allowed[rows] = self._masks[rows, actions[rows]] == 1
        refused = np.flatnonzero(~allowed)
        if not len(refused):
            return
        named = []
        for r in refused[:SHOWN_REFUSED]:
            index = int(actions[r])
            action = _BY_INDEX[index] if 0 <= index < NUM_ACTIONS else None
            what = f"{action} (index {index})" if action is not None else f"index {index}"
            named.append(
                f"row {r} (table {self._row_table[r]}, {AGENTS[self._row_player[r]]}): {what}"
            )
        more = f" and {len(refused) - SHOWN_REFUSED} more" if len(refused) > SHOWN_REFUSED else ""
        raise IllegalActionError(
            f"{len(refused)} of {k} actions are not legal (their action mask has a 0 there),"
            f" so none was taken: {'; '.join(named)}{more}"
        )

    def step(
        self, actions: Any
    ) -> tuple[
        _Batch,
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """One action (an index its mask allows) per row of the last batch, as a sequence
        or array of integers. All are checked before any is taken: an illegal one raises
        `IllegalActionError` naming its row, table and player, and nothing changes.

        Returns the next batch; ``rewards`` ``[num_tables, 4]`` (each player's reward from
        this step, by table); ``terminations`` ``[num_tables]``, True for a table whose
        episode ended here (its rows are the next episode's already); ``truncations``
        (always False); and an empty info dict."""
        if not self._started:
            raise IllegalActionError("no episode has started: reset the environment first")
        chosen = np.asarray(actions)
        k = self._rows
        if chosen.shape != (k,):
            raise ValueError(f"step takes one action per row: {k}, not shape {chosen.shape}")
        if k and chosen.dtype.kind not in "iu":
            raise IllegalActionError(
                f"an action is an index 0..{NUM_ACTIONS - 1} (an integer), not {chosen.dtype}"
            )
        self._refuse(chosen)
        tables = self.tables
        row_table = self._row_table[:k].tolist()
        row_player = self._row_player[:k].tolist()
        for i, p, a in zip(row_table, row_player, chosen.tolist(), strict=True):
            state = tables[i].state
            # The legal action itself (the engine then finds it by identity, not equality).
            action = legal_action(state.legal_actions(p), a) or _BY_INDEX[a]
            assert action is not None  # the mask has no unused slot
            state.apply(p, action)
        rewards = np.zeros((self.num_tables, 4), dtype=np.float64)
        terminations = np.zeros(self.num_tables, dtype=np.bool_)
        for i, table in enumerate(tables):
            rewards[i] = table.take_rewards()
            if table.over:
                terminations[i] = True
                table.new_episode()
        self._gather()
        truncations = np.zeros(self.num_tables, dtype=np.bool_)
        return self._batch(), rewards, terminations, truncations, {}

    def render(self, table: int) -> str:
        """One table as text (every hand shown)."""
        return self.tables[table].render()

    def close(self) -> None:
        """Nothing to release."""


__all__ = ["MAX_ROWS_PER_TABLE", "VectorEnv"]
