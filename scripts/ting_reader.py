"""How well can a called hand's waits be read from the table? A reading learned from play.

Under Taiwanese rules a ready hand is called aloud (Ting) and its waits stay hidden; the
discards lie in the centre, so what a player knows of a called hand is what it saw that
seat throw, in order, the tile it called on, its melds and the tiles still unseen. This
script plays matches of four defenders and, at every turn of a seat facing a called
hand, notes for each tile the seat could still fear from it (unseen to the seat and not
yet passed by the called hand, `DefenderBot.is_safe`) what the table shows (`features`)
and whether the tile completes the called hand. It fits a logistic reading on the
``--train`` matches and reports on the ``--test`` matches how well three readings tell
the waits: the base rate alone, the defender's own (`danger`, read as a chance at
`CHANCE_UNITS` units to one) and the fitted one (Brier score, log loss, AUC).

With ``--duel FIRST-LAST``, the defender pricing its discards under a Ting by the fitted
reading (`ReadingDefender`) plays a duplicate match against three defenders on each
seed's ``--walls`` walls (`bench_strength.measure`, as `make bench` reports strength),
and a last line weighs the seeds' sets alike; ``--shipped`` skips the fit and duels the
reading the searcher plays (`mahjongkit.bots.ting_reading.WEIGHTS`).

Needs numpy (the ``rl`` extra).

    PYTHONPATH=src python scripts/ting_reader.py --train 200-349 --test 100-149 --duel 5-18
    PYTHONPATH=src python scripts/ting_reader.py --shipped --duel 2051-2090
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from pathlib import Path
from typing import Any

import numpy as np

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import DefenderBot, danger
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.searcher import SearcherBot
from mahjongkit.bots.ting_reading import (
    CHANCE_UNITS,
    FEATURES,
    WEIGHTS,
    features,
    thrown_in_order,
)
from mahjongkit.completion import regular_waits
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play
from mahjongkit.tiles import NUM_KINDS


class Noting(DefenderBot):
    """A defender noting, at each of its turns facing a called hand, a row per tile."""

    def __init__(self, match: MatchState, rows: list[tuple[int, float, list[float]]]) -> None:
        super().__init__()
        self.match, self.rows = match, rows

    def act(self, observation: Observation, decision: Decision) -> Action:
        action = super().act(observation, decision)
        hand = self.match.hand
        if observation.phase != "turn" or len(observation.legal_actions) < 2 or hand is None:
            return action
        view = HandView(observation)
        for seat in range(4):
            if seat == observation.seat or not observation.ting[seat]:
                continue
            thrown, ting = thrown_in_order(hand.events, seat)
            waits = regular_waits(hand.concealed[seat], sum(hand.concealed[seat]) // 3)
            known = self.thrown(observation, seat)
            for tile in range(NUM_KINDS):
                if view.unseen[tile] and not self.is_safe(seat, tile):
                    row = features(view.unseen, thrown, ting, observation.melds[seat], tile)
                    read = danger(view, seat, tile, known) / CHANCE_UNITS
                    self.rows.append((waits >> tile & 1, read, row))
        return action


def collect(ruleset: str, seeds: range) -> tuple[Any, Any, Any]:
    """Labels, the defender's readings and the feature rows of ``seeds``' matches."""
    rows: list[tuple[int, float, list[float]]] = []
    for seed in seeds:
        match = MatchState(ruleset, seed=seed)
        play(match, [Noting(match, rows) for _ in range(4)])
    labels = np.array([r[0] for r in rows], dtype=float)
    return labels, np.array([r[1] for r in rows]), np.array([r[2] for r in rows])


def fit(labels: Any, rows: Any, ridge: float = 1e-3) -> Any:
    """Logistic weights (the intercept first) by Newton's method."""
    x = np.hstack([np.ones((len(rows), 1)), rows])
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - labels) + ridge * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge * np.eye(len(w))
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return w


def scores(labels: Any, chances: Any) -> dict[str, float]:
    """Brier score, log loss and AUC of ``chances`` against ``labels``."""
    p = np.clip(chances, 1e-6, 1 - 1e-6)
    order = np.argsort(chances, kind="stable")
    ranks = np.empty(len(order))
    ranks[order] = np.arange(1, len(order) + 1)
    hits = labels == 1
    n_hit, n_miss = hits.sum(), (~hits).sum()
    auc = (ranks[hits].sum() - n_hit * (n_hit + 1) / 2) / (n_hit * n_miss)
    return {
        "brier": round(float(np.mean((chances - labels) ** 2)), 5),
        "log_loss": round(float(-np.mean(labels * np.log(p) + (1 - labels) * np.log(1 - p))), 4),
        "auc": round(float(auc), 3),
    }


class ReadingDefender(SearcherBot):
    """The defender pricing its discards under a Ting by the fitted reading (`WEIGHTS`):
    the searcher's pricing (`SearcherBot.discard_penalty`) without its look ahead."""

    name = "reading-defender"
    WEIGHTS: tuple[float, ...] = ()

    def __init__(self) -> None:
        super().__init__(weights=self.WEIGHTS)

    def second_look(self, observation: Observation, decision: Decision, choice: Action) -> Action:
        return choice


def _seeds(text: str) -> range:
    first, _, last = text.partition("-")
    return range(int(first), int(last or first) + 1)


def pooled(diffs: list[list[float]]) -> list[float]:
    """Sets of walls of one size weighed alike: the mean of their means and its 95%
    interval, from each set's ``[mean, low, high]``.

    >>> pooled([[1.0, 0.0, 2.0], [0.0, -1.0, 1.0]])
    [0.5, -0.207, 1.207]
    """
    mean = sum(d[0] for d in diffs) / len(diffs)
    half = 1.96 * math.sqrt(sum(((d[2] - d[1]) / 3.92) ** 2 for d in diffs)) / len(diffs)
    return [round(mean, 3), round(mean - half, 3), round(mean + half, 3)]


def duel(ruleset: str, weights: tuple[float, ...], seeds: range, walls: int, workers: int) -> None:
    """The defender with the reading of ``weights`` against three defenders on each
    seed's walls, a line a seed and one for them all."""
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
    from bench_strength import measure

    ReadingDefender.WEIGHTS = weights
    BOTS[ReadingDefender.name] = ReadingDefender  # the workers are forked: they see it
    diffs = []
    for seed in seeds:
        result = measure(ruleset, ReadingDefender.name, "defender", walls, workers, None, seed)
        diffs.append(result["diff"])
        print(json.dumps({"seed": seed, "hands": result["hands"], "diff": result["diff"]}))
    print(json.dumps({"seeds": len(diffs), "diff": pooled(diffs)}))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="taiwanese-lrc")
    parser.add_argument("--train", default="200-349", help="training matches' seeds")
    parser.add_argument("--test", default="100-149", help="held-out matches' seeds")
    parser.add_argument("--duel", default="", help="duplicate matches' seeds, FIRST-LAST")
    parser.add_argument(
        "--shipped", action="store_true", help="no fit: duel the reading the searcher plays"
    )
    parser.add_argument("--walls", type=int, default=450)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    if args.shipped:
        weights = tuple(WEIGHTS)
    else:
        weights = tuple(report(args.ruleset, _seeds(args.train), _seeds(args.test)))
    if args.duel:
        duel(args.ruleset, weights, _seeds(args.duel), args.walls, args.workers)


def report(ruleset: str, train: range, test: range) -> list[float]:
    """Fits the reading on the ``train`` matches, prints how well it and the others read
    the ``test`` matches, and gives its weights."""
    labels, _, rows = collect(ruleset, train)
    weights = fit(labels, rows)
    test_labels, defender, test_rows = collect(ruleset, test)
    fitted = 1 / (1 + np.exp(-(weights[0] + test_rows @ weights[1:])))
    found: dict[str, Any] = {
        "ruleset": ruleset,
        "train_rows": len(labels),
        "test_rows": len(test_labels),
        "base_rate": round(float(labels.mean()), 4),
        "base": scores(test_labels, np.full(len(test_labels), labels.mean())),
        "defender": scores(test_labels, np.clip(defender, 0, 1)),
        "fitted": scores(test_labels, fitted),
        "weights": dict(zip(("intercept", *FEATURES), np.round(weights, 3).tolist(), strict=True)),
    }
    print(json.dumps(found), flush=True)
    return [float(w) for w in weights]


if __name__ == "__main__":
    main()
