"""``mahjongkit review``: a reviewed hand per line, JSON as documented, bad input named;
a game the web table stored, reviewed for one player."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner, Result

import mahjongkit.cli.review  # noqa: F401  (registers the command)
from mahjongkit.cli.app import app
from mahjongkit.game.actions import WIN
from mahjongkit.money.settlement import balances

from .test_evaluation import short_hand


def run(*args: str) -> Result:
    return CliRunner().invoke(app, ["review", *args])


def records(tmp_path: Path, *lines: str) -> str:
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return str(path)


def test_a_bad_line_is_named_and_the_other_hands_reviewed(tmp_path: Path) -> None:
    _, record = short_hand("taiwanese-lrc")
    path = records(tmp_path, record.dumps(), "not json", '{"format": 1}', "", record.dumps())
    result = run(path, "--seat", "0", "--samples", "1", "--json")
    assert result.exit_code == 1
    out = json.loads(result.stdout)
    assert [h["line"] for h in out["hands"]] == [1, 5]
    assert [(e["line"], e["code"]) for e in out["errors"]] == [
        (2, "invalid_json"),
        (3, "invalid_record"),
    ]
    hand, again = (
        {k: v for k, v in h.items() if k not in ("line", "seconds")} for h in out["hands"]
    )
    assert hand == again  # the same seed, the same review
    assert hand["seat"] == 0 and hand["decisions"]
    decision = hand["decisions"][0]
    assert set(decision) >= {
        "step",
        "chosen",
        "preferred",
        "loss",
        "loss_stderr",
        "samples",
        "candidates",
        "reasons",
        "clear",
    }
    assert out["points_lost"] == round(2 * hand["points_lost"], 3)
    assert 0 <= hand["rating"] <= 100
    assert all({"code", "text"} <= set(r) for d in hand["decisions"] for r in d["reasons"])
    summary = out["summary"]
    assert summary["hands"] == 2 and summary["decisions"] == 2 * len(hand["decisions"])
    assert summary["bot"]["bot"] == "efficient" and summary["bot"]["hands"] == 2
    assert summary["win_rate"] in (0.0, 1.0) and summary["deal_in_rate"] in (0.0, 1.0)

    text = run(path, "--seat", "0", "--samples", "1")
    assert text.exit_code == 1
    assert "hand on line 1 (taiwanese-lrc), seat 0 (E)" in text.stdout
    assert f"rating {hand['rating']}/100" in text.stdout
    assert "2 hands reviewed" in text.stdout and "points lost per hand" in text.stdout
    assert "the efficient bot playing itself over 2 hands" in text.stdout
    assert "line 2: invalid_json" in text.stderr


def test_bad_arguments_say_what_is_wrong(tmp_path: Path) -> None:
    missing = run(str(tmp_path / "nowhere.jsonl"))
    assert missing.exit_code == 2 and "nowhere.jsonl: cannot read it" in missing.stderr
    _, record = short_hand("taiwanese-lrc")
    path = records(tmp_path, record.dumps())
    seat = run(path, "--seat", "4")
    assert seat.exit_code == 2 and "seat" in seat.stderr
    bot = run(path, "--bot", "clever")
    assert bot.exit_code == 2 and "unknown bot 'clever'" in bot.stderr
    empty = records(tmp_path, "")
    assert "no hand records" in run(empty).stderr


def test_a_budget_is_shared_by_the_decisions(tmp_path: Path) -> None:
    _, record = short_hand("taiwanese-lrc")
    result = run(records(tmp_path, record.dumps()), "--budget", "0.5", "--json")
    assert result.exit_code == 0
    out = json.loads(result.stdout)
    assert out["samples"] is None and out["budget"] == 0.5
    decisions = out["hands"][0]["decisions"]
    assert decisions and all(d["samples"] >= 2 for d in decisions)


def stored_game(tmp_path: Path) -> tuple[str, object]:
    """A Taiwanese match of four efficient bots, stored as the web table stores it."""
    from mahjongkit.web.store import Store
    from mahjongkit.web.table import TableConfig, TableGame

    db = tmp_path / "games.db"
    store = Store(f"sqlite:///{db}")
    store.migrate()
    config = TableConfig("taiwanese-lrc", seed=3, seats=("efficient",) * 4, hands=4)
    game = TableGame(config)
    assert game.over
    store.create_game("g1", config.to_json(), {}, game.summary(), game.stored_log, over=True)
    return str(db), game


def test_a_stored_game_is_reviewed_for_a_player_in_each_hand_s_seat(tmp_path: Path) -> None:
    """Each finished hand, for one player in the seat they held then, settled where the
    hand stood in the match: the win the player declared is worth exactly what the table
    paid them for it."""
    db, game = stored_game(tmp_path)
    hands = game.hands  # type: ignore[attr-defined]
    # A hand dealt by another than player 0: the winner sits in another seat than its number.
    won = next(h for h in hands if h.deal.dealer != 0 and h.record.result.get("winners"))
    winner = won.deal.player_at(won.record.result["winners"][0])
    result = run("g1", "--db", db, "--player", str(winner), "--samples", "1", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert (out["game"], out["player"]) == ("g1", winner)
    assert [h["hand"] for h in out["hands"]] == list(range(len(hands)))
    for reviewed, hand in zip(out["hands"], hands, strict=True):
        assert reviewed["seat"] == hand.deal.seat_of(winner)
    entry = out["hands"][hands.index(won)]
    paid = balances(won.money.payments)[winner]
    wins = [d for d in entry["decisions"] if d["chosen"] == str(WIN)]
    assert wins, "the winner's declaration is among its decisions"
    declared = next(c for c in wins[-1]["candidates"] if c["action"] == str(WIN))
    assert declared["mean"] == paid

    text = run("g1", "--db", db, "--samples", "1")  # no person at the table: player 0
    assert text.exit_code == 0, text.output
    assert "game g1 hand 1 (taiwanese-lrc), seat" in text.stdout
    assert "game g1 hand 4 (taiwanese-lrc), seat" in text.stdout


def test_a_stored_game_s_review_names_what_is_wrong(tmp_path: Path) -> None:
    db, _ = stored_game(tmp_path)
    unknown = run("g9", "--db", db)
    assert unknown.exit_code == 2 and "no stored game 'g9'" in unknown.stderr
    both = run("g1", "--db", db, "--seat", "1")
    assert both.exit_code == 2 and "--player" in both.stderr
    lone = run(records(tmp_path, "{}"), "--player", "1")
    assert lone.exit_code == 2 and "--player goes with --db" in lone.stderr
    missing = run("g1", "--db", str(tmp_path / "none.db"))
    assert missing.exit_code == 2 and "no database" in missing.stderr
