"""The reasons of a reviewed decision: each said only where it holds, with its figures
from what the seat could see (the defender's danger, the scorer's plans, the scoring)."""

from __future__ import annotations

import json
import random
from dataclasses import replace

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import READY_CHANCE, danger
from mahjongkit.bots.hand_view import HandView
from mahjongkit.game.actions import DISCARDS, PASS, WIN, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.record import record_of
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.hand import Hand, Meld
from mahjongkit.notation import parse_tiles
from mahjongkit.review.explain import TAIWANESE_UNIT, Explainer, discard_facts
from mahjongkit.review.hands import _seat_decisions
from mahjongkit.review.reasons import (
    CODES,
    BelowMinimum,
    Danger,
    MissedWin,
    Shanten,
    Threat,
    Value,
)
from mahjongkit.scoring import score
from mahjongkit.shanten import discards
from mahjongkit.tiles import NAMES, parse_tile

from .test_evaluation import short_hand


def seen(ruleset: str, concealed: str, **changes: object) -> Observation:
    """Seat 0's view on its turn, its tiles and the table as given (discards in rows, as
    tiles by seat, none thrown from the draw)."""
    obs = HandState.new(ruleset, random.Random(1)).observation(0)
    counts = [0] * 34
    for t in parse_tiles(concealed):
        counts[t] += 1
    rows = changes.pop("discards", ("", "", "", ""))
    assert isinstance(rows, tuple)
    table = tuple(tuple((t, False) for t in parse_tiles(r)) for r in rows)
    return replace(
        obs,
        concealed=tuple(counts),
        discards=table,
        drawn_discards=tuple(tuple(False for _ in r) for r in table),
        legal_actions=tuple(DISCARDS[t] for t in range(34) if counts[t]),
        pond=(),
        **changes,  # type: ignore[arg-type]
    )


def test_every_reason_reads_as_json_with_its_code_and_its_sentence() -> None:
    reasons = [
        Shanten("W", 3, 31, "C", 3, 35, True),
        MissedWin(12),
        BelowMinimum("5m", 6, 8),
        Danger((Threat(2, 1.0, True), Threat(3, 0.25, False)), "5m", 0.11, "E", 0.006),
        Value("3s", "pure_straight", 6.0, "5m", "full_flush", 24.0),
    ]
    assert sorted(r.code for r in reasons) == sorted(CODES) and len(set(CODES)) == len(CODES)
    for reason in reasons:
        data = json.loads(json.dumps(reason.to_json()))
        assert data["code"] == reason.code and data["text"] == str(reason) == reason.text
    danger_json = reasons[3].to_json()
    assert danger_json["threats"] == [
        {"seat": 2, "ready": 1.0, "ting": True},
        {"seat": 3, "ready": 0.25, "ting": False},
    ]
    assert "W called Ting, N may be ready (about 25%)" in str(reasons[3])


FAR = "1479m1368p2578sENWSC"
"""Seat 0's seventeen tiles, far from ready (Taiwanese)."""


def test_danger_against_a_called_hand_counts_the_tiles_it_let_go_as_safe() -> None:
    """West called Ting; 4m was discarded after its call and it did not win on it, so 4m
    cannot deal in (seed 004 l.452), while 7m carries the defender's danger."""
    ting = (False, False, True, False)
    explainer = Explainer()
    first = seen("taiwanese-lrc", FAR, discards=("N", "E", "S", "W"), ting=ting)
    explainer.look(first)
    explainer.took(first, DISCARDS[parse_tile("N")])
    later = seen(
        "taiwanese-lrc", FAR, discards=("NF", "E4m", "S9p", "W1s"), ting=ting, wall_live=56
    )
    explainer.look(later)
    view = HandView(later)
    m4, m7 = parse_tile("4m"), parse_tile("7m")
    reason = explainer.danger(view, m7, m4)
    assert reason is not None
    assert reason.threats == (Threat(2, 1.0, True),)
    assert reason.preferred_chance == 0.0  # 4m: safe from the called hand
    assert reason.chosen_chance == TAIWANESE_UNIT * danger(view, 2, m7)
    assert 0 < reason.chosen_chance < 1
    assert "W called Ting; 7m deals in about" in str(reason)
    nobody = Explainer()
    calm = seen("taiwanese-lrc", FAR, discards=("NF", "E4m", "S9p", "W1s"))
    nobody.look(calm)
    assert nobody.danger(HandView(calm), m7, m4) is None  # nobody called: no danger


def test_mcr_danger_names_the_opponent_that_looks_ready() -> None:
    """MCR: three declared sets late in the wall make South look ready (the defender's
    measured chance); an honour deals in less often than a middle tile."""
    melds = ((), (Meld.parse("[123p]"), Meld.parse("[555s]"), Meld.parse("[789m]")), (), ())
    hand = "1237m456p34689sEE"
    obs = seen("mcr", hand, melds=melds, wall_live=30)
    explainer = Explainer()
    explainer.look(obs)
    view = HandView(obs)
    reason = explainer.danger(view, parse_tile("7m"), parse_tile("E"))
    assert reason is not None
    south = next(t for t in reason.threats if t.seat == 1)
    assert south.ready == READY_CHANCE[3][1] and not south.ting
    assert reason.chosen_chance > reason.preferred_chance > 0
    early = seen("mcr", hand, wall_live=90)
    quiet = Explainer()
    quiet.look(early)
    assert quiet.danger(HandView(early), parse_tile("7m"), parse_tile("E")) is None


def test_value_names_the_plan_a_discard_keeps() -> None:
    """MCR: ten bamboo, two off-suit tiles and three pairs. Throwing the Green dragon
    keeps the Full Flush at its best; throwing 1s puts it further than Seven Pairs, so the
    plan within reach is worth less (the scorer's plans and points)."""
    view = HandView(seen("mcr", "7p123344677888sP"))
    explainer = Explainer()
    lost = explainer.value(view, DISCARDS[parse_tile("1s")], DISCARDS[parse_tile("P")])
    assert lost is not None
    assert (lost.chosen_plan, lost.preferred_plan) == ("seven_pairs", "full_flush")
    assert lost.preferred_points == 24.0 and lost.chosen_points < lost.preferred_points
    assert str(lost) == (
        "1s keeps Seven Pairs within reach (about 10 points); P a Full Flush (about 24): value lost"
    )
    kept = explainer.value(view, DISCARDS[parse_tile("P")], DISCARDS[parse_tile("1s")])
    assert kept is not None and str(kept).endswith("value kept")
    assert explainer.value(view, DISCARDS[parse_tile("7p")], DISCARDS[parse_tile("P")]) is None
    flush = HandView(seen("mcr", "1234567899s37m4pE"))
    # Breaking the straight only puts the same Full Flush a step further, as the hand
    # itself: that is the shanten reason's to say.
    assert explainer.value(flush, DISCARDS[parse_tile("4s")], DISCARDS[parse_tile("E")]) is None


def test_value_tells_a_claim_that_gives_up_a_plan() -> None:
    """MCR: five pairs of bamboo. Chowing 1m from the left gives up Seven Pairs (a meld)
    for a plan worth less; passing keeps it."""
    m1 = parse_tile("1m")
    chow = Action(ActionKind.CHOW, m1)
    obs = seen("mcr", "1133557799s23mE")
    obs = replace(obs, phase="claim", claim_tile=m1, claim_giver=3, legal_actions=(PASS, chow))
    explainer = Explainer()
    lost = explainer.value(HandView(obs), chow, PASS)
    assert lost is not None
    assert (lost.chosen, lost.preferred) == ("chow 123m", "pass")
    assert lost.preferred_plan == "seven_pairs" != lost.chosen_plan
    assert lost.chosen_points < lost.preferred_points == 24.0
    assert str(explainer.value(HandView(obs), PASS, chow)).endswith("value kept")


def test_a_win_passed_on_is_named_with_its_points() -> None:
    state, record = short_hand("mcr")
    assert state.result is not None
    winner = state.result.winners[0]
    explainer = Explainer()
    found = None
    for step, position, now, _ in _seat_decisions(record, winner):
        obs = now.observation(winner)
        explainer.look(obs)
        chosen = Action.from_index(record.actions[step][1])
        if chosen == WIN:
            other = next(a for a in position.legal_actions() if a != WIN)
            found = explainer.reasons(position, obs, other, WIN)[0]
        explainer.took(obs, chosen)
    assert found is not None
    assert MissedWin(state.result.scores[0].total) in found
    assert not any(isinstance(r, BelowMinimum) for r in found)


def test_a_complete_hand_under_the_minimum_is_named() -> None:
    """MCR seed 0, efficient bots: North's hand (seat 2) was complete with a tile it drew
    but scored under 8 points without flowers (000 l.98), so no win was offered."""
    state = HandState.new("mcr", random.Random(0))
    play_hand(state, [BOTS["efficient"]() for _ in range(4)], seed=0)
    record = record_of(state)
    explainer = Explainer()
    found = None
    for step, position, now, many in _seat_decisions(record, 2):
        obs = now.observation(2)
        explainer.look(obs)
        chosen = Action.from_index(record.actions[step][1])
        if many and found is None:
            reasons = explainer.reasons(position, obs, chosen, chosen)[0]
            below = [r for r in reasons if isinstance(r, BelowMinimum)]
            if below:
                assert WIN not in position.legal_actions()
                tile = parse_tile(below[0].tile)
                flowers = tuple(sorted(position.flowers[2]))
                hand = Hand(position.concealed, tuple(position.melds[2]), flowers, tile)
                found = (below[0], score(hand, position.situation(tile, True), "mcr"))
        explainer.took(obs, chosen)
    assert found is not None
    reason, scored = found
    assert reason.minimum == 8 and reason.points < 8
    assert scored.is_win and not scored.qualifies
    assert scored.total_without_flowers == reason.points


def test_two_discards_are_told_by_their_shanten_and_useful_tiles() -> None:
    _, record = short_hand("taiwanese-lrc")
    _, position, now, _ = next(d for d in _seat_decisions(record, 0) if d[3])
    obs = now.observation(0)
    explainer = Explainer()
    explainer.look(obs)
    options = {
        o.tile: o
        for o in discards(position.concealed, position.melds[0], position.ruleset, position.visible)
    }
    first, second = sorted(options, key=lambda t: (options[t].shanten, -options[t].useful_count))[
        :2
    ]
    worse, better = options[second], options[first]
    reasons = explainer.reasons(position, obs, DISCARDS[second], DISCARDS[first])[0]
    told = next(r for r in reasons if isinstance(r, Shanten))
    assert (told.chosen_tile, told.chosen_shanten, told.chosen_useful) == (
        NAMES[second],
        worse.shanten,
        worse.useful_count,
    )
    assert (told.preferred_shanten, told.preferred_useful) == (
        better.shanten,
        better.useful_count,
    )
    slower = (worse.shanten, -worse.useful_count) > (better.shanten, -better.useful_count)
    assert told.slower == slower


def test_a_hand_with_declared_sets_is_told_by_its_shanten_too() -> None:
    """The seat's own declared sets are its hand's tiles, not tiles seen elsewhere: a
    hand with sets gets its discards' shanten and useful tiles like any other."""
    _, record = short_hand("taiwanese-lrc")
    told = 0
    for _, position, _, many in _seat_decisions(record, 3):
        if many and position.melds[3]:
            before, options = discard_facts(position)
            if not any(a.kind.name == "DISCARD" for a in position.legal_actions()):
                continue
            assert before is not None and options, position.melds[3]
            held = sum(position.concealed)
            assert all(0 <= useful <= 4 * 34 - held for _, useful in options.values())
            told += 1
    assert told >= 3
