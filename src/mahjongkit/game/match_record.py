"""A match's record: every hand (its deal, its engine record, its money), the closing
payments and the final scores; the money of a finished hand; `verify`, which replays a
stored match and names every difference.

Made by `mahjongkit.game.match_state.MatchState` (and so by `Match.play`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.hand_money import HandMoney, hand_money
from mahjongkit.game.record import HandRecord, replay
from mahjongkit.game.state import HandState
from mahjongkit.money.instant import return_pot
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import WIND_LETTERS, Deal, first_deal, next_deal
from mahjongkit.money.settlement import PLAYERS, Payment, balances
from mahjongkit.money.table_points import as_number, table_points
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.scoring import Score

DIE_ITEM = "dice_on_the_wall"
"""The Taiwanese scorer's die item: the money layer pays the die itself (see `points_of`)."""


def points_of(score: Score) -> int:
    """What a win's payers pay for the hand itself: the scored total without the die.

    The die on the wall is paid as its own payment (004 l.428: by the dealer who gives the
    winning tile, or by each payer of the dealer's win), so it is taken out of the total.
    """
    return score.total - sum(i.total for i in score.items if i.id == DIE_ITEM)


@dataclass(frozen=True)
class MatchHand:
    """One hand of a match: where it stood, its record, what it did to the money."""

    deal: Deal
    record: HandRecord
    """The engine's record of the hand: replaying it reproduces the tiles."""
    money: HandMoney
    scores_after: tuple[int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        """One entry of the match contract's ``hands``."""
        d = self.deal
        return {
            "number": d.number + 1,
            "round": d.label(),
            "prevalent_wind": WIND_LETTERS[d.prevalent],
            "dealer": d.dealer,
            "dealer_streak": d.dealer_streak,
            "result": self.record.result,
            **self.money.to_json(),
            "scores_after": list(self.scores_after),
            "record": self.record.to_json(),
        }


@dataclass(frozen=True)
class MatchRecord:
    """A whole match: the contract's fields plus what replaying it needs."""

    ruleset: Ruleset
    seed: int
    seating: tuple[int, int, int, int]
    """The entrant (index into the bots given) at each table position."""
    rules: TableRules
    hands: tuple[MatchHand, ...]
    closing: tuple[Payment, ...]
    """Payments after the last hand (an uncollected pot returned)."""
    final_scores: tuple[int, int, int, int]
    ended_by: str
    bots: tuple[str, ...] = ()

    @property
    def table_points(self) -> tuple[Fraction, ...]:
        """4/2/1/0 by final score, ties sharing (002 l.219-221)."""
        return table_points(self.final_scores)

    @property
    def payments(self) -> tuple[Payment, ...]:
        """Every payment of the match, in order."""
        out: list[Payment] = []
        for h in self.hands:
            out += h.money.payments
        return (*out, *self.closing)

    def to_json(self) -> dict[str, Any]:
        """``{"ruleset", "hands", "final_scores", "table_points", ...}``."""
        return {
            "ruleset": self.ruleset.name,
            "ruleset_hash": self.ruleset.contents_hash(),
            "seed": self.seed,
            "seating": list(self.seating),
            "bots": list(self.bots),
            "starting_points": self.rules.starting_points,
            "ended_by": self.ended_by,
            "hands": [h.to_json() for h in self.hands],
            "closing_payments": [p.to_json() for p in self.closing],
            "final_scores": list(self.final_scores),
            "table_points": [as_number(p) for p in self.table_points],
        }


FLOWER_WIN_ITEMS = frozenset({"seven_flowers", "eight_flowers"})
"""The scorer's items for the instant flower wins (004 l.210-211)."""


def money_of(state: HandState, deal: Deal, rules: TableRules, pot: Pot) -> HandMoney:
    """The money of a finished hand from its events and its winners' scores."""
    result = state.result
    if result is None:
        raise MahjongError("the hand is still in play: no money to settle yet")
    points = {seat: points_of(s) for seat, s in zip(result.winners, result.scores, strict=True)}
    flower_wins = tuple(
        seat
        for seat, s in zip(result.winners, result.scores, strict=True)
        if any(i.id in FLOWER_WIN_ITEMS for i in s.items)
    )
    throws = state.wall.dice
    dice = throws[0] if len(throws) == 1 and len(throws[0]) == 3 else ()
    return hand_money(
        state.events,
        points=points,
        deal=deal,
        rules=rules,
        dice=dice,
        pot=pot,
        flower_wins=flower_wins,
    )


def verify(record: dict[str, Any]) -> list[str]:
    """Replay a match record (its JSON) and list every difference in tiles or money.

    Each hand is rebuilt from its seed and actions; its events must end as recorded and
    its payments, pot and running scores must come out the same. An empty list means the
    record replays exactly.
    """
    ruleset = get_ruleset(record["ruleset"])
    rules = get_ruleset(ruleset).table
    problems: list[str] = []
    if record.get("ruleset_hash") not in (None, ruleset.contents_hash()):
        problems.append("the ruleset's contents differ from the recorded hash")
    scores = [rules.starting_points] * PLAYERS
    pot = Pot()
    deal: Deal | None = first_deal()
    for i, h in enumerate(record["hands"]):
        if deal is None:
            problems.append(f"hand {i + 1}: the game was already over")
            break
        if (deal.dealer, deal.dealer_streak, WIND_LETTERS[deal.prevalent]) != (
            h["dealer"],
            h["dealer_streak"],
            h["prevalent_wind"],
        ):
            problems.append(f"hand {i + 1}: dealer or wind differs from the rotation")
        try:
            hand_record = HandRecord.from_json(h["record"])
            if (hand_record.prevalent_wind, hand_record.dealer_streak) != (
                deal.prevalent_wind,
                deal.dealer_streak,
            ):
                problems.append(f"hand {i + 1}: its record was dealt for another position")
            state = replay(hand_record)
        except MahjongError as err:
            problems.append(f"hand {i + 1}: {err}")
            break
        if state.result is None:
            problems.append(f"hand {i + 1}: the actions do not finish the hand")
            break
        money = money_of(state, deal, rules, pot)
        if [p.to_json() for p in money.payments] != h["payments"]:
            problems.append(f"hand {i + 1}: the payments differ")
        pot = money.pot
        for p, amount in enumerate(balances(money.payments)[:PLAYERS]):
            scores[p] += amount
        if scores != h["scores_after"]:
            problems.append(f"hand {i + 1}: the running scores differ")
        deal = next_deal(deal, winners=money.winners, rules=rules, void=money.void)
    closing = return_pot(pot.total, pot.contributions)
    if [p.to_json() for p in closing] != record["closing_payments"]:
        problems.append("the closing payments differ")
    for p, amount in enumerate(balances(closing)[:PLAYERS]):
        scores[p] += amount
    if scores != record["final_scores"]:
        problems.append("the final scores differ")
    return problems


__all__ = [
    "DIE_ITEM",
    "FLOWER_WIN_ITEMS",
    "MatchHand",
    "MatchRecord",
    "money_of",
    "points_of",
    "verify",
]
