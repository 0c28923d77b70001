"""Hands per CPU second of each bot tier: four bots of a tier at a table, per ruleset.

Each tier plays the same seeded hands through `play_hand` (no simulator: the bots and
the engine alone), timed in CPU seconds so other load on the machine counts less; a
warm-up first fills the tables (`warm.warm_tables`). Each tier is timed in a process of
its own, forked after that warm-up, having first played `WARM_HANDS` hands of other seeds:
no tier timed before it serves it its caches of the same hands (until 9a78770 the tiers
ran one after the other in one process, and a tier that reached the positions the tier
before it had reached was timed partly on that tier's caches). Run it on two builds or two
checkouts one after the other (or alternated) to compare them.

Run: ``python benchmarks/bench_bots.py [hands] [tier ...] [--rulesets r,...] [--json]``
(default 40 hands; efficient, scorer, defender; mcr and taiwanese-lrc).
"""

from __future__ import annotations

import multiprocessing
import random
import sys
import time

import mahjongkit
from figures import Figures
from mahjongkit.bots import BOTS
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from warm import warm_tables


def rate(ruleset: str, tier: str, hands: int, first: int = 0) -> float:
    """Hands per CPU second of four ``tier`` bots over ``hands`` seeded hands."""
    start = time.process_time()
    for n in range(first, first + hands):
        bots = [BOTS[tier]() for _ in range(4)]
        play_hand(HandState.new(ruleset, random.Random(n)), bots, n)
    return hands / (time.process_time() - start)


WARM_HANDS = 40
"""Hands of other seeds a tier plays before it is timed: its own caches filled by hands it
is not timed on, as in a long run."""


def own_rate(ruleset: str, tier: str, hands: int) -> float:
    """`rate` of the tier over the seeded hands, in a process of its own forked from this
    one, after `WARM_HANDS` hands of other seeds."""
    with multiprocessing.get_context("fork").Pool(1) as pool:
        return float(pool.apply(_warmed_rate, (ruleset, tier, hands)))


def _warmed_rate(ruleset: str, tier: str, hands: int) -> float:
    rate(ruleset, tier, WARM_HANDS, first=10**6)
    return rate(ruleset, tier, hands)


def main() -> None:
    figures = Figures.from_argv(__file__)
    args = sys.argv[1:]
    rulesets = ["mcr", "taiwanese-lrc"]
    if "--rulesets" in args:
        i = args.index("--rulesets")
        rulesets = args[i + 1].split(",")
        del args[i : i + 2]
    hands = int(args[0]) if args else 40
    tiers = args[1:] or ["efficient", "scorer", "defender"]
    print(f"# {mahjongkit.__file__}")
    for ruleset in rulesets:
        warm_tables(ruleset)
        for tier in tiers:
            hands_per_s = own_rate(ruleset, tier, hands)
            print(f"{ruleset} {tier}: {hands_per_s:.1f} hands/s", flush=True)
            figures.add(f"{ruleset}, four {tier} bots, CPU time", "hands/s", hands_per_s)
    figures.emit()


if __name__ == "__main__":
    main()
