"""Who sits where and who deals: the wind-tile draw for seats, dealer rotation and the
prevalent wind, per ruleset.

Players are table positions 0..3 in turn order; player 0 drew East and deals first. A
player's seat wind in a hand is their distance from the dealer (0 East .. 3 North).

MCR passes the deal after every hand, four hands a round, 16 a game (000 l.24, 001 l.44):

>>> mcr = get_ruleset("mcr").table
>>> deal, dealers = first_deal(), []
>>> while deal is not None:
...     dealers.append((deal.prevalent, deal.dealer))
...     deal = next_deal(deal, winners=(), rules=mcr)
>>> len(dealers), dealers[:5], dealers[-1]
(16, [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)], (3, 3))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, replace

from mahjongkit.money.settlement import PLAYERS, SettlementError
from mahjongkit.rules.ruleset import get_ruleset  # noqa: F401  (doctests)
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import WINDS, Tile

WIND_LETTERS = "ESWN"


def draw_seats(rng: random.Random) -> tuple[int, int, int, int]:
    """The wind-tile draw: one of each wind shuffled face down, each entrant turns one up.

    Returns the wind (0 East .. 3 North) each entrant drew; East deals first and the
    others sit in wind order to East's right (000 l.24, 001 l.13-15, 004 l.53-55).

    >>> draw_seats(random.Random(1))
    (3, 0, 2, 1)
    """
    winds = [0, 1, 2, 3]
    rng.shuffle(winds)
    return (winds[0], winds[1], winds[2], winds[3])


def seating_order(drawn: Sequence[int]) -> tuple[int, int, int, int]:
    """The entrant at each table position (position = the wind drawn).

    >>> seating_order((3, 1, 2, 0))
    (3, 1, 2, 0)
    >>> seating_order((1, 2, 3, 0))
    (3, 0, 1, 2)
    """
    if sorted(drawn) != [0, 1, 2, 3]:
        raise SettlementError(f"each wind is drawn once, not {tuple(drawn)}")
    at = [0] * PLAYERS
    for entrant, wind in enumerate(drawn):
        at[wind] = entrant
    return (at[0], at[1], at[2], at[3])


@dataclass(frozen=True, slots=True)
class Deal:
    """Where the game stands before a hand.

    ``number`` counts hands played (a voided hand included); ``dealer_streak`` is the
    dealer's wins running as dealer (the die on the wall); ``round_dealer`` is who dealt
    first in this round (the same player every round, 003 l.55).
    """

    number: int = 0
    dealer: int = 0
    prevalent: int = 0
    dealer_streak: int = 0
    round_dealer: int = 0

    def seat_of(self, player: int) -> int:
        """The player's seat wind index in this hand (0 East .. 3 North).

        >>> Deal(dealer=2).seat_of(1), Deal(dealer=2).seat_of(2)
        (3, 0)
        """
        return (player - self.dealer) % PLAYERS

    def player_at(self, seat: int) -> int:
        """The player in a seat (0 East = the dealer)."""
        return (seat + self.dealer) % PLAYERS

    @property
    def prevalent_wind(self) -> Tile:
        """The prevalent wind as a tile."""
        return WINDS[self.prevalent]

    def label(self) -> str:
        """``E1``-style: the prevalent wind and the dealer's turn in the round."""
        return f"{WIND_LETTERS[self.prevalent]}{(self.dealer - self.round_dealer) % PLAYERS + 1}"


def first_deal(first_dealer: int = 0) -> Deal:
    """The first hand of a game: East round, the East-drawer deals."""
    if not 0 <= first_dealer < PLAYERS:
        raise SettlementError(f"no player {first_dealer} (players are 0..3)")
    return Deal(0, first_dealer, 0, 0, first_dealer)


def next_deal(
    deal: Deal, *, winners: Sequence[int], rules: TableRules, void: bool = False
) -> Deal | None:
    """The deal after a hand with these winners (none: a draw), or ``None`` when the game's
    four rounds are over.

    - A void hand (Taiwanese false win) is replayed with the same dealer and die
      (004 l.480).
    - MCR: the deal always passes (000 l.24, 001 l.44 "regardless of a win or loss").
    - Taiwanese: the dealer keeps the deal on a win (003 l.55, 004 l.134) and, where the
      table plays it, on a draw (003 l.55, l.137; the LRC/DXB card passes it, 004 l.134,
      l.466). The round changes when the round's first dealer gets the deal back
      (003 l.55).

    >>> lrc = get_ruleset("taiwanese-lrc").table
    >>> d = next_deal(first_deal(), winners=(0,), rules=lrc)
    >>> d.dealer, d.dealer_streak, d.prevalent
    (0, 1, 0)
    >>> d = next_deal(d, winners=(), rules=lrc)
    >>> d.dealer, d.dealer_streak
    (1, 0)
    """
    if any(not 0 <= w < PLAYERS for w in winners):
        raise SettlementError(f"winners are players 0..3, not {tuple(winners)}")
    if void:
        return replace(deal, number=deal.number + 1)
    dealer_won = deal.dealer in winners
    drawn = not winners
    keeps = (dealer_won and rules.dealer_keeps_on_win) or (drawn and rules.dealer_keeps_on_draw)
    if keeps:
        streak = deal.dealer_streak + 1 if dealer_won else deal.dealer_streak
        return replace(deal, number=deal.number + 1, dealer_streak=streak)
    dealer = (deal.dealer + 1) % PLAYERS
    prevalent = deal.prevalent
    if dealer == deal.round_dealer:
        prevalent += 1
        if prevalent == 4:
            return None  # the North round is over: four rounds make a game (003 l.55)
    return Deal(deal.number + 1, dealer, prevalent, 0, deal.round_dealer)


__all__ = ["WIND_LETTERS", "Deal", "draw_seats", "first_deal", "next_deal", "seating_order"]
