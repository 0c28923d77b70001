"""Penalties: false wins, invalid claims, incorrect tile counts, unrevealed kongs, per ruleset.

A penalty is a record: who offended, why, what it costs (payments to the others) and what
it does to the hand (the offender may not win, or the hand is void and replayed).

>>> from dataclasses import replace
>>> p = false_win(1, get_ruleset("taiwanese-lrc").table)
>>> p.effect, [str(x) for x in p.payments]
(<Effect.VOID_HAND: 'void hand'>, ['1->2 25 false win', '1->3 25 false win', '1->0 25 false win'])
>>> false_win(1, replace(get_ruleset("mcr").table, false_win="disqualify")).effect
<Effect.CANNOT_WIN: 'cannot win'>
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Any

from mahjongkit.money.settlement import PLAYERS, Payment, Reason, SettlementError
from mahjongkit.rules.ruleset import get_ruleset  # noqa: F401  (doctests)
from mahjongkit.rules.table import COMPETITION_FALSE_WIN, TableRules


class Effect(Enum):
    """What a penalty does to the hand besides the money."""

    NONE = "none"
    CANNOT_WIN = "cannot win"
    """The offender may not win this hand; play goes on (001 l.43, l.52)."""
    VOID_HAND = "void hand"
    """The hand is void and replayed with the same dealer and dice (004 l.144, l.480)."""
    END_HAND = "end hand"
    """The hand ends at once with no winner (the Botzone judge, main.cpp l.72-88)."""
    STOP_AND_DROP = "stop and drop"
    """Incorrect tile count: play on, but no win, no claim, no kong or flower money
    collected; still pays (004 l.146-148, l.434-444)."""


@dataclass(frozen=True, slots=True)
class Penalty:
    """A penalty as it goes into the record: offender, reason, payments and effect."""

    offender: int
    reason: str
    effect: Effect
    payments: tuple[Payment, ...] = ()

    def __post_init__(self) -> None:
        if not 0 <= self.offender < PLAYERS:
            raise SettlementError(f"no player {self.offender} (players are 0..3)")
        if any(p.payer != self.offender for p in self.payments):
            raise SettlementError("only the offender pays a penalty")

    def to_json(self) -> dict[str, Any]:
        """``{"offender", "reason", "effect", "payments"}``."""
        return {
            "offender": self.offender,
            "reason": self.reason,
            "effect": self.effect.value,
            "payments": [p.to_json() for p in self.payments],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Penalty:
        """The inverse of `to_json`."""
        return cls(
            int(data["offender"]),
            str(data["reason"]),
            Effect(data["effect"]),
            tuple(Payment.from_json(p) for p in data["payments"]),
        )


def _to_each_other(offender: int, amount: int, reason: Reason) -> tuple[Payment, ...]:
    if amount <= 0:
        return ()
    return tuple(Payment(offender, (offender + k) % PLAYERS, amount, reason) for k in (1, 2, 3))


def false_win(offender: int, rules: TableRules) -> Penalty:
    """A win declared on a hand that is not one.

    Taiwanese: 25 to each other player, the hand void and replayed with the same dealer
    and dice (004 l.144, l.478-480). MCR tables by the seeds: the declarer may not win
    this hand and play resumes (001 l.43), as the rules of play say (``false_win``:
    ``disqualify``; ``continue`` records the penalty and nothing more);
    `competition_rules` adds the competition penalty of 10 to each other player. The
    Botzone judge ends the hand, the declarer paying 10 to each (``false_win = "end"``,
    main.cpp l.143-144).
    """
    if rules.false_win_voids_hand:
        effect = Effect.VOID_HAND
    elif rules.false_win_ends_hand:
        effect = Effect.END_HAND
    elif rules.false_win_disqualifies:
        effect = Effect.CANNOT_WIN
    else:
        effect = Effect.NONE  # play simply goes on (the engine's "continue")
    payments = _to_each_other(offender, rules.false_win_penalty, Reason.FALSE_WIN)
    return Penalty(offender, str(Reason.FALSE_WIN), effect, payments)


def competition_rules(rules: TableRules) -> TableRules:
    """MCR rules with the competition penalty for a false win (10 to each, 30 in all).

    >>> sum(p.amount for p in false_win(0, competition_rules(get_ruleset("mcr").table)).payments)
    30
    """
    return replace(rules, false_win_penalty=COMPETITION_FALSE_WIN)


def invalid_claim(offender: int, rules: TableRules) -> Penalty:
    """A claim of a meld the player cannot make.

    bp-club: the player forfeits the right to declare a win this hand (001 l.52). Other
    tables take the claim back with no further penalty (the seeds name none).

    >>> bp_club = replace(get_ruleset("mcr").table, invalid_claim_forfeits=True)
    >>> invalid_claim(2, bp_club).effect, invalid_claim(2, get_ruleset("mcr").table).effect
    (<Effect.CANNOT_WIN: 'cannot win'>, <Effect.NONE: 'none'>)
    """
    effect = Effect.CANNOT_WIN if rules.invalid_claim_forfeits else Effect.NONE
    return Penalty(offender, "invalid claim", effect)


def illegal_action(offender: int, rules: TableRules) -> Penalty:
    """An illegal action where the table makes it an offence (``illegal_action =
    "end_hand"``): the hand ends, the offender pays ``illegal_action_penalty`` to each other
    player (the Botzone judge: 10 each, main.cpp l.72-88).

    >>> botzone = replace(get_ruleset("mcr").table, illegal_action_penalty=10)
    >>> [str(p) for p in illegal_action(3, botzone).payments]
    ['3->0 10 illegal action', '3->1 10 illegal action', '3->2 10 illegal action']
    """
    payments = _to_each_other(offender, rules.illegal_action_penalty, Reason.ILLEGAL_ACTION)
    return Penalty(offender, str(Reason.ILLEGAL_ACTION), Effect.END_HAND, payments)


def incorrect_tile_count(offender: int) -> Penalty:
    """Too many or too few tiles: play on, cannot win, claim or collect; still pays; not a
    false win (004 l.146-148, l.434-444).

    >>> incorrect_tile_count(3).effect, incorrect_tile_count(3).payments
    (<Effect.STOP_AND_DROP: 'stop and drop'>, ())
    """
    return Penalty(offender, "incorrect tile count", Effect.STOP_AND_DROP)


def unrevealed_concealed_kong(offender: int, rules: TableRules) -> Penalty:
    """A concealed kong not revealed at the end of the hand: 10 to each player (004 l.232).

    >>> dxb = get_ruleset("taiwanese-dxb").table
    >>> [p.amount for p in unrevealed_concealed_kong(0, dxb).payments]
    [10, 10, 10]
    """
    payments = _to_each_other(offender, rules.unrevealed_kong_penalty, Reason.UNREVEALED_KONG)
    return Penalty(offender, str(Reason.UNREVEALED_KONG), Effect.NONE, payments)


__all__ = [
    "Effect",
    "Penalty",
    "competition_rules",
    "false_win",
    "illegal_action",
    "incorrect_tile_count",
    "invalid_claim",
    "unrevealed_concealed_kong",
]
