"""Where could a look ahead gain? Each kind of decision valued on the true hand.

Plays matches of one `defender` (seat 0) against three. At every decision the `searcher`
could weigh (its turns, calm or under threat, and its claims; its candidates, as
`SearcherBot.candidates` names them), each candidate is valued on the true hand: every
seat's real tiles, the wall's undrawn tiles shuffled again ``--walls`` times
(`Wall.reshuffled`), four defenders playing on, the hand settled in the ruleset's money.
Two figures per decision:

- the ceiling: the best candidate picked on half the walls and its gain over the
  defender's choice measured on the other half, and the other way round (cross-fitting,
  so luck counts zero: `Evaluation.loss`). A look ahead sees less than this (samples of
  the hidden tiles, not the true ones), so where the ceiling is near zero a search has
  nothing to find;
- the searcher: the candidate the `searcher` (its samples, its margin) would take, where
  it differs from the defender's choice, and its gain over it on all the walls.

The match goes on with the defender's choice, so both figures are taken on the same
decisions. Groups: phase, shanten (3 or more together), and whether an opponent looks
ready (the searcher's `threatened`). Prints a table; ``--json`` one JSON line per group.

    PYTHONPATH=src python scripts/searcher_ceiling.py --ruleset taiwanese-lrc --seeds 10-29
"""

from __future__ import annotations

import argparse
import json
import math
import random
from collections import defaultdict
from multiprocessing import Pool
from typing import Any

from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.lookahead import Estimate, Evaluation, played_out
from mahjongkit.bots.searcher import SearcherBot
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play
from mahjongkit.shanten import shanten

Row = tuple[str, int, bool, float, float | None]
"""One decision: phase, shanten, threatened, the ceiling's gain, the searcher's gain (None
where it keeps the defender's choice)."""


class Ceiling(SearcherBot):
    """The defender, valuing on the true hand every decision the searcher could weigh."""

    def __init__(self, match: MatchState, walls: int, seed: int, **options: Any) -> None:
        super().__init__(weighs="both", claims=True, **options)
        self.match, self.walls, self.seed = match, walls, seed
        self.rows: list[Row] = []

    def second_look(self, observation: Observation, decision: Decision, choice: Action) -> Action:
        if len(observation.legal_actions) < 2 or choice.kind is ActionKind.WIN:
            return choice
        candidates = self.candidates(observation, choice)
        if len(candidates) < 2:
            return choice
        pick = super().second_look(observation, decision, choice)
        view = HandView(observation)
        steps = shanten(view.counts, view.melds, self.forms(observation.ruleset))
        hand, seat = self.match.hand, observation.seat
        deal, pot = self.match.hand_deal, self.match.pot
        points: dict[Action, list[int]] = {a: [] for a in candidates}
        for w in range(self.walls):
            rng = random.Random(f"ceiling {self.seed} {len(self.rows)} {w}")
            state = hand.copy()
            state.wall = state.wall.reshuffled(rng)
            play_seed = rng.getrandbits(31)
            for action in candidates:
                defenders = [DefenderBot() for _ in range(4)]
                points[action].append(
                    played_out(state, seat, action, defenders, play_seed, deal, pot)
                )
        valued = Evaluation(tuple(Estimate(a, tuple(p)) for a, p in points.items()))
        mine = None
        if pick != choice:
            mine = valued.of(pick).mean - valued.of(choice).mean
        ceiling, _ = valued.loss(choice)
        self.rows.append((observation.phase, steps, self.threatened(view), ceiling, mine))
        return choice


def one_match(job: tuple[str, int, int]) -> tuple[int, list[Row]]:
    """The hands and rows of the match of one seed."""
    ruleset, seed, walls = job
    match = MatchState(ruleset, seed=seed)
    bot = Ceiling(match, walls, seed)
    play(match, [bot, DefenderBot(), DefenderBot(), DefenderBot()])
    return len(match.record().hands), bot.rows


def summary(values: list[float], hands: int) -> dict[str, float]:
    """Decisions, the mean gain a decision with its standard error, and the gain a hand."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    stderr = math.sqrt(var / n) if n else 0.0
    return {
        "decisions": n,
        "gain": round(mean, 2),
        "stderr": round(stderr, 2),
        "per_hand": round(sum(values) / hands, 3) if hands else 0.0,
        "per_hand_stderr": round(stderr * n / hands, 3) if hands else 0.0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="taiwanese-lrc")
    parser.add_argument("--seeds", default="10-29", help="matches' seeds, FIRST-LAST")
    parser.add_argument("--walls", type=int, default=16)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    first, _, last = args.seeds.partition("-")
    jobs = [(args.ruleset, s, args.walls) for s in range(int(first), int(last or first) + 1)]
    with Pool(args.workers) as pool:
        results = pool.map(one_match, jobs)
    hands = sum(h for h, _ in results)
    ceiling: dict[tuple[str, int, bool], list[float]] = defaultdict(list)
    searcher: dict[tuple[str, int, bool], list[float]] = defaultdict(list)
    for _, rows in results:
        for phase, steps, threatened, gain, mine in rows:
            key = (phase, min(steps, 3), threatened)
            ceiling[key].append(gain)
            if mine is not None:
                searcher[key].append(mine)
    for key in sorted(ceiling):
        phase, steps, threatened = key
        row = {
            "ruleset": args.ruleset,
            "seeds": args.seeds,
            "hands": hands,
            "walls": args.walls,
            "phase": phase,
            "shanten": f"{steps}+" if steps == 3 else str(steps),
            "threatened": threatened,
            "ceiling": summary(ceiling[key], hands),
            "searcher": summary(searcher[key], hands),
        }
        if args.json:
            print(json.dumps(row))
            continue
        c, s = row["ceiling"], row["searcher"]
        print(
            f"{phase:5s} shanten {row['shanten']:2s} {'threatened' if threatened else 'calm':10s}"
            f" {c['decisions']:4d} decisions: ceiling {c['gain']:+6.2f} ± {c['stderr']:.2f}"
            f" a decision, {c['per_hand']:+.2f} ± {c['per_hand_stderr']:.2f} a hand;"
            f" searcher {s['decisions']:3d} changes {s['gain']:+6.2f} ± {s['stderr']:.2f},"
            f" {s['per_hand']:+.2f} a hand"
        )
    print(f"# {hands} hands, {args.walls} walls a decision")


if __name__ == "__main__":
    main()
