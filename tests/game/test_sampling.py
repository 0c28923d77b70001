"""Hands sampled from one seat's knowledge: the seat cannot tell a sample from the true
hand, the sample does not depend on what the seat cannot see, and the hidden tiles are
spread evenly."""

from __future__ import annotations

import random
from functools import partial

import pytest

from mahjongkit.bots import RandomBot
from mahjongkit.game.actions import Action
from mahjongkit.game.match_state import MatchState, hand_decision
from mahjongkit.game.position import Position, seat_history
from mahjongkit.game.record import record_of
from mahjongkit.game.sampling import SamplingError, sample_hand
from mahjongkit.game.state import HandState, Phase
from mahjongkit.rules.ruleset import Ruleset

from .conftest import label, need_scorer, with_discards

RULESETS: list[str | Ruleset] = [
    "mcr",
    "taiwanese-lrc",
    "botzone",
    with_discards("mcr", "centre"),
]


def played(rules: Ruleset, seed: int, steps: int) -> HandState:
    """A hand after up to ``steps`` decisions of random bots (fewer if it ends)."""
    state = HandState.new(rules, random.Random(seed))
    bot = RandomBot()
    for _ in range(steps):
        if state.ended:
            break
        seat = state.to_act()[0]
        state.apply(seat, bot.act(state.observation(seat), hand_decision(state, seat, seed)))
    return state


def position_of(state: HandState, seat: int) -> Position:
    return Position.from_history(
        state.ruleset,
        seat,
        seat_history(record_of(state), seat),
        state.prevalent_wind,
        state.dealer_streak,
    )


def sampled(state: HandState, seat: int, seed: int, played: bool = False) -> HandState:
    return sample_hand(
        position_of(state, seat),
        random.Random(seed),
        state.observation(seat).drawn_discards,
        state.wall.dice,
        played=played,
    )


def deciding(state: HandState, seat: int) -> bool:
    """Whether the seat has something to decide, or it is a seat's turn: the positions a
    sample is asked of (while others answer a discard the seat is not asked about, a
    sample must give one of them the claim, which rejection may not find)."""
    return state.phase is Phase.TURN or bool(state.legal_actions(seat))


def everything(state: HandState) -> tuple[object, ...]:
    """All a state holds, hidden tiles and the wall's order included."""
    return (
        state.wall.tiles,
        [tuple(c) for c in state.concealed],
        [tuple(m) for m in state.melds],
        [tuple(d) for d in state.discards],
        state.events,
        state.phase,
    )


@pytest.mark.parametrize("name", RULESETS, ids=label)
def test_the_seat_cannot_tell_a_sample_from_the_true_hand(name: str | Ruleset) -> None:
    rules = need_scorer(name)
    checked = 0
    for seed in range(12):
        state = played(rules, seed, random.Random(seed).randrange(1, 140))
        if state.ended:
            continue
        for seat in filter(partial(deciding, state), range(4)):
            sample = sampled(state, seat, seed)
            assert sample.observation(seat) == state.observation(seat), (seed, seat)
            assert sample.legal_actions(seat) == state.legal_actions(seat)
            assert sample.tile_census() == state.tile_census()
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("name", ["mcr", "taiwanese-lrc"])
def test_the_sample_does_not_depend_on_the_hidden_tiles(name: str) -> None:
    """Two true hands the seat cannot tell apart (the second a sample of the first) give
    the same samples for the same seed: nothing hidden leaks into them."""
    rules = need_scorer(name)
    for seed in range(6):
        state = played(rules, seed, 30 + 7 * seed)
        if state.ended:
            continue
        seat = state.to_act()[0]
        twin = sampled(state, seat, 99)
        assert twin.observation(seat) == state.observation(seat)
        assert everything(twin) != everything(state)
        assert everything(sampled(twin, seat, 5)) == everything(sampled(state, seat, 5))


def test_the_hidden_tiles_are_spread_evenly() -> None:
    """Over many samples each unseen kind lands in the other seats' hands as often as its
    unseen copies say (a chi-square check with a fixed seed)."""
    state = played(need_scorer("mcr"), 3, 20)
    seat = state.to_act()[0]
    position = position_of(state, seat)
    unseen = [4] * 34
    for t in range(34):
        unseen[t] -= position.concealed[t] + position.visible[t]
    for meld in position.melds[seat]:
        if meld.concealed:  # exposed melds are among the visible tiles
            unseen[meld.tile] -= 4
    assert not any(position.hidden_kongs)
    rng = random.Random(11)
    drawn = state.observation(seat).drawn_discards
    found = [0] * 34
    runs = 150
    for _ in range(runs):
        sample = sample_hand(position, rng, drawn, state.wall.dice)
        for other in range(4):
            if other != seat:
                for t in range(34):
                    found[t] += sample.concealed[other][t]
    held = sum(found)
    total = sum(unseen)
    chi2 = 0.0
    for t in range(34):
        expected = held * unseen[t] / total
        if expected:
            chi2 += (found[t] - expected) ** 2 / expected
        else:
            assert found[t] == 0
    # 33 degrees of freedom (fewer where a kind is all seen): mean 33, sd about 8.
    assert chi2 < 70, chi2


def test_an_ended_hand_has_nothing_to_sample() -> None:
    state = played(need_scorer("mcr"), 1, 10_000)
    assert state.ended
    with pytest.raises(SamplingError, match="over"):
        sampled(state, 0, 1)
    with pytest.raises(SamplingError, match="deal"):
        sample_hand(Position("mcr", 0), random.Random(1))


@pytest.mark.slow
@pytest.mark.parametrize("name", [*RULESETS, "taiwanese-dxb", "bp-club"], ids=label)
def test_many_samples_match_the_seat_view(name: str | Ruleset) -> None:
    rules = need_scorer(name)
    for seed in range(150):
        state = played(rules, seed, random.Random(seed).randrange(1, 200))
        if state.ended:
            continue
        for seat in filter(partial(deciding, state), range(4)):
            sample = sampled(state, seat, seed)
            assert sample.observation(seat) == state.observation(seat), (seed, seat)


def test_a_position_given_every_tile_still_samples_from_the_seat_view_alone() -> None:
    """A position fed the engine's own events (others' tiles shown) keeps them hidden, so
    its samples are those of the seat's view."""
    state = played(need_scorer("mcr"), 4, 40)
    seat = state.to_act()[0]
    sighted = Position(state.ruleset, seat)
    true_events = iter(state.events)
    for item in seat_history(record_of(state), seat):
        if isinstance(item, Action):
            sighted.act(item)
        else:
            sighted.see(next(true_events))
    assert any(e.seat != seat and e.tile >= 0 and not e.public for e in state.events)
    blind = position_of(state, seat)
    drawn = state.observation(seat).drawn_discards
    one = sample_hand(blind, random.Random(2), drawn)
    two = sample_hand(sighted, random.Random(2), drawn)
    assert everything(one) == everything(two)


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_a_decision_gives_what_its_seat_knows(ruleset: str) -> None:
    """`Decision.knowledge` at each decision of a match: the seat's position has the
    legal actions the table offers, and a sample of it shows the seat what it sees."""
    state = MatchState(ruleset, seed=21, max_hands=1)
    rng = random.Random(21)
    asked = 0
    while state.to_act():
        player = state.to_act()[0]
        legal = state.legal_actions(player)
        if asked % 7 == 0:
            decision = state.decision(player)
            assert decision.knowledge is not None
            known = decision.knowledge()
            assert known.position.legal_actions() == legal
            seat = state.seat_of(player)
            assert known.sample(random.Random(asked)).observation(seat) == state.observation(player)
        asked += 1
        state.apply(player, legal[rng.randrange(len(legal))])
    assert asked > 20


@pytest.mark.parametrize("name", ["mcr", "taiwanese-lrc"])
def test_a_seat_read_as_ready_is_drawn_ready(name: str) -> None:
    """With ``ready_chances`` 1 for a seat its hidden tiles make a ready hand, and the seat
    still cannot tell the sample from the true hand; with 0 the sample is the uniform one."""
    from mahjongkit.shanten import shanten

    state = played(need_scorer(name), 7, 30)
    seat = state.to_act()[0]
    other = (seat + 1) % 4
    position = position_of(state, seat)
    view = state.observation(seat)
    for seed in range(5):
        chances = [0.0] * 4
        chances[other] = 1.0
        sample = sample_hand(
            position, random.Random(seed), view.drawn_discards, state.wall.dice, chances
        )
        assert sample.observation(seat) == view
        assert shanten(sample.concealed[other], sample.melds[other]) == 0
        uniform = sample_hand(position, random.Random(seed), view.drawn_discards, state.wall.dice)
        again = sample_hand(
            position, random.Random(seed), view.drawn_discards, state.wall.dice, [0.0] * 4
        )
        assert again.concealed == uniform.concealed


def test_a_called_hand_never_waits_on_a_tile_thrown_since_its_ting() -> None:
    """A called (Ting) hand is locked and wins whenever it can (seed 004 lines 501-504:
    once called, a player may not "look at or adjust your concealed tiles"), so the
    tiles thrown since its Ting, its own drawn tiles among them, did not complete it: no
    sample's called hand waits on one."""
    from mahjongkit.bots.scorer import ScorerBot
    from mahjongkit.completion import regular_waits

    bot = ScorerBot()
    checked = 0
    for seed in range(40):
        state = HandState.new(need_scorer("taiwanese-lrc"), random.Random(seed))
        called: dict[int, int] = {}  # a seat that called Ting: the tiles thrown since
        while not state.ended and not any(bin(m).count("1") >= 6 for m in called.values()):
            seat = state.to_act()[0]
            action = bot.act(state.observation(seat), hand_decision(state, seat, seed))
            before = len(state.events)
            state.apply(seat, action)
            for event in state.events[before:]:
                if event.kind.value == "discard":
                    for s in called:
                        called[s] |= 1 << event.tile
                    if event.detail:
                        called.setdefault(event.seat, 0)
        if state.ended or not called:
            continue
        viewer = next(s for s in range(4) if s not in called)
        if not deciding(state, viewer):
            continue
        for n in range(5):
            sample = sampled(state, viewer, n)
            for s, thrown in called.items():
                hand = sample.concealed[s]
                if sum(hand) % 3 != 1:  # its turn: the tile it drew is in hand
                    continue
                waits = regular_waits(hand, (sum(hand) - 1) // 3)
                assert waits and not waits & thrown, (seed, n, s)
                checked += 1
        if checked >= 40:
            break
    assert checked >= 40


def scorer_hands(seeds: range, discards: int) -> list[HandState]:
    """Taiwanese hands played by scorers until ``discards`` tiles lie thrown (those that
    get there, at a seat's turn): the others' hands as bots play them."""
    from mahjongkit.bots.scorer import ScorerBot

    bot, out = ScorerBot(), []
    for seed in seeds:
        state = HandState.new(need_scorer("taiwanese-lrc"), random.Random(seed))
        while not state.ended and sum(map(len, state.discards)) < discards:
            seat = state.to_act()[0]
            action = bot.act(state.observation(seat), hand_decision(state, seat, seed))
            state.apply(seat, action)
        if not state.ended and state.phase is Phase.TURN:
            out.append(state)
    return out


def test_played_hands_are_as_far_from_ready_as_the_bots_hands() -> None:
    """Drawn uniformly, the others' hidden tiles make hands far slower than any player
    keeps after a dozen discards; drawn as played (``played``), about as far as the
    scorers' own hands were."""
    from mahjongkit.shanten import shanten

    true, uniform, as_played = [], [], []
    for n, state in enumerate(scorer_hands(range(40), 28)):
        viewer = state.to_act()[0]
        samples = (sampled(state, viewer, n), sampled(state, viewer, n, played=True))
        for s in range(4):
            if s == viewer or state.ting[s]:
                continue
            melds = len(state.melds[s])
            true.append(shanten(state.concealed[s][:34], melds))
            uniform.append(shanten(samples[0].concealed[s][:34], melds))
            as_played.append(shanten(samples[1].concealed[s][:34], melds))
    assert len(true) >= 40

    def mean(xs: list[int]) -> float:
        return sum(xs) / len(xs)

    assert mean(uniform) > mean(true) + 1.0
    assert abs(mean(as_played) - mean(true)) < 0.4, (mean(as_played), mean(true))


def test_a_played_hand_that_threw_without_a_ting_is_not_ready() -> None:
    """Every bot calls Ting when its discard leaves it ready (the call is worth 5, seed
    004 line 492), so under ``played`` a seat whose last discard was no Ting holds a hand
    that is not ready on the regular form, the only one Ting is called on (004 line 336)."""
    from mahjongkit.completion import regular_waits

    checked = 0
    for n, state in enumerate(scorer_hands(range(30), 36)):
        viewer = state.to_act()[0]
        for k in range(4):
            sample = sampled(state, viewer, 10 * n + k, played=True)
            for s in range(4):
                hand = sample.concealed[s][:34]
                if s != viewer and state.discards[s] and not state.ting[s]:
                    assert not regular_waits(hand, sum(hand) // 3), (n, k, s)
                    checked += 1
    assert checked >= 80
