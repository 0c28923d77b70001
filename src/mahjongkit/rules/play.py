"""The rules of play: the tiles, the wall, the deal, which claims a seat may make, draws.

`PlayRules` is the ``play`` part of a `Ruleset`. Every field is typed and has no default:
each built-in ruleset spells out all its values (`mahjongkit.rules.builtin`), each with
the seed line it rests on, and a house-rules file changes them in its ``[play]`` section.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> mcr = get_ruleset("mcr").play
>>> mcr.dice_throws, mcr.reserve_tiles, mcr.deal_one_and_three
(2, 0, True)
>>> tw = get_ruleset("taiwanese-lrc").play
>>> tw.hand_size, tw.reserve_tiles, tw.missed_tile_rule
(16, 16, True)
"""

from __future__ import annotations

from dataclasses import dataclass

from mahjongkit.errors import MahjongError

DEAL_FLOWER_ORDERS = ("until_none", "in_rounds")
"""How the flowers dealt are replaced: each seat in turn, the dealer first, replaces until
it holds no flower (MCR, 000 l.48), or each seat in turn replaces every flower it
revealed and a replacement that is itself a flower waits until the other seats have
replaced (Taiwanese, 004 l.76)."""


DISCARD_LAYOUTS = ("rows", "centre")
"""Where discards lie: in a row in front of each player, in order (000 l.90), or mixed in
the centre of the table, owner and order not shown (003 l.45, 004 l.46)."""

WALL_LAYOUTS = ("shared", "per_seat")
"""How the wall is laid out: one ring broken by the dice (000 l.30-48), or the shuffled set
cut into four parts, one per seat (the Botzone judge, main.cpp l.645-650)."""

LAST_DISCARD_CLAIMS = ("all", "win_only")
"""What the last discard may be claimed for: a set or a win (003 l.139), or only a win
(the Botzone judge, main.cpp l.449-452, l.468-471)."""


class InvalidPlayRulesError(MahjongError, ValueError):
    """A rule of play with a value the engine cannot follow."""


@dataclass(frozen=True, slots=True)
class PlayRules:
    """How a hand is played: the engine follows these."""

    hand_size: int
    """Tiles in a hand before the draw: 13 (MCR, seed 000 l.44) or 16 (seed 003 l.7)."""
    uses_flowers: bool
    """144 tiles with the eight flowers (000 l.5), or 136 without."""
    wall_layout: str
    """One of `WALL_LAYOUTS`. ``shared``: one ring of four walls, broken by the dice, dealt
    and drawn from one end and replaced from the other (000 l.30-48). ``per_seat``: the
    shuffled set is cut into four equal parts in order, seat 0's first (34 tiles each
    without flowers); a seat is dealt from the end of its own part and draws from it, kong
    and flower replacements too, and the hand is drawn when the seat due to draw finds its
    part empty (the Botzone judge, main.cpp l.645-650, l.386-397, l.413-424). A per-seat
    wall is not broken and has no dead wall: it takes ``dice_throws = 0`` and
    ``draw_stacks_left = 0``."""
    wall_stacks_per_side: int
    """Stacks of two per player's wall: 18 (144 tiles, 000 l.30), 17 without flowers."""
    dice_throws: int
    """MCR: two throws, the first choosing who throws the second (000 l.36); one throw
    counted from the dealer (001 l.20, 004 l.69); none for a per-seat wall."""
    dice_count: int
    """Dice per throw: two (000, 001); three in Taiwanese (004 l.344)."""
    deal_one_and_three: bool
    """MCR: 4-4-4 then the dealer's "one and three" (000 l.44); Taiwanese: four at a time
    to 16, the dealer a 17th (004 l.74-75)."""
    deal_flower_order: str
    """One of `DEAL_FLOWER_ORDERS`. ``until_none``: the dealer replaces until no flower is
    left, then South, West, North (000 l.48). ``in_rounds``: each seat in turn, the dealer
    first, replaces all the flowers it revealed; a replacement that is a flower waits until
    the other seats have replaced, in the next round (004 l.76)."""
    draw_stacks_left: int
    """Stacks left when the hand is drawn: 0 (MCR, the wall is empty), 7 (001 l.42), 8 = the
    16-tile dead wall of 003 l.141."""
    kong_needs_live_tile: bool
    """True: no kong without a tile left to replace it (in a per-seat wall, in the
    declarer's part); False: a kong (or flower) that needs a replacement when none is left
    ends the hand at once (003 l.141)."""
    turn_kong_needs_next_draw: bool
    """A kong on one's own turn (concealed or promoted) needs, besides its replacement, a
    tile left for the next seat's draw: two live tiles in a shared wall; in a per-seat
    wall the declarer's part and the next seat's part both holding a tile (the Botzone
    judge, main.cpp l.215, l.232). False: `kong_needs_live_tile` alone decides."""
    last_discard_claims: str
    """One of `LAST_DISCARD_CLAIMS`: what the last discard, the one after which the next
    seat has no tile to draw, may be claimed for: ``all`` (a set too, the claimer then
    discards again, 003 l.139) or ``win_only`` (the Botzone judge, main.cpp l.449-452)."""
    chow_only_from_left: bool
    """A chow is claimed only from the player on the left (000 l.68, 001 l.29, 003 l.49)."""
    missed_tile_rule: bool
    """A discard a seat passes on cannot be claimed by it again until its next turn
    (004 l.128, l.452)."""
    ting_in_play: bool
    """Calling/Ting may be declared (004 l.165, l.488-506)."""
    ting_may_promote_pung: bool
    """A called (Ting) hand may add the tile it drew to its exposed pung (a promoted kong):
    004 l.503 takes away only adding to a concealed pung (l.165 likewise), and the
    concealed tiles stay as called (l.504). False: no kong at all after Ting."""
    discards: str
    """Where discards lie (`DISCARD_LAYOUTS`). ``rows``: each player's in front of them,
    in order, so everyone sees who threw what and when (MCR, 000 l.90; "a common option in
    modern Chinese Mah Jong", 003 l.47). ``centre``: "randomly in the middle of the table"
    (004 l.46) "so that it cannot be readily seen which tile is discarded by which player,
    or in which order" (003 l.45, classical): an observation then shows the discards as
    counts, and only the last one with its thrower."""
    last_tile_draw_on_replacement: bool
    """A replacement tile (for a kong or a flower) that leaves no tile for the next seat's
    draw scores Last Tile Draw too. False: only a tile drawn from the live wall is the last
    tile (000 l.229). The Botzone judge sets its last-tile flag from the next seat's part
    alone, whatever the tile drawn (main.cpp l.117-119)."""
    last_discard_scores: bool
    """Winning on the discard after the wall's last tile scores as the last tile (MCR Last
    Tile Claim, 000 l.230); 004 scores only the last tile drawn (l.332)."""
    flower_win: bool
    """Seven or eight flowers are a win on one's own turn, whatever the tiles (004 l.210-211,
    l.382-390)."""

    def __post_init__(self) -> None:
        def bad(what: str) -> InvalidPlayRulesError:
            return InvalidPlayRulesError(f"play: {what}")

        if self.deal_flower_order not in DEAL_FLOWER_ORDERS:
            raise bad(f"deal_flower_order must be one of {', '.join(DEAL_FLOWER_ORDERS)}")
        if self.discards not in DISCARD_LAYOUTS:
            raise bad(f"discards must be one of {', '.join(DISCARD_LAYOUTS)}")
        if self.wall_layout not in WALL_LAYOUTS:
            raise bad(f"wall_layout must be one of {', '.join(WALL_LAYOUTS)}")
        if self.last_discard_claims not in LAST_DISCARD_CLAIMS:
            raise bad(f"last_discard_claims must be one of {', '.join(LAST_DISCARD_CLAIMS)}")
        if self.hand_size not in (13, 16):
            raise bad(f"hand_size must be 13 or 16, not {self.hand_size}")
        if self.wall_layout == "per_seat":
            if self.dice_throws != 0:
                raise bad("a per-seat wall is not broken by dice: set dice_throws = 0")
            if self.draw_stacks_left != 0:
                raise bad("a per-seat wall has no dead wall: set draw_stacks_left = 0")
        elif self.dice_throws not in (1, 2):
            raise bad("dice_throws must be 1 or 2 (0 only for a per-seat wall)")
        if self.dice_count not in (2, 3):
            raise bad("dice_count must be 2 or 3")
        if self.wall_stacks_per_side * 8 != (144 if self.uses_flowers else 136):
            raise bad("wall_stacks_per_side must give 144 tiles (136 without flowers)")
        if not 0 <= self.draw_stacks_left <= 20:
            raise bad("draw_stacks_left must be 0..20")

    @property
    def reserve_tiles(self) -> int:
        """Tiles that stay in the wall when the hand is drawn."""
        return 2 * self.draw_stacks_left


__all__ = [
    "DEAL_FLOWER_ORDERS",
    "DISCARD_LAYOUTS",
    "LAST_DISCARD_CLAIMS",
    "WALL_LAYOUTS",
    "InvalidPlayRulesError",
    "PlayRules",
]
