"""One small detector per MCR fan, each over one `Reading`.

A detector returns the sources of every time its fan is earned (an empty list when it
is not): each source is a tuple of indices into the reading (sets, `PAIR_REF`,
`KNITTED_REF`, or `TILE_REF` + a tile); ``()`` stands for the whole hand. Detectors are
grouped by what they look at; a shape (`Reading.kind`) says which groups apply
(`GROUPS_BY_KIND`). The multi-set patterns (Pure Straight, Double Pung, ...) are data for
`mahjongkit.scoring.principles.combine_sets` (`CHOW_PATTERNS`, `PUNG_PATTERNS`).

>>> from mahjongkit.hand import Hand
>>> from mahjongkit.scoring.situation import Situation
>>> from mahjongkit.scoring.mcr.reading import HandFacts
>>> facts = HandFacts.of(Hand.parse("[EEE1]123m456m789mSS"), Situation(self_drawn=True), None)
>>> r = Reading.of_sets("regular", facts, ((1, 27, True, True), (0, 0, False, False),
...     (0, 3, False, False), (0, 6, False, False)), 28)
>>> half_flush(r), prevalent_wind(r), seat_wind(r), all_chows(r)
([()], [(0,)], [(0,)], [])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from itertools import pairwise
from operator import attrgetter
from typing import Final

from mahjongkit.scoring.mcr.reading import (
    CHOW,
    CLASS_BIT,
    CONCEALED_PUNGS,
    GROUP_BIT,
    KNITTED_REF,
    KONGS,
    NINE_GATES_SHAPE,
    PACKS,
    PAIR_FANS,
    PAIR_REF,
    PUNG_FANS,
    TILE_HOG,
    TILE_REF,
    Reading,
    flower_of_seat,
    waiting_tiles,
)
from mahjongkit.scoring.principles import SetPattern
from mahjongkit.tiles import (
    FLOWERS,
    IS_DRAGON,
    IS_TERMINAL,
    IS_TERMINAL_OR_HONOR,
    IS_WIND,
    RANK,
    SUIT,
)

Sources = tuple[int, ...]
Detector = Callable[[Reading], list[Sources]]

WHOLE: Final[list[Sources]] = [()]
NONE: Final[list[Sources]] = []

# -- multi-set patterns (priority order: the first that fits takes the sets) ----------------


def _suits_differ(a: int, b: int, c: int) -> bool:
    return SUIT[a] != SUIT[b] and SUIT[a] != SUIT[c] and SUIT[b] != SUIT[c]


def _one_suit(tiles: tuple[int, ...]) -> bool:
    return all(SUIT[t] == SUIT[tiles[0]] for t in tiles)


def _ranks(tiles: tuple[int, ...]) -> list[int]:
    return sorted(RANK[t] for t in tiles)


def _steps(tiles: tuple[int, ...], step: int) -> bool:
    return all(b - a == step for a, b in pairwise(tiles))


def _terminal_chows_by_suit(chows: tuple[int, ...]) -> dict[int, list[int]]:
    by_suit: dict[int, list[int]] = {}
    for t in chows:
        by_suit.setdefault(SUIT[t], []).append(RANK[t])
    return by_suit


def _pure_terminal_chows(c: tuple[int, ...], pair: int | None) -> bool:
    # 002 line 95: 123 123 789 789 of one suit, a pair of 5s of that suit
    return (
        pair is not None
        and RANK[pair] == 5
        and all(SUIT[t] == SUIT[pair] for t in c)
        and sorted(RANK[t] for t in c) == [1, 1, 7, 7]
    )


def _three_suited_terminal_chows(c: tuple[int, ...], pair: int | None) -> bool:
    # 002 line 130: 123 and 789 in two suits, a pair of 5s in the third
    if pair is None or RANK[pair] != 5 or SUIT[pair] > 2:
        return False
    by_suit = _terminal_chows_by_suit(c)
    others = {0, 1, 2} - {SUIT[pair]}
    return set(by_suit) == others and all(sorted(by_suit[s]) == [1, 7] for s in others)


CHOW_PATTERNS: Final[tuple[SetPattern, ...]] = (
    SetPattern("three_suited_terminal_chows", 4, _three_suited_terminal_chows, True),
    SetPattern("pure_terminal_chows", 4, _pure_terminal_chows, True),
    SetPattern("four_pure_shifted_chows", 4, lambda c, p: _one_suit(c) and (
        _steps(c, 1) or _steps(c, 2))),
    SetPattern("quadruple_chow", 4, lambda c, p: c[0] == c[3]),
    SetPattern("mixed_shifted_chows", 3, lambda c, p: _suits_differ(*c) and (
        (r := _ranks(c))[0] + 1 == r[1] == r[2] - 1)),
    SetPattern("mixed_triple_chow", 3, lambda c, p: _suits_differ(*c)
               and RANK[c[0]] == RANK[c[1]] == RANK[c[2]]),
    SetPattern("mixed_straight", 3, lambda c, p: _suits_differ(*c) and _ranks(c) == [1, 4, 7]),
    SetPattern("pure_straight", 3, lambda c, p: _one_suit(c) and _ranks(c) == [1, 4, 7]),
    SetPattern("pure_shifted_chows", 3, lambda c, p: _one_suit(c) and (
        _steps(c, 2) or _steps(c, 1))),
    SetPattern("pure_triple_chow", 3, lambda c, p: c[0] == c[2]),
    SetPattern("pure_double_chow", 2, lambda c, p: c[0] == c[1]),
    SetPattern("mixed_double_chow", 2, lambda c, p: SUIT[c[0]] != SUIT[c[1]]
               and RANK[c[0]] == RANK[c[1]]),
    SetPattern("short_straight", 2, lambda c, p: _one_suit(c) and c[1] - c[0] == 3),
    SetPattern("two_terminal_chows", 2, lambda c, p: _one_suit(c) and c[1] - c[0] == 6),
)  # fmt: skip
"""Chow patterns (002 lines 95-196), in the order they claim sets."""

_WINDS3: Final = ((27, 28, 29), (27, 28, 30), (27, 29, 30), (28, 29, 30))

PUNG_PATTERNS: Final[tuple[SetPattern, ...]] = (
    SetPattern("four_pure_shifted_pungs", 4, lambda t, p: t[3] < 27 and _one_suit(t)
               and _steps(t, 1)),
    SetPattern("big_four_winds", 4, lambda t, p: t == (27, 28, 29, 30)),
    SetPattern("mixed_shifted_pungs", 3, lambda t, p: t[2] < 27 and _suits_differ(*t) and (
        (r := _ranks(t))[0] + 1 == r[1] == r[2] - 1)),
    SetPattern("triple_pung", 3, lambda t, p: t[2] < 27 and _suits_differ(*t)
               and RANK[t[0]] == RANK[t[1]] == RANK[t[2]]),
    SetPattern("pure_shifted_pungs", 3, lambda t, p: t[2] < 27 and _one_suit(t)
               and _steps(t, 1)),
    SetPattern("big_three_winds", 3, lambda t, p: t in _WINDS3),
    SetPattern("big_three_dragons", 3, lambda t, p: t == (31, 32, 33)),
    SetPattern("double_pung", 2, lambda t, p: t[1] < 27 and SUIT[t[0]] != SUIT[t[1]]
               and RANK[t[0]] == RANK[t[1]]),
    SetPattern("two_dragons_pungs", 2, lambda t, p: IS_DRAGON[t[0]] and IS_DRAGON[t[1]]),
)  # fmt: skip
"""Pung and kong patterns (002 lines 71-188), in the order they claim sets."""

# -- the situation (002 lines 154-209; 001 lines 76-80) -------------------------------------


def last_tile(r: Reading) -> list[Sources]:
    """002 line 179: the winning tile is the last of its kind."""
    return [(TILE_REF + r.facts.win,)] if r.facts.last_of_kind else NONE


def self_drawn(r: Reading) -> list[Sources]:
    """002 line 208: won on a tile drawn from the wall."""
    return WHOLE if r.facts.self_drawn else NONE


def last_tile_draw(r: Reading) -> list[Sources]:
    """002 line 154: drew the last tile of the wall."""
    f = r.facts
    return WHOLE if f.self_drawn and f.last_wall_tile else NONE


def last_tile_claim(r: Reading) -> list[Sources]:
    """002 line 156: claimed the last discard of the game."""
    f = r.facts
    return WHOLE if not f.self_drawn and f.last_wall_tile else NONE


def out_with_replacement_tile(r: Reading) -> list[Sources]:
    """002 line 157: won on the replacement tile of a kong."""
    f = r.facts
    return WHOLE if f.self_drawn and f.kong_involved else NONE


def robbing_the_kong(r: Reading) -> list[Sources]:
    """002 line 159: won on the tile another player added to a pung."""
    f = r.facts
    return [(TILE_REF + f.win,)] if not f.self_drawn and f.kong_involved else NONE


def flower_tiles(r: Reading) -> list[Sources]:
    """002 line 209: one point per flower or season (never towards the minimum)."""
    f = r.facts
    if f.flower_tiles:
        return [(TILE_REF + t,) for t in f.flower_tiles]
    return [()] * f.flower_count


def no_flower_tiles(r: Reading) -> list[Sources]:
    """001 line 77 (bp-club): the hand has no flower or season."""
    return WHOLE if r.facts.flower_count == 0 else NONE


def flower_or_season_set(r: Reading) -> list[Sources]:
    """001 line 79 (bp-club): all four flowers, or all four seasons (each set)."""
    held = set(r.facts.flower_tiles or ())
    return [
        tuple(TILE_REF + t for t in group)
        for group in (FLOWERS[:4], FLOWERS[4:])
        if held.issuperset(group)
    ]


def seat_flower(r: Reading) -> list[Sources]:
    """001 line 80 (bp-club): each flower or season whose number is the seat's."""
    held = r.facts.flower_tiles or ()
    mine = flower_of_seat(r.facts.seat)
    return [(TILE_REF + t,) for t in held if t in mine]


# -- the tiles of the whole hand (002 lines 75-201) -----------------------------------------


def no_honors(r: Reading) -> list[Sources]:
    """002 line 201: no winds or dragons."""
    return NONE if r.facts.has_honors else WHOLE


def one_voided_suit(r: Reading) -> list[Sources]:
    """002 line 200: one suit missing (the reference also marks three: All Honors implies it)."""
    return WHOLE if r.facts.suits_missing in (1, 3) else NONE


def half_flush(r: Reading) -> list[Sources]:
    """002 line 165: one suit and honours."""
    f = r.facts
    return WHOLE if f.suits_missing == 2 and f.has_honors else NONE


def full_flush(r: Reading) -> list[Sources]:
    """002 line 116: one suit only."""
    f = r.facts
    return WHOLE if f.suits_missing == 2 and not f.has_honors else NONE


def all_types(r: Reading) -> list[Sources]:
    """002 line 168: three suits, a wind and a dragon."""
    return WHOLE if r.facts.groups == _EVERY_GROUP else NONE


_EVERY_GROUP: Final = sum(set(GROUP_BIT))


def _only(r: Reading, tile_class: str) -> list[Sources]:
    """The whole hand, when every tile of it belongs to the class (`TILE_CLASSES`)."""
    return WHOLE if r.facts.classes & CLASS_BIT[tile_class] else NONE


def all_simples(r: Reading) -> list[Sources]:
    """002 line 191: no terminals or honours."""
    return _only(r, "simples")


def reversible_tiles(r: Reading) -> list[Sources]:
    """002 line 149: only tiles that look the same upside down."""
    return _only(r, "reversible")


def all_green(r: Reading) -> list[Sources]:
    """002 line 75: only 23468 bamboo and the green dragon."""
    return _only(r, "green")


def all_honors(r: Reading) -> list[Sources]:
    """002 line 91: only winds and dragons."""
    return _only(r, "honors")


def all_terminals(r: Reading) -> list[Sources]:
    """002 line 85: only 1s and 9s."""
    return _only(r, "terminals")


def all_terminals_and_honors(r: Reading) -> list[Sources]:
    """002 line 107: only 1s, 9s and honours."""
    return _only(r, "terminals_and_honors")


def upper_tiles(r: Reading) -> list[Sources]:
    """002 line 122: only 7, 8 and 9 of the suits."""
    return _only(r, "upper")


def middle_tiles(r: Reading) -> list[Sources]:
    """002 line 124: only 4, 5 and 6 of the suits."""
    return _only(r, "middle")


def lower_tiles(r: Reading) -> list[Sources]:
    """002 line 126: only 1, 2 and 3 of the suits."""
    return _only(r, "lower")


def upper_four(r: Reading) -> list[Sources]:
    """002 line 142: only 6 to 9 of the suits."""
    return _only(r, "upper_four")


def lower_four(r: Reading) -> list[Sources]:
    """002 line 144: only 1 to 4 of the suits."""
    return _only(r, "lower_four")


def tile_hog(r: Reading) -> list[Sources]:
    """002 line 187: all four of a tile used without a kong (each such tile)."""
    f = r.facts
    counts = f.counts
    return [(TILE_REF + t,) for t in f.present if counts[t] == 4 and t not in f.kong_tiles]


# -- concealment (002 lines 170, 175, 184) --------------------------------------------------


def fully_concealed_hand(r: Reading) -> list[Sources]:
    """002 line 175: nothing claimed, won by self-draw."""
    f = r.facts
    return WHOLE if f.exposed_melds == 0 and f.self_drawn else NONE


def concealed_hand(r: Reading) -> list[Sources]:
    """002 line 184: nothing claimed, won on a discard."""
    f = r.facts
    return WHOLE if f.exposed_melds == 0 and not f.self_drawn else NONE


def melded_hand(r: Reading) -> list[Sources]:
    """002 line 170: four sets claimed, the pair won on a discard."""
    f = r.facts
    return WHOLE if f.exposed_melds == 4 and not f.self_drawn else NONE


# -- kongs and concealed pungs (002 lines 79-199) ------------------------------------------


def _kong_sets(r: Reading, exposed: bool | None = None) -> tuple[int, ...]:
    return tuple(i for i, e in r.kongs if exposed is None or e == exposed)


# Each kong fan is detected whenever the hand has at least its kongs; the larger fans
# imply the smaller (catalogue), so a club that deletes one still scores the rest.


def four_kongs(r: Reading) -> list[Sources]:
    """002 line 79: four kongs."""
    return [_kong_sets(r)] if r.melded_kongs + r.concealed_kongs == 4 else NONE


def three_kongs(r: Reading) -> list[Sources]:
    """002 line 105: three kongs."""
    return [_kong_sets(r)] if r.melded_kongs + r.concealed_kongs >= 3 else NONE


def two_concealed_kongs(r: Reading) -> list[Sources]:
    """002 line 161: two concealed kongs."""
    return [_kong_sets(r, False)] if r.concealed_kongs >= 2 else NONE


def concealed_kong_and_melded_kong(r: Reading) -> list[Sources]:
    """002 line 178 (000 line 264): a concealed and a melded kong."""
    return [_kong_sets(r)] if r.melded_kongs and r.concealed_kongs else NONE


def two_melded_kongs(r: Reading) -> list[Sources]:
    """002 line 177: two melded kongs."""
    return [_kong_sets(r, True)] if r.melded_kongs >= 2 else NONE


def concealed_kong(r: Reading) -> list[Sources]:
    """002 line 190: a concealed kong."""
    return [_kong_sets(r, False)] if r.concealed_kongs else NONE


def melded_kong(r: Reading) -> list[Sources]:
    """002 line 199: a melded kong."""
    return [_kong_sets(r, True)] if r.melded_kongs else NONE


def four_concealed_pungs(r: Reading) -> list[Sources]:
    """002 line 93: four concealed pungs or kongs."""
    return [r.concealed_pung_sets] if len(r.concealed_pung_sets) == 4 else NONE


def three_concealed_pungs(r: Reading) -> list[Sources]:
    """002 line 136: three concealed pungs or kongs."""
    return [r.concealed_pung_sets] if len(r.concealed_pung_sets) >= 3 else NONE


def two_concealed_pungs(r: Reading) -> list[Sources]:
    """002 line 189: two concealed pungs or kongs (a pung completed by a discard is not)."""
    return [r.concealed_pung_sets] if len(r.concealed_pung_sets) >= 2 else NONE


# -- single pungs (002 lines 164-197) -------------------------------------------------------


def all_pungs(r: Reading) -> list[Sources]:
    """002 line 164: four pungs or kongs."""
    return [r.pung_sets] if r.kind == "regular" and len(r.pungs) == 4 else NONE


def pung_of_terminals_or_honors(r: Reading) -> list[Sources]:
    """002 line 197: each pung of 1s, 9s or a wind."""
    return [(i,) for t, i in r.pung_items if IS_TERMINAL[t] or IS_WIND[t]]


def dragon_pung(r: Reading) -> list[Sources]:
    """002 line 181: each pung of dragons."""
    return [(i,) for t, i in r.pung_items if IS_DRAGON[t]]


def prevalent_wind(r: Reading) -> list[Sources]:
    """002 line 182: a pung of the prevalent wind."""
    w = r.facts.prevalent_wind
    return [(i,) for t, i in r.pung_items if t == w]


def seat_wind(r: Reading) -> list[Sources]:
    """002 line 183: a pung of the seat wind."""
    w = r.facts.seat_wind
    return [(i,) for t, i in r.pung_items if t == w]


# -- patterns with the pair (002 lines 87-89, 185) ------------------------------------------


def little_four_winds(r: Reading) -> list[Sources]:
    """002 line 87: pungs of three winds and a pair of the fourth."""
    sets = tuple(i for t, i in r.pung_items if IS_WIND[t])
    ok = len(sets) == 3 and r.pair is not None and IS_WIND[r.pair]
    return [(*sets, PAIR_REF)] if ok else NONE


def little_three_dragons(r: Reading) -> list[Sources]:
    """002 line 89: pungs of two dragons and a pair of the third."""
    sets = tuple(i for t, i in r.pung_items if IS_DRAGON[t])
    ok = len(sets) == 2 and r.pair is not None and IS_DRAGON[r.pair]
    return [(*sets, PAIR_REF)] if ok else NONE


def all_chows(r: Reading) -> list[Sources]:
    """002 line 185: only chows and a pair of a suit."""
    ok = not r.pungs and r.pair is not None and r.pair < 27
    return WHOLE if ok else NONE


# -- what every set and the pair contain (002 lines 114, 133, 174) --------------------------


def outside_hand(r: Reading) -> list[Sources]:
    """002 line 174: a terminal or an honour in every set and the pair."""
    if r.kind != "regular" or r.pair is None or not IS_TERMINAL_OR_HONOR[r.pair]:
        return NONE
    for kind, t, _, _ in r.sets:
        if kind == CHOW:
            if RANK[t] not in (1, 7):
                return NONE
        elif not IS_TERMINAL_OR_HONOR[t]:
            return NONE
    return WHOLE


def all_five(r: Reading) -> list[Sources]:
    """002 line 133: a 5 in every set and the pair."""
    if r.kind != "regular" or r.pair is None or r.pair >= 27 or RANK[r.pair] != 5:
        return NONE
    for kind, t, _, _ in r.sets:
        if t >= 27 or not (RANK[t] <= 5 <= RANK[t] + 2 if kind == CHOW else RANK[t] == 5):
            return NONE
    return WHOLE


def all_even_pungs(r: Reading) -> list[Sources]:
    """002 line 114: pungs of 2, 4, 6 or 8 and such a pair."""
    if r.kind != "regular" or r.chows or r.pair is None or r.pair >= 27 or RANK[r.pair] % 2:
        return NONE
    for _, t, _, _ in r.sets:
        if t >= 27 or RANK[t] % 2:
            return NONE
    return WHOLE


# -- waits (002 lines 202-207) --------------------------------------------------------------


def _wait(r: Reading) -> str:
    """Which wait the winning tile completed: ``edge``, ``closed``, ``single`` or ``''``.

    Counts only when the hand waited on that one tile alone. A chow completed at either
    end counts as an edge wait, in the middle as a closed wait; with several readings of
    the tile, edge beats closed beats single (one wait only).
    """
    if r.wait is None:
        r.wait = _find_wait(r)
    return r.wait


def _find_wait(r: Reading) -> str:
    f = r.facts
    win = f.win
    edge = closed = False
    for kind, t, _, declared in r.sets:
        if kind == CHOW and not declared:
            if t + 1 == win:
                closed = True
            elif t == win or t + 2 == win:
                # 4-5 waiting on 3 waits on 6 too: a two-sided chow means no wait fan
                if RANK[t] == (7 if t == win else 1):
                    edge = True
                else:
                    return ""
    if not (edge or closed or r.pair == win):
        return ""
    if r.kind == "knitted":
        # The knitted straight's nine tiles are set aside; the wait is judged on the rest.
        if f.hand.melds:
            return "single" if f.standing[win] > 1 else ""
        rest = list(f.before)
        for t in r.knitted:
            rest[t] -= 1
        if rest[win] < 0 or len(waiting_tiles(tuple(rest), 4)) != 1:
            return ""
    elif not f.unique_wait:
        return ""
    if edge:
        return "edge"
    if closed:
        return "closed"
    return "single"


def edge_wait(r: Reading) -> list[Sources]:
    """002 line 202: the winning tile completed a chow at its end, the only wait."""
    return [(TILE_REF + r.facts.win,)] if _wait(r) == "edge" else NONE


def closed_wait(r: Reading) -> list[Sources]:
    """002 line 204: the winning tile completed a chow in its middle, the only wait."""
    return [(TILE_REF + r.facts.win,)] if _wait(r) == "closed" else NONE


def single_wait(r: Reading) -> list[Sources]:
    """002 line 206: the winning tile completed the pair, the only wait."""
    return [(PAIR_REF,)] if _wait(r) == "single" else NONE


def nine_gates(r: Reading) -> list[Sources]:
    """002 line 77: 1112345678999 of one suit concealed, won on any tile of that suit.

    Its sources name the one terminal pung it absorbs (the rulebook deducts one Pung of
    Terminals or Honors).
    """
    f = r.facts
    if f.hand.melds or not r.sets or f.suits_missing != 2 or f.has_honors:
        return NONE
    suit = SUIT[f.win]
    base = 9 * suit
    before = list(f.standing)
    before[f.win] -= 1
    if before[base : base + 9] != [3, 1, 1, 1, 1, 1, 1, 1, 3] or sum(before) != 13:
        return NONE
    pung = next((i for t, i in r.pung_items if IS_TERMINAL[t]), None)
    return [(pung,)] if pung is not None else WHOLE


# -- the shapes (002 lines 77-140) ----------------------------------------------------------


def _form(fan: str) -> Detector:
    def detect(r: Reading) -> list[Sources]:
        return [s for f, s in r.form_fans if f == fan]

    detect.__name__ = fan
    detect.__doc__ = f"{fan.replace('_', ' ').capitalize()}: found by the shape's recogniser."
    return detect


FORM_FANS: Final = (
    "seven_shifted_pairs",
    "thirteen_orphans",
    "seven_pairs",
    "greater_honors_and_knitted_tiles",
    "lesser_honors_and_knitted_tiles",
    "knitted_straight",
)
"""Fans a shape's recogniser awards itself."""

_GROUPS: Final[dict[str, tuple[Detector, ...]]] = {
    "situation": (last_tile_draw, last_tile_claim, out_with_replacement_tile, robbing_the_kong,
                  last_tile, self_drawn),
    "flowers": (flower_tiles, no_flower_tiles, flower_or_season_set, seat_flower),
    "suits": (full_flush, half_flush, all_types, one_voided_suit, no_honors),
    "tile_classes": (all_green, all_terminals, all_honors, all_terminals_and_honors,
                     upper_tiles, middle_tiles, lower_tiles, upper_four, lower_four,
                     reversible_tiles, all_simples),
    "tile_hog": (tile_hog,),
    "concealment": (melded_hand, fully_concealed_hand, concealed_hand),
    "kongs": (four_kongs, three_kongs, two_concealed_kongs, concealed_kong_and_melded_kong,
              two_melded_kongs, concealed_kong, melded_kong),
    "concealed_pungs": (four_concealed_pungs, three_concealed_pungs, two_concealed_pungs),
    "pungs": (all_pungs, dragon_pung, prevalent_wind, seat_wind, pung_of_terminals_or_honors),
    "pair": (little_four_winds, little_three_dragons, all_chows),
    "nine_gates": (nine_gates,),
    "packs": (all_even_pungs, all_five, outside_hand),
    "waits": (edge_wait, closed_wait, single_wait),
    "form": tuple(_form(f) for f in FORM_FANS),
}  # fmt: skip

GROUP_NEEDS: Final[dict[str, int]] = {
    "tile_hog": TILE_HOG,
    "kongs": KONGS,
    "concealed_pungs": CONCEALED_PUNGS,
    "pungs": PUNG_FANS,
    "packs": PACKS,
    "pair": PAIR_FANS,
    "nine_gates": NINE_GATES_SHAPE,
}
"""What a reading must hold (any of these `Reading.features`) for a group's detectors
to find anything: the scorer skips the group otherwise (speed only; the other groups
always run)."""


def _wait_key(r: Reading) -> tuple[str, int]:
    return _wait(r), r.facts.win


GROUP_KEYS: Final[dict[str, Callable[[Reading], Hashable]]] = {
    "situation": attrgetter("facts.self_drawn", "facts.last_wall_tile", "facts.kong_involved",
                            "facts.last_of_kind", "facts.win"),
    "flowers": attrgetter("facts.flower_tiles", "facts.flower_count", "facts.seat_wind"),
    "suits": attrgetter("facts.groups"),
    "tile_classes": attrgetter("facts.classes"),
    "concealment": attrgetter("facts.exposed_melds", "facts.self_drawn"),
    "pair": attrgetter("pungs", "pung_sets", "pair"),
    "form": attrgetter("form_fans"),
    "kongs": attrgetter("kongs"),
    "concealed_pungs": attrgetter("concealed_pung_sets"),
    "waits": _wait_key,
}  # fmt: skip
"""Everything a group's detectors read, where that is little: the scorer remembers the
group's fans per key (speed only; an `attrgetter` reads the key without a Python call).
A detector added to one of these groups must read nothing else."""

_HAND: Final = ("situation", "flowers", "suits", "tile_classes", "tile_hog")

GROUPS_BY_KIND: Final[dict[str, tuple[str, ...]]] = {
    "regular": (*_HAND, "concealment", "kongs", "concealed_pungs", "pungs", "pair",
                "nine_gates", "packs", "waits"),
    "knitted": ("form", *_HAND, "concealment", "kongs", "concealed_pungs", "pungs", "pair",
                "waits"),
    "pairs": ("form", *_HAND, "concealment"),
    "shifted_pairs": ("form", *_HAND, "concealment"),
    "orphans": ("form", "situation", "flowers", "concealment"),
    "honors_knitted": ("form", "situation", "flowers", "concealment"),
}  # fmt: skip
"""Which detector groups look at each shape; the set patterns apply to ``regular`` only
(the knitted straight's one set and the special shapes have no two sets to combine).
The reference calculator values the special shapes by their own fans and the way the hand
was won; seven pairs also by its tiles. A special shape is always concealed: whether it
also scores Fully Concealed Hand or Concealed Hand is for the fan combinations to say
(`mahjongkit.rules.combinations`; 002 line 111: Seven Pairs "may be combined with Fully
Concealed if the winning tile is Self-Drawn")."""

HAND_GROUPS: Final = frozenset((*_HAND, "concealment"))
"""Groups that depend only on the tiles and the situation: found once per hand (and
kept for the shapes that look at them)."""


def _name(fn: Detector) -> str:
    return fn.__name__


DETECTORS: Final[tuple[tuple[str, str, Detector], ...]] = tuple(
    (_name(fn), group, fn) for group, fns in _GROUPS.items() for fn in fns
)
"""Every detector as (fan id, group, function)."""

DETECTORS_BY_GROUP: Final = _GROUPS

__all__ = [
    "CHOW_PATTERNS",
    "DETECTORS",
    "DETECTORS_BY_GROUP",
    "GROUPS_BY_KIND",
    "GROUP_KEYS",
    "GROUP_NEEDS",
    "HAND_GROUPS",
    "KNITTED_REF",
    "PUNG_PATTERNS",
]
