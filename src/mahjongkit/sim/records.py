"""The records file of a run: one line per hand, written as the hand ends, resumable.

Each line is the engine's hand record (`mahjongkit.game.record`: ``replay --verify`` and
`load_records` read the file as before) with one field more, ``"sim"``: the run's
settings and the hand's outcome, so the file alone is enough to finish a stopped run with
the same statistics and the same lines as an uninterrupted one. A hand whose play raised
an error has no record and no line; resuming plays such hands again (they are pure
functions of the run's seed and their number) for the statistics.

A line is whole or absent: it is written by ``os.write`` on a file opened for appending
and, when a write fails (a full disk, a file size limit), the file is cut back to its
last whole line. A new run never replaces an existing file unless told to
(``overwrite``); a torn last line (a process killed in the middle of a write) is left out
when the run is resumed.

>>> import tempfile, pathlib
>>> from mahjongkit.sim.run import RunSettings, play_run
>>> path = pathlib.Path(tempfile.mkdtemp()) / "run.jsonl"
>>> settings = RunSettings("mcr", ("random",) * 4, seed=1, hands=3)
>>> with RecordsFile.create(path, settings) as records:
...     _ = play_run(settings, keep_records=True, on_hand=records.add)
>>> resumed = read_run(path)
>>> resumed.settings == settings.checked(), resumed.lines, list(resumed.todo())
(True, 3, [])
"""

from __future__ import annotations

import contextlib
import itertools
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any

from mahjongkit.sim.errors import RecordsFileError, RecordsWriteError
from mahjongkit.sim.run import RunSettings
from mahjongkit.sim.selfplay import HandJob, HandOutcome, job_at

FIELD = "sim"
"""The field of a line that carries the run's settings and the hand's outcome."""


def _sim_field(out: HandOutcome, settings: dict[str, Any]) -> dict[str, Any]:
    return {
        "run": settings,
        "hand": out.index,
        "wall": out.wall,
        "rotation": out.rotation,
        "bots": list(out.bots),
        "entrant": list(out.entrant),
        "kind": out.kind,
        "winners": list(out.winners),
        "self_drawn": out.self_drawn,
        "totals": list(out.totals),
        "fans": [list(f) for f in out.fans],
        "points": list(out.points),
    }


def record_line(out: HandOutcome, settings: dict[str, Any]) -> str:
    """The hand's line in a records file (the run's ``settings`` as `RunSettings.to_json`
    gives them), its newline included; the hand must have its record."""
    record = out.record.strip()
    sim = json.dumps(_sim_field(out, settings), separators=(",", ":"))
    # The record is one compact JSON object: the field goes in before its closing brace.
    return f'{record[:-1]},"{FIELD}":{sim}}}\n'


def outcome_of(sim: Any) -> HandOutcome:
    """The outcome kept in a line's ``"sim"`` field (without the record itself)."""
    if not isinstance(sim, dict):
        raise ValueError(f"the {FIELD!r} field must be a JSON object")
    try:
        return HandOutcome(
            int(sim["hand"]),
            int(sim["wall"]),
            int(sim["rotation"]),
            tuple(str(b) for b in sim["bots"]),
            tuple(int(e) for e in sim["entrant"]),
            str(sim["kind"]),
            tuple(int(w) for w in sim["winners"]),
            bool(sim["self_drawn"]),
            tuple(int(t) for t in sim["totals"]),
            tuple(tuple(str(n) for n in fans) for fans in sim["fans"]),
            tuple(int(p) for p in sim["points"]),
        )
    except KeyError as err:
        raise ValueError(f"the {FIELD!r} field has no {err.args[0]!r}") from None
    except TypeError as err:
        raise ValueError(f"the {FIELD!r} field is malformed: {err}") from None


class RecordsFile:
    """A run's records file open for appending, one whole line per hand recorded."""

    def __init__(self, path: Path, fd: int, settings: RunSettings, size: int, last: int) -> None:
        self.path = path
        self._fd = fd
        self._settings = settings.to_json()
        self.size = size
        """Bytes of whole lines in the file."""
        self.last = last
        """The number of the last hand written (-1 before the first)."""

    @classmethod
    def create(cls, path: Path, settings: RunSettings, *, overwrite: bool = False) -> RecordsFile:
        """A new records file at ``path``, checked before any hand is played: its folder must
        exist, and an existing file is refused unless ``overwrite``."""
        flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | (os.O_TRUNC if overwrite else os.O_EXCL)
        try:
            fd = os.open(path, flags, 0o666)
        except FileExistsError:
            raise RecordsFileError(
                f"{path} exists: finish its run with `mahjongkit simulate --resume {path}`,"
                " or give --overwrite to replace it"
            ) from None
        except FileNotFoundError:
            raise RecordsFileError(
                f"cannot write records to {path}: folder {path.parent} does not exist"
            ) from None
        except OSError as err:
            raise RecordsFileError(f"cannot write records to {path}: {err.strerror}") from None
        return cls(path, fd, settings.checked(), 0, -1)

    @classmethod
    def resume(cls, resumed: Resumed) -> RecordsFile:
        """The file of a run read by `read_run`, opened to go on, its torn line cut off."""
        path = resumed.path
        try:
            fd = os.open(path, os.O_WRONLY | os.O_APPEND)
        except OSError as err:
            raise RecordsFileError(f"cannot write records to {path}: {err.strerror}") from None
        if resumed.torn:
            os.ftruncate(fd, resumed.size)
        return cls(path, fd, resumed.settings, resumed.size, resumed.last)

    def add(self, out: HandOutcome) -> None:
        """Write the hand's line (a hand without a record, or one before the last hand
        written, has none); `RecordsWriteError` when it cannot, the file cut back."""
        if not out.record or out.index <= self.last:
            return
        data = record_line(out, self._settings).encode()
        written = 0
        try:
            while written < len(data):
                n = os.write(self._fd, data[written:])
                if n == 0:
                    raise OSError(0, "nothing written")
                written += n
        except OSError as err:
            self._cut()
            raise RecordsWriteError(
                f"cannot write hand {out.index}'s record to {self.path}:"
                f" {err.strerror or err}; the file keeps the hands written before it:"
                f" make room, then finish the run with `mahjongkit simulate --resume {self.path}`"
            ) from None
        self.size += written
        self.last = out.index

    def _cut(self) -> None:
        """Cut the file back to its last whole line (not possible on a device: left)."""
        with contextlib.suppress(OSError):
            os.ftruncate(self._fd, self.size)

    def close(self) -> None:
        """Write the lines through to the disk and close the file."""
        if self._fd < 0:
            return
        with contextlib.suppress(OSError):  # a device or a pipe: nothing to sync
            os.fsync(self._fd)
        os.close(self._fd)
        self._fd = -1

    def __enter__(self) -> RecordsFile:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        err: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


@dataclass(frozen=True)
class Resumed:
    """What a records file holds of its run: settings, hands recorded, where it stopped."""

    path: Path
    settings: RunSettings
    lines: int
    """Hands recorded."""
    last: int
    """The number of the last hand recorded."""
    gaps: tuple[int, ...]
    """Hands before ``last`` with no line (their play raised an error)."""
    size: int
    """Bytes of whole lines."""
    torn: int
    """Bytes of a torn last line, left out."""

    def recorded(self) -> Iterator[HandOutcome]:
        """The outcomes recorded, in hand order (read from the file as they are asked)."""
        with self.path.open("rb") as f:
            for line in _whole_lines(f, self.size):
                yield outcome_of(json.loads(line)[FIELD])

    def todo(self) -> Iterator[HandJob]:
        """The hands still to play, in hand order."""
        duplicate, seatings = self.settings.duplicate, self.settings.seatings
        rest = range(self.last + 1, self.settings.total)
        return (job_at(i, duplicate, seatings) for i in itertools.chain(self.gaps, rest))


def _whole_lines(f: Any, size: int) -> Iterator[bytes]:
    read = 0
    for line in f:
        if read + len(line) > size:
            return
        read += len(line)
        yield line


def read_run(path: Path) -> Resumed:
    """Read a run's records file to resume it; `RecordsFileError` naming the line when it
    is not one (each line whole JSON carrying the same settings, hands in order)."""
    try:
        f = path.open("rb")
    except OSError as err:
        raise RecordsFileError(f"cannot read {path}: {err.strerror}") from None
    settings: RunSettings | None = None
    first: Any = None
    lines = size = 0
    last = -1
    gaps: list[int] = []
    torn = 0
    with f:
        for n, line in enumerate(f, 1):
            if not line.endswith(b"\n"):  # the writer's last line, cut by a kill
                torn = len(line)
                break
            try:
                data = json.loads(line)
                if not isinstance(data, dict) or FIELD not in data:
                    raise ValueError(f"no {FIELD!r} field: not written by `simulate --records`")
                sim = data[FIELD]
                out = outcome_of(sim)
                if settings is None:
                    first = sim["run"]
                    settings = RunSettings.from_json(first)
                elif sim["run"] != first:
                    raise ValueError("the run's settings differ from the first line's")
                if not last < out.index < settings.total:
                    raise ValueError(f"hand {out.index} is out of order")
            except (ValueError, TypeError, KeyError) as err:
                raise RecordsFileError(f"{path} line {n}: {err}") from None
            gaps.extend(range(last + 1, out.index))
            last = out.index
            lines += 1
            size += len(line)
    if settings is None:
        raise RecordsFileError(f"{path} holds no hand: nothing to resume, start the run again")
    return Resumed(path, settings, lines, last, tuple(gaps), size, torn)


__all__ = ["FIELD", "RecordsFile", "Resumed", "outcome_of", "read_run", "record_line"]
