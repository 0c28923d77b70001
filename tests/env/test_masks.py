"""The action masks against the engine over random play, every ruleset: every masked
action is one the engine takes, every legal action is masked, the agent asked never has
an empty mask, a seat with nothing to decide a mask of zeros (scripts/check_env_masks.py;
its full run of 1,000,000 steps is the slow test)."""

from __future__ import annotations

import pytest
from scripts.check_env_masks import check_masks, main

from mahjongkit.rules.ruleset import Ruleset

from .conftest import RULESETS, label

STEPS = 2_500
"""Per ruleset: 20,000 steps in all over the eight."""


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_every_mask_is_the_engines_legal_actions(ruleset: str | Ruleset) -> None:
    done = check_masks(ruleset, STEPS, seed=11)
    assert done.steps == STEPS and done.hands > 10 and done.masks == 4 * STEPS


def test_masks_stay_right_from_hand_to_hand_of_a_match() -> None:
    done = check_masks("taiwanese-lrc", 1_500, seed=5, episode="match", max_hands=4)
    assert done.hands >= 2  # matches of four hands, played through


@pytest.mark.slow
def test_a_million_random_steps() -> None:
    assert main(["--steps", "1000000", "--seed", "1"]) == 0
