"""Score an MCR hand: every reading of the hand, its fans, the best total.

The readings are found in the reference calculator's order: the special shapes first
(a knitted straight with a set and a pair; then seven pairs, thirteen orphans, honors and
knitted tiles), then, unless a special shape other than seven pairs was found, every split
into sets and a pair. Each reading's fans come from the detectors
(`detectors`), the set patterns (`principles.combine_sets`) and the implications
(`principles.apply_implications`, reading the ruleset's fan combinations,
`mahjongkit.rules.combinations`); the reading with the highest total wins (free choice,
002 line 217).

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> s = score_hand(Hand.parse("123m456m789m123p55s"), Situation(), get_ruleset("mcr-gb"))
>>> s.total, [str(i) for i in s.items][:2]
(22, ['Pure Straight 16 (123m 456m 789m)', 'Concealed Hand 2'])
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from operator import itemgetter
from typing import Final

from mahjongkit.errors import InvalidHandError, InvalidSituationError
from mahjongkit.hand import CHOW as MELD_CHOW
from mahjongkit.hand import KONG, PUNG, Hand
from mahjongkit.rules.catalogues.mcr import CATALOGUE, FAN_INDEX
from mahjongkit.rules.combinations import FanCombinations, fan_combinations
from mahjongkit.rules.ruleset import Form, Ruleset
from mahjongkit.scoring.mcr.detectors import (
    CHOW_PATTERNS,
    DETECTORS_BY_GROUP,
    GROUP_KEYS,
    GROUP_NEEDS,
    GROUPS_BY_KIND,
    HAND_GROUPS,
    PUNG_PATTERNS,
    Detector,
)
from mahjongkit.scoring.mcr.reading import (
    ALWAYS,
    CHOW,
    KNITTED_REF,
    KONG_SET,
    PAIR_REF,
    TILE_REF,
    HandFacts,
    Reading,
    SetInfo,
)
from mahjongkit.scoring.mcr.reading import PUNG as SET_PUNG
from mahjongkit.scoring.principles import (
    Found,
    Implications,
    PatternTable,
    Sources,
    apply_implications,
    combine_sets,
)
from mahjongkit.scoring.result import Outcome, Score, ScoreItem
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import KNITTED_STRAIGHTS, Decomposition, Group, regular_splits
from mahjongkit.tiles import NUM_KINDS, SUIT, TERMINALS_AND_HONORS, Tile

ORPHANS: Final = tuple(sorted(TERMINALS_AND_HONORS))

_PREFERRED: Final = frozenset({"pure_triple_chow", "triple_pung"})
"""Fans that win a tie between readings of equal value."""

_KIND_FORM: Final = {
    "regular": Form.REGULAR,
    "knitted": Form.KNITTED_STRAIGHT,
    "pairs": Form.SEVEN_PAIRS,
    "shifted_pairs": Form.SEVEN_PAIRS,
    "orphans": Form.THIRTEEN_ORPHANS,
    "honors_knitted": Form.HONORS_AND_KNITTED,
}


# -- the concealed sets -------------------------------------------------------------------


CONCEALED_SETS: Final[tuple[SetInfo, ...]] = tuple(
    (SET_PUNG if code % 2 == 0 else CHOW, code // 2, False, False) for code in range(2 * NUM_KINDS)
)
"""The concealed set of each set code (`mahjongkit.shapes.set_code`) of a split
(`mahjongkit.shapes.regular_splits`)."""


# -- the special shapes --------------------------------------------------------------------


def _special_readings(facts: HandFacts, forms: frozenset[Form]) -> list[Reading]:
    """The special shapes of a hand with no melds (at most one applies)."""
    standing = facts.standing
    present = facts.present
    if len(present) <= 7 and Form.SEVEN_PAIRS in forms and 1 not in standing and 3 not in standing:
        suit = SUIT[facts.win]
        if suit < 3 and _shifted_pairs(standing, suit):
            # Seven pairs too: Seven Shifted Pairs implies it, and a ruleset that deletes
            # Seven Shifted Pairs scores the hand as the seven pairs it is.
            return [
                Reading(
                    "shifted_pairs",
                    facts,
                    form_fans=(("seven_shifted_pairs", ()), ("seven_pairs", ())),
                    features=facts.features,
                )
            ]
        return [Reading("pairs", facts, form_fans=(("seven_pairs", ()),), features=facts.features)]
    if len(present) == 14 and Form.HONORS_AND_KNITTED in forms:
        suited = [t for t in present if t < 27]
        if 7 <= len(suited) <= 9:
            pattern = next((k for k in KNITTED_STRAIGHTS if set(suited) <= set(k)), None)
            if pattern is not None:
                if len(suited) == 7:
                    # lesser too, implied by greater (it stands where greater is deleted)
                    fans: tuple[Found, ...] = (
                        ("greater_honors_and_knitted_tiles", ()),
                        ("lesser_honors_and_knitted_tiles", ()),
                    )
                else:
                    fans = (("lesser_honors_and_knitted_tiles", ()),)
                    if len(suited) == 9:
                        fans += (("knitted_straight", (KNITTED_REF,)),)
                return [
                    Reading(
                        "honors_knitted",
                        facts,
                        knitted=tuple(suited),
                        form_fans=fans,
                        features=facts.features,
                    )
                ]
    if tuple(present) == ORPHANS and Form.THIRTEEN_ORPHANS in forms:
        return [
            Reading(
                "orphans", facts, form_fans=(("thirteen_orphans", ()),), features=facts.features
            )
        ]
    return []


def _shifted_pairs(standing: tuple[int, ...], suit: int) -> bool:
    base = 9 * suit
    ranks = [r for r in range(9) if standing[base + r]]
    return (
        len(ranks) == 7
        and ranks[-1] - ranks[0] == 6
        and all(standing[base + r] == 2 for r in ranks)
    )


_KNITTED_TILES: Final = tuple((pattern, itemgetter(*pattern)) for pattern in KNITTED_STRAIGHTS)
"""Each knitted straight with a getter of its nine tiles' counts."""


def _knitted_readings(facts: HandFacts) -> list[Reading]:
    if bisect_left(facts.present, 27) < 9 or 27 - facts.standing[:27].count(0) < 9:
        # fewer than nine kinds of suited tile in the hand (a quick look), or concealed
        return []
    standing = list(facts.standing)
    for pattern, tiles_of in _KNITTED_TILES:
        if 0 in tiles_of(standing):
            continue
        for t in pattern:
            standing[t] -= 1
        melds = facts.meld_sets
        splits = regular_splits(tuple(standing), 1 - len(melds))
        if len(splits) != 1:
            return []
        codes, pair = splits[0]
        all_sets = melds + tuple(map(CONCEALED_SETS.__getitem__, codes))
        return [
            Reading.of_sets(
                "knitted",
                facts,
                all_sets,
                pair,
                knitted=pattern,
                form_fans=(("knitted_straight", (KNITTED_REF,)),),
            )
        ]
    return []


# -- valuing a reading ---------------------------------------------------------------------


_Group = tuple[
    int,
    Callable[[Reading], Hashable] | None,
    dict[Hashable, tuple[Found, ...]],
    tuple[tuple[str, Detector], ...],
]
"""A detector group as a ruleset runs it: the features a reading needs for it
(`GROUP_NEEDS`), its key (`GROUP_KEYS`), the fans it found per key, and its detectors of
fans the ruleset scores."""


def _detect(groups: tuple[_Group, ...], reading: Reading, found: list[Found]) -> None:
    """Add what the groups' detectors find in the reading."""
    features = reading.features
    for needs, key_of, memo, detectors in groups:
        if not features & needs:
            continue
        if key_of is None:
            for name, detect in detectors:
                for sources in detect(reading):
                    found.append((name, sources))
            continue
        key = key_of(reading)
        known = memo.get(key)
        if known is None:
            if len(memo) > 1 << 14:
                memo.clear()
            known = memo[key] = tuple(
                (name, sources) for name, detect in detectors for sources in detect(reading)
            )
        found += known


@dataclass(frozen=True)
class _Plan:
    """What a ruleset scores, worked out once: values, detectors per shape, patterns."""

    values: dict[str, int]
    counted: dict[str, int]
    """The values towards the minimum: the flowers' at zero."""
    hand_detectors: tuple[_Group, ...]
    """The hand-level detector groups."""
    detectors: dict[str, tuple[_Group, ...]]
    """Per reading kind, the reading-level detector groups that apply."""
    hand_groups: dict[str, frozenset[str]]
    """Per reading kind, the hand-level groups that apply."""
    implications: Implications
    """Which fans imply which, as the ruleset reads the combinations."""
    patterns: dict[bool, PatternTable] = field(compare=False, hash=False)
    """The chow patterns (``True``) and the pung patterns, each remembering the runs of
    sets met so far."""
    combined: dict[
        tuple[tuple[Tile, ...], Tile | None, bool], tuple[tuple[str, Sources, bool], ...]
    ] = field(default_factory=dict, compare=False, hash=False)
    """What the set patterns gave for each run of key tiles already met, each with whether
    it takes the pair too (a cache)."""
    items: dict[tuple[str, object], ScoreItem] = field(
        default_factory=dict, compare=False, hash=False
    )
    """The breakdown items naming one set or tile already made, by fan and what they name
    (a cache)."""
    whole_items: dict[str, ScoreItem] = field(default_factory=dict, compare=False, hash=False)
    """Each fan earned once by the whole hand, its item made with the plan."""


@lru_cache(maxsize=64)
def _plan(
    column: str,
    removed: frozenset[str],
    priced: tuple[tuple[str, int], ...],
    combinations: FanCombinations,
) -> _Plan:
    values: dict[str, int] = {}
    prices = dict(priced)
    for item in CATALOGUE:
        if item.id in removed:
            continue
        base = item.value(column)
        if base is None and item.id not in prices:
            continue
        values[item.id] = prices.get(item.id, base or 0)

    def groups_of(groups: Iterable[str]) -> tuple[_Group, ...]:
        out: list[_Group] = []
        for group in groups:
            active = tuple(
                (fn.__name__, fn) for fn in DETECTORS_BY_GROUP[group] if fn.__name__ in values
            )
            if active:
                needs = GROUP_NEEDS.get(group, ALWAYS)
                out.append((needs, GROUP_KEYS.get(group), {}, active))
        return tuple(out)

    # The pattern tables and `_combined` fill as runs of sets are met, not for every run of
    # two or three sets up front: a process that scores one hand pays for its runs only.
    chows = PatternTable(p for p in CHOW_PATTERNS if p.item in values)
    pungs = PatternTable(p for p in PUNG_PATTERNS if p.item in values)
    plan = _Plan(
        values=values,
        counted={fan: 0 if fan in _FLOWERS else points for fan, points in values.items()},
        hand_detectors=groups_of(sorted(HAND_GROUPS)),
        detectors={
            kind: groups_of(g for g in groups if g not in HAND_GROUPS)
            for kind, groups in GROUPS_BY_KIND.items()
        },
        hand_groups={
            kind: frozenset(g for g in groups if g in HAND_GROUPS)
            for kind, groups in GROUPS_BY_KIND.items()
        },
        implications=Implications.of(CATALOGUE, combinations),
        patterns={True: chows, False: pungs},
    )
    plan.whole_items.update((fan, _item(fan, points, 1, ())) for fan, points in values.items())
    return plan


_WITH_PAIR: Final = frozenset(p.item for p in CHOW_PATTERNS + PUNG_PATTERNS if p.with_pair)
_GROUP_OF: Final = {fn.__name__: g for g, fns in DETECTORS_BY_GROUP.items() for fn in fns}
_FLOWERS: Final = frozenset(i.id for i in CATALOGUE if i.is_flower)
_fan_of: Final = itemgetter(0)


def _combined(
    plan: _Plan, tiles: tuple[Tile, ...], chows: bool, pair: Tile | None
) -> tuple[tuple[str, Sources, bool], ...]:
    """`combine_sets` over sets of one kind, each pattern with whether it takes the pair
    too; remembered per ruleset, as the same runs of key tiles come up again and again."""
    table = plan.patterns[chows]
    reads_pair = len(tiles) >= table.lowest_pair_arity and table.reads_pair(tiles, pair)
    key = (tiles, pair if reads_pair else None, chows)
    combined = plan.combined.get(key)
    if combined is None:
        if len(plan.combined) > 1 << 16:
            plan.combined.clear()
        combined = plan.combined[key] = tuple(
            (fan, sources, fan in _WITH_PAIR) for fan, sources in combine_sets(tiles, table, pair)
        )
    return combined


def _add_set_patterns(
    found: list[Found],
    plan: _Plan,
    tiles: tuple[Tile, ...],
    index: tuple[int, ...],
    chows: bool,
    pair: Tile | None,
) -> None:
    """Add the multi-set patterns over sets of one kind; ``index`` gives each set's place
    in the reading."""
    for fan, sources, with_pair in _combined(plan, tiles, chows, pair):
        sets = tuple(map(index.__getitem__, sources))
        found.append((fan, (*sets, PAIR_REF) if with_pair else sets))


def _reading_fans(reading: Reading, plan: _Plan, shared: list[Found]) -> tuple[list[Found], int]:
    """The fans of one reading after the implications, and their total without flowers.

    ``shared`` are the fans of the whole hand that this reading's shape counts.
    """
    found = list(shared)
    _detect(plan.detectors[reading.kind], reading, found)
    if reading.kind == "regular":
        if len(reading.chows) > 1:
            _add_set_patterns(found, plan, reading.chows, reading.chow_sets, True, reading.pair)
        if len(reading.pungs) > 1:
            _add_set_patterns(found, plan, reading.pungs, reading.pung_sets, False, reading.pair)
    found = apply_implications(found, plan.implications)
    total = sum(map(plan.counted.__getitem__, map(_fan_of, found)))
    if total <= 0 and "chicken_hand" in plan.values and all(f in _FLOWERS for f, _ in found):
        found.append(("chicken_hand", ()))
        total = plan.values["chicken_hand"]
    return found, total


# -- the entry point -----------------------------------------------------------------------


def _flowers(hand: Hand, situation: Situation) -> tuple[Tile, ...] | int:
    given = situation.flowers
    if hand.flowers:
        if given and (
            given != len(hand.flowers)
            if isinstance(given, int)
            else set(given) != set(hand.flowers)
        ):
            raise InvalidSituationError(
                "the flowers of the situation differ from the flowers written in the hand"
            )
        return hand.flowers
    return given


def score_hand(hand: Hand, situation: Situation, ruleset: Ruleset) -> Score:
    """Score a complete 13-tile hand (its last tile is the winning tile) under an MCR ruleset.

    Raises `InvalidSituationError` for a situation that cannot happen with the hand.
    """
    if hand.size != 13:
        raise InvalidHandError(f"an MCR hand has 13 tiles (+1), not {hand.size}")
    minimum = ruleset.scoring.minimum_for(situation.prevalent_wind)
    if hand.is_waiting:
        return Score(ruleset.name, hand, situation, Outcome.NOT_A_WIN, minimum=minimum)
    flowers = _flowers(hand, situation) if hand.flowers else situation.flowers
    facts = HandFacts.of(hand, situation, flowers)
    plan = _plan(
        ruleset.scoring.column,
        ruleset.scoring.removed_items,
        ruleset.scoring.item_values,
        fan_combinations(ruleset),
    )
    best = _best_reading(facts, plan, ruleset.scoring.forms)
    if best is None:
        return Score(ruleset.name, hand, situation, Outcome.NOT_A_WIN, minimum=minimum)
    reading, found, without = best
    return Score(
        ruleset.name,
        hand,
        situation,
        Outcome.WIN if without >= minimum else Outcome.BELOW_MINIMUM,
        _items(reading, found, plan),
        minimum,
        _decomposition(reading),
    )


@lru_cache(maxsize=64)
def _allowed(forms: frozenset[Form]) -> tuple[bool, bool]:
    """Whether a ruleset's forms hold the regular form and the knitted straight (asked
    once per set of forms: a form hashes slowly)."""
    return Form.REGULAR in forms, Form.KNITTED_STRAIGHT in forms


def _best_reading(
    facts: HandFacts, plan: _Plan, forms: frozenset[Form]
) -> tuple[Reading, list[Found], int] | None:
    """The reading with the highest total, its fans and that total (without flowers)."""
    hand = facts.hand
    found_once: list[Found] | None = None
    """The hand-level fans, found on the first reading met."""
    special: list[Reading] = []
    regular, knitted = _allowed(forms)
    present = facts.present
    if len(hand.melds) <= 1 and knitted and bisect_left(present, 27) >= 9:
        special = _knitted_readings(facts)  # nine kinds of suited tile at least
    if not special and not hand.melds and not 7 < len(present) < 13:
        special = _special_readings(facts, forms)  # seven pairs or thirteen kinds or more
    best: tuple[Reading, list[Found], int] | None = None
    seven_pairs = False
    for reading in special:
        found_once = []
        _detect(plan.hand_detectors, reading, found_once)
        groups = plan.hand_groups[reading.kind]
        shared = [f for f in found_once if _GROUP_OF[f[0]] in groups]
        best = (reading, *_reading_fans(reading, plan, shared))
        seven_pairs = reading.kind == "pairs"
    if (best is None or seven_pairs) and regular:
        melds = facts.meld_sets
        for codes, pair in regular_splits(facts.standing, 4 - len(melds)):
            all_sets = melds + tuple(map(CONCEALED_SETS.__getitem__, codes))
            reading = Reading.of_sets("regular", facts, all_sets, pair)
            if found_once is None:
                found_once = []
                _detect(plan.hand_detectors, reading, found_once)
            found, total = _reading_fans(reading, plan, found_once)
            # Between readings of equal value the first one met stands (the reference
            # calculator's order), except that one with Pure Triple Chow or Triple Pung,
            # or any reading in sets against seven pairs, takes its place.
            if (
                best is None
                or total > best[2]
                or (total == best[2] and (seven_pairs or any(f in _PREFERRED for f, _ in found)))
            ):
                best = (reading, found, total)
    return best


def _items(reading: Reading, found: list[Found], plan: _Plan) -> tuple[ScoreItem, ...]:
    """The breakdown of the winning reading, in table order."""
    by_fan: dict[str, list[Sources]] = {}
    for fan, sources in found:
        if fan in by_fan:
            by_fan[fan].append(sources)
        else:
            by_fan[fan] = [sources]
    text = reading.source_text
    sets = reading.sets
    whole = plan.whole_items
    made = plan.items
    items = []
    for fan in sorted(by_fan, key=FAN_INDEX.__getitem__):
        all_sources = by_fan[fan]
        named: tuple[str, ...]
        if len(all_sources) == 1:
            # most fans are earned once, by the whole hand or by one set
            (sources,) = all_sources
            if not sources:
                items.append(whole[fan])
                continue
            if len(sources) == 1:
                # one set or tile: these items are few and come up again and again, so
                # each is made once, known by the tile or the concealed set it names
                # (a meld, or the pair, by its text)
                ref = sources[0]
                key: tuple[str, object]
                if ref >= TILE_REF:
                    key = (fan, ref)
                elif ref < PAIR_REF and not sets[ref][3]:
                    key = (fan, sets[ref])
                else:
                    key = (fan, text(ref))
                item = made.get(key)
                if item is None:
                    if len(made) > 1 << 14:
                        made.clear()
                    one = whole[fan]
                    item = made[key] = ScoreItem(
                        fan, one.name, one.chinese, one.points, 1, (text(ref),), one.is_flower
                    )
                items.append(item)
                continue
            named = (" ".join(map(text, sources)),)
        elif any(all_sources):
            named = tuple(dict.fromkeys([" ".join(map(text, src)) for src in all_sources if src]))
        else:
            named = ()
        # Several sets, or several times: such an item rarely comes up again on a new
        # hand, and one kept would only weigh on the garbage collector.
        one = whole[fan]
        items.append(
            ScoreItem(
                fan, one.name, one.chinese, one.points, len(all_sources), named, one.is_flower
            )
        )
    return tuple(items)


def _item(fan: str, points: int, count: int, sources: tuple[str, ...]) -> ScoreItem:
    entry = CATALOGUE[fan]
    return ScoreItem(fan, entry.name, entry.chinese, points, count, sources, entry.is_flower)


_CONCEALED_GROUPS: Final = {
    (kind, t, False, False): Group(meld_kind, t, True)
    for kind, meld_kind in ((CHOW, MELD_CHOW), (SET_PUNG, PUNG), (KONG_SET, KONG))
    for t in range(NUM_KINDS)
}
"""The set of a decomposition for each concealed set of a reading."""


def _decomposition(reading: Reading) -> Decomposition:
    kind = reading.kind
    form = _KIND_FORM[kind]
    if kind == "regular" or kind == "knitted":
        # a reading lists the hand's melds first, in the hand's order
        melds = reading.facts.hand.melds
        sets = reading.sets
        if melds:
            # a declared meld is its own set: a new hand's melds are rarely met before
            groups = tuple([Group(m.kind, m.tile, m.concealed, m) for m in melds]) + tuple(
                map(_CONCEALED_GROUPS.__getitem__, sets[len(melds) :])
            )
        else:
            groups = tuple(map(_CONCEALED_GROUPS.__getitem__, sets))
        pair: tuple[Tile, ...] = (reading.pair,) if reading.pair is not None else ()
        return Decomposition(form, groups, pair, (), reading.knitted)
    standing = reading.facts.standing
    if reading.kind in ("pairs", "shifted_pairs"):
        pairs = tuple(t for t in reading.facts.present for _ in range(standing[t] // 2))
        return Decomposition(form, pairs=pairs)
    if reading.kind == "orphans":
        double = next(t for t in ORPHANS if standing[t] == 2)
        singles = tuple(t for t in ORPHANS if t != double)
        return Decomposition(form, pairs=(double,), singles=singles)
    singles = tuple(t for t in range(NUM_KINDS) if standing[t])
    if reading.kind == "honors_knitted":
        return Decomposition(form, singles=singles, knitted=reading.knitted)
    return Decomposition(form, singles=singles)


__all__ = ["CONCEALED_SETS", "score_hand"]
