"""A match between bots: a game of hands with seating, dealer rotation, money and table
points.

`Match` seats four entrants by the wind-tile draw and plays the game on `MatchState` (the
match as a state machine: hands, rotation, settlement, the end) with the one bot loop,
`mahjongkit.game.runner.play`. The match's seed decides the seating and every wall; the
bots draw whatever they leave to chance from each decision (`Decision`). Its record
holds every hand's record (`mahjongkit.game.record`: wall, dice, actions, events) and
every payment, so `verify` replays the money as well as the tiles.

>>> record = Match("mcr", seed=3, max_hands=2).play()
>>> len(record.hands), sum(record.final_scores), sum(record.table_points)
(2, 0, Fraction(7, 1))
>>> verify(record.to_json())
[]
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from mahjongkit.game.match_record import (
    DIE_ITEM,
    FLOWER_WIN_ITEMS,
    MatchHand,
    MatchRecord,
    money_of,
    points_of,
    verify,
)
from mahjongkit.game.match_state import HAND_LIMIT, MatchState
from mahjongkit.game.players import Bot, BotFactory, RandomBot
from mahjongkit.game.runner import play
from mahjongkit.money.rotation import draw_seats, seating_order
from mahjongkit.money.settlement import PLAYERS
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.rules.table import TableRules


class Match:
    """A game of mahjong between four players under one ruleset.

    ``bots`` are the four entrants, as bots or bot classes (random bots by default); the
    wind-tile draw seats them. The game ends after its rounds (MCR 16 hands; Taiwanese
    four rounds), after ``max_hands``, or, with ``time_limit`` seconds, when no time is
    left to start a hand
    (000 l.102, 002 l.219); ``clock`` tells the time (seconds, any origin).
    """

    def __init__(
        self,
        ruleset: str | Ruleset,
        seed: int = 0,
        bots: Sequence[Bot | BotFactory] | None = None,
        *,
        rules: TableRules | None = None,
        max_hands: int | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        self.rules = rules or self.ruleset.table
        self.seed = seed
        if bots is None:
            bots = [RandomBot] * PLAYERS
        if len(bots) != PLAYERS:
            raise ValueError(f"a match needs four players, not {len(bots)}")
        self.bots: tuple[Bot, ...] = tuple(self._bot(b) for b in bots)
        self.max_hands = max_hands
        self.time_limit = time_limit
        self.clock = clock
        self.seating = seating_order(draw_seats(random.Random(seed)))
        """The entrant at each table position: the wind-tile draw `MatchState` makes first
        with the match's generator."""

    def _bot(self, entrant: Bot | BotFactory) -> Bot:
        """A bot as given, or one made by its factory (names are the adapters' to
        resolve: `mahjongkit.bots.factories`)."""
        if isinstance(entrant, str):
            raise TypeError(f"give a bot or a bot class, not the name {entrant!r}")
        if isinstance(entrant, type) or not isinstance(entrant, Bot):
            made: Bot = entrant()
            return made
        return entrant

    def play(self) -> MatchRecord:
        """Play the game to its end and return its record."""
        state = self.state()
        play(state, [self.bots[e] for e in self.seating])
        return state.record(tuple(self.bots[e].name for e in self.seating))

    def state(self) -> MatchState:
        """The match about to start, as a `MatchState`: the seating drawn (as `seating`),
        each hand's wall seed to come from the match's generator."""
        state = MatchState(
            self.ruleset,
            self.seed,
            table=self.rules,
            max_hands=self.max_hands,
            time_limit=self.time_limit,
            clock=self.clock,
        )
        assert state.seating == self.seating
        return state


__all__ = [
    "DIE_ITEM",
    "FLOWER_WIN_ITEMS",
    "HAND_LIMIT",
    "Match",
    "MatchHand",
    "MatchRecord",
    "money_of",
    "points_of",
    "verify",
]
