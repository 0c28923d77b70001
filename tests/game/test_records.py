"""Hand records in words (version 2) and in indexes (version 1): events read back from
their text, both versions load and replay, a malformed record names what is wrong."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from mahjongkit.bots import BOTS
from mahjongkit.errors import InvalidNotationError
from mahjongkit.game.events import (
    ACTION_KINDS,
    FALSE_WIN_EFFECTS,
    ROBBED,
    Event,
    EventKind,
)
from mahjongkit.game.match import verify as verify_match
from mahjongkit.game.observation import seen_events
from mahjongkit.game.record import (
    FORMAT,
    FORMAT_V1,
    HandRecord,
    InvalidRecordError,
    load_records,
    record_of,
    replay,
    verify,
)
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState

from ..conftest import DATA
from .conftest import BUILT_IN

SEATS = range(4)
TILES = range(-1, 42)
"""Every tile an event may carry: -1 where it has none or it is hidden, the flowers too."""


def as_version_1(record: HandRecord) -> dict[str, Any]:
    """The record as the first format wrote it: decisions as ``[seat, action index]``,
    events as their indexes (how tests/data/records-v1.jsonl is made again)."""
    data = record.to_json()
    data["format"] = FORMAT_V1
    data["actions"] = [[s, a] for s, a in record.actions]
    data["events"] = list(record.events)
    return data


def every_event() -> list[Event]:
    """Every event the engine can make: each kind over the seats, tiles and details it
    uses (`mahjongkit.game.events.EventKind`)."""
    k = EventKind
    details = {
        k.DEAL: [0],
        k.DRAW: [0, 1, 2],
        k.FLOWER: [0],
        k.DISCARD: [0, 1],
        k.CHOW: [0, 1, 2],
        k.PUNG: list(SEATS),
        k.KONG: list(SEATS),
        k.CONCEALED_KONG: [0],
        k.PROMOTED_KONG: [0],
        k.WIN: [*SEATS, *(s | ROBBED for s in SEATS)],
        k.INVALID_CLAIM: [0, 1, 2],
        k.ILLEGAL_ACTION: list(range(len(ACTION_KINDS))),
    }
    events = [
        Event(kind, seat, tile, detail)
        for kind, kind_details in details.items()
        for seat in SEATS
        for tile in TILES
        for detail in kind_details
    ]
    events += [Event(k.FALSE_WIN, s, -1, d) for s in SEATS for d in range(len(FALSE_WIN_EFFECTS))]
    events += [Event(k.EXHAUSTIVE_DRAW, -1, -1, d) for d in (0, 1)]
    return events


def test_every_event_reads_back_from_its_words() -> None:
    events = every_event()
    assert {e.kind for e in events} == set(EventKind)
    for event in events:
        assert Event.parse(str(event)) == event, str(event)


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("", "starts with its seat"),
        ("X discard 5m", "starts with its seat"),
        ("E throw 5m", "no event is called 'throw'"),
        ("E discard 5x", "not a discard event"),
        ("E pung 5m from Q", "not a pung event"),
        ("E chow 5m (4 of 3)", "not a chow event"),
        ("E discard 5m  ting", "not an event as written"),
        ("E discard 5z", "not an event as written"),
        ("table false-win (maybe)", "not a false-win event"),
    ],
)
def test_a_bad_event_text_is_named(text: str, says: str) -> None:
    with pytest.raises(InvalidNotationError, match=says.replace("(", r"\(")):
        Event.parse(text)


def test_the_events_of_the_notation_doc_read_back() -> None:
    """docs/notation.md, "Actions and events": every example is an event as written."""
    doc = (DATA.parents[1] / "docs" / "notation.md").read_text(encoding="utf-8")
    block = doc.split("## Actions and events", 1)[1].split("```", 2)[1]
    examples = [e for e in re.split(r"\s{2,}|\n", block) if e.strip()]
    assert len(examples) >= 15
    for text in examples:
        assert str(Event.parse(text.strip())) == text.strip()


def played(ruleset: str, seed: int, bots: str = "random") -> HandState:
    state = HandState.new(ruleset, random.Random(seed))
    play_hand(state, [BOTS[bots]() for _ in SEATS], seed)
    return state


@pytest.mark.parametrize("ruleset", BUILT_IN)
def test_records_of_random_hands_write_words_and_read_back(ruleset: str) -> None:
    """Every event of 30 hands, and each seat's view of it (hidden tiles as ``?``), reads
    back from its words; each record goes through JSON text and replays."""
    for seed in range(30):
        state = played(ruleset, seed)
        for seat in SEATS:
            for event in seen_events(state, seat):
                assert Event.parse(str(event)) == event
        record = record_of(state, seed=seed)
        data = json.loads(record.dumps())
        assert data["format"] == FORMAT == "mahjongkit-hand/2"
        assert data["events"] == [str(e) for e in state.events]
        assert data["actions"] == [f"{'ESWN'[s]} {a}" for s, a in state.history]
        loaded = HandRecord.from_json(data)
        assert loaded == record and verify(loaded) == []
        assert HandRecord.from_json(as_version_1(record)) == record


def test_a_version_2_record_reads_like_a_score_sheet() -> None:
    """Seed 4 under mcr: the dealer's fourteen tiles, then South's; a drawn hand."""
    data = record_of(played("mcr", 4), seed=4).to_json()
    assert data["events"][:3] == ["E deal 4m", "E deal 1s", "E deal 8s"]
    assert data["events"][14] == "S deal 5m"
    assert data["actions"][:2] == ["E discard E", "S discard N"]
    assert data["events"][-1] == "table exhaustive-draw"
    assert data["result"]["kind"] == "draw"


def test_version_1_records_still_load_and_replay() -> None:
    """tests/data/records-v1.jsonl: one hand per built-in ruleset written in the first
    format (see tests/data/README.md)."""
    path = DATA / "records-v1.jsonl"
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert {line["format"] for line in lines} == {FORMAT_V1}
    records = load_records(path)
    assert sorted(r.ruleset for r in records) == BUILT_IN
    for record, line in zip(records, lines, strict=True):
        assert verify(record) == []
        final = replay(record)
        assert final.result is not None and final.result.to_json() == line["result"]
        # Saved again, it is written in words, and reads back as the same record.
        again = record.to_json()
        assert again["format"] == FORMAT
        assert again["events"][0] == str(Event.from_index(line["events"][0]))
        assert HandRecord.from_json(again) == record
        assert as_version_1(record) == line


def test_a_match_recorded_in_version_1_verifies() -> None:
    data = json.loads((DATA / "match-v1.json").read_text())
    assert {h["record"]["format"] for h in data["hands"]} == {FORMAT_V1}
    assert verify_match(data) == []
    data["hands"][1]["record"]["events"][-1] += 16  # another tile on the last event
    assert verify_match(data)


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (("actions", 3, "Q discard 5m"), "action 3 ('Q discard 5m') must start with its seat"),
        (("actions", 2, "E throw 5m"), "action 2: unknown action"),
        (("actions", 1, 7), "action 1 must be text"),
        (("events", 5, "E deal 5x"), "event 5: not a deal event"),
        (("events", 0, 12), "event 0 must be text"),
        (("events", None, "E deal 5m"), "field 'events' must be a list"),
        (("format", None, "mahjongkit-hand/9"), "format must be 'mahjongkit-hand/2'"),
    ],
)
def test_a_malformed_record_names_what_is_wrong(change: tuple[str, Any, Any], says: str) -> None:
    data = record_of(played("mcr", 4), seed=4).to_json()
    field, index, value = change
    if index is None:
        data[field] = value
    else:
        data[field][index] = value
    with pytest.raises(InvalidRecordError, match=says.replace("(", r"\(").replace(")", r"\)")):
        HandRecord.from_json(data)


def test_a_record_with_another_decision_does_not_replay() -> None:
    data = record_of(played("mcr", 4), seed=4).to_json()
    data["actions"][0] = "E discard 1s"
    problems = verify(HandRecord.from_json(data))
    assert len(problems) == 1 and problems[0].startswith(("action 0", "after action 1"))
