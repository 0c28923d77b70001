"""Scoring catalogues as data: every fan or scoring item with its names and values.

A catalogue belongs to a scoring family (``mcr``, ``taiwanese``); each item carries one
value per column (``mcr-gb``, ``mcr``, ``lrc``, ``dxb``; a missing column means the item
does not exist on that sheet) and the ids of the items it implies. A ruleset picks a
column and may re-price or delete items (``scoring.item_values``, ``scoring.removed_items``).

>>> item = Item("pure_straight", "Pure Straight", "清龙", (("mcr", 16), ("mcr-gb", 16)))
>>> item.value("mcr"), item.value("lrc")
(16, None)
>>> cat = Catalogue("demo", (item,))
>>> cat["pure_straight"].name
'Pure Straight'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from mahjongkit.rules.ruleset import Ruleset


@dataclass(frozen=True, slots=True)
class Item:
    """One fan or scoring item."""

    id: str
    name: str
    chinese: str
    values: tuple[tuple[str, int], ...]
    """Value per column; an absent column means the item is not on that sheet."""
    implies: frozenset[str] = frozenset()
    """Ids of the items this one implies: they are not counted when this one is."""
    is_flower: bool = False
    """Flower items do not count towards a minimum that excludes flowers."""
    description: str = ""
    seed: str = ""
    """Where the rule is written, e.g. ``002 line 80``."""
    implies_on_sets: frozenset[str] = frozenset()
    """Ids of items this one implies only where they were earned by the same sets (a Seat
    Wind pung does not also score Pung of Terminals or Honors; another wind pung still does)."""

    def value(self, column: str) -> int | None:
        """The value in a column, ``None`` where the item is not on that sheet."""
        return dict(self.values).get(column)


@dataclass(frozen=True)
class Catalogue:
    """The items of one scoring family, in table order."""

    family: str
    items: tuple[Item, ...]
    _by_id: dict[str, Item] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        for item in self.items:
            if item.id in self._by_id:
                raise ValueError(f"item id {item.id!r} twice in the {self.family} catalogue")
            self._by_id[item.id] = item
        for item in self.items:
            unknown = (item.implies | item.implies_on_sets) - self._by_id.keys()
            if unknown:
                raise ValueError(f"{item.id} implies unknown items {sorted(unknown)}")

    def __getitem__(self, item_id: str) -> Item:
        return self._by_id[item_id]

    def __contains__(self, item_id: object) -> bool:
        return item_id in self._by_id

    def __iter__(self) -> Iterator[Item]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def values_for(self, ruleset: Ruleset) -> dict[str, int]:
        """Item id -> value for every item that scores under the ruleset.

        Items removed by the ruleset, or absent from its column and not priced by it
        (a house rule may price an item its base sheet lacks), are left out.
        """
        out: dict[str, int] = {}
        priced = dict(ruleset.scoring.item_values)
        for item in self.items:
            if item.id in ruleset.scoring.removed_items:
                continue
            base = item.value(ruleset.scoring.column)
            if base is None and item.id not in priced:
                continue
            out[item.id] = priced.get(item.id, base or 0)
        return out


def catalogue_of(family: str) -> Catalogue:
    """The scoring catalogue of a family: ``CATALOGUE`` of its module in this package.

    >>> catalogue_of("mcr").family, len(catalogue_of("taiwanese")) > 100
    ('mcr', True)
    """
    if family == "mcr":
        from mahjongkit.rules.catalogues.mcr import CATALOGUE as found
    elif family == "taiwanese":
        from mahjongkit.rules.catalogues.taiwanese import CATALOGUE as found
    else:
        raise LookupError(f"the scoring family {family!r} has no catalogue")
    return found
