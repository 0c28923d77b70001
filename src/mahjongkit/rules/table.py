"""Table rules: how wins resolve, payments, instant payments, penalties, the run of a game.

`TableRules` is the ``table`` part of a `Ruleset`. Every value is something a club may
change (a house-rules file's ``[table]`` section); each built-in ruleset spells out all of
them (`mahjongkit.rules.builtin`) with the seed line each rests on. ``None`` means "no such
rule" or "no limit"; amounts are in the table's points.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> rules = get_ruleset("mcr").table
>>> rules.win_payments, rules.base_payment, rules.starting_points, rules.hands_per_game
('base_and_points', 8, 0, 16)
>>> lrc = get_ruleset("taiwanese-lrc").table
>>> lrc.starting_points, lrc.dealer_keeps_on_draw, lrc.die_cap, lrc.triple_dice
(2000, False, None, True)
>>> get_ruleset("taiwanese-dxb").table.triple_dice
False
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjongkit.errors import MahjongError

MULTIPLE_WINNERS = ("next_in_turn", "all")
"""How several wins on one discard resolve: the nearest seat after the discarder wins
(MCR, 000 l.74, 001 l.49), or every claimant wins (Taiwanese, 003 l.65, 004 l.454-460)."""

FALSE_WIN = ("continue", "disqualify", "void", "end")
"""What a false win declaration does: play continues (a penalty event only), the declarer
may not win this hand (000 l.98, 002 l.59-60, 001 l.43), the hand is void and replayed
with the same dealer and dice (004 l.144, l.480), or the hand ends at once with no winner
and the declarer pays its penalty (the Botzone judge, main.cpp l.143-144 with l.72-88)."""

ILLEGAL_ACTIONS = ("refuse", "end_hand")
"""What an illegal action does: it is refused and changes nothing, or it is an offence that
ends the hand (the Botzone judge, main.cpp l.72-88)."""

WIN_PAYMENTS = ("base_and_points", "total")
"""Who pays a win. ``base_and_points``: every loser pays the base, and the discarder (or,
self-drawn, everyone) the points too (MCR, 000 l.333-335, 002 l.61-66). ``total``: the
discarder pays the winner's total, or each player on a self-draw (Taiwanese, 004)."""


class InvalidTableRulesError(MahjongError, ValueError):
    """A table rule with a value the money cannot follow."""


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a table agrees on for wins, money and the run of a game."""

    # --- the game -------------------------------------------------------------------
    starting_points: int
    """Each player's score at the start (MCR: none, 000 l.108; Taiwanese: 2,000, 003 l.59)."""
    hands_per_game: int | None
    """Hands in a game, or ``None`` for "four rounds" (MCR 16: 000 l.24, 002 l.219)."""
    dealer_keeps_on_win: bool
    """The dealer keeps the deal after winning (Taiwanese: 003 l.55, 004 l.134)."""
    dealer_keeps_on_draw: bool
    """The dealer keeps the deal after a draw (classical 003 l.55/l.137); the LRC/DXB card
    passes the deal (004 l.134, l.466); 003 l.57 calls passing "a common option"."""
    time_limit_seconds: float | None
    """Tournament time limit of a game: no hand starts after it runs out (000 l.102)."""

    # --- payments for a win ---------------------------------------------------------
    base_payment: int
    """MCR: the 8 points every loser pays on top (000 l.333-335, 002 l.61-66, 001 l.57-60)."""
    multiple_winners: str
    """One of `MULTIPLE_WINNERS`: several claims to win on one discard all win (003 l.65,
    004 l.454-460), or the nearest player after the discarder wins (000 l.74, 001 l.49)."""
    win_payments: str
    """One of `WIN_PAYMENTS`: who pays a win and how much."""
    all_pay_on_discard: bool
    """Taiwanese switch: on a discard, all three losers pay the winner's total (tables where
    all pay) instead of the discarder alone (the card's rule)."""
    robbed_kong_extra: int
    """What the robbed kong's declarer pays on top of the hand. 0 by the card: the
    "additional 10 pts" of 004 l.124 points to "Winning Tile in Scoring", the 10 of Win by
    Robbing a Kong (l.327), which is already in the hand he pays as the discarder (003
    l.131). 10 for tables that pay that 10 twice."""

    # --- instant payments (seed 004) ---------------------------------------------------
    concealed_kong_payment: int
    """Collected from each other player when a concealed kong is declared (004 l.105, l.231)."""
    mixed_bouquet_payment: int
    """From each other player for flowers 1-4 of mixed colours (004 l.208)."""
    full_bouquet_payment: int
    """From each other player for flowers 1-4 of one colour (004 l.209)."""
    seven_flowers_win: int
    """Instant self-drawn win on the 7th flower, from each other player (004 l.210, l.382-386)."""
    eight_flowers_win: int
    """Instant self-drawn win on the 8th flower, from each other player (004 l.211, l.388-390)."""
    chasing_honor_payment: int
    """Chasing tiles, winds and dragons: the first discarder pays each other (004 l.406)."""
    chasing_suit_payment: int
    """Chasing tiles, suit tiles: the first discarder pays each other (004 l.407)."""
    west_wind_exception: bool
    """The 4th West Wind may be shown instead of discarded (004 l.409-411)."""
    die_on_the_wall: bool
    """Dealer streak bonus +3/+5/+7/+9/+11 (004 l.413-432)."""
    die_cap: int | None
    """Highest face the die advances to: no limit by the card (004 l.432); DXB suggests 6
    (l.25, l.432). The scorer's die item stops at the same face."""
    triple_dice: bool
    """LRC: a triple at the wall break pays the dealer 5 (10 for 6-6-6) each (004 l.343-345)."""
    triple_dice_payment: int
    """Each player pays the dealer this for a triple at the wall break (004 l.343)."""
    triple_six_payment: int
    """... and this for 6-6-6 (004 l.345)."""
    dead_hand_pot: int
    """Each player puts this in the pot after a hand with no winner (004 l.136-138, l.462-472)."""

    # --- penalties --------------------------------------------------------------------
    false_win_penalty: int
    """A false win pays this to each other player (Taiwanese 25: 004 l.144, l.478; MCR: none
    by the seeds' minimum rule, 001 l.43; 10 each is the competition option)."""
    false_win: str
    """One of `FALSE_WIN`: what a false declaration of a win does to the hand."""
    illegal_action: str
    """One of `ILLEGAL_ACTIONS`. ``refuse``: an illegal action raises `IllegalActionError`
    and changes nothing. ``end_hand``: it is an offence, recorded, that ends the hand at
    once with no winner; the offender pays ``illegal_action_penalty`` to each other player
    (the Botzone judge, main.cpp l.72-88). A pass by a seat with nothing to decide is still
    refused: the judge asks every seat at every step and a pass is its empty answer."""
    illegal_action_penalty: int
    """What an illegal action that ends the hand pays to each other player (the Botzone
    judge: 10 each, 30 in all, main.cpp l.72-88); the seeds name no such penalty."""
    invalid_claim_forfeits: bool
    """An invalid claim forfeits the right to win this hand (bp-club, 001 l.52)."""
    unrevealed_kong_penalty: int
    """A concealed kong not revealed at the end pays this to each player (004 l.232)."""

    def __post_init__(self) -> None:
        for name, allowed in (
            ("multiple_winners", MULTIPLE_WINNERS),
            ("false_win", FALSE_WIN),
            ("illegal_action", ILLEGAL_ACTIONS),
            ("win_payments", WIN_PAYMENTS),
        ):
            if getattr(self, name) not in allowed:
                value = getattr(self, name)
                raise InvalidTableRulesError(
                    f"table: {name} must be one of {', '.join(allowed)}, not {value!r}"
                )
        if self.die_cap is not None and self.die_cap < 1:
            raise InvalidTableRulesError("table: die_cap must be at least 1 (or none)")

    @property
    def false_win_voids_hand(self) -> bool:
        """A false win voids the hand (``false_win = "void"``)."""
        return self.false_win == "void"

    @property
    def false_win_ends_hand(self) -> bool:
        """A false win ends the hand with no winner (``false_win = "end"``)."""
        return self.false_win == "end"

    @property
    def false_win_disqualifies(self) -> bool:
        """A false win bars the declarer from winning this hand."""
        return self.false_win == "disqualify"


COMPETITION_FALSE_WIN = 10
"""The competition penalty for a false win: 30 in all, 10 to each other player."""


__all__ = [
    "COMPETITION_FALSE_WIN",
    "FALSE_WIN",
    "ILLEGAL_ACTIONS",
    "MULTIPLE_WINNERS",
    "WIN_PAYMENTS",
    "InvalidTableRulesError",
    "TableRules",
]
