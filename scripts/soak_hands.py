"""Soak test: random bots play many hands of each ruleset; every tile is counted after
every action, every record is dumped to JSON, loaded and replayed step by step.

    .venv/bin/python scripts/soak_hands.py --hands 10000 [--ruleset mcr ...]

Prints one JSON line per ruleset: hands, results by kind, errors (seed and message),
replay mismatches, and hands per second (play and checks together).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback

from mahjongkit.bots import RandomBot
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.record import HandRecord, record_of, verify
from mahjongkit.game.state import HandState
from mahjongkit.rules.ruleset import get_ruleset

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]


def census_ok(state: HandState) -> bool:
    expected = [4] * 34 + ([1] * 8 if state.rules.uses_flowers else [0] * 8)
    return state.tile_census() == expected


def soak(name: str, hands: int, first_seed: int) -> dict[str, object]:
    rules = get_ruleset(name)
    kinds: dict[str, int] = {}
    errors: list[dict[str, object]] = []
    mismatches: list[dict[str, object]] = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + hands):
        try:
            state = HandState.new(rules, random.Random(seed))
            bot = RandomBot()
            if not census_ok(state):
                raise AssertionError("tiles not accounted for after the deal")
            steps = 0
            while state.result is None:
                for seat in state.to_act():
                    decision = hand_decision(state, seat, seed)
                    state.apply(seat, bot.act(state.observation(seat), decision))
                    steps += 1
                    if not census_ok(state):
                        raise AssertionError(f"tiles not accounted for after action {steps}")
                    if state.result is not None:
                        break
            kinds[state.result.kind] = kinds.get(state.result.kind, 0) + 1
            record = HandRecord.from_json(json.loads(record_of(state, seed).dumps()))
            problems = verify(record)
            if problems:
                mismatches.append({"seed": seed, "problems": problems})
        except Exception as err:  # a soak reports every failure and carries on
            errors.append(
                {
                    "seed": seed,
                    "error": f"{type(err).__name__}: {err}",
                    "where": traceback.format_exc(limit=-3).splitlines()[-3:],
                }
            )
    elapsed = time.perf_counter() - start
    return {
        "ruleset": name,
        "hands": hands,
        "results": kinds,
        "errors": len(errors),
        "error_samples": errors[:5],
        "replay_mismatches": len(mismatches),
        "mismatch_samples": mismatches[:5],
        "hands_per_second": round(hands / elapsed, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--ruleset", action="append", help="repeat for several (default: all)")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    failed = False
    for name in args.ruleset or RULESETS:
        summary = soak(name, args.hands, args.first_seed)
        print(json.dumps(summary), flush=True)
        failed |= bool(summary["errors"] or summary["replay_mismatches"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
