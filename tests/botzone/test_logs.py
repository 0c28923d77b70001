"""Botzone logs in and out: the corpus text and the judge's JSON read into records that
replay in the engine, re-scored against the recorded fans, and records written back."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

import mahjongkit.cli.botzone_log
import mahjongkit.cli.dataset  # noqa: F401
from mahjongkit.bots import BOTS
from mahjongkit.botzone.logs import (
    BotzoneLogError,
    import_match,
    match_of_record,
    to_botzone_log,
)
from mahjongkit.botzone.logs_files import import_all, read_log_file, read_log_text
from mahjongkit.botzone.logs_json import format_json, parse_json
from mahjongkit.botzone.logs_text import format_text, parse_text
from mahjongkit.cli.app import app
from mahjongkit.game.record import HandRecord, load_records, record_of, verify
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import _part_deal_plan, _part_order

DATA = Path(__file__).parent.parent / "data"
CORPUS = DATA / "botzone-corpus.txt"
JUDGE_LOG = DATA / "botzone-judge-log.json"
BOTS_AROUND = ("scorer", "defender", "efficient", "random")


def _played(seed: int, ruleset: str = "botzone") -> HandRecord:
    state = HandState.new(ruleset, random.Random(seed))
    play_hand(state, [BOTS[BOTS_AROUND[i]]() for i in range(4)], seed=seed)
    return record_of(state, seed)


def _corpus_text() -> str:
    return CORPUS.read_text(encoding="utf-8")


def test_the_corpus_imports_whole_and_scores_as_recorded() -> None:
    read = read_log_file(CORPUS)
    assert read.errors == []
    result = import_all(read)
    assert result.errors == []
    assert [m.match.name for m in result.imported] == [
        "chow-discard-win",
        "pung-self-drawn",
        "kong-of-a-discard",
        "concealed-kong",
        "added-kong",
        "robbing-the-kong",
        "claim-over-claim",
        "exhaustive-draw",
    ]
    for imported in result.imported:
        assert imported.differences == ()
        assert verify(imported.record) == []
        assert imported.record.ruleset == "botzone"
    # Every move of the format comes up, and every way a match ends.
    ops = {s.op for m in read.matches for s in m.steps}
    assert ops >= {"Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu"}
    assert any(s.ignored for m in read.matches for s in m.steps)
    results = [m.record.result for m in result.imported]
    assert {r["kind"] for r in results} == {"win", "draw"}
    assert any(r["kind"] == "win" and r["discarder"] is None for r in results)
    assert any(r["kind"] == "win" and r["discarder"] is not None for r in results)
    assert any(r.get("robbed_kong") for r in results)


def test_the_text_format_round_trips_line_for_line() -> None:
    text = _corpus_text()
    matches = parse_text(text).matches
    assert "\n".join(format_text(m) for m in matches) == text


def test_the_judge_log_replays_on_its_own_wall() -> None:
    data = json.loads(JUDGE_LOG.read_text(encoding="utf-8"))
    match = parse_json(data, "judge")
    imported = import_match(match)
    assert imported.differences == ()
    assert verify(imported.record) == []
    assert imported.record.wall == match.wall
    # The same match as the corpus tells it: the same moves and result.
    [text_match] = [m for m in parse_text(_corpus_text()).matches if m.name == "claim-over-claim"]
    from_text = import_match(text_match).record
    assert from_text.actions == imported.record.actions
    assert from_text.events == imported.record.events
    assert from_text.result == imported.record.result
    assert format_json(match, match.wall)["log"] == data["log"]


def _replace_line(text: str, old: str, new: str) -> tuple[str, int]:
    lines = text.split("\n")
    n = lines.index(old)
    lines[n] = new
    return "\n".join(lines), n + 1


def test_a_wrong_recorded_fan_and_score_are_reported_with_their_lines() -> None:
    text = _corpus_text()
    fan = next(line for line in text.split("\n") if line.startswith("Fan "))
    words = fan.split()
    # The first fan recorded at one more point than it is worth, the total kept.
    wrong = " ".join([*words[:3], str(int(words[3]) + 1), *words[4:]])
    text, fan_line = _replace_line(text, fan, wrong)
    score = next(line for line in text.split("\n") if line.startswith("Score "))
    values = score.split()
    text, score_line = _replace_line(text, score, " ".join([*values[:-1], "999"]))
    result = import_all(read_log_text(text, "corpus.txt"))
    assert result.errors == []
    assert len(result.imported) == 8
    first, *rest = result.imported
    assert all(m.differences == () for m in rest)
    [fan_diff, score_diff] = first.differences
    assert (fan_diff.line, fan_diff.what) == (fan_line, f"fan {words[2]}")
    assert (fan_diff.recorded, fan_diff.ours) == (int(words[3]) + 1, int(words[3]))
    assert (score_diff.line, score_diff.what, score_diff.recorded) == (score_line, "score 3", 999)
    assert str(fan_diff).startswith(f"chow-discard-win line {fan_line}: fan {words[2]}")


def test_a_bad_line_names_itself_and_the_rest_imports() -> None:
    text, n = _replace_line(_corpus_text(), "Player 3 Peng B1", "Player 3 Peng B0")
    read = read_log_text(text, "corpus.txt")
    [error] = read.errors
    assert error.code == "bad-line" and error.line == n
    assert str(error).startswith(f"bad-line: corpus.txt: line {n}: bad-tile: 'B0'")
    assert "pung-self-drawn" in str(error)
    assert len(import_all(read).imported) == 7


@pytest.mark.parametrize(
    ("line", "why"),
    [
        ("Player 4 Play W1", "a seat is 0..3"),
        ("Player 1 Discard W1", "unknown move 'Discard'"),
        ("Player 1 Play", "Play takes one tile"),
        ("Player 1 Play W1 W2", "only Peng, Gang and Hu take Ignore clauses"),
        ("Player 1 Peng W1 Ignore Player 2", "an Ignore clause is"),
        ("Player 1 Play H1", "only BuHua takes a flower"),
        ("Wind 5", "Wind takes the prevalent wind"),
        ("Score 1 2 3", "Score takes four seats' scores"),
        ("Fan 8 清龙 16", "Fan takes the total"),
        ("Hello", "unknown line 'Hello'"),
    ],
)
def test_strict_lines(line: str, why: str) -> None:
    text = _corpus_text()
    lines = text.split("\n")
    lines.insert(6, line)
    read = read_log_text("\n".join(lines), "c.txt")
    [error] = read.errors
    assert error.line == 7 and why in str(error), str(error)
    assert len(read.matches) == 7


def test_a_match_the_engine_cannot_follow_is_named_at_its_line() -> None:
    lines = _corpus_text().split("\n")
    # The dealer discards a tile it does not hold.
    first_play = next(i for i, line in enumerate(lines) if line.startswith("Player 0 Play"))
    held = set(lines[2].split()[3:]) | {lines[first_play - 1].split()[3]}
    missing = next(t for t in ("W1", "W9", "B1", "B9", "T1", "T9", "J1", "J2") if t not in held)
    lines[first_play] = f"Player 0 Play {missing}"
    result = import_all(read_log_text("\n".join(lines), "c.txt"))
    [error] = result.errors
    assert error.code == "not-replayable" and error.line == first_play + 1
    assert str(error).startswith(
        f"not-replayable: c.txt: chow-discard-win line {first_play + 1}: seat 0 cannot discard"
    )
    assert len(result.imported) == 7


def test_a_match_with_flowers_is_reported_not_replayed() -> None:
    text = _corpus_text()
    lines = text.split("\n")
    n = next(i for i, line in enumerate(lines) if line.startswith("Player 1 Draw"))
    lines.insert(n, "Player 1 BuHua H3")
    read = read_log_text("\n".join(lines), "c.txt")
    assert read.errors == []
    result = import_all(read)
    [error] = result.errors
    assert error.code == "not-replayable" and error.line == n + 1
    assert "flower" in str(error)
    assert len(result.imported) == 7


def test_judge_logs_strict() -> None:
    data = json.loads(JUDGE_LOG.read_text(encoding="utf-8"))
    with pytest.raises(BotzoneLogError, match="bad-json: x: a Botzone log is a JSON object"):
        parse_json([], "x")
    broken = json.loads(json.dumps(data))
    broken["log"][4] = {"output": {"command": "request", "content": {"0": "9 9"}}}
    with pytest.raises(BotzoneLogError, match=r"bad-json: x \(log entry 4\)"):
        parse_json(broken, "x")
    penalty = json.loads(json.dumps(data))
    penalty["log"][-1]["output"]["display"] = {"action": "WA", "player": 1}
    with pytest.raises(
        BotzoneLogError, match="not-replayable: x: the judge ended the match on 'WA'"
    ):
        parse_json(penalty, "x")
    # A list of logs, one bad: the good one still reads.
    read = read_log_text(json.dumps([data, {"log": "no"}]), "two.json")
    assert len(read.matches) == 1 and [e.code for e in read.errors] == ["bad-json"]


def test_only_the_judges_table_is_exported() -> None:
    record = _played(1, "mcr")
    with pytest.raises(BotzoneLogError, match="not-exportable"):
        to_botzone_log(record)


def _same_seen_wall(a: HandRecord, b: HandRecord) -> None:
    """Two walls agree wherever a tile was dealt or drawn (the text holds no others)."""
    drawn = [0, 0, 0, 0]
    for event in a.to_json()["events"]:
        who, kind = event.split()[:2]
        if kind == "draw":
            drawn["ESWN".index(who)] += 1
    for seat in range(4):
        taken = len(_part_deal_plan(13, 136)[seat]) + drawn[seat]
        for pos in _part_order(136)[seat][:taken]:
            assert a.wall[pos] == b.wall[pos]


@settings(max_examples=12, deadline=None, derandomize=True)
@given(st.integers(min_value=0, max_value=10**6))
def test_import_of_export_is_the_record(seed: int) -> None:
    record = _played(seed)
    back = import_match(parse_json(json.loads(to_botzone_log(record, "json")), "x")).record
    assert back.to_json() == {**record.to_json(), "seed": None}
    [match] = parse_text(to_botzone_log(record, "text", "x")).matches
    again = import_match(match)
    assert again.differences == ()
    assert (again.record.actions, again.record.events, again.record.result) == (
        record.actions,
        record.events,
        record.result,
    )
    _same_seen_wall(record, again.record)
    assert match_of_record(again.record, "x") == match


def test_the_commands_import_and_export(tmp_path: Path) -> None:
    runner = CliRunner()
    records = tmp_path / "corpus.jsonl"
    done = runner.invoke(app, ["botzone-log", "import", str(CORPUS), "--out", str(records)])
    assert done.exit_code == 0, done.output
    assert "8 matches imported (7 wins, 1 draws), 0 scored differently, 0 left out" in done.output
    assert [verify(r) for r in load_records(records)] == [[]] * 8
    text = tmp_path / "again.txt"
    done = runner.invoke(app, ["botzone-log", "export", str(records), "--out", str(text)])
    assert done.exit_code == 0, done.output
    again = parse_text(text.read_text(encoding="utf-8")).matches
    assert [m.steps for m in again] == [m.steps for m in parse_text(_corpus_text()).matches]
    logs = tmp_path / "logs"
    done = runner.invoke(
        app, ["botzone-log", "export", str(records), "--out", str(logs), "--format", "json"]
    )
    assert done.exit_code == 0 and len(list(logs.glob("*.json"))) == 8
    # A faulty file: the report names the bad match and the wrong fan, exit code 1.
    faulty = tmp_path / "faulty.txt"
    text_in, _ = _replace_line(_corpus_text(), "Player 3 Peng B1", "Player 3 Peng B0")
    fan = next(line for line in text_in.split("\n") if line.startswith("Fan "))
    text_in, fan_line = _replace_line(text_in, fan, fan.replace("Fan ", "Fan 1", 1))
    faulty.write_text(text_in, encoding="utf-8")
    done = runner.invoke(
        app, ["botzone-log", "import", str(faulty), "--out", str(tmp_path / "f.jsonl"), "--json"]
    )
    assert done.exit_code == 1
    report = json.loads(done.stdout)
    assert report["matches"] == 7 and report["left_out"] == 1
    assert [d["line"] for d in report["differences"]] == [fan_line]
    assert report["differences"][0]["what"] == "fan total"
    assert report["errors"][0]["code"] == "bad-line"


def test_the_dataset_command_reads_a_corpus(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    out = tmp_path / "corpus.parquet"
    done = CliRunner().invoke(app, ["dataset", str(CORPUS), "--out", str(out)])
    assert done.exit_code == 0, done.output
    assert "records 8, hands 8" in done.stdout and "skipped 0" in done.stdout


@pytest.mark.slow
@pytest.mark.parametrize("bots", [BOTS_AROUND, ("random",) * 4, ("defender",) * 4])
def test_many_simulated_hands_round_trip(bots: tuple[str, ...]) -> None:
    """500 hands a line-up: each one's JSON log imports as the record itself, its text as
    the same moves and result, and re-scores as recorded."""
    for seed in range(500):
        state = HandState.new("botzone", random.Random(seed))
        play_hand(state, [BOTS[b]() for b in bots], seed=seed)
        record = record_of(state)
        back = import_match(parse_json(json.loads(to_botzone_log(record, "json")), "x"))
        assert back.record == record and back.differences == ()
        [match] = parse_text(to_botzone_log(record, "text", "x")).matches
        again = import_match(match)
        assert again.differences == ()
        assert (again.record.events, again.record.result) == (record.events, record.result)


def test_stored_web_games_export(tmp_path: Path) -> None:
    pytest.importorskip("sqlalchemy")
    from mahjongkit.web.store import Store
    from mahjongkit.web.table import TableConfig, TableGame

    db = tmp_path / "games.db"
    store = Store(f"sqlite:///{db}")
    store.migrate()
    config = TableConfig("botzone", seed=4, seats=("efficient",) * 4)
    game = TableGame(config)
    assert game.over
    store.create_game("g1", config.to_json(), {}, game.summary(), game.stored_log, over=True)
    out = tmp_path / "web.txt"
    done = CliRunner().invoke(app, ["botzone-log", "export", "--db", str(db), "--out", str(out)])
    assert done.exit_code == 0, done.output
    matches = parse_text(out.read_text(encoding="utf-8")).matches
    assert [m.name for m in matches] == [f"g1-{n}" for n in range(1, len(game.hands) + 1)]
    assert matches
    for match, hand in zip(matches, game.hands, strict=True):
        back = import_match(match).record
        assert (back.events, back.result) == (hand.record.events, hand.record.result)
