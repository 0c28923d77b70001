"""What a Botzone program costs per request at our table (`mahjongkit.botzone.external`).

Plays ``--hands`` hands of the ``botzone`` table with the program ``COMMAND`` at one seat
(turning round the seats) and the project's ``--others`` bot at the three others, and
times every request the program answers, from writing the request to reading its
answer: in the simple mode that is a process started a request, in the long-running mode
one line each way to the process kept running. Also prints the whole run's hands per
second beside the same hands played by the in-process bots alone.

    python scripts/botzone_overhead.py "python3 tests/botzone/tiny_bot.py --keep-running"
    python scripts/botzone_overhead.py "mahjongkit botzone-bot --bot efficient" --hands 2

Prints one JSON line: requests timed, runs started, faults, p50/p99/max in ms.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from mahjongkit.bots import BOTS  # noqa: E402
from mahjongkit.botzone.external import ExternalBot  # noqa: E402
from mahjongkit.game.match_state import MatchState  # noqa: E402
from mahjongkit.game.players import Bot  # noqa: E402
from mahjongkit.game.runner import play  # noqa: E402


def _hands(command: str | None, others: str, hands: int) -> tuple[float, list[float], int, int]:
    seconds: list[float] = []
    runs = faults = 0
    start = time.perf_counter()
    for hand in range(hands):
        seat = hand % 4
        program = ExternalBot(command) if command is not None else None
        bots: list[Bot] = [BOTS[others]() for _ in range(4)]
        if program is not None:
            bots[seat] = program
        play(MatchState("botzone", hand, seating=(0, 1, 2, 3), max_hands=1), bots)
        if program is not None:
            seconds.extend(r.seconds for r in program.replies)
            runs += program.program.runs if program.program is not None else 0
            faults += len(program.faults)
    return time.perf_counter() - start, seconds, runs, faults


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command")
    parser.add_argument("--hands", type=int, default=8)
    parser.add_argument("--others", default="efficient")
    args = parser.parse_args()
    alone, _, _, _ = _hands(None, args.others, args.hands)  # first: it warms the caches
    whole, seconds, runs, faults = _hands(args.command, args.others, args.hands)
    ms = sorted(s * 1000 for s in seconds)
    print(
        json.dumps(
            {
                "command": args.command,
                "hands": args.hands,
                "requests": len(ms),
                "runs": runs,
                "faults": faults,
                "p50_ms": round(statistics.median(ms), 2),
                "p99_ms": round(ms[min(len(ms) - 1, int(0.99 * len(ms)))], 2),
                "max_ms": round(ms[-1], 2),
                "hands_per_second": round(args.hands / whole, 2),
                "hands_per_second_in_process": round(args.hands / alone, 2),
            }
        )
    )


if __name__ == "__main__":
    main()
