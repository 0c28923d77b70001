"""One learning seat against the project's bots: Gymnasium's `check_env` for every
ruleset, the learner asked only at its own decisions, its reward its share of the money,
and what an action outside the mask does."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from mahjongkit.env import ENV_ID, MahjongSingle
from mahjongkit.errors import IllegalActionError
from mahjongkit.money.settlement import balances
from mahjongkit.rules.ruleset import Ruleset

from .conftest import RULESETS, label


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_check_env(ruleset: str | Ruleset) -> None:
    # By name: `gymnasium.make` copies its arguments, and a ruleset is found by name.
    env = gymnasium.make(ENV_ID, ruleset=label(ruleset), opponents="defender", seat=0)
    check_env(env.unwrapped)


@pytest.mark.parametrize(("ruleset", "seat"), [("mcr", 1), ("taiwanese-lrc", 3), ("botzone", 2)])
def test_the_learner_plays_its_seat_and_is_paid_its_share(ruleset: str, seat: int) -> None:
    env = gymnasium.make(
        ENV_ID, ruleset=ruleset, opponents=["efficient", "defender", "scorer"], seat=seat
    )
    inner = env.unwrapped
    assert isinstance(inner, MahjongSingle)
    rng = np.random.default_rng(seat)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        total, terminated = 0.0, False
        while not terminated:
            assert seat in inner.table.to_act()
            assert obs["action_mask"].any()
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            obs, reward, terminated, truncated, info = env.step(action)
            assert not truncated and "illegal_action" not in info
            total += float(reward)
        money = inner.table.state.last_money
        assert money is not None and total == balances(money.payments)[seat]
        assert not obs["action_mask"].any()


def test_a_match_pays_the_learner_its_final_score() -> None:
    env = MahjongSingle(
        "taiwanese-lrc", opponents="efficient", seat=2, episode="match", max_hands=3
    )
    obs, _ = env.reset(seed=2)
    total, terminated = 0.0, False
    while not terminated:
        obs, reward, terminated, _, _ = env.step(int(np.flatnonzero(obs["action_mask"])[-1]))
        total += float(reward)
    state = env.table.state
    assert state.over and total == state.scores[2] - state.table.starting_points
    with pytest.raises(IllegalActionError, match="the episode is over"):
        env.step(0)


def test_an_action_outside_the_mask_is_replaced_or_refused() -> None:
    env = MahjongSingle("mcr", opponents="random")
    obs, _ = env.reset(seed=4)
    wrong = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    lowest = int(np.flatnonzero(obs["action_mask"])[0])
    again = MahjongSingle("mcr", opponents="random")
    again.reset(seed=4)
    _, _, _, _, info = env.step(wrong)
    assert info == {"illegal_action": wrong}
    assert (
        again.step(lowest)[0]["observation"].tobytes()
        == env.table.observe(0)["observation"].tobytes()
    )
    strict = MahjongSingle("mcr", opponents="random", illegal="raise")
    strict.reset(seed=4)
    with pytest.raises(IllegalActionError, match=f"index {wrong}"):
        strict.step(wrong)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"opponents": "clever"}, "unknown bot 'clever' among the opponents"),
        ({"opponents": ["random", "random"]}, "one bot, or three, not 2"),
        ({"seat": 4}, "seat is a table position 0..3, not 4"),
        ({"illegal": "ignore"}, "illegal is one of substitute, raise, not 'ignore'"),
        ({"reward": "place"}, "reward is one of money, sign, points, rank"),
    ],
)
def test_bad_options_are_named(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace(".", r"\.")):
        MahjongSingle("mcr", **options)  # type: ignore[arg-type]
