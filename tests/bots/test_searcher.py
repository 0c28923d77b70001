"""The searcher: the defender, weighing a few candidates by sampling where it matters."""

from __future__ import annotations

import random
from typing import Any

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.searcher import SearcherBot
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.record import record_of, verify
from mahjongkit.game.runner import play, play_hand
from mahjongkit.game.state import HandState

RULESETS = ("mcr", "botzone", "taiwanese-lrc", "taiwanese-dxb")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_searcher_plays_whole_hands_legally(ruleset: str) -> None:
    """Against three defenders, a hand per ruleset: every action legal, the record
    replays, and it weighed some decisions by sampling, not every one."""
    searcher = SearcherBot(samples=2)
    state = HandState.new(ruleset, random.Random(3))
    result = play_hand(state, [searcher, DefenderBot(), DefenderBot(), DefenderBot()], seed=3)
    assert result.kind in ("win", "draw")
    assert verify(record_of(state, seed=3)) == []
    own = sum(1 for seat, _ in state.history if seat == 0)
    assert 0 < searcher.searched < own


def test_the_same_decisions_get_the_same_choices() -> None:
    """Its samples are drawn from each decision's key: a match played again is the same."""
    records = []
    for _ in range(2):
        state = MatchState("mcr", seed=11, max_hands=1)
        play(state, [SearcherBot(samples=2), DefenderBot(), DefenderBot(), DefenderBot()])
        records.append(state.record().to_json())
    assert records[0] == records[1]


class Blind:
    """The searcher asked without the seat's knowledge (a driver that cannot give it)."""

    name = "searcher"

    def __init__(self) -> None:
        self.bot = SearcherBot(samples=2)

    def act(self, observation: Observation, decision: Decision) -> Action:
        return self.bot.act(observation, decision._replace(knowledge=None))


def test_without_the_seat_s_knowledge_it_plays_as_the_defender() -> None:
    """Where the driver gives no `Decision.knowledge`, the searcher is the defender."""
    records: list[Any] = []
    for first in (Blind(), DefenderBot()):
        state = MatchState("mcr", seed=12, max_hands=1)
        play(state, [first, DefenderBot(), DefenderBot(), DefenderBot()])
        records.append(state.record().to_json()["hands"])
    assert records[0] == records[1]


def test_the_registry_builds_it() -> None:
    assert BOTS["searcher"]().name == "searcher"
