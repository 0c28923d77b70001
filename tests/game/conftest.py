"""Helpers for the game tests: scripted tables."""

from __future__ import annotations

import dataclasses
import importlib

import pytest

from mahjongkit.game.state import HandState
from mahjongkit.game.wall import Wall
from mahjongkit.notation import parse_tiles
from mahjongkit.rules import ruleset as ruleset_module
from mahjongkit.rules.builtin import BUILTIN
from mahjongkit.rules.ruleset import PACKAGED_HOUSE_RULES, Ruleset, get_ruleset, register


def need_scorer(ruleset: str | Ruleset) -> Ruleset:
    """The ruleset, skipping the test while its scoring family cannot be imported."""
    rules = get_ruleset(ruleset)
    try:
        family = importlib.import_module(f"mahjongkit.scoring.{rules.scoring.family}")
    except ImportError as err:
        pytest.skip(f"the {rules.scoring} scorer is not importable yet: {err}")
    if not hasattr(family, "score_hand"):
        pytest.skip(f"the {rules.scoring} scorer has no score_hand yet")
    return rules


def table(
    ruleset: str | Ruleset,
    hands: list[str],
    draws: str = "",
    replacements: str = "",
) -> HandState:
    """A hand dealt from a scripted wall: ``hands`` East first (the dealer's holds one tile
    more), then the live wall gives ``draws`` and the back end ``replacements``."""
    rules = need_scorer(ruleset)
    wall = Wall.arranged(
        rules,
        [parse_tiles(h) for h in hands],
        parse_tiles(draws) if draws else (),
        parse_tiles(replacements) if replacements else (),
    )
    return HandState(rules, wall)


# South holds 123m twice, 444p, 66p, 4s and WWW: drawing 4s it calls Ting throwing N, ready
# on the regular form (6p or 4s). Its fourth W would complete the hand only as Nico Nico
# (seven pairs, the four W as two, and the pung 444p: 004 line 348).
NICO_AFTER_TING = [
    "4m7m1p5p8p2s5s8sESCFP9m6m3p7s",
    "112233m444p66p4sWWWN",
    "5m8m2p9p3s6s9sESCFPN7m1s5p",
    "6m9m3p8p1s7s2sECFP4m5m2p6p",
]
NICO_DRAWS = "4s9m9sEW"
NICO_PLAY = [
    (0, "discard E"),
    (1, "ting N"),
    (2, "discard 9m"),
    (3, "discard 9s"),
    (0, "discard E"),
]
"""The play to South's turn with the fourth W drawn (each action's claims all passed)."""


_VARIANTS: dict[str, Ruleset] = {}
"""The rulesets `with_discards` made, by name."""


def with_discards(name: str, layout: str) -> Ruleset:
    """The ruleset with its discards laid out as ``layout``, named ``NAME-LAYOUT``: every
    test finds it by that name (records are replayed, and bots read forms, by name)."""
    rules = get_ruleset(name)
    variant = dataclasses.replace(
        rules.changed(discards=layout), name=f"{rules.name}-{layout}", aliases=()
    )
    _VARIANTS[variant.name] = variant
    return variant


@pytest.fixture(autouse=True)
def _variants_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The rulesets of `with_discards`, registered in a private copy of the registry, so
    the rest of the suite never sees them."""
    monkeypatch.setattr(ruleset_module, "_REGISTRY", dict(ruleset_module._REGISTRY))
    monkeypatch.setattr(ruleset_module, "_ALIASES", dict(ruleset_module._ALIASES))
    for variant in _VARIANTS.values():
        register(variant, replace=True)


BUILT_IN = sorted([*(r.name for r in BUILTIN), *PACKAGED_HOUSE_RULES])
"""The names of the rulesets the package ships (`ruleset_names` in a game test also lists
the variants of `with_discards`)."""


def label(rules: str | Ruleset) -> str:
    """A test id: the ruleset's name."""
    return rules if isinstance(rules, str) else rules.name
