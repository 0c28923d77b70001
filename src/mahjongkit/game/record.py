"""Hand records: the ruleset, its contents hash, the seed, the initial wall, every
decision and event, and the result; JSON dump and load; replay that checks every step.

The JSON is version 2 (``"format": "mahjongkit-hand/2"``): each decision and each event
in words, as a player would write them down (``"E discard 5m"``, ``"S pung 5m from E"``;
`Action.parse`, `Event.parse`). Version 1 records, which numbered them by their indexes
(`Action.to_index`, `Event.to_index`), still load and replay; saving one writes it as
version 2.

A hand dealt from a committed wall (`mahjongkit.game.fairness`) carries its
``"commitment"``: the hash published before the hand and, once the hand is over, the seed
and salt it was made from; records without one (made before commitments, or by a seeded
bot run) load as they are.

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.runner import play_hand
>>> state = HandState.new("mcr", random.Random(4))
>>> result = play_hand(state, [RandomBot() for _ in range(4)], seed=4)
>>> record = record_of(state, seed=4)
>>> again = HandRecord.from_json(record.to_json())
>>> again == record, verify(again)
(True, [])
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

from mahjongkit.errors import InvalidDataError, MahjongError
from mahjongkit.game.actions import Action
from mahjongkit.game.events import SEAT_NAMES, Event
from mahjongkit.game.fairness import InvalidCommitmentError, WallCommitment
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import Wall
from mahjongkit.inputs import SEEDS, read_json, whole_number
from mahjongkit.notation import format_tiles, parse_tiles
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring.situation import NUMBER_RANGES
from mahjongkit.tiles import EAST, NAMES, wind_of

FORMAT = "mahjongkit-hand/2"
"""The format `HandRecord.to_json` writes: decisions and events in words."""
FORMAT_V1 = "mahjongkit-hand/1"
"""The first format, still read: decisions as ``[seat, action index]`` and events as
their indexes."""


class InvalidRecordError(MahjongError, ValueError):
    """A record that cannot be read: a missing or malformed field, named."""


class ReplayMismatchError(MahjongError):
    """Replaying a record did not reproduce it; the message says where it diverged."""


@dataclass(frozen=True)
class HandRecord:
    """Everything needed to replay a hand exactly, and what it produced."""

    ruleset: str
    ruleset_hash: str
    seed: int | None
    wall: tuple[int, ...]
    """The tiles by wall position (see `mahjongkit.game.wall`)."""
    dice: tuple[tuple[int, ...], ...]
    prevalent_wind: int
    dealer_streak: int
    actions: tuple[tuple[int, int], ...]
    """Every decision in order: (seat, action index)."""
    events: tuple[int, ...]
    """Every event index in order."""
    result: dict[str, Any]
    commitment: WallCommitment | None = None
    """The wall's commitment (with its seed and salt once revealed), if it had one."""

    def to_json(self) -> dict[str, Any]:
        """The record as a JSON-ready object, in `FORMAT` (version 2)."""
        out: dict[str, Any] = {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "ruleset_hash": self.ruleset_hash,
            "seed": self.seed,
            "prevalent_wind": NAMES[self.prevalent_wind],
            "dealer_streak": self.dealer_streak,
            "dice": [list(d) for d in self.dice],
            "wall": format_tiles(self.wall),
            "actions": [f"{SEAT_NAMES[s]} {Action.from_index(a)}" for s, a in self.actions],
            "events": [str(Event.from_index(e)) for e in self.events],
            "result": self.result,
        }
        if self.commitment is not None:
            out["commitment"] = self.commitment.to_json()
        return out

    @classmethod
    def from_json(cls, data: Any) -> HandRecord:
        """A record from its JSON object, version 2 or 1; a bad field raises
        `InvalidRecordError`, naming it."""
        if not isinstance(data, dict):
            raise InvalidRecordError("a hand record must be a JSON object")
        version = data.get("format")
        if version not in (FORMAT, FORMAT_V1):
            raise InvalidRecordError(
                f"format must be {FORMAT!r} (or {FORMAT_V1!r}), not {version!r}"
            )
        read_actions, read_events = (
            (_actions_v1, _events_v1) if version == FORMAT_V1 else (_actions, _events)
        )
        try:
            return cls(
                ruleset=str(data["ruleset"]),
                ruleset_hash=str(data["ruleset_hash"]),
                seed=None if data["seed"] is None else whole_number(data["seed"], "seed", *SEEDS),
                wall=tuple(parse_tiles(str(data["wall"]))),
                dice=tuple(
                    tuple(whole_number(d, "dice", 1, 6) for d in throw) for throw in data["dice"]
                ),
                prevalent_wind=wind_of(str(data.get("prevalent_wind", "E"))),
                dealer_streak=whole_number(
                    data.get("dealer_streak", 0), "dealer_streak", *NUMBER_RANGES["dealer_streak"]
                ),
                actions=read_actions(data["actions"]),
                events=read_events(data["events"]),
                result=dict(data["result"]),
                commitment=(
                    None
                    if data.get("commitment") is None
                    else WallCommitment.from_json(data["commitment"])
                ),
            )
        except InvalidCommitmentError as err:
            raise InvalidRecordError(f"hand record field 'commitment': {err}") from None
        except KeyError as err:
            raise InvalidRecordError(f"hand record has no {err.args[0]!r} field") from None
        except (TypeError, ValueError) as err:
            raise InvalidRecordError(f"hand record field is malformed: {err}") from None

    def dumps(self) -> str:
        """The record as one line of JSON."""
        return json.dumps(self.to_json(), separators=(",", ":"))


def _listed(field: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise InvalidRecordError(f"hand record field {field!r} must be a list")
    return value


def _actions(value: Any) -> tuple[tuple[int, int], ...]:
    """Version 2 decisions: ``"E discard 5m"``, the seat's wind and the action."""
    out = []
    for n, text in enumerate(_listed("actions", value)):
        if not isinstance(text, str):
            raise InvalidRecordError(f"action {n} must be text like 'E discard 5m'")
        who, _, action = text.partition(" ")
        if len(who) != 1 or who not in SEAT_NAMES:
            raise InvalidRecordError(f"action {n} ({text!r}) must start with its seat: E S W N")
        try:
            out.append((SEAT_NAMES.index(who), Action.parse(action).to_index()))
        except MahjongError as err:
            raise InvalidRecordError(f"action {n}: {err}") from None
    return tuple(out)


def _events(value: Any) -> tuple[int, ...]:
    """Version 2 events: each in its words (`Event.parse`)."""
    out = []
    for n, text in enumerate(_listed("events", value)):
        if not isinstance(text, str):
            raise InvalidRecordError(f"event {n} must be text like 'E discard 5m'")
        try:
            out.append(Event.parse(text).to_index())
        except MahjongError as err:
            raise InvalidRecordError(f"event {n}: {err}") from None
    return tuple(out)


def _actions_v1(value: Any) -> tuple[tuple[int, int], ...]:
    """Version 1 decisions: ``[seat, action index]``."""
    return tuple((int(s), int(a)) for s, a in _listed("actions", value))


def _events_v1(value: Any) -> tuple[int, ...]:
    """Version 1 events: their indexes."""
    return tuple(int(e) for e in _listed("events", value))


def record_of(
    state: HandState, seed: int | None = None, commitment: WallCommitment | None = None
) -> HandRecord:
    """The record of a hand (played to its end, or in play), with its wall's
    ``commitment`` if it had one."""
    return HandRecord(
        ruleset=state.ruleset.name,
        ruleset_hash=state.ruleset.contents_hash(),
        seed=seed,
        wall=state.wall.tiles,
        dice=state.wall.dice,
        prevalent_wind=state.prevalent_wind,
        dealer_streak=state.dealer_streak,
        actions=tuple((s, a.to_index()) for s, a in state.history),
        events=tuple(e.to_index() for e in state.events),
        result=state.result.to_json() if state.result is not None else {"kind": "in-play"},
        commitment=commitment,
    )


def initial_state(record: HandRecord) -> HandState:
    """The hand as dealt, from the record's ruleset, wall and dice."""
    ruleset = get_ruleset(record.ruleset)
    wall = Wall(get_ruleset(ruleset).play, record.wall, record.dice)
    return HandState(ruleset, wall, record.prevalent_wind or EAST, record.dealer_streak)


def replay_states(record: HandRecord) -> Iterator[HandState]:
    """Every state of the hand in turn, from the deal to the end, checked against the
    record's events at each step (`ReplayMismatchError` where they part)."""
    state = initial_state(record)
    expected = record.events
    if state.ruleset.contents_hash() != record.ruleset_hash:
        raise ReplayMismatchError(
            f"ruleset {record.ruleset!r} has changed since the record was made "
            f"(hash {state.ruleset.contents_hash()} != {record.ruleset_hash})"
        )
    checked = _check_events(state, expected, 0, 0)
    yield state
    for step, (seat, index) in enumerate(record.actions):
        action = Action.from_index(index)
        try:
            state.apply(seat, action)
        except MahjongError as err:
            raise ReplayMismatchError(f"action {step} ({seat} {action}): {err}") from None
        checked = _check_events(state, expected, step + 1, checked)
        yield state
    if len(state.events) != len(expected):
        raise ReplayMismatchError(
            f"the record has {len(expected)} events, the replay {len(state.events)}"
        )
    got = state.result.to_json() if state.result is not None else {"kind": "in-play"}
    if got != record.result:
        raise ReplayMismatchError(f"result differs: recorded {record.result}, replayed {got}")


def _check_events(state: HandState, expected: tuple[int, ...], step: int, start: int) -> int:
    """Compare the events from ``start`` on; returns how many are checked."""
    events = state.events
    for i in range(start, len(events)):
        if i >= len(expected) or events[i].to_index() != expected[i]:
            want = str(Event.from_index(expected[i])) if i < len(expected) else "nothing"
            raise ReplayMismatchError(
                f"after action {step}: event {i} is {events[i]}, recorded {want}"
            )
    return len(events)


def replay(record: HandRecord) -> HandState:
    """The final state of the hand, replayed and checked step by step."""
    final: HandState | None = None
    for final in replay_states(record):  # noqa: B007  (the last state is the answer)
        pass
    assert final is not None
    return final


def verify(record: HandRecord) -> list[str]:
    """What does not reproduce (empty when the replay matches the record exactly)."""
    try:
        replay(record)
    except ReplayMismatchError as err:
        return [str(err)]
    except MahjongError as err:
        return [f"record cannot be replayed: {err}"]
    return []


def load_records(path: str | Path) -> list[HandRecord]:
    """Records from a file: one JSON object, a JSON list, or JSON Lines, read strictly
    (`mahjongkit.inputs.read_json`); a bad line raises `InvalidRecordError` naming it."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except UnicodeDecodeError as err:
        raise InvalidRecordError(f"{path}: byte {err.start} is not UTF-8") from None
    stripped = text.strip()
    items: list[Any]
    try:
        data = read_json(stripped)
        items = data if isinstance(data, list) else [data]
    except InvalidDataError as err:
        lines = stripped.splitlines()
        if len(lines) < 2:
            raise InvalidRecordError(f"{path}: {err}") from None
        items = []
        for n, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                items.append(read_json(line))
            except InvalidDataError as line_err:
                raise InvalidRecordError(f"{path} line {n}: {line_err}") from None
    return [HandRecord.from_json(item) for item in items]


class RecordLine(NamedTuple):
    """A line of a JSON Lines file of hand records (`record_lines`): its number, its JSON
    value (None when it is not JSON), and its record, or else (None) why it is not one: a
    code (``invalid_json``, ``invalid_record``) and a message."""

    number: int
    data: Any
    record: HandRecord | None
    code: str = ""
    message: str = ""


def record_lines(lines: Iterable[bytes]) -> Iterator[RecordLine]:
    """The hand records of JSON Lines (a file opened in binary, say), line by line, each
    read strictly (`mahjongkit.inputs.read_json`); a line that is not a record is given
    with its reason, and the lines after it are read all the same. Blank lines are passed
    over.

    >>> [(r.number, r.code) for r in record_lines([b"{", b"", b"[]"])]
    [(1, 'invalid_json'), (3, 'invalid_record')]
    """
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = read_json(line)
        except InvalidDataError as err:
            yield RecordLine(n, None, None, "invalid_json", str(err))
            continue
        try:
            yield RecordLine(n, data, HandRecord.from_json(data))
        except MahjongError as err:
            yield RecordLine(n, data, None, "invalid_record", str(err))


def dump_records(records: list[HandRecord], path: str | Path) -> None:
    """Write records as JSON Lines."""
    Path(path).write_text("".join(r.dumps() + "\n" for r in records), encoding="utf-8")


__all__ = [
    "FORMAT",
    "FORMAT_V1",
    "HandRecord",
    "InvalidRecordError",
    "RecordLine",
    "ReplayMismatchError",
    "dump_records",
    "initial_state",
    "load_records",
    "record_lines",
    "record_of",
    "replay",
    "replay_states",
    "verify",
]
