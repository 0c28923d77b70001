"""What one seat may know of a hand in play, with its legal actions and their mask.

Never another seat's concealed tiles, the tile of another seat's concealed kong (laid
face down, seed 000 line 80), or the order of the wall; at a table whose discards lie in
the centre, never who threw which of them or in which order, except the latest.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(5))
>>> obs = observation(state, 1)
>>> obs.seat, obs.hand_sizes, obs.legal_actions, obs.wall_live
(1, (14, 13, 13, 13), (), 89)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any

from mahjongkit.game.actions import NUM_ACTIONS, Action
from mahjongkit.game.events import Event
from mahjongkit.hand import Meld
from mahjongkit.notation import format_tiles
from mahjongkit.tiles import NAMES, Tile

if TYPE_CHECKING:
    from mahjongkit.game.state import HandState


@dataclass(frozen=True, slots=True)
class Observation:
    """One seat's view. Seats are 0 East (the dealer) .. 3 North."""

    seat: int
    """The seat whose view this is; `SPECTATOR` (-1) for what the whole table sees."""
    ruleset: str
    phase: str
    turn: int
    """The seat whose turn it is (the discarder while a discard is being answered)."""
    to_act: tuple[int, ...]
    """Who must act, as far as this seat can tell: the seat in turn; while a discard or a
    kong is being answered, only this seat itself if it is asked (who else could claim is
    hidden: it would show what they hold)."""
    prevalent_wind: Tile
    concealed: tuple[int, ...]
    """The seat's own concealed tiles as 34 counts."""
    last_tile: Tile
    """The tile the seat just drew (-1 when it holds none)."""
    melds: tuple[tuple[Meld, ...], ...]
    """Every seat's declared melds; another seat's concealed kongs are left out here..."""
    hidden_kongs: tuple[int, ...]
    """...and counted here instead (the seat's own concealed kongs are in `melds`)."""
    flowers: tuple[tuple[Tile, ...], ...]
    discards: tuple[tuple[tuple[Tile, bool], ...], ...]
    """Every seat's discards in order, each with True where it was claimed (empty at a
    table whose discards lie in the centre: see `pond`)."""
    hand_sizes: tuple[int, ...]
    """Concealed tiles each seat holds (public: anyone can count them)."""
    ting: tuple[bool, ...]
    forfeited: tuple[bool, ...]
    wall_live: int
    """Tiles that can still be drawn before the hand is drawn (in a per-seat wall, in the
    four parts together: see `wall_parts`)."""
    wall_remaining: int
    """Tiles left in the wall, the dead wall included."""
    claim_tile: Tile
    """The discard (or promoted kong tile) being answered, -1 outside a window."""
    claim_giver: int
    legal_actions: tuple[Action, ...]
    dealer_streak: int = 0
    drawn_discards: tuple[tuple[bool, ...], ...] = ((), (), (), ())
    """Parallel to `discards`: True where the seat discarded the tile it had just drawn,
    leaving its concealed tiles as they were before the draw (players see a tile thrown
    straight from the draw; another of the same kind thrown from the hand counts too,
    since the hand is the same). The dealer's fourteenth tile counts as its draw (it is
    its `last_tile`); after a claim no discard is a drawn tile."""
    wall_parts: tuple[int, ...] = ()
    """Per seat, the tiles left in its own part of a per-seat wall, the only part it draws
    from (public: anyone can count them); empty for a shared wall."""
    pond: tuple[int, ...] = ()
    """At a table whose discards lie in the centre (`PlayRules.discards`): the discards
    lying there unclaimed, as 34 counts, with no owner and no order ("it cannot be readily
    seen which tile is discarded by which player, or in which order", seed 003 line 45;
    the Seabed of seed 004 lines 46, 176). `discards` and `drawn_discards` are then empty.
    Empty at a table with rows."""
    last_discard: Tile = -1
    """At a centre table, the latest discard, seen as it is thrown, until the next one (a
    claimed one is also in the claimer's meld); -1 before the first and at a table with
    rows (where it is the last of a row)..."""
    last_discarder: int = -1
    """...and the seat that threw it."""

    @property
    def centre(self) -> bool:
        """True at a table whose discards lie mixed in the centre (`pond` holds them)."""
        return bool(self.pond)

    @property
    def action_mask(self) -> tuple[bool, ...]:
        """One flag per action index (`NUM_ACTIONS`), True where the action is legal."""
        mask = [False] * NUM_ACTIONS
        for a in self.legal_actions:
            mask[a.to_index()] = True
        return tuple(mask)

    def to_json(self) -> dict[str, Any]:
        """A plain form for the web protocol."""
        return {
            "seat": self.seat,
            "ruleset": self.ruleset,
            "phase": self.phase,
            "turn": self.turn,
            "to_act": list(self.to_act),
            "prevalent_wind": NAMES[self.prevalent_wind],
            "concealed": format_tiles(t for t in range(34) for _ in range(self.concealed[t])),
            "last_tile": NAMES[self.last_tile] if self.last_tile >= 0 else None,
            "melds": [[str(m) for m in ms] for ms in self.melds],
            "hidden_kongs": list(self.hidden_kongs),
            "flowers": [format_tiles(f) for f in self.flowers],
            "discards": [[[NAMES[t], c] for t, c in ds] for ds in self.discards],
            "drawn_discards": [list(ds) for ds in self.drawn_discards],
            "wall_parts": list(self.wall_parts),
            "hand_sizes": list(self.hand_sizes),
            "ting": list(self.ting),
            "forfeited": list(self.forfeited),
            "wall_live": self.wall_live,
            "wall_remaining": self.wall_remaining,
            "claim_tile": NAMES[self.claim_tile] if self.claim_tile >= 0 else None,
            "claim_giver": self.claim_giver,
            "legal_actions": [str(a) for a in self.legal_actions],
            "pond": format_tiles(t for t in range(34) for _ in range(self.pond[t]))
            if self.pond
            else None,
            "last_discard": NAMES[self.last_discard] if self.last_discard >= 0 else None,
            "last_discarder": self.last_discarder,
        }


_FIELDS = tuple(f.name for f in fields(Observation))
blank_observation: Callable[[type[Observation]], Observation] = Observation.__new__
"""An `Observation` with no field set yet, for `HandState.observation` to fill through
`OBSERVATION_SLOTS`."""
OBSERVATION_SLOTS: tuple[Callable[[Observation, Any], None], ...] = tuple(
    Observation.__dict__[name].__set__ for name in _FIELDS
)
"""Each field's slot setter, in field order: the engine makes an observation at every
decision and puts each value straight into its slot (as a frozen dataclass's
``__init__`` does through ``object.__setattr__``, which looks the slot up by name first:
twice as slow). Against ``Observation(...)`` field by name, side by side in seven
interleaved runs, the efficient bots' self-play was 8% faster on the compiled build (MCR
and Taiwanese alike), 1.5% on the Python source; random bots, which are handed no
observation, are not affected. The compiled hand state (`HandState.observation`) runs
the loop over them in C."""


SPECTATOR = -1
"""The observer who sits at no seat: sees what everyone at the table sees (every exposed
meld, flower and discard, the counts), never a concealed tile, the tile of a concealed
kong, a drawn tile, or who may claim a discard."""

_NO_TILES = (0,) * 34


def observation(state: HandState, seat: int) -> Observation:
    """What ``seat`` (0..3, or `SPECTATOR`) may know now: `HandState.observation`, which
    builds it (in the compiled build, in C: the engine makes one at every decision)."""
    return state.observation(seat)


def spectator_observation(state: HandState) -> Observation:
    """What everyone at the table sees now: a `SPECTATOR`'s observation. No concealed
    tiles (all counts 0), no drawn tile, every concealed kong face down (counted in
    ``hidden_kongs``), no legal actions; while a discard is being answered no one is
    shown as asked (who could claim would show what they hold)."""
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
    ) = state.table_snapshot()
    w = state.window
    phase = state.phase._value_
    wall = state.wall
    if w is not None and (phase == "claim" or phase == "rob"):
        turn, giver, tile = w.giver, w.giver, w.tile
        to_act: tuple[int, ...] = ()
    else:
        turn, giver, tile = state.turn, -1, -1
        to_act = state.to_act() if phase == "turn" else ()
    live = wall.remaining - wall.reserve
    return Observation(
        seat=SPECTATOR,
        ruleset=state.ruleset.name,
        phase=phase,
        turn=turn,
        to_act=to_act,
        prevalent_wind=state.prevalent_wind,
        concealed=_NO_TILES,
        last_tile=-1,
        melds=melds,
        hidden_kongs=hidden,
        flowers=flowers,
        discards=discards,
        hand_sizes=sizes,
        ting=ting,
        forfeited=forfeited,
        wall_live=live if live > 0 else 0,
        wall_remaining=wall.remaining,
        claim_tile=tile,
        claim_giver=giver,
        legal_actions=(),
        dealer_streak=state.dealer_streak,
        drawn_discards=drawn,
        wall_parts=wall.parts_left,
        pond=pond,
        last_discard=last_discard,
        last_discarder=last_discarder,
    )


def seen_events(state: HandState, seat: int) -> list[Event]:
    """The hand's events as ``seat`` (or `SPECTATOR`) saw them: others' dealt and drawn
    tiles and concealed-kong tiles hidden."""
    return [e.seen_by(seat) for e in state.events]


__all__ = ["SPECTATOR", "Observation", "observation", "seen_events", "spectator_observation"]
