"""The dataset: the defender's decisions, made with the project's own commands, and a
split of them by hand.

``mahjongkit simulate --bots defender --records FILE.jsonl`` plays the hands (four
defenders, so every decision is the defender's), ``mahjongkit dataset FILE.jsonl --out
FILE.npz`` turns them into one row per decision (docs/env.md; called here through its
Python function, `make_dataset`). The split is by hand, not
by decision: the decisions of a hand are alike (the same tiles, seen from four seats, a
turn apart), so a hand's decisions go all to training or all to the held-out set.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.env.dataset import read_records
from mahjongkit.env.dataset_files import make_dataset, read_dataset

_CLI = "import sys; from mahjongkit.cli import main; sys.exit(main())"
"""The ``mahjongkit`` command, run by this Python (so with the package it imports)."""


def mahjongkit(*args: str) -> None:
    """Run ``mahjongkit ARGS...`` (printed first), failing loudly if it fails."""
    print("$ mahjongkit " + " ".join(args), flush=True)
    subprocess.run([sys.executable, "-c", _CLI, *args], check=True, stdout=subprocess.DEVNULL)


def make(
    folder: Path,
    *,
    hands: int,
    seed: int,
    workers: int,
    ruleset: str = "mcr",
    bot: str = "defender",
) -> Path:
    """Play ``hands`` hands of four ``bot``s and write their decisions as a dataset in
    ``folder``; return its path. A dataset already there for the same settings is kept."""
    folder.mkdir(parents=True, exist_ok=True)
    stem = f"{bot}-{ruleset}-{hands}-seed{seed}"
    records, out = folder / f"{stem}.jsonl", folder / f"{stem}.npz"
    if out.exists():
        print(f"(reusing {out})")
        return out
    mahjongkit(
        "simulate",
        "--ruleset",
        ruleset,
        "--bots",
        bot,
        "--hands",
        str(hands),
        "--seed",
        str(seed),
        "--workers",
        str(workers),
        "--records",
        str(records),
        "--overwrite",
    )
    # `mahjongkit dataset RECORDS --out FILE` does this; called here from Python, where
    # NumPy is already loaded.
    print(f"$ mahjongkit dataset {records} --out {out}", flush=True)
    print(f"{out}: {make_dataset(out, read_records(str(records)), warn=print)}", flush=True)
    return out


@dataclass(frozen=True)
class Decisions:
    """Rows of a dataset: the planes (``int8``, rows x planes x 34), the masks (rows x
    actions), the actions taken, and the hand each row belongs to."""

    planes: npt.NDArray[np.int8]
    mask: npt.NDArray[np.int8]
    action: npt.NDArray[np.int64]
    hand: npt.NDArray[np.int64]
    metadata: dict[str, Any]

    def __len__(self) -> int:
        return len(self.action)

    def take(self, rows: npt.NDArray[np.bool_]) -> Decisions:
        """The rows selected."""
        return Decisions(
            self.planes[rows], self.mask[rows], self.action[rows], self.hand[rows], self.metadata
        )


def load(path: Path, bot: str = "defender") -> Decisions:
    """The rows of ``bot``'s decisions in a dataset file (`.npz` or `.parquet`), each with
    its hand numbered 0, 1, ... in the order the hands come."""
    columns = read_dataset(path)
    meta = json.loads(str(columns["metadata"]))
    mine = columns["bot"] == bot
    if not mine.any():
        raise ValueError(f"{path} has no decision of the {bot!r} bot")
    # A hand is a record (a line of a record file, a stored game) and its hand number.
    keys = np.char.add(np.char.add(columns["record"].astype(str), "#"), columns["hand"].astype(str))
    _, first, hand = np.unique(keys, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))  # the hands numbered in file order
    rows = Decisions(
        columns["planes"],
        columns["mask"],
        columns["action"].astype(np.int64),
        order[hand].astype(np.int64),
        meta,
    )
    return rows if mine.all() else rows.take(mine)


def split_by_hand(data: Decisions, held_out: float, seed: int) -> tuple[Decisions, Decisions]:
    """Training and held-out rows: a fraction ``held_out`` of the hands (at least one),
    drawn with ``seed``, holds all its decisions out."""
    hands = np.unique(data.hand)
    if len(hands) < 2:
        raise ValueError("the split by hand needs at least two hands")
    count = min(len(hands) - 1, max(1, round(held_out * len(hands))))
    out = np.random.default_rng(seed).choice(hands, size=count, replace=False)
    rows = np.isin(data.hand, out)
    return data.take(~rows), data.take(rows)


__all__ = ["Decisions", "load", "mahjongkit", "make", "split_by_hand"]
