"""The batched shanten paths the bots use agree with the one-hand-at-a-time API.

`discard_shanten`, `useful_count_of_entries` (mahjongkit.shanten) and
`live_useful_of_entries` (bots.hand_view) are speed paths: each must give exactly what
the plain functions give, on random hands of both sizes with and without melds.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from mahjongkit.bots.efficient import DISCARD_ORDER, EfficientBot, best_discards
from mahjongkit.bots.efficient_choice import least_discard
from mahjongkit.bots.hand_view import (
    HandView,
    after_discard,
    discard_entries,
    forms_argument,
    kept_shanten,
    least_discards,
    live_useful,
    useful_after_discards,
    useful_kinds_of_ties,
    useful_of_ties,
)
from mahjongkit.bots.two_draws import Readings, lead_totals
from mahjongkit.game.state import HandState
from mahjongkit.notation import format_tiles
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import (
    TABLES,
    _mcr_useful,
    _replace,
    _sixteen_orphans,
    _sixteen_orphans_less,
    discard_shanten,
    discard_ties,
    group_entries,
    regular_shanten,
    shanten,
    special_16_floor,
    useful_count_of_entries,
    useful_tiles,
)
from mahjongkit.tiles import NUM_KINDS

from .conftest import act


def random_hand(rng: random.Random, size: int, melds: int, extra: int) -> tuple[int, ...]:
    """Concealed counts of a hand of ``size`` with ``melds`` melds and ``extra`` tiles
    more, drawn from a shuffled wall (often near a pattern: one suit favoured)."""
    wall = [t for t in range(NUM_KINDS) for _ in range(4)]
    if rng.random() < 0.5:  # lean to one suit, so flush-like and knitted shapes occur
        suit = rng.randrange(3)
        wall += [t for t in range(9 * suit, 9 * suit + 9) for _ in range(4)] * 2
    rng.shuffle(wall)
    counts = [0] * NUM_KINDS
    need = size - 3 * melds + extra
    for t in wall:
        if counts[t] < 4:
            counts[t] += 1
            need -= 1
            if not need:
                break
    return tuple(counts)


def reference_live_useful(
    counts: tuple[int, ...], melds: int, unseen: Sequence[int], forms: frozenset[Form] | None
) -> int:
    """`live_useful` as first written: every tile tried through the public API."""
    least = shanten(counts, melds, forms)
    need = (16 if sum(counts) + 3 * melds >= 16 else 13) // 3 - melds
    regular = shanten(counts, melds, [Form.REGULAR])
    if least < regular:
        if melds == 0 and need == 4 and 6 - sum(c // 2 for c in counts) == least:
            return sum(unseen[t] for t in range(NUM_KINDS) if counts[t] == 1)
        return sum(unseen[t] for t in useful_tiles(counts, melds, forms))
    total = 0
    for t in range(NUM_KINDS):
        if counts[t] < 4 and unseen[t]:
            more = (*counts[:t], counts[t] + 1, *counts[t + 1 :])
            if shanten(more, melds, [Form.REGULAR]) < regular:
                total += unseen[t]
    return total


CASES = [(13, m) for m in range(3)] + [(16, m) for m in range(3)]


@pytest.mark.parametrize(("size", "melds"), CASES)
def test_discard_shanten_matches_shanten_of_each_discard(size: int, melds: int) -> None:
    rng = random.Random(size * 10 + melds)
    for _ in range(150):
        counts = random_hand(rng, size, melds, 1)
        out = discard_shanten(counts, melds)
        for t in range(NUM_KINDS):
            want = shanten(after_discard(counts, t), melds) if counts[t] else 99
            assert out[t] == want, (counts, t)


@pytest.mark.parametrize(("size", "melds"), CASES)
def test_useful_count_matches_useful_tiles(size: int, melds: int) -> None:
    rng = random.Random(size * 100 + melds)
    for _ in range(150):
        counts = random_hand(rng, size, melds, 0)
        unseen = tuple(rng.randrange(5) for _ in range(NUM_KINDS))
        want = sum(unseen[t] for t in useful_tiles(counts, melds))
        assert useful_count_of_entries(group_entries(counts), melds, unseen) == want, counts


@pytest.mark.parametrize(("size", "melds"), CASES)
def test_live_useful_matches_the_tile_by_tile_reading(size: int, melds: int) -> None:
    rng = random.Random(size * 1000 + melds)
    for _ in range(150):
        counts = random_hand(rng, size, melds, 0)
        unseen = tuple(rng.randrange(5) for _ in range(NUM_KINDS))
        want = reference_live_useful(counts, melds, unseen, None)
        assert live_useful(counts, melds, unseen, None) == want, counts


def test_discard_entries_changes_one_group() -> None:
    counts = (1,) * 9 + (2,) + (0,) * 24
    es = discard_entries(group_entries(counts), 9)
    assert es == group_entries(after_discard(counts, 9))
    with pytest.raises(ValueError, match="no tile 20"):
        discard_entries(group_entries(counts), 20)


def test_regular_gains_are_the_ranks_that_lower_the_standard_shanten() -> None:
    counts = (0, 1, 1, 0, 0, 0, 0, 0, 0) + (0,) * 25  # 23m waits on 1m and 4m
    es = group_entries(counts)
    rest = TABLES.combine(TABLES.combine(es[1].cls, es[2].cls), es[3].cls)
    assert TABLES.regular_gains(es[0], rest, 1) == (0, 3)


def test_best_discards_is_the_least_shanten_then_most_useful() -> None:
    rng = random.Random(5)
    for _ in range(100):
        counts = random_hand(rng, 13, 0, 1)
        unseen = tuple(max(0, 4 - c) for c in counts)
        options = best_discards(counts, 0, unseen, None)
        least = min(shanten(after_discard(counts, t), 0) for t in range(NUM_KINDS) if counts[t])
        want = sorted(
            (
                (t, least, reference_live_useful(after_discard(counts, t), 0, unseen, None))
                for t in range(NUM_KINDS)
                if counts[t] and shanten(after_discard(counts, t), 0) == least
            ),
            key=lambda o: (-o[2], DISCARD_ORDER[o[0]], o[0]),
        )
        assert options == want


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc", "taiwanese-dxb"])
def test_the_efficient_discard_is_the_first_of_best_discards(ruleset: str) -> None:
    """The efficient bot's compiled choice (`least_discard`) is the first of the plain
    ordering (`best_discards`), from every held kind and from some of them only."""
    forms = forms_argument(ruleset)
    for seed in range(30):
        view = HandView(HandState.new(ruleset, random.Random(seed)).observation(0))
        held = {t for t in range(NUM_KINDS) if view.counts[t]}
        for allowed in (held, set(sorted(held)[::2])):
            ordered = best_discards(view.counts, view.melds, view.unseen, forms, frozenset(allowed))
            assert least_discard(view, forms, allowed) == ordered[0][:2]


@pytest.mark.parametrize(
    ("ruleset", "size", "melds"),
    [("mcr", 13, 1), ("taiwanese-lrc", 16, 0), ("taiwanese-lrc", 16, 2), ("taiwanese-dxb", 16, 0)],
)
def test_least_discards_are_the_least_shanten_and_their_useful_tiles(
    ruleset: str, size: int, melds: int
) -> None:
    """The look two draws ahead reads `least_discards` unordered: the discards of the
    least shanten in tile order, each with its unseen useful tiles, as the plain
    functions give them (also for a ruleset's own forms, and a subset of discards)."""
    forms = forms_argument(ruleset)
    rng = random.Random(size + melds)
    for _ in range(25):
        counts = random_hand(rng, size, melds, 1)
        unseen = tuple(max(0, 4 - c) for c in counts)
        held = [t for t in range(NUM_KINDS) if counts[t]]
        allowed = frozenset(held[::2]) if rng.random() < 0.3 else None
        after = {t: shanten(after_discard(counts, t), melds, forms) for t in held}
        if allowed is not None:
            after = {t: s for t, s in after.items() if t in allowed}
        least = min(after.values())
        tiles = [t for t in sorted(after) if after[t] == least]
        useful = [
            reference_live_useful(after_discard(counts, t), melds, unseen, forms) for t in tiles
        ]
        assert least_discards(counts, melds, unseen, forms, allowed) == (least, tiles, useful)


def test_kept_shanten_is_the_regular_shanten_of_the_suit_kept() -> None:
    """A flush's distance read from the groups' classes is `regular_shanten` of the
    tiles it keeps: one suit, with or without the honours."""
    rng = random.Random(3)
    for _ in range(100):
        size = rng.choice((13, 16))
        counts = random_hand(rng, size, 0, 0)
        es = group_entries(counts)
        for suit in range(3):
            for honours in (False, True):
                kept = [0] * NUM_KINDS
                kept[9 * suit : 9 * suit + 9] = counts[9 * suit : 9 * suit + 9]
                if honours:
                    kept[27:] = counts[27:]
                for sets in range(1, size // 3 + 1):
                    assert kept_shanten(es, suit, honours, sets) == regular_shanten(kept, sets)


def test_useful_tiles_of_the_closer_special_forms_are_named_form_by_form() -> None:
    """Hands nearer Seven Pairs, Thirteen Orphans or Honors and Knitted than the standard
    form: the form-by-form reading equals trying every tile."""
    rng = random.Random(11)
    orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
    knitted = [0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)]
    checked = 0
    for i in range(3000):
        pool = [list(range(NUM_KINDS)), orphans, knitted][i % 3] + list(range(NUM_KINDS))
        counts = [0] * NUM_KINDS
        n = 0
        while n < 13:
            t = rng.choice(pool)
            if counts[t] < 4:
                counts[t] += 1
                n += 1
        got = _mcr_useful(group_entries(counts), 0)
        if got is not None:
            checked += 1
            assert got == set(useful_tiles(tuple(counts), 0)), counts
    assert checked > 500


@pytest.mark.parametrize(("size", "melds"), CASES)
def test_useful_after_discards_matches_live_useful_of_each_discard(size: int, melds: int) -> None:
    rng = random.Random(size * 7 + melds)
    for _ in range(100):
        counts = random_hand(rng, size, melds, 1)
        unseen = tuple(rng.randrange(5) for _ in range(NUM_KINDS))
        after = discard_shanten(counts, melds)
        least = min(after)
        tied = [t for t in range(NUM_KINDS) if after[t] == least]
        want = [live_useful(after_discard(counts, t), melds, unseen, None, least) for t in tied]
        assert (
            useful_after_discards(group_entries(counts), tied, melds, unseen, None, least) == want
        )


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_the_bot_discards_the_first_of_best_discards(observe, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    """The turn's own path (useful tiles counted only on a tie) picks what
    `best_discards` ranks first."""
    bot = EfficientBot()
    rng = random.Random(3)
    size = 16 if ruleset != "mcr" else 13
    for _ in range(60):
        counts = random_hand(rng, size, 0, 1)
        obs = observe(
            format_tiles([t for t in range(NUM_KINDS) for _ in range(counts[t])]), ruleset=ruleset
        )
        view = HandView(obs)
        top = best_discards(counts, 0, view.unseen, bot.forms(ruleset))[0]
        assert act(bot, obs).tile == top[0]


SPECIAL_POOLS = (
    [0, 8, 9, 17, 18, 26, *range(27, 34)],  # orphans
    [0, 3, 6, 10, 13, 16, 20, 23, 26, *range(27, 34)],  # knitted tiles and honours
    [1, 4, 7, 11, 14, 17, 18, 21, 24],  # another knitted straight
)


def special_hand(rng: random.Random, melds: int, extra: int) -> tuple[int, ...]:
    """A hand drawn mostly from a pool that leans to a special form (or to pairs)."""
    pool = list(rng.choice(SPECIAL_POOLS)) + list(range(NUM_KINDS))[: rng.randrange(NUM_KINDS)]
    counts = [0] * NUM_KINDS
    n = 0
    pairs = rng.random() < 0.3
    while n < 13 - 3 * melds + extra:
        t = rng.choice(pool)
        if counts[t] < 4:
            counts[t] += 1
            n += 1
            if pairs and counts[t] < 4 and n < 13 - 3 * melds + extra:
                counts[t] += 1
                n += 1
    return tuple(counts)


@pytest.mark.parametrize("melds", [0, 1, 2, 4])
def test_discard_ties_are_the_least_of_discard_shanten(melds: int) -> None:
    """`discard_ties` (bounds first, forms read only where they can reach the least)
    names the discards `discard_shanten` puts at the least, of all or of some kinds."""
    rng = random.Random(40 + melds)
    for i in range(600):
        counts = random_hand(rng, 13, melds, 1) if i % 2 else special_hand(rng, melds, 1)
        after = discard_shanten(counts, melds)
        held = [t for t in range(NUM_KINDS) if counts[t]]
        allowed = set(rng.sample(held, max(1, len(held) // 2))) if i % 3 == 0 else None
        pool = held if allowed is None else sorted(allowed)
        least = min(after[t] for t in pool)
        regular = tuple(
            shanten(after_discard(counts, t), melds, [Form.REGULAR]) if counts[t] else 99
            for t in range(NUM_KINDS)
        )
        want = (least, [t for t in pool if after[t] == least], regular)
        assert discard_ties(group_entries(counts), melds, allowed) == want, (counts, allowed)
    assert discard_ties(group_entries(random_hand(rng, 13, 0, 2)), 0) is None  # 15 tiles


TAIWANESE_POOLS = (
    [0, 8, 9, 17, 18, 26, *range(27, 34)],  # orphans: Thirteen Orphans of 16 tiles
    [0, 3, 6, 9, 13, 17, 20, 23, 26, *range(27, 34)],  # Sixteen Orphans
    list(range(NUM_KINDS)),
)


def taiwanese_hand(rng: random.Random, melds: int, extra: int) -> tuple[int, ...]:
    """A 16-tile hand (with ``extra`` more) leaning to the orphan forms or to pairs."""
    pool = list(rng.choice(TAIWANESE_POOLS)) + list(range(NUM_KINDS))[: rng.randrange(20)]
    counts = [0] * NUM_KINDS
    n, need = 0, 16 - 3 * melds + extra
    pairs = rng.random() < 0.4  # Nico Nico
    while n < need:
        t = rng.choice(pool)
        for _ in range(2 if pairs else 1):
            if counts[t] < 4 and n < need:
                counts[t] += 1
                n += 1
    return tuple(counts)


def test_entries_one_tile_either_way_are_those_of_the_counts() -> None:
    """A group's entry one tile up (`SuitTables.plus_one`) is that of its counts with the
    tile added, and Sixteen Orphans one tile down (`SuitTables.sixteen_down`) is that of
    the hand rebuilt without the tile."""
    rng = random.Random(132)
    checked = 0
    for _ in range(400):
        counts = taiwanese_hand(rng, 0, 1)
        es = group_entries(counts)
        for t in range(NUM_KINDS):
            group, rank = (t // 9, t % 9) if t < 27 else (3, t - 27)
            key = list(es[group].key)
            if key[rank] < 4:
                key[rank] += 1
                want = TABLES.suit(tuple(key)) if group < 3 else TABLES.honors(tuple(key))
                assert TABLES.plus_one(es[group], rank) is want
            if counts[t]:
                rebuilt = _replace(es, t, -1)
                assert rebuilt is not None
                assert _sixteen_orphans_less(es, t) == _sixteen_orphans(rebuilt), (counts, t)
                checked += 1
    assert checked > 3000


@pytest.mark.parametrize("melds", [0, 1, 5])
def test_discard_ties_of_taiwanese_hands(melds: int) -> None:
    """The 17-tile hands of the Taiwanese forms (Nico Nico and the orphan hands read
    only where their whole-hand value reaches the least; seed 004 lines 348-358)."""
    rng = random.Random(70 + melds)
    for i in range(300):
        counts = taiwanese_hand(rng, melds, 1) if i % 3 else random_hand(rng, 16, melds, 1)
        after = discard_shanten(counts, melds)
        least = min(after)
        regular = tuple(
            shanten(after_discard(counts, t), melds, [Form.REGULAR]) if counts[t] else 99
            for t in range(NUM_KINDS)
        )
        want = (least, [t for t in range(NUM_KINDS) if after[t] == least], regular)
        assert discard_ties(group_entries(counts), melds) == want, counts


@pytest.mark.parametrize("melds", [0, 1])
def test_useful_count_of_taiwanese_hands_near_special_forms(melds: int) -> None:
    """Nico Nico and Sixteen Orphans useful tiles read by count and by group entry."""
    rng = random.Random(90 + melds)
    for _ in range(300):
        counts = taiwanese_hand(rng, melds, 0)
        unseen = tuple(rng.randrange(5) for _ in range(NUM_KINDS))
        want = sum(unseen[t] for t in useful_tiles(counts, melds))
        es = group_entries(counts)
        assert useful_count_of_entries(es, melds, unseen) == want, counts
        known = shanten(counts, melds)
        assert useful_count_of_entries(es, melds, unseen, None, known) == want, counts


@pytest.mark.parametrize(("size", "melds"), CASES)
def test_useful_of_ties_matches_useful_after_discards(size: int, melds: int) -> None:
    """Given `discard_ties`' standard-form values, the tied discards count what
    `useful_after_discards` counts."""
    rng = random.Random(size * 3 + melds)
    for i in range(150):
        if size == 13:
            counts = random_hand(rng, 13, melds, 1) if i % 2 else special_hand(rng, melds, 1)
        else:
            counts = random_hand(rng, 16, melds, 1) if i % 2 else taiwanese_hand(rng, melds, 1)
        unseen = tuple(rng.randrange(5) for _ in range(NUM_KINDS))
        es = group_entries(counts)
        found = discard_ties(es, melds)
        assert found is not None
        least, tied, regular = found
        want = useful_after_discards(es, tied, melds, unseen, None, least)
        assert useful_of_ties(es, tied, regular, melds, unseen, None, least) == want, counts


@pytest.mark.parametrize("melds", [0, 1])
def test_useful_kinds_of_ties_are_the_useful_tiles_where_the_standard_form_is_alone(
    melds: int,
) -> None:
    """Where the standard form is at the least after a discard and no other form can
    come as close (`special_16_floor`, a bound under each discard's), the kinds read
    group by group are the discard's `useful_tiles`."""
    rng = random.Random(110 + melds)
    special = [Form.NICO_NICO, Form.THIRTEEN_ORPHANS, Form.SIXTEEN_ORPHANS]
    checked = 0
    for i in range(300):
        counts = taiwanese_hand(rng, melds, 1) if i % 2 else random_hand(rng, 16, melds, 1)
        es = group_entries(counts)
        found = discard_ties(es, melds)
        assert found is not None
        least, tied, regular = found
        floor = special_16_floor(es)
        kinds_of = useful_kinds_of_ties(es, tied, regular, melds, least)
        for t, kinds in zip(tied, kinds_of, strict=True):
            rest = after_discard(counts, t)
            if not melds:
                assert min(shanten(rest, 0, [f]) for f in special) >= floor, counts
            if kinds is None:
                assert regular[t] != least
            elif melds or floor > least:
                assert sorted(kinds) == sorted(useful_tiles(rest, melds)), (counts, t)
                checked += 1
    assert checked > 100


def read_two_draws_ahead(
    counts: tuple[int, ...],
    melds: int,
    tiles: list[int],
    unseen: tuple[int, ...],
    forms: frozenset[Form] | None,
    now: int,
) -> list[int]:
    """What `lead_totals` gives each discard of ``tiles``, read hand by hand: each useful
    tile the discard leaves added, the most useful tiles the best discards then leave."""
    out = []
    for t in tiles:
        rest = after_discard(counts, t)
        total = 0
        for u in useful_tiles(rest, melds, forms):
            grown = list(rest)
            grown[u] += 1
            least, _, leaves = least_discards(tuple(grown), melds, unseen, forms)
            total += unseen[u] * (max(leaves) if least < now else 0)
        out.append(total)
    return out


@pytest.mark.parametrize("melds", [0, 1])
def test_lead_totals_of_hands_near_the_taiwanese_special_forms(melds: int) -> None:
    """The look two draws ahead of hands near Nico Nico and the orphan hands, where
    another form may be as close as the standard one, is still every hand's reading."""
    rng = random.Random(130 + melds)
    kept = Readings()
    for _ in range(20):
        counts = taiwanese_hand(rng, melds, 1)
        unseen = tuple(max(0, 4 - c - rng.randrange(2)) for c in counts)
        now, tiles, _ = least_discards(counts, melds, unseen, None)
        want = read_two_draws_ahead(counts, melds, tiles, unseen, None, now)
        assert lead_totals(counts, melds, tiles, unseen, None, now, kept) == want, counts


def test_claims_after_the_bots_own_discard_are_those_of_a_fresh_bot() -> None:
    """The efficient bot keeps the shanten its last discard left for the claims that
    follow; every claim it answers is answered as a bot without that memory would."""
    from mahjongkit.game.runner import play_hand
    from mahjongkit.game.state import HandState

    class Checked(EfficientBot):
        def claim(self, view: HandView) -> Any:
            action = super().claim(view)
            assert EfficientBot().claim(HandView(view.obs)) == action
            self.claims = getattr(self, "claims", 0) + 1
            return action

    bots = [Checked() for _ in range(4)]
    for ruleset in ("mcr", "taiwanese-lrc"):
        for wall in range(6):
            play_hand(HandState.new(ruleset, random.Random(wall)), bots)
    assert sum(getattr(b, "claims", 0) for b in bots) > 20


def reference_claim(view: HandView, bot: EfficientBot) -> Any:
    """The efficient bot's claim as its docstring states it, every option tried: a kong
    that keeps shanten, else the chow or pung whose best discard leaves the least shanten
    below passing (most unseen useful tiles among equals, the first listed), else pass."""
    from mahjongkit.bots.hand_view import after_taking, claim_tiles
    from mahjongkit.game.actions import PASS, ActionKind

    forms = bot.forms(view.obs.ruleset)
    counts, m, tile = view.counts, view.melds, view.obs.claim_tile
    now = shanten(counts, m, forms)
    for a in view.legal:
        after = after_taking(counts, claim_tiles(a, tile))
        if a.kind is ActionKind.KONG and shanten(after, m + 1, forms) <= now:
            return a
    best: tuple[int, int] | None = None
    choice = PASS
    for a in view.legal:
        if a.kind in (ActionKind.PUNG, ActionKind.CHOW):
            after = after_taking(counts, claim_tiles(a, tile))
            top = best_discards(after, m + 1, view.unseen, forms)[0]
            key = (top[1], -top[2])
            if top[1] < now and (best is None or key < best):
                best, choice = key, a
    return choice


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_claims_passed_unseen_are_those_no_option_improves(observe, ruleset: str) -> None:  # type: ignore[no-untyped-def]
    """A claim is passed without trying its options when the claimed tile would not
    bring the hand closer even added freely: the answers are those of trying each."""
    from mahjongkit.game.actions import CHOWS, KONG, PASS, PUNG

    bot = EfficientBot()
    rng = random.Random(11)
    size = 16 if ruleset != "mcr" else 13
    passed = claimed = 0
    for i in range(600):
        melds = i % 3
        counts = special_hand(rng, melds, 0) if size == 13 and i % 2 else None
        if counts is None:
            counts = random_hand(rng, size, melds, 0)
        held = [t for t in range(NUM_KINDS) if counts[t]]
        tile = rng.choice(held) if rng.random() < 0.7 else rng.randrange(NUM_KINDS)
        if counts[tile] >= 4:
            continue
        legal = []
        if counts[tile] == 3:
            legal.append(KONG)
        if counts[tile] >= 2:
            legal.append(PUNG)
        for low in range(max(tile - 2, tile - tile % 9), tile + 1):
            if tile < 27 and low in CHOWS and low + 2 < tile - tile % 9 + 9:
                need = [x for x in (low, low + 1, low + 2) if x != tile]
                if all(counts[x] for x in need):
                    legal.append(CHOWS[low])
        if not legal:
            continue
        legal.append(PASS)
        own = [f"[{format_tiles([27 + k] * 3)}]" for k in range(melds)]
        obs = observe(
            format_tiles([t for t in range(NUM_KINDS) for _ in range(counts[t])]),
            ruleset=ruleset,
            melds=own,
            legal=legal,
            phase="claim",
            claim_tile=tile,
            claim_giver=3,
        )
        view = HandView(obs)
        want = reference_claim(view, bot)
        assert act(bot, obs) == want, (format_tiles(held), tile, legal)
        passed += want is PASS
        claimed += want is not PASS
    assert passed > 20 and claimed > 20


@pytest.mark.parametrize(
    ("ruleset", "size", "melds"),
    [("mcr", 13, 0), ("mcr", 13, 1), ("taiwanese-lrc", 16, 0), ("taiwanese-lrc", 16, 2)],
)
def test_lead_totals_read_each_hand_two_draws_ahead(ruleset: str, size: int, melds: int) -> None:
    """The look two draws ahead reads the hands its discards share once: each discard's
    total is what reading every hand it leads to gives (`least_discards` of the hand with
    each useful tile added: the most useful tiles its best discards leave)."""
    forms = forms_argument(ruleset)
    rng = random.Random(7 * size + melds)
    kept = Readings()  # kept from hand to hand, as a bot keeps them from turn to turn
    for _ in range(20):
        counts = random_hand(rng, size, melds, 1)
        unseen = tuple(max(0, 4 - c - rng.randrange(2)) for c in counts)
        now, tiles, _ = least_discards(counts, melds, unseen, forms)
        want = read_two_draws_ahead(counts, melds, tiles, unseen, forms, now)
        assert lead_totals(counts, melds, tiles, unseen, forms, now) == want, counts
        assert lead_totals(counts, melds, tiles, unseen, forms, now, kept) == want, counts
        assert lead_totals(counts, melds, tiles[::-1], unseen, forms, now, kept) == want[::-1]
