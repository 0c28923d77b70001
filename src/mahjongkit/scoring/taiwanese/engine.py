"""Scores a Taiwanese 16-tile win on the LRC or DXB sheet: the best reading, explained.

The engine checks the situation, reads the hand every way it can (each decomposition,
each role of the winning tile), prices the hits of the detectors in the ruleset's
column, drops what other hits imply and keeps the reading worth most. Special-hand
points come first, Base Point last (004 lines 342, 347).

>>> s = score_hand(Hand.parse("123m456m789m123p456p5s5s", size=16), Situation(),
...                get_ruleset("taiwanese-lrc"))
>>> s.total, [i.name for i in s.items][-2:]
(59, ['East Seat / Dealer tile', 'Base Point'])
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from mahjongkit.completion import winning_tiles
from mahjongkit.errors import InvalidHandError, InvalidSituationError
from mahjongkit.hand import KONG, Hand
from mahjongkit.rules.catalogues.taiwanese import CATALOGUE, INSTANT_ITEMS, SPECIAL_ITEMS
from mahjongkit.rules.ruleset import Form, Ruleset, get_ruleset
from mahjongkit.rules.scoring import NO_CALL_FORMS
from mahjongkit.rules.taiwanese import TaiwaneseOptions
from mahjongkit.scoring.result import Outcome, Score, ScoreItem
from mahjongkit.scoring.situation import Situation
from mahjongkit.scoring.taiwanese.detect import DETECTORS, Context, Hit, Reading, bouquets, readings
from mahjongkit.shapes import Decomposition, decompositions
from mahjongkit.tiles import NAMES, NUM_KINDS, SUIT, Tile

_ORDER = {item.id: n for n, item in enumerate(CATALOGUE)}
_COLUMN_VALUES = {
    column: {i.id: v for i in CATALOGUE if (v := i.value(column)) is not None}
    for column in ("lrc", "dxb")
}
"""Each sheet's printed values, read once (the base of ``CATALOGUE.values_for``)."""


def _values(ruleset: Ruleset) -> dict[str, int]:
    """Item id -> value under the ruleset, as ``CATALOGUE.values_for`` gives it (its column,
    re-priced, with items the sheet lacks that the ruleset prices), less instant items."""
    printed = _COLUMN_VALUES.get(ruleset.scoring.column)
    if printed is None:
        raise InvalidSituationError(f"ruleset {ruleset.name} has no Taiwanese column (lrc, dxb)")
    removed = ruleset.scoring.removed_items | INSTANT_ITEMS
    priced = printed | dict(ruleset.scoring.item_values)
    return {k: v for k, v in priced.items() if k not in removed}


_SHEETS: dict[int, tuple[Ruleset, dict[str, int], frozenset[str], dict[str, tuple[str, ...]]]] = {}
"""`_sheet` by ruleset (its id, the ruleset kept beside it so that the id stays its own)."""


def _sheet(
    ruleset: Ruleset, options: TaiwaneseOptions
) -> tuple[dict[str, int], frozenset[str], dict[str, tuple[str, ...]]]:
    """The ruleset's `_values`, the items they price and its `implications` (``options``:
    its sheet's switches), read once per ruleset: a bot scores many wins of each hand it
    values. Never changed by the caller."""
    found = _SHEETS.get(id(ruleset))
    if found is None or found[0] is not ruleset:
        if len(_SHEETS) >= 64:
            _SHEETS.clear()
        values = _values(ruleset)
        found = _SHEETS[id(ruleset)] = (
            ruleset,
            values,
            frozenset(values),
            implications(options),
        )
    return found[1], found[2], found[3]


def _flowers(hand: Hand, situation: Situation) -> tuple[tuple[Tile, ...] | None, int]:
    """The winner's flowers: from the situation, else those written in the hand."""
    given = situation.flower_tiles
    if hand.flowers:
        if situation.flower_count and (given is None or given != hand.flowers):
            raise InvalidSituationError(
                "flowers are written in the hand and given in the situation, and they differ"
            )
        return hand.flowers, len(hand.flowers)
    if given is None:
        return None, situation.flower_count
    return given, len(given)


def check_situation(hand: Hand, s: Situation, ting_in_play: bool, flowers: int) -> None:
    """Raise `InvalidSituationError` for circumstances that cannot happen with this hand."""

    def bad(reason: str) -> None:
        raise InvalidSituationError(reason)

    win = hand.winning_tile
    drawn = s.self_drawn or s.kong_replacement or s.flower_replacement
    if s.ting and not ting_in_play:
        bad("ting: Calling / Ting is not in play at this table (004 line 24)")
    # Situation itself refuses a dealer not sitting East and a dealer discarding to himself.
    if s.discarder_is_dealer and drawn:
        bad("discarder_is_dealer: nobody discarded a self-drawn winning tile")
    if s.robbing_kong and drawn:
        bad("robbing_kong: a robbed tile is not self-drawn")
    if s.robbing_kong and win is not None and hand.all_counts()[win] > 1:
        bad(f"robbing_kong: the robbed {NAMES[win]} is the 4th; the winner cannot hold another")
    if s.kong_replacement and s.flower_replacement:
        bad("kong_replacement and flower_replacement: the winning tile replaced one thing")
    if s.kong_replacement and not any(m.kind is KONG for m in hand.melds):
        bad("kong_replacement: the hand has no kong")
    if s.flower_replacement and flowers == 0:
        bad("flower_replacement: the hand has no flower")
    if s.last_wall_tile and not drawn:
        bad("last_wall_tile: the Seabed Hand's tile is picked from the Wall (004 line 332)")
    if s.last_wall_tile and (s.kong_replacement or s.flower_replacement):
        bad("last_wall_tile: a replacement comes from the Flower Wall, not the Wall")
    if s.heavenly:
        if not s.is_dealer:
            bad("heavenly: only East (the dealer) may declare a Heavenly Hand (004 line 334)")
        if not drawn:
            bad("heavenly: a Heavenly Hand is dealt, never won on a discard (004 line 334)")
        if any(not m.concealed for m in hand.melds):
            bad("heavenly: a dealt hand has no claimed sets")
        if s.ting:
            bad("ting: a Heavenly Hand wins before any discard, so nothing was called")
        if s.earthly:
            bad("heavenly and earthly: one player cannot win both ways")
    if s.earthly:
        if s.is_dealer:
            bad("earthly: the dealer cannot declare an Earthly Hand (004 line 333)")
        if drawn:
            bad("earthly: the Earthly Hand's tile is East's first discard (004 line 333)")
        if not s.discarder_is_dealer:
            bad("earthly: the winning tile is East's first discard; set discarder_is_dealer")
        if hand.melds:
            bad("earthly: nothing can be claimed before East's first discard")
        if s.ting:
            bad("ting: an Earthly Hand wins before the winner's first turn, so nothing was called")
    declared = sum(len(m.tiles) for m in hand.melds)
    if s.tiles_on_table is not None and s.tiles_on_table < declared:
        bad(
            f"tiles_on_table: {s.tiles_on_table}, but the winner alone has declared "
            f"{declared} tiles (004 lines 329-331 count declared tiles)"
        )


def _waits(hand: Hand, forms: frozenset[Form], every_tile: bool) -> frozenset[Tile]:
    """The winning tile and at most one other tile that also completes the hand.

    Single waits only ask whether the winning tile is the one tile that completes the
    hand: the first other is named, of every tile where ``every_tile``, else of the tiles
    a set or pair could take (within two of a concealed tile of its suit, an honour held).
    The tiles that complete the waiting hand are `mahjongkit.completion.winning_tiles`,
    its tables' exact answer, less those the hand holds four of (melds included).
    """
    win = hand.winning_tile
    assert win is not None
    before = hand.without_winning_tile()
    completing = winning_tiles(before.concealed, before.melds, forms, hand.size) & ~(1 << win)
    if completing and not every_tile:
        near = 0
        for t in range(NUM_KINDS):
            if before.concealed[t]:
                near |= _NEAR[t]
        completing &= near
    if completing:
        counts = before.all_counts()
        for t in range(NUM_KINDS):
            if completing >> t & 1 and counts[t] < 4:
                return frozenset({win, t})
    return frozenset({win})


def _near_mask(t: Tile) -> int:
    """The tiles a set or pair holding ``t`` could take, as bits: within two ranks of it
    in its suit, or itself for an honour."""
    if SUIT[t] == 3:
        return 1 << t
    return sum(1 << u for u in range(t - 2, t + 3) if 0 <= u < 27 and SUIT[u] == SUIT[t])


_NEAR: Final[tuple[int, ...]] = tuple(_near_mask(t) for t in range(NUM_KINDS))
"""`_near_mask` of each tile."""


_IMPLIES: dict[str, tuple[str, ...]] = {i.id: tuple(sorted(i.implies)) for i in CATALOGUE}
"""Item id -> the items it replaces, as the catalogue prints them."""

_HONOUR_SETS = {
    "little_three_winds": "pong_of_winds",
    "big_three_winds": "pong_of_winds",
    "little_four_winds": "pong_of_winds",
    "big_four_winds": "pong_of_winds",
    "little_dragons": "pong_of_dragons",
    "big_dragons": "pong_of_dragons",
}
"""Each wind or dragon combination and the 1x Pong line of the pongs it is made of."""


def implications(options: TaiwaneseOptions) -> dict[str, tuple[str, ...]]:
    """Item id -> the items it replaces under the switches: the catalogue's ``implies``,
    less or more where a switch reads the card the other way.

    >>> from dataclasses import replace
    >>> card = TaiwaneseOptions.card()
    >>> implications(card)["seabed_hand"]
    ()
    >>> implications(replace(card, seabed_with_self_draw=False))["seabed_hand"]
    ('self_draw',)
    """
    more: dict[str, tuple[str, ...]] = {}
    if options.lets_start_cumulative:
        more["no_flowers_no_honors"] = ()  # the 5 adds to the two 1s (004 lines 200-202)
    if not options.honour_sets_score_their_pongs:
        for combination, pong in _HONOUR_SETS.items():
            more[combination] = (*_IMPLIES[combination], pong)  # 004 lines 213-226
    if not options.fully_exposed_single_wait:
        for fully_exposed in ("fully_exposed_hand_discard", "self_draw_fully_exposed"):
            more[fully_exposed] = (*_IMPLIES[fully_exposed], "true_single_wait")  # 293, 317
    if not options.seabed_with_self_draw:
        more["seabed_hand"] = (*_IMPLIES["seabed_hand"], "self_draw")  # 004 lines 321, 332
    if not options.nico_nico_calling_by_pairs:
        more["nico_nico"] = (*_IMPLIES["nico_nico"], "calling_by_pairs")  # 316, 350
    return _IMPLIES | more if more else _IMPLIES


def _price(
    hits: list[Hit], values: dict[str, int], implies: dict[str, tuple[str, ...]]
) -> list[ScoreItem]:
    """Priced items of the hits that exist on the sheet, less those others imply."""
    present = {h[0] for h in hits if h[0] in values}
    implied: set[str] = set()
    stack = list(present)
    while stack:
        implier = stack.pop()
        for j in implies[implier]:
            if j not in implied:
                implied.add(j)
                stack.append(j)
    items: list[ScoreItem] = []
    for item_id, count, sources in hits:
        if item_id not in present or item_id in implied:
            continue
        item = CATALOGUE[item_id]
        points, times = values[item_id], count
        if item_id == "dice_on_the_wall":
            points, times = values[item_id] + 2 * (count - 1), 1  # 3, 5, 7, ... (line 417)
        items.append(
            ScoreItem(item.id, item.name, item.chinese, points, times, sources, item.is_flower)
        )
    return items


def _order(items: list[ScoreItem]) -> list[ScoreItem]:
    """Special hands first, the rest in card order (004 line 347)."""
    return sorted(items, key=lambda i: (i.id not in SPECIAL_ITEMS, _ORDER[i.id]))


def score_hand(hand: Hand, situation: Situation, ruleset: Ruleset) -> Score:
    """Score a complete 17-tile hand under a Taiwanese ruleset (``taiwanese-lrc``/``-dxb``).

    >>> r = score_hand(Hand.parse("[EEE1][SSS2][WWW3][NNN1]CCC5m5m", size=16),
    ...                Situation(), get_ruleset("taiwanese-dxb"))
    >>> r.qualifies, r.fan_counts()["Big Four Winds"]
    (True, 1)
    """
    if hand.size != 16:
        raise InvalidHandError(f"Taiwanese hands have 16 tiles (+1), not {hand.size}")
    options = ruleset.scoring.sheet
    if options is None:
        raise InvalidSituationError(f"ruleset {ruleset.name} has no Taiwanese sheet switches")
    values, priced, implies = _sheet(ruleset, options)
    flower_tiles, flower_count = _flowers(hand, situation)
    check_situation(hand, situation, ruleset.play.ting_in_play, flower_count)
    minimum = ruleset.scoring.minimum_for(situation.prevalent_wind)
    notes: list[str] = []

    def result(outcome: Outcome, items: list[ScoreItem], d: Decomposition | None) -> Score:
        score = Score(
            ruleset.name, hand, situation, outcome, tuple(items), minimum, d, tuple(notes)
        )
        counted = (
            score.total if options.flowers_count_toward_minimum else score.total_without_flowers
        )
        if outcome is Outcome.WIN and counted < minimum:
            return replace(score, outcome=Outcome.BELOW_MINIMUM)
        return score

    if flower_count >= 7:
        return result(Outcome.WIN, _flower_win(flower_count, values, options), None)
    forms = ruleset.scoring.forms_of(situation.ting)
    found = decompositions(hand, forms)
    if not found:
        if situation.ting and decompositions(hand, ruleset.scoring.forms):
            raise InvalidSituationError(
                "ting: Calling is not permitted in Nico Nico or Orphan hands (004 lines 336, 349)"
            )
        return result(Outcome.NOT_A_WIN, [], None)
    win = hand.winning_tile
    assert win is not None
    every = [r for d in found for r in readings(d, win)]
    roles = {r.key for r in every}
    waits = None
    if not options.single_wait_by_reading and any(
        r.role in ("pair", "edge", "closed", "single") for r in every
    ):
        waits = _waits(hand, forms, any(d.form in NO_CALL_FORMS for d in found))
    drawn = situation.self_drawn or situation.kong_replacement or situation.flower_replacement
    counts = hand.all_counts()
    best: tuple[int, list[ScoreItem], Reading] | None = None
    for reading in every:
        ctx = Context(
            hand,
            situation,
            options,
            priced,
            ruleset.table.die_cap,
            reading,
            flower_tiles,
            flower_count,
            drawn,
            waits,
            len(roles),
            counts,
        )
        hits = [h for detect in DETECTORS for h in detect(ctx)]
        items = _chicken(_price(hits, values, implies), values)
        total = sum(i.total for i in items)
        if best is None or total > best[0]:
            best = (total, items, reading)
    assert best is not None
    _, items, reading = best
    notes += _instant_notes(hand, flower_tiles, flower_count, options, values)
    return result(Outcome.WIN, _order(items) + _base_point(values), reading.decomposition)


def _chicken(items: list[ScoreItem], values: dict[str, int]) -> list[ScoreItem]:
    """A win worth only 1 point before Base Point is a Chicken Hand of 20 (004 line 360)."""
    if "chicken_hand" not in values or sum(i.total for i in items) > 1:
        return items
    item = CATALOGUE["chicken_hand"]
    replaced = tuple(str(i) for i in items)
    return [ScoreItem(item.id, item.name, item.chinese, values["chicken_hand"], 1, replaced)]


def _flower_win(count: int, values: dict[str, int], options: TaiwaneseOptions) -> list[ScoreItem]:
    """7 or 8 Flowers: an instant win, no other points (004 lines 210-211, 382-390)."""
    item = CATALOGUE["eight_flowers" if count == 8 else "seven_flowers"]
    items = [ScoreItem(item.id, item.name, item.chinese, values[item.id], 1, (), True)]
    return items + _base_point(values) if options.flower_win_base_point else items


def _base_point(values: dict[str, int]) -> list[ScoreItem]:
    """Base Point, last in a breakdown, where the sheet has it (004 line 347)."""
    if "base_point" not in values:
        return []
    base = CATALOGUE["base_point"]
    return [ScoreItem(base.id, base.name, base.chinese, values["base_point"])]


def _instant_notes(
    hand: Hand,
    flower_tiles: tuple[Tile, ...] | None,
    flower_count: int,
    options: TaiwaneseOptions,
    values: dict[str, int],
) -> list[str]:
    """The payments made at once during the hand, shown beside the breakdown."""
    notes: list[str] = []
    hidden = [m for m in hand.melds if m.concealed]
    for m in hidden:
        notes.append(f"Concealed Kong {m}: each player paid 5 at once (004 line 231)")
    if flower_tiles is None and flower_count:
        notes.append("flowers given as a count: seat flowers and bouquets not scored")
    elif flower_tiles and not options.bouquets_in_hand_score:
        for item_id, _, srcs in bouquets(flower_tiles, options.bouquets_share_flowers):
            if item_id in values:
                notes.append(
                    f"{CATALOGUE[item_id].name} ({' '.join(srcs)}): all players paid "
                    f"{values[item_id]} at once (004 lines 208-209)"
                )
    return notes


def triple_dice_payment(dice: tuple[int, int, int], ruleset: Ruleset | str) -> int:
    """What each player pays the dealer for a triple thrown at the wall-break (LRC only).

    >>> triple_dice_payment((3, 3, 3), "taiwanese-lrc"), triple_dice_payment((6, 6, 6), "taiwanese")
    (5, 10)
    >>> triple_dice_payment((6, 6, 6), "taiwanese-dxb"), triple_dice_payment((1, 2, 3), "taiwanese")
    (0, 0)
    """
    rules = get_ruleset(ruleset)
    if any(not 1 <= d <= 6 for d in dice):
        raise InvalidSituationError(f"dice show 1-6, not {dice}")
    if len(set(dice)) != 1:
        return 0
    values = CATALOGUE.values_for(rules)
    return values.get("triple_six" if dice[0] == 6 else "triple_dice", 0)


__all__ = ["check_situation", "implications", "score_hand", "triple_dice_payment"]
