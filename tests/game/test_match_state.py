"""MatchState: a whole match stepped one decision at a time; the drivers that loop over it
give the same games; observations and event streams for players and spectators; strict
inputs; store, load and replay."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.cli.game import make_bots as cli_bots
from mahjongkit.cli.game import play_one
from mahjongkit.errors import IllegalActionError, InvalidInputError, InvalidNotationError
from mahjongkit.game.actions import DISCARDS, PASS, WIN
from mahjongkit.game.events import EventKind
from mahjongkit.game.match import Match, verify
from mahjongkit.game.match_state import (
    MANUAL,
    SPECTATOR,
    Automations,
    MatchPhase,
    MatchState,
    automatic_action,
)
from mahjongkit.game.players import Bot, RandomBot
from mahjongkit.game.record import record_of
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import Wall
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.sim import hand_seed, play_job
from mahjongkit.sim.selfplay import HandJob, make_bots
from mahjongkit.tiles import EAST

from .conftest import label, need_scorer, with_discards
from .test_random_hands import redistributed

RULESETS = ["mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb"]
PRIVATE = (EventKind.DEAL, EventKind.DRAW, EventKind.CONCEALED_KONG)


def step_loop(state: MatchState, bots: list[Bot]) -> None:
    """The loop written out by hand, one decision at a time, as docs/game.md shows it."""
    while not state.over:
        if state.phase is MatchPhase.DEAL:
            state.deal()
        elif state.phase is MatchPhase.HAND_OVER:
            state.next_hand()
        else:
            player = state.to_act()[0]
            ask(state, bots, player)


def ask(state: MatchState, bots: list[Bot], player: int) -> None:
    """``player``'s bot decides, and the state takes its action."""
    state.apply(player, bots[player].act(state.observation(player), state.decision(player)))


# -- the same games through every driver --------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_match_play_and_a_step_loop_give_the_same_match(ruleset: str) -> None:
    names = ["scorer", "efficient", "defender", "random"]
    factories = [BOTS[n] for n in names]
    played = Match(ruleset, seed=5, bots=factories, max_hands=3).play()
    bots = [BOTS[n]() for n in names]
    state = MatchState(ruleset, 5, max_hands=3)  # draws the seating
    by_position = [bots[e] for e in state.seating]
    step_loop(state, by_position)
    stepped = state.record(tuple(b.name for b in by_position))
    assert stepped.to_json() == played.to_json()
    assert verify(stepped.to_json()) == []


@pytest.mark.parametrize("ruleset", RULESETS)
def test_simulate_and_a_step_loop_give_the_same_hands(ruleset: str) -> None:
    lineup = ("defender", "random", "efficient", "scorer")
    for job in (HandJob(0, 0, 0), HandJob(5, 1, 3)):
        out = play_job(ruleset, lineup, 17, job, keep_record=True)
        seed = hand_seed(17, job.wall)
        bots = make_bots(lineup)
        state = MatchState(ruleset, seed, seating=(0, 1, 2, 3), max_hands=1, automations=MANUAL)
        state.deal(seed)
        step_loop(state, [bots[(s - job.rotation) % 4] for s in range(4)])
        assert state.hands[0].record.dumps() == out.record
        assert state.ended_by == "hand count"


def test_the_hand_command_and_a_step_loop_give_the_same_hand() -> None:
    for ruleset in ("mcr", "taiwanese-lrc"):
        played = play_one(ruleset, 3, "efficient,random", "S")
        hand = HandState.new(get_ruleset(ruleset), random.Random(3), EAST + 1)
        state = MatchState.for_hand(hand, seed=3)
        step_loop(state, cli_bots("efficient,random"))
        assert record_of(hand, seed=3) == record_of(played, seed=3)


# -- stepping -----------------------------------------------------------------------------
def test_manual_steps_deal_settle_and_move_on_when_asked() -> None:
    state = MatchState("taiwanese-lrc", 2, automations=MANUAL, max_hands=2)
    assert state.phase is MatchPhase.DEAL and state.to_act() == ()
    with pytest.raises(IllegalActionError, match="still to be dealt"):
        state.apply(0, "pass")
    with pytest.raises(IllegalActionError, match="no hand to move on from"):
        state.next_hand()
    events = state.deal()
    assert events and all(
        e.kind in (EventKind.DEAL, EventKind.FLOWER, EventKind.DRAW) for e in events
    )
    assert state.phase is MatchPhase.PLAY and state.to_act() == (state.player_at(0),)
    with pytest.raises(IllegalActionError, match="no hand to deal"):
        state.deal()
    bots = [RandomBot() for _ in range(4)]
    while state.phase is MatchPhase.PLAY:
        p = state.to_act()[0]
        ask(state, bots, p)
    assert state.phase is MatchPhase.HAND_OVER and state.last_money is not None
    assert len(state.hands) == 1
    assert sum(state.scores) + state.pot.total == 4 * state.table.starting_points
    state.next_hand()
    assert state.phase is MatchPhase.DEAL and state.hand_number == 1
    state.deal()
    while state.phase is MatchPhase.PLAY:
        p = state.to_act()[0]
        ask(state, bots, p)
    state.next_hand()
    assert state.over and state.ended_by == "hand count" and state.to_act() == ()


def test_players_are_table_positions_and_seats_turn_with_the_deal() -> None:
    """000 l.24: the deal passes after every MCR hand, so player 1 is East in hand 2."""
    state = MatchState("mcr", 8, max_hands=3, automations=Automations(next_hand=False))
    assert [state.seat_of(p) for p in range(4)] == [0, 1, 2, 3]
    bots = [RandomBot() for _ in range(4)]
    while state.phase is MatchPhase.PLAY:
        p = state.to_act()[0]
        # The hand asks seats; the state answers with the player sitting there.
        assert state.observation(p).seat == state.seat_of(p)
        ask(state, bots, p)
    state.next_hand()
    assert state.hand_deal.dealer == 1 and state.seat_of(1) == 0 and state.player_at(0) == 1
    assert state.to_act() == (1,)  # the dealer, player 1, holds the fourteenth tile
    assert state.observation(1).seat == 0


def _seven_flowers(rules: Ruleset) -> Wall:
    flowers = parse_tiles("1f2f3f4f5f6f7f")
    tiles = parse_tiles("1m2m3m4m5m6m7m8m9m1p") if rules.play.hand_size == 16 else []
    return Wall.arranged(rules, [[*flowers, *(tiles or parse_tiles("1m2m3m4m5m6m7m"))]])


def test_the_instant_flower_win_is_taken_by_the_state_004_l384() -> None:
    """004 l.384 "Draw the 7th Flower and instantly win": with the automation the state
    declares it for the dealer at the deal; without, the win waits among the dealer's
    legal actions."""
    rules = need_scorer("taiwanese-lrc")
    state = MatchState(rules, automations=Automations(deal=False, next_hand=False))
    state.deal(wall=_seven_flowers(rules))
    assert state.phase is MatchPhase.HAND_OVER
    assert state.hand.history == [(0, WIN)] and state.last_money is not None
    assert state.last_money.winners == (0,)
    manual = MatchState(rules, automations=MANUAL)
    manual.deal(wall=_seven_flowers(rules))
    assert manual.phase is MatchPhase.PLAY and WIN in manual.legal_actions(0)
    assert automatic_action(manual.hand, 0) is WIN


def test_mcr_has_no_instant_flower_win() -> None:
    """The flower win is Taiwanese (004 l.210-211); MCR's rules of play have no
    ``flower_win``, so nothing is declared for a player there (seven flowers are points
    in MCR, 002 l.209)."""
    rules = need_scorer("mcr")
    state = MatchState(rules, automations=Automations(deal=False))
    state.deal(wall=_seven_flowers(rules))
    assert state.phase is MatchPhase.PLAY and state.hand.history == []


def test_a_seat_that_may_only_pass_is_passed_for() -> None:
    """A seat that has forfeited its win (001 l.43, l.52) and is left only the pass is
    answered by the state; the pass is the seat's action in the record."""
    rules = need_scorer("mcr")
    for seed in range(200):
        state = MatchState(rules, seed, automations=Automations(forced_passes=False))
        bots = [RandomBot() for _ in range(4)]
        while state.phase is MatchPhase.PLAY and state.hand.phase.value != "claim":
            p = state.to_act()[0]
            ask(state, bots, p)
        if state.phase is MatchPhase.PLAY and len(state.to_act()) >= 2:
            break
    else:
        pytest.fail("no claim window with two seats asked")
    hand = state.hand
    first, second = state.to_act()[:2]
    window = hand.window
    assert window is not None
    window.options[state.seat_of(second)] = (PASS,)  # as a forfeit leaves it
    hand.forfeited[state.seat_of(second)] = True
    hand._legal = {}
    before = len(hand.history)
    state.automations = Automations()
    state.apply(first, PASS)
    assert hand.history[before:] == [(state.seat_of(first), PASS), (state.seat_of(second), PASS)]


# -- verify, can, strict inputs ---------------------------------------------------------
def _state() -> MatchState:
    return MatchState("mcr", 4)


def test_verify_gives_the_engine_reason_and_changes_nothing() -> None:
    state = _state()
    dealer = state.to_act()[0]
    other = (dealer + 1) % 4
    before = (list(state.hand.history), len(state.hand.events))
    with pytest.raises(IllegalActionError, match="turn"):
        state.verify(other, "discard 5m")
    assert not state.can(other, "discard 5m")
    legal = state.legal_actions(dealer)
    assert state.verify(dealer, str(legal[0])) is legal[0]
    assert state.can(dealer, legal[0])
    with pytest.raises(IllegalActionError, match="answers a discard"):
        state.verify(dealer, "pung")
    assert (list(state.hand.history), len(state.hand.events)) == before


def test_verify_takes_a_false_win_the_rules_settle_001_l43() -> None:
    """A win declared without a winning hand is no error: the rules make it an event
    (MCR: the declarer may not win this hand, 000 l.98, 001 l.43), so a table must be able
    to send it."""
    state = _state()
    dealer = state.to_act()[0]
    if WIN in state.legal_actions(dealer):
        pytest.skip("the dealer holds a win")
    assert state.can(dealer, "win")
    events = state.apply(dealer, "win")
    assert [e.kind for e in events] == [EventKind.FALSE_WIN]
    assert state.observation(dealer).forfeited[0]


BAD_SEATS: list[Any] = [0.0, 1.5, True, None, "0", object(), -1, 4]


def seat_id(seat: Any) -> str:
    """A test id that is the same in every process (an object's repr carries its address)."""
    return "object()" if type(seat) is object else repr(seat)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=seat_id)
def test_a_hand_refuses_a_seat_that_is_not_an_int_0_to_3_before_anything_changes(
    seat: Any,
) -> None:
    """Regression: a float seat was taken as seat 0 and entered the history before the
    engine failed."""
    state = HandState.new("mcr", random.Random(1))
    action = state.legal_actions(0)[0]
    with pytest.raises(IllegalActionError):
        state.apply(seat, action)
    with pytest.raises(IllegalActionError):
        state.verify(seat, action)
    assert state.history == [] and state.to_act() == (0,)
    if not isinstance(seat, int) or isinstance(seat, bool):
        with pytest.raises(InvalidInputError):
            state.apply(seat, action)
        with pytest.raises(TypeError):
            state.can(seat, action)


@pytest.mark.parametrize("seat", BAD_SEATS, ids=seat_id)
def test_a_match_refuses_a_player_that_is_not_an_int_0_to_3(seat: Any) -> None:
    state = _state()
    action = state.legal_actions(state.to_act()[0])[0]
    with pytest.raises(IllegalActionError):
        state.apply(seat, action)
    with pytest.raises(IllegalActionError):
        state.verify(seat, action)
    with pytest.raises(IllegalActionError):
        state.legal_actions(seat)
    assert state.hand.history == []


def test_actions_are_taken_as_actions_or_their_notation() -> None:
    state = HandState.new("mcr", random.Random(1))
    tile = next(t for t in range(34) if state.concealed[0][t])
    events = state.apply(0, str(DISCARDS[tile]))
    assert state.history == [(0, DISCARDS[tile])] and events[0].tile == tile
    other = HandState.new("mcr", random.Random(1))
    with pytest.raises(InvalidNotationError, match="unknown action"):
        other.apply(0, "throw 5m")
    for bad in (None, 3, DISCARDS[tile].to_index(), ("discard", tile)):
        with pytest.raises(InvalidInputError, match="an action is an Action"):
            other.apply(0, bad)  # type: ignore[arg-type]
    assert other.history == []


# -- observations and event streams -----------------------------------------------------
LEAK_RULESETS: list[str | Ruleset] = [
    "mcr",
    "taiwanese-lrc",
    "botzone",
    with_discards("mcr", "centre"),
    with_discards("taiwanese-lrc", "rows"),
]


@pytest.mark.parametrize("name", LEAK_RULESETS, ids=label)
def test_a_spectator_learns_no_concealed_tile(name: str | Ruleset) -> None:
    """What the spectator sees does not change when anything hidden from a seat is
    shuffled (that seat's view of the others' tiles and the wall), for each seat in
    turn; its event stream shows no dealt or drawn tile and no concealed kong's tile;
    each player's stream hides the others' (000 l.80 for the face-down kong)."""
    rules = need_scorer(name)
    rng = random.Random(7)
    for seed in range(6):
        state = MatchState(rules, seed, max_hands=1, automations=Automations(next_hand=False))
        bots = [RandomBot() for _ in range(4)]
        while state.phase is MatchPhase.PLAY:
            seen = state.observation(SPECTATOR)
            assert seen.seat == SPECTATOR and seen.legal_actions == ()
            assert not any(seen.concealed) and seen.last_tile == -1
            assert all(not m.concealed for ms in seen.melds for m in ms)
            for s in range(4):
                assert redistributed(state.hand, s, rng).observation(SPECTATOR) == seen
            p = state.to_act()[0]
            ask(state, bots, p)
        stream = state.events_for(SPECTATOR)
        assert [e.index for e in stream] == list(range(state.event_count))
        assert all(e.event.tile == -1 for e in stream if e.event.kind in PRIVATE)
        for p in range(4):
            mine = state.events_for(p)
            assert [e.event.kind for e in mine] == [e.kind for e in state.hand.events]
            for e in mine:
                if e.event.kind in PRIVATE:
                    assert (e.event.tile >= 0) == (e.player == p)


def test_event_streams_run_over_hands_and_resume_from_an_index() -> None:
    state = MatchState("mcr", 1, max_hands=3)
    step_loop(state, [RandomBot() for _ in range(4)])
    stream = state.events_for(2)
    assert stream[0].hand == 0 and stream[-1].hand == 2
    assert len(stream) == state.event_count == sum(len(h.record.events) for h in state.hands)
    cut = len(stream) // 2
    assert state.events_for(2, since=cut) == stream[cut:]
    assert state.events_for(2, since=len(stream)) == []
    # The player an event names is the one sitting in its seat that hand.
    for e in stream:
        if e.event.seat >= 0:
            assert state.hands[e.hand].deal.player_at(e.event.seat) == e.player


# -- records, store and load ------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_stored_match_resumes_exactly(ruleset: str) -> None:
    """Stop after a random decision, store (through JSON), load, finish: the match is the
    one played without stopping. The bots are made anew at the stop: they draw their
    chances from each decision and rebuild what they remember from the hand's history
    (tests/game/test_resume.py does the same in a new process for every tier)."""
    rng = random.Random(ruleset)
    state = MatchState(ruleset, 3, max_hands=3)
    lineup = ["efficient", "random", "scorer", "defender"]
    bots: list[Bot] = [BOTS[n]() for n in lineup]
    stop = rng.randrange(150)
    steps = 0
    while not state.over and steps < stop:
        p = state.to_act()[0]
        ask(state, bots, p)
        steps += 1
    stored = json.loads(json.dumps(state.save()))
    step_loop(state, bots)
    resumed = MatchState.load(stored)
    assert resumed.phase.value == stored["phase"]
    step_loop(resumed, [BOTS[n]() for n in lineup])
    assert resumed.record().to_json() == state.record().to_json()
    assert verify(resumed.record().to_json()) == []


def test_a_record_replays_into_the_same_match() -> None:
    played = Match("taiwanese-lrc", seed=6, max_hands=4).play()
    again = MatchState.replay(played)
    assert again.over and again.record(played.bots).to_json() == played.to_json()


def test_a_stored_match_between_hands_and_a_changed_ruleset() -> None:
    state = MatchState("mcr", 2, max_hands=2, automations=Automations(deal=False))
    state.deal()
    bots = [RandomBot() for _ in range(4)]
    while state.phase is MatchPhase.PLAY:
        p = state.to_act()[0]
        ask(state, bots, p)
    assert state.phase is MatchPhase.DEAL
    stored = state.save()
    resumed = MatchState.load(stored)
    assert resumed.phase is MatchPhase.DEAL and resumed.deal_now == state.deal_now
    assert resumed.deal() == state.deal()  # the next wall comes from the same generator
    stored["ruleset_hash"] = "0" * 16
    with pytest.raises(Exception, match="has changed"):
        MatchState.load(stored)
