"""Decisions per CPU second of `VectorEnv` (many tables in one process, every decision of
a step in one batch), beside one PettingZoo Parallel environment (which builds every
agent's observation at each step, as its API has it) and one AEC environment (only the
agent selected), in the same run.

Random legal actions drawn with NumPy for a whole batch at once (the highest of uniform
scores under the mask, as a policy network's masked argmax would be taken); the planes
and masks built for every decision. Best of three passes, CPU time, after a warm-up of
each ruleset's tables (`warm.warm_tables`).

Run: ``python benchmarks/bench_vector.py [tables] [steps] [--json]`` (defaults 256 and 200;
``--json``: a last line of figures for ``benchmarks/report.py``).
"""

from __future__ import annotations

import sys
import time

import numpy as np

import mahjongkit.shanten
from bench_env import env_rate, masked_random  # beside this file (the script's own folder)
from figures import Figures
from mahjongkit.env import AGENTS, VectorEnv, parallel_env
from warm import warm_tables


def vector_rate(
    ruleset: str, tables: int, steps: int, copy: bool, passes: int = 3
) -> tuple[float, float]:
    """Decisions per CPU second through `VectorEnv` (best pass), and rows per step."""
    best, decisions = float("inf"), 0
    for p in range(passes):
        venv = VectorEnv(tables, ruleset, seed=p * tables, copy=copy)
        rng = np.random.default_rng(p)
        start = time.process_time()
        batch, _ = venv.reset()
        rows = 0
        for _ in range(steps):
            actions = masked_random(batch["action_mask"], rng)
            rows += len(actions)
            batch, _, _, _, _ = venv.step(actions)
        took = time.process_time() - start
        if took < best:
            best, decisions = took, rows
    return decisions / best, decisions / steps


def parallel_rate(ruleset: str, decisions: int, passes: int = 3) -> float:
    """Decisions per CPU second through one Parallel environment (best pass)."""
    best, made = float("inf"), 0
    for p in range(passes):
        env = parallel_env(ruleset, seed=p)
        rng = np.random.default_rng(p)
        start = time.process_time()
        obs, _ = env.reset()
        n = 0
        while n < decisions:
            asked = [a for a in AGENTS if obs[a]["action_mask"].any()]
            masks = np.stack([obs[a]["action_mask"] for a in asked])
            chosen = masked_random(masks, rng)
            obs, _, terminations, _, _ = env.step(dict(zip(asked, chosen.tolist(), strict=True)))
            n += len(asked)
            if all(terminations.values()):
                obs, _ = env.reset()
        took = time.process_time() - start
        if took < best:
            best, made = took, n
    return made / best


def main() -> None:
    figures = Figures.from_argv(__file__)
    tables = int(sys.argv[1]) if len(sys.argv) > 1 else 256
    steps = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    compiled = mahjongkit.shanten.__file__.endswith((".so", ".pyd"))
    print(f"build: {'compiled' if compiled else 'Python source'}; {tables} tables, {steps} steps")
    print(
        f"{'ruleset':<15}{'vector/s':>10}{'no copy/s':>11}{'rows/step':>11}"
        f"{'parallel/s':>12}{'AEC/s':>8}"
    )
    for ruleset in ("mcr", "taiwanese-lrc"):
        warm_tables(ruleset)
        rate, rows = vector_rate(ruleset, tables, steps, copy=True)
        fast, _ = vector_rate(ruleset, tables, steps, copy=False)
        single = parallel_rate(ruleset, int(rows * steps))
        _, aec = env_rate(ruleset, hands=max(10, int(rows * steps) // 100))
        print(f"{ruleset:<15}{rate:>10.0f}{fast:>11.0f}{rows:>11.0f}{single:>12.0f}{aec:>8.0f}")
        measure = f"{ruleset}, VectorEnv, {tables} tables"
        figures.add(measure, "decisions/s", rate, "one Parallel environment", single)
        figures.add(measure, "decisions/s", rate, "one AEC environment", aec)
        figures.add(f"{measure}, arrays not copied", "decisions/s", fast)
    figures.emit()


if __name__ == "__main__":
    main()
