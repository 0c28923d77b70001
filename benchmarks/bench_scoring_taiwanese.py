"""Benchmark: Taiwanese scoring throughput (LRC and DXB) on random 17-tile winning hands.

No other software scores these sheets, so the peers measured in the same run are this
library's own MCR scorer on random MCR wins, and `decompositions` alone on the same
Taiwanese hands (the floor every scorer pays).

Usage: python benchmarks/bench_scoring_taiwanese.py [HANDS] [SEED] [--json]
(``--json``: a last line of figures for ``benchmarks/report.py``)
"""

from __future__ import annotations

import random
import sys
import time

from figures import Figures
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import score
from mahjongkit.scoring.mcr.random_hands import random_win
from mahjongkit.scoring.taiwanese.generate import random_winning_hand
from mahjongkit.shapes import decompositions


def main(argv: list[str]) -> int:
    figures = Figures("bench_scoring_taiwanese", argv)
    count = int(argv[0]) if argv else 3000
    seed = int(argv[1]) if len(argv) > 1 else 20240601
    rng = random.Random(seed)
    wins = [random_winning_hand(rng) for _ in range(count)]
    print(f"random Taiwanese wins: {count} (seed {seed})")
    rates: dict[str, float] = {}
    for name in ("taiwanese-lrc", "taiwanese-dxb"):
        rules = get_ruleset(name)
        score(*wins[0], rules)  # warm imports before timing
        start = time.perf_counter()
        for hand, situation in wins:
            score(hand, situation, rules)
        rates[name] = count / (time.perf_counter() - start)
        print(f"mahjongkit score() {name}: {rates[name]:>10,.0f} hands/s")
    forms = get_ruleset("taiwanese-lrc").scoring.forms
    start = time.perf_counter()
    for hand, _ in wins:
        decompositions(hand, forms)
    floor = count / (time.perf_counter() - start)
    print(f"decompositions() alone:          {floor:>10,.0f} hands/s")
    print(f"ratio score / decompositions:    {rates['taiwanese-lrc'] / floor:.3f}")
    mcr_rng = random.Random(seed)
    mcr_wins = [random_win(mcr_rng) for _ in range(count)]
    mcr = get_ruleset("mcr-gb")
    score(*mcr_wins[0], mcr)
    start = time.perf_counter()
    for hand, situation in mcr_wins:
        score(hand, situation, mcr)
    mcr_rate = count / (time.perf_counter() - start)
    print(f"mahjongkit score() mcr-gb:        {mcr_rate:>10,.0f} hands/s (MCR wins)")
    print(f"ratio taiwanese-lrc / mcr-gb:    {rates['taiwanese-lrc'] / mcr_rate:.3f}")
    lrc = "score(), random Taiwanese wins (taiwanese-lrc)"
    figures.add(lrc, "hands/s", rates["taiwanese-lrc"], "decompositions() alone", floor)
    figures.add(lrc, "hands/s", rates["taiwanese-lrc"], "score() on random MCR wins", mcr_rate)
    figures.add("score(), random Taiwanese wins (taiwanese-dxb)", "hands/s", rates["taiwanese-dxb"])
    figures.emit()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
