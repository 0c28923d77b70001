"""Random play through the AEC environment, checking every action mask against the
engine: every masked action is one the engine takes (`MatchState.can`), every legal
action is masked, the selected agent's mask is never empty, and a seat with nothing to
decide has a mask of zeros. tests/env/test_masks.py runs it briefly; for the full count:

    PYTHONPATH=src python scripts/check_env_masks.py --steps 1000000

It prints the steps, hands and masks checked per ruleset (the steps shared out evenly),
and exits 1 on the first wrong mask (naming the ruleset, seed, step and action).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from mahjongkit.env import AGENTS, action_mask, aec_env
from mahjongkit.game.actions import Action
from mahjongkit.rules.ruleset import Ruleset, get_ruleset, ruleset_names


@dataclass
class Checked:
    """What one run checked."""

    steps: int = 0
    hands: int = 0
    """Episodes played to their end (hands, or matches)."""
    masks: int = 0
    """Masks compared with the engine's legal actions (every seat, every step)."""


def check_masks(ruleset: str | Ruleset, steps: int, seed: int = 0, **options: Any) -> Checked:
    """Play ``steps`` random masked actions (episodes one after another, with the
    environment's ``options``) and check every mask; raises AssertionError naming the
    first wrong one."""
    env = aec_env(ruleset, seed=seed, **options)
    rng = random.Random(seed)
    done = Checked()
    env.reset()
    name = get_ruleset(ruleset).name
    while done.steps < steps:
        agent = env.agent_selection
        if env.terminations[agent]:
            env.step(None)
            if not env.agents:
                done.hands += 1
                env.reset()
            continue
        state = env.table.state
        to_act = state.to_act()
        for player, other in enumerate(AGENTS):
            # The selected agent's through the environment (planes and all); the others'
            # as the environment builds them, without their planes.
            if other == agent:
                mask = env.observe(other)["action_mask"]
            else:
                mask = action_mask(state.observation(player))
            legal = state.legal_actions(player)
            masked = np.flatnonzero(mask).tolist()
            where = f"{name} seed {seed} step {done.steps} {other}"
            assert masked == sorted(a.to_index() for a in legal), f"{where}: {masked} {legal}"
            assert bool(masked) == (player in to_act), f"{where}: to act {to_act}"
            for index in masked:
                assert state.can(player, Action.from_index(index)), f"{where}: {index}"
            done.masks += 1
        mask = env.observe(agent)["action_mask"]
        choices = np.flatnonzero(mask).tolist()
        assert choices, f"{name} seed {seed} step {done.steps}: {agent} has an empty mask"
        env.step(rng.choice(choices))
        done.steps += 1
    return done


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=20_000, help="steps in all")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("rulesets", nargs="*", help="default: every ruleset")
    args = parser.parse_args(argv)
    names = args.rulesets or ruleset_names()
    per, extra = divmod(args.steps, len(names))
    total = Checked()
    for i, name in enumerate(names):
        start = time.perf_counter()
        try:
            done = check_masks(name, per + (i < extra), args.seed)
        except AssertionError as err:
            print(f"WRONG MASK: {err}")
            return 1
        took = time.perf_counter() - start
        print(
            f"{name}: {done.steps:,} steps, {done.hands} hands, {done.masks} masks checked,"
            f" none wrong ({took:.0f} s)",
            flush=True,
        )
        total.steps += done.steps
        total.hands += done.hands
        total.masks += done.masks
    print(f"all: {total.steps:,} steps, {total.hands:,} hands, {total.masks:,} masks, none wrong")
    return 0


if __name__ == "__main__":
    sys.exit(main())
