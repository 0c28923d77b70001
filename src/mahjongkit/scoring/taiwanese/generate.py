"""Random 17-tile winning hands with plausible situations, for properties and benchmarks.

Every call takes an injected `random.Random`, so a seed reproduces the hands.

>>> import random
>>> hand, situation = random_winning_hand(random.Random(7))
>>> hand.size, hand.is_waiting
(16, False)
"""

from __future__ import annotations

import random

from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld
from mahjongkit.scoring.situation import Situation
from mahjongkit.tiles import EAST, FLOWERS, NUM_KINDS, RANK, WINDS, Tile


def _sets(rng: random.Random, pool: list[int], kong_rate: float) -> list[tuple[str, Tile]]:
    sets: list[tuple[str, Tile]] = []
    while len(sets) < 5:
        if rng.random() < 0.55:
            start = rng.choice([t for t in range(27) if RANK[t] <= 7])
            if all(pool[start + k] for k in range(3)):
                for k in range(3):
                    pool[start + k] -= 1
                sets.append(("chow", start))
            continue
        t = rng.randrange(NUM_KINDS)
        if rng.random() < kong_rate and pool[t] == 4:
            pool[t] = 0
            sets.append(("kong", t))
        elif pool[t] >= 3:
            pool[t] -= 3
            sets.append(("pung", t))
    return sets


def random_winning_hand(
    rng: random.Random,
    *,
    meld_rate: float = 0.25,
    kong_rate: float = 0.1,
    nico_nico_rate: float = 0.03,
) -> tuple[Hand, Situation]:
    """A complete 16-tile hand (its winning tile last) and a situation that fits it."""
    pool = [4] * NUM_KINDS
    melds: list[Meld] = []
    concealed: list[Tile] = []
    nico = rng.random() < nico_nico_rate
    if nico:
        kinds = rng.sample(range(NUM_KINDS), 8)
        concealed += [kinds[0]] * 3
        for t in kinds[1:]:
            concealed += [t] * 2
    else:
        for kind, t in _sets(rng, pool, kong_rate):
            if kind == "kong":
                if rng.random() < 0.5:
                    melds.append(Meld(KONG, t, concealed=True))
                else:
                    melds.append(Meld(KONG, t, claimed=t, source=rng.randint(1, 3)))
            elif rng.random() < meld_rate:
                if kind == "chow":
                    melds.append(Meld(CHOW, t, claimed=t + rng.randrange(3), source=1))
                else:
                    melds.append(Meld(PUNG, t, claimed=t, source=rng.randint(1, 3)))
            else:
                concealed += [t, t + 1, t + 2] if kind == "chow" else [t] * 3
        pair = rng.choice([t for t in range(NUM_KINDS) if pool[t] >= 2])
        concealed += [pair, pair]
    win = rng.choice(concealed)
    flowers = tuple(sorted(rng.sample(FLOWERS, rng.choice((0, 0, 1, 1, 2, 2, 3, 4)))))
    hand = Hand.from_tiles(concealed, tuple(melds), (), win)
    seat = rng.choice(WINDS)
    dealer = seat == EAST
    self_drawn = rng.random() < 0.4
    kong_replacement = self_drawn and any(m.kind is KONG for m in melds) and rng.random() < 0.2
    declared = sum(len(m.tiles) for m in melds)  # the winner's own tiles are on the table
    situation = Situation(
        self_drawn=self_drawn,
        kong_replacement=kong_replacement,
        seat_wind=seat,
        prevalent_wind=rng.choice(WINDS),
        flowers=flowers,
        dealer=dealer,
        discarder_is_dealer=not dealer and not self_drawn and rng.random() < 0.3,
        ting=not nico and rng.random() < 0.1,  # no Calling in Nico Nico (004 line 349)
        tiles_on_table=rng.choice((None, None, None, declared + rng.randrange(12))),
        dealer_streak=rng.choice((0, 0, 0, 1, 2, 3)) if dealer else 0,
    )
    return hand, situation


__all__ = ["random_winning_hand"]
