"""The behaviour-cloning example (examples/behaviour_cloning) runs end to end at a tiny
size: the dataset made with the project's commands, a policy trained on it, its agreement
measured on held-out hands and its duplicate match played through the environment. Only
where PyTorch is installed (the ``examples`` extra)."""

from __future__ import annotations

import json
from dataclasses import asdict
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("torch")

from examples.behaviour_cloning import __main__ as example
from examples.behaviour_cloning import data, evaluate, model

from mahjongkit.env import NUM_PLANES


@pytest.fixture(scope="module")
def tiny(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[str, Any]]:
    """The example's arguments at a tiny size, and its report."""
    folder = tmp_path_factory.mktemp("bc")
    argv = ["--hands", "4", "--epochs", "1", "--walls", "1", "--workers", "1"]
    argv += ["--folder", str(folder)]
    return argv, example.run(example.arguments(argv))


def test_the_example_runs_end_to_end(tiny: tuple[list[str], dict[str, Any]]) -> None:
    argv, report = tiny
    folder = Path(argv[-1])
    assert report == json.loads((folder / "result.json").read_text(encoding="utf-8"))
    assert report["data"]["planes"] == [NUM_PLANES, 34]
    assert report["data"]["hands"] == 4
    assert report["agreement"]["decisions"] == report["data"]["held_out_decisions"] > 0
    assert 0.0 <= report["agreement"]["overall"] <= 1.0
    for name in ("cloned", "defender"):
        result = report["duplicate"][name]
        assert result["walls"] == 1
        assert result["diff"][1] <= result["diff"][0] <= result["diff"][2]
    # The policy saved is the one measured.
    policy = model.load(str(folder / "policy.pt"))
    rows = data.load(next(folder.glob("*.npz")))
    _, held = data.split_by_hand(rows, 0.2, seed=1)
    assert asdict(evaluate.agreement(policy, held)) == report["agreement"]


def test_a_rerun_gives_the_same_figures(tiny: tuple[list[str], dict[str, Any]]) -> None:
    argv, report = tiny
    again = example.run(example.arguments([*argv, "--no-defender"]))
    assert again["agreement"] == report["agreement"]
    assert again["duplicate"]["cloned"] == {
        **report["duplicate"]["cloned"],
        "seconds": again["duplicate"]["cloned"]["seconds"],
    }


def test_the_split_keeps_each_hand_on_one_side(tiny: tuple[list[str], dict[str, Any]]) -> None:
    rows = data.load(next(Path(tiny[0][-1]).glob("*.npz")))
    assert sorted(set(rows.hand.tolist())) == [0, 1, 2, 3]
    training, held = data.split_by_hand(rows, 0.5, seed=3)
    assert len(training) + len(held) == len(rows)
    assert not set(training.hand.tolist()) & set(held.hand.tolist())
    assert len(set(held.hand.tolist())) == 2
