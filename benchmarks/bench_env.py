"""The environments' throughput: hands and decisions per CPU second, per core, with four
random agents and the observation planes and mask built at every decision.

Through the PettingZoo AEC environment (`mahjongkit.env.aec_env`: ``last()`` at every
decision, a random masked action), in ``mcr`` and ``taiwanese-lrc``, best of three
passes (CPU time, so other load on the machine counts less); beside it the simulator's
random self-play without the environment (`mahjongkit.sim.simulate`), in the same run.

Run: ``python benchmarks/bench_env.py [hands]`` (default 200).
"""

from __future__ import annotations

import random
import sys
import time

import numpy as np

import mahjongkit.shanten
from mahjongkit.env import aec_env
from mahjongkit.sim import simulate


def env_rate(ruleset: str, hands: int, passes: int = 3) -> tuple[float, float]:
    """Hands and decisions per CPU second through the AEC environment, best pass."""
    best, decisions = float("inf"), 0
    for p in range(passes):
        env = aec_env(ruleset, seed=p)
        rng = random.Random(p)
        steps = 0
        start = time.process_time()
        for _ in range(hands):
            env.reset()
            for _agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
                steps += 1
        took = time.process_time() - start
        if took < best:
            best, decisions = took, steps
    return hands / best, decisions / best


def sim_rate(ruleset: str, hands: int, passes: int = 3) -> float:
    """Hands per CPU second of the simulator's random self-play, best pass."""
    best = float("inf")
    for p in range(passes):
        start = time.process_time()
        simulate(ruleset, ["random"] * 4, hands=hands, seed=p)
        best = min(best, time.process_time() - start)
    return hands / best


def main() -> None:
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    compiled = mahjongkit.shanten.__file__.endswith((".so", ".pyd"))
    print(f"build: {'compiled' if compiled else 'Python source'}; {hands} hands a pass")
    print(f"{'ruleset':<15}{'env hands/s':>12}{'decisions/s':>13}{'sim hands/s':>13}")
    for ruleset in ("mcr", "taiwanese-lrc"):
        env_hands, env_decisions = env_rate(ruleset, hands)
        print(
            f"{ruleset:<15}{env_hands:>12.0f}{env_decisions:>13.0f}"
            f"{sim_rate(ruleset, hands):>13.0f}"
        )


if __name__ == "__main__":
    main()
