"""The searcher: the defender, weighing a few candidates by sampling where it matters."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import DefenderBot
from mahjongkit.bots.hand_view import HandView, least_discards
from mahjongkit.bots.lookahead import Estimate, Evaluation
from mahjongkit.bots.searcher import MARGIN, SAMPLES, SURE, SearcherBot, lead_in_stderrs, merged
from mahjongkit.game.actions import TINGS, Action, ActionKind
from mahjongkit.game.match_state import MatchState
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.game.record import record_of, verify
from mahjongkit.game.runner import play, play_hand
from mahjongkit.game.sampling import SeatKnowledge
from mahjongkit.game.state import HandState

RULESETS = ("mcr", "botzone", "taiwanese-lrc", "taiwanese-dxb")


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_searcher_plays_whole_hands_legally(ruleset: str) -> None:
    """Against three defenders, a hand per ruleset: every action legal, the record
    replays, and it weighed some decisions by sampling, not every one."""
    searcher = SearcherBot(samples=2, weighs="both")
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


class Scripted(SearcherBot):
    """The searcher, its samples' points given batch by batch (the rule that judges them
    is the one under test, not the play-outs)."""

    def __init__(self, *batches: tuple[tuple[int, ...], ...]) -> None:
        super().__init__()
        self.batches = list(batches)
        self.asked = 0

    def sampled(
        self,
        known: SeatKnowledge,
        candidates: Sequence[Action],
        seed: int | str,
        ready_chances: Sequence[float] = (),
    ) -> Evaluation:
        points = self.batches[self.asked]
        self.asked += 1
        return Evaluation(tuple(Estimate(a, p) for a, p in zip(candidates, points, strict=False)))


class Finder(SearcherBot):
    """The defender, noting its first turn the searcher would weigh."""

    def __init__(self) -> None:
        super().__init__()
        self.found: tuple[Observation, Decision, Action] | None = None

    def second_look(self, observation: Observation, decision: Decision, choice: Action) -> Action:
        if self.found is None and len(self.candidates(observation, choice)) >= 2:
            self.found = (observation, decision, choice)
        return choice


def first_weighed_turn(ruleset: str) -> tuple[Observation, Decision, Action]:
    finder = Finder()
    state = MatchState(ruleset, seed=5, max_hands=1)
    play(state, [finder, DefenderBot(), DefenderBot(), DefenderBot()])
    assert finder.found is not None
    return finder.found


@pytest.fixture(scope="module")
def weighed_turn() -> tuple[Observation, Decision, Action]:
    return first_weighed_turn("mcr")


ZERO = (0,) * SAMPLES
NOISE = (6, 7, -6, -5, 4, 5, -4, -7, 5, 6, -5, -6)
"""A rival no better than the defender's choice, its samples spread wide."""
SLIGHT = tuple(p + 1 for p in NOISE)
"""A rival a point better, within the noise."""
CLEAR = (9, 7, 8, 10, 9, 8, 7, 9, 10, 8, 9, 7)
"""A rival better on every sample."""


def test_the_judged_leads() -> None:
    """The premises of the cases below, in standard errors of the lead."""
    choice, rival = Action.from_index(0), Action.from_index(1)

    def two(mine: tuple[int, ...], theirs: tuple[int, ...]) -> Evaluation:
        return Evaluation((Estimate(choice, mine), Estimate(rival, theirs)))

    first = two(ZERO, SLIGHT)
    assert 0 < lead_in_stderrs(first, choice) <= SURE
    assert lead_in_stderrs(merged(first, first), choice) <= MARGIN
    assert lead_in_stderrs(two(ZERO, CLEAR), choice) > SURE
    assert lead_in_stderrs(two(CLEAR, ZERO), choice) == 0


@pytest.mark.parametrize(
    ("batches", "switches", "asked"),
    [
        # the defender's choice is the samples' best: kept, no second batch
        ([(CLEAR, ZERO)], False, 1),
        # a rival a point better within the noise, twice over: kept after a second batch
        ([(ZERO, SLIGHT), (ZERO, SLIGHT)], False, 2),
        # a rival better on every sample: taken at once
        ([(ZERO, CLEAR)], True, 1),
        # a rival within the noise at first, clearly better on the second batch: taken
        ([(ZERO, SLIGHT), (ZERO, CLEAR)], True, 2),
    ],
)
def test_it_leaves_the_defender_only_on_a_clear_lead(
    weighed_turn: tuple[Observation, Decision, Action],
    batches: list[tuple[tuple[int, ...], ...]],
    switches: bool,
    asked: int,
) -> None:
    observation, decision, choice = weighed_turn
    searcher = Scripted(*batches)
    rival = searcher.candidates(observation, choice)[1]
    action = searcher.second_look(observation, decision, choice)
    assert action == (rival if switches else choice)
    assert searcher.asked == asked
    assert searcher.changed == int(switches)


def test_at_a_centre_table_it_remembers_the_discard_it_made() -> None:
    """The defender's reading of a centre table places its own discard of each round: after
    a switch that is the searcher's discard, not the defender's choice."""
    observation, decision, choice = first_weighed_turn("taiwanese-lrc")
    assert observation.centre
    searcher = Scripted((ZERO, CLEAR))
    rival = searcher.candidates(observation, choice)[1]
    assert searcher.act(observation, decision) == rival
    assert searcher._mine == rival.tile


class Weighing(SearcherBot):
    """The searcher, noting at each turn it weighed whether an opponent looked ready and
    the least shanten a discard left, and the defender's choice and the candidates."""

    def __init__(self, **options: Any) -> None:
        super().__init__(samples=2, **options)
        self.weighed: list[bool] = []
        self.least: list[int] = []
        self.weighings: list[tuple[Action, tuple[Action, ...], tuple[Action, ...]]] = []

    def candidates(self, observation: Observation, choice: Action) -> tuple[Action, ...]:
        found = super().candidates(observation, choice)
        if found:
            view = HandView(observation)
            forms = self.forms(observation.ruleset)
            self.weighed.append(self.threatened(view))
            self.least.append(least_discards(view.counts, view.melds, view.unseen, forms)[0])
            self.weighings.append((choice, found, tuple(observation.legal_actions)))
        return found


def test_it_weighs_the_turns_its_ruleset_calls_for() -> None:
    """Under threat in MCR; in Taiwanese the turns where a discard makes the hand ready,
    calm or not (`WEIGHS`); ``weighs="both"`` weighs both threat states, one step from
    ready too."""
    found: dict[tuple[str, str | None], Weighing] = {}
    for ruleset in ("mcr", "taiwanese-lrc"):
        for weighs in (None, "both"):
            bot = found[ruleset, weighs] = Weighing(weighs=weighs)
            state = MatchState(ruleset, seed=5, max_hands=2)
            play(state, [bot, DefenderBot(), DefenderBot(), DefenderBot()])
    assert set(found["mcr", None].weighed) == {True}
    assert found["taiwanese-lrc", None].weighed
    assert set(found["taiwanese-lrc", None].least) == {0}
    for ruleset in ("mcr", "taiwanese-lrc"):
        assert set(found[ruleset, "both"].weighed) == {True, False}
    assert 1 in found["taiwanese-lrc", "both"].least


def test_the_other_waits_are_weighed_called_as_the_choice_is() -> None:
    """When the defender's choice discards and calls Ting, every other candidate that
    makes the hand ready calls it too: a plain discard beside it would give up the call's
    5 points (seed 004, line 337) and lose the weighing before it starts. (Under a Ting
    the safest tiles are weighed too, breaking the hand: those stay plain discards.)"""
    searcher = Weighing()
    for seed in range(3):
        state = MatchState("taiwanese-lrc", seed=seed, max_hands=4)
        play(state, [searcher, DefenderBot(), DefenderBot(), DefenderBot()])
    called = [
        [a for a in candidates if TINGS[a.tile] in legal]
        for choice, candidates, legal in searcher.weighings
        if choice.kind is ActionKind.TING
    ]
    assert any(len(waits) > 1 for waits in called)
    for waits in called:
        assert all(a.kind is ActionKind.TING for a in waits), waits
