"""How much could MCR defence be worth? A defender that sees the opponents' hands.

The `defender` reads danger from what the table shows. This script measures the ceiling
of that idea: a defender that knows exactly which tiles would give each opponent a win
that qualifies (read from the engine, which no bot may do) and weighs each discard as the
`defender` does, with the real chance (0 or 1) and the real fans. It plays in each seat
in turn with three `scorer` bots, and each wall is also played by four scorers; the
figure is the seat's points minus the scorer's in the same seat on the same wall,
averaged per wall, with a 95% confidence interval over walls.

``--knows`` splits what it sees: ``waits`` (each opponent's real winning tiles, but the
table's guess of whether it is ready: `ready_chance`, from a threat of `ALERT` on) or
``ready`` (which opponents really hold a ready hand that qualifies, but the table's guess
of their waits: `wait_chance`); the default ``both`` sees it all.

Run: ``python scripts/defender_ceiling.py [walls] [seed] [workers] [--knows both|waits|ready]``
(default 500, 2026, 2, both).
"""

from __future__ import annotations

import random
import statistics
import sys
from multiprocessing import Pool

from mahjongkit.bots.defender import FANS_PAID, DefenderBot, ready_chance, wait_chance
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.match import money_of
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import first_deal
from mahjongkit.money.settlement import balances
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.sim.selfplay import hand_seed

RULES = get_ruleset("mcr")


KNOWS = ("both", "waits", "ready")


class SeeingDefender(DefenderBot):
    """The defender's weighing, with what it `knows` of the opponents read from the engine."""

    def __init__(self, state: HandState, knows: str = "both") -> None:
        super().__init__()
        self.state = state
        self.knows = knows

    def _win(self, me: int, seat: int, tile: int) -> int | None:
        """The total ``seat`` would win with on ``tile`` from ``me``, None if no win
        that qualifies."""
        state = self.state
        if not state._wait_mask(seat) >> tile & 1:
            return None
        kept = dict(state._scores)  # the engine's own cache of asked scores: left as found
        try:
            won = state._win_score(seat, tile, False, False, me)
        except MahjongError:  # a fifth copy: this tile cannot be discarded to it
            won = None
        state._scores = kept
        return won.total if won is not None and won.qualifies else None

    def deal_in(self, view: HandView, tile: int) -> tuple[float, float]:
        me = view.obs.seat
        chance = cost = 0.0
        for seat in range(4):
            if seat == me:
                continue
            if self.knows == "ready":
                if self.is_safe(seat, tile) or not any(
                    self._win(me, seat, t) is not None for t in range(34)
                ):
                    continue
                p = wait_chance(view, seat, tile)
                chance += p
                cost += p * (8 + FANS_PAID[bool(view.obs.melds[seat])])
                continue
            total = self._win(me, seat, tile)
            if total is not None:
                p = 1.0 if self.knows == "both" else ready_chance(view, seat)
                chance, cost = chance + p, cost + p * (8 + total)
        return min(chance, 1.0), cost

    def on_guard(self, view: HandView) -> bool:
        if self.knows == "waits":
            return super().on_guard(view)
        return True  # it knows when nobody is ready: every discard is weighed

    def claim(self, view: HandView) -> Action:
        return ScorerBot.claim(self, view)


def _net(seed: int, seeing: int, knows: str) -> tuple[int, ...]:
    state = HandState.new(RULES, random.Random(seed))
    bots = [SeeingDefender(state, knows) if s == seeing else ScorerBot() for s in range(4)]
    play_hand(state, bots, seed)
    return balances(money_of(state, first_deal(), get_ruleset(RULES).table, Pot()).payments)


def wall_gain(job: tuple[int, int, str]) -> float:
    """The seeing defender's points minus the scorer's, per seat, on one wall."""
    run_seed, wall, knows = job
    seed = hand_seed(run_seed, wall)
    base = _net(seed, -1, knows)
    return sum(_net(seed, s, knows)[s] - base[s] for s in range(4)) / 4


def main(argv: list[str]) -> None:
    knows = "both"
    if "--knows" in argv:
        at = argv.index("--knows")
        knows = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
        if knows not in KNOWS:
            raise SystemExit(f"--knows takes one of {', '.join(KNOWS)}, not {knows!r}")
    walls = int(argv[0]) if len(argv) > 0 else 500
    seed = int(argv[1]) if len(argv) > 1 else 2026
    workers = int(argv[2]) if len(argv) > 2 else 2
    with Pool(workers) as pool:
        gains = pool.map(wall_gain, [(seed, w, knows) for w in range(walls)], chunksize=10)
    mean = statistics.mean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    print(
        f"defender seeing {knows} - scorer, per hand, {walls} walls (seed {seed}):"
        f" {mean:+.2f} [{mean - half:+.2f}, {mean + half:+.2f}]"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
