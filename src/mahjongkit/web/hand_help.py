"""Help with your hand: what the library's analysis says about the hand a player holds.

`hand_help` reads one player's observation (only what that seat can see: its own tiles,
every discard, every declared meld and flower) and gives, as JSON:

- ``shanten``: how many tiles from ready (`mahjongkit.shanten.shanten`; -1 complete) and
  ``ready`` (0 shanten);
- ``waits`` of a hand between turns (13 or 16 tiles): each tile that completes it, the
  copies of it the player has not seen (`mahjongkit.bots.hand_view.unseen_counts`), and
  what the hand would score won on a discard and self-drawn (`wait_values`: the total,
  the part that counts towards the ruleset's own ``minimum``, and whether it reaches it);
- ``discards`` of a hand holding a tile too many (the player's turn): every discard,
  best first (`mahjongkit.shanten.discards`: shanten after it, then most unseen useful
  tiles), each ready one with its waits as above.

The points use the player's seat and the prevalent wind, their flowers, Ting and the
dealer's streak; what belongs to one way of winning only (a kong's replacement tile,
robbing a kong, the last tile) is left out, as in `wait_values`.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> from mahjongkit.rules.ruleset import get_ruleset
>>> state = HandState.new("mcr", random.Random(3))
>>> help = hand_help(state.observation(0), get_ruleset("mcr"))
>>> sorted(help), help["minimum"], len(help["discards"]) > 0
(['discards', 'minimum', 'ready', 'shanten', 'waits'], 8, True)
"""

from __future__ import annotations

from typing import Any

from mahjongkit.bots.hand_view import unseen_counts
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.hand import Hand
from mahjongkit.rules.ruleset import Ruleset
from mahjongkit.scoring import Score, Situation
from mahjongkit.scoring.wait_values import wait_values
from mahjongkit.shanten import discards, shanten
from mahjongkit.tiles import EAST, NAMES, NUM_KINDS

DISCARDS_SHOWN = 6
"""Discard choices the help lists (the best first): enough to compare, short on a phone."""


def hand_help(obs: Observation, ruleset: Ruleset) -> dict[str, Any] | None:
    """The help for the seat of ``obs`` (see the module docstring); None when its tiles are
    neither a hand between turns nor one with a tile to discard."""
    seat = obs.seat
    melds = obs.melds[seat]
    counts = obs.concealed
    held = sum(counts) + 3 * len(melds)
    size = ruleset.hand_size
    if held not in (size, size + 1):
        return None
    unseen = unseen_counts(obs)
    situation = Situation(
        seat_wind=EAST + seat,
        prevalent_wind=obs.prevalent_wind,
        flowers=tuple(sorted(obs.flowers[seat])),
        dealer=seat == 0,
        ting=obs.ting[seat],
        dealer_streak=obs.dealer_streak,
    )
    out: dict[str, Any] = {"minimum": ruleset.scoring.minimum_points, "waits": []}
    if held == size:
        hand = Hand(counts, melds)
        out["shanten"] = shanten(hand, rules=ruleset)
        out["waits"] = _waits(hand, situation, ruleset, unseen)
    else:
        out["shanten"] = shanten(Hand(counts, melds, (), _any_tile(counts)), rules=ruleset)
    out["ready"] = out["shanten"] == 0
    if held == size + 1 and any(a.kind is ActionKind.DISCARD for a in obs.legal_actions):
        out["discards"] = _discards(counts, melds, situation, ruleset, unseen)
    return out


def _any_tile(counts: tuple[int, ...]) -> int:
    """A tile the hand holds, to stand as its last one (shanten does not care which)."""
    return next(t for t in range(NUM_KINDS) if counts[t])


def _waits(
    hand: Hand, situation: Situation, ruleset: Ruleset, unseen: tuple[int, ...]
) -> list[dict[str, Any]]:
    try:
        values = wait_values(hand, situation, ruleset)
    except MahjongError:  # a situation the scorer refuses: the waits without points
        return []
    return [
        {
            "tile": NAMES[v.tile],
            "unseen": unseen[v.tile],
            "discard": _points(v.discard, ruleset),
            "self_drawn": _points(v.self_drawn, ruleset),
        }
        for v in values
    ]


def _points(score: Score, ruleset: Ruleset) -> dict[str, Any] | None:
    """What a win scores, the part of it that counts towards the minimum (``counted``:
    MCR leaves flowers out, 002 l.209) and whether it reaches it; None for no win."""
    if not score.is_win:
        return None
    flowers_count = ruleset.scoring.flowers_count_toward_minimum
    counted = score.total if flowers_count else score.total_without_flowers
    return {"total": score.total, "counted": counted, "qualifies": score.qualifies}


def _discards(
    counts: tuple[int, ...],
    melds: Any,
    situation: Situation,
    ruleset: Ruleset,
    unseen: tuple[int, ...],
) -> list[dict[str, Any]]:
    # What the seat sees elsewhere: four of a kind, less what it holds and what is unseen.
    own = list(counts)
    for m in melds:
        for t in m.tiles:
            own[t] += 1
    visible = [max(0, 4 - own[t] - unseen[t]) for t in range(NUM_KINDS)]
    out = []
    for option in discards(
        Hand(counts, melds, (), _any_tile(counts)), rules=ruleset, visible=visible
    )[:DISCARDS_SHOWN]:
        left = list(counts)
        left[option.tile] -= 1
        waits = (
            _waits(Hand(tuple(left), melds), situation, ruleset, unseen)
            if option.shanten == 0
            else []
        )
        out.append(
            {
                "tile": NAMES[option.tile],
                "shanten": option.shanten,
                "useful": [NAMES[t] for t in option.useful],
                "useful_count": option.useful_count,
                "waits": waits,
            }
        )
    return out


__all__ = ["DISCARDS_SHOWN", "hand_help"]
