"""The rulebook: every rule of a ruleset as typed data, found by name in a registry.

A `Ruleset` has three parts: ``play`` (`PlayRules`), ``table`` (`TableRules`) and
``scoring`` (`ScoringRules`). Built-in rulesets spell out every value; house rules are
TOML files over one of them (`mahjongkit.rules.house`).

>>> get_ruleset("guobiao").name
'mcr-gb'
>>> sorted(ruleset_names())
['botzone', 'bp-club', 'mcr', 'mcr-gb', 'taiwanese-dxb', 'taiwanese-lrc']
>>> get_ruleset("bp-club").play.draw_stacks_left
7
"""

from mahjongkit.rules.play import PlayRules
from mahjongkit.rules.ruleset import (
    Ruleset,
    get_ruleset,
    register,
    ruleset_names,
)
from mahjongkit.rules.scoring import ScoringRules
from mahjongkit.rules.table import TableRules

__all__ = [
    "PlayRules",
    "Ruleset",
    "ScoringRules",
    "TableRules",
    "get_ruleset",
    "register",
    "ruleset_names",
]
