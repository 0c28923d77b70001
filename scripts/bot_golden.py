"""Record or check the actions the bots choose in seeded hands (the bots' golden set).

``record`` plays seeded hands of each ruleset with four bots of one tier and writes, for
every decision a bot was asked, a digest of what it saw and the action it chose, one line
per hand, into ``tests/data/bot-golden.txt``. ``check`` plays the same hands with the
bots of the current code and reports each hand whose first differing decision shows a
changed choice (same digest, other action) or a changed position (the engine dealt or
showed something else: not the bots' doing; record again once that change is meant).
A hand stops at its first difference: after it the hands part ways.

The test ``tests/bots/test_golden.py`` checks the first hands of the file (and, marked
slow, all of them), so a change meant to make the bots faster proves it keeps their
choices.

Run: ``python scripts/bot_golden.py record [hands]`` (default 40 per ruleset and tier),
``python scripts/bot_golden.py check [hands]``.
"""

from __future__ import annotations

import hashlib
import random
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from mahjongkit.bots import BOTS, Bot
from mahjongkit.game.actions import Action
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "data" / "bot-golden.txt"
RULESETS = ("mcr", "taiwanese-lrc", "botzone")
TIERS = ("efficient", "scorer", "defender")
FIRST_SEED = 22000
"""Hand ``n`` of every ruleset and tier is dealt from ``FIRST_SEED + n``."""


def digest(obs: Observation) -> str:
    """Eight hex digits naming what a bot sees when asked: its seat, the phase, its hand,
    the table (melds, discards, flowers, wall) and its legal actions."""
    seen = (
        obs.seat,
        obs.phase,
        obs.concealed,
        obs.melds,
        obs.discards,
        obs.flowers,
        obs.ting,
        obs.wall_live,
        obs.claim_tile,
        obs.claim_giver,
        obs.legal_actions,
    )
    return hashlib.blake2b(repr(seen).encode(), digest_size=4).hexdigest()


class Hand(NamedTuple):
    """One recorded hand: its ruleset, tier, number and decisions (digest, action index)."""

    ruleset: str
    tier: str
    number: int
    decisions: tuple[tuple[str, int], ...]

    def line(self) -> str:
        moves = " ".join(f"{d}:{a}" for d, a in self.decisions)
        return f"{self.ruleset} {self.tier} {self.number} {moves}"

    @classmethod
    def parse(cls, line: str) -> Hand:
        ruleset, tier, number, *moves = line.split()
        pairs = tuple((d, int(a)) for d, a in (m.split(":") for m in moves))
        return cls(ruleset, tier, int(number), pairs)


class _Recorder:
    """A seat's bot, its decisions written down (or compared with ``expected``)."""

    def __init__(self, bot: Bot, log: list[tuple[str, int]]) -> None:
        self.bot, self.log = bot, log

    def act(self, obs: Observation, decision: Decision) -> Action:
        action = self.bot.act(obs, decision)
        self.log.append((digest(obs), action.to_index()))
        return action


def play(ruleset: str, tier: str, number: int) -> Hand:
    """Play hand ``number`` with four fresh bots of ``tier``, every decision written down."""
    log: list[tuple[str, int]] = []
    bots = [_Recorder(BOTS[tier](), log) for _ in range(4)]
    seed = FIRST_SEED + number
    play_hand(HandState.new(ruleset, random.Random(seed)), bots, seed)
    return Hand(ruleset, tier, number, tuple(log))


def load(hands: int | None = None) -> Iterator[Hand]:
    """The recorded hands, the first ``hands`` of each ruleset and tier (all if None)."""
    for line in GOLDEN.read_text().splitlines():
        if line and not line.startswith("#"):
            hand = Hand.parse(line)
            if hands is None or hand.number < hands:
                yield hand


def difference(recorded: Hand) -> str | None:
    """None if the current bots choose as recorded; else the first difference, named."""
    now = play(recorded.ruleset, recorded.tier, recorded.number)
    where = f"{recorded.ruleset} {recorded.tier} hand {recorded.number}"
    for i, (was, then) in enumerate(zip(recorded.decisions, now.decisions, strict=False)):
        if was[0] != then[0]:
            return f"{where}, decision {i}: the position changed (not the bots' choice)"
        if was[1] != then[1]:
            chosen, recorded_action = Action.from_index(then[1]), Action.from_index(was[1])
            return f"{where}, decision {i}: chose {chosen}, recorded {recorded_action}"
    if len(recorded.decisions) != len(now.decisions):
        return f"{where}: {len(now.decisions)} decisions, recorded {len(recorded.decisions)}"
    return None


def record(hands: int) -> None:
    lines = ["# ruleset tier hand then each decision as digest:action index (bot_golden.py)"]
    for ruleset in RULESETS:
        for tier in TIERS:
            played = [play(ruleset, tier, n) for n in range(hands)]
            lines.extend(h.line() for h in played)
            count = sum(len(h.decisions) for h in played)
            print(f"{ruleset} {tier}: {count} decisions", flush=True)
    GOLDEN.write_text("\n".join(lines) + "\n")


def check(hands: int | None) -> int:
    bad = 0
    for hand in load(hands):
        found = difference(hand)
        if found:
            bad += 1
            print(found, flush=True)
    print(f"{bad} hands differ")
    return bad


if __name__ == "__main__":
    count = int(sys.argv[2]) if len(sys.argv) > 2 else None
    if sys.argv[1] == "record":
        record(count or 40)
    else:
        sys.exit(1 if check(count) else 0)
