"""The money of one hand, read from its event log: instant payments, penalties, settlement.

Events name seats (0 = East = the dealer); payments name players (table positions), so
a hand's money can go straight onto a match's scoresheet. The function is pure: the same
events, points and table rules always give the same payments, which is how a replayed
record reproduces the money.

>>> from mahjongkit.game.events import Event, EventKind
>>> lrc = get_ruleset("taiwanese-lrc").table
>>> events = [Event(EventKind.CONCEALED_KONG, 1, 5), Event(EventKind.WIN, 2, 7, 0)]
>>> money = hand_money(events, points={2: 30}, deal=Deal(dealer=1), rules=lrc)
>>> [str(p) for p in money.payments]  # seat 1 is player 2; seat 2 wins on the dealer's tile
['3->2 5 concealed kong', '0->2 5 concealed kong', '1->2 5 concealed kong', '1->3 30 win']
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.game.events import ROBBED, Event, EventKind
from mahjongkit.money import instant
from mahjongkit.money.penalties import Penalty, false_win, illegal_action, invalid_claim
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import (
    PLAYERS,
    POT,
    Payment,
    SettlementError,
    Win,
    settle,
)
from mahjongkit.rules.ruleset import get_ruleset  # noqa: F401  (doctests)
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import IS_FLOWER, Tile

_DEAL, _DRAW, _DISCARD = EventKind.DEAL, EventKind.DRAW, EventKind.DISCARD
_FLOWER, _CONCEALED_KONG = EventKind.FLOWER, EventKind.CONCEALED_KONG
_CHOW, _PUNG, _KONG = EventKind.CHOW, EventKind.PUNG, EventKind.KONG


@dataclass(frozen=True, slots=True)
class HandMoney:
    """What one hand did to the money, players named by table position."""

    payments: tuple[Payment, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    wins: tuple[Win, ...] = ()
    void: bool = False
    pot: Pot = field(default_factory=Pot)

    @property
    def winners(self) -> tuple[int, ...]:
        """The players who won (none for a draw or a void hand)."""
        return tuple(w.winner for w in self.wins)

    def to_json(self) -> dict[str, Any]:
        """The hand's result and payments as the match contract prints them."""
        return {
            "wins": [
                {
                    "winner": w.winner,
                    "points": w.points,
                    "discarder": w.discarder,
                    "self_drawn": w.self_drawn,
                    "robbed_kong": w.robbed_kong,
                }
                for w in self.wins
            ],
            "void": self.void,
            "payments": [p.to_json() for p in self.payments],
            "penalties": [p.to_json() for p in self.penalties],
            "pot": self.pot.total,
        }


def hand_money(
    events: Sequence[Event],
    *,
    points: Mapping[int, int],
    deal: Deal,
    rules: TableRules,
    dice: Sequence[int] = (),
    pot: Pot | None = None,
    stop_and_drop: Collection[int] = (),
    flower_wins: Collection[int] = (),
) -> HandMoney:
    """The payments of a hand in the order they happen.

    ``points`` gives each winning seat's scored total; ``dice`` is the throw at the wall
    break (LRC triple dice); ``stop_and_drop`` are seats with an incorrect tile count, who
    pay but collect nothing (004 l.436-442); ``flower_wins`` are seats whose win is the
    instant seven- or eight-flower win (004 l.210-211), paid with no other points.
    """
    player = deal.player_at
    pot = pot or Pot()
    out: list[Payment] = []
    penalties: list[Penalty] = []
    flowers: list[list[Tile]] = [[] for _ in range(PLAYERS)]
    wins: list[Win] = []
    void = False

    def to_players(payments: Sequence[Payment]) -> list[Payment]:
        return [
            Payment(
                p.payer if p.payer == POT else player(p.payer),
                p.payee if p.payee == POT else player(p.payee),
                p.amount,
                p.reason,
            )
            for p in payments
        ]

    out += to_players(instant.triple_dice(0, dice, rules) if dice else ())
    # A chase is four discards in a row of one tile by the players in turn, no claim
    # between (`instant.is_chase`): ``streak`` counts the run of such discards ending
    # at the last one, ``last`` is that discard (seat, tile).
    streak = 0
    last = (-1, -1)
    # Bouquets pay nothing at tables without them (MCR): not worked out there.
    bouquets_pay = rules.mixed_bouquet_payment > 0 or rules.full_bouquet_payment > 0
    for e in events:
        k = e.kind
        # Deals and draws are most of the log and move no money: skipped first, by
        # identity (hashing an enum member runs Python code).
        if k is _DEAL or k is _DRAW:
            continue
        if k is _DISCARD:
            seat, tile = e.seat, e.tile
            if streak and last[1] == tile and seat == (last[0] + 1) % PLAYERS:
                streak += 1
            else:
                streak = 1
            last = (seat, tile)
            if streak == 4:
                out += to_players(instant.chasing_tiles((seat + 1) % PLAYERS, tile, rules))
                streak = 0
        elif k is _FLOWER and IS_FLOWER[e.tile]:
            before = tuple(flowers[e.seat])
            flowers[e.seat].append(e.tile)
            if bouquets_pay:
                out += to_players(
                    instant.bouquet_payments(
                        e.seat,
                        before,
                        flowers[e.seat],
                        rules,
                        may_collect=e.seat not in stop_and_drop,
                    )
                )
        elif k is _CONCEALED_KONG:
            out += to_players(
                instant.concealed_kong(e.seat, rules, may_collect=e.seat not in stop_and_drop)
            )
        elif k is _CHOW or k is _PUNG or k is _KONG:
            streak = 0
        elif k is EventKind.FALSE_WIN:
            penalty = false_win(e.seat, rules)
            penalties.append(_penalty_to_players(penalty, player))
            out += to_players(penalty.payments)
            void = void or rules.false_win_voids_hand
        elif k is EventKind.INVALID_CLAIM:
            penalties.append(_penalty_to_players(invalid_claim(e.seat, rules), player))
        elif k is EventKind.ILLEGAL_ACTION:
            penalty = illegal_action(e.seat, rules)
            penalties.append(_penalty_to_players(penalty, player))
            out += to_players(penalty.payments)
        elif k is EventKind.WIN:
            source = e.detail & 3
            discarder = None if source == e.seat else source
            if e.seat in flower_wins:
                # An instant flower win: its value is the flowers' alone (004 l.210-211),
                # as scored where the scorer priced it.
                default = (
                    rules.eight_flowers_win
                    if len(flowers[e.seat]) == 8
                    else rules.seven_flowers_win
                )
                wins.append(Win(e.seat, points.get(e.seat, default)))
                continue
            if e.seat not in points:
                raise SettlementError(f"no points given for the win of seat {e.seat}")
            wins.append(Win(e.seat, points[e.seat], discarder, bool(e.detail & ROBBED)))
    if void:
        wins = []
    flower_winners = [w for w in wins if w.winner in flower_wins]
    if flower_winners:
        w = flower_winners[0]
        count = len(flowers[w.winner])
        out += to_players(instant.flower_win(w.winner, count, rules, w.points))
    elif wins:
        out += to_players(settle(wins, rules, dealer=0, dealer_streak=deal.dealer_streak))
    wins_players = tuple(
        Win(
            player(w.winner),
            w.points,
            None if w.discarder is None else player(w.discarder),
            w.robbed_kong,
        )
        for w in wins
    )
    if len(wins_players) == 1 and wins_players[0].self_drawn and pot.total:
        # The next self-draw winner takes the pot (004 l.470).
        out += list(instant.collect_pot(wins_players[0].winner, pot.total))
    elif not wins_players and not void:
        out += list(instant.dead_hand(rules))
    return HandMoney(tuple(out), tuple(penalties), wins_players, void, pot.after(out))


def _penalty_to_players(penalty: Penalty, player: Callable[[int], int]) -> Penalty:
    return Penalty(
        player(penalty.offender),
        penalty.reason,
        penalty.effect,
        tuple(
            Payment(player(p.payer), player(p.payee), p.amount, p.reason) for p in penalty.payments
        ),
    )


__all__ = ["HandMoney", "hand_money"]
