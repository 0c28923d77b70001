"""Settlement: who pays whom for the wins of one hand, per ruleset family; always zero-sum.

Players are table positions 0..3 in turn order: the player to your right plays after
you, so "to the right of p" is ``(p + 1) % 4``. The dead-hand pot is the account `POT`.

MCR (000 l.333-335): on a discard the discarder pays 8 + points, the other two 8 each.

>>> mcr = get_ruleset("mcr").table
>>> [str(p) for p in settle([Win(winner=0, points=10, discarder=2)], mcr)]
['2->0 18 win', '1->0 8 win', '3->0 8 win']
>>> sum(p.amount for p in settle([Win(1, 8)], mcr))  # self-drawn: 3 x (8 + 8)
48
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import get_ruleset  # noqa: F401  (doctests)
from mahjongkit.rules.table import TableRules

PLAYERS: Final = 4
POT: Final = 4
"""The dead-hand pot as an account beside the four players (004 l.468)."""


class SettlementError(MahjongError, ValueError):
    """A hand result that cannot be settled: a bad seat, two MCR winners, a winner paying."""


class Reason(StrEnum):
    """Why money moved; the name shown on a scoresheet."""

    WIN = "win"
    DIE_ON_THE_WALL = "die on the wall"
    ROBBED_KONG = "robbed kong"
    CONCEALED_KONG = "concealed kong"
    MIXED_BOUQUET = "mixed bouquet"
    FULL_BOUQUET = "full bouquet"
    SEVEN_FLOWERS = "seven flowers"
    EIGHT_FLOWERS = "eight flowers"
    CHASING_TILES = "chasing tiles"
    TRIPLE_DICE = "triple dice"
    DEAD_HAND = "dead hand"
    POT_COLLECTED = "pot collected"
    POT_RETURNED = "pot returned"
    FALSE_WIN = "false win"
    ILLEGAL_ACTION = "illegal action"
    UNREVEALED_KONG = "unrevealed concealed kong"
    PENALTY = "penalty"
    """A penalty the table agreed, entered on a club scoresheet with its own words."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One transfer: ``payer`` gives ``amount`` to ``payee`` for ``reason``.

    >>> Payment(1, 0, 8, Reason.WIN)
    Payment(payer=1, payee=0, amount=8, reason=<Reason.WIN: 'win'>)
    >>> Payment(1, 1, 8, Reason.WIN)
    Traceback (most recent call last):
    ...
    mahjongkit.money.settlement.SettlementError: player 1 cannot pay themselves (win)
    """

    payer: int
    payee: int
    amount: int
    reason: Reason

    def __post_init__(self) -> None:
        for who in (self.payer, self.payee):
            if not 0 <= who <= POT:
                raise SettlementError(f"no player {who} (players are 0..3, the pot is 4)")
        if self.payer == self.payee:
            raise SettlementError(f"player {self.payer} cannot pay themselves ({self.reason})")
        if self.amount <= 0:
            raise SettlementError(f"a payment must be positive, not {self.amount}")

    def __str__(self) -> str:
        return f"{_who(self.payer)}->{_who(self.payee)} {self.amount} {self.reason}"

    def to_json(self) -> dict[str, Any]:
        """``{"payer", "payee", "amount", "reason"}``; the pot is ``"pot"``."""
        return {
            "payer": _json_who(self.payer),
            "payee": _json_who(self.payee),
            "amount": self.amount,
            "reason": str(self.reason),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Payment:
        """The inverse of `to_json`.

        >>> p = Payment(POT, 2, 20, Reason.POT_COLLECTED)
        >>> Payment.from_json(p.to_json()) == p
        True
        """
        return cls(
            _from_json_who(data["payer"]),
            _from_json_who(data["payee"]),
            int(data["amount"]),
            Reason(data["reason"]),
        )


def _who(account: int) -> str:
    return "pot" if account == POT else str(account)


def _json_who(account: int) -> int | str:
    return "pot" if account == POT else account


def _from_json_who(value: int | str) -> int:
    return POT if value == "pot" else int(value)


def balances(payments: Iterable[Payment]) -> tuple[int, int, int, int, int]:
    """Net money of players 0..3 and the pot (index 4); the five always sum to zero.

    >>> balances([Payment(1, 0, 8, Reason.WIN), Payment(0, POT, 5, Reason.DEAD_HAND)])
    (3, -8, 0, 0, 5)
    """
    out = [0] * (POT + 1)
    for p in payments:
        out[p.payer] -= p.amount
        out[p.payee] += p.amount
    return (out[0], out[1], out[2], out[3], out[4])


@dataclass(frozen=True, slots=True)
class Win:
    """One winner of a hand: ``points`` is the scored total (flowers and, in Taiwanese, the
    base point included); ``discarder`` is ``None`` for a self-drawn win and the kong's
    declarer for a robbed kong (003 l.131)."""

    winner: int
    points: int
    discarder: int | None = None
    robbed_kong: bool = False

    def __post_init__(self) -> None:
        if not 0 <= self.winner < PLAYERS:
            raise SettlementError(f"no winner {self.winner} (players are 0..3)")
        if self.discarder is not None:
            if not 0 <= self.discarder < PLAYERS:
                raise SettlementError(f"no discarder {self.discarder} (players are 0..3)")
            if self.discarder == self.winner:
                raise SettlementError(f"player {self.winner} cannot win on their own discard")
        if self.robbed_kong and self.discarder is None:
            raise SettlementError("a robbed kong needs the kong's declarer as discarder")
        if self.points < 0:
            raise SettlementError(f"points cannot be negative, not {self.points}")

    @property
    def self_drawn(self) -> bool:
        """True when nobody discarded the winning tile."""
        return self.discarder is None


def die_bonus(streak: int, rules: TableRules) -> int:
    """The die-on-the-wall bonus for a dealer who has won ``streak`` hands running as dealer.

    The die is placed showing 1 after the first win and advances by one each further win
    (004 l.415); face n pays 2n + 1 (l.417-422), also past 5 since no limit is set (l.432)
    unless the table caps the die (DXB suggests 6).

    >>> lrc = get_ruleset("taiwanese-lrc").table
    >>> [die_bonus(n, lrc) for n in range(8)]
    [0, 3, 5, 7, 9, 11, 13, 15]
    >>> from dataclasses import replace
    >>> [die_bonus(n, replace(lrc, die_cap=6)) for n in (5, 6, 7, 9)]
    [11, 13, 13, 13]
    >>> die_bonus(3, get_ruleset("mcr").table)
    0
    """
    if streak < 0:
        raise SettlementError(f"a dealer streak cannot be negative, not {streak}")
    if not rules.die_on_the_wall or streak == 0:
        return 0
    face = streak if rules.die_cap is None else min(streak, rules.die_cap)
    return 2 * face + 1


def settle(
    wins: Sequence[Win],
    rules: TableRules,
    *,
    dealer: int = 0,
    dealer_streak: int = 0,
    die_placed: bool = True,
) -> tuple[Payment, ...]:
    """The payments for a hand's wins (none for a draw), in the order they are made.

    ``dealer_streak`` is the die on the wall (Taiwanese): the dealer's wins running as
    dealer before this hand. ``die_placed=False`` is the card's forgotten die (004 l.430):
    the dealer collects no bonus but still pays it.
    """
    if not 0 <= dealer < PLAYERS:
        raise SettlementError(f"no dealer {dealer} (players are 0..3)")
    if not wins:
        return ()  # exhaustive draw: nobody pays (000 l.343)
    winners = [w.winner for w in wins]
    if len(set(winners)) != len(winners):
        raise SettlementError(f"a player wins at most once per hand: {winners}")
    if len(wins) > 1:
        if rules.multiple_winners != "all":
            raise SettlementError(
                "one winner per hand at this table (the nearest after the discarder)"
            )
        discarders = {w.discarder for w in wins}
        if None in discarders or len(discarders) != 1:
            raise SettlementError("several winners must all win on the same discard")
        if discarders & set(winners):
            raise SettlementError("the discarder cannot also be a winner")
    if rules.win_payments == "base_and_points":
        return _settle_mcr(wins[0], rules)
    return _settle_taiwanese(wins, rules, dealer, dealer_streak, die_placed)


def _others(player: int) -> list[int]:
    """The other three players, starting at ``player``'s right."""
    return [(player + k) % PLAYERS for k in (1, 2, 3)]


def _settle_mcr(win: Win, rules: TableRules) -> tuple[Payment, ...]:
    base = rules.base_payment
    full = base + win.points
    out: list[Payment] = []
    if win.discarder is None:
        # Self-drawn: each of the three pays 8 + points (000 l.335, 002 l.64, 001 l.59).
        out.extend(Payment(p, win.winner, full, Reason.WIN) for p in _others(win.winner))
        return tuple(out)
    # On a discard (a robbed kong's declarer counts as the discarder): the discarder pays
    # 8 + points, the other two 8 (000 l.333, 002 l.64-66, 001 l.60).
    out.append(Payment(win.discarder, win.winner, full, Reason.WIN))
    for p in _others(win.winner):
        if p != win.discarder and base > 0:
            out.append(Payment(p, win.winner, base, Reason.WIN))
    return tuple(out)


def _settle_taiwanese(
    wins: Sequence[Win], rules: TableRules, dealer: int, streak: int, die_placed: bool
) -> tuple[Payment, ...]:
    # Several winners are paid in turn starting with the discarder's right (004 l.458).
    first = wins[0].discarder
    ordered = (
        sorted(wins, key=lambda w: (w.winner - first) % PLAYERS) if first is not None else wins
    )
    bonus = die_bonus(streak, rules)
    out: list[Payment] = []
    for win in ordered:
        if win.discarder is None or rules.all_pay_on_discard:
            payers = _others(win.winner)
        else:
            payers = [win.discarder]
        for p in payers:
            if win.points > 0:
                out.append(Payment(p, win.winner, win.points, Reason.WIN))
            if bonus and win.winner == dealer and die_placed:
                out.append(Payment(p, win.winner, bonus, Reason.DIE_ON_THE_WALL))
        if bonus and win.winner != dealer and win.discarder == dealer:
            # The dealer who gives the winning tile pays the die bonus (004 l.428), even
            # when the die was forgotten (l.430).
            out.append(Payment(dealer, win.winner, bonus, Reason.DIE_ON_THE_WALL))
        # The declarer of a robbed kong pays the hand, whose Robbing a Kong item is the
        # "additional 10" of 004 l.124 (l.327); the switch adds another amount on top.
        if win.robbed_kong and win.discarder is not None and rules.robbed_kong_extra:
            out.append(
                Payment(win.discarder, win.winner, rules.robbed_kong_extra, Reason.ROBBED_KONG)
            )
    return tuple(out)


__all__ = [
    "POT",
    "Payment",
    "Reason",
    "SettlementError",
    "Win",
    "balances",
    "die_bonus",
    "settle",
]
