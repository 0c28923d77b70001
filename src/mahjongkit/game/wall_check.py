"""Checking a record's walls: each hand's commitment against its revealed seed and salt,
and its recorded wall, deal and draws against the wall the seed gives.

A hand passes (``"ok"``) when its seed and salt hash to the commitment published before
it (`mahjongkit.game.fairness`), its recorded tiles and dice are the ones the seed gives,
and replaying its actions on that wall deals and draws exactly the recorded events. A hand
with no commitment but a plain seed (a bot run's, the command line's) is ``"seeded"``
when its wall is that seed's shuffle: nobody committed to the seed in advance, so it
proves less. Anything else fails, saying exactly what differs.

>>> from mahjongkit.game.fairness import WallSeed
>>> from mahjongkit.game.match_state import MatchState
>>> from mahjongkit.game.players import RandomBot
>>> from mahjongkit.game.runner import play
>>> state = MatchState("mcr", seed=1, max_hands=1, automations=MANUAL_DEAL)
>>> events = state.deal(fair=WallSeed.derived("mcr", 1, 5))
>>> _ = play(state, [RandomBot() for _ in range(4)])
>>> [(c.hand, c.status) for c in check_walls(state.record().to_json())]
[(1, 'ok')]
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.game.fairness import WallCommitment, wall_of
from mahjongkit.game.match_state import AUTOMATIC
from mahjongkit.game.record import HandRecord, verify
from mahjongkit.game.wall import Wall
from mahjongkit.notation import format_tiles
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import NAMES

MANUAL_DEAL = replace(AUTOMATIC, deal=False)
"""A match's automations with the deal left to the caller (to deal a committed wall)."""

PASSING = ("ok", "seeded")
"""The verdicts that pass."""


@dataclass(frozen=True)
class WallCheck:
    """One hand's verdict: ``status`` is ``"ok"``, ``"seeded"`` (no commitment, the wall
    its seed's), ``"mismatch"``, ``"unrevealed"`` (committed, the seed not yet shown) or
    ``"uncommitted"`` (nothing to check it against); ``problems`` say what differs."""

    hand: int
    status: str
    problems: tuple[str, ...] = ()
    commitment: WallCommitment | None = None

    @property
    def passed(self) -> bool:
        """True for ``"ok"`` and ``"seeded"``."""
        return self.status in PASSING

    def to_json(self) -> dict[str, Any]:
        """``{"hand", "status", "problems", "commitment"}``."""
        return {
            "hand": self.hand,
            "status": self.status,
            "problems": list(self.problems),
            "commitment": None if self.commitment is None else self.commitment.to_json(),
        }


def check_hand(record: HandRecord, number: int | None = None) -> WallCheck:
    """The verdict on one hand record; ``number`` is its hand's number in the match (from
    1), when known, which its commitment must name."""
    commitment = record.commitment
    hand = number if number is not None else commitment.hand if commitment else 1
    if commitment is None:
        if record.seed is None:
            return WallCheck(hand, "uncommitted", ("the hand has no commitment and no seed",))
        return _check_seeded(record, hand)
    if not commitment.revealed:
        return WallCheck(
            hand,
            "unrevealed",
            ("the seed and salt are not revealed yet: the hand is not over",),
            commitment,
        )
    problems = commitment.problems()
    if commitment.ruleset != record.ruleset:
        problems.append(
            f"the commitment names the ruleset {commitment.ruleset!r}, the record"
            f" {record.ruleset!r}"
        )
    if number is not None and commitment.hand != number:
        problems.append(f"the commitment is for hand {commitment.hand}, this is hand {number}")
    if problems:  # the seed is not the committed one: its wall proves nothing
        return WallCheck(hand, "mismatch", tuple(problems), commitment)
    try:
        tiles, dice = wall_of(get_ruleset(record.ruleset), commitment.wall_seed().seed)
    except MahjongError as err:
        return WallCheck(hand, "mismatch", (str(err),), commitment)
    problems = _wall_differences(record, tiles, dice)
    problems += _replay_differences(record, tiles, dice)
    return WallCheck(hand, "mismatch" if problems else "ok", tuple(problems), commitment)


def _check_seeded(record: HandRecord, hand: int) -> WallCheck:
    """A hand without a commitment whose wall is its seed's `random.Random` shuffle."""
    try:
        rules = get_ruleset(record.ruleset)
        wall = Wall.shuffled(rules, random.Random(record.seed))
    except MahjongError as err:
        return WallCheck(hand, "mismatch", (str(err),))
    problems = _wall_differences(record, wall.tiles, wall.dice)
    problems += _replay_differences(record, wall.tiles, wall.dice)
    return WallCheck(hand, "mismatch" if problems else "seeded", tuple(problems))


def _wall_differences(
    record: HandRecord, tiles: tuple[int, ...], dice: tuple[tuple[int, ...], ...]
) -> list[str]:
    """How the recorded wall and dice differ from those the seed gives."""
    problems = []
    if record.wall != tiles:
        if len(record.wall) != len(tiles):
            problems.append(
                f"the recorded wall has {len(record.wall)} tiles, the seed's {len(tiles)}"
            )
        else:
            diffs = [i for i, (a, b) in enumerate(zip(record.wall, tiles, strict=True)) if a != b]
            first = diffs[0]
            problems.append(
                f"the recorded wall differs from the seed's at {len(diffs)} position(s), first"
                f" at {first}: recorded {NAMES[record.wall[first]]}, the seed gives"
                f" {NAMES[tiles[first]]} (the seed's wall: {format_tiles(tiles)})"
            )
    if record.dice != dice:
        problems.append(
            f"the recorded dice {[list(d) for d in record.dice]} are not the seed's"
            f" {[list(d) for d in dice]}"
        )
    return problems


def _replay_differences(
    record: HandRecord, tiles: tuple[int, ...], dice: tuple[tuple[int, ...], ...]
) -> list[str]:
    """Where the recorded deal, draws and play part from the seed's wall's."""
    return [f"on the seed's wall, {p}" for p in verify(replace(record, wall=tiles, dice=dice))]


def check_walls(data: Any) -> list[WallCheck]:
    """The verdict on every hand of a record's JSON: a match record (``"hands"``, each
    with its ``"record"``; the web table's record too), a hand record, or a list of them.
    A hand that cannot be read is a ``"mismatch"`` naming the problem; the rest are still
    checked."""
    items = data if isinstance(data, list) else [data]
    out: list[WallCheck] = []
    for item in items:
        if isinstance(item, dict) and isinstance(item.get("hands"), list):
            for i, entry in enumerate(item["hands"]):
                number = i + 1
                if isinstance(entry, dict) and isinstance(entry.get("number"), int):
                    number = entry["number"]
                record = entry.get("record") if isinstance(entry, dict) else None
                out.append(_check_json(record, number, len(out) + 1))
        else:
            out.append(_check_json(item, None, len(out) + 1))
    return out


def _check_json(data: Any, number: int | None, position: int) -> WallCheck:
    """`check_hand` on a hand record's JSON; an unreadable one is a mismatch."""
    try:
        record = HandRecord.from_json(data)
    except MahjongError as err:
        return WallCheck(number or position, "mismatch", (f"the record cannot be read: {err}",))
    return check_hand(record, number)


__all__ = ["PASSING", "WallCheck", "check_hand", "check_walls"]
