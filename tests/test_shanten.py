"""Shanten, waits, useful tiles and discards: known hands, the wait corpus, properties.

The slow exact reference is `shapes.decompositions`: a hand is complete exactly when it
has a decomposition, and a tile is a wait exactly when it makes the hand complete.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mahjongkit.errors import InvalidHandError
from mahjongkit.hand import Hand, Meld
from mahjongkit.notation import format_tiles, parse_tiles
from mahjongkit.rules.ruleset import MCR_FORMS, Form, get_ruleset
from mahjongkit.shanten import (
    TAIWANESE_FORMS,
    DiscardOption,
    discards,
    shanten,
    shanten_by_form,
    useful_tiles,
    waits,
)
from mahjongkit.shapes import decompositions
from mahjongkit.tiles import HONORS, NAMES, NUM_KINDS, TERMINALS_AND_HONORS

from .conftest import DATA


def tiles(text: str) -> list[int]:
    return parse_tiles(text)


# -- known values -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1112345678999m", 0),  # nine gates
        ("1112345678999m5m", -1),
        ("123m456p789s1sEEE", 0),
        ("[123m2]45p66p789s1sEE", 1),
        ("[123m2][EEEE]45p66p789s", 0),
    ],
)
def test_known_mcr_values(text: str, expected: int) -> None:
    assert shanten(Hand.parse(text)) == expected


def test_isolated_tiles_are_eight_from_ready_in_the_standard_form() -> None:
    hand = Hand.parse("147m258p369sESWN")
    assert shanten_by_form(hand)[Form.REGULAR] == 8
    # ...but it is a knitted-tiles hand (MCR Lesser Honours and Knitted Tiles) one away.
    assert shanten_by_form(hand)[Form.HONORS_AND_KNITTED] == 0
    assert format_tiles(waits(hand)) == "CFP"


def test_each_mcr_form_reports_its_own_value() -> None:
    forms = shanten_by_form(Hand.parse("1199m1199p1199sE"))
    assert forms[Form.SEVEN_PAIRS] == 0
    assert forms[Form.REGULAR] == 3
    assert shanten(Hand.parse("1199m1199p1199sE")) == 0
    orphans = shanten_by_form(Hand.parse("19m19p19sESWNCFP"))
    assert orphans[Form.THIRTEEN_ORPHANS] == 0
    knitted = shanten_by_form(Hand.parse("147m258p369s11sEE"))
    assert knitted[Form.KNITTED_STRAIGHT] == 0


def test_melds_rule_out_the_concealed_forms() -> None:
    forms = shanten_by_form(Hand.parse("[123m2]45p66p789s1sEE"))
    assert set(forms) == {Form.REGULAR, Form.KNITTED_STRAIGHT}
    forms = shanten_by_form(Hand.parse("[123m2][EEE1]45p66p789s"))
    assert set(forms) == {Form.REGULAR}


def test_counts_and_hand_give_the_same_answers() -> None:
    hand = Hand.parse("[123m2]45p66p789s1sEE")
    assert shanten(hand.concealed, 1) == shanten(hand) == 1
    assert shanten(hand.concealed, list(hand.melds)) == 1
    assert waits(hand.concealed, 1) == waits(hand)
    assert useful_tiles(hand.concealed, 1) == useful_tiles(hand)


def test_rules_choose_the_forms() -> None:
    hand = Hand.parse("1199m1199p1199sE")
    assert shanten(hand, rules=[Form.REGULAR]) == 3
    assert shanten(hand, rules=get_ruleset("mcr")) == 0
    assert shanten(hand, rules=get_ruleset("mcr-gb")) == 0
    with pytest.raises(InvalidHandError, match="16"):
        shanten(hand, rules=get_ruleset("taiwanese-lrc"))
    with pytest.raises(TypeError, match="get_ruleset"):
        shanten(hand, rules="mcr")  # shanten is below the rules: the caller resolves a name
    with pytest.raises(InvalidHandError, match="no hand form"):
        shanten(Hand.parse("[123m2]45p66p789s1sEE"), rules=[Form.SEVEN_PAIRS])


@pytest.mark.parametrize(
    "bad",
    [(0,) * 33, (5,) + (0,) * 33, (-1,) + (1,) * 33, (1,) * 34, (0,) * 34],
)
def test_bad_counts_raise_a_clear_error(bad: tuple[int, ...]) -> None:
    with pytest.raises(InvalidHandError):
        shanten(bad)


def test_waits_need_a_waiting_hand_and_discards_a_full_one() -> None:
    with pytest.raises(InvalidHandError, match="not waiting"):
        waits(Hand.parse("1112345678999m5m"))
    with pytest.raises(InvalidHandError, match="no tile too many"):
        discards(Hand.parse("1112345678999m"))


def test_dead_wait_is_left_out_but_shape_stays_ready() -> None:
    """The hand holds all four 1p: it is ready in shape (as PyMahjongGB counts it) but
    its only completing tile cannot arrive, so it has no waits."""
    hand = Hand.parse("123456789m1111p")
    assert shanten(hand) == 0
    assert waits(hand) == []
    assert useful_tiles(hand) == []


def test_a_meld_counts_towards_the_four_copies() -> None:
    hand = Hand.parse("[111s1]2345678999s")
    # 3s, 6s and 9s complete the shape, but 9s is held four times and ...
    assert "9s" not in [NAMES[t] for t in waits(hand)]
    assert format_tiles(waits(hand)) == "124578s"


# -- the wait corpus ----------------------------------------------------------------


def _wait_cases() -> list[dict[str, object]]:
    with open(DATA / "waits.jsonl", encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


@pytest.mark.parametrize("case", _wait_cases(), ids=lambda c: str(c["id"]))
def test_wait_corpus(case: dict[str, object]) -> None:
    hand = Hand.parse(str(case["hand"]))
    expected = sorted(tiles("".join(str(t) for t in case["waits"])))  # type: ignore[attr-defined]
    assert waits(hand) == expected
    assert (shanten(hand) == 0) or not expected


# -- Taiwanese 16-tile forms (seed 004) ---------------------------------------------


def test_sixteen_tile_regular_needs_five_sets_and_a_pair() -> None:
    """Seed 003/004: 5 sets + a pair wins on the 17th tile (004 line 181)."""
    hand = Hand.parse("123m456m789m123p45pEE")
    assert shanten(hand, rules=get_ruleset("taiwanese-lrc")) == 0
    assert format_tiles(waits(hand, rules=get_ruleset("taiwanese-lrc"))) == "36p"
    assert shanten(hand.with_tile(tiles("3p")[0]), rules=get_ruleset("taiwanese-lrc")) == -1


def test_nico_nico_seven_pairs_and_a_pung_seed_004_line_348() -> None:
    hand = Hand.parse("11m22m33m44p55p66sEEE9s")
    by_form = shanten_by_form(hand, rules=get_ruleset("taiwanese-lrc"))
    assert by_form[Form.NICO_NICO] == 0
    lrc = get_ruleset("taiwanese-lrc")
    assert 35 not in waits(hand) and tiles("9s")[0] in waits(hand, rules=lrc)
    # A pung-less hand of eight pairs is one away: a pair must grow into the pung.
    eight_pairs = Hand.parse("11m22m33m44p55p66sEEWW")
    assert shanten_by_form(eight_pairs, rules=get_ruleset("taiwanese-lrc"))[Form.NICO_NICO] == 0
    assert format_tiles(waits(eight_pairs, rules=[Form.NICO_NICO])) == format_tiles(
        sorted(tiles("123m45p6sEW"))
    )


def test_nico_nico_four_alike_are_two_pairs_seed_004_line_351() -> None:
    hand = Hand.parse("1111m22m33p44p55sEEE9s")
    assert shanten_by_form(hand, rules=get_ruleset("taiwanese-lrc"))[Form.NICO_NICO] == 0
    assert waits(hand, rules=[Form.NICO_NICO]) == tiles("9s")
    # The fourth copy beside the pung can be in no pair: four quads are not ready.
    quads = Hand.parse("EEEESSSSWWWWNNNN")
    assert shanten(quads, rules=[Form.NICO_NICO]) == 1


def test_thirteen_orphans_16_tile_seed_004_line_356() -> None:
    """1s and 9s of all suits, every honour, a set and one more orphan as the pair."""
    hand = Hand.parse("19m19p19sESWNCFP456p")
    assert shanten_by_form(hand, rules=get_ruleset("taiwanese-lrc"))[Form.THIRTEEN_ORPHANS] == 0
    assert format_tiles(waits(hand, rules=[Form.THIRTEEN_ORPHANS])) == format_tiles(
        sorted(TERMINALS_AND_HONORS)
    )
    complete = hand.with_tile(tiles("E")[0])
    assert shanten(complete, rules=[Form.THIRTEEN_ORPHANS]) == -1
    # With the pair already there, the hand waits on the set instead.
    set_wait = Hand.parse("19m19p19sESWNCFPP45p")
    assert format_tiles(waits(set_wait, rules=[Form.THIRTEEN_ORPHANS])) == "36p"
    # An orphan pung beside that orphan's single leaves no copy for the pair.
    pung = Hand.parse("19m19p19sESWNCFPEEE")
    assert tiles("E")[0] not in waits(pung, rules=[Form.THIRTEEN_ORPHANS])


def test_sixteen_orphans_lrc_only_seed_004_line_358() -> None:
    """Three unrelated tiles per suit (at least three ranks apart), each honour, a pair."""
    hand = Hand.parse("147m258p369sESWNCFP")
    lrc = shanten_by_form(hand, rules=get_ruleset("taiwanese-lrc"))
    assert lrc[Form.SIXTEEN_ORPHANS] == 0
    assert len(waits(hand, rules=[Form.SIXTEEN_ORPHANS])) == 16
    assert Form.SIXTEEN_ORPHANS not in shanten_by_form(hand, rules=get_ruleset("taiwanese-dxb"))
    related = Hand.parse("145m258p369sESWNCFP")  # 4m and 5m are related
    assert shanten(related, rules=[Form.SIXTEEN_ORPHANS]) == 1


def test_taiwanese_hand_with_melds_keeps_only_the_standard_form() -> None:
    hand = Hand.parse("[123m2][EEE1]456p789p11s23s")
    assert set(shanten_by_form(hand, rules=get_ruleset("taiwanese-lrc"))) == {Form.REGULAR}
    assert format_tiles(waits(hand, rules=get_ruleset("taiwanese-lrc"))) == "14s"


# -- discards -----------------------------------------------------------------------


def test_discards_list_every_held_kind_best_first() -> None:
    hand = Hand.parse("123m456p789s11sEEC")
    options = discards(hand)
    assert len(options) == len({t for t in hand.concealed_tiles()})
    best = options[0]
    assert best == DiscardOption(tiles("C")[0], 0, tuple(sorted(tiles("1sE"))), 4)
    assert [o.shanten for o in options] == sorted(o.shanten for o in options)


def test_discards_discount_visible_tiles() -> None:
    hand = Hand.parse("123m456p789s11sEEC")
    seen = [0] * NUM_KINDS
    seen[tiles("E")[0]] = 2
    best = discards(hand, visible=seen)[0]
    assert best.tile == tiles("C")[0] and best.useful_count == 2
    seen[tiles("E")[0]] = 3
    with pytest.raises(InvalidHandError, match="copies of E"):
        discards(hand, visible=seen)


def test_discard_shanten_matches_shanten_after_the_discard() -> None:
    hand = Hand.parse("[123m2]45p66p789s1sEEW")
    for option in discards(hand):
        counts = list(hand.concealed)
        counts[option.tile] -= 1
        assert option.shanten == shanten(tuple(counts), 1)
        assert list(option.useful) == useful_tiles(tuple(counts), 1)


# -- properties ---------------------------------------------------------------------

SETTINGS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def random_hands(draw: st.DrawFn, size: int = 13, extra: int = 0, near: bool = True) -> Hand:
    """A hand dealt from a shuffled set, often built from sets so it is near complete."""
    seed = draw(st.integers(0, 2**32 - 1))
    rng = random.Random(seed)
    left = [4] * NUM_KINDS
    melds: list[Meld] = []
    concealed: list[int] = []
    n_sets = size // 3
    n_melds = draw(st.integers(0, n_sets)) if draw(st.booleans()) else 0
    want = size + extra
    for i in range(n_sets):
        if not near and i >= n_melds:
            break
        for _ in range(50):
            if rng.random() < 0.5:
                t = rng.randrange(27)
                if t % 9 <= 6 and all(left[u] for u in (t, t + 1, t + 2)):
                    for u in (t, t + 1, t + 2):
                        left[u] -= 1
                    if i < n_melds:
                        melds.append(Meld.parse(f"[{format_tiles([t, t + 1, t + 2])}]"))
                    else:
                        concealed += [t, t + 1, t + 2]
                    break
            else:
                t = rng.randrange(NUM_KINDS)
                if left[t] >= 3:
                    left[t] -= 3
                    if i < n_melds:
                        melds.append(Meld.parse(f"[{format_tiles([t] * 3)}1]"))
                    else:
                        concealed += [t] * 3
                    break
    if near and draw(st.booleans()):
        pair = rng.choice([t for t in range(NUM_KINDS) if left[t] >= 2])
        left[pair] -= 2
        concealed += [pair, pair]
    pool = [t for t in range(NUM_KINDS) for _ in range(left[t])]
    rng.shuffle(pool)
    concealed += pool[: want - 3 * len(melds) - len(concealed)]
    concealed = concealed[: want - 3 * len(melds)]
    # Swap a few tiles so not every hand is one tile from complete.
    for _ in range(draw(st.integers(0, 3))):
        concealed[rng.randrange(len(concealed))] = pool.pop()
    counts = [0] * NUM_KINDS
    for m in melds:
        for t in m.tiles:
            counts[t] += 1
    fixed: list[int] = []
    for t in concealed:
        if counts[t] < 4:
            counts[t] += 1
            fixed.append(t)
    while len(fixed) < want - 3 * len(melds):
        t = rng.randrange(NUM_KINDS)
        if counts[t] < 4:
            counts[t] += 1
            fixed.append(t)
    rng.shuffle(fixed)
    return Hand.from_tiles(fixed, tuple(melds), winning_tile=fixed[-1] if extra else None)


@SETTINGS
@given(random_hands(13, 1))
def test_shanten_is_minus_one_exactly_when_complete_13(hand: Hand) -> None:
    assert (shanten(hand) == -1) == bool(decompositions(hand, MCR_FORMS))


@SETTINGS
@given(random_hands(16, 1))
def test_shanten_is_minus_one_exactly_when_complete_16(hand: Hand) -> None:
    assert (shanten(hand, rules=get_ruleset("taiwanese-lrc")) == -1) == bool(
        decompositions(hand, TAIWANESE_FORMS)
    )


@SETTINGS
@given(st.sampled_from([13, 16]).flatmap(lambda size: random_hands(size, 0)))
def test_waits_are_exactly_the_tiles_that_complete(hand: Hand) -> None:
    forms = MCR_FORMS if hand.size == 13 else TAIWANESE_FORMS
    held = hand.all_counts()
    expected = [
        t for t in range(NUM_KINDS) if held[t] < 4 and decompositions(hand.with_tile(t), forms)
    ]
    assert waits(hand, rules=forms) == expected


@SETTINGS
@given(st.sampled_from([13, 16]).flatmap(lambda size: random_hands(size, 0)))
def test_shanten_zero_exactly_when_waits_non_empty(hand: Hand) -> None:
    """Ready means waits, except for a wait the hand itself holds four of (dead)."""
    forms = MCR_FORMS if hand.size == 13 else TAIWANESE_FORMS
    ready = shanten(hand, rules=forms) == 0
    found = waits(hand, rules=forms)
    if found:
        assert ready
    elif ready:
        # Only a kind held four times can be the missing wait.
        assert 4 in hand.all_counts()


@SETTINGS
@given(st.sampled_from([13, 16]).flatmap(lambda size: random_hands(size, 0)))
def test_a_useful_tile_lowers_shanten_and_no_other_tile_does(hand: Hand) -> None:
    forms = MCR_FORMS if hand.size == 13 else TAIWANESE_FORMS
    before = shanten(hand, rules=forms)
    useful = useful_tiles(hand, rules=forms)
    held = hand.all_counts()
    for t in range(NUM_KINDS):
        if held[t] == 4:
            assert t not in useful
            continue
        after = shanten(hand.with_tile(t), rules=forms)
        assert (after < before) == (t in useful), NAMES[t]


def test_one_exchange_changes_special_form_shanten_by_exactly_one() -> None:
    """For the exact 16-tile special forms, shanten obeys its defining recurrence: one
    draw and one discard bring a hand that is not ready exactly one step closer."""
    rng = random.Random(2004)
    for form in (Form.NICO_NICO, Form.THIRTEEN_ORPHANS, Form.SIXTEEN_ORPHANS):
        for _ in range(12):
            base = {
                Form.NICO_NICO: tiles("1122m3344p5566sEEE9s"),
                Form.THIRTEEN_ORPHANS: tiles("19m19p19sESWNCFP456p"),
                Form.SIXTEEN_ORPHANS: tiles("147m258p369sESWNCFP"),
            }[form][:16]
            hand = list(base)
            for _ in range(rng.randrange(1, 5)):
                hand[rng.randrange(16)] = rng.randrange(NUM_KINDS)
            counts = [0] * NUM_KINDS
            for t in hand:
                counts[t] += 1
            if max(counts) > 4:
                continue
            value = shanten(tuple(counts), rules=[form])
            best = 99
            for t in range(NUM_KINDS):
                if counts[t] == 4:
                    continue
                for d in range(NUM_KINDS):
                    if d == t or not counts[d]:
                        continue
                    nxt = list(counts)
                    nxt[t] += 1
                    nxt[d] -= 1
                    best = min(best, shanten(tuple(nxt), rules=[form]))
            assert best == max(0, value - 1), (form, format_tiles(sorted(hand)))


def test_sixteen_orphans_useful_tiles_are_the_missing_honours() -> None:
    hand = Hand.parse("1147m258p3699sESWNC")
    assert shanten(hand, rules=[Form.SIXTEEN_ORPHANS]) == 1
    assert set(HONORS) & set(useful_tiles(hand, rules=[Form.SIXTEEN_ORPHANS])) == set(tiles("FP"))
