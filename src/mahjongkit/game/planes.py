"""One seat's observation as planes over the 34 kinds of tile, written as bytes: the
reinforcement-learning environments' encoding (`mahjongkit.env.encoding` gives it to
NumPy), kept here, standard-library only, so the compiled build compiles it with the
engine (`setup.py`'s ``COMPILED``).

The planes are built from the seat's own `Observation` (what the engine lets the seat
know, and nothing else), so they can show no other seat's concealed tiles; and from the
match around the hand (`MatchView`: the scores, the hand's number), which every seat
sees. Every plane is a row of 34 columns, one per kind in the engine's order (1m..9m,
1p..9p, 1s..9s, E S W N, C F P); a number that concerns no kind (a count of flowers, the
tiles left in the wall) fills its whole row. Seats are taken relative to the observer: 0
the observer, 1 the next in turn (on its right), 2 across, 3 the previous (on its left).
docs/env.md lists every plane; `PLANES` names them in order.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> hand = HandState.new("mcr", random.Random(5))
>>> planes = write_planes(hand.observation(0))
>>> len(planes) == NUM_PLANES * 34, ENCODING_VERSION
(True, 2)
>>> row = PLANES.index("own tiles >= 1") * 34
>>> sum(planes[row : row + 34]) <= 14
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from mahjongkit.errors import InvalidNotationError
from mahjongkit.game.actions import NUM_ACTIONS, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Meld

if TYPE_CHECKING:
    from mahjongkit.game.match_state import MatchState
    from mahjongkit.game.state import HandState
    from mahjongkit.money.rotation import Deal

ENCODING_VERSION: Final = 2
"""Changes whenever a plane is added, removed, reordered or given another meaning."""

KINDS: Final = 34
"""Columns of a plane: the kinds of tile."""

SCALAR_CAP: Final = 127
"""A number filling a row is capped here, so every plane fits in ``int8``."""

SCORE_UNIT: Final = 8
"""The score planes count points in units of 8 (MCR's base payment, 000 l.333-335)."""

RELATIVE: Final = ("self", "next", "across", "previous")
"""The seats as the observer sees them (the observer, then in turn order)."""

RECENT: Final = (1, 3, 6)
"""The discard recency planes: the kinds among a seat's last 1, 3 and 6 discards."""

BUCKET: Final = 6
"""The discard order planes take a seat's discards six at a time (its 1st-6th, 7th-12th,
13th-18th discards), the last bucket all from the 19th on."""
BUCKETS: Final = 4


def _bucket_names() -> list[str]:
    names = []
    for b in range(BUCKETS):
        first = b * BUCKET + 1
        span = f"{first}-{first + BUCKET - 1}" if b < BUCKETS - 1 else f"{first}+"
        names += [f"discards {span}", f"discards {span} claimed", f"discards {span} from the draw"]
    return names


_SEAT_PLANES: Final = (
    *(f"melds >= {k}" for k in range(1, 5)),
    *(f"discards >= {k}" for k in range(1, 5)),
    *(f"discards among last {n}" for n in RECENT),
    *_bucket_names(),
)
_SEAT_NUMBERS: Final = (
    "concealed kongs",
    "flowers",
    "concealed tiles",
    "ting",
    "forfeited",
    "dealer",
    "wall part",
    "gives the tile answered",
    "threw the latest discard",
    "points ahead",
    "points behind",
)


def _plane_names() -> tuple[str, ...]:
    names = [f"own tiles >= {k}" for k in range(1, 5)]
    names.append("own drawn tile")
    for r in RELATIVE:
        names += [f"{r}: {p}" for p in _SEAT_PLANES]
    names += [f"table discards >= {k}" for k in range(1, 5)]
    names += ["latest discard", "tile answered", "seat wind", "prevalent wind"]
    for r in RELATIVE:
        names += [f"{r}: {p}" for p in _SEAT_NUMBERS]
    names += ["wall live", "wall remaining", "dealer streak", "turn", "claim", "rob"]
    names += ["hand number", "hands left", "dealer in round"]
    return tuple(names)


PLANES: Final = _plane_names()
"""Every plane's name, in order (docs/env.md says what each holds)."""
NUM_PLANES: Final = len(PLANES)
SIZE: Final = NUM_PLANES * KINDS
"""Bytes of one seat's planes."""

_DRAWN: Final = 4
_SEAT: Final = 5
_PER_SEAT: Final = len(_SEAT_PLANES)
_RECENT_AT: Final = 8
_ORDER_AT: Final = _RECENT_AT + len(RECENT)
_TABLE: Final = _SEAT + 4 * _PER_SEAT
_LATEST: Final = _TABLE + 4
_ANSWERED: Final = _LATEST + 1
_SEAT_WIND: Final = _ANSWERED + 1
_PREVALENT: Final = _SEAT_WIND + 1
_NUMBERS: Final = _PREVALENT + 1
_PER_NUMBER: Final = len(_SEAT_NUMBERS)
_GLOBAL: Final = _NUMBERS + 4 * _PER_NUMBER
_MATCH: Final = _GLOBAL + 6
assert _MATCH + 3 == NUM_PLANES  # the numbers last, from _NUMBERS on

_EAST: Final = 27
_ROWS: Final = [bytes((v,)) * KINDS for v in range(SCALAR_CAP + 1)]
"""A row filled with each number 0..`SCALAR_CAP`."""


@dataclass(frozen=True, slots=True)
class MatchView:
    """What every seat knows of the match around the hand: the scores by seat (the
    hand's seats, 0 East), less the starting points; how many hands were dealt before
    this one; how many the match may still deal after it by its hand count (0 in a
    one-hand episode); and the dealer's place in the round (0 for the round's first
    dealer .. 3).

    >>> MatchView((16, -8, -8, 0), 5, 10, 1).scores[0]
    16
    """

    scores: tuple[int, ...] = (0, 0, 0, 0)
    hand_number: int = 0
    hands_left: int = 0
    dealer_in_round: int = 0


LONE_HAND: Final = MatchView()
"""A hand alone: no points won yet, the first hand, none after it."""


def match_view(state: MatchState) -> MatchView:
    """The `MatchView` of the hand on show in ``state``.

    >>> from mahjongkit.game.match_state import MatchState
    >>> match_view(MatchState("mcr", 3, max_hands=4))
    MatchView(scores=(0, 0, 0, 0), hand_number=0, hands_left=3, dealer_in_round=0)
    """
    return view_of(state.hand_deal, state.scores, state.table.starting_points, state.max_hands)


def view_of(deal: Deal, scores: Sequence[int], start: int, max_hands: int) -> MatchView:
    """The `MatchView` of a hand dealt as ``deal``, each player's score before it in
    ``scores`` (by player), in a match starting at ``start`` points and dealing at most
    ``max_hands`` hands."""
    dealer = deal.dealer
    return MatchView(
        tuple([scores[(s + dealer) % 4] - start for s in range(4)]),
        deal.number,
        max(max_hands - deal.number - 1, 0),
        (dealer - deal.round_dealer) % 4,
    )


def _capped(value: int) -> int:
    return value if value < SCALAR_CAP else SCALAR_CAP


_AT_LEAST: Final = tuple(bytes([int(c >= k) for c in range(256)]) for k in range(1, 5))
"""For each count plane (at least 1, 2, 3, 4), a byte's translation: 1 where it is reached."""

_MARKS: Final = [bytes(KINDS)] + [
    bytes(KINDS)[:t] + b"\x01" + bytes(KINDS - t - 1) for t in range(KINDS)
]
"""A mark plane by the kind it marks, ``_MARKS[kind + 1]`` (``_MARKS[0]`` marks none)."""


def _counts(counts: bytes) -> bytes:
    """The four count planes of 34 counts: 1 where a kind's count is at least 1..4 (each
    a translation of the counts' bytes, in C, rather than a look at each kind)."""
    return b"".join([counts.translate(k) for k in _AT_LEAST])


_BLOCK: Final = _PER_SEAT * KINDS
"""Bytes of one seat's table planes."""


class SeatBlocks:
    """Each seat's table planes (its melds, its discards in order), kept beside a table
    from one decision to the next with the engine's values they were written from, and
    brought up to date as those change: the engine makes a new row of discards (a new
    tuple of melds) only when it changes, so a seat whose values are the very same
    objects as last time keeps its planes as they are; a row that gained one discard,
    or whose last discard was claimed, has that discard written in; any other change
    (a meld, a new hand) writes the part that changed again. Every decision changes one
    seat's row at most. Also kept: the table's unclaimed discards by kind.

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> hand = HandState.new("mcr", random.Random(5))
    >>> blocks = SeatBlocks()
    >>> write_planes(hand.observation(1), blocks=blocks) == write_planes(hand.observation(1))
    True
    """

    def __init__(self) -> None:
        self.melds: list[tuple[Meld, ...]] = [(), (), (), ()]
        """What each seat's block was written from: its melds, ..."""
        self.rows: list[tuple[tuple[int, bool], ...]] = [(), (), (), ()]
        """... its discards, ..."""
        self.drawn: list[tuple[bool, ...]] = [(), (), (), ()]
        """... and their drawn marks."""
        self.blocks: list[bytearray] = [bytearray(_BLOCK) for _ in range(4)]
        self.seen: list[list[int]] = [[0] * KINDS for _ in range(4)]
        """Each seat's discards by kind, claimed or not."""
        self.lying: list[list[int]] = [[], [], [], []]
        """The kinds of each seat's discards lying unclaimed (one entry per tile)."""
        self.table: list[int] = [0] * KINDS
        """The unclaimed discards of all four seats, by kind."""


_MELD_ROWS: Final = 4 * KINDS
_NO_MELDS: Final = bytes(_MELD_ROWS)
_NO_DISCARDS: Final = bytes(_BLOCK - _MELD_ROWS)
_RECENT_ROWS: Final = len(RECENT) * KINDS
_NO_RECENT: Final = bytes(_RECENT_ROWS)


def _write_melds(block: bytearray, melds: tuple[Meld, ...]) -> None:
    """The meld planes of a seat's block, written anew."""
    block[0:_MELD_ROWS] = _NO_MELDS
    seen = [0] * KINDS
    for meld in melds:
        for t in meld.tiles:
            c = seen[t]
            if c < 4:
                block[c * KINDS + t] = 1
            seen[t] = c + 1


def _write_recent(block: bytearray, row: tuple[tuple[int, bool], ...]) -> None:
    """The recency planes of a seat's block, written anew."""
    at = _RECENT_AT * KINDS
    block[at : at + _RECENT_ROWS] = _NO_RECENT
    n = len(row)
    for k in range(len(RECENT)):
        latest = RECENT[k]
        for i in range(n - latest if n > latest else 0, n):
            block[(_RECENT_AT + k) * KINDS + row[i][0]] = 1


def _add_discard(
    block: bytearray,
    seen: list[int],
    lying: list[int],
    row: tuple[tuple[int, bool], ...],
    drawn: tuple[bool, ...],
    i: int,
) -> int:
    """Discard ``i`` of the row written into its seat's block (the recency planes
    aside); returns its kind if it lies unclaimed, else -1."""
    t, claimed = row[i]
    c = seen[t]
    if c < 4:
        block[(4 + c) * KINDS + t] = 1
    seen[t] = c + 1
    b = i // BUCKET
    order = (_ORDER_AT + 3 * (b if b < BUCKETS else BUCKETS - 1)) * KINDS
    block[order + t] += 1
    if i < len(drawn) and drawn[i]:
        block[order + 2 * KINDS + t] = 1
    if claimed:
        block[order + KINDS + t] = 1
        return -1
    lying.append(t)
    return t


def _write_discards(
    block: bytearray, row: tuple[tuple[int, bool], ...], drawn: tuple[bool, ...]
) -> tuple[list[int], list[int]]:
    """The discard planes of a seat's block, written anew; returns its discards by kind
    and the kinds of those lying unclaimed."""
    block[_MELD_ROWS:_BLOCK] = _NO_DISCARDS
    seen = [0] * KINDS
    lying: list[int] = []
    for i in range(len(row)):
        _add_discard(block, seen, lying, row, drawn, i)
    _write_recent(block, row)
    return seen, lying


def _seat_block(
    melds: tuple[Meld, ...],
    row: tuple[tuple[int, bool], ...],
    drawn: tuple[bool, ...],
) -> tuple[bytearray, list[int]]:
    """One seat's table planes (`_PER_SEAT` rows), and the kinds of its discards lying
    unclaimed."""
    block = bytearray(_BLOCK)
    _write_melds(block, melds)
    _, lying = _write_discards(block, row, drawn)
    return block, lying


def _update_discards(
    blocks: SeatBlocks, s: int, row: tuple[tuple[int, bool], ...], drawn: tuple[bool, ...]
) -> None:
    """Bring seat ``s``'s discard planes in `blocks` up to its row now: the one discard
    added or claimed since, or the whole row again."""
    old, old_drawn = blocks.rows[s], blocks.drawn[s]
    block, lying, table = blocks.blocks[s], blocks.lying[s], blocks.table
    n, m = len(row), len(old)
    if n == m + 1 and row[:m] == old and drawn[:m] == old_drawn[:m]:
        t = _add_discard(block, blocks.seen[s], lying, row, drawn, m)
        if t >= 0:
            table[t] += 1
        _write_recent(block, row)
        return
    if n == m and n > 0 and row[: n - 1] == old[: n - 1] and drawn[:n] == old_drawn[:n]:
        t, was_claimed = old[n - 1]
        if not was_claimed and row[n - 1] == (t, True):
            b = (n - 1) // BUCKET
            order = (_ORDER_AT + 3 * (b if b < BUCKETS else BUCKETS - 1)) * KINDS
            block[order + KINDS + t] = 1
            lying.remove(t)
            table[t] -= 1
            return
    for t in lying:
        table[t] -= 1
    seen, lying = _write_discards(block, row, drawn)
    blocks.seen[s] = seen
    blocks.lying[s] = lying
    for t in lying:
        table[t] += 1


def _seat_blocks(
    all_melds: tuple[tuple[Meld, ...], ...],
    discards: tuple[tuple[tuple[int, bool], ...], ...],
    all_drawn: tuple[tuple[bool, ...], ...],
    blocks: SeatBlocks | None,
) -> tuple[list[bytearray], list[int]]:
    """Each seat's table planes (by seat; kept up to date in `blocks` when given), and the
    table's unclaimed discards as 34 counts."""
    if blocks is None:
        table = [0] * KINDS
        out: list[bytearray] = []
        for s in range(4):
            block, lying = _seat_block(all_melds[s], discards[s], all_drawn[s])
            out.append(block)
            for t in lying:
                table[t] += 1
        return out, table
    for s in range(4):
        melds = all_melds[s]
        if blocks.melds[s] is not melds:
            _write_melds(blocks.blocks[s], melds)
            blocks.melds[s] = melds
        row = discards[s]
        drawn = all_drawn[s]
        if blocks.rows[s] is not row or blocks.drawn[s] is not drawn:
            _update_discards(blocks, s, row, drawn)
            blocks.rows[s] = row
            blocks.drawn[s] = drawn
    return blocks.blocks, blocks.table


def planes_of(
    obs: Observation, match: MatchView = LONE_HAND, blocks: SeatBlocks | None = None
) -> bytes:
    """The planes (`NUM_PLANES` rows of 34 bytes) of a seat's observation (not a
    spectator's), in a match that stands as ``match`` says; ``blocks`` keeps the seats'
    table planes from one call to the next (one `SeatBlocks` per table). The rows are
    made as bytes and joined, in the order of `PLANES`."""
    seat = obs.seat
    if not 0 <= seat < 4:
        raise ValueError(f"planes are built for a seat 0..3, not {seat}")
    return _planes(
        seat,
        bytes(obs.concealed),
        obs.last_tile,
        _seat_blocks(obs.melds, obs.discards, obs.drawn_discards, blocks),
        (obs.hidden_kongs, obs.flowers, obs.hand_sizes, obs.ting, obs.forfeited),
        obs.wall_parts,
        obs.claim_giver,
        obs.claim_tile,
        obs.last_discarder,
        obs.last_discard,
        obs.pond,
        (obs.wall_live, obs.wall_remaining, obs.dealer_streak, obs.prevalent_wind),
        obs.phase,
        match,
    )


def state_planes(
    state: HandState, seat: int, match: MatchView = LONE_HAND, blocks: SeatBlocks | None = None
) -> bytes:
    """`planes_of` the seat's `Observation` of ``state`` (0..3), read straight from the
    hand rather than through an `Observation` built first (`game.observation.observation`
    reads the same values): the environments build planes at every decision.

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> hand = HandState.new("mcr", random.Random(5))
    >>> state_planes(hand, 2) == planes_of(hand.observation(2))
    True
    """
    if not 0 <= seat < 4:
        raise ValueError(f"planes are built for a seat 0..3, not {seat}")
    (
        melds,
        hidden,
        flowers,
        discards,
        sizes,
        ting,
        forfeited,
        drawn,
        pond,
        last_discard,
        last_discarder,
    ) = state.seat_snapshot(seat)
    w = state.window
    phase = state.phase._value_  # as `observation` reads it (the property is slower)
    wall = state.wall
    if w is not None and (phase == "claim" or phase == "rob"):
        giver, tile, last = w.giver, w.tile, -1
    else:
        giver, tile = -1, -1
        last = state.last_tile if seat == state.turn and phase == "turn" else -1
    remaining = wall.remaining
    live = remaining - wall.reserve
    return _planes(
        seat,
        bytes(state.concealed[seat]),
        last,
        _seat_blocks(melds, discards, drawn, blocks),
        (hidden, flowers, sizes, ting, forfeited),
        wall.parts_left,
        giver,
        tile,
        last_discarder,
        last_discard,
        pond,
        (live if live > 0 else 0, remaining, state.dealer_streak, state.prevalent_wind),
        phase,
        match,
    )


def _planes(
    seat: int,
    concealed: bytes,
    last_tile: int,
    seat_blocks: tuple[list[bytearray], list[int]],
    seats: tuple[
        tuple[int, ...],
        tuple[tuple[int, ...], ...],
        tuple[int, ...],
        tuple[bool, ...],
        tuple[bool, ...],
    ],
    parts: tuple[int, ...],
    giver: int,
    claim_tile: int,
    thrower: int,
    last_discard: int,
    pond: tuple[int, ...],
    counts: tuple[int, int, int, int],
    phase: str,
    match: MatchView,
) -> bytes:
    """The planes of one seat from the values an `Observation` holds (``seats``: each
    seat's hidden kongs, flowers, hand sizes, Ting and forfeited flags; ``counts``: the
    live wall, the wall left, the dealer's streak, the prevalent wind)."""
    by_seat, table = seat_blocks
    hidden, flowers, sizes, ting, forfeited = seats
    wall_live, wall_remaining, dealer_streak, prevalent = counts
    rows: list[bytes | bytearray] = [
        _counts(concealed),
        _MARKS[last_tile + 1],
        by_seat[seat],
        by_seat[(seat + 1) % 4],
        by_seat[(seat + 2) % 4],
        by_seat[(seat + 3) % 4],
        _counts(bytes(pond if pond else table)),
        _MARKS[last_discard + 1],
        _MARKS[claim_tile + 1],
        _MARKS[_EAST + seat + 1],
        _MARKS[prevalent + 1],
    ]
    # The rows of numbers, each taken whole from `_ROWS` (in the order of `_SEAT_NUMBERS`).
    scores = match.scores
    zero, one = _ROWS[0], _ROWS[1]
    for r in range(4):
        s = (seat + r) % 4
        score = scores[s]
        rows.append(_ROWS[_capped(hidden[s])])
        rows.append(_ROWS[_capped(len(flowers[s]))])
        rows.append(_ROWS[_capped(sizes[s])])
        rows.append(one if ting[s] else zero)
        rows.append(one if forfeited[s] else zero)
        rows.append(one if s == 0 else zero)
        rows.append(_ROWS[_capped(parts[s])] if parts else zero)
        rows.append(one if s == giver else zero)
        rows.append(one if s == thrower else zero)
        rows.append(_ROWS[_capped(score // SCORE_UNIT)] if score > 0 else zero)
        rows.append(_ROWS[_capped(-score // SCORE_UNIT)] if score < 0 else zero)
    rows.append(_ROWS[_capped(wall_live)])
    rows.append(_ROWS[_capped(wall_remaining)])
    rows.append(_ROWS[_capped(dealer_streak)])
    rows.append(one if phase == "turn" else zero)
    rows.append(one if phase == "claim" else zero)
    rows.append(one if phase == "rob" else zero)
    rows.append(_ROWS[_capped(match.hand_number)])
    rows.append(_ROWS[_capped(match.hands_left)])
    rows.append(_ROWS[_capped(match.dealer_in_round)])
    return b"".join(rows)


def write_planes(
    obs: Observation,
    match: MatchView = LONE_HAND,
    out: bytearray | None = None,
    at: int = 0,
    blocks: SeatBlocks | None = None,
) -> bytearray:
    """`planes_of` written into ``out`` from byte ``at``, or into a new `bytearray`;
    returns it."""
    planes = planes_of(obs, match, blocks)
    if out is None:
        return bytearray(planes)
    if len(out) < at + SIZE:
        raise ValueError(f"{SIZE} bytes of planes do not fit from {at} in {len(out)}")
    out[at : at + SIZE] = planes
    return out


def _kind_bases() -> dict[ActionKind, int]:
    bases: dict[ActionKind, int] = {}
    for i in range(NUM_ACTIONS):
        try:
            a = Action.from_index(i)
        except InvalidNotationError:  # the unused chow slots of 8 and 9
            continue
        bases.setdefault(a.kind, i - max(a.tile, 0))
    return bases


_KIND_BASE: Final = _kind_bases()
"""Each kind's first index: an action's index is its kind's, plus its tile if it has one."""


def index_of(action: Action) -> int:
    """`Action.to_index` read in compiled code (an environment asks it for every legal
    action at every decision).

    >>> all(index_of(Action.from_index(i)) == i for i in (0, 33, 68, 95, 130, 165, 166))
    True
    """
    tile = action.tile
    base = _KIND_BASE[action.kind]
    return base + tile if tile >= 0 else base


def legal_action(legal: Sequence[Action], index: int) -> Action | None:
    """The action of ``legal`` with this index (None if there is none)."""
    for a in legal:
        if index_of(a) == index:
            return a
    return None


def mask_of(legal: Sequence[Action]) -> bytearray:
    """1 at the index of every action of ``legal`` (a seat's legal actions), 0 elsewhere
    (`NUM_ACTIONS` bytes).

    >>> mask = mask_of((Action.from_index(3), Action.from_index(166)))
    >>> len(mask), mask[3], mask[166], sum(mask)
    (167, 1, 1, 2)
    """
    out = bytearray(NUM_ACTIONS)
    for a in legal:
        out[index_of(a)] = 1
    return out


def write_mask(obs: Observation, out: bytearray | None = None, at: int = 0) -> bytearray:
    """1 at the index of every legal action of the seat, 0 elsewhere (`NUM_ACTIONS`
    bytes, written into ``out`` from ``at``, which must be zeros there, or a new one)."""
    if out is None:
        out = bytearray(NUM_ACTIONS)
    for a in obs.legal_actions:
        out[at + index_of(a)] = 1
    return out


__all__ = [
    "BUCKET",
    "BUCKETS",
    "ENCODING_VERSION",
    "LONE_HAND",
    "NUM_PLANES",
    "PLANES",
    "RECENT",
    "RELATIVE",
    "SCALAR_CAP",
    "SCORE_UNIT",
    "SIZE",
    "MatchView",
    "SeatBlocks",
    "index_of",
    "legal_action",
    "mask_of",
    "match_view",
    "planes_of",
    "state_planes",
    "view_of",
    "write_mask",
    "write_planes",
]
