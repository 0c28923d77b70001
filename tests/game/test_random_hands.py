"""Invariants over hands played by random bots, for every ruleset: every tile accounted
for at every step, the right number of tiles in every hand, observations that leak
nothing (at a centre table, not who threw which discard or when), records that replay
exactly."""

from __future__ import annotations

import contextlib
import json
import random

import pytest

from mahjongkit.bots import RandomBot
from mahjongkit.game.actions import Action
from mahjongkit.game.events import EventKind
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import observation, seen_events
from mahjongkit.game.record import HandRecord, record_of, verify
from mahjongkit.game.state import HandState, Phase
from mahjongkit.rules.ruleset import Ruleset

from .conftest import label, need_scorer, with_discards

RULESETS: list[str | Ruleset] = [
    "mcr",
    "mcr-gb",
    "bp-club",
    "taiwanese-lrc",
    "taiwanese-dxb",
    with_discards("mcr", "centre"),
    with_discards("taiwanese-lrc", "rows"),
]
"""Every ruleset, and each family with its discards laid the other way."""
FULL = [4] * 34 + [1] * 8


def check_tiles(state: HandState) -> None:
    census = state.tile_census()
    expected = FULL if state.rules.uses_flowers else [4] * 34 + [0] * 8
    assert census == expected
    lying = [0] * 34
    for row, claimed in zip(state.discards, state.claimed, strict=True):
        for t, c in zip(row, claimed, strict=True):
            lying[t] += not c
    assert state.pond == lying
    size = state.rules.hand_size
    for seat in range(4):
        count = sum(state.concealed[seat]) + 3 * len(state.melds[seat])
        holding = state.phase is Phase.TURN and seat == state.turn
        if state.result is not None and seat in state.result.winners and state.result.self_drawn:
            holding = True
        assert count == (size + 1 if holding else size), (seat, count, state.phase)


def redistributed(state: HandState, seat: int, rng: random.Random) -> HandState:
    """A copy in which everything ``seat`` cannot see is shuffled: the other seats'
    concealed tiles and the order of the wall (flowers keep their places); at a centre
    table also who threw which discard lying there, and in which order, but the latest
    (seed 003 line 45), and which were thrown from the draw."""
    other = state.copy()
    other._table = None  # the snapshot is taken afresh from the shuffled state
    if other.rules.discards == "centre":
        g = other.last_discarder
        latest = (g, len(other.discards[g]) - 1)
        spots = [
            (s, i)
            for s in range(4)
            for i, c in enumerate(other.claimed[s])
            if not c and (s, i) != latest
        ]
        thrown = [other.discards[s][i] for s, i in spots]
        rng.shuffle(thrown)
        for (s, i), t in zip(spots, thrown, strict=True):
            other.discards[s][i] = t
        other._seen_discards = [
            tuple(zip(d, c, strict=True))
            for d, c in zip(other.discards, other.claimed, strict=True)
        ]
        other._drawn_discards = [tuple(rng.random() < 0.5 for _ in d) for d in other.discards]
    wall = other.wall
    free = [p for p in range(len(wall.tiles)) if not wall._taken[p] and wall.tiles[p] < 34]
    pool = [wall.tiles[p] for p in free]
    others = [s for s in range(4) if s != seat]
    sizes = [sum(other.concealed[s]) for s in others]
    for s in others:
        pool += [t for t in range(34) for _ in range(other.concealed[s][t])]
    rng.shuffle(pool)
    tiles = list(wall.tiles)
    for p in free:
        tiles[p] = pool.pop()
    wall.tiles = tuple(tiles)
    for s, n in zip(others, sizes, strict=True):
        counts = [0] * 34
        for _ in range(n):
            counts[pool.pop()] += 1
        other.concealed[s] = counts
    other._legal = {}
    other._scores = {}
    other._waits = [None] * 4
    return other


def play_checked(rules: Ruleset, seed: int, leaks: bool) -> HandState:
    rng = random.Random(seed)
    state = HandState.new(rules, rng)
    bots = [RandomBot() for _ in range(4)]
    check_tiles(state)
    while not state.ended:
        for seat in state.to_act():
            obs = observation(state, seat)
            if leaks:
                assert observation(redistributed(state, seat, rng), seat) == obs
            assert obs.legal_actions and all(
                obs.action_mask[a.to_index()] for a in obs.legal_actions
            )
            assert sum(obs.action_mask) == len(obs.legal_actions)
            state.apply(seat, bots[seat].act(obs, hand_decision(state, seat, seed)))
            check_tiles(state)
            if state.ended:
                break
    return state


@pytest.mark.parametrize("name", RULESETS, ids=label)
def test_random_hands_keep_every_invariant_and_replay_exactly(name: str | Ruleset) -> None:
    rules = need_scorer(name)
    kinds: dict[str, int] = {}
    for seed in range(120):
        state = play_checked(rules, seed, leaks=seed < 15)
        assert state.result is not None
        kinds[state.result.kind] = kinds.get(state.result.kind, 0) + 1
        record = record_of(state, seed=seed)
        loaded = HandRecord.from_json(json.loads(json.dumps(record.to_json())))
        assert loaded == record
        assert verify(loaded) == []
        for seat in range(4):
            for e in seen_events(state, seat):
                if e.seat != seat and e.kind in (EventKind.DEAL, EventKind.DRAW):
                    assert e.tile == -1
    assert kinds.get("draw", 0) + kinds.get("win", 0) == 120


def test_a_tampered_record_is_reported() -> None:
    rules = need_scorer("mcr")
    state = play_checked(rules, 1, leaks=False)
    data = record_of(state, seed=1).to_json()
    seat, action = state.history[3]
    other = Action.from_index((action.to_index() + 1) % 34)
    data["actions"][3] = f"{'ESWN'[seat]} {other}"
    problems = verify(HandRecord.from_json(data))
    assert len(problems) == 1 and problems[0].startswith(("action 3", "after action 4"))


@pytest.mark.slow
@pytest.mark.parametrize("name", RULESETS, ids=label)
def test_soak_10000_random_hands(name: str | Ruleset) -> None:
    """The long run (``pytest -m slow``): 10,000 hands per ruleset."""
    rules = need_scorer(name)
    for seed in range(10_000):
        state = play_checked(rules, 10_000 + seed, leaks=False)
        assert verify(record_of(state, seed=seed)) == []


def snapshot(state: HandState) -> tuple[object, ...]:
    w = state.window
    return (
        [list(c) for c in state.concealed],
        [list(m) for m in state.melds],
        [list(d) for d in state.discards],
        list(state.events),
        list(state.history),
        state.phase,
        state.turn,
        state.wall.remaining,
        None if w is None else (dict(w.options), dict(w.answers)),
        list(state.forfeited),
        list(state.missed),
    )


@pytest.mark.parametrize("name", ["mcr", "bp-club", "taiwanese-lrc"])
def test_illegal_actions_raise_and_change_nothing(name: str) -> None:
    from mahjongkit.errors import IllegalActionError
    from mahjongkit.game.actions import NUM_ACTIONS, Action, ActionKind

    rules = need_scorer(name)
    every = []
    for i in range(NUM_ACTIONS):
        with contextlib.suppress(ValueError):
            every.append(Action.from_index(i))
    rng = random.Random(99)
    tried = 0
    for seed in range(12):
        state = HandState.new(rules, random.Random(seed))
        while not state.ended:
            seat = rng.randrange(4)
            action = every[rng.randrange(len(every))]
            rules_handle_it = action.kind is ActionKind.WIN or (
                state.ruleset.table.invalid_claim_forfeits
                and action.kind in (ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)
            )
            if action not in state.legal_actions(seat) and not rules_handle_it:
                before = snapshot(state)
                with pytest.raises(IllegalActionError, match=f"by {'ESWN'[seat]}: "):
                    state.apply(seat, action)
                assert snapshot(state) == before
                tried += 1
            mover = state.to_act()[0]
            legal = state.legal_actions(mover)
            state.apply(mover, legal[rng.randrange(len(legal))])
    assert tried > 500


def _fields(state: HandState) -> dict[str, object]:
    """Every field of the state, the wall's by value (`Wall.copy` is tested on its own)."""
    out = dict(vars(state))
    wall = out.pop("wall")
    out["wall"] = (wall.tiles, wall.remaining, bytes(wall._taken))
    return out


@pytest.mark.skipif(
    "__dict__" not in dir(HandState),
    reason="the compiled build's states have no __dict__ to compare",
)
def test_a_copy_equals_its_original_in_every_field_and_plays_on_alone() -> None:
    """`HandState.copy` names each field (the compiled build has no ``__dict__``): a field
    it forgets makes the copy differ from its original here. Run on the Python source;
    the compiled build's copies are checked against it by scripts/check_compiled.py."""
    rng = random.Random(4)
    for seed in range(30):
        state = HandState.new("mcr", random.Random(seed))
        for _ in range(rng.randrange(80)):
            if state.ended:
                break
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        state.table_snapshot()  # fill the caches a copy carries
        other = state.copy()
        assert _fields(other) == _fields(state)
        if state.ended:
            continue
        before = snapshot(state)
        while not other.ended:
            seat = other.to_act()[0]
            legal = other.legal_actions(seat)
            other.apply(seat, legal[rng.randrange(len(legal))])
        assert snapshot(state) == before
