"""The bot tiers: legal, deterministic, and each playing as its docstring says."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import (
    ALERT,
    HAND_WORTH,
    THREATENED,
    DefenderBot,
    danger,
    hand_worth,
    ready_chance,
    threats,
    value_of_worth,
    wait_chance,
)
from mahjongkit.bots.efficient import EfficientBot
from mahjongkit.bots.hand_view import (
    HandView,
    after_discard,
    discards_made,
    live_useful,
    unseen_counts,
)
from mahjongkit.bots.scorer import Q_TAIWANESE, ROUNDING, ScorerBot, ceiling_at
from mahjongkit.game.actions import CHOWS, DISCARDS, PASS, PUNG, WIN
from mahjongkit.game.record import record_of, verify
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.hand import Hand, Meld
from mahjongkit.notation import parse_tiles
from mahjongkit.scoring import Situation, score
from mahjongkit.shanten import group_entries, shanten
from mahjongkit.tiles import parse_tile

from .conftest import act

RULESETS = ("mcr", "mcr-gb", "bp-club", "botzone", "taiwanese-lrc", "taiwanese-dxb")


def test_registry_names_every_tier() -> None:
    assert list(BOTS) == ["random", "efficient", "scorer", "defender", "searcher"]
    for name, cls in BOTS.items():
        assert cls().name == name


@pytest.mark.parametrize("ruleset", RULESETS)
def test_every_tier_plays_whole_hands_legally(ruleset: str) -> None:
    """Four tiers at one table, two hands per ruleset: every action is legal (the
    engine raises on an illegal one) and the record replays (the searcher's own test is
    tests/bots/test_searcher.py)."""
    for seed in (1, 2):
        state = HandState.new(ruleset, random.Random(seed))
        bots = [BOTS[n]() for n in ("random", "efficient", "scorer", "defender")]
        result = play_hand(state, bots)
        assert result.kind in ("win", "draw")
        assert verify(record_of(state, seed=seed)) == []


@pytest.mark.parametrize("name", ["efficient", "scorer", "defender"])
def test_same_seed_same_play(name: str) -> None:
    records = []
    for _ in range(2):
        state = HandState.new("mcr", random.Random(11))
        play_hand(state, [BOTS[name]() for _ in range(4)])
        records.append(record_of(state).actions)
    assert records[0] == records[1]


def test_unseen_counts_subtract_own_tiles_melds_and_discards(observe) -> None:  # type: ignore[no-untyped-def]
    obs = observe(
        "123m456p789s11sEEC",
        discards=("", "1m1m", "", ""),
        other_melds=(("[EEE]",), (), ()),
    )
    unseen = unseen_counts(obs)
    assert unseen[parse_tile("1m")] == 1  # one held, two discarded
    assert unseen[parse_tile("E")] == 0  # two held, three... only four exist
    assert unseen[parse_tile("5m")] == 4


def test_at_a_centre_table_unseen_counts_subtract_the_pond(observe) -> None:  # type: ignore[no-untyped-def]
    """Seed 003 line 45: the pond shows the same tiles as the rows would, unowned."""
    melds = (("[EEE1]",), (), ())
    rows = observe("123m456p789s11sEEC", discards=("9s", "1m1m", "", ""), other_melds=melds)
    centre = observe("123m456p789s11sEEC", pond="1m1m9s", last="1m", thrower=1, other_melds=melds)
    assert centre.centre and not rows.centre
    assert unseen_counts(centre) == unseen_counts(rows)
    assert discards_made(rows) == 3  # the rows' tiles (these hold no claimed one)
    assert discards_made(centre) == 4  # the pond's and the claimed E


def test_efficient_wins_whenever_offered(observe) -> None:  # type: ignore[no-untyped-def]
    obs = observe("123m456p789s11sEEC", legal=[WIN, DISCARDS[parse_tile("C")]])
    assert act(EfficientBot(), obs) is WIN


def test_efficient_discards_to_the_least_shanten(observe) -> None:  # type: ignore[no-untyped-def]
    obs = observe("123m456p789s11sEEC")
    assert act(EfficientBot(), obs) == DISCARDS[parse_tile("C")]


def test_efficient_prefers_more_unseen_useful_tiles(observe) -> None:  # type: ignore[no-untyped-def]
    """1112345678999m5p: every discard but 5p keeps a ready hand with fewer waits."""
    obs = observe("1112345678999m5p")
    assert act(EfficientBot(), obs) == DISCARDS[parse_tile("5p")]


def test_efficient_counts_visible_tiles(observe) -> None:  # type: ignore[no-untyped-def]
    """123m456m789p1115s8s: dropping 5s waits on 8s, dropping 8s waits on 5s (three
    unseen each); once three 5s lie on the table, the 5s wait is dead."""
    hand = "123m456m789p1118s5s"
    seen_5s = observe(hand, discards=("", "5s5s", "5s", ""))
    seen_8s = observe(hand, discards=("", "8s", "8s8s", ""))
    assert act(EfficientBot(), seen_5s) == DISCARDS[parse_tile("5s")]
    assert act(EfficientBot(), seen_8s) == DISCARDS[parse_tile("8s")]
    view = HandView(seen_5s)
    keep_5s = tuple(c - (t == parse_tile("8s")) for t, c in enumerate(view.counts))
    assert live_useful(keep_5s, 0, view.unseen, None) == 0


def test_efficient_claims_only_what_brings_it_closer(observe) -> None:  # type: ignore[no-untyped-def]
    """A pung of 5p that turns a one-away hand ready is taken; a chow that leaves a
    ready hand ready (a single wait instead of two) is passed."""
    pung = observe(
        "123m456p789s55pEC",
        phase="claim",
        claim_tile=parse_tile("5p"),
        claim_giver=2,
        legal=[PUNG, PASS],
    )
    assert act(EfficientBot(), pung) is PUNG
    chow = observe(
        "123m456p789s11s45s",
        phase="claim",
        claim_tile=parse_tile("3s"),
        claim_giver=3,
        legal=[CHOWS[parse_tile("3s")], PASS],
    )
    assert act(EfficientBot(), chow) is PASS


def test_scorer_keeps_the_wait_that_qualifies(observe) -> None:  # type: ignore[no-untyped-def]
    """666m799p123678sFF: dropping 9p waits on 8p (most tiles) for a hand under 8 points;
    dropping 7p waits on 9p or Green Dragon, which can reach 8 (MCR minimum)."""
    obs = observe("666m799p123678sFF")
    assert act(EfficientBot(), obs) == DISCARDS[parse_tile("9p")]
    choice = act(ScorerBot(), obs)
    assert choice == DISCARDS[parse_tile("7p")]
    counts = [0] * 34
    for t in parse_tiles("666m99p123678sFF"):
        counts[t] += 1
    qualifies = []
    for wait in ("9p", "F"):
        t = parse_tile(wait)
        full = list(counts)
        full[t] += 1
        for drawn in (False, True):
            sc = score(Hand(tuple(full), (), (), t), Situation(self_drawn=drawn), "mcr")
            qualifies.append(sc.qualifies)
    assert any(qualifies)
    full = list(counts)
    full[parse_tile("7p")] += 1
    full[parse_tile("9p")] -= 1
    full[parse_tile("8p")] += 1
    below = score(Hand(tuple(full), (), (), parse_tile("8p")), Situation(), "mcr")
    assert not below.qualifies


def test_defender_plays_as_the_scorer_when_nobody_threatens(observe) -> None:  # type: ignore[no-untyped-def]
    """Early in the hand, with nobody's sets declared, every threat is under `ALERT`."""
    for hand in ("2479m1368p257sENW", "666m799p123678sFF", "123m456p789s11sEEC"):
        obs = observe(hand)
        assert max(threats(HandView(obs))) < ALERT
        assert act(DefenderBot(), obs) == act(ScorerBot(), obs)


def test_defender_discards_safer_tiles_under_threat(observe) -> None:  # type: ignore[no-untyped-def]
    """An opponent with three exposed sets, 30 tiles from the end: the defender's discard is
    less likely to deal in than the scorer's."""
    obs = observe(
        "2479m1368p257sENW",
        discards=("", "5p", "", ""),
        other_melds=(("[234s2]", "[666s]", "[888s]"), (), ()),
        wall_live=30,
    )
    view = HandView(obs)
    threat = threats(view)
    assert threat[1] > threat[2] > 0
    bot = DefenderBot()
    mine = act(bot, obs)
    theirs = act(ScorerBot(), obs)
    assert mine != theirs
    assert bot.deal_in(view, mine.tile)[0] < bot.deal_in(view, theirs.tile)[0]


def test_mcr_deal_in_chances_follow_the_measured_shares(observe) -> None:  # type: ignore[no-untyped-def]
    """More declared sets and a shorter wall make a ready hand likelier; an honour, an end
    tile and the opponent's own discard are less likely winning tiles than a middle tile;
    a flush in the making fears its own suit and hardly honours."""
    early = observe("2479m1368p257sENW", other_melds=(("[234s2]",), (), ()))
    late = observe("2479m1368p257sENW", other_melds=(("[234s2]",), (), ()), wall_live=10)
    assert ready_chance(HandView(early), 1) < ready_chance(HandView(late), 1)
    assert ready_chance(HandView(early), 2) < ready_chance(HandView(early), 1)
    view = HandView(observe("2479m1368p257sENW", discards=("", "5p", "", "")))
    middle, end, honour = parse_tile("4p"), parse_tile("1p"), parse_tile("E")
    assert wait_chance(view, 2, honour) < wait_chance(view, 2, end) < wait_chance(view, 2, middle)
    assert wait_chance(view, 1, parse_tile("5p")) < wait_chance(view, 2, parse_tile("5p")) / 5
    flush = HandView(observe("2479m1368p257sENW", other_melds=(("[234s2]", "[666s]"), (), ())))
    assert wait_chance(flush, 1, parse_tile("5s")) > wait_chance(view, 1, parse_tile("5s"))
    assert wait_chance(flush, 1, honour) < wait_chance(view, 1, honour) / 5


def test_mcr_defender_weighs_a_discard_by_its_deal_in(observe) -> None:  # type: ignore[no-untyped-def]
    """Under threat a discard whose hand is worth ``w`` points becomes worth
    ``w * (1 - p) - cost``: ``p`` its chance to deal in, ``cost`` the 8 and the fans that
    would pay, weighted by the chances; given back in the scorer's values."""
    obs = observe(
        "2479m1368p257sENW",
        other_melds=(("[234s2]", "[666s]", "[888s]"), (), ()),
        wall_live=10,
    )
    view = HandView(obs)
    bot = DefenderBot()
    tile = parse_tile("5s")
    p, cost = bot.deal_in(view, tile)
    assert p > 0 and 8 * p < cost < 30 * p
    row = HAND_WORTH[0]
    expected = value_of_worth(row, hand_worth(row, 0.5) * (1 - p) - cost)
    assert bot.weigh(view, [(0.5, tile)], {}) == [(expected, tile)]
    assert expected < 0.5
    assert ScorerBot().weigh(view, [(0.5, tile)], {}) == [(0.5, tile)]


def test_mcr_hand_worth_rises_with_the_value() -> None:
    """The measured worth of a hand rises with the scorer's value on every wall row, so a
    worth read back gives the value it came from."""
    for row in HAND_WORTH:
        assert all(a < b for a, b in pairwise(row))
        for v in (-0.1, 0.0, 0.12, 0.3, 0.5, 0.9):
            assert abs(value_of_worth(row, hand_worth(row, v)) - v) < 1e-9


def test_a_called_opponent_is_a_full_threat(observe) -> None:  # type: ignore[no-untyped-def]
    obs = observe("2479m1368p257sENWSS", ruleset="taiwanese-lrc", ting=(False, False, True, False))
    assert threats(HandView(obs))[2] == 1.0
    assert danger(HandView(obs), 2, parse_tile("5m")) >= 1.0  # a live middle tile


def test_melds_written_by_hand_parse() -> None:
    assert Meld.parse("[123s1]").tile == parse_tile("1s")


def test_efficient_declares_ting_with_its_discard(observe) -> None:  # type: ignore[no-untyped-def]
    """Taiwanese: the discard that leaves the hand ready is made as a Ting declaration
    when the engine offers it (seed 004 lines 488-496)."""
    from mahjongkit.game.actions import TINGS

    hand = "123m456m789m123p45p11sE"
    legal = [DISCARDS[t] for t in parse_tiles("1m2m3m4m5m6m7m8m9m1p2p3p4p5p1sE")]
    legal += [TINGS[parse_tile("E")]]
    obs = observe(hand, ruleset="taiwanese-lrc", legal=legal)
    for name in ("efficient", "scorer", "defender"):
        assert act(BOTS[name](), obs).kind.value == "ting"


def test_defender_claims_nothing_far_from_ready_under_threat(observe) -> None:  # type: ignore[no-untyped-def]
    """Three steps from ready, the scorer pungs the Green Dragon; the defender does too
    while nobody threatens, and passes (keeping its tiles to discard safely) once an
    opponent with three sets reaches `THREATENED`."""
    hand = "1479m1368p257sCC"
    calm = observe(
        hand, phase="claim", claim_tile=parse_tile("C"), claim_giver=2, legal=[PUNG, PASS]
    )
    tense = observe(
        hand,
        phase="claim",
        claim_tile=parse_tile("C"),
        claim_giver=2,
        legal=[PUNG, PASS],
        other_melds=(("[234s2]", "[666s]", "[888s]"), (), ()),
        wall_live=30,
    )
    assert max(threats(HandView(calm))) < THREATENED <= max(threats(HandView(tense)))
    for obs in (calm, tense):
        assert act(ScorerBot(), obs) is PUNG
    assert act(DefenderBot(), calm) is PUNG
    assert act(DefenderBot(), tense) is PASS


def test_under_ting_rules_the_defender_weighs_a_claim_even_under_threat(observe) -> None:  # type: ignore[no-untyped-def]
    """Under Taiwanese rules the defender weighs every claim by the hand it leaves
    (`ScorerBot.weighed_claim`, docs/bots.md "Claims under Taiwanese rules"), threatened
    or not: three steps from ready, with an opponent's Ting on the table, it still pungs
    the Green Dragon, where the MCR rule (no claim while threatened and two or more steps
    from ready) would pass."""
    hand = "1223566m3368p45sWCC"

    def offered(ting: tuple[bool, ...]):  # type: ignore[no-untyped-def]
        return observe(
            hand,
            ruleset="taiwanese-lrc",
            phase="claim",
            claim_tile=parse_tile("C"),
            claim_giver=2,
            legal=[PUNG, PASS],
            ting=ting,
        )

    calm, tense = offered((False,) * 4), offered((False, False, True, False))
    assert max(threats(HandView(tense))) >= THREATENED
    assert shanten(HandView(tense).counts, 0, None) >= 2
    assert act(ScorerBot(), calm) is PUNG
    assert act(DefenderBot(), calm) is PUNG
    assert act(DefenderBot(), tense) is PUNG


class _CheckedDefender(DefenderBot):
    """A defender that, under threat (MCR), also values every discard and checks that
    its bounded choice (`rising_weight`) is the same."""

    checked = 0

    def choose_discard(self, view, counts, melds, allowed=None, beat=-1.0, **options):  # type: ignore[no-untyped-def]
        got = super().choose_discard(view, counts, melds, allowed, beat, **options)
        if self.on_guard(view):
            type(self).checked += 1
            self.rising_weight = lambda view: None  # type: ignore[method-assign]
            try:
                want = super().choose_discard(view, counts, melds, allowed)
            finally:
                del self.rising_weight
            # Where only a value above ``beat`` counts (a claim), a discard that cannot
            # beat it may be left out: then none is named.
            assert got == want if want[1] > beat else got[1] <= beat
        return got


def test_mcr_defender_under_threat_chooses_as_when_it_values_every_discard() -> None:
    """Under threat the defender leaves out a discard whose reach, weighed by its danger,
    cannot reach the best weighed value so far: the choice is that of valuing them all."""
    _CheckedDefender.checked = 0
    for n in range(3):
        bots = [_CheckedDefender() for _ in range(4)]
        play_hand(HandState.new("mcr", random.Random(n)), bots, n)
    assert _CheckedDefender.checked > 20


class _CheckedCalled(DefenderBot):
    """A defender that, after a Ting (Taiwanese), also values every discard and checks
    that the choice of `guarded_values` is the same, and each hand's value within its
    bound (`ceiling_at` of its `plan_distances`)."""

    checked = 0

    def choose_discard(self, view, counts, melds, allowed=None, beat=-1.0, **options):  # type: ignore[no-untyped-def]
        got = super().choose_discard(view, counts, melds, allowed, beat, **options)
        if self.discard_penalty(view, 0.0):
            type(self).checked += 1
            self.rising_weight = lambda view: None  # type: ignore[method-assign]
            try:
                want = super().choose_discard(view, counts, melds, allowed, beat, **options)
            finally:
                del self.rising_weight
            assert got == want
            forms = self.forms(view.obs.ruleset)
            sets = self.table(view.obs.ruleset).sets
            es = group_entries(counts)
            for t in range(34):
                kept = after_discard(counts, t) if counts[t] else ()
                least = shanten(kept, len(melds), forms) if kept else 0
                if least > 0:
                    u = live_useful(kept, len(melds), view.unseen, forms, least)
                    ceiling = ceiling_at(self.plan_distances(counts, melds, es, sets), least)
                    bound = Q_TAIWANESE**least * u / (u + 8) * ceiling
                    assert self.value(view, kept, melds, least, u) <= bound + ROUNDING
        return got


def test_taiwanese_defender_after_a_ting_chooses_as_when_it_values_every_discard() -> None:
    """After a Ting the defender leaves out a discard whose value, bounded by its reach
    and the richest plan the whole hand could still make, can neither be the best nor
    beat the best less its danger: the choice is that of valuing them all."""
    _CheckedCalled.checked = 0
    for n in range(4):
        bots = [_CheckedCalled() for _ in range(4)]
        play_hand(HandState.new("taiwanese-lrc", random.Random(n)), bots, n)
    assert _CheckedCalled.checked > 20


class _CheckedClaimed(DefenderBot):
    """A defender that checks each discard it takes over from the claim just weighed
    (`ScorerBot.choice_key`) against the discard chosen anew."""

    reused = 0

    def choose_discard(self, view, counts, melds, allowed=None, beat=-1.0, **options):  # type: ignore[no-untyped-def]
        claimed = self._claimed
        got = super().choose_discard(view, counts, melds, allowed, beat, **options)
        if view.obs.phase == "turn" and claimed is not None:
            penalty = self.discard_penalty(view, 0.0)
            if claimed[0] == self.choice_key(view, counts, melds, allowed, beat, penalty):
                type(self).reused += 1
                self._claimed = None
                # Chosen anew and valued (the turn's own ask may leave its value unread).
                assert got == super().choose_discard(view, counts, melds, allowed, beat)
        return got


def test_the_turn_after_a_claim_takes_the_discard_the_claim_was_weighed_by() -> None:
    """Under Taiwanese rules a claim is weighed by the best discard of the hand it makes;
    the turn that follows, asking the same of the same table, takes that discard over:
    it is the one chosen anew, threatened or not."""
    _CheckedClaimed.reused = 0
    for n in range(8):
        bots = [_CheckedClaimed() for _ in range(4)]
        play_hand(HandState.new("taiwanese-lrc", random.Random(n)), bots, n)
    assert _CheckedClaimed.reused > 10


class _CheckedPlans(ScorerBot):
    """A scorer that checks each best plan it keeps against the plan read anew."""

    checked = 0

    def best_plan(self, view, counts, melds, floor, table, known=None):  # type: ignore[no-untyped-def]
        got = super().best_plan(view, counts, melds, floor, table, known)
        assert got == self._read_plan(view, counts, melds, floor, table, known)
        type(self).checked += 1
        return got


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_the_plans_kept_are_those_read_anew(ruleset: str) -> None:
    """A hand's best plan is kept by the hand and the tiles with no copy unseen: a chow
    plan needing a second copy of a held tile whose others are all out is dead."""
    _CheckedPlans.checked = 0
    # In the first, a chow plan dies so (MCR). A Taiwanese turn reads plans only where
    # its choice needs a value (a ready hand, a claim): more hands for as many checks.
    hands = 2 if ruleset == "mcr" else 8
    for n in range(22546, 22546 + hands):
        bots = [_CheckedPlans() for _ in range(4)]
        play_hand(HandState.new(ruleset, random.Random(n)), bots, n)
    assert _CheckedPlans.checked > 50
