"""The switches of the Taiwanese scoresheets: readings of the card that tables differ on.

`TaiwaneseOptions` is ``scoring.sheet`` of a Taiwanese ruleset (``None`` under MCR); a
house-rules file sets them in ``[scoring.sheet]``. `SWITCHES` documents each one: its
default (the card read most literally), its allowed values and the card lines (seed 004).
Two readings the engine shares with the money live in the other parts, once: Ting is
``play.ting_in_play`` and the die's highest face ``table.die_cap``.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> opts = get_ruleset("taiwanese-dxb").scoring.sheet
>>> opts.step_up_suits, opts.minimum_for(EAST, 0)
('all_three', 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mahjongkit.errors import InvalidSituationError
from mahjongkit.tiles import EAST, NORTH, SOUTH, WEST, Tile


class TaiwaneseOptionError(InvalidSituationError):
    """A Taiwanese table option with a value the sheets do not know."""


@dataclass(frozen=True, slots=True)
class Switch:
    """One documented option: its key, default, allowed values and the card lines."""

    key: str
    default: Any
    choices: tuple[Any, ...]
    lines: str
    text: str


SWITCHES: tuple[Switch, ...] = (
    Switch(
        "minimum",
        "none",
        ("none", "dxb", "lrc", "lrc-after-win"),
        "23, 199",
        "Minimum to win, counted on the whole total (flowers and Base Point included). "
        "`none`: no minimum (or the ruleset's `minimum_points`); `dxb`: East 22, South 22, "
        "West 24, North 26 by prevalent wind; `lrc`: 20; `lrc-after-win`: 18 (the LRC "
        "suggestion once a hand has been won).",
    ),
    Switch(
        "flowers_count_toward_minimum",
        True,
        (True, False),
        "23, 197-211",
        "Whether flower points (lines 206-211) count towards the minimum; the card counts "
        "flowers first among the scoring items and excludes nothing.",
    ),
    Switch(
        "lets_start_cumulative",
        False,
        (True, False),
        "200-202",
        "When false, No Flower, Wind & Dragon tiles (5) replaces No Flower tiles (1) and No "
        "Wind & Dragon tiles (1); when true all three are added (5 + 1 + 1).",
    ),
    Switch(
        "dxb_no_terminals",
        "higher",
        ("higher", "both", "terminals_section"),
        "204, 273",
        "DXB prints no-terminals-no-honours twice (8 under Let's start, 5 under Terminals). "
        "`higher`: the 8 only; `both`: 8 + 5; `terminals_section`: the 5 only.",
    ),
    Switch(
        "four_in_ways_pair_counts",
        True,
        (True, False),
        "286-290",
        "Four in 2/3/4 Ways counts the sets the four copies of a tile (not a kong) are "
        "spread over; when true the pair is one of those sets (66 + 456 + 678 is 3 ways), "
        "when false only sheungs and pongs count.",
    ),
    Switch(
        "complete_sequence_concealed",
        "tiles",
        ("tiles", "self_drawn_completion"),
        "235-240, 392-398",
        "`tiles`: the Complete Sequence is Concealed when its three sheungs are concealed and "
        "no discard completed one of them; `self_drawn_completion`: only when the self-drawn "
        "winning tile completes it (line 396 read literally).",
    ),
    Switch(
        "step_up_suits",
        "all_three",
        ("all_three", "any"),
        "280, 284",
        "Step Up Sheungs must use all three suits (line 280) or any suit combination (line 284).",
    ),
    Switch(
        "bouquets_in_hand_score",
        False,
        (True, False),
        "208-209",
        "Mixed Bouquet and Pure Garden are paid by all players at once when exposed; when "
        "true they are also counted in the winning hand.",
    ),
    Switch(
        "bouquets_share_flowers",
        True,
        (True, False),
        "209",
        "A player can collect both bouquets: when true a flower may serve in both.",
    ),
    Switch(
        "open_kong_breaks_concealed",
        False,
        (True, False),
        "230, 292, 323",
        "A Concealed Hand has no tiles exposed except flowers and kongs; when true an exposed "
        "kong makes the hand exposed.",
    ),
    Switch(
        "open_kong_counts_as_concealed_pong",
        True,
        (True, False),
        "228, 266",
        "1x Open Kong = 1x Concealed Pong when counting Concealed Pongs.",
    ),
    Switch(
        "single_wait_by_reading",
        False,
        (True, False),
        "317-318",
        "When false a single wait needs only one tile to complete the hand (line 317); when "
        "true a pair, edge or closed reading of the winning tile is enough.",
    ),
    Switch(
        "kong_chain_length",
        1,
        (),
        "328",
        "Self-drawn kongs (concealed or promoted) a win on a kong replacement needs for Win "
        "by Self Drawing a Kong.",
    ),
    Switch(
        "flower_win_base_point",
        False,
        (True, False),
        "210-211, 342, 384, 390",
        "7 or 8 Flowers award no other points; when true Base Point is added anyway.",
    ),
    Switch(
        "honour_sets_score_their_pongs",
        True,
        (True, False),
        "213-219, 224-226",
        "Little/Big Three Winds, Little/Big Four Winds and Little/Big Dragons are made of "
        "pongs of winds or dragons. When true each of those pongs still scores its 1x Pong "
        "line (213, 224), as the card prints no exclusion; when false the combination "
        "replaces the 1x Pong lines of its pongs (a seat or round wind still adds its +1, "
        "lines 214-215).",
    ),
    Switch(
        "fully_exposed_single_wait",
        True,
        (True, False),
        "293, 317, 325-326",
        "A Fully Exposed Hand has one tile concealed and waits on its pair, always a True "
        "Single Wait. When true both score, as the card prints no exclusion; when false the "
        "Fully Exposed lines (won from a discard or self-drawn) include the wait and True "
        "Single Wait does not score with them.",
    ),
    Switch(
        "seabed_with_self_draw",
        True,
        (True, False),
        "321, 332",
        "The Seabed Hand's tile is self-drawn from the Wall. When true Self Draw from the "
        "Wall (line 321) scores with it, as the card prints no exclusion; when false Seabed "
        "replaces it (Self Draw with a Concealed or Fully Exposed Hand still scores).",
    ),
    Switch(
        "nico_nico_calling_by_pairs",
        True,
        (True, False),
        "316, 347-350",
        "A Nico Nico won on the tile that makes its pong: when true Calling by Pairs scores "
        "(the pong is made from one of the pairs held, and other points count as normal, "
        "line 347); when false it does not (the hand waited on any of its eight pairs, not "
        "on 'either one' of two).",
    ),
    Switch(
        "thirteen_orphans_dxb_bonus",
        True,
        (True, False),
        "355",
        "DXB adds 10 to 13 Orphans if 1s and 9s are present in all 3 suits, which every "
        "13 Orphans hand holds; when false the 10 is never added.",
    ),
)
"""Every Taiwanese switch with its default."""

_DXB_MINIMUM = {EAST: 22, SOUTH: 22, WEST: 24, NORTH: 26}


@dataclass(frozen=True, slots=True)
class TaiwaneseOptions:
    """The switches of one Taiwanese table (see `SWITCHES` for each one's reading)."""

    minimum: str
    flowers_count_toward_minimum: bool
    lets_start_cumulative: bool
    dxb_no_terminals: str
    four_in_ways_pair_counts: bool
    complete_sequence_concealed: str
    step_up_suits: str
    bouquets_in_hand_score: bool
    bouquets_share_flowers: bool
    open_kong_breaks_concealed: bool
    open_kong_counts_as_concealed_pong: bool
    single_wait_by_reading: bool
    kong_chain_length: int
    flower_win_base_point: bool
    honour_sets_score_their_pongs: bool
    fully_exposed_single_wait: bool
    seabed_with_self_draw: bool
    nico_nico_calling_by_pairs: bool
    thirteen_orphans_dxb_bonus: bool

    def __post_init__(self) -> None:
        for switch in SWITCHES:
            raw = getattr(self, switch.key)
            if isinstance(switch.default, bool):
                if not isinstance(raw, bool):
                    raise TaiwaneseOptionError(f"switch {switch.key} must be true or false")
            elif isinstance(switch.default, int):
                if not isinstance(raw, int) or isinstance(raw, bool) or raw < 0:
                    raise TaiwaneseOptionError(f"switch {switch.key} must be a whole number >= 0")
            elif raw not in switch.choices:
                choices = ", ".join(str(c) for c in switch.choices)
                raise TaiwaneseOptionError(
                    f"switch {switch.key} is {raw!r}; choose one of: {choices}"
                )

    @classmethod
    def card(cls) -> TaiwaneseOptions:
        """Every switch at its default: the card read most literally."""
        return cls(**{s.key: s.default for s in SWITCHES})

    def minimum_for(self, prevalent_wind: Tile, minimum_points: int) -> int:
        """Points a win needs in a round of this prevalent wind (004 line 23); ``none``
        leaves the ruleset's own ``minimum_points``."""
        if self.minimum == "dxb":
            return _DXB_MINIMUM[prevalent_wind]
        if self.minimum == "lrc":
            return 20
        if self.minimum == "lrc-after-win":
            return 18
        return minimum_points


__all__ = ["SWITCHES", "Switch", "TaiwaneseOptionError", "TaiwaneseOptions"]
