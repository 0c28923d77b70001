"""Batched tables: `VectorEnv` plays, table by table, what independent Parallel
environments with the same seeds play (observations, masks, rewards, ends), deals a
finished table again in the same step, and refuses a batch with an illegal action whole.
The single-seat environment through Gymnasium's vector API."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest

from mahjongkit.env import AGENTS, ENV_ID, VectorEnv, parallel_env
from mahjongkit.env.vector import MAX_ROWS_PER_TABLE
from mahjongkit.errors import IllegalActionError
from mahjongkit.game.actions import Action
from mahjongkit.rules.ruleset import Ruleset

from .conftest import label, with_discards


@pytest.mark.parametrize(
    ("ruleset", "options"),
    [
        ("mcr", {}),
        ("taiwanese-lrc", {"dtype": "int8"}),
        ("botzone", {"reward": "sign"}),
        ("mcr", {"episode": "match", "max_hands": 2}),
        (with_discards("mcr", "centre"), {}),
        (with_discards("taiwanese-lrc", "rows"), {"dtype": "int8"}),
    ],
    ids=lambda p: label(p) if isinstance(p, str | Ruleset) else ",".join(map(str, p.values())),
)
def test_each_table_plays_as_its_own_parallel_env(
    ruleset: str | Ruleset, options: dict[str, object]
) -> None:
    tables, seed = 4, 20
    venv = VectorEnv(tables, ruleset, seed=seed, **options)
    envs = [parallel_env(ruleset, seed=seed + i, **options) for i in range(tables)]
    batch, _ = venv.reset()
    singles = [env.reset()[0] for env in envs]
    rng = np.random.default_rng(1)
    ended = np.zeros(tables, dtype=int)
    for _ in range(400):
        rows_of: dict[int, list[int]] = {i: [] for i in range(tables)}
        for r, i in enumerate(batch["table"]):
            rows_of[int(i)].append(r)
        actions = np.zeros(len(batch["table"]), dtype=np.int64)
        given: list[dict[str, int]] = []
        for i, obs in enumerate(singles):
            deciding = [AGENTS.index(a) for a, o in obs.items() if o["action_mask"].any()]
            rows = rows_of[i]
            assert sorted(int(batch["player"][r]) for r in rows) == deciding
            for r in rows:
                mine = obs[AGENTS[batch["player"][r]]]
                assert np.array_equal(batch["observation"][r], mine["observation"])
                assert np.array_equal(batch["action_mask"][r], mine["action_mask"])
                actions[r] = rng.choice(np.flatnonzero(batch["action_mask"][r]))
            given.append({AGENTS[batch["player"][r]]: int(actions[r]) for r in rows})
        batch, rewards, terminations, truncations, _ = venv.step(actions)
        assert not truncations.any()
        for i, env in enumerate(envs):
            obs, got, done, _, _ = env.step(given[i])
            assert list(rewards[i]) == [got[a] for a in AGENTS]
            assert bool(terminations[i]) == all(done.values())
            if terminations[i]:
                ended[i] += 1
                obs, _ = env.reset()
            singles[i] = obs
    assert ended.min() >= 1  # every table was dealt again at least once


def test_rows_are_every_decision_with_a_mask_the_engine_agrees_with() -> None:
    venv = VectorEnv(16, "taiwanese-dxb", seed=3)
    batch, _ = venv.reset()
    rng = np.random.default_rng(3)
    claims = 0
    for _ in range(150):
        expected = [(i, p) for i, t in enumerate(venv.tables) for p in t.to_act()]
        assert list(zip(batch["table"].tolist(), batch["player"].tolist(), strict=True)) == expected
        assert len(expected) <= MAX_ROWS_PER_TABLE * 16
        assert batch["action_mask"].any(axis=1).all()
        for r, (i, p) in enumerate(expected):
            state = venv.tables[i].state
            legal = {a.to_index() for a in state.legal_actions(p)}
            assert set(np.flatnonzero(batch["action_mask"][r]).tolist()) == legal
            answered = state.observation(p).claim_tile
            assert batch["claim_tile"][r] == answered
            claims += answered >= 0
        actions = [rng.choice(np.flatnonzero(m)) for m in batch["action_mask"]]
        batch, *_ = venv.step(actions)
    assert claims > 0


def test_a_batch_with_an_illegal_action_is_refused_whole() -> None:
    venv, twin = VectorEnv(5, "mcr", seed=7), VectorEnv(5, "mcr", seed=7)
    batch, _ = venv.reset()
    twin.reset()
    legal = np.array([np.flatnonzero(m)[0] for m in batch["action_mask"]])
    wrong = legal.copy()
    wrong[3] = int(np.flatnonzero(batch["action_mask"][3] == 0)[0])
    table, player = int(batch["table"][3]), AGENTS[batch["player"][3]]
    name = Action.from_index(int(wrong[3]))
    message = f"1 of 5 actions are not legal .* none was taken: row 3 \\(table {table}, {player}\\)"
    message += f": {name}"
    with pytest.raises(IllegalActionError, match=message):
        venv.step(wrong)
    with pytest.raises(IllegalActionError, match="index 999"):
        venv.step(np.where(np.arange(5) == 0, 999, legal))
    with pytest.raises(ValueError, match="one action per row: 5, not shape \\(4,\\)"):
        venv.step(legal[:4])
    with pytest.raises(IllegalActionError, match="an integer"):
        venv.step(legal.astype(float))
    # Nothing was taken: the refused env plays on exactly as its twin.
    got, expected = venv.step(legal), twin.step(legal)
    for key in got[0]:
        assert np.array_equal(got[0][key], expected[0][key])
    assert np.array_equal(got[1], expected[1])


def test_step_before_reset_and_bad_options() -> None:
    with pytest.raises(IllegalActionError, match="reset the environment first"):
        VectorEnv(2).step([0, 0])
    with pytest.raises(ValueError, match="num_tables is a whole number from 1, not 0"):
        VectorEnv(0)
    with pytest.raises(ValueError, match="dtype is one of float32, int8"):
        VectorEnv(2, dtype="float16")


def test_without_copies_the_planes_are_the_envs_buffer() -> None:
    fast, safe = VectorEnv(3, "mcr", seed=2, copy=False), VectorEnv(3, "mcr", seed=2)
    a, _ = fast.reset()
    b, _ = safe.reset()
    assert np.array_equal(a["observation"], b["observation"])
    assert a["observation"].base is not None and b["observation"].base is None
    kept = b["observation"].copy()
    actions = [np.flatnonzero(m)[-1] for m in b["action_mask"]]
    safe.step(actions)
    assert np.array_equal(b["observation"], kept)  # a copy is not written over


@pytest.mark.parametrize("mode", [None, "sync"])
def test_gymnasium_make_vec(mode: str | None) -> None:
    envs = gymnasium.make_vec(
        ENV_ID, num_envs=3, vectorization_mode=mode, ruleset="mcr", opponents="random"
    )
    obs, _ = envs.reset(seed=5)
    assert obs["observation"].shape == (3, 158, 34)
    rng = np.random.default_rng(5)
    ended = 0
    for _ in range(300):
        masks = obs["action_mask"]
        if mode is None:  # reset in the same step: every mask has a legal action
            assert masks.any(axis=1).all()
        actions = [rng.choice(np.flatnonzero(m)) if m.any() else 0 for m in masks]
        obs, _, terminations, _, infos = envs.step(np.array(actions))
        ended += int(terminations.sum())
        if mode is None and terminations.any():
            assert "final_obs" in infos
    assert ended > 0
    envs.close()


def test_a_row_fits_the_single_spaces() -> None:
    venv = VectorEnv(4, "bp-club", seed=1, dtype="int8")
    batch, _ = venv.reset()
    for r in range(len(batch["table"])):
        row = {"observation": batch["observation"][r], "action_mask": batch["action_mask"][r]}
        assert venv.single_observation_space.contains(row)
        assert venv.single_action_space.contains(int(np.flatnonzero(row["action_mask"])[0]))
    venv.close()
