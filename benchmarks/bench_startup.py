"""Start-up of the command line: wall time of ``mahjongkit score`` and ``mahjongkit waits``.

``python benchmarks/bench_startup.py [runs] [--json]`` (default 15; ``--json``: a last line
of figures for ``benchmarks/report.py``). Each command runs in a fresh
process, process start included, after one untimed run so bytecode is cached; the runs of
the commands and of ``python -c pass`` (the interpreter's own floor) are interleaved, so a
burst of load lands on all of them. Each command runs twice: through the console entry
point, whose quick path answers these plain forms without loading Typer
(`mahjongkit.cli.quick`), and through the Typer app as every other command runs. Prints
the median and range of each, and the extra cost of a process's first MCR score over its
second. Target: score and waits <= 120 ms.

``--against SRC`` adds the two commands run from another source tree (``SRC`` put first on
the path), interleaved with the rest: an earlier commit's ``src`` from ``git archive``, say,
to measure a change against the code before it in the same run.
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time

from figures import Figures

ENTRY = "from mahjongkit.cli import main; main()"
"""The console entry point (``mahjongkit`` in pyproject.toml)."""
TYPER_ENTRY = "from mahjongkit.cli.app import main; main()"
"""The Typer app's own entry, which the console entry point hands all but the plain forms of
``score`` and ``waits``."""
TIMED = (["score", "123m456p789s11sEEE"], ["waits", "1112345678999m"])
COMMANDS = {
    "python -c pass": [sys.executable, "-c", "pass"],
    **{f"mahjongkit {' '.join(args)}": [sys.executable, "-c", ENTRY, *args] for args in TIMED},
    **{
        f"mahjongkit {' '.join(args)}, through Typer": [sys.executable, "-c", TYPER_ENTRY, *args]
        for args in TIMED
    },
}
FIRST_SCORE = """
import time
from mahjongkit.hand import parse_hand
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring import Situation, score
import mahjongkit.scoring.mcr  # its import is start-up, counted in the wall times above
rules = get_ruleset("mcr")
times = []
for text in ("123m456p789s11sEEE", "234m345p456s22sWWW"):
    hand = parse_hand(text)
    start = time.perf_counter()
    score(hand, Situation(), rules)
    times.append(time.perf_counter() - start)
print(times[0] - times[1])
"""


CACHED = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
"""The environment of every run: bytecode written and read from its cache even where the
caller's environment says not to write it (compiling the sources again at each start
would add about 100 ms to every command)."""


def wall(cmd: list[str]) -> float:
    """Seconds from starting ``cmd`` to its exit."""
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=CACHED)
    return time.perf_counter() - start


def commands_against(source: str) -> dict[str, list[str]]:
    """The timed commands run from the source tree ``source``."""
    entry = f"import sys; sys.path.insert(0, {source!r}); {ENTRY}"
    return {
        f"mahjongkit {' '.join(args)}, from {source}": [sys.executable, "-c", entry, *args]
        for args in TIMED
    }


def main() -> None:
    figures = Figures.from_argv(__file__)
    commands = dict(COMMANDS)
    if "--against" in sys.argv:
        at = sys.argv.index("--against")
        commands |= commands_against(sys.argv[at + 1])
        del sys.argv[at : at + 2]
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 15
    for cmd in commands.values():
        wall(cmd)  # bytecode compiled and cached
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(runs):
        for name, cmd in commands.items():
            times[name].append(wall(cmd))
    print(f"start-up, {runs} runs each, interleaved (ms)")
    for name, seen in times.items():
        ms = sorted(t * 1000 for t in seen)
        print(f"  {name:<60} median {statistics.median(ms):6.1f}  range {ms[0]:.1f}-{ms[-1]:.1f}")
    floor = statistics.median(times["python -c pass"]) * 1000
    for name, seen in times.items():
        if name.startswith("mahjongkit"):
            ms_median = statistics.median(seen) * 1000
            figures.add(f"{name}, wall", "ms", ms_median, "python -c pass", floor)
    extra = sorted(
        float(
            subprocess.run(
                [sys.executable, "-c", FIRST_SCORE],
                check=True,
                capture_output=True,
                text=True,
                env=CACHED,
            ).stdout
        )
        * 1000
        for _ in range(5)
    )
    print(
        f"  first MCR score over the second, scorer imported: + {statistics.median(extra):.1f} ms"
    )
    figures.add("first MCR score of a process, over the second", "ms", statistics.median(extra))
    figures.emit()


if __name__ == "__main__":
    main()
