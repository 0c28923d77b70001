"""Duplicate seatings: each wall turned round the four seats, or played in all 24
seatings of the line-up (the IJCAI competitions' duplicate), resumable like any run."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from mahjongkit.sim.records import RecordsFile, read_run
from mahjongkit.sim.run import RunSettings, play_run
from mahjongkit.sim.selfplay import job_at


@pytest.mark.parametrize("seatings", [4, 24])
def test_each_wall_is_played_in_every_seating(seatings: int) -> None:
    jobs = [job_at(i, True, seatings) for i in range(2 * seatings)]
    assert [j.wall for j in jobs] == [0] * seatings + [1] * seatings
    tables = [j.entrants() for j in jobs[:seatings]]
    assert len(set(tables)) == seatings and all(sorted(t) == [0, 1, 2, 3] for t in tables)
    # Each line-up position sits in each seat equally often.
    assert set(Counter((seat, e) for t in tables for seat, e in enumerate(t)).values()) == {
        seatings // 4
    }


def test_the_seatings_are_part_of_the_settings() -> None:
    settings = RunSettings("botzone", ("random",) * 4, 1, 2, True, 24).checked()
    assert settings.total == 48
    assert RunSettings.from_json(settings.to_json()) == settings
    assert "seatings" not in RunSettings("mcr", ("random",) * 4, duplicate=True).to_json()
    with pytest.raises(ValueError, match="seatings are 4 or 24, not 6"):
        RunSettings("mcr", ("random",) * 4, seatings=6).checked()


def test_a_run_of_24_seatings_resumes_as_it_would_have_gone(tmp_path: Path) -> None:
    settings = RunSettings("botzone", ("random", "efficient") * 2, 3, 1, True, 24).checked()
    path = tmp_path / "run.jsonl"
    with RecordsFile.create(path, settings) as writer:
        whole = play_run(settings, keep_records=True, keep_outcomes=True, on_hand=writer.add)
    assert whole.complete and whole.stats.hands == 24
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:10]))
    resumed = read_run(path)
    assert resumed.settings == settings
    with RecordsFile.resume(resumed) as writer:
        again = play_run(
            settings,
            keep_records=True,
            keep_outcomes=True,
            recorded=resumed.recorded(),
            todo=resumed.todo(),
            on_hand=writer.add,
        )
    assert [o.entrant for o in again.outcomes] == [o.entrant for o in whole.outcomes]
    assert again.stats == whole.stats
    assert path.read_text().splitlines(keepends=True) == lines


def test_the_ijcai_duplicate_plays_its_walls_in_each_prevalent_wind() -> None:
    # The IJCAI 2020 rules PDF ("简介"): a match is four walls, East, South, West and North
    # the prevalent wind in turn, each wall in all 24 seatings; the 4 turns keep East.
    from mahjongkit.game.record import HandRecord
    from mahjongkit.tiles import EAST

    def winds(seatings: int) -> list[int]:
        settings = RunSettings("botzone", ("random",) * 4, 5, 5, True, seatings).checked()
        run = play_run(settings, keep_records=True, keep_outcomes=True)
        return [
            HandRecord.from_json(json.loads(o.record)).prevalent_wind - EAST for o in run.outcomes
        ]

    assert winds(24) == [w % 4 for w in range(5) for _ in range(24)]
    assert set(winds(4)) == {0}
