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
>>> mcr.discards, tw.discards
('rows', 'centre')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import Ruleset

MULTIPLE_WINNERS = ("next_in_turn", "all")
"""How several wins on one discard resolve: the nearest seat after the discarder wins
(MCR, seed 000 line 74), or every claimant wins (Taiwanese, seed 003 line 65)."""

DISCARD_LAYOUTS = ("rows", "centre")
"""Where discards lie: in a row in front of each player, in order (seed 000 line 90), or
mixed in the centre of the table, owner and order not shown (seed 003 line 45, seed 004
line 46)."""

FALSE_WIN = ("continue", "disqualify", "void")
"""What a false win declaration does: play continues (a penalty event only), the
declarer may not win this hand (seed 001 line 43), or the hand is void (seed 004 line 480)."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """The table rules the game engine follows, resolved for one ruleset."""

    hand_size: int = 13
    uses_flowers: bool = True
    wall_stacks_per_side: int = 18
    """Stacks of two per player's wall: 18 (144 tiles, seed 000 line 30), 17 without flowers."""
    dice_throws: int = 2
    """MCR: two throws, the first choosing who throws the second (seed 000 line 36);
    one throw counted from the dealer (seed 001 line 20, seed 004 line 69)."""
    dice_count: int = 2
    """Dice per throw: two (seeds 000, 001); three in Taiwanese (seed 004 line 344)."""
    deal_one_and_three: bool = True
    """MCR: 4-4-4 then the dealer's "one and three" (seed 000 line 44); Taiwanese: four at
    a time to 16, the dealer a 17th (seed 004 lines 74-75)."""
    deal_flowers_round_robin: bool = False
    """False: the dealer replaces until no flower, then South... (seed 000 line 48);
    True: one replacement per seat in turn (seed 004 line 76)."""
    draw_stacks_left: int = 0
    """Stacks left when the hand is drawn: 0 (MCR, the wall is empty), 7 (seed 001 line
    42), 8 = the 16-tile dead wall of seed 003 line 141."""
    kong_needs_live_tile: bool = True
    """True: no kong without a tile left to replace it; False: a kong (or flower) that needs
    a replacement when none is left ends the hand at once (seed 003 line 141)."""
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
    (seed 000 line 98, seed 002 lines 59-60, seed 001 line 43); ``void`` in Taiwanese."""
    last_discard_scores: bool = True
    """Winning on the discard after the wall's last tile scores as the last tile (MCR Last
    Tile Claim, seed 000 line 230); seed 004 scores only the last tile drawn (line 332)."""
    flower_win: bool = False
    """Seven or eight flowers are a win on one's own turn, whatever the tiles (seed 004
    lines 210-211, 382-390)."""
    discards: str = "rows"
    """Where discards lie (`DISCARD_LAYOUTS`). ``rows``: each player's in front of them,
    in order, so everyone sees who threw what and when (MCR, seed 000 line 90; "a common
    option in modern Chinese Mah Jong", seed 003 line 47). ``centre``: "randomly in the
    middle of the table" (seed 004 line 46) "so that it cannot be readily seen which tile
    is discarded by which player, or in which order" (seed 003 line 45, classical): an
    observation then shows the discards as counts, and only the last one with its
    thrower. Default: rows (MCR), centre (Taiwanese: both its seeds)."""

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
            "discards": "centre",
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
    if rules.discards not in DISCARD_LAYOUTS:
        raise bad(f"discards must be one of {DISCARD_LAYOUTS}")
    if rules.false_win not in FALSE_WIN:
        raise bad(f"false_win must be one of {FALSE_WIN}")
    if rules.dice_throws not in (1, 2) or rules.dice_count not in (2, 3):
        raise bad("dice_throws must be 1 or 2 and dice_count 2 or 3")
    if rules.wall_stacks_per_side * 8 != (144 if rules.uses_flowers else 136):
        raise bad("wall_stacks_per_side must give 144 tiles (136 without flowers)")
    if not 0 <= rules.draw_stacks_left <= 20:
        raise bad("draw_stacks_left must be 0..20")


__all__ = [
    "DISCARD_LAYOUTS",
    "FALSE_WIN",
    "MULTIPLE_WINNERS",
    "InvalidPlayRulesError",
    "PlayRules",
    "play_rules",
]
