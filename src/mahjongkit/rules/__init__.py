"""Rulesets as frozen data, found by name in a registry.

>>> get_ruleset("guobiao").name
'mcr-gb'
>>> sorted(ruleset_names())
['botzone', 'bp-club', 'mcr', 'mcr-gb', 'taiwanese-dxb', 'taiwanese-lrc']
"""

from mahjongkit.rules.ruleset import (
    Ruleset,
    get_ruleset,
    register,
    ruleset_names,
)

__all__ = ["Ruleset", "get_ruleset", "register", "ruleset_names"]
