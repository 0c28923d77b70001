"""Record or check the actions the bots choose on a fixed set of observations.

``record`` plays seeded hands (four bots of one tier per ruleset) and stores every
observation a bot was asked about with the action it chose; ``check`` asks the bots of
the current code again and counts the observations where the action differs. The
observations are stored, not regenerated, so a change to the engine elsewhere does not
change what is checked.

Run: ``python scripts/bot_golden.py record FILE [hands]`` then
``python scripts/bot_golden.py check FILE [tier ...]``.
"""

from __future__ import annotations

import pickle
import random
import sys
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.sim.selfplay import hand_seed, make_bots

RULESETS = ("mcr", "taiwanese-lrc")
TIERS = ("efficient", "scorer", "defender")


class _Recorder:
    def __init__(self, bot: Any, log: list[tuple[Any, ...]], wall: int) -> None:
        self.bot, self.log, self.wall = bot, log, wall

    def act(self, obs: Observation, decision: Decision) -> Any:
        action = self.bot.act(obs, decision)
        self.log.append((obs, action, self.wall))
        return action


def record(path: str, hands: int) -> None:
    data: dict[tuple[str, str], list[tuple[Any, ...]]] = {}
    for ruleset in RULESETS:
        for tier in TIERS:
            log: list[tuple[Any, ...]] = []
            for wall in range(hands):
                seed = hand_seed(7, wall)
                made = make_bots((tier,) * 4)
                bots = [_Recorder(b, log, wall) for b in made]
                play_hand(HandState.new(ruleset, random.Random(seed)), bots, seed)
            data[(ruleset, tier)] = log
            print(f"{ruleset} {tier}: {len(log)} decisions", flush=True)
    with open(path, "wb") as f:
        pickle.dump(data, f)


def check(path: str, tiers: tuple[str, ...] = TIERS) -> int:
    with open(path, "rb") as f:
        data = pickle.load(f)
    bad = 0
    for (ruleset, tier), log in data.items():
        if tier not in tiers:
            continue
        # A bot may remember earlier decisions of its hand: one fresh bot per hand and
        # seat, asked each decision as the next of that hand.
        bots: dict[tuple[int, int], Any] = {}
        diff = []
        for asked, (obs, was, *wall) in enumerate(log):
            key = (wall[0] if wall else -1, obs.seat)
            if key not in bots:
                bots[key] = BOTS[tier]()
            now = bots[key].act(obs, Decision.of(7, key[0], key[1], asked))
            if now != was:
                diff.append((obs, was, now))
        bad += len(diff)
        print(f"{ruleset} {tier}: {len(log)} decisions, {len(diff)} differ", flush=True)
        for o, a, b in diff[:3]:
            print(f"   seat {o.seat} {o.phase} was {a} now {b}")
    return bad


if __name__ == "__main__":
    if sys.argv[1] == "record":
        record(sys.argv[2], int(sys.argv[3]) if len(sys.argv) > 3 else 200)
    else:
        sys.exit(1 if check(sys.argv[2], tuple(sys.argv[3:]) or TIERS) else 0)
