"""Are the searcher's changes to the defender's choices good? A check far cheaper than a match.

Plays ``--hands`` hands of a match, one `SearcherBot` (seat 0) against three defenders, and
notes every decision it weighed where the samples' best candidate differs from the
defender's choice, whether it switched or kept the defender's choice. Each such decision
is then weighed again on ``--check`` fresh samples (another seed), the two actions only,
played out by ``--check-bot`` bots (default the defenders, the searcher's real table), and
the gain of the samples' best over the defender's choice measured. Prints one JSON line:
per group (``switched``: the searcher took the samples' best; ``kept``: it did not, the
lead under its margin), the decisions, the mean gain a decision with its standard error,
and the gain a hand (the sum over the group's decisions by the hands played), so a
margin can be judged: a group whose gain is below zero should not switch.

    PYTHONPATH=src python scripts/searcher_switches.py --ruleset mcr --hands 20 --seed 5
"""

from __future__ import annotations

import argparse
import json
import math
import time
from typing import Any

from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.lookahead import evaluate
from mahjongkit.bots.searcher import MARGIN, SAMPLES, SearcherBot
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play
from mahjongkit.game.sampling import SeatKnowledge


class Noting(SearcherBot):
    """The searcher, noting the decisions where the samples' best was not the defender's."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.noted_decisions: list[tuple[SeatKnowledge, Action, Action, bool, float, str]] = []

    def second_look(self, observation: Observation, decision: Decision, choice: Action) -> Action:
        searched = self.searched
        action = super().second_look(observation, decision, choice)
        best = self.last_best
        if self.searched > searched and best is not None and best != choice:
            assert decision.knowledge is not None
            kind = observation.phase
            self.noted_decisions.append(
                (decision.knowledge(), choice, best, action != choice, self.last_ratio, kind)
            )
        return action


def _summary(gains: list[float], hands: int) -> dict[str, Any]:
    n = len(gains)
    mean = sum(gains) / n if n else 0.0
    var = sum((g - mean) ** 2 for g in gains) / (n - 1) if n > 1 else 0.0
    return {
        "decisions": n,
        "gain": round(mean, 3),
        "stderr": round(math.sqrt(var / n), 3) if n else 0.0,
        "gain_per_hand": round(sum(gains) / hands, 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ruleset", default="mcr")
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--margin", type=float, default=MARGIN)
    parser.add_argument("--players", default=None)
    parser.add_argument("--itself", default=None)
    parser.add_argument("--claims", action="store_true")
    parser.add_argument("--weighs", choices=("threatened", "calm", "both"), default=None)
    parser.add_argument("--played", choices=("yes", "no"), default=None)
    parser.add_argument("--check-played", action="store_true")
    parser.add_argument("--check", type=int, default=40)
    parser.add_argument("--check-bot", default="defender")
    args = parser.parse_args()
    options: dict[str, Any] = {
        "samples": args.samples,
        "margin": args.margin,
        "claims": args.claims,
    }
    if args.players:
        options["players"] = args.players
    if args.itself:
        options["itself"] = args.itself
    if args.weighs:
        options["weighs"] = args.weighs
    if args.played:
        options["played"] = args.played == "yes"
    searcher = Noting(**options)
    start = time.perf_counter()
    state = MatchState(args.ruleset, seed=args.seed, max_hands=args.hands)
    play(state, [searcher, DefenderBot(), DefenderBot(), DefenderBot()])
    played = time.perf_counter() - start
    hands = len(state.record().hands)
    groups: dict[str, list[float]] = {"switched": [], "kept": []}
    by_kind: dict[str, list[float]] = {}
    by_ratio: dict[str, list[float]] = {}
    for n, (known, choice, best, switched, ratio, kind) in enumerate(searcher.noted_decisions):
        try:
            check = evaluate(
                known.position,
                samples=args.check,
                seed=f"check {args.seed} {n}",
                bot=args.check_bot,
                candidates=(choice, best),
                drawn_discards=known.drawn_discards,
                dice=known.dice,
                played=args.check_played,
            )
        except MahjongError:
            continue
        gain = check.of(best).mean - check.of(choice).mean
        groups["switched" if switched else "kept"].append(gain)
        if switched:
            by_kind.setdefault(kind, []).append(gain)
        band = "<1" if ratio < 1 else "1-2" if ratio < 2 else "2-3" if ratio < 3 else ">=3"
        by_ratio.setdefault(band, []).append(gain)
    print(
        json.dumps(
            {
                "ruleset": args.ruleset,
                "seed": args.seed,
                "hands": hands,
                "samples": args.samples,
                "margin": args.margin,
                "players": searcher.players,
                "itself": searcher.itself,
                "claims": searcher.claims,
                "weighs": searcher.weighs,
                "played": searcher.played,
                "check_played": args.check_played,
                "check": args.check,
                "check_bot": args.check_bot,
                "searched_per_hand": round(searcher.searched / hands, 2),
                "play_seconds_per_hand": round(played / hands, 2),
                "seconds": round(time.perf_counter() - start),
                **{g: _summary(v, hands) for g, v in groups.items()},
                "switched_by_phase": {k: _summary(v, hands) for k, v in by_kind.items()},
                "by_lead_in_stderrs": {k: _summary(v, hands) for k, v in sorted(by_ratio.items())},
            }
        )
    )


if __name__ == "__main__":
    main()
