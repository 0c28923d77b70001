"""A whole hand consistent with one seat's knowledge: the hidden tiles drawn at random.

What a seat cannot see (the other seats' concealed tiles, the kind of their concealed
kongs, the order of the wall) is drawn uniformly from the tiles it has not seen; all it
has seen is kept exactly: its own tiles, every seat's melds, discards, flowers, Ting and
forfeits, the wall's counts, whose turn it is or which discard is being answered. A
seat that called Ting holds a ready hand (seed 004 lines 488-504) that waits on none
of the tiles thrown since its call: its hand is locked and a player takes a win it can,
so none of them completed it. Such a
sample (a determinization) is what a reviewer or a searching bot plays out to weigh a
decision.

The sample is built from the seat's `Position` alone (its `Position.history`: the events
as the seat saw them and its own actions), never from the true hand: each tile another
seat was dealt or drew is given a value that fits what it did with it (a discard, a
claim, a kong), the tiles still hidden are dealt at random, and a wall arranged so is
played again through every recorded action (`Wall.arranged`). The replay's events, as the
seat sees them, are checked against its history.

What players see beyond the events is given apart: which of each seat's discards was the
tile it had just drawn (`Observation.drawn_discards`, at a table with rows), and the dice
(they settle some Taiwanese payments).

>>> import random
>>> from mahjongkit.game.observation import seen_events
>>> from mahjongkit.game.position import Position
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(4))
>>> for _ in range(9):
...     seat = state.to_act()[0]
...     _ = state.apply(seat, state.legal_actions(seat)[0])
>>> position = Position.from_history("mcr", 1, seen_events(state, 1))
>>> sample = sample_hand(position, random.Random(0), state.observation(1).drawn_discards)
>>> sample.observation(1) == state.observation(1)
True
>>> sample.concealed[2] == state.concealed[2]   # another seat's tiles: drawn anew
False
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from mahjongkit.completion import is_regular_ready, regular_waits
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import (
    CHOWS,
    CONCEALED_KONGS,
    KONG,
    PASS,
    PROMOTED_KONGS,
    PUNG,
    WIN,
    Action,
    ActionKind,
)
from mahjongkit.game.events import DRAW_FLOWER, DRAW_WALL, Event, EventKind
from mahjongkit.game.position import Position, seat_history
from mahjongkit.game.record import record_of
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import Wall, full_set
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import discard_shanten
from mahjongkit.tiles import IS_FLOWER, NUM_KINDS, Tile, tiles_to_counts

ATTEMPTS = 50
"""Tries at a sample before giving up: a try is refused when the replay parts from the
history (a seat whose drawn tiles would have let it claim a tile it in fact passed on)."""
READY_TRIES = 20
"""Tries at a called (Ting) hand's tiles before the sample's try is given up: a ready hand
drawn is refused when it waits on a tile thrown since its Ting."""

_ANSWERS = frozenset(
    {ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG, ActionKind.WIN}
)
_CLOSES_NOT = frozenset({EventKind.FALSE_WIN, EventKind.INVALID_CLAIM, EventKind.WIN})
"""Events that leave a claim window open (as in `Position`)."""


class SamplingError(MahjongError, ValueError):
    """No hand could be sampled: a history that cannot be sampled (a hand over, a history
    that does not start with the deal) or no sample replays it."""


@dataclass
class _Window:
    """The answers seen to one discard (or promoted kong): the seat's own, and the claims
    and false declarations of the others; the rest passed, unless the window is still
    open at the end of the history."""

    answers: list[tuple[int, Action]] = field(default_factory=list)
    open: bool = True


@dataclass
class _Plan:
    """A hand's hidden past made up: a value for every tile each seat took (``slots``),
    the order the wall gave them, and the actions to replay."""

    slots: list[Tile] = field(default_factory=list)
    """-1 for a tile still hidden, -2 for a tile of a hidden concealed kong."""
    owner: list[int] = field(default_factory=list)
    forbidden: dict[int, set[Tile]] = field(default_factory=dict)
    """Tiles a hidden slot may not be: the drawn tile kept when another was discarded."""
    dealt: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    draws: list[int] = field(default_factory=list)
    replacements: list[int] = field(default_factory=list)
    seat_draws: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    held: list[list[int]] = field(default_factory=lambda: [[], [], [], []])
    hidden_kongs: list[list[int]] = field(default_factory=list)
    ready: list[list[int]] = field(default_factory=list)
    """Per seat that declared Ting, its hidden tiles that must make a ready hand (the
    tile it just drew left out)."""
    passed: list[int] = field(default_factory=list)
    """For each hand of ``ready``, as a bitmask, the tiles it cannot wait on: a called
    hand wins whenever it can, so none thrown since its Ting (by any seat, its own drawn
    tiles included) completes it."""
    played: list[tuple[list[int], int, int, bool]] = field(default_factory=list)
    """With ``played`` hands: per other seat not called, its hidden tiles still held (the
    tile it just drew left out), the discards it made, its melds, and whether its last
    discard was made without a Ting where one is in play (the hand it left is then not
    ready): see `_played_tiles`."""
    steps: list[tuple[int, Action] | _Window] = field(default_factory=list)


def sample_hand(
    position: Position,
    rng: random.Random,
    drawn_discards: Sequence[Sequence[bool]] = (),
    dice: Sequence[Sequence[int]] | None = None,
    ready_chances: Sequence[float] = (),
    played: bool = False,
) -> HandState:
    """A whole hand the seat of ``position`` cannot tell from the one it is in, its hidden
    tiles drawn with ``rng``: the seat's `observation` and legal actions are the same.

    ``drawn_discards``: per seat, which discards were the tile just drawn (what the seat's
    `Observation.drawn_discards` shows; empty: not kept); ``dice``: the dice thrown (public;
    None: ones); ``ready_chances``: per seat, the chance its hidden tiles are drawn ready
    (one tile from a winning shape, as a seat that declared Ting always is), for a reading
    of the others' play that the events alone do not give (empty: drawn uniformly);
    ``played``: each other seat's concealed tiles drawn as a hand played toward a win
    (`_played_tiles`), not uniformly, and where Ting is in play, a seat whose last discard
    was not a Ting left a hand that is not ready (every bot calls Ting when it can; a
    person may hold the call back). Raises
    `SamplingError` for a hand that is over or a history that does not
    start with the deal, or when no try replays it: rare where the seat has a decision or
    it is a seat's turn; while others answer a discard the seat is not asked about, the
    sample must give one of them the claim, which a rare claim may need more tries for
    than `ATTEMPTS`."""
    if position.ended:
        raise SamplingError("the hand is over: there is nothing hidden to sample")
    history = position.history
    if not history or not isinstance(history[0], Event) or history[0].kind is not EventKind.DEAL:
        raise SamplingError("the position's history must start with the deal")
    seen = [item for item in history if isinstance(item, Event)]
    for _ in range(ATTEMPTS):
        state = _attempt(position, rng, drawn_discards, dice, ready_chances, played)
        if state is not None and [e.seen_by(position.seat) for e in state.events] == seen:
            return state
    raise SamplingError(f"no sample replays the history in {ATTEMPTS} tries")


def _attempt(
    position: Position,
    rng: random.Random,
    drawn_discards: Sequence[Sequence[bool]],
    dice: Sequence[Sequence[int]] | None,
    ready_chances: Sequence[float] = (),
    played: bool = False,
) -> HandState | None:
    """One try: a made-up past, the hidden tiles dealt, the hand replayed; None when the
    tiles cannot fit."""
    plan = _plan(position, rng, drawn_discards, ready_chances, played)
    if plan is None or not _deal_hidden(position, plan, rng):
        return None
    rules = position.rules
    values = plan.slots
    hands = [[values[i] for i in seat] for seat in plan.dealt]
    if rules.wall_layout == "per_seat":
        wall = Wall.arranged(
            rules,
            hands,
            seat_draws=[[values[i] for i in seat] for seat in plan.seat_draws],
            dice=dice,
            rng=rng,
        )
    else:
        wall = Wall.arranged(
            rules,
            hands,
            draws=[values[i] for i in plan.draws],
            replacements=[values[i] for i in plan.replacements],
            dice=dice,
            rng=rng,
        )
    state = HandState(position.ruleset, wall, position.prevalent_wind, position.dealer_streak)
    try:
        _replay(state, plan.steps)
    except MahjongError:
        return None
    return state


def _replay(state: HandState, steps: list[tuple[int, Action] | _Window]) -> None:
    """Every recorded action again; in a closed window, the seats not seen to answer
    pass."""
    for step in steps:
        if not isinstance(step, _Window):
            seat, action = step
            state.apply(seat, action)
            continue
        if state.phase is not Phase.CLAIM and state.phase is not Phase.ROB:
            if step.answers or step.open:
                raise SamplingError("a window the sample does not open")
            continue
        window = state.window
        for seat, action in step.answers:
            state.apply(seat, action)
        if step.open:
            if state.phase is not Phase.CLAIM and state.phase is not Phase.ROB:
                raise SamplingError("the window still open is closed in the sample")
            return
        while state.window is window and state.to_act():
            for seat in state.to_act():
                state.apply(seat, PASS)


def _plan(
    position: Position,
    rng: random.Random,
    drawn_discards: Sequence[Sequence[bool]],
    ready_chances: Sequence[float] = (),
    played: bool = False,
) -> _Plan | None:
    """Walk the seat's history giving each tile another seat used a slot it came in."""
    me = position.seat
    per_seat = position.rules.wall_layout == "per_seat"
    plan = _Plan()
    slots, owner, held, forbidden = plan.slots, plan.owner, plan.held, plan.forbidden
    last: list[int] = [-1, -1, -1, -1]
    """Per seat: the slot of the tile it just drew (-1: none, after a claim)."""
    discards = [0, 0, 0, 0]
    melds = [0, 0, 0, 0]
    left_unready = [False, False, False, False]
    """Per seat: its hand is as its last discard, made without a Ting, left it."""
    ting = [False, False, False, False]
    passed = [0, 0, 0, 0]
    window: _Window | None = None
    dealing = True
    deal_flowers: list[list[Tile]] = [[], [], [], []]
    deal_replacements: list[list[int]] = [[], [], [], []]
    first_run = [0, 0, 0, 0]
    run_state = [0, 0, 0, 0]  # 0 not started, 1 in its first run of flowers, 2 over

    def new_slot(seat: int, tile: Tile) -> int:
        slots.append(tile if seat == me else -1)  # another seat's tile is never read
        owner.append(seat)
        return len(slots) - 1

    def take(seat: int, tile: Tile, avoid: int = -1) -> bool:
        """Another seat uses ``tile`` from its hand: a hidden slot becomes it."""
        if seat == me:
            return True
        choices = [i for i in held[seat] if i != avoid and tile not in forbidden.get(i, ())]
        if not choices:
            return False
        i = rng.choice(choices)
        held[seat].remove(i)
        slots[i] = tile
        return True

    def end_deal() -> None:
        for seat in range(4):
            if seat == me:
                continue
            flowers, replaced = deal_flowers[seat], deal_replacements[seat]
            k = first_run[seat]
            for i, flower in zip(plan.dealt[seat], flowers[:k], strict=False):
                slots[i] = flower
            for i, flower in zip(replaced, flowers[k:], strict=False):
                slots[i] = flower
            held[seat] = plan.dealt[seat][k:] + replaced[len(flowers) - k :]
        last[0] = held[0][-1] if held[0] else -1

    for item in position.history:
        if isinstance(item, Action):
            if window is not None and item.kind in _ANSWERS:
                window.answers.append((me, item))
            continue
        k, s, t = item.kind, item.seat, item.tile
        if k is EventKind.CONCEALED_KONG and s != me:
            t = -1
        if dealing and not (
            k is EventKind.DEAL
            or k is EventKind.FLOWER
            or (k is EventKind.DRAW and item.detail == DRAW_FLOWER)
        ):
            dealing = False
            end_deal()
        answered = window
        if window is not None and k not in _CLOSES_NOT:
            window.open = False
            window = None
        if k is EventKind.DEAL:
            i = new_slot(s, t)
            plan.dealt[s].append(i)
            if s == me and not IS_FLOWER[t]:
                held[s].append(i)
            continue
        if k is EventKind.DRAW:
            i = new_slot(s, t)
            if per_seat:
                plan.seat_draws[s].append(i)
            elif item.detail == DRAW_WALL:
                plan.draws.append(i)
            else:
                plan.replacements.append(i)
            if dealing:
                _end_runs(run_state, s)
                if s == me:
                    if not IS_FLOWER[t]:
                        held[s].append(i)
                else:
                    deal_replacements[s].append(i)
                continue
            held[s].append(i)
            last[s] = i
            continue
        if k is EventKind.FLOWER:
            if dealing:
                _end_runs(run_state, s)
                if s != me:
                    if run_state[s] < 2:
                        run_state[s] = 1
                        first_run[s] += 1
                    deal_flowers[s].append(t)
                continue
            i = held[s].pop()  # the tile just drawn was this flower
            slots[i] = t
            continue
        if k is EventKind.DISCARD:
            kind = ActionKind.TING if item.detail else ActionKind.DISCARD
            for called in range(4):
                if ting[called]:
                    passed[called] |= 1 << t
            plan.steps.append((s, Action(kind, t)))
            if s != me:
                rows = drawn_discards[s] if len(drawn_discards) == 4 else ()
                n = discards[s]
                # A called (Ting) hand throws only the tile it drew (004 l.503).
                if ting[s] or (n < len(rows) and rows[n]):
                    i = last[s]
                    if i < 0 or i not in held[s] or t in forbidden.get(i, ()):
                        return None
                    held[s].remove(i)
                    slots[i] = t
                elif n < len(rows):
                    if not take(s, t, avoid=last[s]):
                        return None
                    if last[s] >= 0:
                        forbidden.setdefault(last[s], set()).add(t)
                elif not take(s, t):
                    return None
            ting[s] = ting[s] or bool(item.detail)
            left_unready[s] = not ting[s]
            discards[s] += 1
            last[s] = -1
            window = _Window()
            plan.steps.append(window)
            continue
        if k is EventKind.CHOW or k is EventKind.PUNG or k is EventKind.KONG:
            if k is EventKind.CHOW:
                start = t - item.detail
                action = CHOWS[start]
                needs = [x for x in (start, start + 1, start + 2) if x != t]
            else:
                action = PUNG if k is EventKind.PUNG else KONG
                needs = [t] * (2 if k is EventKind.PUNG else 3)
            if answered is not None and s != me:
                answered.answers.append((s, action))
            for x in needs:
                if not take(s, x):
                    return None
            last[s] = -1
            melds[s] += 1
            left_unready[s] = False
            continue
        if k is EventKind.CONCEALED_KONG:
            if s == me:
                plan.steps.append((s, CONCEALED_KONGS[t]))
                continue
            if len(held[s]) < 4:
                return None
            chosen = rng.sample(held[s], 4)
            for i in chosen:
                held[s].remove(i)
                slots[i] = -2
            melds[s] += 1
            left_unready[s] = False
            plan.hidden_kongs.append(chosen)
            plan.steps.append((s, CONCEALED_KONGS[0]))  # its kind is drawn later
            continue
        if k is EventKind.PROMOTED_KONG:
            plan.steps.append((s, PROMOTED_KONGS[t]))
            if not take(s, t):
                return None
            left_unready[s] = False
            window = _Window()
            plan.steps.append(window)
            continue
        if k is EventKind.FALSE_WIN:
            if window is not None:
                if s != me:
                    window.answers.append((s, WIN))
            elif s != me:
                plan.steps.append((s, WIN))
            else:
                plan.steps.append((s, WIN))
            continue
        if k is EventKind.INVALID_CLAIM:
            if window is not None and s != me:
                claim = (CHOWS.get(t) or CHOWS.get(t - 2) or PUNG, PUNG, KONG)[item.detail % 3]
                window.answers.append((s, claim))
            continue
        raise SamplingError(f"{item}: the hand is over")
    if dealing:
        end_deal()
    for seat in range(4):
        if seat == me:
            continue
        if ting[seat]:
            plan.ready.append([i for i in held[seat] if i != last[seat]])
            plan.passed.append(passed[seat])
            continue
        if seat < len(ready_chances) and ready_chances[seat] > 0:
            hand = [i for i in held[seat] if i != last[seat]]
            if len(hand) % 3 == 1 and rng.random() < ready_chances[seat]:
                plan.ready.append(hand)
                plan.passed.append(0)
                continue
        if played:
            hand = [i for i in held[seat] if i != last[seat]]
            unready = left_unready[seat] and position.rules.ting_in_play
            plan.played.append((hand, discards[seat], melds[seat], unready))
    return plan


def _end_runs(run_state: list[int], seat: int) -> None:
    """An event of ``seat`` in the deal's flowers ends every other seat's first run."""
    for other in range(4):
        if other != seat and run_state[other] == 1:
            run_state[other] = 2


def _deal_hidden(position: Position, plan: _Plan, rng: random.Random) -> bool:
    """Give the hidden slots their tiles: the kinds of hidden concealed kongs, then the
    tiles still held, uniformly from the tiles not seen (a try whose drawn tile breaks
    what was seen is refused and drawn again). False when no try fits."""
    slots = plan.slots
    unseen = [0] * (NUM_KINDS + 8)
    for t in full_set(position.rules.uses_flowers):
        unseen[t] += 1
    for value in slots:
        if value >= 0:
            unseen[value] -= 1
    if min(unseen) < 0:
        return False
    # Concealed kongs laid face down: a kind of which no copy was seen, each alike.
    for kong in plan.hidden_kongs:
        kinds = [t for t in range(NUM_KINDS) if unseen[t] >= 4]
        if not kinds:
            return False
        kind = rng.choice(kinds)
        unseen[kind] -= 4
        for i in kong:
            slots[i] = kind
    kong_kinds = iter(slots[kong[0]] for kong in plan.hidden_kongs)
    for n, step in enumerate(plan.steps):
        if (
            not isinstance(step, _Window)
            and step[1].kind is ActionKind.CONCEALED_KONG
            and step[0] != position.seat
        ):
            plan.steps[n] = (step[0], CONCEALED_KONGS[next(kong_kinds)])
    # The tiles still held are never flowers (those are laid out at once).
    pool = [t for t in range(NUM_KINDS) for _ in range(unseen[t])]
    ready = {i for hand in plan.ready for i in hand}
    ready.update(i for hand, _, _, _ in plan.played for i in hand)
    hidden = [i for seat in plan.held for i in seat if slots[i] < 0 and i not in ready]
    forbidden = plan.forbidden
    forms = position.ruleset.scoring.forms
    for _ in range(ATTEMPTS):
        counts = [0] * NUM_KINDS
        for t in pool:
            counts[t] += 1
        values: dict[int, Tile] = {}
        for hand, passed in zip(plan.ready, plan.passed, strict=True):
            tiles = _ready_tiles(counts, len(hand), rng, passed)
            if tiles is None:
                break
            values.update(zip(hand, tiles, strict=True))
        else:
            for hand, made, melds, unready in plan.played:
                tiles = _played_tiles(counts, len(hand), made, melds, forms, unready, rng)
                values.update(zip(hand, tiles, strict=True))
            rest = [t for t in range(NUM_KINDS) for _ in range(counts[t])]
            rng.shuffle(rest)
            values.update(zip(hidden, rest, strict=False))
            if all(t not in forbidden.get(i, ()) for i, t in values.items()):
                for i, t in values.items():
                    slots[i] = t
                return True
    return False


def _played_tiles(
    counts: list[int],
    size: int,
    made: int,
    melds: int,
    forms: frozenset[Form],
    unready: bool,
    rng: random.Random,
) -> list[Tile]:
    """``size`` tiles taken from ``counts`` as a hand played toward a win: dealt at random,
    then for each of the ``made`` discards the seat made, a tile drawn at random and the
    tile whose discard leaves the least shanten over ``forms`` thrown back (one of them at
    random; ``unready``: never one that leaves the hand ready on the regular form, as a
    seat that did not call Ting). A uniform draw gives another seat's hand as if its
    discards had been thrown at random: after four to seven of them, 2% of uniform
    Taiwanese hands are one step from ready where a third of the defenders' are.

    >>> counts = [4] * NUM_KINDS
    >>> hand = _played_tiles(counts, 16, 12, 0, frozenset({Form.REGULAR}), True, random.Random(1))
    >>> len(hand), sum(counts) == 4 * NUM_KINDS - 16
    (16, True)
    >>> from mahjongkit.shanten import shanten
    >>> shanten(tiles_to_counts(hand), 0, [Form.REGULAR]) in (1, 2)
    True
    """
    total = sum(counts)
    held = [0] * NUM_KINDS

    def draw() -> Tile:
        nonlocal total
        r = rng.randrange(total)
        for t in range(NUM_KINDS):
            r -= counts[t]
            if r < 0:
                counts[t] -= 1
                held[t] += 1
                total -= 1
                return t
        raise AssertionError("counts ran out")

    for _ in range(size):
        draw()
    sets = size // 3
    for _ in range(made):
        if not total:
            break
        draw()
        after = discard_shanten(held, melds, forms)
        order = sorted((d, rng.random(), t) for t, d in enumerate(after) if held[t])
        thrown = order[0][2]
        for d, _, t in order:
            held[t] -= 1
            ready = unready and d <= 0 and is_regular_ready(held, sets)
            held[t] += 1
            if not ready:
                thrown = t
                break
        held[thrown] -= 1
        counts[thrown] += 1
        total += 1
    tiles = [t for t in range(NUM_KINDS) for _ in range(held[t])]
    rng.shuffle(tiles)
    return tiles


def _ready_tiles(
    counts: list[int], size: int, rng: random.Random, passed: int = 0
) -> list[Tile] | None:
    """``size`` (3n + 1) tiles taken from ``counts`` that are one tile from a winning hand
    of n sets and a pair, waiting on none of the tiles in the bitmask ``passed``, in a
    random order. None when no such hand is found in `READY_TRIES` tries.

    >>> counts = [4] * 9 + [0] * (NUM_KINDS - 9)  # every man tile, nothing else
    >>> hands = [_ready_tiles(counts[:], 13, random.Random(n), passed=0b111) for n in range(20)]
    >>> waits = [regular_waits(tiles_to_counts(tiles), 4) for tiles in hands]
    >>> all(w != 0 and not w & 0b111 for w in waits)  # none waits on 1, 2 or 3 man
    True
    """
    for _ in range(READY_TRIES):
        tiles = _ready_draw(counts, size, rng)
        if tiles is None:
            return None
        if not passed or not regular_waits(tiles_to_counts(tiles), size // 3) & passed:
            return tiles
        for t in tiles:
            counts[t] += 1
    return None


def _ready_draw(counts: list[int], size: int, rng: random.Random) -> list[Tile] | None:
    """One ready hand of ``size`` tiles taken from ``counts`` (`_ready_tiles`): sets, then
    a pair, then one of the tiles put back (not uniform among ready hands, but any of them
    can come). None when the tiles run out (``counts`` then partly taken)."""
    taken: list[Tile] = []
    for _ in range(size // 3):
        sets = [(t, t, t) for t in range(NUM_KINDS) if counts[t] >= 3]
        sets += [
            (t, t + 1, t + 2)
            for t in range(27)
            if t % 9 <= 6 and counts[t] and counts[t + 1] and counts[t + 2]
        ]
        if not sets:
            return None
        chosen = rng.choice(sets)
        for t in chosen:
            counts[t] -= 1
        taken += chosen
    pairs = [t for t in range(NUM_KINDS) if counts[t] >= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    counts[pair] -= 2
    taken += (pair, pair)
    back = taken.pop(rng.randrange(len(taken)))
    counts[back] += 1
    rng.shuffle(taken)
    return taken


@dataclass(frozen=True)
class SeatKnowledge:
    """What a seat knows of a hand in play, all `sample_hand` reads: its `Position` (the
    events as it saw them and its own actions), which discards were the tile just drawn
    (`Observation.drawn_discards`), and the dice."""

    position: Position
    drawn_discards: tuple[tuple[bool, ...], ...]
    dice: tuple[tuple[int, ...], ...]

    def sample(
        self, rng: random.Random, ready_chances: Sequence[float] = (), played: bool = False
    ) -> HandState:
        """`sample_hand` of this knowledge."""
        return sample_hand(
            self.position, rng, self.drawn_discards, self.dice, ready_chances, played
        )


def seat_knowledge(hand: HandState, seat: int) -> SeatKnowledge:
    """What ``seat`` knows of ``hand`` now (the hand replayed from its start, for the seat).

    >>> import random
    >>> state = HandState.new("mcr", random.Random(4))
    >>> for _ in range(9):
    ...     seat = state.to_act()[0]
    ...     _ = state.apply(seat, state.legal_actions(seat)[0])
    >>> known = seat_knowledge(state, 1)
    >>> known.sample(random.Random(0)).observation(1) == state.observation(1)
    True
    """
    history = seat_history(record_of(hand), seat)
    position = Position.from_history(
        hand.ruleset, seat, history, hand.prevalent_wind, hand.dealer_streak
    )
    return SeatKnowledge(position, hand.observation(seat).drawn_discards, hand.wall.dice)


__all__ = ["ATTEMPTS", "SamplingError", "SeatKnowledge", "sample_hand", "seat_knowledge"]
