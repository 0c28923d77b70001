"""The hand of mahjong as a state machine: deal, turns, claims, kongs, flowers, wins, draws.

`HandState` moves through named phases (`Phase`). At each step `to_act()` names the
seats that must decide, `legal_actions(seat)` lists what each may do, and
``apply(seat, action)`` validates the action (an illegal one raises `IllegalActionError`
naming the action, the seat and the reason, and changes nothing) and returns the events
it produced. Bookkeeping that needs no decision (dealing, drawing, replacing flowers and
kong tiles) happens by itself. Seat 0 is East, the dealer; seats go counterclockwise.

>>> import random
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> state = HandState.new(get_ruleset("mcr"), random.Random(1))
>>> state.phase, state.to_act(), state.wall.live
(<Phase.TURN: 'turn'>, (0,), 88)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from functools import partial
from itertools import chain
from typing import Any

from mahjongkit.completion import (
    KEY_STEP,
    SUIT_OF,
    SuitKeys,
    hand_masks,
    suit_keys,
)
from mahjongkit.errors import IllegalActionError, InvalidInputError
from mahjongkit.game.actions import (
    KONG,
    PASS,
    PUNG,
    WIN,
    Action,
    ActionKind,
)
from mahjongkit.game.decisions import (
    answer_actions,
    flower_win,
    kong_allowed,
    sets_claimable,
    turn_actions,
    turn_kong_allowed,
    win_score,
    win_situation,
)
from mahjongkit.game.events import (
    ACTION_KINDS,
    DRAW_FLOWER,
    DRAW_KONG,
    DRAW_WALL,
    END_REPLACEMENT,
    END_WALL,
    FALSE_WIN_EFFECTS,
    ROBBED,
    SEAT_NAMES,
    Event,
    EventKind,
    interned,
)
from mahjongkit.game.observation import (
    OBSERVATION_SLOTS,
    SPECTATOR,
    Observation,
    blank_observation,
    spectator_observation,
)
from mahjongkit.game.wall import InvalidWallError, Wall
from mahjongkit.hand import CHOW, Meld
from mahjongkit.hand import KONG as KONG_MELD
from mahjongkit.hand import PUNG as PUNG_MELD
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, Situation
from mahjongkit.tiles import EAST, IS_FLOWER, IS_WIND, NAMES, NUM_KINDS, NUM_TILES, Tile

PublicView = tuple[tuple[Meld, ...], int, tuple[Tile, ...], tuple[tuple[Tile, bool], ...]]
"""A seat's public side: exposed melds, hidden kongs, flowers, discards (tile, claimed)."""
TableView = tuple[
    tuple[tuple[Meld, ...], ...],
    tuple[int, ...],
    tuple[tuple[Tile, ...], ...],
    tuple[tuple[tuple[Tile, bool], ...], ...],
]
"""Every seat's public side, field by field: exposed melds, hidden kongs, flowers,
discards."""
TableSnapshot = tuple[
    tuple[tuple[Meld, ...], ...],
    tuple[int, ...],
    tuple[tuple[Tile, ...], ...],
    tuple[tuple[tuple[Tile, bool], ...], ...],
    tuple[int, ...],
    tuple[bool, ...],
    tuple[bool, ...],
    tuple[tuple[bool, ...], ...],
    tuple[int, ...],
    Tile,
    int,
]
"""`TableView`, then every seat's number of concealed tiles, Ting and forfeited flags,
which of its discards were the tile it had just drawn, and (discards in the centre) the
pond's counts, the last discard and its thrower. At a centre table the seats' discards and
drawn flags are empty; with rows the pond is empty and the last discard -1."""


_DEAL = interned(EventKind.DEAL)
_DRAW = interned(EventKind.DRAW)
_FLOWER = interned(EventKind.FLOWER)
_CHOW = interned(EventKind.CHOW)
_PUNG = interned(EventKind.PUNG)
_KONG = interned(EventKind.KONG)
_CONCEALED_KONG = interned(EventKind.CONCEALED_KONG)
_PROMOTED_KONG = interned(EventKind.PROMOTED_KONG)
_WIN = interned(EventKind.WIN)
_DEALT = tuple(tuple(Event(EventKind.DEAL, seat, t) for t in range(NUM_TILES)) for seat in range(4))
"""The deal's events by seat and tile."""
_DRAWN = tuple(
    tuple(Event(EventKind.DRAW, seat, t, DRAW_WALL) for t in range(NUM_TILES)) for seat in range(4)
)
"""Draws from the wall by seat and tile."""
_DISCARDED = tuple(
    tuple(
        tuple(Event(EventKind.DISCARD, seat, t, ting) for t in range(NUM_KINDS))
        for seat in range(4)
    )
    for ting in (0, 1)
)
"""Discards by Ting or not, seat and tile."""


class Phase(Enum):
    """Where the hand stands."""

    TURN = "turn"
    """The seat in turn may win, declare a kong, or must discard."""
    CLAIM = "claim"
    """Every seat that can claim the discard answers, all at once."""
    ROB = "rob"
    """Every seat that can win on a promoted kong's tile answers: rob it or pass."""
    ENDED = "ended"


class TurnMode(Enum):
    """How the seat in turn came to hold its extra tile; it decides what it may do."""

    DEALT = "dealt"
    DRAWN = "drawn"
    REPLACEMENT = "replacement"
    """After a kong's replacement tile (and any flowers it brought)."""
    CLAIMED = "claimed"
    """After claiming a chow or pung: discard only (seed 003 lines 101, 109)."""


@dataclass(frozen=True)
class HandResult:
    """How the hand ended: a win (one or more winners), an exhaustive draw, void, or a
    penalty (an offence ended it with no winner: ``false_win = "end"``, ``illegal_action =
    "end_hand"``; the reason names it).

    ``discarder`` is the seat that gave the winning tile (the kong's declarer when robbed),
    ``None`` for a self-drawn win. ``scores`` match ``winners`` one to one.
    """

    kind: str
    winners: tuple[int, ...] = ()
    scores: tuple[Score, ...] = ()
    discarder: int | None = None
    winning_tile: Tile = -1
    robbed_kong: bool = False
    reason: str = ""

    @property
    def self_drawn(self) -> bool:
        """True for a win on a tile the winner drew."""
        return self.kind == "win" and self.discarder is None

    def to_json(self) -> dict[str, Any]:
        """A plain summary (the scores by their totals and items)."""
        return {
            "kind": self.kind,
            "winners": list(self.winners),
            "discarder": self.discarder,
            "winning_tile": NAMES[self.winning_tile] if self.winning_tile >= 0 else None,
            "robbed_kong": self.robbed_kong,
            "reason": self.reason,
            "scores": [
                {
                    "seat": seat,
                    "hand": str(s.hand),
                    "total": s.total,
                    "items": [[i.name, i.total] for i in s.items],
                }
                for seat, s in zip(self.winners, self.scores, strict=True)
            ],
        }


@dataclass(slots=True)
class _Waits:
    """What a seat's waiting hand could do with one more tile, as bitmasks over the 34
    kinds (see `mahjongkit.completion.hand_masks`), and the hand they are of. Made anew
    whenever the hand changes, never changed (not frozen: it is made at nearly every
    turn, and a frozen dataclass is slower to make)."""

    keys: SuitKeys
    """The hand's concealed tiles (`mahjongkit.completion.suit_keys`)..."""
    melds: int
    """...and its number of melds."""
    wins: int
    """The tiles it wins on."""
    pungs: int
    """The discards it could pung."""
    chows: int
    """The discards it could chow (were they thrown by the seat on its left)."""


@dataclass
class _Window:
    """An open claim or rob window: what each asked seat may do and what it answered."""

    tile: Tile
    giver: int
    options: dict[int, tuple[Action, ...]]
    answers: dict[int, Action] = field(default_factory=dict)


# Enum members as module names: looking one up on its class costs ten times as much,
# and the engine does it at every step.
_A_CHOW = ActionKind.CHOW
_A_CONCEALED_KONG = ActionKind.CONCEALED_KONG
_A_DISCARD = ActionKind.DISCARD
_A_KONG = ActionKind.KONG
_A_PASS = ActionKind.PASS
_A_PROMOTED_KONG = ActionKind.PROMOTED_KONG
_A_PUNG = ActionKind.PUNG
_A_TING = ActionKind.TING
_A_WIN = ActionKind.WIN
_E_EXHAUSTIVE_DRAW = EventKind.EXHAUSTIVE_DRAW
_E_FALSE_WIN = EventKind.FALSE_WIN
_E_INVALID_CLAIM = EventKind.INVALID_CLAIM
_E_ILLEGAL_ACTION = EventKind.ILLEGAL_ACTION
_M_CLAIMED = TurnMode.CLAIMED
_M_DEALT = TurnMode.DEALT
_M_DRAWN = TurnMode.DRAWN
_M_REPLACEMENT = TurnMode.REPLACEMENT
_P_CLAIM = Phase.CLAIM
_P_ENDED = Phase.ENDED
_P_ROB = Phase.ROB
_P_TURN = Phase.TURN


_NO_KEYS = tuple(suit_keys([0] * NUM_KINDS))
"""`suit_keys` of a hand holding nothing."""
_ALONE = ((0,), (1,), (2,), (3,))
"""`HandState.to_act` of a turn, by seat."""
_OTHERS = tuple(tuple((giver + step) % 4 for step in (1, 2, 3)) for giver in range(4))
"""The seats after ``giver``, in turn."""
_LYING = tuple(((t, False),) for t in range(NUM_KINDS))
"""A new discard in `HandState.table_view`'s form (not claimed), by tile."""
_FROM_DRAW = ((False,), (True,))
"""A new discard's entry in `HandState._drawn_discards`: was it the tile just drawn?"""
_WIN_ONLY = "the last discard may be claimed only to win (no tile is left for the next draw)"
"""Why a set claim of the last discard is refused (`PlayRules.last_discard_claims`)."""

_NO_ROWS: tuple[tuple[Any, ...], ...] = ((), (), (), ())
"""Every seat's discards (and drawn flags) as a centre table shows them: none."""


def _no_win() -> bool:
    """A win that cannot be: the hand does not wait on the tile."""
    return False


def checked_input(seat: object, action: object) -> tuple[int, Action]:
    """A seat and an action as the states take them (see `checked_seat`,
    `checked_action`).

    >>> checked_input(2, "discard 5m")
    (2, Action.parse('discard 5m'))
    >>> checked_input(1.0, "pass")
    Traceback (most recent call last):
    ...
    mahjongkit.errors.InvalidInputError: a seat is an int 0..3, not 1.0 (float)
    """
    return checked_seat(seat), checked_action(action)


def checked_seat(seat: object) -> int:
    """A seat as the states take it: an int 0..3, not a bool. Raises
    `InvalidInputError` for another type, `IllegalActionError` for an int out of range."""
    if type(seat) is not int:
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise InvalidInputError(f"a seat is an int 0..3, not {seat!r} ({type(seat).__name__})")
        seat = int(seat)
    if not 0 <= seat < 4:
        raise IllegalActionError(f"seat {seat} is not a seat (0..3)")
    return seat


def checked_action(action: object) -> Action:
    """An action as the states take it: an `Action`, or its notation parsed
    (`Action.parse`, which raises `InvalidNotationError` naming what is wrong). Another
    type raises `InvalidInputError`."""
    if isinstance(action, Action):
        return action
    if isinstance(action, str):
        return Action.parse(action)
    raise InvalidInputError(
        f"an action is an Action or its notation, not {action!r} ({type(action).__name__})"
    )


def _source(claimer: int, giver: int) -> int:
    """Where the giver sits for the claimer: 1 left, 2 opposite, 3 right."""
    return (claimer - giver) % 4


class HandState:
    """One hand in play. Mutable; `copy` gives an independent state."""

    def __init__(
        self,
        ruleset: Ruleset | str,
        wall: Wall,
        prevalent_wind: Tile = EAST,
        dealer_streak: int = 0,
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        self.rules: PlayRules = self.ruleset.play
        if wall.rules is not self.rules and wall.rules != self.rules:
            raise InvalidWallError(
                f"the wall was built for other play rules than {self.ruleset.name}"
            )
        if not IS_WIND[prevalent_wind]:
            raise InvalidWallError(f"prevalent wind must be a wind, not {prevalent_wind}")
        if wall.remaining != len(wall.tiles):
            raise InvalidWallError("the wall has been drawn from already")
        self.wall = wall
        self.prevalent_wind = prevalent_wind
        self.dealer_streak = dealer_streak
        self.concealed: list[list[int]] = [[0] * NUM_KINDS for _ in range(4)]
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.flowers: list[list[Tile]] = [[], [], [], []]
        self.discards: list[list[Tile]] = [[], [], [], []]
        self.claimed: list[list[bool]] = [[], [], [], []]
        """Parallel to `discards`: True where the discard was claimed into a meld."""
        self.pond = [0] * NUM_KINDS
        """The discards lying on the table, unclaimed, by tile."""
        self.last_discarder = -1
        """The seat that made the latest discard (-1 before the first)."""
        self._centre = self.rules.discards == "centre"
        """Discards lie mixed in the centre: observations show the pond, not the rows."""
        self.ting = [False] * 4
        self.forfeited = [False] * 4
        self.missed = [0] * 4
        """Bit ``t`` set: the seat passed on a discard of tile ``t`` since its last turn."""
        self.visible = [0] * NUM_KINDS
        """Copies of each tile seen on the table: discards and exposed melds."""
        self.events: list[Event] = []
        self.history: list[tuple[int, Action]] = []
        self.phase = _P_TURN
        self.turn = 0
        self.mode = _M_DEALT
        self.last_tile: Tile = -1
        self.draw_source = DRAW_WALL
        self.window: _Window | None = None
        self.result: HandResult | None = None
        self.discard_count = 0
        self.declared = False
        """True once any meld (claim or kong) was made: it ends the heavenly/earthly hands."""
        self._legal: dict[int, tuple[Action, ...]] = {}
        self._scores: dict[tuple[int, Tile, bool, bool], Score | None] = {}
        self._keys: list[list[int]] = [list(_NO_KEYS) for _ in range(4)]
        """Per seat: its concealed tiles as `mahjongkit.completion.suit_keys`, kept up
        to date with every tile that comes or goes."""
        self._waits: list[_Waits | None] = [None] * 4
        """Per seat: what its waiting hand could do with one more tile. Set to None
        whenever the seat's waiting hand changes (a discard, a claim, a kong), so while
        the seat holds no extra tile, an entry is its hand's and needs no check."""
        self._shown: (
            tuple[tuple[tuple[Meld, ...], ...], tuple[int, ...], tuple[tuple[Tile, ...], ...]]
            | None
        ) = None
        """Every seat's exposed melds, hidden kongs and flowers (see `table_view`), rebuilt
        after a meld or a flower changes them."""
        self._seen_discards: list[tuple[tuple[Tile, bool], ...]] = [(), (), (), ()]
        """Per seat: its discards with whether each was claimed, kept up to date."""
        self._drawn_discards: list[tuple[bool, ...]] = [(), (), (), ()]
        """Per seat, parallel to `discards`: True where the seat discarded the tile it had
        just drawn (its concealed tiles left as they were before the draw)."""
        self._table: tuple[int, TableSnapshot] | None = None
        """`table_snapshot` with the length of `history` it was taken at: every change
        to the hand comes with an action, so the snapshot holds until the next one."""
        self._deal()

    @classmethod
    def new(
        cls,
        ruleset: Ruleset | str,
        rng: random.Random,
        prevalent_wind: Tile = EAST,
        dealer_streak: int = 0,
    ) -> HandState:
        """A hand on a wall shuffled with ``rng``."""
        rules = get_ruleset(ruleset)
        return cls(rules, Wall.shuffled(rules, rng), prevalent_wind, dealer_streak)

    def copy(self) -> HandState:
        """An independent copy of the state.

        Made by the constructor, then every field set by name: the compiled build
        (setup.py) has neither ``__dict__`` nor a bare ``__new__``. A test compares every
        field of a copy with its original's, so a new field cannot be forgotten here.
        """
        wall = self.wall
        other = HandState(
            self.ruleset,
            Wall(wall.rules, wall.tiles, wall.dice),
            self.prevalent_wind,
            self.dealer_streak,
        )
        other.wall = wall.copy()
        other.phase = self.phase
        other.turn = self.turn
        other.mode = self.mode
        other.last_tile = self.last_tile
        other.draw_source = self.draw_source
        other.result = self.result
        other.discard_count = self.discard_count
        other.declared = self.declared
        other._shown = self._shown
        other._table = self._table
        other.concealed = [list(c) for c in self.concealed]
        other.melds = [list(m) for m in self.melds]
        other.flowers = [list(f) for f in self.flowers]
        other.discards = [list(d) for d in self.discards]
        other.claimed = [list(c) for c in self.claimed]
        other.pond = list(self.pond)
        other.last_discarder = self.last_discarder
        other.ting = list(self.ting)
        other.forfeited = list(self.forfeited)
        other.missed = list(self.missed)
        other.visible = list(self.visible)
        other.events = list(self.events)
        other.history = list(self.history)
        if self.window is not None:
            w = self.window
            other.window = _Window(w.tile, w.giver, dict(w.options), dict(w.answers))
        other._legal = dict(self._legal)
        other._scores = dict(self._scores)
        other._keys = [list(k) for k in self._keys]
        other._waits = list(self._waits)
        other._seen_discards = list(self._seen_discards)
        other._drawn_discards = list(self._drawn_discards)
        return other

    # -- the deal ---------------------------------------------------------------------
    def _deal(self) -> None:
        hands = self.wall.deal()
        emit = self.events.append
        for seat, tiles in enumerate(hands):
            self.events += map(_DEALT[seat].__getitem__, tiles)
        held: list[list[Tile]] = [list(h) for h in hands]
        # Flowers are exposed and replaced from the back end, each seat in turn, the
        # dealer first: until it holds no flower (seed 000 line 48), or in rounds, each
        # seat replacing the flowers it revealed while a replacement that is a flower
        # waits for the next round (seed 004 line 76).
        is_flower = IS_FLOWER.__getitem__
        until_none = self.rules.deal_flower_order == "until_none"
        while any(map(is_flower, chain.from_iterable(held))):
            for seat in range(4):
                revealed = [t for t in held[seat] if IS_FLOWER[t]]
                while revealed:
                    flower = revealed.pop(0)
                    held[seat].remove(flower)
                    self.flowers[seat].append(flower)
                    self._shown = None
                    emit(_FLOWER(seat, flower, 0))
                    if not self.wall.can_draw(seat):
                        self._end_draw(END_REPLACEMENT)
                        return
                    tile = self.wall.draw_replacement(seat)
                    emit(_DRAW(seat, tile, DRAW_FLOWER))
                    held[seat].append(tile)
                    if until_none and IS_FLOWER[tile]:
                        revealed.append(tile)
        for seat, tiles in enumerate(held):
            counts, keys = self.concealed[seat], self._keys[seat]
            for t in tiles:
                counts[t] += 1
                keys[SUIT_OF[t]] += KEY_STEP[t]
        self.last_tile = held[0][-1]
        self.mode = _M_DEALT

    # -- questions --------------------------------------------------------------------
    @property
    def ended(self) -> bool:
        """True once the hand is over (see `result`)."""
        return self.phase is _P_ENDED

    def to_act(self) -> tuple[int, ...]:
        """The seats that must decide now, in seat order."""
        if self.phase is _P_TURN:
            return _ALONE[self.turn]
        if self.phase is not _P_ENDED and self.window is not None:
            w = self.window
            return tuple(s for s in sorted(w.options) if s not in w.answers)
        return ()

    def public_view(self, seat: int) -> PublicView:
        """What everyone sees of a seat: its exposed melds, its number of concealed kongs
        (face down), its flowers, and its discards each with whether it was claimed (a
        table with rows; at a centre table observations show the pond instead)."""
        melds, hidden, flowers, discards = self.table_view()
        return melds[seat], hidden[seat], flowers[seat], discards[seat]

    def table_view(self) -> TableView:
        """`public_view` of every seat, gathered field by field (what every observation
        shows of the table with rows)."""
        shown = self._shown
        if shown is None:
            exposed = tuple(tuple(m for m in ms if not m.concealed) for ms in self.melds)
            shown = (
                exposed,
                tuple(len(ms) - len(e) for ms, e in zip(self.melds, exposed, strict=True)),
                tuple(tuple(f) for f in self.flowers),
            )
            self._shown = shown
        exposed, hidden, flowers = shown
        return exposed, hidden, flowers, tuple(self._seen_discards)

    def table_snapshot(self) -> TableSnapshot:
        """What every seat sees alike now: `table_view`, then each seat's number of
        concealed tiles, Ting and forfeited flags, which discards were drawn tiles, and
        the pond and the last discard of a centre table (see `TableSnapshot`). Taken once
        per step, however many seats are asked (see
        `mahjongkit.game.observation`)."""
        version = len(self.history)
        taken = self._table
        if taken is not None:
            taken_at, snapshot = taken
            if taken_at == version:
                return snapshot
        melds, hidden, flowers, discards = self.table_view()
        drawn = tuple(self._drawn_discards)
        if self._centre:
            # Seed 003 line 45: no owner, no order; only the tile just thrown is known.
            g = self.last_discarder
            pond: tuple[int, ...] = tuple(self.pond)
            last = self.discards[g][-1] if g >= 0 else -1
            discards = drawn = _NO_ROWS
        else:
            pond, last, g = (), -1, -1
        if self.phase is _P_ENDED:
            sizes = tuple(map(sum, self.concealed))
        else:
            # In play, a seat holds the hand size less three a meld (a kong's fourth tile
            # is replaced), the seat in turn one more: read so, not counted (this runs at
            # nearly every decision, and counting the four hands was most of it).
            base = self.rules.hand_size
            m0, m1, m2, m3 = self.melds
            counted = [
                base - 3 * len(m0),
                base - 3 * len(m1),
                base - 3 * len(m2),
                base - 3 * len(m3),
            ]
            if self.phase is _P_TURN:
                counted[self.turn] += 1
            sizes = tuple(counted)
        snapshot = (
            melds,
            hidden,
            flowers,
            discards,
            sizes,
            tuple(self.ting),
            tuple(self.forfeited),
            drawn,
            pond,
            last,
            g,
        )
        self._table = (version, snapshot)
        return snapshot

    def seat_snapshot(self, seat: int) -> TableSnapshot:
        """`table_snapshot` as ``seat`` (0..3) sees it: its own concealed kongs shown among
        its melds and not counted as hidden (the one way the seats' views differ)."""
        snapshot = self.table_snapshot()
        melds, hidden, flowers, discards, sizes, ting, forfeited, drawn, pond, last, g = snapshot
        if not hidden[seat]:
            return snapshot
        own = list(melds)
        own[seat] = tuple(self.melds[seat])
        seen = tuple([0 if s == seat else hidden[s] for s in range(4)])
        return (tuple(own), seen, flowers, discards, sizes, ting, forfeited, drawn, pond, last, g)

    def observation(self, seat: int) -> Observation:
        """What ``seat`` (0..3, or `mahjongkit.game.observation.SPECTATOR` for what the
        whole table sees) may know now (see `mahjongkit.game.observation`).

        Built here rather than in that module, which is left as Python for the sake of
        its class: compiled, the hand state fills the observation's slots in C (the
        engine makes one at every decision: of an efficient bots' MCR hand, 3.3 M
        instructions built in Python, 2.4 M so)."""
        if seat == SPECTATOR:
            return spectator_observation(self)
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
        ) = self.seat_snapshot(seat)
        w = self.window
        phase = self.phase._value_
        legal = self.legal_actions(seat)
        turn = self.turn
        wall = self.wall
        if w is not None and (phase == "claim" or phase == "rob"):
            giver, tile, last = w.giver, w.tile, -1
            to_act: tuple[int, ...] = (seat,) if legal else ()
        else:
            giver, tile = -1, -1
            last = self.last_tile if seat == turn and phase == "turn" else -1
            to_act = self.to_act() if phase == "turn" else ((seat,) if legal else ())
        live = wall.remaining - wall.reserve
        # In the order of the observation's fields (`OBSERVATION_SLOTS`).
        values: tuple[Any, ...] = (
            seat,
            self.ruleset.name,
            phase,
            turn if giver < 0 else giver,
            to_act,
            self.prevalent_wind,
            tuple(self.concealed[seat]),
            last,
            melds,
            hidden,
            flowers,
            discards,
            sizes,
            ting,
            forfeited,
            live if live > 0 else 0,
            wall.remaining,
            tile,
            giver,
            legal,
            self.dealer_streak,
            drawn,
            wall.parts_left,
            pond,
            last_discard,
            last_discarder,
        )
        obs = blank_observation(Observation)
        slots = OBSERVATION_SLOTS
        for i in range(len(slots)):
            slots[i](obs, values[i])
        return obs

    def __str__(self) -> str:
        """The whole table in a few lines of text: every seat's tiles, melds, flowers and
        discards, the live wall, whose turn (`mahjongkit.game.picture.table_text`)."""
        from mahjongkit.game.picture import hand_picture, table_text

        return table_text(hand_picture(self))

    def _repr_svg_(self) -> str:
        """The whole table drawn as SVG, which notebooks show
        (`mahjongkit.game.picture.table_svg`)."""
        from mahjongkit.game.picture import hand_picture, table_svg

        return table_svg(hand_picture(self))

    def legal_actions(self, seat: int) -> tuple[Action, ...]:
        """What ``seat`` may do now (empty when it has nothing to decide)."""
        cached = self._legal.get(seat)
        if cached is not None:
            return cached
        phase = self.phase
        if phase is _P_TURN:
            acts = self._turn_actions(seat) if seat == self.turn else ()
        elif phase is not _P_ENDED and self.window is not None:
            w = self.window
            acts = w.options.get(seat, ()) if seat not in w.answers else ()
        else:
            acts = ()
        self._legal[seat] = acts
        return acts

    def _turn_actions(self, seat: int) -> tuple[Action, ...]:
        """`mahjongkit.game.decisions.turn_actions` of the seat in turn."""
        return turn_actions(
            self.rules,
            self.wall,
            seat,
            self.concealed[seat],
            self._keys[seat],
            self.melds[seat],
            -1 if self.mode is _M_CLAIMED else self.last_tile,
            self.ting[seat],
            self._may_win_drawn,
        )

    def _may_win_drawn(self) -> bool:
        """Would the win of the seat in turn on the tile it drew qualify?"""
        seat, tile = self.turn, self.last_tile
        wins = self._self_drawn_mask(seat, tile)
        # Score only a tile the hand waits on (or seven flowers, where they win).
        if wins >> tile & 1 or flower_win(self.rules, self.flowers[seat]):
            win = self._win_score(seat, tile, self_drawn=True, robbing=False)
            return win is not None and win.qualifies
        return False

    def _win_score(
        self, seat: int, tile: Tile, self_drawn: bool, robbing: bool, giver: int | None = None
    ) -> Score | None:
        """The score of the seat winning on ``tile`` (None when it is no winning shape);
        ``giver`` is the discarder (or the kong's declarer) for a win on another's tile.
        Scores are remembered until the next tile arrives or the next window opens."""
        asked = (seat, tile, self_drawn, robbing)
        if asked in self._scores:
            return self._scores[asked]
        result = win_score(
            self.ruleset,
            self._self_drawn_mask(seat, tile) if self_drawn else self._wait_mask(seat),
            tile,
            self_drawn,
            self.forfeited[seat],
            self.concealed[seat],
            self.melds[seat],
            self.flowers[seat],
            partial(self._situation, seat, tile, self_drawn, robbing, giver),
        )
        self._scores[asked] = result
        return result

    def _wait_mask(self, seat: int) -> int:
        """The winning tiles of a seat holding no extra tile (see `_waits`)."""
        return self._waiting(seat).wins

    def _waiting(self, seat: int) -> _Waits:
        """`_waits` of a seat holding no extra tile, worked out when not known."""
        known = self._waits[seat]
        if known is None:
            k = self._keys[seat]
            known = self._compute_waits(seat, (k[0], k[1], k[2], k[3]))
        return known

    def _compute_waits(self, seat: int, keys: SuitKeys) -> _Waits:
        melds = self.melds[seat]
        # A called hand wins only in its regular form (004 l.336).
        forms = self.ruleset.scoring.forms_of(self.ting[seat])
        wins, pungs, chows = hand_masks(keys, melds, forms, self.rules.hand_size)
        known = _Waits(keys, len(melds), wins, pungs, chows)
        self._waits[seat] = known
        return known

    def _self_drawn_mask(self, seat: int, tile: Tile) -> int:
        """The winning tiles of the seat's hand before it took ``tile``."""
        k = self._keys[seat]
        suit, step = SUIT_OF[tile], KEY_STEP[tile]
        key = (
            k[0] - step if suit == 0 else k[0],
            k[1] - step if suit == 1 else k[1],
            k[2] - step if suit == 2 else k[2],
            k[3] - step if suit == 3 else k[3],
        )
        known = self._waits[seat]
        if known is not None and known.melds == len(self.melds[seat]) and known.keys == key:
            return known.wins
        return self._compute_waits(seat, key).wins

    def _situation(
        self, seat: int, tile: Tile, self_drawn: bool, robbing: bool, giver: int | None
    ) -> Situation:
        # Tiles on the table (seed 004 lines 329-331): discards lying there plus every
        # declared set's tiles; flowers are not counted.
        lying = sum(c.count(False) for c in self.claimed)
        declared = sum(len(m.tiles) for ms in self.melds for m in ms)
        return win_situation(
            self.rules,
            self.wall,
            seat,
            self_drawn=self_drawn,
            robbing=robbing,
            giver=giver,
            draw_source=self.draw_source,
            seen=self.visible[tile],
            flowers=self.flowers[seat],
            ting=self.ting[seat],
            prevalent_wind=self.prevalent_wind,
            discard_count=self.discard_count,
            declared=self.declared,
            tiles_on_table=lying + declared,
            dealer_streak=self.dealer_streak,
        )

    # -- acting -----------------------------------------------------------------------
    def apply(self, seat: object, action: object) -> list[Event]:
        """Do ``action`` (an `Action` or its notation, ``"discard 5m"``) for ``seat``;
        returns the events it produced.

        An illegal action raises `IllegalActionError` and leaves the state unchanged; so
        does a seat that is not an int 0..3 or an action of another type
        (`InvalidInputError`). A win declared without a winning hand (or below the
        minimum) is not illegal: it is a false declaration, an event whose effect the
        ruleset decides. (Both arguments are typed ``object``: the compiled build would
        otherwise turn ``True`` into seat 1 before the check.)
        """
        if type(seat) is int and 0 <= seat < 4 and type(action) is Action:
            return self._apply(seat, action)
        return self._apply(*checked_input(seat, action))

    def _apply(self, seat: int, action: Action) -> list[Event]:
        """`apply` of a checked seat and action."""
        legal = self._legal.get(seat)  # set by the bot's question, usually
        if not legal:
            legal = self.legal_actions(seat)
        start = len(self.events)
        # The engine compares actions by identity: use the listed instance. A bot usually
        # hands back that very instance; looking for it first skips `Action.__eq__`.
        listed = False
        for a in legal:
            if a is action:
                listed = True
                break
        if not listed and action in legal:
            action = legal[legal.index(action)]
            listed = True
        if listed:
            self.history.append((seat, action))
            if self._legal:
                self._legal = {}
            if self.phase is _P_TURN:
                self._do_turn(seat, action)
            else:
                self._answer(seat, action)
            return self.events[start:]
        reason = self._why_illegal(seat, action, legal)
        if reason is None:
            self.history.append((seat, action))
            self._legal = {}
            if action.kind is _A_WIN:
                self._false_win(seat)
            else:
                self._invalid_claim(seat, action)
            return self.events[start:]
        if self.ruleset.table.illegal_action == "end_hand" and self._offence(seat, action):
            self.history.append((seat, action))
            self._legal = {}
            kind = ACTION_KINDS.index(action.kind.value)
            self.events.append(Event(_E_ILLEGAL_ACTION, seat, action.tile, kind))
            self._end_penalty(f"illegal action by {SEAT_NAMES[seat]}: {action} ({reason})")
            return self.events[start:]
        raise IllegalActionError(f"{action} by {SEAT_NAMES[seat]}: {reason}")

    def verify(self, seat: object, action: object) -> Action:
        """Check that `apply` would take ``action`` from ``seat`` now, changing nothing;
        returns the action (parsed from its notation if given so). Raises
        `IllegalActionError` with the reason otherwise.

        Taken are the legal actions, and also what the rules turn into an event rather
        than refuse: a false win declaration, an invalid claim where it forfeits the win
        (``invalid_claim_forfeits``), and at a table that punishes illegal actions
        (``illegal_action = "end_hand"``) the offence itself.
        """
        seat, action = checked_input(seat, action)
        legal = self.legal_actions(seat)
        if action in legal:
            return legal[legal.index(action)]
        reason = self._why_illegal(seat, action, legal)
        if reason is None:
            return action
        if self.ruleset.table.illegal_action == "end_hand" and self._offence(seat, action):
            return action
        raise IllegalActionError(f"{action} by {SEAT_NAMES[seat]}: {reason}")

    def can(self, seat: object, action: object) -> bool:
        """True when `apply` would take ``action`` from ``seat`` now (see `verify`). A
        seat or an action of the wrong type, or bad notation, still raises."""
        seat, action = checked_input(seat, action)
        try:
            self.verify(seat, action)
        except IllegalActionError:
            return False
        return True

    def _offence(self, seat: int, action: Action) -> bool:
        """Is this illegal action an offence that ends the hand (``illegal_action =
        "end_hand"``)? Every one while the hand is in play, but a pass by a seat with
        nothing to decide: the Botzone judge asks every seat at every step, and a pass is
        the answer of one that has nothing to do (main.cpp l.179-187, l.373-374)."""
        if self.phase is _P_ENDED:
            return False
        return action.kind is not _A_PASS or seat in self.to_act()

    def _why_illegal(self, seat: int, action: Action, legal: tuple[Action, ...]) -> str | None:
        """Why the action cannot be taken; None for a false declaration the rules handle."""
        who = SEAT_NAMES[seat]
        if self.phase is _P_ENDED:
            return "the hand is over"
        if self.phase is _P_TURN:
            if seat != self.turn:
                return f"it is {SEAT_NAMES[self.turn]}'s turn, not {who}'s"
            if action.kind is _A_WIN:
                return None
            return self._turn_reason(seat, action)
        w = self.window
        assert w is not None
        if seat not in w.options:
            if self._claims_win_only(w) and action.kind in (_A_CHOW, _A_PUNG, _A_KONG):
                return f"{who} has no claim on {NAMES[w.tile]}: {_WIN_ONLY}"
            return f"{who} has no claim on {NAMES[w.tile]} to answer"
        if seat in w.answers:
            return f"{who} has already answered"
        if action.kind is _A_WIN:
            return None
        if (
            self.phase is _P_CLAIM
            and self.ruleset.table.invalid_claim_forfeits
            and action.kind in (_A_CHOW, _A_PUNG, _A_KONG)
        ):
            return None
        return self._claim_reason(seat, action)

    def _turn_reason(self, seat: int, action: Action) -> str:
        counts = self.concealed[seat]
        k, t = action.kind, action.tile
        if k in (_A_CHOW, _A_PUNG, _A_KONG, _A_PASS):
            return f"{k.value} answers a discard; on one's own turn discard, kong or win"
        if self.ting[seat] and k is not _A_DISCARD:
            if k is _A_PROMOTED_KONG and self.rules.ting_may_promote_pung:
                return (
                    "a called (Ting) hand may add only the tile it drew to an exposed pung "
                    "(seed 004 lines 503-504)"
                )
            if k is _A_PROMOTED_KONG or k is _A_CONCEALED_KONG:
                return "a called (Ting) hand may not declare a kong (seed 004 line 503)"
            return "a called (Ting) hand may only discard the tile it drew or win"
        if k in (_A_DISCARD, _A_TING) and not counts[t]:
            return f"{NAMES[t]} is not among the concealed tiles"
        if k is _A_DISCARD:
            return "a called (Ting) hand must discard the tile it drew"
        if k is _A_TING:
            if not self.rules.ting_in_play:
                return "Ting is not in play under this ruleset"
            if self.ting[seat]:
                return "Ting is already declared"
            return f"the hand is not one tile from winning after discarding {NAMES[t]}"
        if self.mode is _M_CLAIMED:
            return "no kong right after claiming a chow or pung (seed 003 line 101)"
        if not turn_kong_allowed(self.rules, self.wall, seat):
            if self.rules.turn_kong_needs_next_draw:
                return "a kong needs a tile for its replacement and one for the next draw"
            return "no tile is left to replace a kong"
        if k is _A_CONCEALED_KONG:
            return f"a concealed kong needs four {NAMES[t]} in hand"
        return f"a promoted kong needs an exposed pung of {NAMES[t]} and the fourth in hand"

    def _claim_reason(self, seat: int, action: Action) -> str:
        w = self.window
        assert w is not None
        if self.phase is _P_ROB:
            return "a promoted kong can only be robbed to win, or passed"
        k = action.kind
        if k in (_A_DISCARD, _A_TING, _A_CONCEALED_KONG):
            return f"{k.value} is for one's own turn; answer the discard of {NAMES[w.tile]}"
        if k is _A_PROMOTED_KONG:
            return "a pung is never promoted with a discard (seed 003 line 101)"
        if self.missed[seat] >> w.tile & 1:
            return f"{NAMES[w.tile]} was passed on since the last turn (seed 004 line 452)"
        if self.ting[seat]:
            return "a called (Ting) hand may only win"
        if self._claims_win_only(w) and k in (_A_CHOW, _A_PUNG, _A_KONG):
            return _WIN_ONLY
        if k is _A_CHOW and seat != (w.giver + 1) % 4:
            return "a chow is claimed only from the player on the left (seed 000 line 68)"
        if (
            k is _A_KONG
            and self.concealed[seat][w.tile] == 3
            and not kong_allowed(self.rules, self.wall, seat)
        ):
            return "no tile is left to replace a kong"
        return f"the concealed tiles cannot make that {k.value} with {NAMES[w.tile]}"

    def _claims_win_only(self, w: _Window) -> bool:
        """True when the discard being answered is the last one and the table lets it be
        claimed only to win (`PlayRules.last_discard_claims`)."""
        return self.phase is _P_CLAIM and not sets_claimable(self.rules, self.wall, w.giver)

    # -- turn actions -----------------------------------------------------------------
    def _do_turn(self, seat: int, action: Action) -> None:
        k, t = action.kind, action.tile
        emit = self.events.append
        if k is _A_DISCARD or k is _A_TING:
            self.concealed[seat][t] -= 1
            keys = self._keys[seat]
            keys[SUIT_OF[t]] -= KEY_STEP[t]
            # Discarding the tile just drawn gives back the hand whose waits the turn's
            # win check remembered; any other discard makes a new hand.
            if t != self.last_tile:
                self._waits[seat] = None
            else:
                known = self._waits[seat]
                if known is not None and (
                    known.melds != len(self.melds[seat])
                    or known.keys != (keys[0], keys[1], keys[2], keys[3])
                ):
                    self._waits[seat] = None
            ting = k is _A_TING
            if ting:
                self.ting[seat] = True
                self._waits[seat] = None  # its waits now in the called forms
            self.discards[seat].append(t)
            self.claimed[seat].append(False)
            self._seen_discards[seat] += _LYING[t]
            self._drawn_discards[seat] += _FROM_DRAW[t == self.last_tile]
            self.pond[t] += 1
            self.last_discarder = seat
            self.visible[t] += 1
            self.discard_count += 1
            emit(_DISCARDED[ting][seat][t])
            self._open_claims(seat, t)
        elif k is _A_WIN:
            sc = self._win_score(seat, self.last_tile, self_drawn=True, robbing=False)
            assert sc is not None
            self._end_win((seat,), (sc,), None, self.last_tile, robbed=False)
        elif k is _A_CONCEALED_KONG:
            self.concealed[seat][t] -= 4
            self._keys[seat][SUIT_OF[t]] -= 4 * KEY_STEP[t]
            self._waits[seat] = None
            self.melds[seat].append(Meld(KONG_MELD, t, concealed=True))
            self._shown = None
            self.declared = True
            emit(_CONCEALED_KONG(seat, t, 0))
            self._replace_kong(seat)
        elif k is _A_PROMOTED_KONG:
            self.concealed[seat][t] -= 1
            self._keys[seat][SUIT_OF[t]] -= KEY_STEP[t]
            self._waits[seat] = None
            emit(_PROMOTED_KONG(seat, t, 0))
            self.declared = True
            self._open_rob(seat, t)

    def _promote(self, seat: int, t: Tile) -> None:
        melds = self.melds[seat]
        i = next(i for i, m in enumerate(melds) if m.kind is PUNG_MELD and m.tile == t)
        old = melds[i]
        melds[i] = Meld(KONG_MELD, t, claimed=old.claimed, source=old.source, promoted=True)
        self._shown = None
        self.visible[t] += 1

    def _replace_kong(self, seat: int) -> None:
        if not self.wall.can_draw(seat):
            # seed 003 line 141: no replacement is given; the hand ends at once (the
            # Botzone judge: the seat's part is empty, main.cpp l.414-421).
            self._end_draw(END_REPLACEMENT)
            return
        tile = self.wall.draw_replacement(seat)
        self.events.append(_DRAW(seat, tile, DRAW_KONG))
        self._receive(seat, tile, DRAW_KONG, _M_REPLACEMENT)

    def _draw_for(self, seat: int) -> None:
        self.turn = seat
        self.missed[seat] = 0
        wall = self.wall
        if not wall.can_draw(seat):
            # The hand is drawn: the live wall is empty (seed 003 line 139), or in a
            # per-seat wall the seat's own part is (the Botzone judge, main.cpp l.414-421).
            self._end_draw(END_WALL)
            return
        tile = wall.draw(seat)
        self.events.append(_DRAWN[seat][tile])
        self._receive(seat, tile, DRAW_WALL, _M_DRAWN)

    def _receive(self, seat: int, tile: Tile, source: int, mode: TurnMode) -> None:
        """The seat takes a drawn tile; flowers are exposed and replaced at once."""
        while IS_FLOWER[tile]:
            self.flowers[seat].append(tile)
            self._shown = None
            self.events.append(_FLOWER(seat, tile, 0))
            if not self.wall.can_draw(seat):
                self._end_draw(END_REPLACEMENT)
                return
            tile = self.wall.draw_replacement(seat)
            source = DRAW_FLOWER
            self.events.append(_DRAW(seat, tile, DRAW_FLOWER))
        self.concealed[seat][tile] += 1
        self._keys[seat][SUIT_OF[tile]] += KEY_STEP[tile]
        self.turn = seat
        self.last_tile = tile
        self.draw_source = source
        self.mode = mode
        self.phase = _P_TURN
        self.window = None
        self._scores = {}

    # -- windows ----------------------------------------------------------------------
    def _open_claims(self, giver: int, tile: Tile) -> None:
        if self._scores:
            self._scores = {}
        options: dict[int, tuple[Action, ...]] = {}
        missed = self.missed
        any_chow = not self.rules.chow_only_from_left
        bit = 1 << tile
        others = _OTHERS[giver]
        left = others[0]
        sets = sets_claimable(self.rules, self.wall, giver)
        for seat in others:
            known = self._waiting(seat)
            # Most discards concern nobody: screen by what the hand could do with it.
            if not sets:
                could = known.wins  # the last discard, where only a win may claim it
            elif seat == left or any_chow:
                could = known.wins | known.pungs | known.chows
            else:
                could = known.wins | known.pungs
            if not could & bit or missed[seat] & bit:
                continue
            acts = answer_actions(
                self.rules,
                self.wall,
                seat,
                giver,
                tile,
                self.concealed[seat],
                ting=self.ting[seat],
                missed=missed[seat],
                robbing=False,
                # Screen by the seat's known winning tiles before scoring anything.
                can_win=partial(self._may_win_on, seat, tile, giver, False)
                if known.wins & bit
                else _no_win,
            )
            if acts:
                options[seat] = acts
        if not options:
            self._draw_for(left)
            return
        self.window = _Window(tile, giver, options)
        self.phase = _P_CLAIM

    def _open_rob(self, seat: int, tile: Tile) -> None:
        self.window = _Window(tile, seat, {})
        self._scores = {}
        options: dict[int, tuple[Action, ...]] = {}
        for other in _OTHERS[seat]:
            acts = answer_actions(
                self.rules,
                self.wall,
                other,
                seat,
                tile,
                self.concealed[other],
                ting=self.ting[other],
                missed=self.missed[other],
                robbing=True,
                can_win=partial(self._may_win_on, other, tile, seat, True),
            )
            if acts:
                options[other] = acts
        if not options:
            self.window = None
            self._promote(seat, tile)
            self._replace_kong(seat)
            return
        self.window.options = options
        self.phase = _P_ROB

    def _may_win_on(self, seat: int, tile: Tile, giver: int, robbing: bool) -> bool:
        """Would the seat's win on ``giver``'s tile (a discard, or the tile of a promoted
        kong it robs) qualify?"""
        win = self._win_score(seat, tile, False, robbing, giver)
        return win is not None and win.qualifies

    def _answer(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        w.answers[seat] = action
        if len(w.answers) == len(w.options):
            self._resolve(w)

    def _resolve(self, w: _Window) -> None:
        order = _OTHERS[w.giver]
        robbing = self.phase is _P_ROB
        winners = [s for s in order if w.answers.get(s) is WIN]
        if winners:
            if self.ruleset.table.multiple_winners == "next_in_turn":
                winners = winners[:1]
            scores = []
            for s in winners:
                sc = self._win_score(s, w.tile, False, robbing, w.giver)
                assert sc is not None
                scores.append(sc)
            self._end_win(tuple(winners), tuple(scores), w.giver, w.tile, robbed=robbing)
            return
        if self.rules.missed_tile_rule:
            for s, a in w.answers.items():
                if a is PASS:
                    self.missed[s] |= 1 << w.tile
        self.window = None
        if robbing:
            self._promote(w.giver, w.tile)
            self._replace_kong(w.giver)
            return
        # Kong and pung outrank chow (seed 000 line 74, seed 003 line 65); only one seat
        # can hold the two or three tiles a pung or kong of the discard needs.
        claim: tuple[int, Action] | None = None
        for s in order:
            a = w.answers.get(s, PASS)
            if a is KONG or a is PUNG:
                claim = (s, a)
                break
            if a.kind is _A_CHOW and claim is None:
                claim = (s, a)
        if claim is None:
            self._draw_for(order[0])
            return
        claimer, action = claim
        self._claim(claimer, action, w)

    def _claim(self, seat: int, action: Action, w: _Window) -> None:
        t, giver = w.tile, w.giver
        counts = self.concealed[seat]
        keys = self._keys[seat]
        self.claimed[giver][-1] = True
        self.pond[t] -= 1
        seen = self._seen_discards[giver]
        self._seen_discards[giver] = (*seen[:-1], (seen[-1][0], True))
        self._shown = None
        src = _source(seat, giver)
        self.declared = True
        self.missed[seat] = 0
        self._waits[seat] = None
        emit = self.events.append
        if action.kind is _A_CHOW:
            start = action.tile
            for x in (start, start + 1, start + 2):
                if x != t:
                    counts[x] -= 1
                    keys[SUIT_OF[x]] -= KEY_STEP[x]
                    self.visible[x] += 1
            self.melds[seat].append(Meld(CHOW, start, claimed=t, source=1))
            emit(_CHOW(seat, t, t - start))
        elif action is PUNG:
            counts[t] -= 2
            keys[SUIT_OF[t]] -= 2 * KEY_STEP[t]
            self.visible[t] += 2
            self.melds[seat].append(Meld(PUNG_MELD, t, claimed=t, source=src))
            emit(_PUNG(seat, t, giver))
        else:
            counts[t] -= 3
            keys[SUIT_OF[t]] -= 3 * KEY_STEP[t]
            self.visible[t] += 3
            self.melds[seat].append(Meld(KONG_MELD, t, claimed=t, source=src))
            emit(_KONG(seat, t, giver))
            self.turn = seat
            self._replace_kong(seat)
            return
        self.turn = seat
        self.mode = _M_CLAIMED
        self.last_tile = -1
        self.phase = _P_TURN
        self._scores = {}

    # -- declarations the rules handle --------------------------------------------------
    def _false_win(self, seat: int) -> None:
        effect = self.ruleset.table.false_win
        self.events.append(Event(_E_FALSE_WIN, seat, -1, FALSE_WIN_EFFECTS.index(effect)))
        if effect == "void":
            reason = f"false win by {SEAT_NAMES[seat]}"
            self._end_without_winner(HandResult("void", reason=reason))
            return
        if effect == "end":
            # The hand ends here; the declarer pays (the Botzone judge, main.cpp l.143-144).
            self._end_penalty(f"false win by {SEAT_NAMES[seat]}")
            return
        if effect == "disqualify":
            self._forfeit(seat)

    def _invalid_claim(self, seat: int, action: Action) -> None:
        w = self.window
        assert w is not None
        kind = ("chow", "pung", "kong").index(action.kind.value)
        self.events.append(Event(_E_INVALID_CLAIM, seat, w.tile, kind))
        self._forfeit(seat)
        w.answers[seat] = PASS
        if len(w.answers) == len(w.options):
            self._resolve(w)

    def _forfeit(self, seat: int) -> None:
        """The seat may not win this hand (seed 001 lines 43, 52)."""
        self.forfeited[seat] = True
        self._scores = {k: v for k, v in self._scores.items() if k[0] != seat}
        w = self.window
        if w is not None and seat in w.options and seat not in w.answers:
            rest = tuple(a for a in w.options[seat] if a is not WIN)
            w.options[seat] = rest
            if rest == (PASS,) and self.phase is _P_ROB:
                w.answers[seat] = PASS
                if len(w.answers) == len(w.options):
                    self._resolve(w)

    # -- ends -------------------------------------------------------------------------
    def _end_win(
        self,
        winners: tuple[int, ...],
        scores: tuple[Score, ...],
        giver: int | None,
        tile: Tile,
        robbed: bool,
    ) -> None:
        for s in winners:
            detail = (s if giver is None else giver) | (ROBBED if robbed else 0)
            self.events.append(_WIN(s, tile, detail))
        self.phase = _P_ENDED
        self.result = HandResult(
            "win", winners, scores, giver, tile, robbed, "robbing the kong" if robbed else ""
        )

    def _end_penalty(self, reason: str) -> None:
        """The hand ends at once on an offence, with no winner (the Botzone judge,
        main.cpp l.72-88); the money follows from the offence's event."""
        self._end_without_winner(HandResult("penalty", reason=reason))

    def _end_without_winner(self, result: HandResult) -> None:
        """End the hand in the middle of play. A promoted kong waiting to be robbed stands
        (the judge has already made it, main.cpp l.238), so every tile stays somewhere."""
        w = self.window
        if self.phase is _P_ROB and w is not None:
            self._promote(w.giver, w.tile)
        self.phase = _P_ENDED
        self.window = None
        self.result = result

    def _end_draw(self, why: int) -> None:
        self.events.append(Event(_E_EXHAUSTIVE_DRAW, -1, -1, why))
        self.phase = _P_ENDED
        self.window = None
        reason = "the wall is exhausted" if why == END_WALL else "no tile left to replace"
        self.result = HandResult("draw", reason=reason)

    # -- accounting -------------------------------------------------------------------
    def tile_census(self) -> list[int]:
        """How many of each tile (0..41) are somewhere: hands, melds, flowers, discards,
        the wall, or in the middle of being robbed. A complete set gives 4 of each playing
        tile and 1 of each flower."""
        census = [0] * 42
        for seat in range(4):
            for t, c in enumerate(self.concealed[seat]):
                census[t] += c
            for m in self.melds[seat]:
                for t in m.tiles:
                    census[t] += 1
            for f in self.flowers[seat]:
                census[f] += 1
            for t, was_claimed in zip(self.discards[seat], self.claimed[seat], strict=True):
                if not was_claimed:
                    census[t] += 1
        for t in self.wall.untaken():
            census[t] += 1
        if self.phase is _P_ROB or (self.result is not None and self.result.robbed_kong):
            assert self.window is not None or self.result is not None
            tile = self.window.tile if self.window is not None else self.result.winning_tile  # type: ignore[union-attr]
            census[tile] += 1
        return census


__all__ = [
    "HandResult",
    "HandState",
    "Phase",
    "TurnMode",
    "checked_action",
    "checked_input",
    "checked_seat",
]
