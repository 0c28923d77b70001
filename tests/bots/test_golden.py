"""The bots choose as recorded in the golden set (``tests/data/bot-golden.txt``, written
by ``scripts/bot_golden.py`` before the bots were made faster)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

_SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "bot_golden.py"


def _golden() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bot_golden", _SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bot_golden"] = module  # dataclasses and NamedTuples look their module up
    spec.loader.exec_module(module)
    return module


golden = _golden()
FIRST = [h for h in golden.load(2)]
REST = [h for h in golden.load() if h.number >= 2]


def _id(hand: object) -> str:
    return f"{hand.ruleset}-{hand.tier}-{hand.number}"  # type: ignore[attr-defined]


def test_golden_set_covers_each_ruleset_and_tier() -> None:
    assert {(h.ruleset, h.tier) for h in FIRST} == {
        (r, t) for r in golden.RULESETS for t in golden.TIERS
    }
    assert sum(len(h.decisions) for h in FIRST) > 1000


@pytest.mark.parametrize("hand", FIRST, ids=_id)
def test_bots_choose_as_recorded(hand: object) -> None:
    assert golden.difference(hand) is None


@pytest.mark.slow
@pytest.mark.parametrize("hand", REST, ids=_id)
def test_bots_choose_as_recorded_in_every_hand(hand: object) -> None:
    assert golden.difference(hand) is None
