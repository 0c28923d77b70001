"""Decompositions of complete hands in every form, 13- and 16-tile (seed lines cited)."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from mahjongkit.hand import CHOW, KONG, PUNG, Hand
from mahjongkit.notation import parse_tiles
from mahjongkit.rules.ruleset import MCR_FORMS, Form, get_ruleset
from mahjongkit.scoring.mcr.random_hands import random_win
from mahjongkit.shapes import (
    KNITTED_STRAIGHTS,
    SUIT_SPLITS,
    decompositions,
    honor_split,
    is_complete,
    pair_rank_class,
    regular_splits,
    set_code,
    set_splits,
    sets_and_pair,
    sets_only,
)
from mahjongkit.tiles import parse_tile, tiles_to_counts


def forms(text: str, allowed: frozenset[Form] | None = None) -> list[str]:
    hand = Hand.parse(text)
    found = decompositions(hand) if allowed is None else decompositions(hand, allowed)
    return [d.form.value for d in found]


def test_every_reading_of_a_standard_hand() -> None:
    hand = Hand.parse("111222333m456p7p7p")
    readings = sorted(d.describe() for d in decompositions(hand))
    assert readings == ["111m 222m 333m 456p 77p", "123m 123m 123m 456p 77p"]


def test_declared_melds_stay_fixed_and_come_first() -> None:
    (d,) = decompositions(Hand.parse("[123m2][EEEE]456p789s1s1s"))
    assert [g.kind for g in d.groups] == [CHOW, KONG, CHOW, CHOW]
    assert d.groups[0].declared and d.groups[1].declared and not d.groups[2].declared
    assert d.pair == parse_tile("1s")


def test_a_waiting_hand_or_a_broken_one_has_no_decomposition() -> None:
    assert decompositions(Hand.parse("1112345678999m")) == []
    assert decompositions(Hand.parse("1112345678999m1p")) == []
    assert not is_complete(Hand.parse("1199m1199p1199s1s"))


def test_seven_pairs_take_four_alike_as_two_pairs_seed_002_line_110() -> None:
    assert forms("1199m1199p1199sEE") == ["seven_pairs"]
    (d,) = decompositions(Hand.parse("7777m1199p1199sEE"))
    assert d.pairs.count(parse_tile("7m")) == 2


def test_thirteen_orphans_13_tile_seed_002_line_82() -> None:
    (d,) = decompositions(Hand.parse("19m19p19sESWNCFPP"))
    assert d.form is Form.THIRTEEN_ORPHANS and d.pair == parse_tile("P")
    assert len(d.singles) == 12


def test_honours_and_knitted_tiles_seed_002_lines_112_and_138() -> None:
    lesser = Hand.parse("147m25p369sESWNCF")  # 8 knitted tiles + 6 honours
    greater = Hand.parse("147m25p36sESWNCFP")  # all seven honours
    assert forms(str(lesser)) == ["honors_and_knitted"]
    assert forms(str(greater)) == ["honors_and_knitted"]
    assert forms("147m258p36sESWNCC") == []  # a pair breaks it
    assert forms("147m258p68sESWNCF") == []  # 8s is not of the 3-6-9 of bamboo


def test_knitted_straight_with_a_set_and_a_pair_seed_002_line_140() -> None:
    (d,) = decompositions(Hand.parse("147m258p369sEEE11s"))
    assert d.form is Form.KNITTED_STRAIGHT and len(d.knitted) == 9
    assert d.knitted in KNITTED_STRAIGHTS and len(KNITTED_STRAIGHTS) == 6
    with_meld = decompositions(Hand.parse("[EEEE]147m258p369s11s"))
    assert [x.form for x in with_meld] == [Form.KNITTED_STRAIGHT]


def test_forms_filter_by_ruleset() -> None:
    assert forms("1199m1199p1199sEE", frozenset({Form.REGULAR})) == []
    assert forms("1199m1199p1199sEE", MCR_FORMS) == ["seven_pairs"]


# -- Taiwanese 16-tile (seed 004) ---------------------------------------------------


def test_sixteen_tile_standard_hand_five_sets_and_a_pair_seed_004_line_181() -> None:
    hand = Hand.parse("123m456m789m123p456pEE")
    (d,) = decompositions(hand, get_ruleset("taiwanese-lrc").scoring.forms)
    assert len(d.groups) == 5 and d.pair == parse_tile("E")
    melded = Hand.parse("[123m2][EEE1][5555p6]789p11s234s")
    assert [x.form for x in decompositions(melded)] == [Form.REGULAR]


def test_nico_nico_seven_pairs_and_a_pung_seed_004_line_348() -> None:
    (d,) = decompositions(Hand.parse("11m22m33m44p55p66sEEE9s9s"))
    assert d.form is Form.NICO_NICO and len(d.pairs) == 7
    assert d.groups[0].kind is PUNG and d.groups[0].tile == parse_tile("E")


def test_nico_nico_counts_four_alike_as_two_pairs_seed_004_line_351() -> None:
    (d,) = decompositions(Hand.parse("1111m22m33p44p55sEEE9s9s"))
    assert d.pairs.count(parse_tile("1m")) == 2


def test_nico_nico_needs_exactly_one_pung() -> None:
    assert forms("11m22m33m44p55p66sEE99s") == []  # no pung: 16 + 1 is odd
    assert forms("111m222m33m44p55p66sE9s9s") == []  # two pungs


def test_thirteen_orphans_16_tile_seed_004_line_356() -> None:
    """1s & 9s of all 3 suits + one of every honour + any pung or chow + an orphan pair."""
    chow = decompositions(Hand.parse("19m19p19sESWNCFP456pE"))
    assert [d.form for d in chow] == [Form.THIRTEEN_ORPHANS]
    assert chow[0].groups[0].kind is CHOW and chow[0].pair == parse_tile("E")
    pung = decompositions(Hand.parse("19m19p19sESWNCFP555s9s"))
    assert [d.form for d in pung] == [Form.THIRTEEN_ORPHANS]
    assert forms("19m19p19sESWNCFP456p5p") == []  # the pair must be an orphan


def test_sixteen_orphans_seed_004_line_358() -> None:
    """Three tiles per suit unrelated by at least 2 numbers, each honour, a pair."""
    (d,) = decompositions(Hand.parse("147m258p369sESWNCFPP"))
    assert d.form is Form.SIXTEEN_ORPHANS and d.pair == parse_tile("P")
    assert forms("147m258p369sESWNCFP4m") == ["sixteen_orphans"]
    assert forms("146m258p369sESWNCFPP") == []  # 4m and 6m are related
    dxb = get_ruleset("taiwanese-dxb").scoring.forms
    assert decompositions(Hand.parse("147m258p369sESWNCFPP"), dxb) == []  # LRC only


# -- the one splitter -----------------------------------------------------------------


def reference_splits(counts: list[int], start: int = 0) -> Iterator[tuple[int, ...]]:
    """Every multiset of pungs and chows of one suit's counts, as sorted set codes: the
    lowest tile left starts a pung or a chow (slow and plain)."""
    t = start
    while t < len(counts) and not counts[t]:
        t += 1
    if t == len(counts):
        yield ()
        return
    if counts[t] >= 3:
        counts[t] -= 3
        for rest in reference_splits(counts, t):
            yield (set_code(t, False), *rest)
        counts[t] += 3
    if t + 2 < len(counts) and counts[t + 1] and counts[t + 2]:
        for u in (t, t + 1, t + 2):
            counts[u] -= 1
        for rest in reference_splits(counts, t):
            yield (set_code(t, True), *rest)
        for u in (t, t + 1, t + 2):
            counts[u] += 1


def reference(counts: tuple[int, ...]) -> set[tuple[tuple[int, ...], int]]:
    """Every split of one suit into sets, with a pair when its size asks for one."""
    work = list(counts)
    if sum(counts) % 3 == 0:
        return {(tuple(sorted(x)), -1) for x in reference_splits(work)}
    found = set()
    for p in range(len(counts)):
        if work[p] >= 2:
            work[p] -= 2
            found |= {(tuple(sorted(x)), p) for x in reference_splits(work)}
            work[p] += 2
    return found


def test_the_splitter_finds_every_split_of_a_suit_once() -> None:
    """Every suit of up to eight tiles in each of the three suits: the splits are the
    reference's, none twice (a pung of three chows' tiles is a split of its own)."""
    for key in itertools.product(range(5), repeat=9):
        if sum(key) > 8 or sum(key) % 3 == 1:
            continue
        want = reference(key)
        for suit in range(3):
            got = SUIT_SPLITS[suit](bytes(key).decode("latin-1"))
            base = 9 * suit
            moved = {
                (tuple(c - 2 * base for c in codes), p - base if p >= 0 else -1) for codes, p in got
            }
            assert len(got) == len(moved) == len(want) and moved == want, key


def test_whether_a_suit_splits_is_whether_the_splitter_splits_it() -> None:
    """`sets_only` and `sets_and_pair` (table look-ups) answer as the splitter does, for
    random suits of up to fourteen tiles."""
    rng = random.Random(16)
    for _ in range(20000):
        key = tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9))
        size = sum(key)
        if size > 14:
            continue
        split = bool(SUIT_SPLITS[0](bytes(key).decode("latin-1")))
        if size % 3 == 0:
            assert sets_only(key) == split, key
        elif size % 3 == 2:
            assert sets_and_pair(list(key), pair_rank_class(key)) == split, key


def test_honours_split_into_pungs_and_one_pair_at_most() -> None:
    assert honor_split(bytes((3, 2, 0, 0, 0, 0, 3)).decode("latin-1")) == (1, 28, bytes((54, 66)))
    assert honor_split(bytes((3, 1, 0, 0, 0, 0, 0)).decode("latin-1")) is None  # a loose E
    assert honor_split(bytes((4, 0, 0, 0, 0, 0, 0)).decode("latin-1")) is None  # no kong here


def test_a_hand_splits_as_its_suits_do_and_decompositions_read_those_splits() -> None:
    """The decompositions' sets are the splits' (every regular reading, in the order of
    their pairs and then their sets), and a hand split without a pair has none."""
    rng = random.Random(4)
    for _ in range(300):
        hand, _situation = random_win(rng)
        splits = regular_splits(hand.concealed, 4 - len(hand.melds))
        readings = decompositions(hand, {Form.REGULAR})
        want = sorted(splits, key=lambda split: split[1])
        got = [
            (bytes(set_code(g.tile, g.kind is CHOW) for g in d.groups if not g.declared), d.pair)
            for d in readings
        ]
        assert got == want
    three = tiles_to_counts(parse_tiles("123m456m789m"))
    assert [list(codes) for codes, _ in set_splits(three)] == [[1, 7, 13]]
    assert set_splits(tiles_to_counts(parse_tiles("123m456m789m11p"))) == ()
