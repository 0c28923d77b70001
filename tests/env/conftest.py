"""The rulesets every environment test runs: each one the package ships, and each family
with its discards laid the other way (a centre table for MCR)."""

from __future__ import annotations

from tests.game.conftest import BUILT_IN, _variants_registered, label, with_discards

from mahjongkit.rules.ruleset import Ruleset

RULESETS: list[str | Ruleset] = [
    *BUILT_IN,
    with_discards("mcr", "centre"),
    with_discards("taiwanese-lrc", "rows"),
]

__all__ = ["RULESETS", "_variants_registered", "label"]
