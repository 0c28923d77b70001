"""Self-play throughput: hands per second per core through the simulator, against RLCard.

Four `random` bots and four `efficient` bots, in ``mcr`` and ``taiwanese-lrc``, played
by `mahjongkit.sim.simulate` on one process (CPU time, so other load on the machine
counts less), best of three passes after a warm-up that fills the tables (`warm.warm_tables`
with random bots, then as many hands of the bots timed, then 20 more of them). In
the same run, where ``rlcard`` is installed (the ``bench`` extra), RLCard's ``mahjong``
environment plays whole games with four ``RandomAgent``s, timed the same way; the
ratio is ours over RLCard's. Last, the scaling of ``--workers`` (wall time, random and
efficient bots, MCR) on the cores there are, beside what the machine itself gives: as
many separate processes side by side, each playing its share of the hands on its own
(no pool, nothing sent between them), the most a pool of workers could reach.

The first line names the build measured: the Python source, or the compiled build of
``setup.py`` (``make compiled``; ``make bench`` runs this benchmark on both).

Targets per core: 1,000 MCR hands/s with random bots, 300 with efficient bots.
Run: ``python benchmarks/bench_selfplay.py [hands] [--json]`` (default 300; ``--json``: a
last line of figures for ``benchmarks/report.py``).
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import time
from collections.abc import Callable

import mahjongkit.shanten
from figures import Figures
from mahjongkit.sim import simulate
from warm import warm_tables


def best_rate(play: Callable[[int], None], hands: int, passes: int = 3) -> float:
    """Hands per CPU second, best of ``passes``."""
    best = float("inf")
    for p in range(passes):
        start = time.process_time()
        play(p)
        best = min(best, time.process_time() - start)
    return hands / best


def ours(ruleset: str, bot: str, hands: int) -> float:
    """Our hands per CPU second for four ``bot`` bots."""
    warm_tables(ruleset)
    if bot != "random":
        # The bots' own tables too (the efficient bot's useful tiles by the class of the
        # rest of the hand, say), which random hands seldom reach: after 20 hands of
        # their own, a pass of efficient bots still spent 15% of its instructions (MCR,
        # compiled) filling them, which a long run of such bots no longer does.
        warm_tables(ruleset, bot)
    simulate(ruleset, (bot,) * 4, hands=20, seed=999)
    return best_rate(
        lambda p: simulate(ruleset, (bot,) * 4, hands=hands, seed=p).stats.hands, hands
    )


def side_by_side(bot: str, hands: int, processes: int) -> float:
    """Hands per wall-clock second of ``processes`` separate processes started together,
    each playing its share of ``hands`` (MCR, four ``bot`` bots) with no pool."""
    context = multiprocessing.get_context("fork")
    share = hands // processes
    runs = [
        context.Process(
            target=simulate, args=("mcr", (bot,) * 4), kwargs={"hands": share, "seed": 5 + i}
        )
        for i in range(processes)
    ]
    start = time.perf_counter()
    for run in runs:
        run.start()
    for run in runs:
        run.join()
    return share * processes / (time.perf_counter() - start)


def rlcard_rate(hands: int) -> float | None:
    """RLCard's mahjong games per CPU second with random agents, or None without it."""
    try:
        import rlcard  # type: ignore[import-not-found, unused-ignore]
        from rlcard.agents import RandomAgent  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None
    env = rlcard.make("mahjong", config={"seed": 1})
    env.set_agents([RandomAgent(num_actions=env.num_actions) for _ in range(4)])
    env.run(is_training=False)

    def play(_: int) -> None:
        for _ in range(hands):
            env.run(is_training=False)

    return best_rate(play, hands)


def build() -> str:
    """The build this interpreter runs: compiled (C extensions) or the Python source."""
    compiled = not str(mahjongkit.shanten.__file__).endswith(".py")
    return "compiled by mypyc (setup.py)" if compiled else "Python source"


def main() -> None:
    figures = Figures.from_argv(__file__)
    hands = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    print(f"build: {build()}")
    peer = rlcard_rate(max(hands // 3, 30))
    peer_text = f"{peer:.0f} hands/s" if peer else "not installed"
    print(f"RLCard mahjong, 4 random agents: {peer_text}")
    for ruleset in ("mcr", "taiwanese-lrc"):
        for bot, n in (("random", hands), ("efficient", max(hands // 5, 40))):
            rate = ours(ruleset, bot, n)
            ratio = f"  ({rate / peer:.1f}x RLCard)" if peer and bot == "random" else ""
            print(f"{ruleset:14s} 4 {bot:9s} {rate:8.0f} hands/s per core{ratio}", flush=True)
            rlcard = "RLCard mahjong, 4 random agents" if peer and bot == "random" else None
            measure = f"{ruleset}, 4 {bot}, per core"
            figures.add(measure, "hands/s", rate, rlcard, peer if rlcard else None)
    cores = os.cpu_count() or 1
    for bot, n in (("random", 5 * hands * cores), ("efficient", hands * cores)):
        # Seconds of work (the pool's start-up is then a small part), the same hands.
        walls = {}
        for workers in sorted({1, cores}):
            start = time.perf_counter()
            simulate("mcr", (bot,) * 4, hands=n, seed=5, workers=workers)
            walls[workers] = n / (time.perf_counter() - start)
            print(
                f"mcr 4 {bot}, --workers {workers}: {walls[workers]:8.0f} hands/s (wall clock)",
                flush=True,
            )
        if cores > 1:
            figures.add(
                f"mcr, 4 {bot}, --workers {cores} (wall clock)",
                "hands/s",
                walls[cores],
                "--workers 1",
                walls[1],
            )
            apart = side_by_side(bot, n, cores)
            print(f"mcr 4 {bot}, {cores} processes side by side: {apart:8.0f} hands/s", flush=True)
            figures.add(
                f"mcr, 4 {bot}, {cores} processes side by side, no pool (wall clock)",
                "hands/s",
                apart,
                "--workers 1",
                walls[1],
            )
    figures.emit()


if __name__ == "__main__":
    main()
