"""How fast the reviewer weighs decisions: samples a second, and seconds a hand.

Plays ``--hands`` hands of the efficient bots in a ruleset, then for one seat weighs
every decision with more than one legal action at ``--samples`` samples
(`mahjongkit.bots.lookahead.evaluate`), and prints one JSON line: decisions, samples
a second over all of them and over the discard decisions alone, play-outs a second (a
sample plays every candidate out), and seconds a hand. Timings on a shared machine are
noisy: run it with ``nice``, several times, and say so.

    .venv/bin/python scripts/review_speed.py --ruleset mcr --hands 4 --samples 8
"""

from __future__ import annotations

import argparse
import json
import random
import time

from mahjongkit.bots import BOTS
from mahjongkit.bots.lookahead import evaluate
from mahjongkit.game.actions import ActionKind
from mahjongkit.game.record import record_of
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.review.hands import decisions_of


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=4)
    parser.add_argument("--samples", type=int, default=8)
    parser.add_argument("--seat", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    decisions = samples = playouts = 0
    discard_samples = 0
    seconds = discard_seconds = 0.0
    for hand in range(args.hands):
        state = HandState.new(args.ruleset, random.Random(args.seed + hand))
        play_hand(state, [BOTS["efficient"]() for _ in range(4)], seed=args.seed + hand)
        for _, position, drawn, dice in decisions_of(record_of(state), args.seat):
            legal = position.legal_actions()
            start = time.perf_counter()
            evaluate(position, samples=args.samples, drawn_discards=drawn, dice=dice)
            spent = time.perf_counter() - start
            decisions += 1
            samples += args.samples
            playouts += args.samples * len(legal)
            seconds += spent
            if any(a.kind is ActionKind.DISCARD for a in legal):
                discard_samples += args.samples
                discard_seconds += spent
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "hands": args.hands,
                "decisions": decisions,
                "samples_per_second": round(samples / seconds, 1),
                "discard_samples_per_second": round(discard_samples / discard_seconds, 1)
                if discard_seconds
                else None,
                "playouts_per_second": round(playouts / seconds, 1),
                "seconds_per_hand": round(seconds / args.hands, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
