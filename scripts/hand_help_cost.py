"""What help with your hand costs a table: the analysis timed at each decision of a player
who follows it against the efficient bots, and a view with and without the help.

    PYTHONPATH=src python scripts/hand_help_cost.py [--seeds 4] [--hands 2]
"""

from __future__ import annotations

import argparse
import statistics
import time

from mahjongkit.web.hand_help import hand_help
from mahjongkit.web.table import HUMAN, TableConfig, TableGame

SEATS = (HUMAN, "efficient", "efficient", "efficient")


def measure(ruleset: str, seeds: int, hands: int) -> str:
    costs: list[float] = []
    with_help: list[float] = []
    without: list[float] = []
    for seed in range(seeds):
        game = TableGame(TableConfig(ruleset, seed=seed, seats=SEATS, hands=hands))
        plain = TableGame(TableConfig(ruleset, seed=seed, seats=SEATS, hands=hands, help=False))
        while not game.over:
            if game.between_hands:
                game.next_hand()
                plain.next_hand()
                continue
            obs = game.match.observation(0)
            start = time.perf_counter()
            hand_help(obs, game.ruleset)
            costs.append(time.perf_counter() - start)
            start = time.perf_counter()
            view = game.view(0)
            with_help.append(time.perf_counter() - start)
            start = time.perf_counter()
            plain.view(0)
            without.append(time.perf_counter() - start)
            legal, help = view["you"]["legal_actions"], view["help"]
            if "win" in legal:
                action = "win"
            elif "discards" in help:
                action = "discard " + help["discards"][0]["tile"]
            else:
                action = "pass" if "pass" in legal else legal[0]
            game.act(0, action)
            plain.act(0, action)
    ms = sorted(c * 1000 for c in costs)
    return (
        f"{ruleset}: {len(ms)} decisions; the analysis median {statistics.median(ms):.2f} ms, "
        f"p95 {ms[int(0.95 * len(ms))]:.2f} ms, max {ms[-1]:.2f} ms; a view with it "
        f"{statistics.median(with_help) * 1000:.2f} ms median, without "
        f"{statistics.median(without) * 1000:.2f} ms"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4)
    parser.add_argument("--hands", type=int, default=2)
    parser.add_argument("--ruleset", action="append", default=None)
    args = parser.parse_args()
    for ruleset in args.ruleset or ["mcr", "taiwanese-lrc"]:
        print(measure(ruleset, args.seeds, args.hands))


if __name__ == "__main__":
    main()
