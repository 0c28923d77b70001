"""PettingZoo's own conformance tests, for every ruleset: the AEC API, the Parallel API,
seeding; and the environments' options, rewards and errors."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, parallel_api_test, seed_test

from mahjongkit.bots import BOTS
from mahjongkit.env import (
    AGENTS,
    NUM_PLANES,
    MahjongAEC,
    MahjongSingle,
    aec_env,
    parallel_env,
)
from mahjongkit.errors import IllegalActionError
from mahjongkit.money.settlement import balances
from mahjongkit.rules.ruleset import Ruleset

from .conftest import RULESETS, label


@pytest.fixture(autouse=True)
def _quiet() -> None:
    """PettingZoo's tests warn about a Dict observation (the planes and the mask, as its
    own masked games have them) and about the masks of zeros of the seats not asked."""
    warnings.simplefilter("ignore", UserWarning)


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_aec_api(ruleset: str | Ruleset) -> None:
    api_test(aec_env(ruleset, seed=1), num_cycles=400)


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_parallel_api(ruleset: str | Ruleset) -> None:
    parallel_api_test(parallel_env(ruleset, seed=1), num_cycles=400)


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_aec_seeding(ruleset: str | Ruleset) -> None:
    seed_test(lambda: aec_env(ruleset), num_cycles=100)


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-lrc"])
def test_the_apis_over_a_whole_match(ruleset: str) -> None:
    options = {"episode": "match", "max_hands": 3, "dtype": "int8"}
    api_test(aec_env(ruleset, seed=2, **options), num_cycles=2000)
    parallel_api_test(parallel_env(ruleset, seed=2, **options), num_cycles=2000)
    seed_test(lambda: aec_env(ruleset, **options), num_cycles=300)


def play_parallel(ruleset: str | Ruleset, seed: int) -> list[object]:
    """Everything a seeded parallel episode gives, the actions drawn from seeded spaces
    within the masks (PettingZoo's parallel seed test samples outside them)."""
    env = parallel_env(ruleset)
    obs, infos = env.reset(seed=seed)
    for i, agent in enumerate(AGENTS):
        env.action_space(agent).seed(seed + i)
    seen: list[object] = [obs, infos]
    while env.agents:
        actions = {
            a: env.action_space(a).sample(o["action_mask"])
            for a, o in obs.items()
            if o["action_mask"].any()
        }
        obs, rewards, terminations, truncations, infos = env.step(actions)
        seen += [actions, obs, rewards, terminations, truncations, infos]
    return seen


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_parallel_seeding(ruleset: str | Ruleset) -> None:
    from gymnasium.utils.env_checker import data_equivalence

    assert data_equivalence(play_parallel(ruleset, 42), play_parallel(ruleset, 42))
    assert not data_equivalence(play_parallel(ruleset, 42)[0], play_parallel(ruleset, 43)[0])


def finish(env: MahjongAEC, bot: str = "random") -> dict[str, float]:
    """Play the AEC episode out, every seat the project's ``bot`` acting on its own
    observation through the environment; each agent's total reward."""
    player = BOTS[bot]()
    total = dict.fromkeys(AGENTS, 0.0)
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        total[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        state, p = env.table.state, AGENTS.index(agent)
        action = player.act(state.observation(p), state.decision(p)).to_index()
        assert obs["action_mask"][action]
        env.step(action)
    return total


@pytest.mark.parametrize("ruleset", ["mcr", "taiwanese-dxb"])
def test_rewards_are_the_hands_money(ruleset: str) -> None:
    paid = 0
    for seed in range(4):
        env = aec_env(ruleset, seed=seed)
        env.reset()
        total = finish(env, "efficient")
        money = env.table.state.last_money
        assert money is not None
        assert [total[a] for a in AGENTS] == list(balances(money.payments)[:4])
        paid += any(total.values())
        signs = aec_env(ruleset, seed=seed, reward="sign")
        signs.reset()
        signed = finish(signs, "efficient")
        # The same seed and the same bots play the same hand: its money's signs.
        assert signs.table.state.last_money == money
        assert [signed[a] for a in AGENTS] == [float(np.sign(total[a])) for a in AGENTS]
    assert paid  # a hand that moved money was among them


def test_a_match_episode_pays_every_hand_and_ends_with_the_match() -> None:
    env = aec_env("taiwanese-lrc", seed=5, episode="match", max_hands=3)
    env.reset()
    total = finish(env)
    state = env.table.state
    assert state.over and state.hand_number == 3
    start = state.table.starting_points
    assert [total[a] for a in AGENTS] == [float(s - start) for s in state.scores]
    assert sum(total.values()) == 0  # the pot of the drawn hands went back at the end


def test_a_match_may_pay_its_table_points_at_the_end() -> None:
    env = aec_env("mcr", seed=6, episode="match", max_hands=2, reward="points")
    env.reset()
    total = finish(env, "efficient")
    state = env.table.state
    assert state.over
    assert [total[a] for a in AGENTS] == [float(p) for p in state.record().table_points]
    assert sum(total.values()) == 7  # 4 + 2 + 1 + 0, ties sharing


def test_a_taiwanese_match_pays_its_final_ranks_not_table_points() -> None:
    # 003 l.59: the highest score wins a Taiwanese game; there are no table points to pay
    with pytest.raises(ValueError, match="taiwanese-lrc plays for the highest score"):
        aec_env("taiwanese-lrc", episode="match", reward="points")
    env = aec_env("taiwanese-lrc", seed=6, episode="match", max_hands=2, reward="rank")
    env.reset()
    total = finish(env, "efficient")
    scores = env.table.state.scores
    assert sum(total.values()) == 6  # 3 + 2 + 1 + 0, ties sharing
    for p in range(4):  # each place's points, ties sharing what they span
        above = sum(1 for q in range(4) if scores[q] > scores[p])
        level = sum(1 for q in range(4) if scores[q] == scores[p])
        assert total[AGENTS[p]] == sum((3, 2, 1, 0)[above : above + level]) / level


def test_each_episode_draws_its_dealer_unless_one_is_given() -> None:
    env = aec_env("mcr", seed=8)
    dealers = set()
    for _ in range(12):
        env.reset()
        dealers.add(env.table.state.hand_deal.dealer)
    assert dealers == {0, 1, 2, 3}
    fixed = aec_env("mcr", seed=8, dealer=2)
    fixed.reset()
    assert fixed.table.state.hand_deal.dealer == 2
    assert fixed.agent_selection == "player_2"  # the dealer plays first


def test_planes_in_int8() -> None:
    env = aec_env("bp-club", seed=4, dtype="int8")
    env.reset()
    planes = env.observe(env.agent_selection)["observation"]
    assert planes.dtype == np.int8 and planes.shape == (NUM_PLANES, 34)
    assert env.observation_space("player_0")["observation"].dtype == np.int8


def test_render_shows_the_table_as_text() -> None:
    env = aec_env("mcr", seed=4, render_mode="ansi")
    env.reset()
    text = env.render()
    assert isinstance(text, str) and "prevalent wind E" in text and "P0" in text
    assert aec_env("mcr").render() is None


def test_an_action_outside_the_mask_is_refused_and_changes_nothing() -> None:
    env = aec_env("mcr", seed=2)
    env.reset()
    agent = env.agent_selection
    before = env.observe(agent)
    illegal = int(np.flatnonzero(before["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=f"index {illegal}.*not legal for {agent}"):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="an action is an index"):
        env.step(1.0)
    assert env.agent_selection == agent
    after = env.observe(agent)
    assert all(np.array_equal(before[k], after[k]) for k in before)
    par = parallel_env("mcr", seed=2)
    obs, _ = par.reset()
    (actor,) = [a for a, o in obs.items() if o["action_mask"].any()]
    with pytest.raises(ValueError, match=f"{actor} must act now"):
        par.step({})


def test_a_claim_window_answers_together_or_not_at_all() -> None:
    """Several seats answer a discard in one parallel step; one illegal answer refuses
    the step before any answer is taken."""
    env = parallel_env("mcr", seed=9)
    rng = np.random.default_rng(9)
    obs, _ = env.reset()
    while True:
        asked = [a for a, o in obs.items() if o["action_mask"].any()]
        if len(asked) >= 2:
            break
        actions = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"]))) for a in asked}
        obs, *_ = env.step(actions)
        if not env.agents:
            obs, _ = env.reset()
    state = env.table.state
    done = len(state.hand.history)
    first, second = asked[0], asked[1]
    legal = {a: int(np.flatnonzero(obs[a]["action_mask"])[-1]) for a in asked}  # a pass
    wrong = dict(legal)
    wrong[second] = int(np.flatnonzero(obs[second]["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError, match=second):
        env.step(wrong)
    assert len(state.hand.history) == done and state.to_act() == env.table.to_act()
    assert set(AGENTS[p] for p in state.to_act()) == set(asked)
    obs, *_ = env.step(legal)
    assert len(state.hand.history) >= done + len(asked)
    assert first != second


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ({"episode": "game"}, "episode is one of hand, match, not 'game'"),
        ({"reward": "place"}, "reward is one of money, sign, points, rank, not 'place'"),
        ({"reward": "points"}, "reward 'points' is the table points of a match"),
        ({"reward": "rank"}, "reward 'rank' is the final rank of a match"),
        ({"dtype": "float64"}, "dtype is one of float32, int8, not 'float64'"),
        ({"max_hands": 0}, "max_hands is a whole number from 1, not 0"),
        ({"dealer": 4}, "dealer is a player 0..3, not 4"),
        ({"render_mode": "human"}, "render_mode is 'ansi' or None, not 'human'"),
    ],
)
def test_bad_options_are_named(option: dict[str, object], message: str) -> None:
    for make in (aec_env, parallel_env):
        with pytest.raises(ValueError, match=message.replace("(", r"\(")):
            make("mcr", **option)  # type: ignore[arg-type]


def test_a_step_outside_an_episode_is_refused() -> None:
    with pytest.raises(IllegalActionError, match="reset the environment first"):
        aec_env("mcr").step(0)
    with pytest.raises(IllegalActionError, match="no episode is in play"):
        parallel_env("mcr").step({})
    with pytest.raises(IllegalActionError, match="reset the environment first"):
        MahjongSingle("mcr").step(0)


def test_an_unknown_option_is_refused() -> None:
    with pytest.raises(TypeError, match="colour"):
        aec_env("mcr", colour="red")
