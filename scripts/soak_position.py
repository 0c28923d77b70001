"""Soak test of the one-seat position against the engine, in every ruleset.

Bots play hands; beside the engine, each seat keeps a `Position` built only from what it
saw (its events, others' tiles hidden) and its own actions. After every action, for all
four seats, the position must list the same legal actions as the engine (as sets), and
for every seat asked to decide, the same score for a win on the tile in play (the whole
`Score`: total, items, hand and situation), whether or not it qualifies; when the hand
is won, each winner's score in the result must be the one its position gave. Its own
tiles and the wall's counts are checked against the seat's observation too.

Tables: ``random`` (uniform bots), ``efficient`` (the efficient bot: more claims, kongs
and wins), ``mixed`` (efficient bots and eager ones, which take every win, kong and claim
they are offered, and now and then declare a win they do not have or claim a meld they
cannot make, so false wins and invalid claims are met too).

    .venv/bin/python scripts/soak_position.py --hands 2000 [--ruleset mcr ...] [--table random ...]

Prints one JSON line per ruleset and table: hands, decisions and seat-steps compared,
win scores compared by circumstance, and the mismatches (0 expected) with samples; exits
1 on any mismatch or error.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import PASS, PUNG, WIN, Action, ActionKind
from mahjongkit.game.events import EventKind
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import Observation
from mahjongkit.game.position import Position
from mahjongkit.game.state import HandState, Phase
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score
from mahjongkit.tiles import EAST

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]
TABLES = ["random", "efficient", "mixed"]

Chooser = Callable[[HandState, int, Observation], Action]

_EAGER = (ActionKind.WIN, ActionKind.KONG, ActionKind.CONCEALED_KONG, ActionKind.PROMOTED_KONG)
_CLAIMS = (ActionKind.PUNG, ActionKind.CHOW)


def eager(rng: random.Random, slip: float) -> Chooser:
    """A player that takes every win and kong it is offered, most claims, and otherwise
    plays at random; with chance ``slip`` it declares a win it was not offered or claims a
    pung it cannot make."""

    def choose(state: HandState, seat: int, obs: Observation) -> Action:
        legal = obs.legal_actions
        if rng.random() < slip:
            return rng.choice([WIN, PUNG]) if state.phase is Phase.CLAIM else WIN
        for kind in _EAGER:
            for a in legal:
                if a.kind is kind:
                    return a
        claims = [a for a in legal if a.kind in _CLAIMS]
        if claims and rng.random() < 0.8:
            return rng.choice(claims)
        return rng.choice(legal)

    return choose


def bot(name: str, seed: int) -> Chooser:
    """A bot of the registry as a chooser, asked each decision of the hand of ``seed``."""
    player = BOTS[name]()
    return lambda state, seat, obs: player.act(obs, hand_decision(state, seat, seed))


def players(table: str, seed: int, rng: random.Random) -> list[Chooser]:
    """The four players of a table in the hand of ``seed`` (the eager ones draw their
    chances from ``rng``)."""
    if table in ("random", "efficient"):
        return [bot(table, seed) for _ in range(4)]
    return [
        bot("efficient", seed) if seat % 2 else eager(random.Random(rng.getrandbits(32)), 0.01)
        for seat in range(4)
    ]


def engine_score(state: HandState, seat: int) -> Score | None:
    """The engine's score of ``seat`` winning on the tile in play now (the engine's own
    reckoning, `HandState._win_score`, which its result's scores come from)."""
    w = state.window
    if state.phase is Phase.TURN:
        return state._win_score(seat, state.last_tile, True, False)
    assert w is not None
    return state._win_score(seat, w.tile, False, state.phase is Phase.ROB, w.giver)


def situation_tags(sc: Score) -> list[str]:
    """The circumstances a compared win exercised."""
    s = sc.situation
    tags = ["self_drawn" if s.self_drawn else "robbing" if s.robbing_kong else "discard"]
    for name in (
        "kong_replacement",
        "flower_replacement",
        "last_wall_tile",
        "last_of_kind",
        "ting",
        "heavenly",
        "earthly",
    ):
        if getattr(s, name):
            tags.append(name)
    if s.flower_count:
        tags.append("flowers")
    if not sc.qualifies:
        tags.append("below_minimum")
    return tags


def play_one(
    rules: Ruleset, table: str, seed: int, stats: Counter[str], mismatches: list[dict[str, Any]]
) -> None:
    """Play one hand, comparing every seat's position with the engine at every step."""
    rng = random.Random(seed)
    prevalent = EAST + seed % 4
    streak = seed % 3
    state = HandState.new(rules, rng, prevalent, streak)
    choosers = players(table, seed, rng)
    positions = [Position(rules, s, prevalent, streak) for s in range(4)]
    for s, p in enumerate(positions):
        p.see_all(e.seen_by(s) for e in state.events)
    offered: dict[int, Score] = {}
    step = 0

    def differ(what: str, seat: int, **detail: Any) -> None:
        if len(mismatches) < 20:
            mismatches.append(
                {"seed": seed, "table": table, "step": step, "seat": seat, "what": what, **detail}
            )
        stats["mismatches"] += 1

    while not state.ended:
        for s in range(4):
            mine, theirs = positions[s].legal_actions(), state.legal_actions(s)
            stats["seat_steps"] += 1
            if set(mine) != set(theirs):
                differ("legal", s, position=[str(a) for a in mine], engine=[str(a) for a in theirs])
        seat = state.to_act()[0]
        stats["decisions"] += 1
        obs = state.observation(seat)
        p = positions[seat]
        if p.concealed != obs.concealed or max(p.wall.live, 0) != obs.wall_live:
            differ("tiles or wall", seat)
        if p.wall.parts_left != obs.wall_parts or (obs.pond and tuple(p.pond) != obs.pond):
            differ("wall parts or pond", seat)
        # Every seat asked could declare a win on the tile in play: the same score (or
        # no winning hand) both ways, whether or not it reaches the minimum.
        for q in positions:
            if q.claim_tile >= 0 and q.missed >> q.claim_tile & 1:
                stats["missed_tile_rule_applied"] += 1  # a passed tile thrown again
        mine_score, theirs_score = p.win_score(), engine_score(state, seat)
        if mine_score != theirs_score:
            differ(
                "score",
                seat,
                position=str(mine_score and mine_score.items),
                engine=str(theirs_score and theirs_score.items),
            )
        elif mine_score is not None:
            stats["scores_compared"] += 1
            stats.update(f"win:{tag}" for tag in situation_tags(mine_score))
            if WIN in obs.legal_actions:
                offered[seat] = mine_score
        action = choosers[seat](state, seat, obs)
        p.act(action)
        try:
            events = state.apply(seat, action)
        except IllegalActionError:
            stats["refused"] += 1  # a slip the table refuses: nothing happened
            action = PASS if PASS in obs.legal_actions else obs.legal_actions[0]
            p.act(action)
            events = state.apply(seat, action)
        step += 1
        for s, q in enumerate(positions):
            q.see_all(e.seen_by(s) for e in events)
        for e in events:
            if e.kind in (EventKind.FALSE_WIN, EventKind.INVALID_CLAIM):
                stats[e.kind.value] += 1
    result = state.result
    assert result is not None
    stats[f"result:{result.kind}"] += 1
    for s, q in enumerate(positions):
        if not q.ended or q.legal_actions():
            differ("not ended", s)
    for s, sc in zip(result.winners, result.scores, strict=True):
        if offered.get(s) != sc:
            differ("result score", s)
        else:
            stats["result_scores_compared"] += 1


def soak(name: str, table: str, hands: int, first_seed: int = 0) -> dict[str, Any]:
    """Play ``hands`` hands of a ruleset at a table; the summary of what was compared."""
    rules = get_ruleset(name)
    stats: Counter[str] = Counter()
    mismatches: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + hands):
        try:
            play_one(rules, table, seed, stats, mismatches)
        except Exception as err:  # a soak reports every failure and carries on
            errors.append(
                {
                    "seed": seed,
                    "error": f"{type(err).__name__}: {err}",
                    "where": traceback.format_exc(limit=-3).splitlines()[-3:],
                }
            )
    elapsed = time.perf_counter() - start
    return {
        "ruleset": name,
        "table": table,
        "hands": hands,
        "decisions": stats.pop("decisions", 0),
        "seat_steps": stats.pop("seat_steps", 0),
        "scores_compared": stats.pop("scores_compared", 0),
        "result_scores_compared": stats.pop("result_scores_compared", 0),
        "mismatches": stats.pop("mismatches", 0),
        "errors": len(errors),
        "counts": dict(sorted(stats.items())),
        "mismatch_samples": mismatches[:5],
        "error_samples": errors[:5],
        "seconds": round(elapsed, 1),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000, help="per ruleset and table")
    parser.add_argument("--ruleset", action="append", help="repeat for several (default: all)")
    parser.add_argument("--table", action="append", choices=TABLES, help="default: all")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args()
    failed = False
    for name in args.ruleset or RULESETS:
        for table in args.table or TABLES:
            summary = soak(name, table, args.hands, args.first_seed)
            print(json.dumps(summary), flush=True)
            failed |= bool(summary["mismatches"] or summary["errors"])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
