"""Deterministic, resumable players (issue 16, deliver 4): a match stored after any
decision and resumed in a new process, with bots made anew there, ends exactly as the
match played without a stop, for every bot tier in every ruleset.

The bots draw their chances from each decision (`Decision.key`: the match's seed, the
hand, the player, the decision's number), not from a generator that runs through the
match, and the defender rebuilds what it remembers of the hand from the player's earlier
decisions (`Decision.history`)."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from itertools import takewhile
from pathlib import Path
from typing import Any

import pytest

import mahjongkit
from mahjongkit.bots import BOTS
from mahjongkit.game.actions import PASS, WIN
from mahjongkit.game.match_state import (
    AUTOMATIC,
    MatchPhase,
    MatchState,
    automatic_action,
    past_decisions,
)
from mahjongkit.game.players import Bot, Decision, decision_key
from mahjongkit.game.runner import play
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import Wall

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]
TIERS = ["random", "efficient", "scorer", "defender"]
HANDS = 2
"""Short matches keep the whole grid to a few seconds."""

FINISH = """
import json, sys
from mahjongkit.bots import BOTS
from mahjongkit.game.actions import PASS, WIN
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.runner import play

out = []
for tier, saved in json.load(sys.stdin):
    state = MatchState.load(saved)
    play(state, [BOTS[tier]() for _ in range(4)])
    out.append(json.dumps(state.record((tier,) * 4).to_json(), sort_keys=True))
json.dump(out, sys.stdout)
"""
"""Run in a new process: load each stored match, finish it with new bots, print the
records."""


def decide(state: MatchState, bots: list[Bot]) -> None:
    """One decision of the player asked first, or the state's own step between hands."""
    question = state.asked()
    if question is not None:
        player = question[0]
        state.apply(player, bots[player].act(state.observation(player), state.decision(player)))
    elif state.phase is MatchPhase.DEAL:
        state.deal()
    else:
        state.next_hand()


def uninterrupted(ruleset: str, tier: str, seed: int) -> tuple[str, dict[str, Any], int]:
    """The match played to its end, its record, and the match stored after a decision
    chosen at random (through JSON, as a store keeps it), with how many came before."""
    state = MatchState(ruleset, seed, max_hands=HANDS)
    bots = [BOTS[tier]() for _ in range(4)]
    stored = []
    while not state.over:
        asked = state.phase is MatchPhase.PLAY
        decide(state, bots)
        if asked:
            stored.append(json.dumps(state.save()))
    stop = random.Random(f"{ruleset}/{tier}").randrange(len(stored))
    record = json.dumps(state.record((tier,) * 4).to_json(), sort_keys=True)
    return record, json.loads(stored[stop]), stop


def finish_elsewhere(cases: list[tuple[str, dict[str, Any]]]) -> list[str]:
    """Each stored match finished by a new Python process with new bots."""
    package = Path(mahjongkit.__file__).resolve().parent.parent
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(package), os.environ.get("PYTHONPATH", "")]),
    }
    done = subprocess.run(
        [sys.executable, "-c", FINISH],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
        check=True,
    )
    records: list[str] = json.loads(done.stdout)
    return records


def test_every_tier_in_every_ruleset_resumes_in_a_new_process_as_if_never_stopped() -> None:
    expected, cases, stops = [], [], []
    for ruleset in RULESETS:
        for tier in TIERS:
            record, saved, stop = uninterrupted(ruleset, tier, seed=len(stops) + 11)
            expected.append(record)
            cases.append((tier, saved))
            stops.append((ruleset, tier, stop))
    resumed = finish_elsewhere(cases)
    assert len(resumed) == len(expected)
    for where, mine, theirs in zip(stops, expected, resumed, strict=True):
        assert theirs == mine, f"{where}: the resumed match parted from the uninterrupted one"


def test_a_defender_resumed_mid_hand_rebuilds_a_memory_that_decides() -> None:
    """The grid above would pass with a defender that forgot: here a stop is chosen where
    the resumed defender's history is not empty, and a defender given no history plays
    the match on differently somewhere (its memory of safe tiles decides discards)."""
    ruleset, parted = "taiwanese-lrc", 0
    for seed in range(6):
        state = MatchState(ruleset, seed, max_hands=1)
        bots = [BOTS["defender"]() for _ in range(4)]
        played = []
        while not state.over:
            question = state.asked()
            if question is not None and len(state.hand.history) > 40:
                played.append(state.save())
            decide(state, bots)
        if not played:
            continue
        record = state.record().to_json()
        saved = played[len(played) // 2]
        resumed = MatchState.load(saved)
        player = resumed.to_act()[0]
        assert resumed.decision(player).history(), "a stop after the player's own decisions"
        play(resumed, [BOTS["defender"]() for _ in range(4)])
        assert resumed.record().to_json() == record
        forgetful = MatchState.load(saved)
        play(forgetful, [Forgetful() for _ in range(4)])
        parted += forgetful.record().to_json() != record
    assert parted, "a defender without its memory played every hand the same"


class Forgetful:
    """A defender that is never given its history: what it remembers starts at the
    resumption."""

    name = "defender"

    def __init__(self) -> None:
        self.bot = BOTS["defender"]()

    def act(self, observation: Any, decision: Decision) -> Any:
        return self.bot.act(observation, decision._replace(history=lambda: ()))


def test_a_decision_is_named_the_same_by_every_driver() -> None:
    """`MatchState.decision` and `MatchState.key_of` give `decision_key` of the match's
    seed, the hand, the player and the hand's actions so far; the history holds the
    player's decisions, not those the match took for it."""
    state = MatchState("taiwanese-lrc", 9, max_hands=2)
    bots = [BOTS["random"]() for _ in range(4)]
    seen = 0
    while not state.over:
        question = state.asked()
        if question is not None:
            player = question[0]
            d = state.decision(player)
            number = len(state.hand.history)
            assert d[:4] == (9, state.hand_number - 1, player, number)
            assert d.key == state.key_of(player) == decision_key(9, d.hand, player, number)
            if seen % 37 == 0:
                mine = iter(a for s, a in state.hand.history if s == state.seat_of(player))
                for observation, action in d.history():
                    skipped = list(takewhile(lambda a, b=action: a is not b, mine))
                    assert all(a is PASS or a is WIN for a in skipped)  # the match's own
                    assert action in observation.legal_actions
            seen += 1
        decide(state, bots)
    with pytest.raises(Exception, match="asked nothing"):
        state.decision(0)


@pytest.mark.parametrize("ruleset", ["taiwanese-lrc", "mcr"])
def test_a_history_replays_the_hand_only_as_far_as_the_seats_last_action(ruleset: str) -> None:
    """`past_decisions` stops replaying at the seat's last action, and replays nothing
    for a seat that has taken none: the same decisions as the whole hand replayed."""

    def replayed(hand: HandState, seat: int, number: int) -> list[Any]:
        wall = hand.wall
        again = HandState(
            hand.ruleset,
            Wall(wall.rules, wall.tiles, wall.dice),
            hand.prevalent_wind,
            hand.dealer_streak,
        )
        out = []
        for s, action in hand.history[:number]:
            if s == seat and automatic_action(again, s, AUTOMATIC) is None:
                out.append((again.observation(s), action))
            again.apply(s, action)
        return out

    hand = HandState.new(ruleset, random.Random(11))
    bot = BOTS["efficient"]()
    while not hand.ended:
        number = len(hand.history)
        if number % 7 == 0 or number < 6:
            for seat in range(4):
                assert list(past_decisions(hand, seat, number)) == replayed(hand, seat, number)
        seat = hand.to_act()[0]
        hand.apply(seat, bot.act(hand.observation(seat), Decision.of(0, 0, seat, number)))
