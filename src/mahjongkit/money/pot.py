"""The dead-hand pot (004 l.136-138, l.462-472): what each player has put in since it
was last collected.

>>> from mahjongkit.money import instant
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> Pot().after(instant.dead_hand(get_ruleset("taiwanese-lrc").table)).total
20
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mahjongkit.money.settlement import POT, Payment, SettlementError


@dataclass(frozen=True, slots=True)
class Pot:
    """The dead-hand pot: what each player has put in since it was last collected."""

    contributions: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def total(self) -> int:
        """The points in the pot."""
        return sum(self.contributions)

    def after(self, payments: Sequence[Payment]) -> Pot:
        """The pot once these payments are made: paid in adds, a collection empties it.

        >>> from mahjongkit.money.settlement import Reason
        >>> Pot((5, 5, 5, 5)).after([Payment(POT, 2, 20, Reason.DEAD_HAND)]).total
        0
        """
        c = list(self.contributions)
        for p in payments:
            if p.payee == POT:
                c[p.payer] += p.amount
            elif p.payer == POT:
                if p.amount != sum(c):
                    raise SettlementError("the pot is always taken whole")
                c = [0, 0, 0, 0]
        return Pot((c[0], c[1], c[2], c[3]))


__all__ = ["Pot"]
