"""The detectors of the Taiwanese sheets: one reading of a winning hand in, items out.

A `Reading` is one decomposition of the hand with one role for the winning tile (which
set or pair it completed). Each detector looks at one family of card lines and returns
`Hit` values; the engine prices them, drops what other hits imply and keeps the best
reading.

>>> [r.role for r in readings(Decomposition(Form.REGULAR, (Group(CHOW, 0, True),), (5,)), 2)]
['edge']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations, pairwise, permutations

from mahjongkit.hand import CHOW, KONG, PUNG, Hand
from mahjongkit.notation import format_tiles
from mahjongkit.rules.ruleset import Form
from mahjongkit.rules.taiwanese import TaiwaneseOptions
from mahjongkit.scoring.situation import Situation
from mahjongkit.shapes import Decomposition, Group
from mahjongkit.tiles import (
    DRAGONS,
    FLOWERS,
    IS_DRAGON,
    IS_HONOR,
    IS_TERMINAL,
    IS_WIND,
    NAMES,
    RANK,
    SUIT,
    WINDS,
    Tile,
)

Hit = tuple[str, int, tuple[str, ...]]
"""An item id, how many times it scores, and the sets or tiles that earned it."""

PAIR, EDGE, CLOSED, OPEN, PUNG_WAIT, SINGLE = "pair", "edge", "closed", "open", "pung", "single"
"""The roles the winning tile can play: the pair, an edge / closed / open sheung, the
pong of a pair (calling by pairs), an orphan single."""


@dataclass(frozen=True, slots=True)
class Reading:
    """One decomposition with the winning tile's role: ``index`` is the group it completed
    (-1 for the pair, -2 for an orphan single)."""

    decomposition: Decomposition
    role: str
    index: int

    @property
    def key(self) -> tuple[str, Tile]:
        """The role and the tile it starts at: distinct keys are distinct sets completed."""
        d = self.decomposition
        tile = d.groups[self.index].tile if self.index >= 0 else -1
        return (self.role, tile)


def readings(d: Decomposition, win: Tile) -> list[Reading]:
    """Every role the winning tile can play in a decomposition.

    >>> from mahjongkit.hand import Hand
    >>> from mahjongkit.shapes import decompositions
    >>> [d] = decompositions(Hand.parse("123m456m789m123p456p3s3s"))
    >>> [(r.role, r.index) for r in readings(d, 20)]
    [('pair', -1)]
    """
    out: list[Reading] = []
    for i, g in enumerate(d.groups):
        if g.meld is not None or win not in g.tiles:
            continue
        if g.kind is CHOW:
            pos = win - g.tile
            if pos == 1:
                role = CLOSED
            elif (pos == 2 and RANK[g.tile] == 1) or (pos == 0 and RANK[g.tile] == 7):
                role = EDGE
            else:
                role = OPEN
        else:
            role = PUNG_WAIT
        out.append(Reading(d, role, i))
    if win in d.pairs:
        out.append(Reading(d, PAIR, -1))
    if win in d.singles:
        out.append(Reading(d, SINGLE, -2))
    return out


@dataclass(frozen=True)
class Context:
    """Everything a detector may look at for one reading."""

    hand: Hand
    situation: Situation
    options: TaiwaneseOptions
    priced: frozenset[str]
    """The items this ruleset's sheet prices: where the LRC and DXB sheets differ in which
    lines they print, a detector asks for the line, not for the sheet's name."""
    die_cap: int | None
    """The die's highest face (``table.die_cap``): the bonus stops there (004 l.432)."""
    reading: Reading
    flowers: tuple[Tile, ...] | None
    flower_count: int
    self_drawn: bool
    waits: frozenset[Tile] | None
    """Tiles that complete the waiting hand (``None`` when not needed)."""
    distinct_roles: int
    """How many different sets the winning tile completes over every reading."""
    counts: tuple[int, ...]
    """Every tile of the hand, melds included, kongs as four."""

    @property
    def decomposition(self) -> Decomposition:
        """The decomposition of this reading."""
        return self.reading.decomposition

    @property
    def form(self) -> Form:
        """The hand shape of this reading."""
        return self.reading.decomposition.form

    @property
    def groups(self) -> tuple[Group, ...]:
        """The sets of this reading, declared melds first."""
        return self.reading.decomposition.groups

    @property
    def chows(self) -> list[Group]:
        """The sheungs."""
        return [g for g in self.groups if g.kind is CHOW]

    @property
    def pongs(self) -> list[Group]:
        """The pongs and kongs."""
        return [g for g in self.groups if g.kind is not CHOW]

    def discard_completed(self, index: int) -> bool:
        """True when the group at ``index`` was completed by a discarded winning tile."""
        return not self.self_drawn and self.reading.index == index

    def exposed(self, g: Group) -> bool:
        """True for a claimed (exposed) meld."""
        return g.meld is not None and not g.meld.concealed

    @property
    def has_honors(self) -> bool:
        """True when any wind or dragon is in the hand."""
        return any(self.counts[t] for t in range(27, 34))

    @property
    def suits(self) -> set[int]:
        """The suits (0, 1, 2) the hand uses."""
        return {SUIT[t] for t in range(27) if self.counts[t]}

    @property
    def is_concealed(self) -> bool:
        """No tiles exposed except flowers and kongs (004 lines 230, 292, 323)."""
        exposed = [m for m in self.hand.melds if not m.concealed]
        if not self.options.open_kong_breaks_concealed:
            exposed = [m for m in exposed if m.kind is not KONG]
        elif len(exposed) == 1 and exposed[0].promoted:
            exposed = []  # line 230: a self-drawn kong on the only exposed pong
        return not exposed

    @property
    def is_fully_exposed(self) -> bool:
        """All five sets declared, only the pair's tile concealed (004 lines 293, 325)."""
        return len(self.hand.melds) == 5 and not self.is_concealed

    def group_names(self, groups: list[Group] | tuple[Group, ...]) -> tuple[str, ...]:
        """The sets in notation, for an item's sources."""
        return tuple(str(g) for g in groups)


def _pair_text(t: Tile) -> str:
    return format_tiles((t, t))


def _ladder(ids: tuple[str, ...], n: int, first: int, sources: tuple[str, ...]) -> list[Hit]:
    """The item of a 2x/3x/4x... ladder for ``n`` (``ids[0]`` is for ``first``)."""
    i = min(n - first, len(ids) - 1)
    return [(ids[i], 1, sources)] if i >= 0 else []


# -- Let's start (lines 200-204) and No Terminal Tiles (line 273) ------------------------
def lets_start(c: Context) -> list[Hit]:
    """No flowers, no honours, both, both in an all-sheung hand; no terminals."""
    hits: list[Hit] = []
    no_flowers = c.flower_count == 0
    no_honors = not c.has_honors
    if no_flowers:
        hits.append(("no_flowers", 1, ()))
    if no_honors:
        hits.append(("no_honors", 1, ()))
    if no_flowers and no_honors:
        hits.append(("no_flowers_no_honors", 1, ()))
        if c.form is Form.REGULAR and len(c.chows) == 5:
            hits.append(("all_sheung_no_flowers_no_honors", 1, ()))
    if no_honors and not any(c.counts[t] for t in range(27) if IS_TERMINAL[t]):
        # DXB prints the line twice (l.204, l.273): its switch says which counts.
        twice = "no_terminals_no_honors_dxb" in c.priced
        how = c.options.dxb_no_terminals if twice else "both"
        if how in ("both", "terminals_section"):
            hits.append(("no_terminal_tiles", 1, ()))
        if how in ("both", "higher"):
            hits.append(("no_terminals_no_honors_dxb", 1, ()))
    return hits


# -- Flowers (lines 206-209) ----------------------------------------------------------
def flowers(c: Context) -> list[Hit]:
    """A point a flower, seat flowers, and the bouquets where the switch counts them."""
    hits: list[Hit] = []
    if c.flower_count:
        names = tuple(NAMES[f] for f in c.flowers) if c.flowers else ()
        hits.append(("flower", c.flower_count, names))
    if c.flowers is None:
        return hits
    seat = WINDS.index(c.situation.seat_wind)
    mine = [f for f in c.flowers if (f - FLOWERS[0]) % 4 == seat]
    if mine:
        hits.append(("seat_flower", len(mine), tuple(NAMES[f] for f in mine)))
    if c.options.bouquets_in_hand_score:
        hits += bouquets(c.flowers, c.options.bouquets_share_flowers)
    return hits


def bouquets(held: tuple[Tile, ...], share: bool) -> list[Hit]:
    """Mixed Bouquet and Pure Garden among the flowers held (004 lines 208-209).

    >>> bouquets((34, 35, 36, 37, 38), True)
    [('pure_garden', 1, ('1f', '2f', '3f', '4f')), ('mixed_bouquet', 1, ('5f', '2f', '3f', '4f'))]
    >>> bouquets((34, 39, 36, 37), True)
    [('mixed_bouquet', 1, ('1f', '6f', '3f', '4f'))]
    """
    hits: list[Hit] = []
    have = set(held)
    used: set[Tile] = set()
    for colour in (FLOWERS[:4], FLOWERS[4:]):
        if have >= set(colour):
            hits.append(("pure_garden", 1, tuple(NAMES[f] for f in colour)))
            used |= set(colour)
    free = have if share else have - used
    # One flower of each number 1-4 with both colours among them.
    choice: list[Tile] = []
    for number in range(4):
        options = [f for f in (FLOWERS[number], FLOWERS[number + 4]) if f in free]
        if not options:
            return hits
        choice.append(options[0])
    colours = {(f - FLOWERS[0]) // 4 for f in choice}
    if len(colours) == 1:
        # Swap in the other colour for the first number that has it.
        for i in range(4):
            other = choice[i] + 4 if choice[i] < FLOWERS[4] else choice[i] - 4
            if other in free:
                choice[i] = other
                break
        else:
            return hits
    hits.append(("mixed_bouquet", 1, tuple(NAMES[f] for f in choice)))
    return hits


# -- Winds and dragons (lines 213-226) ----------------------------------------------
def honours(c: Context) -> list[Hit]:
    """Pongs of winds and dragons and their combinations."""
    hits: list[Hit] = []
    wind_pongs = [g for g in c.pongs if IS_WIND[g.tile]]
    dragon_pongs = [g for g in c.pongs if IS_DRAGON[g.tile]]
    pairs = c.decomposition.pairs if c.form is Form.REGULAR else ()
    if wind_pongs:
        hits.append(("pong_of_winds", len(wind_pongs), c.group_names(wind_pongs)))
        for g in wind_pongs:
            if g.tile == c.situation.seat_wind:
                hits.append(("seat_wind_pong", 1, (str(g),)))
            if g.tile == c.situation.prevalent_wind:
                hits.append(("round_wind_pong", 1, (str(g),)))
    wind_pair = [p for p in pairs if IS_WIND[p]]
    n = len(wind_pongs)
    srcs = c.group_names(wind_pongs) + tuple(_pair_text(p) for p in wind_pair)
    if n == 4:
        hits.append(("big_four_winds", 1, srcs))
    elif n == 3:
        hits.append(("little_four_winds" if wind_pair else "big_three_winds", 1, srcs))
    elif n == 2 and wind_pair:
        hits.append(("little_three_winds", 1, srcs))
    if dragon_pongs:
        hits.append(("pong_of_dragons", len(dragon_pongs), c.group_names(dragon_pongs)))
    dragon_pair = [p for p in pairs if IS_DRAGON[p]]
    srcs = c.group_names(dragon_pongs) + tuple(_pair_text(p) for p in dragon_pair)
    if len(dragon_pongs) == 3:
        hits.append(("big_dragons", 1, srcs))
    elif len(dragon_pongs) == 2 and dragon_pair:
        hits.append(("little_dragons", 1, srcs))
    return hits


# -- Kongs (lines 229-231) ------------------------------------------------------------
def kongs(c: Context) -> list[Hit]:
    """Each open and each concealed kong."""
    hits: list[Hit] = []
    open_ = [g for g in c.groups if g.kind is KONG and c.exposed(g)]
    hidden = [g for g in c.groups if g.kind is KONG and not c.exposed(g)]
    if open_:
        hits.append(("open_kong", len(open_), c.group_names(open_)))
    if hidden:
        hits.append(("concealed_kong", len(hidden), c.group_names(hidden)))
    return hits


# -- Complete sequence (lines 233-240, 392-398) -------------------------------------
def complete_sequence(c: Context) -> list[Hit]:
    """Mixed and pure 1-9 runs of three sheungs; a player can collect both (line 234)."""
    hits: list[Hit] = []
    by_start: dict[Tile, list[int]] = {}
    for i, g in enumerate(c.groups):
        if g.kind is CHOW and RANK[g.tile] in (1, 4, 7):
            by_start.setdefault(g.tile, []).append(i)

    def concealed(indexes: tuple[int, ...]) -> bool:
        if any(c.exposed(c.groups[i]) for i in indexes):
            return False
        if c.options.complete_sequence_concealed == "self_drawn_completion":
            return c.self_drawn and c.reading.index in indexes
        return not any(c.discard_completed(i) for i in indexes)

    def best(options: list[tuple[int, ...]], exposed_id: str, concealed_id: str) -> None:
        if not options:
            return
        hidden = [o for o in options if concealed(o)]
        pick = hidden[0] if hidden else options[0]
        which = concealed_id if hidden else exposed_id
        hits.append((which, 1, c.group_names([c.groups[i] for i in pick])))

    pure: list[tuple[int, ...]] = []
    for suit in range(3):
        starts = [9 * suit, 9 * suit + 3, 9 * suit + 6]
        if all(s in by_start for s in starts):
            for combo in _choices([by_start[s] for s in starts]):
                pure.append(combo)
    best(pure, "pure_complete_sequence_exposed", "pure_complete_sequence_concealed")
    mixed: list[tuple[int, ...]] = []
    for order in permutations(range(3)):
        starts = [9 * order[k] + 3 * k for k in range(3)]
        if all(s in by_start for s in starts):
            mixed += _choices([by_start[s] for s in starts])
    best(mixed, "mixed_complete_sequence_exposed", "mixed_complete_sequence_concealed")
    return hits


def _choices(lists: list[list[int]]) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for options in lists:
        out = [(*prefix, o) for prefix in out for o in options if o not in prefix]
    return out


# -- Neighbours, brothers, sisters (lines 241-264) -----------------------------------
def runs_and_families(c: Context) -> list[Hit]:
    """Sequential pongs, brother and sister sheungs, sister pongs."""
    hits: list[Hit] = []
    pongs = c.pongs
    for suit in range(3):
        ranks = sorted({RANK[g.tile] for g in pongs if SUIT[g.tile] == suit})
        run: list[int] = []
        for r in [*ranks, 99]:
            if run and r == run[-1] + 1:
                run.append(r)
                continue
            if len(run) >= 2:
                tiles = [9 * suit + x - 1 for x in run]
                srcs = c.group_names([g for g in pongs if g.tile in tiles])
                ids = (
                    "two_sequential_pongs",
                    "three_sequential_pongs",
                    "four_sequential_pongs",
                    "five_sequential_pongs",
                )
                hits += _ladder(ids, len(run), 2, srcs)
            run = [r]
    chow_count = Counter(g.tile for g in c.chows)
    for tile, n in sorted(chow_count.items()):
        if n >= 2:
            srcs = c.group_names([g for g in c.chows if g.tile == tile])
            brothers = ("two_brother_sheungs", "three_brother_sheungs", "four_brother_sheungs")
            hits += _ladder(brothers, n, 2, srcs)
    for rank in range(1, 8):
        same = [g for g in c.chows if RANK[g.tile] == rank]
        suits = {SUIT[g.tile] for g in same}
        if len(suits) < 2:
            continue
        if len(suits) == 2:
            level = 2
            chosen = [next(g for g in same if SUIT[g.tile] == s) for s in sorted(suits)]
        else:
            level = len(same)
            if level >= 4 and "four_sister_sheungs" not in c.priced:
                level = 3  # 4x and 5x are DXB only (lines 259-260)
            chosen = (
                same
                if level > 3
                else [next(g for g in same if SUIT[g.tile] == s) for s in sorted(suits)]
            )
        ids = (
            "two_sister_sheungs",
            "three_sister_sheungs",
            "four_sister_sheungs",
            "five_sister_sheungs",
        )
        hits += _ladder(ids, level, 2, c.group_names(chosen))
    for rank in range(1, 10):
        same = [g for g in pongs if SUIT[g.tile] < 3 and RANK[g.tile] == rank]
        if len(same) >= 2:
            hits += _ladder(
                ("two_sister_pongs", "three_sister_pongs"), len(same), 2, c.group_names(same)
            )
    return hits


# -- Concealed pongs (lines 265-271) -------------------------------------------------
def concealed_pongs(c: Context) -> list[Hit]:
    """Pongs not claimed and not completed by a discard; kongs count (line 266)."""
    hidden: list[Group] = []
    for i, g in enumerate(c.groups):
        if (g.kind is PUNG and g.meld is None and not c.discard_completed(i)) or (
            g.kind is KONG and (not c.exposed(g) or c.options.open_kong_counts_as_concealed_pong)
        ):
            hidden.append(g)
    n = len(hidden)
    if n < 2:
        return []
    srcs = c.group_names(hidden)
    if (
        n == 5
        and "five_concealed_pongs_no_kong_no_self_draw" in c.priced  # DXB only (l.271)
        and not c.self_drawn
        and not any(g.kind is KONG for g in c.groups)
    ):
        return [("five_concealed_pongs_no_kong_no_self_draw", 1, srcs)]
    ids = (
        "two_concealed_pongs",
        "three_concealed_pongs",
        "four_concealed_pongs",
        "five_concealed_pongs",
    )
    return _ladder(ids, n, 2, srcs)


# -- Terminals (lines 274-278) -------------------------------------------------------
def terminal_sets(c: Context) -> list[Hit]:
    """1 + 9 pongs of a suit, 1-2-3 + 7-8-9 sheungs of a suit."""
    hits: list[Hit] = []
    pong_suits: list[int] = []
    for suit in range(3):
        ones = [g for g in c.pongs if g.tile == 9 * suit]
        nines = [g for g in c.pongs if g.tile == 9 * suit + 8]
        if ones and nines:
            pong_suits.append(suit)
    if pong_suits:
        srcs = c.group_names(
            [g for g in c.pongs if SUIT[g.tile] in pong_suits and RANK[g.tile] in (1, 9)]
        )
        pong_ids = ("terminal_pong_set", "two_terminal_pong_sets")
        hits += _ladder(pong_ids, len(pong_suits), 1, srcs)
    sets_by_suit: dict[int, int] = {}
    for suit in range(3):
        low = sum(1 for g in c.chows if g.tile == 9 * suit)
        high = sum(1 for g in c.chows if g.tile == 9 * suit + 6)
        if min(low, high):
            sets_by_suit[suit] = min(low, high)
    srcs = c.group_names(
        [g for g in c.chows if SUIT[g.tile] in sets_by_suit and RANK[g.tile] in (1, 7)]
    )
    if any(n >= 2 for n in sets_by_suit.values()):
        hits.append(("two_terminal_pure_sheung_sets", 1, srcs))
    elif len(sets_by_suit) >= 2:
        if "two_terminal_mixed_sheung_sets" in c.priced:  # LRC only (l.278)
            hits.append(("two_terminal_mixed_sheung_sets", 1, srcs))
        else:
            # Line 278 is LRC only: on DXB each suit's set scores line 276 on its own.
            hits.append(("terminal_sheung_set", len(sets_by_suit), srcs))
    elif sets_by_suit:
        hits.append(("terminal_sheung_set", 1, srcs))
    return hits


# -- Step up (lines 280-284, 361-363) ------------------------------------------------
def step_up(c: Context) -> list[Hit]:
    """Three sheungs stepping one number up; All Step Up Hand of five."""
    hits: list[Hit] = []
    chows = c.chows
    for trio in combinations(chows, 3):
        ordered = sorted(trio, key=lambda g: RANK[g.tile])
        ranks = [RANK[g.tile] for g in ordered]
        if ranks[1] != ranks[0] + 1 or ranks[2] != ranks[1] + 1:
            continue
        if c.options.step_up_suits == "all_three" and len({SUIT[g.tile] for g in trio}) != 3:
            continue
        hits.append(("step_up_sheungs", 1, c.group_names(ordered)))
        break
    if c.form is Form.REGULAR and len(chows) == 5:
        ordered = sorted(chows, key=lambda g: RANK[g.tile])
        ranks = [RANK[g.tile] for g in ordered]
        if all(b == a + 1 for a, b in pairwise(ranks)):
            srcs = c.group_names(ordered)
            hits.append(("all_step_up_hand", 1, srcs))
            if len({SUIT[g.tile] for g in chows}) == 1:
                hits.append(("all_step_up_same_suit", 1, srcs))
    return hits


# -- Four in 2, 3 or 4 ways (lines 286-290) ------------------------------------------
def four_in_ways(c: Context) -> list[Hit]:
    """All four copies of a tile, none a kong, spread over 2, 3 or 4 sets."""
    hits: list[Hit] = []
    if c.form is Form.NICO_NICO:
        return hits  # two pairs of one tile are Nico Nico's own kong bonus (line 351)
    ids = {2: "four_in_two_ways", 3: "four_in_three_ways", 4: "four_in_four_ways"}
    for t in range(34):
        if c.counts[t] != 4 or any(g.kind is KONG and g.tile == t for g in c.groups):
            continue
        holders = [g for g in c.groups if t in g.tiles]
        srcs = list(c.group_names(holders))
        ways = len(holders)
        if t in c.decomposition.pairs and c.options.four_in_ways_pair_counts:
            ways += 1
            srcs.append(_pair_text(t))
        if ways in ids:
            hits.append((ids[ways], 1, (NAMES[t], *srcs)))
    return hits


# -- Hands (lines 292-312) -----------------------------------------------------------
def hands(c: Context) -> list[Hit]:
    """Concealed / fully exposed, suit hands, all pong / sheung, terminal and jewel hands."""
    hits: list[Hit] = []
    if c.is_concealed and not c.self_drawn:
        hits.append(("concealed_hand_discard", 1, ()))
    if c.is_fully_exposed and not c.self_drawn:
        hits.append(("fully_exposed_hand_discard", 1, ()))
    suits = c.suits
    honors = c.has_honors
    if len(suits) == 1:
        hits.append(("semi_pure_hand" if honors else "pure_suit_hand", 1, ()))
    elif not suits:
        hits.append(("pure_honor_hand", 1, ()))
    elif len(suits) == 2 and not honors:
        hits.append(("two_suits_hand", 1, ()))
        if c.flower_count == 0:
            hits.append(("two_suits_no_flower_no_honor", 1, ()))
    if len(suits) == 3 and any(c.counts[t] for t in WINDS) and any(c.counts[t] for t in DRAGONS):
        hits.append(("all_five_suits_hand", 1, ()))
    regular = c.form is Form.REGULAR
    if regular and not c.chows:
        hits.append(("all_pong_hand", 1, ()))
    if regular and len(c.chows) == 5:
        hits.append(("all_sheung_hand", 1, ()))
    if regular and len(c.pongs) == 5:
        suit_set = {SUIT[g.tile] for g in c.pongs}
        ranks = sorted(RANK[g.tile] for g in c.pongs)
        pair = c.decomposition.pairs[0]
        if (
            len(suit_set) == 1
            and suit_set == {SUIT[pair]}
            and ranks == list(range(ranks[0], ranks[0] + 5))
            and RANK[pair] in (ranks[0] - 1, ranks[-1] + 1)
        ):
            hits.append(("neighbours_hand", 1, (*c.group_names(c.pongs), _pair_text(pair))))
    if regular and suits:
        pair = c.decomposition.pairs[0]

        def terminal_set(g: Group) -> bool:
            return any(IS_TERMINAL[t] or IS_HONOR[t] for t in g.tiles)

        if all(terminal_set(g) for g in c.groups) and (IS_TERMINAL[pair] or IS_HONOR[pair]):
            hits.append(("terminals_with_honors" if honors else "terminals_no_honors", 1, ()))
    jewels = (
        ("jade_hand", 32, 2),
        ("ruby_hand", 31, 0),
        ("diamond_hand", 33, 1),
        ("sapphire_hand", 33, 0),
    )
    for item, dragon, suit in jewels:
        others = [t for t in range(34) if c.counts[t] and t != dragon and SUIT[t] != suit]
        if not others and c.counts[dragon] >= 3 and any(g.tile == dragon for g in c.pongs):
            hits.append((item, 1, ()))
    return hits


# -- Eyes and waiting (lines 314-318, 353) -------------------------------------------
def eyes(c: Context) -> list[Hit]:
    """Good Eyes: a pair of 2s, 5s or 8s; in Nico Nico the winning tile must be one."""
    good = (2, 5, 8)
    if c.form is Form.NICO_NICO:
        win = c.hand.winning_tile
        if win is not None and SUIT[win] < 3 and RANK[win] in good:
            return [("good_eyes", 1, (NAMES[win],))]
        return []
    for p in c.decomposition.pairs:
        if SUIT[p] < 3 and RANK[p] in good:
            return [("good_eyes", 1, (_pair_text(p),))]
    return []


def waiting(c: Context) -> list[Hit]:
    """Calling by pairs, true and false single waits, by the winning tile's role."""
    role = c.reading.role
    win = c.hand.winning_tile
    src = (NAMES[win],) if win is not None else ()
    if role == PUNG_WAIT:
        return [("calling_by_pairs", 1, src)]
    if role not in (PAIR, EDGE, CLOSED, SINGLE):
        return []
    if c.options.single_wait_by_reading:
        return [("true_single_wait", 1, src)]
    if c.waits is None or len(c.waits) != 1:
        return []
    if c.distinct_roles == 1:
        return [("true_single_wait", 1, src)]
    return [("false_single_wait", 1, src)]


# -- Winning tile and calling (lines 320-337) ----------------------------------------
def winning_tile(c: Context) -> list[Hit]:
    """How the winning tile came: dealer, self-draw kinds, robbing, early wins, seabed."""
    s = c.situation
    hits: list[Hit] = []
    if s.is_dealer or s.discarder_is_dealer:
        hits.append(("dealer_tile", 1, ()))
    if c.self_drawn:
        hits.append(("self_draw", 1, ()))
        if s.kong_replacement or s.flower_replacement:
            hits.append(("self_draw_flower_wall", 1, ()))
        if c.is_concealed:
            hits.append(("self_draw_concealed_hand", 1, ()))
        elif c.is_fully_exposed:
            hits.append(("self_draw_fully_exposed", 1, ()))
        if s.kong_replacement:
            drawn = [m for m in c.hand.melds if m.kind is KONG and (m.concealed or m.promoted)]
            if len(drawn) >= max(c.options.kong_chain_length, 1):
                hits.append(("self_drawn_kong_chain", 1, tuple(str(m) for m in drawn)))
    if s.robbing_kong:
        hits.append(("robbing_kong", 1, ()))
    if s.tiles_on_table is not None:
        n = s.tiles_on_table
        if n <= 4:
            hits.append(("human_hand", 1, (f"{n} tiles",)))
        if n <= 7:
            hits.append(("win_within_7", 1, (f"{n} tiles",)))
        if n <= 10:
            hits.append(("win_within_10", 1, (f"{n} tiles",)))
    if s.last_wall_tile:
        hits.append(("seabed_hand", 1, ()))
    if s.earthly:
        hits.append(("earthly_hand", 1, ()))
    if s.heavenly:
        hits.append(("heavenly_hand", 1, ()))
    if s.ting:
        hits.append(("calling", 1, ()))
    return hits


def dice_on_the_wall(c: Context) -> list[Hit]:
    """The dealer-streak bonus: paid when the dealer wins or gives the winning tile."""
    s = c.situation
    n = s.dealer_streak
    if c.die_cap is not None:
        n = min(n, c.die_cap)
    if n and (s.is_dealer or s.discarder_is_dealer):
        return [("dice_on_the_wall", n, (f"die {n}",))]
    return []


# -- Special hands (lines 346-363) ---------------------------------------------------
def special(c: Context) -> list[Hit]:
    """Nico Nico and its kong bonuses, the orphans hands."""
    d = c.decomposition
    hits: list[Hit] = []
    if c.form is Form.NICO_NICO:
        hits.append(("nico_nico", 1, ()))
        quads = [t for t, n in Counter(d.pairs).items() if n == 2]
        srcs = tuple(format_tiles((t,) * 4) for t in quads)
        if len(quads) == 1:
            hits.append(("nico_nico_one_kong", 1, srcs))
        elif len(quads) >= 2:
            hits.append(("nico_nico_two_kongs", 1, srcs))
    elif c.form is Form.THIRTEEN_ORPHANS:
        hits.append(("thirteen_orphans", 1, ()))
        if c.options.thirteen_orphans_dxb_bonus and all(
            c.counts[t] for t in range(27) if IS_TERMINAL[t]
        ):
            hits.append(("thirteen_orphans_all_terminals", 1, ()))
    elif c.form is Form.SIXTEEN_ORPHANS:
        hits.append(("sixteen_orphans", 1, ()))
    return hits


DETECTORS: tuple[Callable[[Context], list[Hit]], ...] = (
    special,
    lets_start,
    flowers,
    honours,
    kongs,
    complete_sequence,
    runs_and_families,
    concealed_pongs,
    terminal_sets,
    step_up,
    four_in_ways,
    hands,
    eyes,
    waiting,
    winning_tile,
    dice_on_the_wall,
)
"""Every detector, in the card's order (special hands first, line 347)."""

__all__ = [
    "DETECTORS",
    "Context",
    "Hit",
    "Reading",
    "bouquets",
    "readings",
]
