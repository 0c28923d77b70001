"""Behaviour cloning of the defender, end to end (README.md):

    python -m examples.behaviour_cloning --hands 1000 --epochs 8 --walls 250

makes the dataset, trains the policy, measures its agreement on held-out hands and plays
it, then the defender, in duplicate against three ``efficient`` bots.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import time
from dataclasses import asdict
from pathlib import Path
from typing import Any

import torch

import mahjongkit.env
from mahjongkit.env import ENCODING_VERSION

from . import data, evaluate, model, train


def arguments(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m examples.behaviour_cloning", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument(
        "--hands", type=int, default=1000, help="hands of four defenders to learn from"
    )
    parser.add_argument(
        "--held-out", type=float, default=0.2, help="fraction of the hands held out"
    )
    parser.add_argument("--epochs", type=int, default=8, help="passes over the training rows")
    parser.add_argument("--batch", type=int, default=256, help="rows per training step")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--channels", type=int, default=64, help="convolution channels")
    parser.add_argument("--hidden", type=int, default=256, help="hidden units before the logits")
    parser.add_argument("--walls", type=int, default=250, help="duplicate walls (4 hands each)")
    parser.add_argument(
        "--seed", type=int, default=1, help="seeds the hands, split, training, walls"
    )
    parser.add_argument("--workers", type=int, default=2, help="processes simulating the hands")
    parser.add_argument(
        "--threads", type=int, default=1, help="PyTorch's threads (fixed: same figures)"
    )
    parser.add_argument("--ruleset", default="mcr", help="the ruleset played")
    parser.add_argument("--folder", type=Path, default=Path("bc-run"), help="where files go")
    parser.add_argument(
        "--no-defender", action="store_true", help="skip the defender's duplicate match"
    )
    return parser.parse_args(argv)


def commit() -> str:
    """The repository's commit (with ``+`` when files differ from it), if any."""
    try:
        head = subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
        dirty = subprocess.run(
            ["git", "status", "--porcelain", "--untracked-files=no"],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + ("+" if dirty else "")


def run(args: argparse.Namespace) -> dict[str, Any]:
    """The whole example; returns (and writes to FOLDER/result.json) its figures."""
    torch.set_num_threads(args.threads)
    began = time.perf_counter()
    report: dict[str, Any] = {"settings": {k: str(v) for k, v in vars(args).items()}}
    report["commit"], report["python"], report["torch"] = (
        commit(),
        platform.python_version(),
        torch.__version__,
    )

    print("== data", flush=True)
    step = time.perf_counter()
    path = data.make(
        args.folder, hands=args.hands, seed=args.seed, workers=args.workers, ruleset=args.ruleset
    )
    rows = data.load(path)
    # The encoding the environment builds now is the one the dataset holds.
    space = mahjongkit.env.MahjongSingle(args.ruleset).observation_space["observation"].shape
    if (
        rows.metadata["encoding_version"] != ENCODING_VERSION
        or tuple(rows.planes.shape[1:]) != space
    ):
        raise SystemExit(
            f"{path} holds encoding version {rows.metadata['encoding_version']}, planes"
            f" {rows.planes.shape[1:]}; the environment builds version {ENCODING_VERSION},"
            f" {space}: delete it and run again"
        )
    training, held = data.split_by_hand(rows, args.held_out, args.seed)
    report["data"] = {
        "hands": len(set(rows.hand.tolist())),
        "decisions": len(rows),
        "training_decisions": len(training),
        "held_out_decisions": len(held),
        "encoding_version": ENCODING_VERSION,
        "planes": list(space),
        "seconds": round(time.perf_counter() - step, 1),
    }
    print(f"{len(rows)} decisions; {len(training)} to train on, {len(held)} held out", flush=True)

    print("== train", flush=True)
    step = time.perf_counter()
    policy = train.fit(
        training,
        epochs=args.epochs,
        seed=args.seed,
        batch=args.batch,
        lr=args.lr,
        channels=args.channels,
        hidden=args.hidden,
    )
    model.save(policy, str(args.folder / "policy.pt"), encoding_version=ENCODING_VERSION)
    report["train"] = {
        "parameters": sum(p.numel() for p in policy.parameters()),
        "seconds": round(time.perf_counter() - step, 1),
    }

    print("== evaluate", flush=True)
    agree = evaluate.agreement(policy, held)
    report["agreement"] = asdict(agree)
    print(
        f"top-1 agreement with the defender on {agree.decisions} held-out decisions:"
        f" {agree.overall:.1%} (own turn {agree.on_turn:.1%} of {agree.turns},"
        f" answering {agree.on_answer:.1%} of {agree.answers})",
        flush=True,
    )
    seats: list[tuple[str, evaluate.Seat]] = [("cloned", evaluate.Cloned(policy))]
    if not args.no_defender:
        seats.append(("defender", evaluate.BotSeat("defender")))
    report["duplicate"] = {}
    for name, seat in seats:
        result = evaluate.duplicate(seat, walls=args.walls, seed=args.seed, ruleset=args.ruleset)
        report["duplicate"][name] = asdict(result)
        mean, low, high = result.diff
        print(
            f"{name} vs 3 efficient, {result.walls} walls x 4 seats: {mean:+.2f} points per hand"
            f" [{low:+.2f}, {high:+.2f}] over the others; wins {result.win_rate:.1%} of its"
            f" hands, {result.points_per_hand:+.2f} points per hand"
            f" ({result.redealt} deals redealt, {result.seconds:.0f} s)",
            flush=True,
        )
    report["seconds"] = round(time.perf_counter() - began, 1)
    # This process's CPU time (the simulation's processes are not in it).
    report["cpu_seconds"] = round(time.process_time(), 1)
    text = json.dumps(report, indent=2)
    (args.folder / "result.json").write_text(text + "\n", encoding="utf-8")
    print(f"total {report['seconds']:.0f} s; figures in {args.folder / 'result.json'}")
    return dict(json.loads(text))


def main(argv: list[str] | None = None) -> None:
    run(arguments(argv))


if __name__ == "__main__":
    main()
