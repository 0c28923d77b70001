"""Strength of the bot tiers, measured by duplicate matches: each tier against the one below.

For each ruleset and each pair (tier, tier below) one bot of the tier sits with three of
the tier below; every wall is played four times with the line-up rotated (duplicate), so
the tier sits in every seat on every wall and the luck of the tiles cancels. Per pair it
prints the tier's win rate and the lower tier's (per seat), their points per hand (the
hand's settlement under the ruleset's table rules), and the difference tier minus lower
tier per hand with a 95% confidence interval over walls (each wall's four hands averaged
first). Beside it, the tier's own gain a hand measured against a control table: each wall
also played by four bots of the tier below, and in each of the wall's hands the tier's
points at its seat taken minus the control table's at that seat (`paired_gains`). The
two estimate different things: in a zero-sum ruleset the tier minus the mean of the
other three is 4/3 of the tier's own gain, which the paired column estimates. They
cancel the same luck: over a wall's four rotations the control table's points sum to
the money that left the table (0 in a zero-sum hand), so on such walls the paired gain
is exactly 3/4 of the duplicate estimate, and its interval too. Targets: every
difference's interval clear of zero; in MCR the scorer wins at least 20% of its hands
against three efficient bots, and every win qualifies (8 points).

Run: ``python benchmarks/bench_strength.py [walls] [workers] [rulesets...] [--only TIER]
[--seed N] [--engine ray [--address ADDRESS]]`` (defaults 200 walls = 800 hands per pair, 2
workers, mcr and taiwanese-lrc, seed 2026); with ``--engine ray`` the matches are played
on a Ray cluster (docs/scale.md), ``workers`` unused, with the same results.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict

from mahjongkit.sim import mean_interval, paired_gains, simulate
from mahjongkit.sim.workers import Engine

PAIRS = (
    ("efficient", "random"),
    ("scorer", "efficient"),
    ("defender", "scorer"),
    ("searcher", "defender"),
)


def measure(
    ruleset: str,
    upper: str,
    lower: str,
    walls: int,
    workers: int,
    engine: Engine | None = None,
    seed: int = 2026,
) -> dict[str, object]:
    """One duplicate match of ``upper`` against three ``lower`` bots."""
    start = time.perf_counter()
    run = simulate(
        ruleset,
        (upper, lower, lower, lower),
        hands=walls,
        seed=seed,
        workers=workers,
        duplicate=True,
        engine=engine,
    )
    control = simulate(
        ruleset, (lower,) * 4, hands=walls, seed=seed, workers=workers, engine=engine
    )
    per_wall: dict[int, list[float]] = defaultdict(list)
    hands = len(run.outcomes)
    upper_wins = lower_wins = 0
    upper_points = lower_points = 0
    below_minimum = 0
    upper_win_points: list[int] = []
    for out in run.outcomes:
        seat = out.entrant.index(0)
        mine = out.points[seat]
        rest = [out.points[s] for s in range(4) if s != seat]
        upper_points += mine
        lower_points += sum(rest)
        per_wall[out.wall].append(mine - sum(rest) / 3)
        for w, total in zip(out.winners, out.totals, strict=True):
            if w == seat:
                upper_wins += 1
                upper_win_points.append(total)
                if ruleset == "mcr" and total < 8:
                    below_minimum += 1
            else:
                lower_wins += 1
    diffs = [sum(v) / len(v) for v in per_wall.values()]
    mean, low, high = mean_interval(diffs)
    return {
        "ruleset": ruleset,
        "pair": f"{upper} vs 3 {lower}",
        "hands": hands,
        "upper_win_rate": upper_wins / hands,
        "lower_win_rate": lower_wins / (3 * hands),
        "upper_pph": upper_points / hands,
        "lower_pph": lower_points / (3 * hands),
        "diff": (mean, low, high),
        "paired": mean_interval(paired_gains(run.outcomes, control.outcomes)),
        "upper_min_win": min(upper_win_points) if upper_win_points else None,
        "below_minimum": below_minimum,
        "errors": run.stats.errors + control.stats.errors,
        "seconds": time.perf_counter() - start,
    }


def main() -> None:
    walls = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 2
    args = sys.argv[3:]
    # ``--only TIER`` (repeatable) measures only the matches of those tiers; ``--engine ray``
    # and ``--address A`` choose the Ray cluster; ``--seed N`` other walls than 2026's.
    valued = ("--only", "--engine", "--address", "--seed")
    seeds = [int(args[i + 1]) for i, a in enumerate(args) if a == "--seed"]
    seed = seeds[-1] if seeds else 2026
    only = {args[i + 1] for i, a in enumerate(args) if a == "--only"}
    engines = [args[i + 1] for i, a in enumerate(args) if a == "--engine"]
    addresses = [args[i + 1] for i, a in enumerate(args) if a == "--address"]
    engine: Engine | None = None
    if engines and engines[-1] == "ray":
        from mahjongkit.sim.ray_engine import RayEngine

        engine = RayEngine(addresses[-1] if addresses else None)
    rulesets = [
        a
        for i, a in enumerate(args)
        if a not in valued and args[i - 1 : i] not in ([v] for v in valued)
    ]
    rulesets = rulesets or ["mcr", "taiwanese-lrc"]
    print(
        "| ruleset | match (duplicate) | hands | win rate: tier | win rate: below (per seat)"
        " | points/hand: tier | points/hand: below | tier - below per hand (95% CI)"
        " | tier's gain per hand, paired with a control table (95% CI) |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for ruleset in rulesets:
        for upper, lower in PAIRS:
            if only and upper not in only:
                continue
            r = measure(ruleset, upper, lower, walls, workers, engine, seed)
            mean, low, high = r["diff"]  # type: ignore[misc]
            gain, gain_low, gain_high = r["paired"]  # type: ignore[misc]
            print(
                f"| {ruleset} | {r['pair']} | {r['hands']} | {100 * r['upper_win_rate']:.1f}%"  # type: ignore[operator]
                f" | {100 * r['lower_win_rate']:.1f}% | {r['upper_pph']:+.2f}"  # type: ignore[operator]
                f" | {r['lower_pph']:+.2f} | {mean:+.2f} [{low:+.2f}, {high:+.2f}]"
                f" | {gain:+.2f} [{gain_low:+.2f}, {gain_high:+.2f}] |",
                flush=True,
            )
            print(
                f"<!-- {ruleset} {r['pair']}: lowest winning score of the tier"
                f" {r['upper_min_win']}, wins under 8 {r['below_minimum']},"
                f" errors {r['errors']}, {r['seconds']:.0f} s -->",
                flush=True,
            )


if __name__ == "__main__":
    main()
