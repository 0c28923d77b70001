"""Tournament events over the API: an organiser creates an event, registers players,
seats it, enters tables typed, from a club scoresheet and from a game played at the web
table, gives a penalty, marks an absentee; everyone reads standings and exports; only
the organiser token changes anything."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

import httpx
import pytest

from mahjongkit.web.table import TableConfig
from mahjongkit.web.tournaments import EVENT_TOKEN_HEADER

NAMES = ["Ann Lee", "Bo Chan", "Cy Wu", "Di Ng", "Ed Ma", "Flo Li", "Gus Ho", "Hu Yu"]
SEATING = "1 2 3 4 | 5 6 7 8\n1 5 2 6 | 3 7 4 8\n8 1 7 3 | 2 4 6 5"


class Organiser:
    def __init__(self, url: str, event: dict[str, Any]) -> None:
        self.url = url
        self.id = event["id"]
        self.headers = {EVENT_TOKEN_HEADER: event["token"]}

    def post(self, path: str, body: Any = None, headers: Any = None) -> httpx.Response:
        return httpx.post(
            f"{self.url}/api/events/{self.id}{path}",
            json=body if body is not None else {},
            headers=self.headers if headers is None else headers,
            timeout=10,
        )

    def get(self, path: str = "") -> httpx.Response:
        return httpx.get(f"{self.url}/api/events/{self.id}{path}", timeout=10)


def new_event(url: str, **fields: Any) -> Organiser:
    body = {"name": "Club night", "ruleset": "mcr", "rounds": 3, **fields}
    made = httpx.post(url + "/api/events", json=body, timeout=10)
    assert made.status_code == 200, made.text
    org = Organiser(url, made.json())
    for name in NAMES:
        assert org.post("/players", {"name": name, "club": "Tiles"}).status_code == 200
    assert org.post("/seating", {"text": SEATING}).status_code == 200
    return org


def error(response: httpx.Response) -> tuple[int, str]:
    return response.status_code, response.json()["error"]["code"]


def test_only_the_organiser_changes_an_event(server: Any) -> None:
    org = new_event(server.url)
    body = {"name": "Mallory"}
    assert error(org.post("/players", body, headers={})) == (401, "event_token_required")
    wrong = {EVENT_TOKEN_HEADER: "x" * 32}
    assert error(org.post("/players", body, headers=wrong)) == (403, "wrong_event_token")
    assert error(httpx.get(server.url + "/api/events/nope", timeout=10)) == (404, "not_found")
    assert all(p["name"] != "Mallory" for p in org.get().json()["players"])


def test_bad_input_is_refused_with_a_stable_code(server: Any) -> None:
    bad = httpx.post(server.url + "/api/events", json={"name": "X", "rounds": 0}, timeout=10)
    assert error(bad) == (400, "invalid_field")
    ruleset = {"name": "X", "rounds": 2, "ruleset": "nope"}
    bad = httpx.post(server.url + "/api/events", json=ruleset, timeout=10)
    assert error(bad) == (400, "unknown_ruleset")
    org = new_event(server.url)
    assert error(org.post("/players", {"name": "ann lee"})) == (400, "duplicate_player")
    assert error(org.post("/seating", {"text": "1 2 3 4 | 1 6 7 8"})) == (400, "seated_twice")
    assert error(org.post("/seating", {})) == (400, "invalid_field")
    scores = {"scores": [10, 0, 0, 0]}
    assert error(org.post("/rounds/1/tables/1/result", scores)) == (400, "scores_not_zero_sum")
    penalty = {"seat": 0, "points": 10, "reason": ""}
    assert error(org.post("/rounds/1/tables/1/penalty", penalty))[1] == "invalid_field"
    assert error(org.post("/rounds/9/tables/1/result", {"scores": [0, 0, 0, 0]}))[1] == (
        "unknown_round"
    )
    # A bad item never stops the rest: the event still reads and takes a good result.
    assert org.post("/rounds/1/tables/1/result", {"scores": [1, 0, 0, -1]}).status_code == 200
    assert error(org.post("/seating", {"text": SEATING})) == (409, "round_has_results")


def test_an_event_run_through_the_api(server: Any) -> None:
    org = new_event(server.url, tie_rule="best_game")
    # Round 1: table 1 typed with a penalty, table 2 on a club scoresheet hand by hand.
    typed = {
        "scores": [30, 10, -10, -30],
        "penalties": [{"seat": 3, "points": 10, "reason": "slow play"}],
    }
    assert org.post("/rounds/1/tables/1/result", typed).status_code == 200
    opened = org.post("/rounds/1/tables/2/sheet").json()
    assert opened["seating"][0]["links"]["2"] == f"sheet:{opened['sheet']}"
    sheet_headers = {"X-Sheet-Token": opened["sheet_token"]}
    line = {"kind": "win", "winner": 1, "discarder": 3, "points": 12}
    sheet_url = f"{server.url}/api/sheets/{opened['sheet']}"
    sheet = httpx.get(sheet_url, timeout=10).json()
    assert sheet["players"] == ["Ed Ma", "Flo Li", "Gus Ho", "Hu Yu"]
    done = httpx.post(sheet_url + "/lines", json=line, headers=sheet_headers, timeout=10)
    assert done.status_code == 200, done.text
    taken = org.post("/rounds/1/tables/2/from-sheet")
    assert taken.status_code == 200, taken.text
    assert taken.json()["seating"][0]["results"]["2"] == {
        "scores": [-8, 36, -8, -20],
        "source": "sheet",
        "link": opened["sheet"],
        "penalties": [],
    }
    # Round 2 table 1 played at the web table by bots; table 2 typed.
    people = server.tables.create(
        TableConfig("mcr", seed=3, seats=("human", "efficient", "efficient", "efficient"))
    )
    unfinished = org.post("/rounds/2/tables/1/game", {"game": people.game_id}).json()
    assert unfinished["pending"] and "1" not in unfinished["seating"][1]["results"]
    assert unfinished["seating"][1]["links"]["1"] == f"game:{people.game_id}"
    assert error(org.post("/rounds/2/tables/1/game", {"game": "nope"})) == (400, "no_game")
    room = server.tables.create(TableConfig("mcr", seed=3, seats=("efficient",) * 4, hands=1))
    deadline = time.monotonic() + 30
    while server.store.load_game(room.game_id)["status"] != "finished":
        assert time.monotonic() < deadline, "the bots' game did not end"
        time.sleep(0.1)
    linked = org.post("/rounds/2/tables/1/game", {"game": room.game_id})
    assert linked.status_code == 200, linked.text
    final = server.store.load_game(room.game_id)["summary"]["scores"]
    assert linked.json()["seating"][1]["results"]["1"]["scores"] == final
    assert org.post("/rounds/2/tables/2/result", {"scores": [5, -5, 0, 0]}).status_code == 200
    # Round 3: Hu is absent; Sam substitutes.
    sam = org.post("/players", {"name": "Sam", "substitute": True}).json()["players"][-1]
    assert org.post("/rounds/3/absent", {"absent": 8, "substitute": sam["number"]}).status_code == (
        200
    )
    org.post("/rounds/3/tables/1/result", {"scores": [20, 10, 0, -30]})
    org.post("/rounds/3/tables/2/result", {"scores": [10, 0, 20, -30]})
    standings = org.get("/standings").json()
    ranked = [s for s in standings["standings"] if s["rank"] is not None]
    assert len(ranked) == 8 and standings["tables_entered"] == 6
    assert sum(s["table_points"] for s in standings["standings"]) == 42
    hu = org.get("/players/8").json()
    assert hu["absent"] == [3] and len(hu["history"]) == 2
    di = org.get("/players/4").json()  # North at round 1's first table
    assert di["history"][0]["penalties"] == ["10 (slow play)"] and di["history"][0]["points"] == -40
    # Exports.
    ema = list(csv.reader(io.StringIO(org.get("/ema.csv").text)))
    assert ema[0][:4] == ["Place", "Last name", "First name", "EMA number"] and len(ema) == 9
    assert len(org.get("/results.csv").text.splitlines()) == 1 + 6 * 4
    assert org.get("/export.json").json()["standings"][0]["rank"] == 1
    assert org.get("/standings.csv").text.startswith("rank,number,name")


def test_printable_pdf_sheets(server: Any) -> None:
    pytest.importorskip("fpdf")
    org = new_event(server.url)
    for path in ("/rounds/1/sheet.pdf", "/standings.pdf"):
        pdf = org.get(path)
        assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")
        assert b"Helvetica" in pdf.content  # Latin names: the core font, nothing embedded
    assert error(org.get("/rounds/7/sheet.pdf"))[1] == "unknown_round"


@pytest.mark.slow
def test_a_pdf_sheet_writes_chinese_names(server: Any) -> None:
    """A font with the names' characters is embedded (Noto Sans CJK here; seconds to
    subset, so -m slow)."""
    pytest.importorskip("fpdf")
    from mahjongkit.web import tournament_pdf

    if tournament_pdf._font() is None:
        pytest.skip("no font with Chinese characters on this system")
    made = httpx.post(server.url + "/api/events", json={"name": "春季赛", "rounds": 1}).json()
    org = Organiser(server.url, made)
    for name in ("小王", "老李", "阿张", "小陈"):
        org.post("/players", {"name": name})
    org.post("/seating", {"text": "1 2 3 4"})
    pdf = org.get("/rounds/1/sheet.pdf")
    assert pdf.status_code == 200 and b"Helvetica" not in pdf.content
    assert b"FontFile2" in pdf.content or b"FontFile3" in pdf.content


def test_the_generator_seats_the_event_and_a_round_by_the_standings(server: Any) -> None:
    org = new_event(server.url)
    generated = org.post("/seating", {"seed": 3})
    by_standings = org.post("/rounds/3/by-standings")
    assert generated.status_code == 200 and generated.json()["seated_rounds"] == [1, 2, 3]
    assert by_standings.status_code == 200


def test_a_change_made_on_a_stale_event_is_refused(server: Any, monkeypatch: Any) -> None:
    """Two tabs or devices of the organiser: a change read from the event as it was before
    another change is refused (409 event_changed), not stored over it."""
    org = new_event(server.url)
    stale = server.store.load_event(org.id)
    assert org.post("/rounds/1/tables/1/result", {"scores": [3, -3, 0, 0]}).status_code == 200
    monkeypatch.setattr(server.store, "load_event", lambda event_id: stale)
    assert error(org.post("/rounds/1/tables/2/result", {"scores": [1, -1, 0, 0]})) == (
        409,
        "event_changed",
    )
    monkeypatch.undo()
    results = org.get().json()["seating"][0]["results"]
    assert list(results) == ["1"]  # the first change kept, the stale one not stored


def test_an_absentee_stays_absent_when_the_event_is_seated_again(server: Any) -> None:
    """Re-seating (generated, typed, or a round by the standings) keeps a round's
    absentee absent; the organiser marks them back with DELETE .../absent/<player>."""
    org = new_event(server.url)
    sam = org.post("/players", {"name": "Sam", "substitute": True}).json()["players"][-1]
    assert org.post("/rounds/2/absent", {"absent": 3, "substitute": sam["number"]}).status_code == (
        200
    )
    for change, body in (
        ("/seating", {"seed": 4}),
        ("/seating", {"text": SEATING}),
        ("/rounds/2/by-standings", None),
    ):
        event = org.post(change, body).json()
        seated = [n for table in event["seating"][1]["tables"] for n in table]
        assert event["seating"][1]["replaced"] == {"3": sam["number"]}, change
        assert 3 not in seated and sam["number"] in seated, change
    back = httpx.delete(f"{server.url}/api/events/{org.id}/rounds/2/absent/3", headers=org.headers)
    assert back.status_code == 200 and back.json()["seating"][1]["replaced"] == {}
    assert 3 in [n for table in back.json()["seating"][1]["tables"] for n in table]
    again = httpx.delete(f"{server.url}/api/events/{org.id}/rounds/2/absent/3", headers=org.headers)
    assert error(again) == (400, "not_absent")
