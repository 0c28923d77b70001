"""Instant payments made during a hand (seed 004): kongs, bouquets, flower wins, chasing
tiles, triple dice and the dead-hand pot.

A player with an incorrect tile count still pays but collects nothing (004 l.436-442):
pass ``may_collect=False`` and the payments they would have received are left out.

>>> lrc = get_ruleset("taiwanese-lrc").table
>>> [str(p) for p in concealed_kong(2, lrc)]
['3->2 5 concealed kong', '0->2 5 concealed kong', '1->2 5 concealed kong']
>>> concealed_kong(2, get_ruleset("mcr").table)
()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import StrEnum

from mahjongkit.money.settlement import PLAYERS, POT, Payment, Reason, SettlementError
from mahjongkit.rules.ruleset import get_ruleset  # noqa: F401  (doctests)
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import FLOWERS, IS_FLOWER, IS_HONOR, IS_SUITED, WEST, Tile


def _from_each_other(
    payee: int, amount: int, reason: Reason, *, may_collect: bool = True
) -> tuple[Payment, ...]:
    if amount <= 0 or not may_collect:
        return ()
    if not 0 <= payee < PLAYERS:
        raise SettlementError(f"no player {payee} (players are 0..3)")
    return tuple(Payment((payee + k) % PLAYERS, payee, amount, reason) for k in (1, 2, 3))


def concealed_kong(
    declarer: int, rules: TableRules, *, may_collect: bool = True
) -> tuple[Payment, ...]:
    """A concealed kong collects from each other player at once (004 l.105, l.231)."""
    return _from_each_other(
        declarer, rules.concealed_kong_payment, Reason.CONCEALED_KONG, may_collect=may_collect
    )


class Bouquet(StrEnum):
    """A set of the four flower numbers (004 l.208-209)."""

    MIXED = "mixed bouquet"
    """Numbers 1-4 with both colours among them."""
    FULL_BLUE = "full bouquet (blossoms)"
    """Plum, orchid, chrysanthemum, bamboo (``1f..4f``)."""
    FULL_RED = "full bouquet (seasons)"
    """Spring, summer, autumn, winter (``5f..8f``)."""


def bouquets(flowers: Iterable[Tile]) -> frozenset[Bouquet]:
    """The bouquets a player's exposed flowers make.

    A full bouquet is all four of one colour; a mixed bouquet is one of each number 1-4
    using both colours. The card lets a player collect both (004 l.209), so a mixed
    bouquet may share tiles with a full one.

    >>> from mahjongkit.notation import parse_tiles
    >>> sorted(bouquets(parse_tiles("1f2f3f4f")))
    [<Bouquet.FULL_BLUE: 'full bouquet (blossoms)'>]
    >>> sorted(bouquets(parse_tiles("5f2f3f4f")))
    [<Bouquet.MIXED: 'mixed bouquet'>]
    >>> sorted(bouquets(parse_tiles("1f2f3f4f5f")))
    [<Bouquet.FULL_BLUE: 'full bouquet (blossoms)'>, <Bouquet.MIXED: 'mixed bouquet'>]
    >>> sorted(bouquets(parse_tiles("1f2f3f5f6f")))
    []
    """
    held = set(flowers)
    if any(not IS_FLOWER[t] for t in held):
        raise SettlementError("bouquets are made of flower tiles only")
    blue, red = set(FLOWERS[:4]), set(FLOWERS[4:])
    out: set[Bouquet] = set()
    if blue <= held:
        out.add(Bouquet.FULL_BLUE)
    if red <= held:
        out.add(Bouquet.FULL_RED)
    numbers = {(t - FLOWERS[0]) % 4 for t in held}
    if numbers == {0, 1, 2, 3} and held & blue and held & red:
        # With every number covered and both colours held, one tile of each number can
        # always be chosen so that both colours are among them.
        out.add(Bouquet.MIXED)
    return frozenset(out)


def bouquet_payments(
    player: int,
    before: Iterable[Tile],
    after: Iterable[Tile],
    rules: TableRules,
    *,
    may_collect: bool = True,
) -> tuple[Payment, ...]:
    """What a player collects when their exposed flowers go from ``before`` to ``after``:
    5 from each for a new mixed bouquet, 10 for a new full bouquet (004 l.208-209).

    >>> from mahjongkit.notation import parse_tiles
    >>> lrc = get_ruleset("taiwanese-lrc").table
    >>> [str(p) for p in bouquet_payments(0, parse_tiles("1f2f3f"), parse_tiles("1f2f3f4f"), lrc)]
    ['1->0 10 full bouquet', '2->0 10 full bouquet', '3->0 10 full bouquet']
    """
    new = bouquets(after) - bouquets(before)
    out: list[Payment] = []
    for b in sorted(new):
        if b is Bouquet.MIXED:
            out += _from_each_other(
                player, rules.mixed_bouquet_payment, Reason.MIXED_BOUQUET, may_collect=may_collect
            )
        else:
            out += _from_each_other(
                player, rules.full_bouquet_payment, Reason.FULL_BOUQUET, may_collect=may_collect
            )
    return tuple(out)


def flower_win(
    winner: int, flower_count: int, rules: TableRules, amount: int | None = None
) -> tuple[Payment, ...]:
    """Seven or eight flowers: an instant self-drawn win paid by all three, no other points
    (004 l.210-211, l.382-390). ``amount`` is the win as scored, where the scorer priced
    it (a table may add the Base Point); by default the table's 20 or 40.

    >>> lrc = get_ruleset("taiwanese-lrc").table
    >>> sum(p.amount for p in flower_win(1, 7, lrc)), sum(p.amount for p in flower_win(1, 8, lrc))
    (60, 120)
    """
    if flower_count == 7:
        value, reason = rules.seven_flowers_win, Reason.SEVEN_FLOWERS
    elif flower_count == 8:
        value, reason = rules.eight_flowers_win, Reason.EIGHT_FLOWERS
    else:
        raise SettlementError(f"a flower win needs 7 or 8 flowers, not {flower_count}")
    return _from_each_other(winner, value if amount is None else amount, reason)


def is_chase(discards: Sequence[tuple[int, Tile]]) -> bool:
    """True when four discards in one go-around, by the four players in turn with no claim
    between, are the same tile (004 l.404, "round" as l.452 defines it).

    >>> is_chase([(1, 27), (2, 27), (3, 27), (0, 27)])
    True
    >>> is_chase([(1, 27), (2, 27), (3, 27), (0, 28)])
    False
    """
    if len(discards) != 4:
        return False
    first_player, tile = discards[0]
    return all(t == tile and p == (first_player + k) % PLAYERS for k, (p, t) in enumerate(discards))


def chasing_tiles(first_discarder: int, tile: Tile, rules: TableRules) -> tuple[Payment, ...]:
    """The first discarder of a chased tile pays each other player 5 for winds and dragons,
    10 for suit tiles (004 l.404-407). Also when the 4th West Wind is shown instead of
    discarded (l.409-411): the chasers are still paid, as honours.

    >>> lrc = get_ruleset("taiwanese-lrc").table
    >>> [p.amount for p in chasing_tiles(0, 27, lrc)], [p.amount for p in chasing_tiles(0, 4, lrc)]
    ([5, 5, 5], [10, 10, 10])
    """
    if IS_HONOR[tile]:
        amount = rules.chasing_honor_payment
    elif IS_SUITED[tile]:
        amount = rules.chasing_suit_payment
    else:
        raise SettlementError("flowers are never discarded, so cannot be chased")
    if amount <= 0:
        return ()
    if not 0 <= first_discarder < PLAYERS:
        raise SettlementError(f"no player {first_discarder} (players are 0..3)")
    return tuple(
        Payment(first_discarder, (first_discarder + k) % PLAYERS, amount, Reason.CHASING_TILES)
        for k in (1, 2, 3)
    )


def may_show_west(tile: Tile, rules: TableRules) -> bool:
    """The 4th player of a West Wind chase may show the tile and discard another (l.411).

    >>> lrc, mcr = get_ruleset("taiwanese-lrc").table, get_ruleset("mcr").table
    >>> may_show_west(WEST, lrc), may_show_west(WEST, mcr)
    (True, False)
    """
    return rules.west_wind_exception and tile == WEST


def triple_dice(dealer: int, dice: Sequence[int], rules: TableRules) -> tuple[Payment, ...]:
    """LRC: a triple thrown at the wall break pays the dealer 5 from each, 10 for 6-6-6
    (004 l.343-345). Two dice are never a triple.

    >>> [p.amount for p in triple_dice(0, (3, 3, 3), get_ruleset("taiwanese-lrc").table)]
    [5, 5, 5]
    >>> [p.amount for p in triple_dice(0, (6, 6, 6), get_ruleset("taiwanese-lrc").table)]
    [10, 10, 10]
    >>> triple_dice(0, (6, 6, 6), get_ruleset("taiwanese-dxb").table)
    ()
    >>> triple_dice(0, (3, 3), get_ruleset("taiwanese-lrc").table)
    ()
    """
    if any(not 1 <= d <= 6 for d in dice):
        raise SettlementError(f"dice show 1..6, not {tuple(dice)}")
    if not rules.triple_dice or len(dice) != 3 or len(set(dice)) != 1:
        return ()
    amount = rules.triple_six_payment if dice[0] == 6 else rules.triple_dice_payment
    return _from_each_other(dealer, amount, Reason.TRIPLE_DICE)


def dead_hand(rules: TableRules) -> tuple[Payment, ...]:
    """After a hand with no winner each player puts 5 in the pot (004 l.138, l.468).

    >>> [str(p) for p in dead_hand(get_ruleset("taiwanese-lrc").table)]
    ['0->pot 5 dead hand', '1->pot 5 dead hand', '2->pot 5 dead hand', '3->pot 5 dead hand']
    """
    if rules.dead_hand_pot <= 0:
        return ()
    return tuple(Payment(p, POT, rules.dead_hand_pot, Reason.DEAD_HAND) for p in range(PLAYERS))


def collect_pot(winner: int, pot: int) -> tuple[Payment, ...]:
    """The next self-draw winner takes the whole pot, carried over draws (004 l.470-472)."""
    if pot < 0:
        raise SettlementError(f"the pot cannot be negative, not {pot}")
    return (Payment(POT, winner, pot, Reason.POT_COLLECTED),) if pot else ()


def return_pot(pot: int, contributions: Sequence[int]) -> tuple[Payment, ...]:
    """At the end of a game an uncollected pot goes back to who put it in.

    The card does not say what happens to a pot nobody collects; returning it keeps every
    player's money their own. ``contributions`` is what each player put in.

    >>> [str(p) for p in return_pot(10, (5, 5, 0, 0))]
    ['pot->0 5 pot returned', 'pot->1 5 pot returned']
    """
    if sum(contributions) != pot:
        raise SettlementError(f"the pot holds {pot}, not {sum(contributions)}")
    return tuple(
        Payment(POT, p, amount, Reason.POT_RETURNED)
        for p, amount in enumerate(contributions)
        if amount > 0
    )


__all__ = [
    "Bouquet",
    "bouquet_payments",
    "bouquets",
    "chasing_tiles",
    "collect_pot",
    "concealed_kong",
    "dead_hand",
    "flower_win",
    "is_chase",
    "may_show_west",
    "return_pot",
    "triple_dice",
]
