"""One report of every speed benchmark: ours beside its peer, from the source and compiled builds.

Each ``bench_*.py`` speed benchmark runs in rounds; in a round every benchmark runs once
on the Python source and once on the compiled build (``make compiled``), one right after
the other and the order swapped from round to round, so a burst of load from other
processes lands on both builds alike. Within a run the scripts interleave ours and the
peer's passes themselves. Each run ends with a JSON line of its figures (``--json``,
`figures.Figures`); the report is one Markdown table per benchmark: per measure ours and
the peer's figure, the ratio ours/peer, median and range over the rounds, source and
compiled side by side, and the compiled build's speed-up over the source. Its header
states the commit, the date, the load average before and after, the CPU and the Python.

``bench_strength.py`` is not run: it measures how well the bots play, not how fast.

Run: ``python benchmarks/report.py [--quick] [--rounds N] [--out FILE] [--only NAME]``
(``make bench``; ``make bench BENCH_QUICK=1`` for the small sizes). ``--only NAME --keep``
runs those benchmarks again and keeps the report's other sections, each then naming the
run (commit, date, load) that measured it. ``--help`` lists the
rest: the interpreters and paths of the two builds, sizes per benchmark, a note.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import shlex
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent


@dataclass(frozen=True)
class Benchmark:
    """A benchmark script and its arguments at full and at quick sizes."""

    name: str
    full: tuple[str, ...]
    quick: tuple[str, ...]
    what: str


BENCHMARKS = (
    Benchmark("bench_shanten", ("20000",), ("2000",), "Shanten and waits, against PyMahjongGB"),
    Benchmark("bench_scoring_mcr", ("5000",), ("1000",), "MCR scoring, against PyMahjongGB"),
    Benchmark(
        "bench_scoring_taiwanese",
        ("3000",),
        ("500",),
        "Taiwanese scoring, beside the shape search alone and MCR scoring",
    ),
    Benchmark(
        "bench_hands",
        ("300",),
        ("40",),
        "Whole hands between random bots (no peer plays these rulesets)",
    ),
    Benchmark(
        "bench_selfplay", ("300",), ("60",), "Self-play through the simulator, against RLCard"
    ),
    Benchmark(
        "bench_env",
        ("200", "256", "200"),
        ("30", "32", "30"),
        "The learning environments, against RLCard and the simulator alone",
    ),
    Benchmark(
        "bench_vector",
        ("256", "200"),
        ("32", "30"),
        "Batched tables (VectorEnv), against one environment",
    ),
    Benchmark(
        "bench_bots",
        ("40",),
        ("4",),
        "Whole hands of four bots of one tier, CPU time (no peer plays these rulesets)",
    ),
    Benchmark(
        "bench_seating",
        ("24x6", "32x8", "48x10", "100x8", "200x10"),
        ("24x6", "100x8"),
        "Tournament seating, one seat() call a size, wall time (no peer to run)",
    ),
    Benchmark(
        "bench_startup",
        ("15",),
        ("4",),
        "Command-line start-up, wall time, beside the interpreter's own start",
    ),
)


@dataclass(frozen=True)
class Build:
    """An interpreter and the environment it runs a benchmark in."""

    name: str
    python: str
    env: dict[str, str]


@dataclass
class Figure:
    """One measure's figures over the rounds, for one build."""

    unit: str
    ours: list[float] = field(default_factory=list)
    theirs: list[float] = field(default_factory=list)
    ratio: list[float] = field(default_factory=list)


Key = tuple[str, str | None]
"""A measure and its peer (None: ours alone)."""


class BenchmarkError(Exception):
    """A benchmark run failed, or printed no figures."""


def parse_figures(stdout: str) -> dict[str, Any]:
    """The figures a benchmark printed with ``--json``: its last line that is a JSON object.

    >>> parse_figures('text\\n{"benchmark": "b", "rows": []}\\n')["benchmark"]
    'b'
    """
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            try:
                found = json.loads(line)
            except json.JSONDecodeError as error:
                raise BenchmarkError(f"its figures line is not JSON: {error}") from error
            if not isinstance(found, dict) or not isinstance(found.get("rows"), list):
                raise BenchmarkError("its figures line has no list of rows")
            return found
    raise BenchmarkError("it printed no figures line (a JSON object; was --json ignored?)")


def gather(runs: Sequence[dict[str, Any]]) -> dict[Key, Figure]:
    """Per (measure, peer), the figures of every run, in the order the measures come."""
    out: dict[Key, Figure] = {}
    for run in runs:
        for row in run["rows"]:
            figure = out.setdefault((row["measure"], row.get("peer")), Figure(row["unit"]))
            figure.ours.append(float(row["ours"]))
            if row.get("theirs") is not None:
                figure.theirs.append(float(row["theirs"]))
            if row.get("ratio") is not None:
                figure.ratio.append(float(row["ratio"]))
    return out


def speed_ups(unit: str, source: Sequence[float], compiled: Sequence[float]) -> list[float]:
    """How many times faster the compiled build ran, round by round.

    >>> speed_ups("hands/s", [100.0, 110.0], [150.0, 154.0])
    [1.5, 1.4]
    >>> speed_ups("ms", [200.0], [100.0])
    [2.0]
    """
    pairs = zip(source, compiled, strict=False)
    if unit == "ms":
        return [s / c for s, c in pairs]
    return [c / s for s, c in pairs]


def number(value: float, unit: str) -> str:
    """An absolute figure as the tables print it.

    >>> number(1234.56, "hands/s"), number(12.345, "hands/s"), number(175.04, "ms")
    ('1,235', '12.3', '175.0')
    """
    if unit == "ms" or value < 100:
        return f"{value:,.1f}"
    return f"{value:,.0f}"


def times(value: float) -> str:
    """A ratio, three significant figures.

    >>> times(27.44), times(0.10514), times(1.3)
    ('27.4x', '0.105x', '1.3x')
    """
    return f"{value:.3g}x"


def spread(values: Sequence[float], show: Callable[[float], str]) -> str:
    """The median of ``values`` and, for more than one, their range.

    >>> spread([3.0, 1.0, 2.0], times)
    '2x (1x–3x)'
    >>> spread([], times)
    '—'
    """
    if not values:
        return "—"
    middle = show(statistics.median(values))
    if len(values) == 1:
        return middle
    return f"{middle} ({show(min(values))}–{show(max(values))})"


def table(results: dict[str, list[dict[str, Any]]], builds: Sequence[str]) -> list[str]:
    """The Markdown table of one benchmark, from its runs per build."""
    gathered = {name: gather(results.get(name, [])) for name in builds}
    keys: list[Key] = []
    for figures in gathered.values():
        keys += [key for key in figures if key not in keys]
    header = ["measure", "unit", "peer"]
    for name in builds:
        header += [f"{name}: ours", f"{name}: peer", f"{name}: ours/peer"]
    if len(builds) == 2:
        header.append(f"{builds[1]} / {builds[0]} (ours)")
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for key in keys:
        measure, peer = key
        unit = next(g[key].unit for g in gathered.values() if key in g)
        cells = [measure, unit, peer or "—"]
        for name in builds:
            figure = gathered[name].get(key, Figure(unit))
            show = partial(number, unit=unit)
            cells += [spread(figure.ours, show), spread(figure.theirs, show)]
            cells.append(spread(figure.ratio, times))
        if len(builds) == 2:
            first, second = (gathered[name].get(key, Figure(unit)) for name in builds)
            cells.append(spread(speed_ups(unit, first.ours, second.ours), times))
        lines.append("| " + " | ".join(cells) + " |")
    return lines


@dataclass
class Outcome:
    """Every run of one benchmark: figures per build, and the failures."""

    benchmark: Benchmark
    args: tuple[str, ...]
    runs: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    """Wall time of each run."""


KEPT = "Kept from an earlier run:"
"""How a section re-used by ``--keep`` names the run that measured it."""


def run_of(facts: Sequence[str]) -> str:
    """What names a run, from its report's header facts: commit, date, sizes, rounds, load.

    >>> print(run_of([
    ...     "commit: 6189c5b (2026-11-27T07:50:45+00:00) A subject (with brackets)",
    ...     "date: 2026-11-27 08:19 UTC, 22 minutes",
    ...     "sizes: full (each benchmark's arguments in its heading); 3 rounds; warmed",
    ...     "load average (1 / 5 / 15 min): before 1, after 1; 1-min load at the runs'"
    ...     " starts 0.6–1.2",
    ...     "CPU: z",
    ... ]).replace("; ", "\\n"))
    commit 6189c5b (2026-11-27T07:50:45+00:00)
    2026-11-27 08:19 UTC
    full sizes
    3 rounds
    1-min load at the runs' starts 0.6–1.2
    """
    parts: list[str] = []
    for fact in facts:
        key, _, value = fact.partition(": ")
        if key == "commit":
            parts.append("commit " + value.split(")")[0] + (")" if ")" in value else ""))
        elif key == "date":
            parts.append(value.split(",")[0])
        elif key == "sizes":
            parts.append(value.split(" ")[0].strip(";,") + " sizes")
            parts += [p for p in value.split("; ") if p.endswith(" rounds")]
        elif key.startswith("load average"):
            parts += [p for p in value.split("; ") if p.startswith("1-min load")]
    return "; ".join(parts)


def sections_of(text: str) -> tuple[list[str], dict[str, list[str]]]:
    """A report's header facts and its sections (their lines) by benchmark name.

    >>> facts, parts = sections_of(
    ...     "# Benchmark report\\n\\n- commit: abc\\n\\n## bench_x.py 9\\n\\nX.\\n\\n"
    ...     "Not run here: y\\n"
    ... )
    >>> facts, parts
    (['commit: abc'], {'bench_x': ['## bench_x.py 9', '', 'X.', '']})
    """
    facts: list[str] = []
    parts: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.splitlines():
        if line.startswith("## "):
            current = parts.setdefault(line[3:].split(".py")[0], [])
        elif line.startswith("Not run here:"):
            current = None
        elif current is None and line.startswith("- ") and not parts:
            facts.append(line[2:])
        if current is not None:
            current.append(line)
    return facts, parts


def kept(section: list[str], facts: Sequence[str]) -> list[str]:
    """An earlier report's section, naming the run that measured it (once).

    >>> kept(["## bench_x.py 9", "", "X.", ""], ["commit: abc", "CPU: z", "date: d"])
    ['## bench_x.py 9', '', 'X.', '', 'Kept from an earlier run: commit abc; d.', '']
    """
    if any(line.startswith(KEPT) for line in section):
        return list(section)
    run = run_of(facts)
    return [*section[:4], f"{KEPT} {run}.", "", *section[4:]]


def render(
    outcomes: Sequence[Outcome],
    builds: Sequence[str],
    facts: Sequence[str],
    earlier: dict[str, list[str]] | None = None,
) -> str:
    """The whole report: its header of facts, then a table per benchmark.

    ``earlier`` holds sections kept from an earlier report (``--keep``), placed in the
    benchmarks' order among the ones run now.
    """
    lines = [
        "# Benchmark report",
        "",
        "Written by `benchmarks/report.py` (`make bench`); the speed figures of the"
        " README, `docs/bots.md` and `benchmarks/README.md` are quoted from here.",
        "",
        *[f"- {fact}" for fact in facts],
        "",
        "Each cell is the median over the rounds, with the range (lowest–highest) beside"
        " it. *ours/peer* is each run's own ratio (the scripts alternate ours and the peer's"
        " passes; some take the median of paired passes), for a rate the times ours is"
        f" faster. *{' / '.join(reversed(builds))}* is the compiled build's speed-up over"
        " the source, round by round (both builds run back to back)."
        if len(builds) == 2
        else "Each cell is the median over the rounds, with the range beside it.",
        "",
    ]
    ran = {outcome.benchmark.name: outcome for outcome in outcomes}
    for benchmark in BENCHMARKS:
        if benchmark.name in ran:
            lines += section(ran[benchmark.name], builds)
        elif earlier and benchmark.name in earlier:
            lines += earlier[benchmark.name]
    lines.append(
        "Not run here: `bench_strength.py`, which measures how well the bots play, not"
        " how fast (its table is in `docs/bots.md`)."
    )
    return "\n".join(lines) + "\n"


def section(outcome: Outcome, builds: Sequence[str]) -> list[str]:
    """One benchmark's part of the report: its heading, what it measures, its table."""
    args = " ".join(outcome.args)
    lines = [f"## {outcome.benchmark.name}.py {args}".rstrip(), ""]
    took = (
        f" A run took {spread(outcome.seconds, lambda s: f'{s:.0f} s')}." if outcome.seconds else ""
    )
    lines += [f"{outcome.benchmark.what}.{took}", ""]
    if any(outcome.runs.values()):
        lines += [*table(outcome.runs, builds), ""]
    lines += [f"Failed: {error}" for error in outcome.errors]
    if outcome.errors:
        lines.append("")
    return lines


def git(*args: str) -> str:
    """A git command's output in the repository, or '' where git cannot answer."""
    try:
        done = subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)
    except OSError:
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def commit(out: Path) -> str:
    """The commit measured, and whether the package or benchmarks differ from it."""
    head = git("log", "-1", "--format=%h (%cI) %s")
    if not head:
        return "unknown (not a git checkout)"
    changed = [
        line
        for line in git("status", "--porcelain", "--", "src", "benchmarks").splitlines()
        if not line.endswith(out.name)
    ]
    return head + (" — with uncommitted changes" if changed else "")


def cpu() -> str:
    """The CPU's model name and how many cores this process may use."""
    model = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"{model}, {len(os.sched_getaffinity(0))} cores"


def load() -> str:
    """The load average over 1, 5 and 15 minutes."""
    return " / ".join(f"{x:.2f}" for x in os.getloadavg())


PROBE = "import sys, mahjongkit.shanten as m; print(sys.version.split()[0]); print(m.__file__)"


def probe(build: Build) -> str:
    """The Python version of ``build`` and where its package is, checked to be the build
    it is named for (compiled: C extensions; source: Python files)."""
    done = subprocess.run(
        [build.python, "-c", PROBE], capture_output=True, text=True, env=build.env, cwd=ROOT
    )
    if done.returncode != 0:
        raise BenchmarkError(f"{build.name} build ({build.python}): {done.stderr.strip()}")
    version, where = done.stdout.split()
    compiled = not where.endswith(".py")
    if compiled != (build.name == "compiled"):
        raise BenchmarkError(
            f"the {build.name} build's interpreter ({build.python}) imports mahjongkit from "
            f"{where}, which is {'compiled' if compiled else 'the Python source'}"
        )
    place = Path(where).parent
    if place.is_relative_to(ROOT):
        place = place.relative_to(ROOT)
    return f"Python {version}, mahjongkit from {place}"


def run(benchmark: Benchmark, args: Sequence[str], build: Build) -> dict[str, Any]:
    """One run of ``benchmark`` on ``build``: its figures."""
    cmd = [build.python, str(HERE / f"{benchmark.name}.py"), *args, "--json"]
    done = subprocess.run(cmd, capture_output=True, text=True, env=build.env, cwd=ROOT)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no message"])[-1]
        raise BenchmarkError(f"exit status {done.returncode}: {last}")
    return parse_figures(done.stdout)


def builds_of(options: argparse.Namespace) -> list[Build]:
    """The builds to measure: the source always, the compiled one where there is one."""

    def env(path: str | None) -> dict[str, str]:
        out = dict(os.environ)
        if path is not None:
            out["PYTHONPATH"] = path
        return out

    found = [Build("source", options.source_python, env(options.source_path))]
    compiled = options.compiled_python
    if compiled and not options.no_compiled and Path(compiled).exists():
        # Without a path of its own the compiled build must not read the source's.
        path = options.compiled_path if options.compiled_path is not None else ""
        found.append(Build("compiled", compiled, env(path)))
    return found


def sizes(options: argparse.Namespace) -> dict[str, tuple[str, ...]]:
    """Each benchmark's arguments: full or quick sizes, then ``--args NAME=ARGS``."""
    out = {b.name: b.quick if options.quick else b.full for b in BENCHMARKS}
    for given in options.args:
        name, _, text = given.partition("=")
        if name not in out:
            raise SystemExit(f"--args {given!r}: no benchmark named {name!r}")
        out[name] = tuple(shlex.split(text))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="small sizes: a smoke run")
    parser.add_argument("--rounds", type=int, help="rounds (default 3; 2 with --quick)")
    parser.add_argument("--out", type=Path, default=HERE / "REPORT.md")
    parser.add_argument("--only", action="append", default=[], metavar="NAME")
    parser.add_argument(
        "--keep",
        action="store_true",
        help="with --only: keep the other benchmarks' sections of the report at --out",
    )
    parser.add_argument("--args", action="append", default=[], metavar="NAME=ARGS")
    parser.add_argument("--source-python", default=sys.executable)
    parser.add_argument("--source-path", help="PYTHONPATH of the source runs (default: as is)")
    venv = ROOT / ".venv-compiled" / "bin" / "python"
    parser.add_argument("--compiled-python", default=str(venv))
    parser.add_argument("--compiled-path", help="PYTHONPATH of the compiled runs (default none)")
    parser.add_argument("--no-compiled", action="store_true", help="the source build only")
    parser.add_argument("--note", action="append", default=[], help="a line for the header")
    options = parser.parse_args(argv)
    rounds = options.rounds or (2 if options.quick else 3)
    unknown = set(options.only) - {b.name for b in BENCHMARKS}
    if unknown:
        raise SystemExit(f"--only: no benchmark named {', '.join(sorted(unknown))}")
    if options.keep and not options.only:
        raise SystemExit("--keep: name the benchmarks to run again with --only")
    chosen = [b for b in BENCHMARKS if not options.only or b.name in options.only]
    earlier: dict[str, list[str]] = {}
    if options.keep and options.out.exists():
        old_facts, old_sections = sections_of(options.out.read_text())
        earlier = {name: kept(lines, old_facts) for name, lines in old_sections.items()}
    arguments = sizes(options)
    if options.quick:  # the tables' warm-up of the hand benchmarks (warm.py), small too
        os.environ.setdefault("BENCH_WARM_HANDS", "200")
    builds = builds_of(options)
    try:
        described = {build.name: probe(build) for build in builds}
    except BenchmarkError as error:
        raise SystemExit(f"report.py: {error}") from error
    started = datetime.datetime.now(datetime.UTC)
    before, measured = load(), commit(options.out)
    outcomes = [Outcome(b, arguments[b.name], {x.name: [] for x in builds}) for b in chosen]
    loads: list[float] = []
    for r in range(rounds):
        order = builds if r % 2 == 0 else builds[::-1]
        for outcome in outcomes:
            for build in order:
                loads.append(os.getloadavg()[0])
                label = f"round {r + 1}/{rounds} {outcome.benchmark.name} {build.name}"
                print(label, end="", flush=True)
                start = time.perf_counter()
                try:
                    figures = run(outcome.benchmark, outcome.args, build)
                except BenchmarkError as error:
                    outcome.errors.append(f"{label}: {error}")
                    print(f"\n  failed: {error}", flush=True)
                    continue
                outcome.seconds.append(time.perf_counter() - start)
                print(f": {outcome.seconds[-1]:.0f} s", flush=True)
                outcome.runs[build.name].append(figures)
    took = datetime.datetime.now(datetime.UTC) - started
    facts = [
        f"commit: {measured}",
        f"date: {started:%Y-%m-%d %H:%M} UTC, {took.total_seconds() / 60:.0f} minutes",
        f"sizes: {'quick (`--quick`)' if options.quick else 'full'}"
        + (" except " + ", ".join(f"`--args {given}`" for given in options.args))
        * bool(options.args)
        + f" (each benchmark's arguments in its heading); {rounds} rounds; the hand"
        f" benchmarks' tables warmed by {os.environ.get('BENCH_WARM_HANDS', '2000')} hands"
        " first (benchmarks/warm.py)",
        f"load average (1 / 5 / 15 min): before {before}, after {load()}; 1-min load at"
        f" the runs' starts {min(loads):.1f}–{max(loads):.1f}"
        if loads
        else f"load average (1 / 5 / 15 min): before {before}",
        f"CPU: {cpu()}",
        *[f"{name} build: {text}" for name, text in described.items()],
        *options.note,
    ]
    if earlier:
        facts.append(
            "run now: " + ", ".join(f"`{b.name}`" for b in chosen) + "; the other sections"
            " are kept from earlier runs (`--keep`), each naming its commit and date"
        )
    options.out.write_text(render(outcomes, [b.name for b in builds], facts, earlier))
    print(f"wrote {options.out}")
    return 1 if any(o.errors for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
