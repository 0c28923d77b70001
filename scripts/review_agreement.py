"""How well the reviewer's estimates agree with brute force, over many positions.

Plays ``--hands`` hands of the efficient bots in a ruleset, takes the decisions of every
seat with more than one legal action (every ``--every``-th, up to ``--positions``), and
weighs each twice on independent samples: as the reviewer does (``--samples``, default
its 8), and by brute force (``--brute`` samples, default 200). Prints one JSON line:

- ``same_choice``: the share of positions where the reviewer prefers the action the brute
  force finds best;
- ``as_good``: the share where the reviewer's preferred action is within two standard
  errors of the brute force's best (by the brute force's own figures): a choice the brute
  force cannot tell from the best;
- ``cost``: the mean points a seat would lose, by the brute force's figures, following
  the reviewer rather than the brute force's best (0 where they agree);
- ``mean_abs_error``: the mean distance of a candidate's estimate from its brute-force
  figure, and ``covered``: the share of candidates where that distance is within two
  standard errors of the difference (about 95% if the standard errors are right);
- ``loss_bias``: the mean of the reviewer's loss of the action the seat took (cross-fitted)
  less the brute force's loss of it, and ``loss_correlation`` between the two.

    .venv/bin/python scripts/review_agreement.py --ruleset mcr --positions 300 --workers 2
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import statistics
import time
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.bots.lookahead import Evaluation, evaluate
from mahjongkit.game.actions import Action
from mahjongkit.game.record import HandRecord, record_of
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.review.hands import decisions_of

Job = tuple[HandRecord, int, int, int]
"""A decision to weigh: its hand, its seat, its step in the hand, a seed."""


def positions(ruleset: str, hands: int, every: int, most: int, seed: int) -> list[Job]:
    """The decisions to weigh, every ``every``-th of every seat, ``most`` at most."""
    out: list[Job] = []
    seen = 0
    for hand in range(hands):
        state = HandState.new(ruleset, random.Random(seed + hand))
        play_hand(state, [BOTS["efficient"]() for _ in range(4)], seed=seed + hand)
        record = record_of(state)
        for seat in range(4):
            for step, _, _, _ in decisions_of(record, seat):
                seen += 1
                if seen % every == 0 and len(out) < most:
                    out.append((record, seat, step, seed * 100_003 + seen))
    return out


def weigh(job: Job, samples: int, brute: int) -> dict[str, Any]:
    """One decision weighed by the reviewer and by brute force, on independent seeds."""
    record, seat, at, seed = job
    chosen = Action.from_index(record.actions[at][1])
    for step, position, drawn, dice in decisions_of(record, seat):
        if step == at:
            quick = evaluate(position, samples=samples, seed=seed, drawn_discards=drawn, dice=dice)
            slow = evaluate(
                position, samples=brute, seed=f"brute {seed}", drawn_discards=drawn, dice=dice
            )
            return _compare(quick, slow, chosen)
    raise ValueError(f"seat {seat} has no decision at step {at}")


def _compare(quick: Evaluation, slow: Evaluation, chosen: Action) -> dict[str, Any]:
    best = slow.best
    preferred = slow.of(quick.best.action)
    lead = [b - p for b, p in zip(best.points, preferred.points, strict=True)]
    lead_se = statistics.stdev(lead) / math.sqrt(len(lead)) if len(lead) > 1 else 0.0
    errors = []
    for q in quick.estimates:
        s = slow.of(q.action)
        errors.append((abs(q.mean - s.mean), math.hypot(q.stderr, s.stderr)))
    out: dict[str, Any] = {
        "candidates": len(quick.estimates),
        "same_choice": quick.best.action == best.action,
        "as_good": best.mean - preferred.mean <= 2 * lead_se,
        "cost": best.mean - preferred.mean,
        "errors": errors,
    }
    if any(e.action == chosen for e in quick.estimates):
        out["losses"] = (quick.loss(chosen)[0], best.mean - slow.of(chosen).mean)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--every", type=int, default=7, help="weigh every n-th decision")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--samples", type=int, default=8, help="the reviewer's samples")
    parser.add_argument("--brute", type=int, default=200, help="the brute force's samples")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    start = time.perf_counter()
    jobs = positions(args.ruleset, args.hands, args.every, args.positions, args.seed)
    with multiprocessing.get_context("fork").Pool(args.workers) as pool:
        results = pool.starmap(weigh, [(job, args.samples, args.brute) for job in jobs])
    errors = [e for r in results for e in r["errors"]]
    losses = [r["losses"] for r in results if "losses" in r]
    report = {
        "ruleset": args.ruleset,
        "positions": len(results),
        "samples": args.samples,
        "brute": args.brute,
        "same_choice": round(statistics.mean(r["same_choice"] for r in results), 3),
        "as_good": round(statistics.mean(r["as_good"] for r in results), 3),
        "cost": round(statistics.mean(r["cost"] for r in results), 3),
        "mean_abs_error": round(statistics.mean(e for e, _ in errors), 3),
        "covered": round(statistics.mean(e <= 2 * se for e, se in errors), 3),
        "loss_bias": round(statistics.mean(q - b for q, b in losses), 3) if losses else None,
        "loss_correlation": (
            round(statistics.correlation([q for q, _ in losses], [b for _, b in losses]), 3)
            if len(losses) > 2
            else None
        ),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
