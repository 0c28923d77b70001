"""The engine's kept-up-to-date bookkeeping agrees, at every step of random hands, with
the same facts worked out afresh: each seat's suit keys and its remembered waits and
claim masks, the table's public side, every seat's observation, and the claim screen (a
discard no mask admits offers that seat nothing)."""

from __future__ import annotations

import random

import pytest

from mahjongkit.bots import RandomBot
from mahjongkit.completion import hand_masks, suit_keys
from mahjongkit.errors import InvalidHandError
from mahjongkit.game.actions import ActionKind
from mahjongkit.game.events import Event, EventKind, interned
from mahjongkit.game.match_state import hand_decision
from mahjongkit.game.observation import Observation, observation
from mahjongkit.game.state import HandState, Phase
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.shapes import is_complete
from mahjongkit.tiles import RANK, SUIT

from .conftest import label, need_scorer, with_discards

RULESETS = [
    "mcr",
    "bp-club",
    "taiwanese-lrc",
    with_discards("mcr", "centre"),
    with_discards("taiwanese-lrc", "rows"),
]


def fresh_public(state: HandState, seat: int) -> tuple[object, ...]:
    ms = state.melds[seat]
    shown = tuple(m for m in ms if not m.concealed)
    return (
        shown,
        len(ms) - len(shown),
        tuple(state.flowers[seat]),
        tuple(zip(state.discards[seat], state.claimed[seat], strict=True)),
    )


def expected_claims(state: HandState, seat: int, giver: int, tile: int) -> set[str]:
    """The chows, pung and kong ``seat`` may make of ``tile``, from its counts alone."""
    if state.missed[seat] >> tile & 1 or state.ting[seat]:
        return set()
    counts = state.concealed[seat]
    out = set()
    if counts[tile] >= 2:
        out.add("pung")
    if counts[tile] == 3 and (state.wall.live > 0 or not state.rules.kong_needs_live_tile):
        out.add("kong")
    if tile < 27 and (not state.rules.chow_only_from_left or seat == (giver + 1) % 4):
        for low in (tile - 2, tile - 1, tile):
            if low < 0 or SUIT[low] != SUIT[tile] or not 1 <= RANK[low] <= 7:
                continue
            if all(counts[x] for x in (low, low + 1, low + 2) if x != tile):
                out.add(f"chow {RANK[low]}{RANK[low] + 1}{RANK[low] + 2}{'mps'[SUIT[low]]}")
    return out


def completes(state: HandState, seat: int, tile: int) -> bool:
    counts = list(state.concealed[seat])
    counts[tile] += 1
    try:
        hand = Hand(tuple(counts), tuple(state.melds[seat]), (), tile)
    except InvalidHandError:
        return False
    return is_complete(hand, state.ruleset.scoring.forms)


def fresh_observation(state: HandState, seat: int) -> Observation:
    """The observation built field by field from the state's plain lists."""
    melds = [tuple(m for m in ms if not m.concealed) for ms in state.melds]
    melds[seat] = tuple(state.melds[seat])
    hidden = [0 if s == seat else len(ms) - len(melds[s]) for s, ms in enumerate(state.melds)]
    w = state.window
    phase = state.phase.value
    legal = state.legal_actions(seat)
    in_window = w is not None and phase in ("claim", "rob")
    rows = tuple(
        tuple(zip(d, c, strict=True)) for d, c in zip(state.discards, state.claimed, strict=True)
    )
    drawn = drawn_discards(state)
    pond: tuple[int, ...] = ()
    last = giver = -1
    if state.rules.discards == "centre":
        counts = [0] * 34
        for row in rows:
            for t, claimed in row:
                counts[t] += not claimed
        pond = tuple(counts)
        thrown = [e for e in state.events if e.kind is EventKind.DISCARD]
        if thrown:
            last, giver = thrown[-1].tile, thrown[-1].seat
        rows = drawn = ((), (), (), ())
    return Observation(
        seat=seat,
        ruleset=state.ruleset.name,
        phase=phase,
        turn=w.giver if in_window and w is not None else state.turn,
        to_act=state.to_act() if phase == "turn" else ((seat,) if legal else ()),
        prevalent_wind=state.prevalent_wind,
        concealed=tuple(state.concealed[seat]),
        last_tile=state.last_tile if seat == state.turn and phase == "turn" else -1,
        melds=tuple(melds),
        hidden_kongs=tuple(hidden),
        flowers=tuple(tuple(f) for f in state.flowers),
        discards=rows,
        hand_sizes=tuple(sum(c) for c in state.concealed),
        ting=tuple(state.ting),
        forfeited=tuple(state.forfeited),
        wall_live=max(state.wall.live, 0),
        wall_remaining=state.wall.remaining,
        claim_tile=w.tile if in_window and w is not None else -1,
        claim_giver=w.giver if in_window and w is not None else -1,
        legal_actions=legal,
        dealer_streak=state.dealer_streak,
        drawn_discards=drawn,
        pond=pond,
        last_discard=last,
        last_discarder=giver,
    )


def drawn_discards(state: HandState) -> tuple[tuple[bool, ...], ...]:
    """Each seat's discards, True where it threw the tile its last event drew, read from
    the hand's events (the dealer's last tile dealt counts as drawn, as `last_tile`
    shows it)."""
    drew: list[int | None] = [None] * 4
    out: list[list[bool]] = [[], [], [], []]
    for e in state.events:
        if e.kind is EventKind.DRAW or (e.kind is EventKind.DEAL and e.seat == 0):
            drew[e.seat] = e.tile
        elif e.kind is EventKind.DISCARD:
            out[e.seat].append(drew[e.seat] == e.tile)
            drew[e.seat] = None
        elif e.kind in (EventKind.CHOW, EventKind.PUNG, EventKind.KONG):
            drew[e.seat] = None
    return tuple(tuple(d) for d in out)


def check(state: HandState) -> None:
    for seat in range(4):
        assert state._keys[seat] == suit_keys(state.concealed[seat])
        assert state.public_view(seat) == fresh_public(state, seat)
        known = state._waits[seat]
        holding = state.phase is Phase.TURN and seat == state.turn
        if known is not None and not holding and state.result is None:
            k = suit_keys(state.concealed[seat])
            assert known.keys == tuple(k)
            masks = hand_masks(
                known.keys, state.melds[seat], state.ruleset.scoring.forms, state.ruleset.hand_size
            )
            assert (known.melds, known.wins, known.pungs, known.chows) == (
                len(state.melds[seat]),
                *masks,
            )
        assert observation(state, seat) == fresh_observation(state, seat)


@pytest.mark.parametrize("name", RULESETS, ids=label)
def test_kept_bookkeeping_matches_a_fresh_count(name: str | Ruleset) -> None:
    rules = need_scorer(name)
    claims = 0
    for seed in range(25):
        rng = random.Random(seed)
        state = HandState.new(rules, rng)
        bots = [RandomBot() for _ in range(4)]
        check(state)
        while state.result is None:
            for seat in state.to_act():
                action = bots[seat].choose(
                    state.legal_actions(seat), hand_decision(state, seat, seed).key
                )
                expected: dict[int, set[str]] = {}
                shapes: dict[int, bool] = {}
                if action.kind in (ActionKind.DISCARD, ActionKind.TING):
                    # What the other hands can do with the discard, worked out before it.
                    t = action.tile
                    for other in range(4):
                        if other != seat:
                            expected[other] = expected_claims(state, other, seat, t)
                            shapes[other] = completes(state, other, t)
                state.apply(seat, action)
                check(state)
                w = state.window
                for other, melds in expected.items():
                    offered = set()
                    if w is not None and w.giver == seat and state.phase is Phase.CLAIM:
                        offered = {str(a) for a in w.options.get(other, ())}
                    assert offered - {"win", "pass"} == melds, (seed, other, offered, melds)
                    assert "win" not in offered or shapes[other]
                    claims += bool(melds)
                if state.result is not None:
                    break
    assert claims > 50


def test_interned_events_equal_fresh_ones() -> None:
    draw = interned(EventKind.DRAW)
    assert draw(2, 7, 1) == Event(EventKind.DRAW, 2, 7, 1) and draw(2, 7, 1) is draw(2, 7, 1)
    # A detail outside the packed range is made afresh each time, never mixed up.
    assert draw(2, 7, 70) == Event(EventKind.DRAW, 2, 7, 70)
