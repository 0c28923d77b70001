"""Throughput of the hand engine: whole hands between random bots, per ruleset.

Two loops on the same seeds: bots that receive a full `Observation` (what a real bot
gets), and a bare loop that picks uniformly from ``legal_actions`` (the engine alone, as
the simulator drives a bot that needs only them). No peer library plays these rulesets,
so the ratio printed is the bare engine's over the loop with observations (what building
them costs). Target per core: 1,000 MCR hands per second with four random bots through
the simulator (``benchmarks/bench_selfplay.py``, which adds the payments and the line-up).
Run: ``python benchmarks/bench_hands.py [hands] [--json]`` (``--json``: a last line of
figures for ``benchmarks/report.py``).
"""

from __future__ import annotations

import importlib
import random
import sys
import time

from figures import Figures
from mahjongkit.bots import RandomBot
from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.rules.ruleset import get_ruleset
from warm import warm_tables

RULESETS = ("mcr", "bp-club", "taiwanese-lrc")


class ObservingBot:
    """A random bot asked with its full `Observation` (it has no ``choose``, so
    `play_hand` builds the observation for it, as for any bot that reads the table)."""

    name = "random"

    def __init__(self) -> None:
        self.bot = RandomBot()

    def act(self, observation: Observation, decision: Decision) -> Action:
        return self.bot.act(observation, decision)


def with_bots(name: str, seeds: range) -> None:
    for seed in seeds:
        state = HandState.new(name, random.Random(seed))
        play_hand(state, [ObservingBot() for _ in range(4)], seed)


def bare(name: str, seeds: range) -> None:
    for seed in seeds:
        rng = random.Random(seed)
        state = HandState.new(name, rng)
        while state.result is None:
            for seat in state.to_act():
                legal = state.legal_actions(seat)
                state.apply(seat, legal[rng.randrange(len(legal))])
                if state.result is not None:
                    break


def main() -> None:
    figures = Figures.from_argv(__file__)
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    for name in RULESETS:
        importlib.import_module(f"mahjongkit.scoring.{get_ruleset(name).scoring.family}")
        warm_tables(name)
        rates = {}
        for label, loop in (("random bots", with_bots), ("bare engine", bare)):
            best = float("inf")
            for _ in range(3):
                start = time.process_time()
                loop(name, range(hands))
                best = min(best, time.process_time() - start)
            rates[label] = hands / best
            figures.add(f"{name}, {label}", "hands/s", rates[label])
            print(f"{name:14s} {label:12s} {rates[label]:8.0f} hands/s (cpu, best of 3)")
        ratio = rates["bare engine"] / rates["random bots"]
        print(f"{name:14s} bare engine / with observations: {ratio:.2f}x", flush=True)
    figures.emit()


if __name__ == "__main__":
    main()
