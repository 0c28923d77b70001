"""One seat's position: what it may do, what it waits on and what its win would score,
rebuilt from what the seat itself has seen.

A `Position` follows a hand from one seat's knowledge alone: the hand's events as the
seat saw them (`mahjongkit.game.observation.seen_events`: another seat's dealt and drawn
tiles and concealed kongs hidden) and the seat's own answers to discards and kongs. It
never holds another seat's concealed tiles or the order of the wall, only the wall's
counts, which every player can see (`WallCount`). It answers what the engine answers for
that seat, by the same rules (`mahjongkit.game.decisions`): `legal_actions`, the score of
a win it may declare (`win_score`, with the whole `Situation`: self-drawn, kong or flower
replacement, robbing, last tile, seat and prevalent wind, flowers, Ting, dealer...), and
`waits`.

Why the seat's own answers too: a pass is no event, and under the missed-tile rule a
tile passed on cannot be claimed again until the seat's next turn (004 l.452, l.128), so
the position must be told of it (`act`). The seat's own turn actions are seen in their
events; `act` may be given them too, and ignores them.

Who can supply this: a bot in a hand (its own events and actions), a reviewer (a record:
`seat_history`), a Botzone bot (its requests translated into these events, its responses
into actions).

>>> import random
>>> from mahjongkit.game.match_state import hand_decision
>>> from mahjongkit.game.observation import seen_events
>>> from mahjongkit.game.players import RandomBot
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("taiwanese-lrc", random.Random(3))
>>> bot = RandomBot()
>>> south = Position("taiwanese-lrc", 1)
>>> south.see_all(seen_events(state, 1))
>>> while not state.ended:
...     for seat in state.to_act():
...         action = bot.act(state.observation(seat), hand_decision(state, seat, seed=3))
...         if seat == 1:
...             assert set(south.legal_actions()) == set(state.legal_actions(1))
...             south.act(action)
...         events = state.apply(seat, action)
...         south.see_all(e.seen_by(1) for e in events)
>>> south.ended, south.concealed == tuple(state.concealed[1])
(True, True)
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import partial

from mahjongkit.completion import KEY_STEP, SUIT_OF, hand_masks, suit_keys
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import PASS, Action
from mahjongkit.game.decisions import answer_actions, turn_actions, win_score, win_situation
from mahjongkit.game.events import (
    DRAW_FLOWER,
    DRAW_WALL,
    FALSE_WIN_EFFECTS,
    Event,
    EventKind,
)
from mahjongkit.game.record import HandRecord, replay_states
from mahjongkit.game.state import HandState, Phase
from mahjongkit.game.wall import WallCount
from mahjongkit.hand import CHOW, KONG, PUNG, Meld
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.scoring import Score, Situation
from mahjongkit.tiles import EAST, IS_FLOWER, IS_WIND, NAMES, NUM_KINDS, NUM_TILES, RANK, SUIT, Tile

_DEAL = EventKind.DEAL
_DRAW = EventKind.DRAW
_FLOWER = EventKind.FLOWER
_DISCARD = EventKind.DISCARD
_CHOW = EventKind.CHOW
_PUNG = EventKind.PUNG
_KONG = EventKind.KONG
_CONCEALED_KONG = EventKind.CONCEALED_KONG
_PROMOTED_KONG = EventKind.PROMOTED_KONG
_WIN = EventKind.WIN
_FALSE_WIN = EventKind.FALSE_WIN
_INVALID_CLAIM = EventKind.INVALID_CLAIM
_NO_CLOSE = frozenset({_FALSE_WIN, _INVALID_CLAIM, _WIN})
"""Events that leave an open claim or rob window open (a false win or an invalid claim
while others still answer), or end the hand on it (a win)."""


class InvalidHistoryError(MahjongError, ValueError):
    """A seat's history that cannot be: an event or action that does not fit what came
    before, named with the reason."""


class SeenWall(WallCount):
    """The wall's counts as a seat keeps them: every tile it sees dealt or drawn."""

    __slots__ = ()

    def take(self, seat: int) -> None:
        """One tile leaves the wall for ``seat`` (from its own part of a per-seat wall)."""
        self.remaining -= 1
        if self._left is not None:
            self._left[seat] -= 1


@dataclass
class _Window:
    """An open claim (or rob) window as the seat sees it, and the seat's answer."""

    tile: Tile
    giver: int
    robbing: bool
    answer: Action | None = None


class Position:
    """One seat's knowledge of a hand in play, and what follows from it. Mutable: `see`
    each event as the seat saw it and `act` each of its own decisions, in order."""

    def __init__(
        self,
        ruleset: Ruleset | str,
        seat: int,
        prevalent_wind: Tile = EAST,
        dealer_streak: int = 0,
    ) -> None:
        if type(seat) is not int or not 0 <= seat < 4:
            raise InvalidHistoryError(f"seat must be 0..3, not {seat!r}")
        if type(prevalent_wind) is not int or not 0 <= prevalent_wind < NUM_KINDS:
            raise InvalidHistoryError(f"prevalent wind must be a wind, not {prevalent_wind!r}")
        if not IS_WIND[prevalent_wind]:
            raise InvalidHistoryError(f"prevalent wind must be a wind, not {NAMES[prevalent_wind]}")
        if type(dealer_streak) is not int or dealer_streak < 0:
            raise InvalidHistoryError(f"dealer streak must be 0 or more, not {dealer_streak!r}")
        self.ruleset = get_ruleset(ruleset)
        self.rules = self.ruleset.play
        self.seat = seat
        self.prevalent_wind = prevalent_wind
        self.dealer_streak = dealer_streak
        self.wall = SeenWall.full(self.rules)
        """The wall's counts, as every player can keep them."""
        self._concealed = [0] * NUM_KINDS
        self.melds: list[list[Meld]] = [[], [], [], []]
        """Every seat's declared melds in the order made: the seat's own all of them,
        another's without its concealed kongs (see `hidden_kongs`)."""
        self.hidden_kongs = [0, 0, 0, 0]
        """Each other seat's concealed kongs (laid face down, 000 l.80)."""
        self.flowers: list[list[Tile]] = [[], [], [], []]
        self.ting = [False] * 4
        self.forfeited = [False] * 4
        self.missed = 0
        """Bit ``t`` set: the seat passed on a discard of tile ``t`` since its last turn."""
        self.visible = [0] * NUM_KINDS
        """Copies of each tile shown on the table: every discard, and the tiles of exposed
        melds that were not discards (what the engine counts for the last of a kind)."""
        self.pond = [0] * NUM_KINDS
        """The discards lying on the table, unclaimed, by tile."""
        self.last_discard: Tile = -1
        """The latest discard, -1 before the first..."""
        self.last_discarder = -1
        """...and the seat that threw it."""
        self.discard_count = 0
        """Discards made so far, claimed ones included."""
        self.declared = False
        """True once any meld was made (it ends the heavenly and earthly hands)."""
        self.phase = Phase.TURN
        """Where the hand stands, as the engine's `Phase`."""
        self.turn = 0
        """The seat in turn (the discarder while its discard is answered)."""
        self.last_tile: Tile = -1
        """The tile the seat just drew (or, the dealer, its last tile dealt); -1 when it
        holds none, or after claiming a chow or pung."""
        self.draw_source = DRAW_WALL
        """How the seat's last tile came: `DRAW_WALL` (the deal too), `DRAW_KONG`,
        `DRAW_FLOWER`."""
        self.winners: tuple[int, ...] = ()
        self._claims = 0
        """Discards claimed into melds."""
        self._declared_tiles = 0
        """Tiles of every seat's declared sets (a kong four)."""
        self._dealing = True
        self._window: _Window | None = None
        self._legal: tuple[Action, ...] | None = None
        self._scores: dict[tuple[Tile, bool, bool], Score | None] = {}
        self.history: list[Event | Action] = []
        """Everything taken in so far, in order: each event as the seat saw it (another
        seat's dealt and drawn tiles and concealed kongs hidden, however given) and each
        of its own actions (what `mahjongkit.game.sampling` rebuilds a whole hand from)."""

    @classmethod
    def from_history(
        cls,
        ruleset: Ruleset | str,
        seat: int,
        history: Iterable[Event | Action],
        prevalent_wind: Tile = EAST,
        dealer_streak: int = 0,
    ) -> Position:
        """The position after ``history``: the events as the seat saw them and its own
        actions, in the order they happened (see `seat_history`)."""
        position = cls(ruleset, seat, prevalent_wind, dealer_streak)
        position.follow(history)
        return position

    def follow(self, history: Iterable[Event | Action]) -> None:
        """Take in more of the seat's history: each event as the seat saw it (`see`) and
        each of its own actions (`act`), in the order they happened."""
        for item in history:
            if isinstance(item, Event):
                self.see(item)
            elif isinstance(item, Action):
                self.act(item)
            else:
                raise InvalidHistoryError(
                    f"a history holds events and actions, not {type(item).__name__} {item!r}"
                )

    # -- what the seat learns ---------------------------------------------------------
    def see_all(self, events: Iterable[Event]) -> None:
        """`see` each of ``events`` in order."""
        for event in events:
            self.see(event)

    def see(self, event: Event) -> None:
        """Take in one event, as the seat saw it (another seat's private tiles may be
        hidden or not: they are not kept). An event that cannot come now raises
        `InvalidHistoryError` and changes nothing."""
        self._check(event)
        self.history.append(event.seen_by(self.seat))  # never another seat's private tile
        k, s, t = event.kind, event.seat, event.tile
        own = s == self.seat
        self._legal = None
        self._scores = {}
        if self._dealing and k is not _DEAL and k is not _FLOWER and k is not _DRAW:
            self._dealing = False
        window = self._window
        if window is not None and k not in _NO_CLOSE:
            self._close(window)
        if k is _DEAL:
            self._take(s, own, t)
        elif k is _DRAW:
            self._draw(s, own, t, event.detail)
        elif k is _FLOWER:
            self.flowers[s].append(t)
        elif k is _DISCARD:
            self._discard(s, own, t, bool(event.detail))
        elif k is _CHOW or k is _PUNG or k is _KONG:
            assert window is not None
            self._claim(event, own, window.giver)
        elif k is _CONCEALED_KONG:
            self.declared = True
            self._declared_tiles += 4
            if own:
                self._concealed[t] -= 4
                self.melds[s].append(Meld(KONG, t, concealed=True))
            else:
                self.hidden_kongs[s] += 1
        elif k is _PROMOTED_KONG:
            if own:
                self._concealed[t] -= 1
            self.declared = True
            self._window = _Window(t, s, robbing=True)
            self.phase = Phase.ROB
        elif k is _WIN:
            self.winners += (s,)
            self.phase = Phase.ENDED
        elif k is _FALSE_WIN:
            effect = FALSE_WIN_EFFECTS[event.detail % len(FALSE_WIN_EFFECTS)]
            if effect in ("void", "end"):
                self.phase = Phase.ENDED
            elif effect == "disqualify":
                self._forfeit(s)
        elif k is _INVALID_CLAIM:
            self._forfeit(s)
            # The claim counts as the seat's pass (the engine answers it so).
            if own and window is not None and window.answer is None:
                window.answer = PASS
        else:  # an exhaustive draw, or an offence that ends the hand
            self.phase = Phase.ENDED

    def _check(self, event: Event) -> None:
        """Raise `InvalidHistoryError` unless ``event`` can come now."""
        if not isinstance(event, Event):
            raise InvalidHistoryError(f"not an event: {event!r}")
        k, s, t = event.kind, event.seat, event.tile

        def bad(why: str) -> InvalidHistoryError:
            return InvalidHistoryError(f"{event}: {why}")

        if self.phase is Phase.ENDED and not (k is _WIN and self.winners):
            raise bad("the hand is over")
        if not (0 <= s < 4 or (s == -1 and k is EventKind.EXHAUSTIVE_DRAW)):
            raise bad(f"no seat {s}")
        if not -1 <= t < NUM_TILES:
            raise bad(f"no tile {t}")
        own = s == self.seat
        if own and t < 0 and k in (_DEAL, _DRAW, _CONCEALED_KONG):
            raise bad(f"the seat's own tile is hidden; give the events as seat {s} saw them")
        held = self._concealed
        window = self._window
        in_turn = self.phase is Phase.TURN and self.turn == s and window is None
        if k is _DEAL or k is _DRAW:
            if k is _DEAL and not self._dealing:
                raise bad("the deal is over")
            if k is _DRAW and self._dealing and event.detail != DRAW_FLOWER:
                raise bad("a draw before the deal is done")
            wall = self.wall
            if wall.remaining <= 0 or (wall.parts_left and wall.parts_left[s] <= 0):
                raise bad("the wall holds no tile for that seat")
        elif k is _FLOWER:
            if not IS_FLOWER[t]:
                raise bad("not a flower")
        elif k is _DISCARD:
            if not 0 <= t < NUM_KINDS:
                raise bad("not a playing tile")
            if not in_turn:
                raise bad("it is not that seat's turn")
            if own and not held[t]:
                raise bad("the seat does not hold that tile")
        elif k is _CHOW or k is _PUNG or k is _KONG:
            if window is None or window.robbing or window.tile != t or window.giver == s:
                raise bad("no discard of that tile to claim")
            if k is _CHOW:
                start = t - event.detail
                if SUIT[t] > 2 or not 0 <= event.detail <= 2 or SUIT[start] != SUIT[t]:
                    raise bad("no such chow")
                if RANK[start] > 7:
                    raise bad("no such chow")
                needs = [x for x in (start, start + 1, start + 2) if x != t]
            else:
                if event.detail != window.giver:
                    raise bad(f"the discard was {NAMES[window.giver]}'s")
                needs = [t] * (2 if k is _PUNG else 3)
            if own and any(held[x] < needs.count(x) for x in needs):
                raise bad("the seat does not hold the tiles for that meld")
        elif k is _CONCEALED_KONG or k is _PROMOTED_KONG:
            if not in_turn:
                raise bad("it is not that seat's turn")
            if k is _PROMOTED_KONG and not any(
                m.kind is PUNG and m.tile == t for m in self.melds[s]
            ):
                raise bad("the seat has no exposed pung of that tile")
            if own and held[t] < (4 if k is _CONCEALED_KONG else 1):
                raise bad("the seat does not hold the tiles for that kong")

    def act(self, action: Action | str) -> None:
        """Take in one of the seat's own decisions, before the events it led to. Only an
        answer to a discard or a kong is kept (a pass is no event); an action the seat
        may not take is left to its events (a false win, an invalid claim)."""
        if isinstance(action, str):
            action = Action.parse(action)
        if not isinstance(action, Action):
            raise InvalidHistoryError(f"not an action: {action!r}")
        self.history.append(action)
        window = self._window
        if window is not None and window.answer is None and action in self.legal_actions():
            window.answer = action
            self._legal = None

    def _take(self, seat: int, own: bool, tile: Tile) -> None:
        """A tile leaves the wall for ``seat`` (the seat's own: into its hand, a flower
        waiting for its event)."""
        self.wall.take(seat)
        if own and not IS_FLOWER[tile]:
            self._concealed[tile] += 1
            if self._dealing and seat == 0:
                # The dealer's last tile dealt is its draw (the engine's last tile).
                self.last_tile = tile

    def _draw(self, seat: int, own: bool, tile: Tile, source: int) -> None:
        if self._dealing:  # a flower's replacement at the deal
            self._take(seat, own, tile)
            return
        if source == DRAW_WALL and own:
            self.missed = 0  # a new turn (004 l.452: "... and it is your turn again")
        self._take(seat, own, tile)
        self.turn = seat
        self.phase = Phase.TURN
        if own and not IS_FLOWER[tile]:
            self.last_tile = tile
            self.draw_source = source

    def _discard(self, seat: int, own: bool, tile: Tile, ting: bool) -> None:
        if own:
            self._concealed[tile] -= 1
            self.last_tile = -1
        if ting:
            self.ting[seat] = True
        self.pond[tile] += 1
        self.visible[tile] += 1
        self.discard_count += 1
        self.last_discard, self.last_discarder = tile, seat
        self._window = _Window(tile, seat, robbing=False)
        self.phase = Phase.CLAIM

    def _claim(self, event: Event, own: bool, giver: int) -> None:
        s, t, k = event.seat, event.tile, event.kind
        if k is _CHOW:
            start = t - event.detail
            others = [x for x in (start, start + 1, start + 2) if x != t]
            meld = Meld(CHOW, start, claimed=t, source=1)
        else:
            others = [t] * (2 if k is _PUNG else 3)
            meld = Meld(PUNG if k is _PUNG else KONG, t, claimed=t, source=(s - giver) % 4)
        if own:
            for x in others:
                self._concealed[x] -= 1
            self.missed = 0
            self.last_tile = -1
        for x in others:
            self.visible[x] += 1
        self.pond[t] -= 1
        self._claims += 1
        self._declared_tiles += len(meld.tiles)
        self.declared = True
        self.melds[s].append(meld)
        self.turn = s
        self.phase = Phase.TURN

    def _close(self, window: _Window) -> None:
        """The window closed with no winner: a pass counts as a missed tile (004 l.452),
        and a promoted kong that no one robbed stands."""
        self._window = None
        if window.answer == PASS and self.rules.missed_tile_rule:
            self.missed |= 1 << window.tile
        if window.robbing:
            melds = self.melds[window.giver]
            i = next(i for i, m in enumerate(melds) if m.kind is PUNG and m.tile == window.tile)
            old = melds[i]
            melds[i] = Meld(KONG, old.tile, claimed=old.claimed, source=old.source, promoted=True)
            self.visible[window.tile] += 1
            self._declared_tiles += 1

    def _forfeit(self, seat: int) -> None:
        """The seat may not win this hand (001 l.43, l.52). Asked to rob a kong, it has
        only a pass left, which the engine answers for it."""
        window = self._window
        asked = (
            seat == self.seat
            and window is not None
            and window.robbing
            and window.answer is None
            and bool(self.legal_actions())
        )
        self.forfeited[seat] = True
        self._legal = None
        if asked and window is not None:
            window.answer = PASS

    # -- questions --------------------------------------------------------------------
    @property
    def ended(self) -> bool:
        """True once the hand is over."""
        return self.phase is Phase.ENDED

    @property
    def concealed(self) -> tuple[int, ...]:
        """The seat's concealed tiles as 34 counts (the tile it just drew among them)."""
        return tuple(self._concealed)

    @property
    def claim_tile(self) -> Tile:
        """The discard (or promoted kong's tile) being answered, -1 outside a window."""
        return -1 if self._window is None else self._window.tile

    @property
    def claim_giver(self) -> int:
        """The seat that gave `claim_tile` (its discarder, or the kong's declarer)."""
        return -1 if self._window is None else self._window.giver

    @property
    def tiles_on_table(self) -> int:
        """The discards lying on the table and every declared set's tiles (004 l.329-331)."""
        return self.discard_count - self._claims + self._declared_tiles

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do now (empty when it has nothing to decide), as the engine
        lists them."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._actions()
        return legal

    def _actions(self) -> tuple[Action, ...]:
        seat = self.seat
        window = self._window
        if self.phase is Phase.ENDED:
            return ()
        if window is not None:
            if window.giver == seat or window.answer is not None:
                return ()
            return answer_actions(
                self.rules,
                self.wall,
                seat,
                window.giver,
                window.tile,
                self._concealed,
                ting=self.ting[seat],
                missed=self.missed,
                robbing=window.robbing,
                can_win=partial(self._qualifies, window.tile, False, window.robbing, window.giver),
            )
        if self.turn != seat:
            return ()
        tile = self.last_tile
        return turn_actions(
            self.rules,
            self.wall,
            seat,
            self._concealed,
            suit_keys(self._concealed),
            self.melds[seat],
            tile,
            ting=self.ting[seat],
            can_win=partial(self._qualifies, tile, True, False, None),
        )

    def _qualifies(self, tile: Tile, self_drawn: bool, robbing: bool, giver: int | None) -> bool:
        win = self._score(tile, self_drawn, robbing, giver)
        return win is not None and win.qualifies

    def win_score(self) -> Score | None:
        """The score of the win the seat would declare now: on the tile it drew in its
        turn, or on the discard (or promoted kong's tile) it is asked about. None when it
        has no winning hand with that tile or may not win on it (forfeited, or passed on
        the tile since its last turn); a score below the minimum is returned, and then
        `legal_actions` holds no win."""
        window = self._window
        if self.phase is Phase.ENDED:
            return None
        if window is not None:
            if window.giver == self.seat or window.answer is not None:
                return None
            if self.missed >> window.tile & 1:
                return None
            return self._score(window.tile, False, window.robbing, window.giver)
        if self.turn != self.seat or self.last_tile < 0:
            return None
        return self._score(self.last_tile, True, False, None)

    def _score(
        self, tile: Tile, self_drawn: bool, robbing: bool, giver: int | None
    ) -> Score | None:
        asked = (tile, self_drawn, robbing)
        if asked in self._scores:
            return self._scores[asked]
        seat = self.seat
        keys = suit_keys(self._concealed)
        if self_drawn:
            keys[SUIT_OF[tile]] -= KEY_STEP[tile]
        wins = hand_masks(
            (keys[0], keys[1], keys[2], keys[3]),
            self.melds[seat],
            self.ruleset.scoring.forms_of(self.ting[seat]),
            self.rules.hand_size,
        )[0]
        result = win_score(
            self.ruleset,
            wins,
            tile,
            self_drawn,
            self.forfeited[seat],
            self._concealed,
            self.melds[seat],
            self.flowers[seat],
            partial(self.situation, tile, self_drawn, robbing, giver),
        )
        self._scores[asked] = result
        return result

    def situation(
        self, tile: Tile, self_drawn: bool, robbing: bool = False, giver: int | None = None
    ) -> Situation:
        """The circumstances of the seat winning now on ``tile``: self-drawn, or given by
        ``giver`` (its discard, or the tile it adds to a pung when ``robbing``)."""
        seat = self.seat
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
            tiles_on_table=self.tiles_on_table,
            dealer_streak=self.dealer_streak,
        )

    def waits(self, discard: Tile | None = None) -> tuple[Tile, ...]:
        """The tiles that would complete the seat's hand, in any of the ruleset's forms (a
        called hand: `ScoringRules.forms_of`): of its concealed tiles now, or after
        discarding ``discard`` when it holds an extra tile. A tile it holds four of is
        never among them."""
        counts = list(self._concealed)
        if discard is not None:
            if not 0 <= discard < NUM_KINDS or not counts[discard]:
                raise InvalidHistoryError(f"the seat holds no {discard!r} to discard")
            counts[discard] -= 1
        if sum(counts) % 3 != 1:
            raise InvalidHistoryError(
                f"the seat holds {sum(counts)} concealed tiles: name the tile to discard"
            )
        keys = suit_keys(counts)
        wins = hand_masks(
            (keys[0], keys[1], keys[2], keys[3]),
            self.melds[self.seat],
            self.ruleset.scoring.forms_of(self.ting[self.seat]),
            self.rules.hand_size,
        )[0]
        return tuple(t for t in range(NUM_KINDS) if wins >> t & 1)


def seat_steps(
    record: HandRecord, seat: int
) -> Iterator[tuple[int, HandState, list[Event | Action]]]:
    """A recorded hand replayed step by step for ``seat``: each step's number, the hand
    before that step's action, and what the seat saw and did since the step before (its
    own action, then the events that followed, as the seat saw them)."""
    if type(seat) is not int or not 0 <= seat < 4:
        raise InvalidHistoryError(f"seat must be 0..3, not {seat!r}")
    done = 0
    for step, state in enumerate(replay_states(record)):
        new: list[Event | Action] = []
        if step:
            who, index = record.actions[step - 1]
            if who == seat:
                new.append(Action.from_index(index))
        events = state.events
        new += [e.seen_by(seat) for e in events[done:]]
        done = len(events)
        yield step, state, new


def seat_history(record: HandRecord, seat: int, actions: int | None = None) -> list[Event | Action]:
    """What ``seat`` saw and did in a recorded hand, in order (for `Position.from_history`):
    each of its actions before the events it led to, every event as the seat saw it. With
    ``actions``, only as far as the record's first ``actions`` decisions."""
    out: list[Event | Action] = []
    for step, _, new in seat_steps(record, seat):
        out += new
        if actions is not None and step >= actions:
            break
    return out


__all__ = ["InvalidHistoryError", "Position", "SeenWall", "seat_history", "seat_steps"]
