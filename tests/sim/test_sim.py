"""The simulator: per-hand seeds, workers that change nothing, duplicate walls, the CLI."""

from __future__ import annotations

import importlib
import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.game.record import HandRecord, verify
from mahjongkit.sim import hand_seed, jobs, play_job, simulate
from mahjongkit.sim.selfplay import HandJob

CONTRACT = (
    "ruleset",
    "hands",
    "wins",
    "draws",
    "self_drawn",
    "points_by_bot",
    "fans",
    "hands_per_second",
    "errors",
)


def _cli(*args: str) -> str:
    # Every command module registers, as in `main` (one lone command would become the app).
    for name in COMMAND_MODULES:
        if importlib.util.find_spec(f"mahjongkit.cli.{name}") is not None:
            importlib.import_module(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(app, ["simulate", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_hand_seeds_depend_only_on_run_seed_and_wall() -> None:
    assert hand_seed(5, 3) == hand_seed(5, 3)
    assert len({hand_seed(5, w) for w in range(100)}) == 100
    assert hand_seed(5, 0) != hand_seed(6, 0)


def test_a_hand_does_not_depend_on_what_was_played_before() -> None:
    lineup = ("efficient", "random", "random", "random")
    alone = play_job("mcr", lineup, 9, HandJob(5, 5, 0))
    run = simulate("mcr", lineup, hands=6, seed=9)
    assert run.outcomes[5] == alone


def test_workers_give_the_same_results_as_one() -> None:
    lineup = ("efficient", "random", "efficient", "random")
    one = simulate("taiwanese-lrc", lineup, hands=20, seed=4, keep_records=True)
    two = simulate("taiwanese-lrc", lineup, hands=20, seed=4, workers=2, keep_records=True)
    assert one.outcomes == two.outcomes
    assert one.stats.to_json(1.0) == two.stats.to_json(1.0)


def test_duplicate_plays_each_wall_four_times_with_seats_rotated() -> None:
    assert [(j.wall, j.rotation) for j in jobs(2, True)] == [
        (0, 0),
        (0, 1),
        (0, 2),
        (0, 3),
        (1, 0),
        (1, 1),
        (1, 2),
        (1, 3),
    ]
    lineup = ("scorer", "efficient", "random", "random")
    run = simulate("mcr", lineup, hands=2, seed=1, duplicate=True, keep_records=True)
    assert run.stats.hands == 8
    for wall in (0, 1):
        hands = [o for o in run.outcomes if o.wall == wall]
        walls = {HandRecord.from_json(json.loads(o.record)).wall for o in hands}
        assert len(walls) == 1  # the same tiles every time
        # line-up position 0 (the scorer) sits in each seat once
        assert sorted(o.entrant.index(0) for o in hands) == [0, 1, 2, 3]
        assert all(o.bots[o.entrant.index(0)] == "scorer" for o in hands)


def test_points_of_a_hand_balance() -> None:
    run = simulate("mcr", ("efficient",) * 4, hands=10, seed=2)
    for out in run.outcomes:
        assert sum(out.points) == 0  # MCR pays only between players
        if out.kind == "win":
            assert out.points[out.winners[0]] > 0


def test_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        simulate("mcr", ("genius",) * 4, hands=1)


def test_json_contract() -> None:
    data = json.loads(
        _cli(
            "--ruleset",
            "mcr",
            "--hands",
            "6",
            "--seed",
            "3",
            "--bots",
            "scorer,efficient,efficient,efficient",
            "--json",
        )
    )
    assert list(data)[: len(CONTRACT)] == list(CONTRACT)
    assert data["ruleset"] == "mcr" and data["hands"] == 6
    assert data["wins"] + data["draws"] + data["errors"] <= 6
    assert set(data["points_by_bot"]) == {"scorer", "efficient"}
    assert all(isinstance(v, int) for v in data["fans"].values())
    assert data["errors"] == 0


def test_json_is_the_same_whatever_workers() -> None:
    args = ("--ruleset", "mcr", "--hands", "10", "--seed", "8", "--bots", "efficient,random")
    one = json.loads(_cli(*args, "--json"))
    two = json.loads(_cli(*args, "--json", "--workers", "2"))
    for d in (one, two):
        d.pop("hands_per_second")
        d.pop("workers")
    assert one == two


def test_records_file_replays(tmp_path: Path) -> None:
    path = tmp_path / "hands.jsonl"
    _cli("--ruleset", "bp-club", "--hands", "2", "--duplicate", "--records", str(path))
    lines = path.read_text().splitlines()
    assert len(lines) == 8
    for line in lines:
        assert verify(HandRecord.from_json(json.loads(line))) == []


def test_text_summary_names_each_bot() -> None:
    out = _cli("--ruleset", "taiwanese-lrc", "--hands", "3", "--bots", "defender,random")
    assert "defender" in out and "random" in out and "hands per second" in out


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None, reason="no matplotlib")
def test_plot_is_drawn(tmp_path: Path) -> None:
    path = tmp_path / "fans.png"
    _cli("--hands", "4", "--plot", str(path))
    assert path.read_bytes()[:4] == b"\x89PNG"


def test_watch_prints_each_hand_and_each_win_breakdown() -> None:
    for name in COMMAND_MODULES:
        if importlib.util.find_spec(f"mahjongkit.cli.{name}") is not None:
            importlib.import_module(f"mahjongkit.cli.{name}")
    result = CliRunner().invoke(app, ["watch", "--seed", "7", "--max-hands", "2"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].startswith("mcr, seed 7")
    assert lines[1].startswith("hand  1 E1")
    # Each win line names its total; the breakdown line under it adds up to it.
    wins = [(n, line) for n, line in enumerate(lines) if " wins " in line]
    assert wins
    for n, line in wins:
        total = int(line.split(" wins ")[1].split()[0])
        items = [item.rsplit(" ", 1) for item in lines[n + 1].strip().split(", ")]
        assert sum(int(points) for _, points in items) == total, lines[n : n + 2]
        assert lines[n + 2].strip().startswith("money ")
    assert lines[-1].startswith("final scores:")


def test_the_fast_path_plays_as_with_observations() -> None:
    """Random bots asked with their legal actions alone (`choose`) make the same hands as
    when asked with full observations (`act`)."""
    import random

    from mahjongkit.bots import BOTS
    from mahjongkit.bots.base import Bot
    from mahjongkit.game.runner import play_hand
    from mahjongkit.game.state import HandState

    class Observing:
        """A bot seen only through `act`, so the loop builds its observations."""

        def __init__(self, bot: Bot) -> None:
            self.bot, self.name = bot, bot.name

        def act(self, observation: Any, decision: Any) -> Any:
            return self.bot.act(observation, decision)

    for seed in range(5):
        histories = []
        for wrap in (False, True):
            state = HandState.new("taiwanese-lrc", random.Random(seed))
            names = ["random", "efficient", "random", "random"]
            bots = [BOTS[n]() for n in names]
            play_hand(state, [Observing(b) if wrap else b for b in bots])
            histories.append(state.history)
        assert histories[0] == histories[1]
