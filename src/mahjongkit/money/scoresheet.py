"""A club scoresheet for games played at a physical table: hand by hand, the money.

The players say what happened (a win for so many points on whose discard, a draw, a
concealed kong, a false win...); the sheet applies the ruleset's payment rules, moves
the deal and the prevalent wind, keeps the dead-hand pot and the running totals, gives
the table points, and can undo the last line. Players are the four names in seat order
at the start (the first deals first).

>>> sheet = Scoresheet("mcr", ("Ann", "Bo", "Cy", "Di"))
>>> _ = sheet.win(Win(winner=1, points=12, discarder=3))
>>> _ = sheet.draw()
>>> sheet.scores, sheet.deal.label()
((-8, 36, -8, -20), 'E3')
>>> _ = sheet.undo()
>>> sheet.deal.label(), sheet.to_csv().splitlines()[1]
('E2', '1,E1,Ann,win,-8,36,-8,-20')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.money import instant
from mahjongkit.money.penalties import Effect, Penalty, false_win
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal, first_deal, next_deal
from mahjongkit.money.settlement import PLAYERS, Payment, Win, balances, settle
from mahjongkit.money.table_points import as_number, table_points
from mahjongkit.rules.catalogues.taiwanese import CATALOGUE as TAIWANESE_CARD
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import EAST, Tile


class ScoresheetError(MahjongError, ValueError):
    """A line that cannot go on the sheet: the game is over, or nothing to undo."""


def least_points(ruleset: str | Ruleset, prevalent_wind: Tile = EAST) -> int:
    """The fewest points a win typed on the sheet may carry: the ruleset's minimum in this
    round (MCR 8, 002 l.59; bp-club 5, 001 l.43; a Taiwanese sheet's switch, 004 l.23),
    and on a Taiwanese sheet never less than the Base Point every win carries (004 l.342).
    The scorers read the same minimum (`ScoringRules.minimum_for`).

    >>> least_points("mcr"), least_points("bp-club"), least_points("taiwanese-lrc")
    (8, 5, 5)
    """
    rules = get_ruleset(ruleset)
    least = rules.scoring.minimum_for(prevalent_wind)
    if rules.scoring.sheet is not None:  # scored on a Taiwanese sheet
        least = max(least, TAIWANESE_CARD.values_for(rules).get("base_point", 0))
    return least


class BelowMinimumError(ScoresheetError):
    """Typed points below the fewest a win can carry (`least_points`)."""


@dataclass(frozen=True, slots=True)
class Line:
    """One line of the sheet: what happened, in which hand, and the money it moved."""

    deal: Deal
    kind: str
    """``win``, ``draw``, ``penalty`` or ``instant``."""
    payments: tuple[Payment, ...]
    wins: tuple[Win, ...] = ()
    penalty: Penalty | None = None
    ends_hand: bool = False
    void: bool = False

    def to_json(self) -> dict[str, Any]:
        """The line as JSON."""
        return {
            "hand": self.deal.number + 1,
            "round": self.deal.label(),
            "dealer": self.deal.dealer,
            "kind": self.kind,
            "wins": [
                {"winner": w.winner, "points": w.points, "discarder": w.discarder}
                for w in self.wins
            ],
            "penalty": self.penalty.to_json() if self.penalty else None,
            "payments": [p.to_json() for p in self.payments],
        }


class Scoresheet:
    """The running sheet of one game. Every method that adds a line returns it."""

    def __init__(
        self,
        ruleset: str | Ruleset,
        players: Sequence[str] = ("East", "South", "West", "North"),
        *,
        rules: TableRules | None = None,
    ) -> None:
        if len(players) != PLAYERS:
            raise ScoresheetError(f"a sheet needs four players, not {len(players)}")
        self.ruleset = get_ruleset(ruleset)
        self.rules = rules or self.ruleset.table
        self.players = tuple(players)
        self.lines: list[Line] = []
        self._replay()

    # -- derived state ----------------------------------------------------------------
    def _replay(self) -> None:
        self.deal: Deal | None = first_deal()
        self.pot = Pot()
        totals = [self.rules.starting_points] * PLAYERS
        for line in self.lines:
            for p, amount in enumerate(balances(line.payments)[:PLAYERS]):
                totals[p] += amount
            self.pot = self.pot.after(line.payments)
            if line.ends_hand and self.deal is not None:
                winners = tuple(w.winner for w in line.wins)
                self.deal = next_deal(self.deal, winners=winners, rules=self.rules, void=line.void)
        self._totals = totals

    @property
    def scores(self) -> tuple[int, ...]:
        """Each player's running total."""
        return tuple(self._totals)

    @property
    def table_points(self) -> tuple[Fraction, ...]:
        """Table points if the game ended now (002 l.219-221)."""
        return table_points(self._totals)

    @property
    def over(self) -> bool:
        """True once the game's rounds are done."""
        return self.deal is None

    def _current(self) -> Deal:
        if self.deal is None:
            raise ScoresheetError("the game is over: its four rounds are played")
        return self.deal

    def check_points(self, points: int) -> None:
        """Refuse typed points below `least_points` for the hand being played: the sheet
        takes no win the scorer would refuse as below the minimum (the points typed are the
        whole hand's, flowers included, so this is the bound they can be held to)."""
        deal = self._current()
        least = least_points(self.ruleset, deal.prevalent_wind)
        if points < least:
            why = "its minimum"
            if least > self.ruleset.scoring.minimum_for(deal.prevalent_wind):
                why = "the Base Point every win carries, 004 l.342"
            raise BelowMinimumError(
                f"{points} points: a win under {self.ruleset.name} is worth at least "
                f"{least} points ({why})"
            )

    def _add(self, line: Line) -> Line:
        self.lines.append(line)
        self._replay()
        return line

    # -- lines ------------------------------------------------------------------------
    def win(self, *wins: Win, die_placed: bool = True) -> Line:
        """The hand is won: settle it, hand the pot to a self-draw winner, move the deal."""
        deal = self._current()
        if not wins:
            raise ScoresheetError("a win needs a winner")
        payments = list(
            settle(
                wins,
                self.rules,
                dealer=deal.dealer,
                dealer_streak=deal.dealer_streak,
                die_placed=die_placed,
            )
        )
        if len(wins) == 1 and wins[0].self_drawn and self.pot.total:
            payments += instant.collect_pot(wins[0].winner, self.pot.total)
        return self._add(Line(deal, "win", tuple(payments), tuple(wins), ends_hand=True))

    def flower_win(self, winner: int, flower_count: int) -> Line:
        """Seven or eight flowers: an instant self-drawn win (004 l.210-211)."""
        deal = self._current()
        payments = list(instant.flower_win(winner, flower_count, self.rules))
        amount = payments[0].amount if payments else 0
        if self.pot.total:
            payments += instant.collect_pot(winner, self.pot.total)
        win = Win(winner, amount)
        return self._add(Line(deal, "win", tuple(payments), (win,), ends_hand=True))

    def draw(self) -> Line:
        """No winner: the dead-hand pot where the table plays it (004 l.468)."""
        deal = self._current()
        return self._add(Line(deal, "draw", instant.dead_hand(self.rules), ends_hand=True))

    def false_win(self, offender: int) -> Line:
        """A false win: its penalty; a void hand ends here and is replayed (004 l.480); a
        table that ends the hand on it (the Botzone judge) goes on to the next hand."""
        deal = self._current()
        penalty = false_win(offender, self.rules)
        void = penalty.effect is Effect.VOID_HAND
        ends = void or penalty.effect is Effect.END_HAND
        return self._add(
            Line(deal, "penalty", penalty.payments, (), penalty, ends_hand=ends, void=void)
        )

    def penalty(self, penalty: Penalty) -> Line:
        """Any other penalty (invalid claim, unrevealed kong...): its payments only."""
        return self._add(Line(self._current(), "penalty", penalty.payments, (), penalty))

    def concealed_kong(self, player: int, *, may_collect: bool = True) -> Line:
        """A concealed kong declared: 5 from each (004 l.105)."""
        payments = instant.concealed_kong(player, self.rules, may_collect=may_collect)
        return self._add(Line(self._current(), "instant", payments))

    def flowers(self, player: int, before: Sequence[Tile], after: Sequence[Tile]) -> Line:
        """A player's flowers grew from ``before`` to ``after``: any new bouquet is paid."""
        payments = instant.bouquet_payments(player, before, after, self.rules)
        return self._add(Line(self._current(), "instant", payments))

    def chasing_tiles(self, first_discarder: int, tile: Tile) -> Line:
        """Four of a tile discarded in one go-around (004 l.404-407)."""
        payments = instant.chasing_tiles(first_discarder, tile, self.rules)
        return self._add(Line(self._current(), "instant", payments))

    def triple_dice(self, dice: Sequence[int]) -> Line:
        """The dealer's throw at the wall break (LRC, 004 l.343-345)."""
        deal = self._current()
        return self._add(Line(deal, "instant", instant.triple_dice(deal.dealer, dice, self.rules)))

    def undo(self) -> Line:
        """Take the last line off the sheet (and everything it moved)."""
        if not self.lines:
            raise ScoresheetError("nothing to undo")
        line = self.lines.pop()
        self._replay()
        return line

    # -- export -----------------------------------------------------------------------
    def closing(self) -> tuple[Payment, ...]:
        """The pot returned at the end of the game (nobody collected it)."""
        return instant.return_pot(self.pot.total, self.pot.contributions)

    def to_json(self) -> dict[str, Any]:
        """The sheet: players, every line, the totals and the table points."""
        return {
            "ruleset": self.ruleset.name,
            "players": list(self.players),
            "starting_points": self.rules.starting_points,
            "lines": [line.to_json() for line in self.lines],
            "scores": list(self.scores),
            "pot": self.pot.total,
            "table_points": [as_number(p) for p in self.table_points],
        }

    def to_csv(self) -> str:
        """One row per line: hand, round, dealer, what happened, each player's money."""
        rows = ["hand,round,dealer,kind," + ",".join(self.players)]
        for line in self.lines:
            net = balances(line.payments)[:PLAYERS]
            rows.append(
                f"{line.deal.number + 1},{line.deal.label()},{self.players[line.deal.dealer]},"
                f"{line.kind}," + ",".join(str(n) for n in net)
            )
        rows.append("total,,,," + ",".join(str(s) for s in self.scores))
        return "\n".join(rows) + "\n"


__all__ = ["BelowMinimumError", "Line", "Scoresheet", "ScoresheetError", "least_points"]
