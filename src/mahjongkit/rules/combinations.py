"""Which MCR fans count together: the implied fans of each fan, as data per ruleset.

The first scoring principle (seed 002 line 213, "the prohibition against implied
inclusion") says a fan that cannot be made without a smaller one implies it: the smaller
is not counted. Which fan implies which is a rule, and the documents differ on it: the
seed documents allow some combinations the reference calculator (PyMahjongGB, the
Chinese-language rulebook) forbids, and the other way round. So the implied fans are data
here, one `FanCombinations` per reading, and the scorer reads the one its ruleset picks
(`fan_combinations`). Fans are named by their catalogue ids (``"all_green"``): plain
strings, so a reading is plain data.

Three kinds of entry:

- ``implies``: fan -> the fans never counted together with it (002 line 72: Big Four
  Winds "may not be combined with ... Seat Wind, Prevalent Wind ... (all implied)").
- ``implies_on_own_sets``: fan -> fans it implies only where the same sets earned them
  (the reference's Seat Wind absorbs the Pung of Terminals or Honors of its own pung;
  another wind pung still earns one).
- ``together``: fans that, counted together, imply others (002 line 76: All Green "when
  combined with Seven Pairs, Tile Hog may not be added").

A fan not listed implies nothing. A fan implied away implies nothing itself (so a fan
that implies Fully Concealed Hand leaves Self-Drawn standing), and a fan a ruleset
deletes neither scores nor implies.

>>> REFERENCE.implies["four_concealed_pungs"] >= {"fully_concealed_hand"}
True
>>> "fully_concealed_hand" in SEED.implies["four_concealed_pungs"]  # 002 line 94
False

A house-rules file can state a reading as tables (the intended shape; `read_table` reads
it, with the fans' names resolved to ids by the loader's ``resolve``). Each fan listed in
``implies`` or ``implies_on_own_sets`` gets that whole list in place of the base
reading's; ``together``, when given, replaces the base's list::

    [scoring.combinations]
    base = "seed"                    # or "reference": the reading the changes start from

    [scoring.combinations.implies]   # a fan's whole list of implied fans
    "All Green" = ["Half Flush", "One Voided Suit"]
    "Seven Pairs" = ["Concealed Hand", "Fully Concealed Hand", "Single Wait"]

    [scoring.combinations.implies_on_own_sets]
    "Seat Wind" = ["Pung of Terminals or Honors"]

    [[scoring.combinations.together]]
    fans = ["All Terminals", "Seven Pairs"]
    implies = ["Tile Hog"]

>>> club = read_table({"base": "seed", "implies_on_own_sets": {"seat_wind":
...     ["pung_of_terminals_or_honors"]}}, name="club")
>>> sorted(club.implies_on_own_sets["seat_wind"]), club.implies == SEED.implies
(['pung_of_terminals_or_honors'], True)
>>> FanCombinations.from_table(SEED.as_table(), name="copy") == SEED
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Final

if TYPE_CHECKING:
    from mahjongkit.rules.ruleset import Ruleset

FanTable = Mapping[str, frozenset[str]]
"""Fan id -> fan ids."""


@dataclass(frozen=True)
class Together:
    """Fans that, all counted together, imply others (which would be counted otherwise)."""

    fans: frozenset[str]
    implies: frozenset[str]
    reason: str = field(default="", compare=False)
    """The rule it rests on, e.g. ``002 line 76``."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "fans", frozenset(self.fans))
        object.__setattr__(self, "implies", frozenset(self.implies))
        if len(self.fans) < 2:
            raise ValueError(f"a 'together' entry needs two fans or more, not {sorted(self.fans)}")

    def as_table(self) -> dict[str, list[str]]:
        """The entry as plain lists (sorted)."""
        return {"fans": sorted(self.fans), "implies": sorted(self.implies)}


@dataclass(frozen=True)
class FanCombinations:
    """One reading of which fans count together (see the module docstring).

    Compares and hashes by what it implies; its name, description and reasons are for
    people and do not count.
    """

    name: str = field(compare=False)
    implies: FanTable
    implies_on_own_sets: FanTable = field(default_factory=dict)
    together: tuple[Together, ...] = ()
    description: str = field(default="", compare=False)
    """Whose reading this is, in a few words."""
    reasons: Mapping[str, str] = field(default_factory=dict, compare=False)
    """Fan id -> the rule its entries rest on, where this reading states it."""
    _hash: int = field(default=0, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "implies", _fan_table(self.implies))
        object.__setattr__(self, "implies_on_own_sets", _fan_table(self.implies_on_own_sets))
        object.__setattr__(self, "together", tuple(self.together))
        object.__setattr__(self, "reasons", MappingProxyType(dict(self.reasons)))
        # Hashed once: the scorer finds its plan by this value on every hand.
        contents = (
            frozenset(self.implies.items()),
            frozenset(self.implies_on_own_sets.items()),
            self.together,
        )
        object.__setattr__(self, "_hash", hash(contents))

    def __hash__(self) -> int:
        return self._hash

    def fans(self) -> frozenset[str]:
        """Every fan id the reading names."""
        named: set[str] = set()
        for table in (self.implies, self.implies_on_own_sets):
            for fan, implied in table.items():
                named.add(fan)
                named |= implied
        for rule in self.together:
            named |= rule.fans | rule.implies
        return frozenset(named)

    def changed(
        self,
        *,
        name: str,
        description: str | None = None,
        implies: Mapping[str, Iterable[str]] | None = None,
        implies_on_own_sets: Mapping[str, Iterable[str]] | None = None,
        together: Iterable[Together] | None = None,
        reasons: Mapping[str, str] | None = None,
    ) -> FanCombinations:
        """A new reading: each fan given gets that whole list (an empty one: it implies
        nothing); ``together`` replaces the list when given; ``reasons`` are added.

        >>> REFERENCE.changed(name="x", implies={"all_green": []}).implies.get("all_green")
        """
        return FanCombinations(
            name,
            _fan_table({**self.implies, **(implies or {})}),
            _fan_table({**self.implies_on_own_sets, **(implies_on_own_sets or {})}),
            self.together if together is None else tuple(together),
            self.description if description is None else description,
            {**self.reasons, **(reasons or {})},
        )

    def as_table(self) -> dict[str, Any]:
        """The reading as plain tables of sorted lists (what a TOML or JSON file holds)."""
        return {
            "implies": {fan: sorted(fans) for fan, fans in sorted(self.implies.items())},
            "implies_on_own_sets": {
                fan: sorted(fans) for fan, fans in sorted(self.implies_on_own_sets.items())
            },
            "together": [rule.as_table() for rule in self.together],
        }

    @classmethod
    def from_table(
        cls, table: Mapping[str, Any], *, name: str, resolve: Callable[[str], str] = str
    ) -> FanCombinations:
        """A whole reading from tables shaped as `as_table` writes them."""
        return FanCombinations(name, {}).changed_by_table(table, name=name, resolve=resolve)

    def changed_by_table(
        self, table: Mapping[str, Any], *, name: str, resolve: Callable[[str], str] = str
    ) -> FanCombinations:
        """This reading changed by tables (the ``[scoring.combinations]`` shape).

        ``resolve`` turns a fan as written (an id or a name) into its id, raising
        `ValueError` for an unknown one. A wrong shape is a `ValueError` naming its key.

        >>> SEED.changed_by_table({"implies": {"all_green": "half_flush"}}, name="x")
        Traceback (most recent call last):
        ...
        ValueError: implies.all_green: a list of fans, not 'half_flush'
        """
        unknown = sorted(set(table) - {"implies", "implies_on_own_sets", "together"})
        if unknown:
            raise ValueError(
                f"{unknown[0]}: unknown key; give implies, implies_on_own_sets or together"
            )
        lists: dict[str, dict[str, list[str]]] = {}
        for key in ("implies", "implies_on_own_sets"):
            raw = table.get(key, {})
            if not isinstance(raw, Mapping):
                raise ValueError(f"{key}: a table of fan = [fans], not {raw!r}")
            lists[key] = {
                resolve(fan): [resolve(f) for f in _fan_list(f"{key}.{fan}", fans)]
                for fan, fans in raw.items()
            }
        together: list[Together] | None = None
        if "together" in table:
            raw_rules = table["together"]
            if not isinstance(raw_rules, list):
                raise ValueError(f"together: a list of tables, not {raw_rules!r}")
            together = []
            for n, rule in enumerate(raw_rules):
                where = f"together[{n}]"
                if not isinstance(rule, Mapping) or set(rule) != {"fans", "implies"}:
                    raise ValueError(f"{where}: a table of fans = [...] and implies = [...]")
                together.append(
                    Together(
                        frozenset(resolve(f) for f in _fan_list(f"{where}.fans", rule["fans"])),
                        frozenset(
                            resolve(f) for f in _fan_list(f"{where}.implies", rule["implies"])
                        ),
                    )
                )
        return self.changed(
            name=name,
            implies=lists["implies"],
            implies_on_own_sets=lists["implies_on_own_sets"],
            together=together,
        )


def _fan_table(table: Mapping[str, Iterable[str]]) -> FanTable:
    """A read-only fan table; a fan listed with nothing implies nothing and is left out."""
    return MappingProxyType({fan: frozenset(fans) for fan, fans in table.items() if fans})


def _fan_list(where: str, fans: object) -> list[str]:
    if not isinstance(fans, list) or not all(isinstance(f, str) for f in fans):
        raise ValueError(f"{where}: a list of fans, not {fans!r}")
    return fans


def _split(rows: Mapping[str, str]) -> dict[str, frozenset[str]]:
    return {fan: frozenset(fans.split()) for fan, fans in rows.items()}


REFERENCE: Final = FanCombinations(
    "reference",
    _split(
        {
            "big_four_winds": "big_three_winds little_four_winds all_pungs prevalent_wind "
            "seat_wind pung_of_terminals_or_honors",
            "big_three_dragons": "two_dragons_pungs dragon_pung little_three_dragons",
            "all_green": "half_flush one_voided_suit",
            "nine_gates": "full_flush concealed_hand fully_concealed_hand one_voided_suit "
            "no_honors",
            "four_kongs": "three_kongs two_melded_kongs two_concealed_kongs "
            "concealed_kong_and_melded_kong melded_kong concealed_kong all_pungs single_wait",
            "seven_shifted_pairs": "seven_pairs full_flush no_honors one_voided_suit "
            "concealed_hand fully_concealed_hand single_wait",
            "thirteen_orphans": "all_types concealed_hand fully_concealed_hand single_wait",
            "all_terminals": "all_terminals_and_honors all_pungs outside_hand "
            "pung_of_terminals_or_honors no_honors double_pung",
            "little_four_winds": "big_three_winds pung_of_terminals_or_honors",
            "little_three_dragons": "two_dragons_pungs dragon_pung",
            "all_honors": "all_terminals_and_honors all_pungs outside_hand "
            "pung_of_terminals_or_honors one_voided_suit",
            "four_concealed_pungs": "three_concealed_pungs two_concealed_pungs all_pungs "
            "concealed_hand fully_concealed_hand",
            "pure_terminal_chows": "full_flush all_chows no_honors",
            "quadruple_chow": "tile_hog",
            "four_pure_shifted_pungs": "all_pungs",
            "three_kongs": "two_melded_kongs two_concealed_kongs concealed_kong_and_melded_kong "
            "melded_kong concealed_kong",
            "all_terminals_and_honors": "all_pungs outside_hand pung_of_terminals_or_honors",
            "seven_pairs": "concealed_hand fully_concealed_hand single_wait",
            "greater_honors_and_knitted_tiles": "lesser_honors_and_knitted_tiles all_types "
            "concealed_hand fully_concealed_hand",
            "all_even_pungs": "all_pungs all_simples no_honors",
            "full_flush": "no_honors one_voided_suit",
            "upper_tiles": "upper_four no_honors",
            "middle_tiles": "all_simples no_honors",
            "lower_tiles": "lower_four no_honors",
            "three_suited_terminal_chows": "all_chows no_honors",
            "all_five": "all_simples no_honors",
            "three_concealed_pungs": "two_concealed_pungs",
            "lesser_honors_and_knitted_tiles": "all_types concealed_hand fully_concealed_hand",
            "upper_four": "no_honors",
            "lower_four": "no_honors",
            "reversible_tiles": "one_voided_suit",
            "last_tile_draw": "self_drawn",
            "out_with_replacement_tile": "self_drawn",
            "robbing_the_kong": "last_tile",
            "two_concealed_kongs": "concealed_kong two_concealed_pungs",
            "half_flush": "one_voided_suit",
            "melded_hand": "single_wait",
            "two_dragons_pungs": "dragon_pung",
            "fully_concealed_hand": "self_drawn concealed_hand",
            "two_melded_kongs": "melded_kong",
            "all_chows": "no_honors",
            "all_simples": "no_honors",
            "concealed_kong_and_melded_kong": "melded_kong concealed_kong",
        }
    ),
    _split(
        {
            # The rulebook deducts one Pung of Terminals or Honors from Nine Gates.
            "nine_gates": "pung_of_terminals_or_honors",
            "big_three_winds": "pung_of_terminals_or_honors",
            "prevalent_wind": "pung_of_terminals_or_honors",
            "seat_wind": "pung_of_terminals_or_honors",
        }
    ),
    description="the reference calculator (PyMahjongGB 1.4.0) after the Chinese-language rulebook",
)
"""The reference calculator's reading (PyMahjongGB 1.4.0, the Chinese Official Mahjong
Helper, the Botzone judge): ``mcr-gb`` scores with it and matches the calculator exactly."""

_FULLY_CONCEALED = "may be combined with Fully Concealed if the winning tile is Self-Drawn"

SEED: Final = REFERENCE.changed(
    name="seed",
    implies=_split(
        {
            # Fully Concealed Hand counts when self-drawn (and implies Self-Drawn itself).
            "four_concealed_pungs": "three_concealed_pungs two_concealed_pungs all_pungs "
            "concealed_hand",
            "seven_pairs": "concealed_hand single_wait",
            "thirteen_orphans": "all_types concealed_hand single_wait",
            "nine_gates": "full_flush concealed_hand one_voided_suit no_honors "
            "pung_of_terminals_or_honors",
            "seven_shifted_pairs": "seven_pairs full_flush no_honors one_voided_suit "
            "concealed_hand single_wait",
            "greater_honors_and_knitted_tiles": "lesser_honors_and_knitted_tiles all_types "
            "concealed_hand",
            "lesser_honors_and_knitted_tiles": "all_types concealed_hand",
            # All Terminals takes Double Pung; All Green takes Half Flush.
            "all_terminals": "all_terminals_and_honors all_pungs outside_hand "
            "pung_of_terminals_or_honors no_honors",
            "all_green": "one_voided_suit",
            "knitted_straight": "edge_wait closed_wait",
        }
    ),
    implies_on_own_sets={"nine_gates": [], "seat_wind": [], "prevalent_wind": []},
    together=(
        Together(
            frozenset({"all_green", "seven_pairs"}),
            frozenset({"tile_hog"}),
            "002 line 76: when combined with Seven Pairs, Tile Hog may not be added",
        ),
        Together(
            frozenset({"all_terminals", "seven_pairs"}),
            frozenset({"tile_hog"}),
            "002 line 86: may be combined with Seven Pairs, but then the Tile Hog may not be added",
        ),
    ),
    description="the seed documents (002; 000 and 001 where they say the same)",
    reasons={
        "four_concealed_pungs": f"002 line 94 (000 line 141, 001 line 114): {_FULLY_CONCEALED}",
        "seven_pairs": f"002 line 111 (000 line 160): {_FULLY_CONCEALED}",
        "thirteen_orphans": f"002 line 83 (000 line 131): {_FULLY_CONCEALED}",
        "nine_gates": f"002 line 78 (000 line 122): {_FULLY_CONCEALED}; it may not be "
        "combined with Pong of Terminals or Honours",
        "seven_shifted_pairs": f"002 line 81 (000 line 126): {_FULLY_CONCEALED}",
        "greater_honors_and_knitted_tiles": f"002 line 113 (000 line 161): {_FULLY_CONCEALED}",
        "lesser_honors_and_knitted_tiles": f"002 line 139 (000 line 199): {_FULLY_CONCEALED}",
        "all_terminals": "002 line 86: may be combined with Double Pong or Triple Pong",
        "all_green": "002 line 76: may be combined with either Half Flush or Full Flush",
        "knitted_straight": "002 line 141: may not be combined with Edge Wait or Closed Wait",
        "seat_wind": "002 line 198 (000 line 306): a pong of a wind may be combined with Seat "
        "Wind or Prevalent Wind",
        "prevalent_wind": "002 line 198 (000 line 306): a pong of a wind may be combined with "
        "Seat Wind or Prevalent Wind",
    },
)
"""The seed documents' reading, where they say which fans combine: ``mcr``'s."""

_POINT_WINDS = (
    "001 line 143: Pung of Terminals or Honors is for 1s, 9s or non-point winds (a pung "
    "of a wind that scores Seat Wind earns none)"
)

BP_CLUB: Final = SEED.changed(
    name="bp-club",
    implies_on_own_sets={
        "seat_wind": ["pung_of_terminals_or_honors"],
        "prevalent_wind": ["pung_of_terminals_or_honors"],
    },
    description="the club's sheet (001), and the seed reading where it is silent",
    reasons={"seat_wind": _POINT_WINDS, "prevalent_wind": _POINT_WINDS},
)
"""The BP club's reading (seed 001): the seed reading, except that the pung of a wind
worth points (Seat Wind; Prevalent Wind, which the club deletes) earns no Pung of
Terminals or Honors (001 line 143, "Non-Point Winds")."""

READINGS: Final = {r.name: r for r in (REFERENCE, SEED, BP_CLUB)}
"""The readings by name: what a house-rules table's ``base`` names."""


def read_table(
    table: Mapping[str, Any], *, name: str, resolve: Callable[[str], str] = str
) -> FanCombinations:
    """The reading a ``[scoring.combinations]`` table states: its ``base`` reading
    (``"seed"`` when not given) changed by the rest.

    >>> read_table({"base": "reference", "implies": {"all_green": ["one_voided_suit"]}},
    ...     name="club").implies["all_green"]
    frozenset({'one_voided_suit'})
    >>> read_table({"base": "gb"}, name="club")
    Traceback (most recent call last):
    ...
    ValueError: base: unknown reading 'gb'; known: reference, seed, bp-club
    """
    base_name = table.get("base", "seed")
    base = READINGS.get(base_name) if isinstance(base_name, str) else None
    if base is None:
        raise ValueError(f"base: unknown reading {base_name!r}; known: {', '.join(READINGS)}")
    rest = {key: value for key, value in table.items() if key != "base"}
    return base.changed_by_table(rest, name=name, resolve=resolve)


def fan_combinations(ruleset: Ruleset) -> FanCombinations:
    """The reading a ruleset scores with: its ``scoring.combinations`` (``mcr`` the seeds',
    ``mcr-gb`` the reference's, ``bp-club`` its sheet's, as each states it).

    >>> from mahjongkit.rules.ruleset import get_ruleset
    >>> [fan_combinations(get_ruleset(n)).name for n in ("mcr-gb", "mcr", "bp-club")]
    ['reference', 'seed', 'bp-club']
    """
    found = ruleset.scoring.combinations
    if found is None:
        raise ValueError(f"ruleset {ruleset.name!r} has no MCR fan combinations")
    return found


__all__ = [
    "BP_CLUB",
    "READINGS",
    "REFERENCE",
    "SEED",
    "FanCombinations",
    "Together",
    "fan_combinations",
    "read_table",
]
