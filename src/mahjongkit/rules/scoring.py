"""The scoring part of a ruleset: which scorer and sheet, the minimum, the winning forms,
the prices of fans and items, and the switches of a sheet.

>>> from mahjongkit.rules.ruleset import get_ruleset
>>> mcr = get_ruleset("mcr").scoring
>>> mcr.family, mcr.column, mcr.minimum_points, mcr.sheet is None
('mcr', 'mcr', 8, True)
>>> get_ruleset("taiwanese-dxb").scoring.sheet.dxb_no_terminals
'higher'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from mahjongkit.errors import MahjongError
from mahjongkit.rules.combinations import FanCombinations
from mahjongkit.rules.taiwanese import TaiwaneseOptions
from mahjongkit.shapes import Form
from mahjongkit.tiles import Tile

FAMILIES = {"mcr": ("mcr", "mcr-gb"), "taiwanese": ("lrc", "dxb")}
"""Each scorer and the value columns of its catalogue."""


NO_CALL_FORMS = frozenset({Form.NICO_NICO, Form.THIRTEEN_ORPHANS, Form.SIXTEEN_ORPHANS})
"""The forms a hand that called Ting may not complete: "No Calling allowed in Nico Nico
or Orphan hands" (004 l.336, l.349)."""


class InvalidScoringRulesError(MahjongError, ValueError):
    """A scoring rule with a value the scorer cannot follow."""


@dataclass(frozen=True)
class ScoringRules:
    """How a hand is valued."""

    family: str
    """Which scorer and catalogue value the hand: ``mcr`` (the 81 fans, 002) or
    ``taiwanese`` (the LRC/DXB card, 004)."""
    column: str
    """Which value column of the catalogue applies: ``mcr`` (the seed documents' values),
    ``mcr-gb`` (the Chinese-language rulebook's), ``lrc`` or ``dxb`` (004)."""
    minimum_points: int
    """Points a win needs (MCR: 8 without flowers, 000 l.98, 002 l.59; bp-club 5, 001 l.43;
    Taiwanese: see the sheet's ``minimum`` switch)."""
    forms: frozenset[Form]
    """The shapes of a complete hand that win."""
    item_values: tuple[tuple[str, int], ...]
    """Prices by item id that replace the column's (a house rule re-pricing a fan, or
    giving a value to an item its sheet lacks); sorted, so the value hashes."""
    removed_items: frozenset[str]
    """Items this ruleset deletes: they neither score nor exclude others."""
    combinations: FanCombinations | None
    """Which MCR fans count together: each fan's implied fans and the exceptions to the
    five principles (002 l.213-217), as a named reading (`mahjongkit.rules.combinations`:
    the seeds', the reference calculator's, a club's); ``None`` for Taiwanese, whose items
    imply others in their catalogue."""
    sheet: TaiwaneseOptions | None
    """The Taiwanese sheet's switches; ``None`` for MCR."""

    @property
    def flowers_count_toward_minimum(self) -> bool:
        """Whether flower points count towards the minimum: never in MCR (002 l.209); on the
        Taiwanese sheets as their switch says (004 l.23)."""
        return self.sheet is not None and self.sheet.flowers_count_toward_minimum

    @cached_property
    def called_forms(self) -> frozenset[Form]:
        """The forms a hand that called Ting may win in: `forms` outside `NO_CALL_FORMS`
        (it keeps its regular form). Made once: the table reads it at every wait."""
        return self.forms - NO_CALL_FORMS

    def forms_of(self, called: bool) -> frozenset[Form]:
        """The forms a hand may win in: all of ``forms``, or `called_forms`.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> Form.NICO_NICO in get_ruleset("taiwanese-lrc").scoring.forms_of(called=True)
        False
        """
        return self.called_forms if called else self.forms

    def minimum_for(self, prevalent_wind: Tile) -> int:
        """Points a win needs in a round of this prevalent wind: ``minimum_points`` (MCR 8,
        002 l.59), or a Taiwanese sheet's ``minimum`` switch (004 l.23). The scorers and
        the scoresheet's typed points read the minimum here alone.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> from mahjongkit.tiles import NORTH
        >>> get_ruleset("mcr").scoring.minimum_for(NORTH)
        8
        """
        if self.sheet is None:
            return self.minimum_points
        return self.sheet.minimum_for(prevalent_wind, self.minimum_points)

    @property
    def item_word(self) -> str:
        """What players call a scoring item under this scorer: a fan (MCR) or an item."""
        return "fan" if self.family == "mcr" else "item"

    @property
    def unit(self) -> str:
        """What a hand's points are counted in, as players say it: ``fan`` (番) under MCR,
        ``tai`` (台) on the Taiwanese sheets ("Tai (Faan): points / scoring unit", 004
        l.178). It goes with the ruleset, not the language: the pages write 番 or 台 from
        it in either Chinese script.

        >>> from mahjongkit.rules.ruleset import get_ruleset
        >>> get_ruleset("bp-club").scoring.unit, get_ruleset("taiwanese-dxb").scoring.unit
        ('fan', 'tai')
        """
        return "fan" if self.family == "mcr" else "tai"

    def __post_init__(self) -> None:
        columns = FAMILIES.get(self.family)
        if columns is None:
            raise InvalidScoringRulesError(
                f"scoring: family must be one of {', '.join(FAMILIES)}, not {self.family!r}"
            )
        if self.column not in columns:
            raise InvalidScoringRulesError(
                f"scoring: column of {self.family} must be one of {', '.join(columns)}, "
                f"not {self.column!r}"
            )
        if (self.sheet is None) != (self.family != "taiwanese"):
            raise InvalidScoringRulesError("scoring: a sheet's switches go with Taiwanese only")
        if (self.combinations is None) != (self.family != "mcr"):
            raise InvalidScoringRulesError("scoring: fan combinations go with MCR only")
        if not self.forms:
            raise InvalidScoringRulesError("scoring: no form left: no hand could win")
        if self.minimum_points < 0:
            raise InvalidScoringRulesError("scoring: minimum_points must be >= 0")


__all__ = ["FAMILIES", "NO_CALL_FORMS", "InvalidScoringRulesError", "ScoringRules"]
