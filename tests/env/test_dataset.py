"""Datasets from game records (`mahjongkit.env.dataset`, ``mahjongkit dataset``): one row
per decision the environments ask, with the environment's own planes and mask at that
decision, the action that replays the record, and the reward to go in the ruleset's
payments; Parquet and .npz alike; a bad line skipped and named; stored web games."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from mahjongkit.cli.app import COMMAND_MODULES, app
from mahjongkit.env import ENCODING_VERSION, PLANES, aec_env
from mahjongkit.env.dataset import (
    Item,
    SourceGame,
    SourceHand,
    hand_rows,
    read_records,
    web_games,
)
from mahjongkit.env.dataset_files import make_dataset, read_dataset
from mahjongkit.game.actions import Action
from mahjongkit.game.events import EventKind
from mahjongkit.game.match_state import automatic_action
from mahjongkit.game.record import HandRecord, initial_state
from mahjongkit.money import instant
from mahjongkit.money.settlement import balances
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.sim.records import RecordsFile
from mahjongkit.sim.run import RunSettings, play_run

from .conftest import RULESETS, label

Columns = dict[str, Any]


def simulated(
    folder: Path, ruleset: str, hands: int, seed: int = 1, bots: tuple[str, ...] = ("random",) * 4
) -> Path:
    """A short ``simulate --records`` run's file."""
    path = folder / f"{ruleset}.jsonl"
    settings = RunSettings(ruleset, bots, seed=seed, hands=hands)
    with RecordsFile.create(path, settings) as records:
        play_run(settings, keep_records=True, on_hand=records.add)
    return path


def rows_of(out: Path, items: Any) -> Columns:
    """The rows of ``items`` written to ``out`` and read back."""
    make_dataset(out, items)
    return read_dataset(out)


def dataset_command(*args: str) -> Any:
    """``mahjongkit dataset ARGS`` in this process."""
    for name in COMMAND_MODULES:
        importlib.import_module(f"mahjongkit.cli.{name}")
    return CliRunner().invoke(app, ["dataset", *args])


def hands_of(data: Columns) -> dict[str, list[int]]:
    """Each record's rows, in order."""
    out: dict[str, list[int]] = {}
    for i, record in enumerate(data["record"]):
        out.setdefault(str(record), []).append(i)
    return out


@pytest.mark.parametrize("ruleset", RULESETS, ids=label)
def test_rows_are_the_aec_environment_s_steps(ruleset: str | Ruleset) -> None:
    """Hands played through `aec_env` by random agents, then made rows from their records:
    a row for each step of the environment, in order, with the same player, seat,
    planes, mask and action, and hand rewards that are the environment's rewards."""
    env = aec_env(ruleset, seed=7, dtype="int8")
    rng = np.random.default_rng(7)
    for _ in range(3):
        env.reset()
        seen: list[tuple[int, int, Any, Any, int]] = []
        rewards = dict.fromkeys(env.possible_agents, 0.0)
        for agent in env.agent_iter():
            obs, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            player = env.possible_agents.index(agent)
            action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
            seat = env.table.state.seat_of(player)
            seen.append((player, seat, obs["observation"], obs["action_mask"], action))
            env.step(action)
            for a, r in env.rewards.items():
                rewards[a] += r
        finished = env.table.state.hands[-1]
        block = hand_rows(SourceHand(finished.record, finished.deal), "env")
        assert block.rows == len(seen)
        for i, (player, seat, planes, mask, action) in enumerate(seen):
            assert (block.player[i], block.seat[i], block.action[i]) == (player, seat, action)
            assert np.array_equal(block.planes[i], planes), f"row {i}: planes differ"
            assert np.array_equal(block.mask[i], mask), f"row {i}: masks differ"
            assert block.hand_reward[i] == rewards[env.possible_agents[player]]


def test_a_simulated_run_gives_a_row_per_decision_that_replays_it(tmp_path: Path) -> None:
    """Every recorded action is a row unless the engine took it by itself; the rows'
    actions, with those, are the record's; each seat's hand reward is the simulator's
    money for it; without instant payments (MCR) the reward to go is the hand's."""
    path = simulated(tmp_path, "mcr", 6, bots=("random", "efficient", "random", "defender"))
    data = rows_of(tmp_path / "mcr.npz", read_records(str(path)))
    rows = hands_of(data)
    lines = path.read_text().splitlines()
    assert len(rows) == len(lines)
    for n, line in enumerate(lines, 1):
        record = HandRecord.from_json(json.loads(line))
        sim = json.loads(line)["sim"]
        mine = rows[f"{path}:{n}"]
        state = initial_state(record)
        asked = []
        for step, (seat, index) in enumerate(record.actions):
            if automatic_action(state, seat) != Action.from_index(index):
                asked.append((step, seat, index))
            state.apply(seat, Action.from_index(index))
        got = [(int(data["step"][i]), int(data["seat"][i]), int(data["action"][i])) for i in mine]
        assert got == asked
        assert [int(data["decision"][i]) for i in mine] == list(range(len(mine)))
        for i in mine:
            assert data["hand_reward"][i] == sim["points"][data["seat"][i]]
            assert data["bot"][i] == sim["bots"][data["seat"][i]]
            assert data["reward_to_go"][i] == data["hand_reward"][i]
            assert data["mask"][i][data["action"][i]] == 1
    info = json.loads(str(data["metadata"]))
    assert info["encoding_version"] == ENCODING_VERSION
    assert info["planes_shape"] == [158, 34]


def test_a_concealed_kong_s_payment_is_no_longer_to_go_after_it(tmp_path: Path) -> None:
    """At taiwanese-lrc a concealed kong is paid at once (three payments to its owner):
    the owner's reward to go at its next decision is its hand reward less that money, and
    before the kong (and at a hand without instant payments) it is the hand reward."""
    rules = get_ruleset("taiwanese-lrc").table
    kong = balances(instant.concealed_kong(0, rules))[0]
    assert kong > 0
    path = simulated(tmp_path, "taiwanese-lrc", 30)
    checked = 0
    games: list[Item] = list(read_records(str(path)))
    for game in games:
        assert isinstance(game, SourceGame)
        hand = game.hands[0]
        state = initial_state(hand.record)
        kinds = []
        for seat, index in hand.record.actions:
            kinds.append(len(state.events))
            state.apply(seat, Action.from_index(index))
        events = state.events
        throws = state.wall.dice
        dice = throws[0] if len(throws) == 1 and len(throws[0]) == 3 else ()
        if dice and balances(instant.triple_dice(0, dice, rules)) != (0,) * 5:
            continue  # the dice paid too: not this test's case
        kongs = [(i, e.seat) for i, e in enumerate(events) if e.kind is EventKind.CONCEALED_KONG]
        block = hand_rows(hand, game.record_id)
        if len(kongs) != 1 or any(
            e.kind in (EventKind.FALSE_WIN, EventKind.ILLEGAL_ACTION) for e in events
        ):
            continue
        at, owner = kongs[0]
        for i in range(block.rows):
            before = kinds[block.step[i]]
            if block.seat[i] != owner:
                continue
            expected = block.hand_reward[i] - (kong if before > at else 0)
            assert block.reward_to_go[i] == expected, (game.record_id, i)
            checked += before > at
    assert checked, "no concealed kong among the hands played: play more"


def test_parquet_and_npz_hold_the_same_rows(tmp_path: Path) -> None:
    path = simulated(tmp_path, "taiwanese-lrc", 4)
    small = 50  # several row groups
    a = make_dataset(tmp_path / "d.parquet", read_records(str(path)), chunk_rows=small)
    b = make_dataset(tmp_path / "d.npz", read_records(str(path)), chunk_rows=small)
    assert (a.records, a.hands, a.decisions, a.skipped) == (b.records, b.hands, b.decisions, 0)
    one, two = read_dataset(tmp_path / "d.parquet"), read_dataset(tmp_path / "d.npz")
    assert one.keys() == two.keys()
    assert json.loads(str(one["metadata"])) == json.loads(str(two["metadata"]))
    for name in one:
        if name != "metadata":
            assert np.array_equal(one[name], two[name]), name
    assert len(one["action"]) == a.decisions
    assert one["planes"].shape == (a.decisions, 158, 34) and one["planes"].dtype == np.int8
    import pyarrow.parquet as pq

    assert pq.ParquetFile(tmp_path / "d.parquet").num_row_groups > 1


def test_a_corrupt_line_is_skipped_named_and_the_rest_kept(tmp_path: Path) -> None:
    path = simulated(tmp_path, "mcr", 3)
    good = path.read_text().splitlines()
    broken = tmp_path / "broken.jsonl"
    record = json.loads(good[2])
    record["actions"] = record["actions"][:-3]  # does not finish the hand
    broken.write_text(
        "\n".join([good[0], '{"format": "mahjongkit-hand/2", "wall"', good[1]])
        + "\n"
        + json.dumps(record)
        + "\n"
    )
    out = tmp_path / "rows.npz"
    ended = dataset_command(str(broken), "--out", str(out))
    assert ended.exit_code == 0, ended.output
    assert f"{broken} line 2: invalid_json" in ended.stderr
    assert f"{broken} line 4: unreplayable_hand" in ended.stderr
    assert "records 3, hands 2" in ended.stdout and "skipped 2" in ended.stdout
    data = read_dataset(out)
    assert sorted(hands_of(data)) == sorted([f"{broken}:1", f"{broken}:3"])
    whole = rows_of(tmp_path / "whole.npz", read_records(str(path)))
    assert np.array_equal(data["planes"], whole["planes"][: len(data["planes"])])


def test_the_command_refuses_what_it_cannot_write(tmp_path: Path) -> None:
    path = simulated(tmp_path, "mcr", 1)
    ended = dataset_command(str(path), "--out", str(tmp_path / "rows.csv"))
    assert ended.exit_code == 2 and ".parquet or .npz" in ended.stderr
    ended = dataset_command("--db", str(tmp_path / "none.db"), "--out", str(tmp_path / "x.npz"))
    assert ended.exit_code == 2 and "no database" in ended.stderr
    out = str(tmp_path / "x.npz")
    ended = dataset_command(str(path), "--out", out, "--engine", "spark")
    assert (
        ended.exit_code == 2 and "unknown --engine 'spark'; known: processes, ray" in ended.stderr
    )
    ended = dataset_command(str(path), "--out", out, "--address", "auto")
    assert ended.exit_code == 2 and "--address goes with --engine ray" in ended.stderr
    assert not list(tmp_path.glob("*.npz")) and not list(tmp_path.glob(".*partial"))


def test_a_stored_web_game_becomes_rows(tmp_path: Path) -> None:
    """A table of bots played and stored as the web table stores it (SQLite in a
    folder): each finished hand's decisions, by player, with its money."""
    from mahjongkit.web.store import Store
    from mahjongkit.web.table import TableConfig, TableGame

    db = tmp_path / "games.db"
    store = Store(f"sqlite:///{db}")
    store.migrate()
    config = TableConfig("taiwanese-lrc", seed=4, seats=("random",) * 4, hands=2)
    game = TableGame(config)
    assert game.over
    store.create_game("g1", config.to_json(), {}, game.summary(), game.stored_log, over=True)
    playing = TableGame(TableConfig("mcr", seed=2, seats=("random",) * 4, hands=1), advance=False)
    store.create_game("g2", playing.config.to_json(), {}, playing.summary(), playing.stored_log)
    out = tmp_path / "web.parquet"
    ended = dataset_command("--db", str(db), "--out", str(out))  # every finished game
    assert ended.exit_code == 0, ended.output
    data = read_dataset(out)
    assert set(data["record"]) == {"web:g1"} and set(data["bot"]) == {"random"}
    assert sorted(set(data["hand"].tolist())) == [0, 1]
    for number, finished in enumerate(game.hands):
        rows = data["hand"] == number
        net = balances(finished.money.payments)
        assert all(data["hand_reward"][rows] == [net[p] for p in data["player"][rows]])
        seats = [finished.deal.seat_of(int(p)) for p in data["player"][rows]]
        assert seats == data["seat"][rows].tolist()
        # The planes show the match as it stood before the hand: its number, the scores.
        planes = data["planes"][rows]
        assert set(planes[:, PLANES.index("hand number"), 0]) == {number}
        assert set(planes[:, PLANES.index("hands left"), 0]) == {1 - number}
        before = game.hands[number - 1].scores_after if number else (2000,) * 4
        for row, p in zip(planes, data["player"][rows], strict=True):
            score = before[p] - 2000
            ahead, behind = max(score, 0) // 8, max(-score, 0) // 8
            assert row[PLANES.index("self: points ahead"), 0] == min(ahead, 127)
            assert row[PLANES.index("self: points behind"), 0] == min(behind, 127)
    named = list(web_games(str(db), ["g2", "nope"]))
    assert [getattr(i, "code", None) for i in named] == [None, "unknown_game"]
