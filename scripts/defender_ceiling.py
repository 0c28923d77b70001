"""How much could MCR defence be worth? A defender that sees the opponents' hands.

The `defender` reads danger from what the table shows. This script measures the ceiling
of that idea: a defender that knows exactly which tiles would give each opponent a win
that qualifies (read from the engine, which no bot may do) and weighs each discard as the
`defender` does, with the real chance (0 or 1) and the real fans. It plays in each seat
in turn with three `scorer` bots, and each wall is also played by four scorers; the
figure is the seat's points minus the scorer's in the same seat on the same wall,
averaged per wall, with a 95% confidence interval over walls.

Run: ``python scripts/defender_ceiling.py [walls] [seed] [workers]`` (default 500, 2026, 2).
"""

from __future__ import annotations

import random
import statistics
import sys
from multiprocessing import Pool

from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.hand_money import Pot
from mahjongkit.game.match import money_of
from mahjongkit.game.rotation import first_deal
from mahjongkit.game.runner import play_hand
from mahjongkit.game.settlement import balances
from mahjongkit.game.state import HandState
from mahjongkit.rules.money import table_rules
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.sim.selfplay import hand_seed

RULES = get_ruleset("mcr")


class SeeingDefender(DefenderBot):
    """The defender's weighing, with each opponent's real winning tiles and fans."""

    def __init__(self, rng: random.Random, state: HandState) -> None:
        super().__init__(rng)
        self.state = state

    def deal_in(self, view: HandView, tile: int) -> tuple[float, float]:
        state, me = self.state, view.obs.seat
        kept = dict(state._scores)  # the engine's own cache of asked scores: left as found
        chance = cost = 0.0
        for seat in range(4):
            if seat == me or not state._wait_mask(seat) >> tile & 1:
                continue
            try:
                won = state._win_score(seat, tile, False, False, me)
            except MahjongError:  # a fifth copy: this tile cannot be discarded to it
                won = None
            if won is not None and won.qualifies:
                chance, cost = 1.0, cost + 8 + won.total
        state._scores = kept
        return chance, cost

    def on_guard(self, view: HandView) -> bool:
        return True  # it knows when nobody is ready: every discard is weighed

    def claim(self, view: HandView) -> Action:
        return ScorerBot.claim(self, view)


def _net(seed: int, seeing: int) -> tuple[int, ...]:
    state = HandState.new(RULES, random.Random(seed))
    bots = [
        SeeingDefender(random.Random(0), state) if s == seeing else ScorerBot(random.Random(0))
        for s in range(4)
    ]
    play_hand(state, bots)
    return balances(money_of(state, first_deal(), table_rules(RULES), Pot()).payments)


def wall_gain(job: tuple[int, int]) -> float:
    """The seeing defender's points minus the scorer's, per seat, on one wall."""
    run_seed, wall = job
    seed = hand_seed(run_seed, wall)
    base = _net(seed, -1)
    return sum(_net(seed, s)[s] - base[s] for s in range(4)) / 4


def main() -> None:
    walls = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 2026
    workers = int(sys.argv[3]) if len(sys.argv) > 3 else 2
    with Pool(workers) as pool:
        gains = pool.map(wall_gain, [(seed, w) for w in range(walls)], chunksize=10)
    mean = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    print(
        f"seeing defender - scorer, per hand, {walls} walls (seed {seed}):"
        f" {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
    )


if __name__ == "__main__":
    main()
