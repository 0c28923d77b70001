"""The environments' planes and masks, read straight from the hand at every decision
(`state_planes`, `mask_of`), against the reference: `planes_of` and `write_mask` of the
seat's `Observation`, byte for byte, for every seat at every decision of random play in
every ruleset (whole matches, so the scores and the hands' numbers move too)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mahjongkit.env import aec_env
from mahjongkit.env.table import Table
from mahjongkit.game.planes import SeatBlocks, mask_of, planes_of, state_planes, write_mask
from mahjongkit.rules.ruleset import Ruleset

from .conftest import RULESETS, label


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_planes_read_from_the_hand_are_the_observations_planes(ruleset: str | Ruleset) -> None:
    rng = random.Random(7)
    table = Table(ruleset, seed=7, episode="match", max_hands=2)
    table.new_episode()
    blocks = SeatBlocks()  # kept from one decision to the next, as a table keeps them
    decisions = 0
    while True:
        state = table.state
        hand, view = state.hand, table.match_view()
        for player in range(4):  # the seats asked and the others alike
            seat = state.seat_of(player)
            obs = state.observation(player)
            fast = state_planes(hand, seat, view, blocks)
            assert fast == planes_of(obs, view), (decisions, player)
            assert mask_of(hand.legal_actions(seat)) == write_mask(obs), (decisions, player)
        to_act = table.to_act()
        if not to_act:
            break
        player = to_act[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
        decisions += 1
    assert decisions > 100


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_the_aec_environment_gives_the_reference_planes_and_mask(ruleset: str) -> None:
    rng = random.Random(3)
    env = aec_env(ruleset, seed=3, dtype="int8")
    env.reset()
    for agent in env.agent_iter():
        obs, _, terminated, _, _ = env.last()
        seen = env.table.state.observation(int(agent[-1]))
        reference = np.frombuffer(planes_of(seen, env.table.match_view()), np.int8)
        assert np.array_equal(obs["observation"].reshape(-1), reference)
        assert bytes(obs["action_mask"]) == bytes(write_mask(seen))
        if terminated:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]).tolist())))
