"""The benchmark report (benchmarks/report.py): its reading of the scripts' figures and its
tables, on canned runs (no timing is asserted), and one tiny benchmark through it."""

from __future__ import annotations

import doctest
import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import mahjongkit.shanten

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load(name: str) -> ModuleType:
    """A module of benchmarks/ (not a package: the scripts run from their folder)."""
    spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCHMARKS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


report = load("report")
figures = load("figures")


def row(measure: str, ours: float, **more: Any) -> dict[str, Any]:
    return {"measure": measure, "unit": more.pop("unit", "hands/s"), "ours": ours, **more}


def selfplay(random: float, rlcard: float, ratio: float, start_ms: float) -> dict[str, Any]:
    """One run's figures, as bench_selfplay.py and bench_startup.py print them."""
    return {
        "benchmark": "bench_selfplay",
        "rows": [
            row("mcr, 4 random", random, peer="RLCard", theirs=rlcard, ratio=ratio),
            row("mcr, 4 efficient", random / 5),
            row("score, wall", start_ms, unit="ms", peer="python -c pass", theirs=20.0),
        ],
    }


SOURCE = [selfplay(1000.0, 40.0, 25.0, 200.0), selfplay(1100.0, 44.0, 25.0, 180.0)]
COMPILED = [selfplay(1500.0, 40.0, 37.5, 100.0), selfplay(1320.0, 40.0, 33.0, 150.0)]


def test_the_doctests_of_the_report_and_the_figures_pass() -> None:
    for module in (report, figures):
        assert doctest.testmod(module).failed == 0


def test_the_figures_line_is_the_last_json_object_printed() -> None:
    out = "build: Python source\n{not this}\n" + json.dumps(SOURCE[0]) + "\n"
    assert report.parse_figures(out) == SOURCE[0]


@pytest.mark.parametrize(
    ("stdout", "says"),
    [
        ("mcr 4 random 1000 hands/s\n", "printed no figures line"),
        ("{'rows': []}\n", "is not JSON"),
        ('{"benchmark": "x"}\n', "no list of rows"),
    ],
)
def test_a_run_without_figures_is_named_as_such(stdout: str, says: str) -> None:
    with pytest.raises(report.BenchmarkError, match=says):
        report.parse_figures(stdout)


def test_the_table_gives_medians_ranges_and_the_compiled_speed_up() -> None:
    lines = report.table({"source": SOURCE, "compiled": COMPILED}, ["source", "compiled"])
    assert lines[0] == (
        "| measure | unit | peer | source: ours | source: peer | source: ours/peer"
        " | compiled: ours | compiled: peer | compiled: ours/peer | compiled / source (ours) |"
    )
    cells = {line.split(" | ")[0][2:]: line.split(" | ")[1:] for line in lines[2:]}
    assert cells["mcr, 4 random"] == [
        "hands/s",
        "RLCard",
        "1,050 (1,000–1,100)",
        "42.0 (40.0–44.0)",
        "25x (25x–25x)",
        "1,410 (1,320–1,500)",
        "40.0 (40.0–40.0)",
        "35.2x (33x–37.5x)",
        "1.35x (1.2x–1.5x) |",
    ]
    assert cells["mcr, 4 efficient"][2:] == [
        "210 (200–220)",
        "—",
        "—",
        "282 (264–300)",
        "—",
        "—",
        "1.35x (1.2x–1.5x) |",
    ]
    # A time is better lower: the speed-up is source over compiled (200/100, 180/150).
    assert cells["score, wall"][-1] == "1.6x (1.2x–2x) |"


def test_the_report_states_where_and_when_and_what_failed() -> None:
    bench = report.BENCHMARKS[0]
    done = report.Outcome(bench, ("10",), {"source": SOURCE, "compiled": COMPILED})
    failed = report.Outcome(
        report.BENCHMARKS[1], ("5",), {"source": [], "compiled": []}, ["round 1: exit 1"]
    )
    text = report.render([done, failed], ["source", "compiled"], ["commit: abc", "load: 4"])
    assert "- commit: abc\n- load: 4\n" in text
    assert f"## {bench.name}.py 10\n" in text
    assert "| mcr, 4 random | hands/s | RLCard |" in text
    assert f"## {report.BENCHMARKS[1].name}.py 5\n" in text
    assert "Failed: round 1: exit 1" in text


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--only", "bench_nothing"], "--only: no benchmark named bench_nothing"),
        (["--args", "bench_nothing=5"], "no benchmark named 'bench_nothing'"),
    ],
)
def test_an_unknown_benchmark_is_named_before_anything_runs(argv: list[str], says: str) -> None:
    with pytest.raises(SystemExit, match=says):
        report.main([*argv, "--no-compiled", "--out", "/nonexistent/REPORT.md"])


def test_sizes_are_full_quick_or_as_given() -> None:
    options = report.argparse.Namespace(quick=True, args=["bench_env=10 8 5"])
    sizes = report.sizes(options)
    assert sizes["bench_env"] == ("10", "8", "5")
    quick = {b.name: b.quick for b in report.BENCHMARKS}
    assert sizes["bench_shanten"] == quick["bench_shanten"]


def test_a_failed_run_says_how_it_ended() -> None:
    missing = report.Benchmark("bench_not_there", (), (), "none")
    build = report.Build("source", sys.executable, {})
    with pytest.raises(report.BenchmarkError, match=r"exit status 2: .*bench_not_there\.py"):
        report.run(missing, (), build)


def test_figures_take_their_flag_out_and_print_one_json_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench_x.py", "300", "--json"]
    found = figures.Figures("bench_x", argv)
    assert argv == ["bench_x.py", "300"]
    found.add("mcr, 4 random", "hands/s", 1200.0, "RLCard", 40.0)
    found.add("score, wall", "ms", 150.0, "python -c pass", 20.0)
    found.emit()
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) == 1
    rows = json.loads(printed[0])["rows"]
    assert [r["ratio"] for r in rows] == [30.0, None]
    silent = figures.Figures("bench_x", ["bench_x.py"])
    silent.emit()
    assert capsys.readouterr().out == ""


@pytest.mark.skipif(
    not mahjongkit.shanten.__file__.endswith(".py"),
    reason="the report's source build must import the Python source",
)
def test_a_tiny_benchmark_runs_through_the_report(tmp_path: Path) -> None:
    out = tmp_path / "REPORT.md"
    subprocess.run(
        [
            sys.executable,
            str(BENCHMARKS / "report.py"),
            "--no-compiled",
            "--only",
            "bench_scoring_taiwanese",
            "--args",
            "bench_scoring_taiwanese=20",
            "--rounds",
            "1",
            "--out",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    text = out.read_text()
    assert "## bench_scoring_taiwanese.py 20" in text
    assert "| score(), random Taiwanese wins (taiwanese-lrc) | hands/s |" in text
    assert "- load average" in text


def test_keep_runs_one_benchmark_again_and_keeps_the_others_naming_their_run() -> None:
    earlier = report.render(
        [
            report.Outcome(report.BENCHMARKS[1], ("9",), {"source": SOURCE}),
            report.Outcome(report.BENCHMARKS[4], ("9",), {"source": SOURCE}),
        ],
        ["source"],
        ["commit: aaa1111 (then) old", "date: then, 9 minutes", "sizes: full; 3 rounds", "CPU: z"],
    )
    facts, sections = report.sections_of(earlier)
    assert facts[0] == "commit: aaa1111 (then) old"
    assert list(sections) == [report.BENCHMARKS[1].name, report.BENCHMARKS[4].name]
    again = report.Outcome(report.BENCHMARKS[4], ("7",), {"source": COMPILED})
    kept = {name: report.kept(lines, facts) for name, lines in sections.items()}
    text = report.render([again], ["source"], ["commit: bbb2222 (now) new"], kept)
    _, now = report.sections_of(text)
    assert list(now) == [report.BENCHMARKS[1].name, report.BENCHMARKS[4].name]
    old_part, new_part = now.values()
    assert "Kept from an earlier run: commit aaa1111 (then); then; full sizes; 3 rounds." in (
        "\n".join(old_part)
    )
    assert not any("Kept" in line for line in new_part)
    assert new_part[0].endswith(".py 7") and any("1,410" in line for line in new_part)
    # kept again by a later run: still its own run, named once
    later = report.render(
        [],
        ["source"],
        ["commit: ccc"],
        {name: report.kept(lines, ["commit: ccc"]) for name, lines in now.items()},
    )
    assert later.count("aaa1111") == 1 and later.count("bbb2222") == 0
    assert "Kept from an earlier run: commit ccc." in later


def test_keep_needs_the_benchmarks_to_run_again() -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "report.py"), "--keep"], capture_output=True, text=True
    )
    assert done.returncode != 0
    assert "--keep: name the benchmarks to run again with --only" in done.stderr
