"""What a seat may do at a decision, from what it holds and what the table shows.

The rules of a decision that both the engine (`mahjongkit.game.state.HandState`) and a
seat's own position (`mahjongkit.game.position.Position`) follow, written once: the
actions of a turn, the answers to a discard or a promoted kong, when a kong may be
declared, and the circumstances and score of a win. Each takes only what the seat may
know: its own tiles, the public table, and the wall's counts (`WallCount`), never the
other hands or the order of the wall.

>>> from mahjongkit.game.wall import WallCount
>>> from mahjongkit.notation import parse_tiles
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> from mahjongkit.tiles import tiles_to_counts
>>> rules = get_ruleset("mcr").play
>>> counts = tiles_to_counts(parse_tiles("1134m"))
>>> acts = answer_actions(rules, WallCount(50, 0), 1, 0, 1, counts, ting=False, missed=0,
...                       robbing=False, can_win=lambda: False)
>>> [str(a) for a in acts]
['chow 123m', 'chow 234m', 'pass']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import compress

from mahjongkit.completion import ready_after_discard
from mahjongkit.game.actions import (
    CHOWS,
    CONCEALED_KONGS,
    DISCARDS,
    KONG,
    PASS,
    PROMOTED_KONGS,
    PUNG,
    TINGS,
    WIN,
    Action,
)
from mahjongkit.game.events import DRAW_FLOWER, DRAW_KONG, DRAW_WALL
from mahjongkit.game.wall import WallCount
from mahjongkit.hand import PUNG as PUNG_MELD
from mahjongkit.hand import Hand, Meld
from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.scoring import Score, Situation, score
from mahjongkit.tiles import EAST, NUM_KINDS, RANK, SUIT, Tile


def _chow_shapes(tile: Tile) -> tuple[tuple[Tile, Tile, Tile], ...]:
    """The chows a discard can complete: (lowest tile, the two other tiles needed)."""
    if tile >= 27:
        return ()
    r = RANK[tile]
    out = []
    for start in (tile - 2, tile - 1, tile):
        sr = r - (tile - start)
        if 1 <= sr <= 7 and SUIT[start] == SUIT[tile]:
            a, b = (x for x in (start, start + 1, start + 2) if x != tile)
            out.append((start, a, b))
    return tuple(out)


CHOW_SHAPES = tuple(_chow_shapes(t) for t in range(NUM_KINDS))
"""By tile: the chows a discard of it can complete, each as (lowest tile, the two other
tiles the claimer needs)."""


def kong_allowed(rules: PlayRules, wall: WallCount, seat: int) -> bool:
    """May ``seat`` declare a kong of a discard, as far as the wall goes? MCR: not without
    a tile to replace it (000 l.82); Taiwanese: the kong ends the hand instead (003 l.141)
    (`PlayRules.kong_needs_live_tile`)."""
    return not rules.kong_needs_live_tile or wall.can_draw(seat)


def turn_kong_allowed(rules: PlayRules, wall: WallCount, seat: int) -> bool:
    """`kong_allowed` for a kong on the seat's own turn: where the table says so, the next
    seat's draw must be there too, after the replacement (the Botzone judge, main.cpp
    l.215, l.232; `PlayRules.turn_kong_needs_next_draw`)."""
    if rules.turn_kong_needs_next_draw:
        return wall.can_draw_in_turn((seat, (seat + 1) % 4))
    return kong_allowed(rules, wall, seat)


def sets_claimable(rules: PlayRules, wall: WallCount, giver: int) -> bool:
    """May ``giver``'s discard be claimed for a set, not only to win? The last discard,
    after which the next seat has nothing to draw, may be claimed only to win where the
    table says so (the Botzone judge, main.cpp l.449-452, l.468-471;
    `PlayRules.last_discard_claims`)."""
    return rules.last_discard_claims == "all" or wall.can_draw((giver + 1) % 4)


def flower_win(rules: PlayRules, flowers: Sequence[Tile]) -> bool:
    """Do these flowers win on the seat's own turn, whatever its tiles? Seven or eight
    flowers do where the table says so (004 l.210-211, l.382-390; `PlayRules.flower_win`)."""
    return rules.flower_win and len(flowers) >= 7


def turn_actions(
    rules: PlayRules,
    wall: WallCount,
    seat: int,
    counts: Sequence[int],
    keys: Sequence[int],
    melds: Sequence[Meld],
    tile: Tile,
    ting: bool,
    can_win: Callable[[], bool],
) -> tuple[Action, ...]:
    """What ``seat`` may do on its turn, holding ``counts`` (with the extra tile) as its
    concealed tiles (``keys``: their `mahjongkit.completion.suit_keys`) and
    ``melds``. ``tile`` is the tile it just drew (or was dealt), -1 after claiming a chow
    or pung: then it only discards (003 l.101, l.109). ``can_win()`` says whether a win
    on ``tile`` would qualify; it is asked only when a win may be declared.
    """
    acts: list[Action] = []
    if tile >= 0:
        if can_win():
            acts.append(WIN)
        if (
            (melds or 4 in counts)
            and (not ting or (melds and rules.ting_may_promote_pung))
            and turn_kong_allowed(rules, wall, seat)
        ):
            if 4 in counts and not ting:
                acts += [CONCEALED_KONGS[t] for t in range(NUM_KINDS) if counts[t] == 4]
            for m in melds:
                # A called hand adds only the tile it drew: its concealed tiles stay as
                # called (004 l.503-504).
                if m.kind is PUNG_MELD and counts[m.tile] and (not ting or m.tile == tile):
                    acts.append(PROMOTED_KONGS[m.tile])
        if ting:
            # A called hand is locked: it discards what it drew (004 l.504).
            acts.append(DISCARDS[tile])
            return tuple(acts)
    if not acts and not rules.ting_in_play:
        return tuple(compress(DISCARDS, counts))  # the usual turn: discards only
    acts += compress(DISCARDS, counts)
    if rules.ting_in_play and not ting:
        # Ting is declared on the regular form only (004 l.336: not in Nico Nico or the
        # orphan hands).
        sets = rules.hand_size // 3 - len(melds)
        ready = ready_after_discard((keys[0], keys[1], keys[2], keys[3]), sets)
        if ready:
            acts += [TINGS[t] for t in range(NUM_KINDS) if ready >> t & 1 and counts[t]]
    return tuple(acts)


def answer_actions(
    rules: PlayRules,
    wall: WallCount,
    seat: int,
    giver: int,
    tile: Tile,
    counts: Sequence[int],
    ting: bool,
    missed: int,
    robbing: bool,
    can_win: Callable[[], bool],
) -> tuple[Action, ...]:
    """What ``seat`` may answer to ``giver``'s discard of ``tile`` (or, ``robbing``, to
    the tile ``giver`` adds to its pung): empty when it has no claim to make, else its
    claims and a pass. ``missed`` has bit ``t`` set for each tile the seat passed on since
    its last turn (004 l.452, `PlayRules.missed_tile_rule`); ``can_win()`` says whether a
    win on ``tile`` would qualify.
    """
    if missed >> tile & 1:
        return ()
    if robbing:
        # A promoted kong is robbed only to win (003 l.131, 004 l.124).
        return (WIN, PASS) if can_win() else ()
    acts: list[Action] = []
    if can_win():
        acts.append(WIN)
    # A called hand may only win (004 l.504).
    if not ting and sets_claimable(rules, wall, giver):
        c = counts[tile]
        if c >= 2:
            if c == 3 and kong_allowed(rules, wall, seat):
                acts.append(KONG)
            acts.append(PUNG)
        # A chow only from the player on the left (000 l.68, 003 l.49).
        if seat == (giver + 1) % 4 or not rules.chow_only_from_left:
            for low, a, b in CHOW_SHAPES[tile]:
                if counts[a] and counts[b]:
                    acts.append(CHOWS[low])
    if acts:
        acts.append(PASS)
    return tuple(acts)


def win_situation(
    rules: PlayRules,
    wall: WallCount,
    seat: int,
    *,
    self_drawn: bool,
    robbing: bool,
    giver: int | None,
    draw_source: int,
    seen: int,
    flowers: Sequence[Tile],
    ting: bool,
    prevalent_wind: Tile,
    discard_count: int,
    declared: bool,
    tiles_on_table: int,
    dealer_streak: int,
) -> Situation:
    """The circumstances of ``seat`` winning now, from what the table shows.

    ``giver`` is the discarder (or the kong's declarer, ``robbing``), ignored for a
    self-drawn win; ``draw_source`` how the seat's last tile came (`DRAW_WALL`,
    `DRAW_KONG`, `DRAW_FLOWER`); ``seen`` the copies of the winning tile shown on the
    table (discards and exposed melds, a discard being won on included);
    ``discard_count`` the discards so far, ``declared`` whether any meld was made (the
    heavenly and earthly hands); ``tiles_on_table`` the discards lying there and every
    declared set's tiles (004 l.329-331).
    """
    if self_drawn:
        giver = None
    from_wall = self_drawn and draw_source == DRAW_WALL
    if self_drawn:
        # The last tile of the wall: Last Tile Draw (000 l.229), Seabed (004 l.332): the
        # next seat has nothing to draw.
        last = (from_wall or rules.last_tile_draw_on_replacement) and not wall.can_draw(
            (seat + 1) % 4
        )
    else:
        # Last Tile Claim (000 l.230): MCR only; robbing is never "last".
        last = (
            not robbing
            and rules.last_discard_scores
            and giver is not None
            and not wall.can_draw((giver + 1) % 4)
        )
    return Situation(
        self_drawn=self_drawn,
        kong_replacement=self_drawn and draw_source == DRAW_KONG,
        flower_replacement=self_drawn and draw_source == DRAW_FLOWER,
        robbing_kong=robbing,
        # The last of its kind (000 l.267): the other three are on the table.
        last_of_kind=seen - (0 if self_drawn or robbing else 1) >= 3,
        last_wall_tile=last,
        seat_wind=EAST + seat,
        prevalent_wind=prevalent_wind,
        flowers=tuple(sorted(flowers)),
        dealer=seat == 0,
        discarder_is_dealer=giver == 0,
        ting=ting,
        heavenly=self_drawn and seat == 0 and discard_count == 0 and not declared,
        earthly=not self_drawn and giver == 0 and discard_count == 1 and not declared,
        tiles_on_table=tiles_on_table,
        dealer_streak=dealer_streak,
    )


def win_score(
    ruleset: Ruleset,
    wins: int,
    tile: Tile,
    self_drawn: bool,
    forfeited: bool,
    counts: Sequence[int],
    melds: Sequence[Meld],
    flowers: Sequence[Tile],
    situation: Callable[[], Situation],
) -> Score | None:
    """The score of a win on ``tile`` by a seat holding ``counts`` (the tile among them
    when ``self_drawn``) and ``melds``, whose hand without the tile waits on ``wins`` (a
    bitmask over the 34 kinds); None when it is no winning shape or the seat has
    forfeited its win (001 l.43, l.52). ``situation()`` is asked only for a winning shape.
    Whether the win qualifies is the score's (`Score.qualifies`).
    """
    if forfeited or tile < 0:
        return None
    if not (wins >> tile & 1 or (self_drawn and flower_win(ruleset.play, flowers))):
        return None
    held = list(counts)
    if not self_drawn:
        held[tile] += 1
    hand = Hand(tuple(held), tuple(melds), tuple(sorted(flowers)), tile)
    result = score(hand, situation(), ruleset)
    return result if result.is_win else None


__all__ = [
    "CHOW_SHAPES",
    "answer_actions",
    "flower_win",
    "kong_allowed",
    "sets_claimable",
    "turn_actions",
    "turn_kong_allowed",
    "win_score",
    "win_situation",
]
