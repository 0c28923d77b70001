"""Decision time of the Botzone bot program, per request, in Botzone's two modes.

Plays ``--hands`` hands of the ``botzone`` ruleset with the bot at all four seats (the
engine as referee, each seat told the judge's requests: `mahjongkit.botzone.narrate`),
and times every request a seat answers:

- long-running: the kept player reading the one new request and answering it (what a
  process kept running by Botzone spends per request);
- simple, in process: a fresh run given the whole history as JSON (read every request
  again, rebuild the bot's memory, decide, write the JSON answer);
- simple, whole process: for ``--processes`` requests drawn from those, the bundle
  (scripts/botzone_bundle.py) started as Botzone starts it, ``python3 -I bot.py``, with
  the JSON on stdin: start-up and import included.

    python scripts/botzone_latency.py --bot defender [--hands 40] [--processes 60]

Prints one JSON line per mode: requests timed, p50, p99 and max in milliseconds.
"""

from __future__ import annotations

import argparse
import io
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from mahjongkit.botzone.narrate import Narrator  # noqa: E402
from mahjongkit.botzone.program import Player, run  # noqa: E402
from mahjongkit.botzone.seat import BotzoneSeat  # noqa: E402
from mahjongkit.game.state import HandState  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(mode: str, seconds: list[float]) -> dict[str, object]:
    ms = [s * 1000 for s in seconds]
    return {
        "mode": mode,
        "requests": len(ms),
        "p50_ms": round(statistics.median(ms), 2),
        "p99_ms": round(percentile(ms, 0.99), 2),
        "max_ms": round(max(ms), 2),
    }


def play(
    bot: str, hands: int, seed: int
) -> tuple[list[float], list[float], list[dict[str, object]]]:
    """Times of every request in long-running and simple (in-process) mode, and the
    simple-mode inputs (for the whole-process timing)."""
    rng = random.Random(seed)
    kept: list[float] = []
    simple: list[float] = []
    inputs: list[dict[str, object]] = []
    for hand in range(hands):
        state = HandState.new("botzone", rng)
        narrator = Narrator(state)
        players: list[Player | None] = [None] * 4
        referee = [BotzoneSeat() for _ in range(4)]
        requests: list[list[str]] = [[], [], [], []]
        responses: list[list[str]] = [[], [], [], []]
        queued: list[list[object]] = [[], [], [], []]
        while not state.ended:
            for per_seat in narrator.read(state):
                for seat in range(4):
                    if responses[seat]:
                        referee[seat].answered(responses[seat][-1])
                    referee[seat].take(per_seat[seat])
                    requests[seat].append(per_seat[seat])
                    given = {"requests": requests[seat], "responses": responses[seat]}
                    out = io.StringIO()
                    start = time.perf_counter()
                    run(bot, stdin=io.StringIO(json.dumps(given)), stdout=out, seed=hand)
                    simple.append(time.perf_counter() - start)
                    inputs.append(json.loads(json.dumps(given)))
                    start = time.perf_counter()
                    player = players[seat]
                    if player is None:
                        player = players[seat] = Player(bot, hand)
                        player.replay(requests[seat], responses[seat])
                    else:
                        player.next_request(per_seat[seat])
                    answer = str(player.answer())
                    kept.append(time.perf_counter() - start)
                    responses[seat].append(answer)
                    legal = referee[seat].legal_actions()
                    queued[seat] = list(referee[seat].actions_of(answer)) if legal else []
            for seat in state.to_act():
                state.apply(seat, queued[seat].pop(0))  # type: ignore[arg-type]
    return kept, simple, inputs


def whole_process(bot: str, inputs: list[dict[str, object]], count: int, seed: int) -> list[float]:
    """Wall time of the bundle run as Botzone runs it, for ``count`` of the inputs."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "bot.py"
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "scripts" / "botzone_bundle.py"),
                "--bot",
                bot,
                "--out",
                str(out),
            ],
            check=True,
            capture_output=True,
        )
        python = Path(sys.base_prefix) / "bin" / "python3"
        for given in random.Random(seed).sample(inputs, min(count, len(inputs))):
            text = json.dumps(given)
            start = time.perf_counter()
            subprocess.run(
                [str(python), "-I", out.name],
                input=text,
                capture_output=True,
                text=True,
                cwd=tmp,
                check=True,
            )
            times.append(time.perf_counter() - start)
    return times


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--bot", default="defender", choices=["defender", "scorer", "efficient", "random"]
    )
    parser.add_argument("--hands", type=int, default=40)
    parser.add_argument("--processes", type=int, default=60)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    kept, simple, inputs = play(args.bot, args.hands, args.seed)
    print(json.dumps({"bot": args.bot, "hands": args.hands, **summary("long-running", kept)}))
    print(
        json.dumps({"bot": args.bot, "hands": args.hands, **summary("simple, in process", simple)})
    )
    if args.processes:
        times = whole_process(args.bot, inputs, args.processes, args.seed)
        print(json.dumps({"bot": args.bot, **summary("simple, whole process (bundle)", times)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
