"""Table rules of play for a ruleset: the wall, the deal, claims, wins and draws.

Every value is read from the ruleset's ``options`` (so a house-rules file can change it)
with a default that depends on the scoring family (``mcr`` or ``taiwanese``). Each
default names the seed line it rests on.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> mcr = play_rules(get_ruleset("mcr"))
>>> mcr.dice_throws, mcr.reserve_tiles, mcr.multiple_winners
(2, 0, 'next_in_turn')
>>> tw = play_rules(get_ruleset("taiwanese-lrc"))
>>> tw.hand_size, tw.reserve_tiles, tw.multiple_winners, tw.missed_tile_rule
(16, 16, 'all', True)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import Ruleset

MULTIPLE_WINNERS = ("next_in_turn", "all")
"""How several wins on one discard resolve: the nearest seat after the discarder wins
(MCR, seed 000 line 74), or every claimant wins (Taiwanese, seed 003 line 65)."""

FALSE_WIN = ("continue", "disqualify", "void", "end")
"""What a false win declaration does: play continues (a penalty event only), the
declarer may not win this hand (seed 001 line 43), the hand is void (seed 004 line 480), or
the hand ends at once with no winner and the declarer pays its penalty (the Botzone judge,
main.cpp l.143-144 with l.72-88)."""

WALL_LAYOUTS = ("shared", "per_seat")
"""How the wall is laid out: one ring broken by the dice (seed 000 lines 30-48), or the
shuffled set cut into four parts, one per seat (the Botzone judge, main.cpp l.645-650)."""

LAST_DISCARD_CLAIMS = ("all", "win_only")
"""What the last discard may be claimed for: a set or a win (seed 003 line 139), or only a
win (the Botzone judge, main.cpp l.449-452, l.468-471)."""

ILLEGAL_ACTIONS = ("refuse", "end_hand")
"""What an illegal action does: it is refused and changes nothing, or it is an offence that
ends the hand (the Botzone judge, main.cpp l.72-88)."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The table rules the game engine follows, resolved for one ruleset."""

    hand_size: int = 13
    uses_flowers: bool = True
    wall_stacks_per_side: int = 18
    """Stacks of two per player's wall: 18 (144 tiles, seed 000 line 30), 17 without flowers."""
    dice_throws: int = 2
    """MCR: two throws, the first choosing who throws the second (seed 000 line 36);
    one throw counted from the dealer (seed 001 line 20, seed 004 line 69); none for a
    per-seat wall, which is not broken."""
    dice_count: int = 2
    """Dice per throw: two (seeds 000, 001); three in Taiwanese (seed 004 line 344)."""
    deal_one_and_three: bool = True
    """MCR: 4-4-4 then the dealer's "one and three" (seed 000 line 44); Taiwanese: four at
    a time to 16, the dealer a 17th (seed 004 lines 74-75)."""
    deal_flowers_round_robin: bool = False
    """False: the dealer replaces until no flower, then South... (seed 000 line 48);
    True: one replacement per seat in turn (seed 004 line 76)."""
    wall_layout: str = "shared"
    """``shared`` (default): one ring of four walls, broken by the dice, dealt and drawn from
    one end and replaced from the other (seed 000 lines 30-48). ``per_seat``: the shuffled
    set is cut into four equal parts in order, seat 0's first (34 tiles each without
    flowers); a seat is dealt from the end of its own part and draws from it, kong and
    flower replacements too, and the hand is drawn when the seat due to draw finds its part
    empty (the Botzone judge, main.cpp l.645-650, l.386-397, l.413-424). A per-seat wall is
    not broken and has no dead wall: it takes ``dice_throws = 0`` and
    ``draw_stacks_left = 0``; the one-and-three deal has no meaning there."""
    draw_stacks_left: int = 0
    """Stacks left when the hand is drawn: 0 (MCR, the wall is empty), 7 (seed 001 line
    42), 8 = the 16-tile dead wall of seed 003 line 141."""
    kong_needs_live_tile: bool = True
    """True: no kong without a tile left to replace it (in a per-seat wall, in the declarer's
    part); False: a kong (or flower) that needs a replacement when none is left ends the
    hand at once (seed 003 line 141)."""
    turn_kong_needs_next_draw: bool = False
    """A kong on one's own turn (concealed or promoted) needs, besides its replacement, a
    tile left for the next seat's draw: two live tiles in a shared wall; in a per-seat wall
    the declarer's part and the next seat's part both holding a tile (the Botzone judge,
    main.cpp l.215, l.232). Default False: `kong_needs_live_tile` alone decides."""
    last_discard_claims: str = "all"
    """What the last discard, the one after which the next seat has no tile to draw, may be
    claimed for: ``all`` (default: a set too, the claimer then discards again, seed 003 line
    139) or ``win_only`` (no chow, pung or kong: the Botzone judge, main.cpp l.449-452,
    l.468-471)."""
    multiple_winners: str = "next_in_turn"
    chow_only_from_left: bool = True
    missed_tile_rule: bool = False
    """A discard a seat passes on cannot be claimed by it again until its next turn
    (seed 004 lines 128, 452)."""
    ting_in_play: bool = False
    """Calling/Ting in play (seed 004 lines 165, 488-506)."""
    false_claim_forfeits_win: bool = False
    """Claiming an invalid meld forfeits the right to win the hand (seed 001 line 52)."""
    false_win: str = "disqualify"
    """A false declaration bars the declarer from winning this hand: MCR's minimum rule
    (seed 000 line 98, seed 002 lines 59-60, seed 001 line 43); ``void`` in Taiwanese;
    ``end`` ends the hand with no winner, the declarer paying ``false_win_penalty`` to each
    other player (the Botzone judge, main.cpp l.143-144)."""
    illegal_action: str = "refuse"
    """``refuse`` (default): an illegal action raises `IllegalActionError` and changes
    nothing. ``end_hand``: it is an offence, recorded, that ends the hand at once with no
    winner; the offender pays ``illegal_action_penalty`` to each other player (the Botzone
    judge, main.cpp l.72-88: any wrong answer costs 30, 10 to each). A pass by a seat with
    nothing to decide is still refused: the judge asks every seat at every step and a pass
    is its empty answer."""
    last_discard_scores: bool = True
    """Winning on the discard after the wall's last tile scores as the last tile (MCR Last
    Tile Claim, seed 000 line 230); seed 004 scores only the last tile drawn (line 332)."""
    last_tile_draw_on_replacement: bool = False
    """A replacement tile (for a kong or a flower) that leaves no tile for the next seat's
    draw scores Last Tile Draw too. Default False: only a tile drawn from the live wall is
    the last tile (seed 000 line 229). The Botzone judge sets its last-tile flag from the
    next seat's part alone, whatever the tile drawn (main.cpp l.117-119)."""
    flower_win: bool = False
    """Seven or eight flowers are a win on one's own turn, whatever the tiles (seed 004
    lines 210-211, 382-390)."""

    @property
    def reserve_tiles(self) -> int:
        """Tiles that stay in the wall when the hand is drawn."""
        return 2 * self.draw_stacks_left


class InvalidPlayRulesError(MahjongError, ValueError):
    """A ruleset option for play with a value the engine cannot follow."""


def _family_defaults(ruleset: Ruleset) -> dict[str, Any]:
    if ruleset.scoring == "taiwanese":
        return {
            "dice_throws": 1,
            "dice_count": 3,
            "deal_one_and_three": False,
            "deal_flowers_round_robin": True,
            "draw_stacks_left": 8,
            "kong_needs_live_tile": False,
            "multiple_winners": "all",
            "missed_tile_rule": True,
            "ting_in_play": True,
            "false_win": "void",
            "flower_win": True,
            "last_discard_scores": False,
        }
    return {}


def play_rules(ruleset: Ruleset) -> PlayRules:
    """The play rules of a ruleset: family defaults overridden by its options."""
    values: dict[str, Any] = {
        "hand_size": ruleset.hand_size,
        "uses_flowers": ruleset.uses_flowers,
        "wall_stacks_per_side": 18 if ruleset.uses_flowers else 17,
    }
    values.update(_family_defaults(ruleset))
    for name in PlayRules.__dataclass_fields__:
        if name in ("hand_size", "uses_flowers"):
            continue
        value = ruleset.option(name)
        if value is not None:
            values[name] = value
    rules = PlayRules(**values)
    _check(rules, ruleset.name)
    return rules


def _check(rules: PlayRules, name: str) -> None:
    def bad(what: str) -> InvalidPlayRulesError:
        return InvalidPlayRulesError(f"ruleset {name!r}: {what}")

    if rules.multiple_winners not in MULTIPLE_WINNERS:
        raise bad(f"multiple_winners must be one of {MULTIPLE_WINNERS}")
    if rules.false_win not in FALSE_WIN:
        raise bad(f"false_win must be one of {FALSE_WIN}")
    if rules.wall_layout not in WALL_LAYOUTS:
        raise bad(f"wall_layout must be one of {WALL_LAYOUTS}")
    if rules.last_discard_claims not in LAST_DISCARD_CLAIMS:
        raise bad(f"last_discard_claims must be one of {LAST_DISCARD_CLAIMS}")
    if rules.illegal_action not in ILLEGAL_ACTIONS:
        raise bad(f"illegal_action must be one of {ILLEGAL_ACTIONS}")
    if rules.wall_layout == "per_seat":
        if rules.dice_throws != 0:
            raise bad("a per-seat wall is not broken by dice: set dice_throws = 0")
        if rules.draw_stacks_left != 0:
            raise bad("a per-seat wall has no dead wall: set draw_stacks_left = 0")
    elif rules.dice_throws not in (1, 2):
        raise bad("dice_throws must be 1 or 2 (0 only for a per-seat wall)")
    if rules.dice_count not in (2, 3):
        raise bad("dice_count must be 2 or 3")
    if rules.wall_stacks_per_side * 8 != (144 if rules.uses_flowers else 136):
        raise bad("wall_stacks_per_side must give 144 tiles (136 without flowers)")
    if not 0 <= rules.draw_stacks_left <= 20:
        raise bad("draw_stacks_left must be 0..20")


__all__ = [
    "FALSE_WIN",
    "ILLEGAL_ACTIONS",
    "LAST_DISCARD_CLAIMS",
    "MULTIPLE_WINNERS",
    "WALL_LAYOUTS",
    "InvalidPlayRulesError",
    "PlayRules",
    "play_rules",
]
