"""The `efficient` bot's choice of discard, in a module of its own so that the compiled
build compiles it (`setup.py` ``COMPILED``) while the bot's class stays Python, open to a
player's subclass.

Every turn of the bot asks it: the discards that leave the least shanten, and among them
the one that leaves the most unseen useful tiles, then `DISCARD_ORDER`, then the lowest
tile. Left to the interpreter, its own steps (the held kinds checked against the allowed
discards, the tie-break) were as much of an efficient bot's MCR self-play as the
useful-tile count it calls.

>>> from mahjongkit.game.state import HandState
>>> import random
>>> from mahjongkit.bots.hand_view import HandView
>>> view = HandView(HandState.new("mcr", random.Random(3)).observation(0))
>>> tile, least = least_discard(view, None)  # any held kind may go
>>> view.counts[tile] > 0, least
(True, 2)
>>> least_discard(view, None, {t for t in range(34) if view.counts[t]}) == (tile, least)
True
"""

from __future__ import annotations

from collections.abc import Set

from mahjongkit.bots.hand_view import HandView, useful_after_discards, useful_of_ties
from mahjongkit.rules.ruleset import Form
from mahjongkit.shanten import discard_shanten, discard_ties, group_entries
from mahjongkit.tiles import NUM_KINDS

DISCARD_ORDER: tuple[int, ...] = tuple(
    0 if t >= 27 else 1 if t % 9 in (0, 8) else 2 if t % 9 in (1, 7) else 3
    for t in range(NUM_KINDS)
)
"""Tie-break among equal discards: honours go first, then terminals, then 2s and 8s.
(Typed as a tuple of any length: the compiled build indexes it in place.)"""


def least_discard(
    view: HandView, forms: frozenset[Form] | None, allowed: Set[int] | None = None
) -> tuple[int, int]:
    """The discard of ``allowed`` (None: any held kind, the quicker where every held kind
    may go, as `EfficientBot.turn` passes it) the `efficient` bot makes and the shanten it
    leaves: the least shanten, then the most unseen useful tiles (counted only when
    several discards leave the least), then `DISCARD_ORDER`, then the lowest tile."""
    counts, m = view.counts, view.melds
    es = group_entries(counts)
    found = None
    if forms is None:
        found = discard_ties(es, m, allowed)
    if found is not None:
        least, best, regular = found
        if len(best) == 1:
            return best[0], least
        useful = useful_of_ties(es, best, regular, m, view.unseen, forms, least)
    else:
        after = discard_shanten(counts, m, forms, es)
        least = 99
        best = []
        kinds = allowed if allowed is not None else [t for t in range(NUM_KINDS) if counts[t]]
        for t in kinds:
            s = after[t]
            if s < least:
                least = s
                best = [t]
            elif s == least:
                best.append(t)
        if len(best) == 1:
            return best[0], least
        useful = useful_after_discards(es, best, m, view.unseen, forms, least)
    # The most useful, then `DISCARD_ORDER`, then the lowest tile.
    most = max(useful)
    top = -1
    order = DISCARD_ORDER
    for i in range(len(best)):
        t = best[i]
        if useful[i] == most and (
            top < 0 or order[t] < order[top] or (order[t] == order[top] and t < top)
        ):
            top = t
    return top, least


__all__ = ["DISCARD_ORDER", "least_discard"]
