"""``mahjongkit tournament standings EVENT [--db URL] [--json]`` over a stored event."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

typer = pytest.importorskip("typer")
pytest.importorskip("sqlalchemy")

from tests.tournament.test_events import eight  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from mahjongkit.cli.app import app, load_commands  # noqa: E402
from mahjongkit.tournament.results import enter_result  # noqa: E402
from mahjongkit.web.store import Store  # noqa: E402

load_commands(["tournament"])


@pytest.fixture
def db(tmp_path: Path) -> str:
    store = Store(f"sqlite:///{tmp_path / 'web.db'}")
    store.migrate()
    event = eight()
    enter_result(event, 1, 1, [30, 10, -10, -30])
    enter_result(event, 1, 2, [0, 0, 10, -10])
    store.save_event(event.id, event.name, event.to_json(), owner="x")
    store.engine.dispose()
    return str(tmp_path / "web.db")


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, ["tournament", "standings", *args])
    return result.exit_code, result.stdout, result.stderr


def test_standings_by_id_and_by_name(db: str) -> None:
    code, out, _ = run("e1", "--db", db)
    assert code == 0 and "Club night" in out and "Ann" in out and "2 of 6 tables" in out
    code, out, _ = run("Club night", "--db", db, "--json")
    data = json.loads(out)
    assert code == 0 and data["standings"][0]["name"] == "Ann"
    assert data["standings"][0]["table_points"] == 4
    top = [(s["rank"], s["name"], s["table_points"]) for s in data["standings"]][:5]
    # Ed and Flo tie on 0 at table 2: 1.5 table points each, sharing a rank.
    assert top == [(1, "Ann", 4), (2, "Gus", 4), (3, "Bo", 2), (4, "Ed", 1.5), (4, "Flo", 1.5)]


def test_a_missing_event_or_database_is_named(db: str, tmp_path: Path) -> None:
    code, _, err = run("nope", "--db", db)
    assert code == 2 and "no event 'nope'" in err
    code, _, err = run("e1", "--db", str(tmp_path / "none.db"))
    assert code == 2 and "no database at" in err
