"""Evaluation: agreement with the defender on held-out decisions, and duplicate play
against the ``efficient`` bot through the Gymnasium environment.

**Duplicate.** Each wall is dealt four times, by the same dealer (player 0), the learning
seat at each table position in turn, the three others ``efficient`` bots: what the seat
plays is all that differs from one policy to another, so the luck of the tiles cancels.
A wall's score is, over its four deals, the mean of the seat's points less the mean of
the three others' (the hand's money under the ruleset, as `mahjongkit simulate
--duplicate` and benchmarks/bench_strength.py count it); the result is the mean over the
walls with its 95% interval. The same walls are played by the cloned policy and, for
reference, by the defender itself in the learning seat.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any, Protocol

import gymnasium
import numpy as np
import numpy.typing as npt
import torch

import mahjongkit.env  # registers mahjongkit/Mahjong-v0
from mahjongkit.bots import BOTS
from mahjongkit.env.single import MahjongSingle
from mahjongkit.game.actions import PASS
from mahjongkit.sim import mean_interval

from .data import Decisions
from .model import Policy
from .train import batches


class Seat(Protocol):
    """Plays the learning seat: told when a hand starts, then asked each decision."""

    def start(self) -> None:
        """A new hand is dealt."""

    def act(self, env: MahjongSingle, obs: dict[str, npt.NDArray[Any]]) -> int:
        """The action index to take, from the environment and the seat's observation."""
        ...


@dataclass(frozen=True)
class Agreement:
    """How often the policy takes the defender's action: over all held-out decisions, on
    the seat's own turn, and when answering a discard or a kong (pass legal)."""

    decisions: int
    overall: float
    turns: int
    on_turn: float
    answers: int
    on_answer: float


def agreement(policy: Policy, data: Decisions, batch: int = 1024) -> Agreement:
    """Top-1 agreement of ``policy`` with the actions of ``data``."""
    right = []
    with torch.no_grad():
        for planes, mask, action in batches(data, batch):
            right.append((policy(planes, mask).argmax(dim=1) == action).numpy())
    hit = np.concatenate(right)
    answer = data.mask[:, PASS.to_index()] == 1  # pass is legal: a discard or a kong answered
    return Agreement(
        len(hit),
        float(hit.mean()),
        int((~answer).sum()),
        float(hit[~answer].mean()) if (~answer).any() else 0.0,
        int(answer.sum()),
        float(hit[answer].mean()) if answer.any() else 0.0,
    )


class Cloned:
    """The cloned policy: the legal action of the highest logit for the planes seen."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy

    def start(self) -> None:
        """Nothing is kept from one decision to the next."""

    def act(self, env: MahjongSingle, obs: dict[str, npt.NDArray[Any]]) -> int:
        with torch.no_grad():
            planes = torch.from_numpy(obs["observation"]).unsqueeze(0)
            mask = torch.from_numpy(obs["action_mask"]).unsqueeze(0)
            return int(self.policy(planes, mask).argmax(dim=1))


class BotSeat:
    """One of the project's bots in the learning seat, deciding on the seat's own
    observation as it does in a match (a new bot each hand)."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.bot = BOTS[name]()

    def start(self) -> None:
        self.bot = BOTS[self.name]()

    def act(self, env: MahjongSingle, obs: dict[str, npt.NDArray[Any]]) -> int:
        state = env.table.state
        return self.bot.act(state.observation(env.seat), state.decision(env.seat)).to_index()


@dataclass(frozen=True)
class Duplicate:
    """A duplicate match's result: walls played (four hands each), the mean per hand of
    the seat's points less the others' with its 95% interval, the seat's win rate and
    points per hand, and the deals the bots ended before the seat decided (dealt again)."""

    walls: int
    diff: tuple[float, float, float]
    win_rate: float
    points_per_hand: float
    redealt: int
    seconds: float


def wall_seed(seed: int, wall: int) -> int:
    """The seed dealing a duplicate match's ``wall``-th wall."""
    return random.Random(f"behaviour-cloning/{seed}/{wall}").getrandbits(63)


def duplicate(
    seat: Seat, *, walls: int, seed: int, ruleset: str = "mcr", opponents: str = "efficient"
) -> Duplicate:
    """Play ``walls`` walls four times each with ``seat`` playing the learning seat."""
    start = time.perf_counter()
    envs = [
        gymnasium.make(
            mahjongkit.env.ENV_ID, ruleset=ruleset, opponents=opponents, seat=s, dealer=0
        )
        for s in range(4)
    ]
    per_wall, points, wins, redealt = [], 0.0, 0, 0
    for wall in range(walls):
        diffs = []
        # The table's generator, seeded so, draws the match's seed first: another seed
        # means the bots ended that deal before the seat was asked anything (dealt again).
        dealt = random.Random(wall_seed(seed, wall)).getrandbits(63)
        for position, env in enumerate(envs):
            single: MahjongSingle = env.unwrapped  # type: ignore[assignment]
            obs, _ = env.reset(seed=wall_seed(seed, wall))
            seat.start()
            redealt += single.table.state.seed != dealt
            before = list(single.table.state.scores)
            done = False
            while not done:
                obs, _, done, _, _ = env.step(seat.act(single, obs))
            state = single.table.state
            won = [state.scores[p] - before[p] for p in range(4)]
            mine, rest = won[position], [won[p] for p in range(4) if p != position]
            diffs.append(mine - sum(rest) / 3)
            points += mine
            result = state.hand.result
            wins += result is not None and state.seat_of(position) in result.winners
        per_wall.append(sum(diffs) / 4)
    hands = 4 * walls
    return Duplicate(
        walls,
        mean_interval(per_wall),
        wins / hands,
        points / hands,
        redealt,
        time.perf_counter() - start,
    )


__all__ = [
    "Agreement",
    "BotSeat",
    "Cloned",
    "Duplicate",
    "Seat",
    "agreement",
    "duplicate",
    "wall_seed",
]
