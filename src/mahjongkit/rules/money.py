"""Table rules for money and the run of a game: payments, instant payments, penalties, rotation.

Every value here is something a club may change. The defaults come from the seed
documents (the line each rests on is named beside the field); a ruleset overrides any
field with a ruleset option of the same name, so a house-rules file can re-price a table
without code.

>>> rules = table_rules("mcr")
>>> rules.family, rules.base_payment, rules.starting_points, rules.hands_per_game
('mcr', 8, 0, 16)
>>> lrc = table_rules("taiwanese-lrc")
>>> lrc.starting_points, lrc.dealer_keeps_on_draw, lrc.die_cap, lrc.triple_dice
(2000, False, None, True)
>>> table_rules("taiwanese-dxb").die_cap is None
True
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from functools import cache
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.rules.play import PlayRules, play_rules
from mahjongkit.rules.ruleset import Ruleset, get_ruleset


@dataclass(frozen=True, slots=True)
class TableRules:
    """What a table agrees on for money and for the run of a game.

    Amounts are in the table's points. ``None`` means "no such rule" or "no limit".
    """

    family: str
    """``mcr`` (MCR and its house variants) or ``taiwanese``."""

    # --- the game -------------------------------------------------------------------
    starting_points: int = 0
    """Each player's score at the start (MCR: none, 000 l.108; Taiwanese: 2,000, 003 l.59)."""
    hands_per_game: int | None = None
    """Hands in a game, or ``None`` for "four rounds" (MCR 16: 000 l.24, 002 l.219)."""
    dealer_keeps_on_win: bool = False
    """The dealer keeps the deal after winning (Taiwanese: 003 l.55, 004 l.134)."""
    dealer_keeps_on_draw: bool = False
    """The dealer keeps the deal after a draw (classical 003 l.55/l.137); the LRC/DXB card
    passes the deal (004 l.134, l.466); 003 l.57 calls passing "a common option"."""
    time_limit_seconds: float | None = None
    """Tournament time limit of a game: no hand starts after it runs out (000 l.102)."""

    # --- payments for a win ---------------------------------------------------------
    base_payment: int = 0
    """MCR: the 8 points every loser pays on top (000 l.333-335, 002 l.61-66, 001 l.57-60)."""
    multiple_winners: bool = False
    """Several players may win on one discard (003 l.65, 004 l.454-460); MCR gives the win
    to the nearest player after the discarder (000 l.334, 001 l.49)."""
    all_pay_on_discard: bool = False
    """Taiwanese switch: on a discard, all three losers pay the winner's total (tables where
    all pay) instead of the discarder alone (the card's rule)."""
    robbed_kong_extra: int = 0
    """Taiwanese: the robbed kong's declarer pays this much more (004 l.124)."""

    # --- instant payments (seed 004) ---------------------------------------------------
    concealed_kong_payment: int = 0
    """Collected from each other player when a concealed kong is declared (004 l.105, l.231)."""
    mixed_bouquet_payment: int = 0
    """From each other player for flowers 1-4 of mixed colours (004 l.208)."""
    full_bouquet_payment: int = 0
    """From each other player for flowers 1-4 of one colour (004 l.209)."""
    seven_flowers_win: int = 0
    """Instant self-drawn win on the 7th flower, from each other player (004 l.210, l.382-386)."""
    eight_flowers_win: int = 0
    """Instant self-drawn win on the 8th flower, from each other player (004 l.211, l.388-390)."""
    chasing_honor_payment: int = 0
    """Chasing tiles, winds and dragons: the first discarder pays each other (004 l.406)."""
    chasing_suit_payment: int = 0
    """Chasing tiles, suit tiles: the first discarder pays each other (004 l.407)."""
    west_wind_exception: bool = False
    """The 4th West Wind may be shown instead of discarded (004 l.409-411)."""
    die_on_the_wall: bool = False
    """Dealer streak bonus +3/+5/+7/+9/+11 (004 l.413-432)."""
    die_cap: int | None = None
    """Highest face the die advances to: no limit by the card (004 l.432); DXB suggests 6
    (l.25, l.432). Set with the scorer's option ``dealer_streak_cap`` (0: no cap)."""
    triple_dice: bool = False
    """LRC: a triple at the wall break pays the dealer 5 (10 for 6-6-6) each (004 l.343-345)."""
    triple_dice_payment: int = 5
    triple_six_payment: int = 10
    dead_hand_pot: int = 0
    """Each player puts this in the pot after a hand with no winner (004 l.136-138, l.462-472)."""

    # --- penalties --------------------------------------------------------------------
    false_win_penalty: int = 0
    """A false win pays this to each other player (Taiwanese 25: 004 l.144, l.478; MCR: none
    by the seeds' minimum rule, 001 l.43; 10 each is the competition option)."""
    false_win_voids_hand: bool = False
    """A false win voids the hand, replayed with the same dealer and dice (004 l.144, l.480)."""
    false_win_disqualifies: bool = True
    """A false win bars the declarer from winning this hand (the minimum rule, 001 l.43)."""
    false_win_ends_hand: bool = False
    """A false win ends the hand at once with no winner (the Botzone judge, main.cpp
    l.143-144; follows the play rule ``false_win = "end"``)."""
    illegal_action_penalty: int = 0
    """An illegal action that ends the hand (the play rule ``illegal_action = "end_hand"``)
    pays this to each other player (the Botzone judge: 10 each, 30 in all, main.cpp
    l.72-88); the seeds name no such penalty: 0."""
    invalid_claim_forfeits: bool = False
    """An invalid claim forfeits the right to win this hand (bp-club, 001 l.52)."""
    unrevealed_kong_penalty: int = 0
    """A concealed kong not revealed at the end pays this to each player (004 l.232)."""

    def with_options(self, options: dict[str, Any]) -> TableRules:
        """These rules with the named fields replaced; unknown names are left alone.

        >>> table_rules("mcr").with_options({"base_payment": 5}).base_payment
        5
        >>> try:
        ...     table_rules("mcr").with_options({"base_payment": "8"})
        ... except InvalidTableRulesError as err:
        ...     print(err)
        table rule base_payment must be a whole number, not '8'
        """
        kinds = {f.name: str(f.type) for f in fields(self)}
        known: dict[str, Any] = {}
        for key, value in options.items():
            kind = kinds.get(key)
            if kind is None or key == "family":
                continue
            known[key] = _checked(key, kind, value)
        return replace(self, **known) if known else self


class InvalidTableRulesError(MahjongError, ValueError):
    """A table-rule option whose value has the wrong type."""


def _checked(key: str, kind: str, value: Any) -> Any:
    if value is None and "None" in kind:
        return None
    if kind == "bool":
        if not isinstance(value, bool):
            raise InvalidTableRulesError(f"table rule {key} must be true or false, not {value!r}")
        return value
    if kind.startswith("int"):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise InvalidTableRulesError(f"table rule {key} must be a whole number, not {value!r}")
        return value
    if kind.startswith("float"):
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0:
            raise InvalidTableRulesError(f"table rule {key} must be a number, not {value!r}")
        return float(value)
    return value


MCR_TABLE = TableRules(
    family="mcr",
    starting_points=0,
    hands_per_game=16,
    base_payment=8,
)
"""MCR money as seeds 000 and 002 state it."""

COMPETITION_FALSE_WIN = 10
"""The competition penalty for a false win: 30 in all, 10 to each other player."""

TAIWANESE_TABLE = TableRules(
    family="taiwanese",
    starting_points=2000,
    hands_per_game=None,
    dealer_keeps_on_win=True,
    dealer_keeps_on_draw=False,
    multiple_winners=True,
    robbed_kong_extra=10,
    concealed_kong_payment=5,
    mixed_bouquet_payment=5,
    full_bouquet_payment=10,
    seven_flowers_win=20,
    eight_flowers_win=40,
    chasing_honor_payment=5,
    chasing_suit_payment=10,
    west_wind_exception=True,
    die_on_the_wall=True,
    die_cap=None,
    dead_hand_pot=5,
    false_win_penalty=25,
    false_win_voids_hand=True,
    unrevealed_kong_penalty=10,
)
"""Taiwanese money as the LRC column of seed 004 states it, with seed 003's gameplay."""


READ_FROM_PLAY = frozenset(
    {
        "multiple_winners",
        "false_win_voids_hand",
        "false_win_disqualifies",
        "false_win_ends_hand",
        "invalid_claim_forfeits",
    }
)
"""Table-rule fields that follow a rule of play, so one option sets the engine and the money
alike and the two never disagree (`PlayRules.multiple_winners`, `false_win`,
`false_claim_forfeits_win`)."""


def table_rules(ruleset: str | Ruleset) -> TableRules:
    """The table rules of a ruleset: its family's defaults, then its own options.

    >>> table_rules("taiwanese-dxb").triple_dice, table_rules("taiwanese-lrc").triple_dice
    (False, True)
    """
    return _table_rules(get_ruleset(ruleset))


@cache
def _table_rules(rules: Ruleset) -> TableRules:
    """`table_rules`, worked out once per ruleset (a ruleset is a value, and the simulator
    and a match ask for every hand)."""
    play = play_rules(rules)
    if rules.scoring == "taiwanese":
        base = TAIWANESE_TABLE
        # Triple dice at the wall break is LRC only (004 l.343).
        base = replace(base, triple_dice=rules.column != "dxb")
        cap = rules.option("dealer_streak_cap")
        if cap:
            # One option for the scorer's die item and the money: the table agrees once.
            base = replace(base, die_cap=int(cap))
    else:
        base = MCR_TABLE
    # The rules of play name the same switches for the engine; one ruleset option then
    # sets both, and the money never disagrees with what the engine did.
    base = replace(
        base,
        multiple_winners=play.multiple_winners == "all",
        false_win_voids_hand=play.false_win == "void",
        false_win_disqualifies=play.false_win == "disqualify",
        false_win_ends_hand=play.false_win == "end",
        invalid_claim_forfeits=play.false_claim_forfeits_win,
    )
    # Options the rules of play own (``multiple_winners`` there is a word, not a flag)
    # were read through `play` above.
    own = {
        k: v
        for k, v in rules.options
        if k not in PlayRules.__dataclass_fields__ and k not in READ_FROM_PLAY
    }
    return base.with_options(own)


__all__ = [
    "COMPETITION_FALSE_WIN",
    "MCR_TABLE",
    "READ_FROM_PLAY",
    "TAIWANESE_TABLE",
    "InvalidTableRulesError",
    "TableRules",
    "table_rules",
]
