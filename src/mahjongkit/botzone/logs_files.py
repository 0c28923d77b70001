"""Botzone log files: which format a file is in, every match it holds, and every match
imported (`mahjongkit.botzone.logs`), a bad one named and the rest read on.

A file is the judge's JSON log (`mahjongkit.botzone.logs_json`) when it starts with
``{`` or ``[``: one log, a JSON list of logs, or one log a line (JSON Lines); otherwise
it is the corpus's text (`mahjongkit.botzone.logs_text`).

>>> from mahjongkit.botzone.logs_text import SAMPLE
>>> read = read_log_text(SAMPLE, "sample.txt")
>>> [m.name for m in read.matches], read.errors
(['sample'], [])
>>> [i.record.result["winners"] for i in import_all(read).imported]
[[3]]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from mahjongkit.botzone.logs import BotzoneLogError, BotzoneMatch, ImportedMatch, import_match
from mahjongkit.botzone.logs_json import parse_json
from mahjongkit.botzone.logs_text import parse_text


@dataclass
class LogFile:
    """The matches a file holds and an error for each that could not be read."""

    source: str
    matches: list[BotzoneMatch] = field(default_factory=list)
    errors: list[BotzoneLogError] = field(default_factory=list)


@dataclass
class Imported:
    """Matches replayed, and an error for each that could not be read or replayed."""

    imported: list[ImportedMatch] = field(default_factory=list)
    errors: list[BotzoneLogError] = field(default_factory=list)


def is_json_log(text: str) -> bool:
    """True when the text is in the JSON format (it starts with ``{`` or ``[``)."""
    return text.lstrip()[:1] in ("{", "[")


def looks_like_botzone_log(path: str | Path) -> bool:
    """True when a file starts as a Botzone log does: a ``Match`` line, or a JSON object
    with a ``log`` list (an engine record has none)."""
    try:
        with open(path, encoding="utf-8") as f:
            head = f.read(4096)
    except (OSError, UnicodeDecodeError):
        return False
    first = head.lstrip()
    if first.startswith("Match"):
        return True
    return first[:1] in ("{", "[") and '"log"' in head and '"format"' not in head


def _json_items(text: str, source: str) -> tuple[list[tuple[str, Any]], list[BotzoneLogError]]:
    """The logs of a JSON file with their names, or the error of each line that is not
    JSON."""
    try:
        data = json.loads(text)
    except ValueError:
        pass
    else:
        items = data if isinstance(data, list) else [data]
        return [(_name(item, source, n), item) for n, item in enumerate(items, 1)], []
    out: list[tuple[str, Any]] = []
    errors: list[BotzoneLogError] = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as err:
            errors.append(
                BotzoneLogError("bad-json", f"{source} line {n}: not JSON ({err.msg})", n)
            )
            continue
        out.append((_name(item, source, n), item))
    return out, errors


def _name(item: Any, source: str, n: int) -> str:
    given = item.get("_id") if isinstance(item, dict) else None
    return f"{source}:{given if isinstance(given, (str, int)) else n}"


def read_log_text(text: str, source: str = "") -> LogFile:
    """Every match of a log file's text (``source`` names it in messages)."""
    out = LogFile(source)
    if not is_json_log(text):
        parsed = parse_text(text, source)
        out.matches, out.errors = parsed.matches, parsed.errors
        return out
    items, out.errors = _json_items(text, source)
    for name, item in items:
        try:
            out.matches.append(parse_json(item, name))
        except BotzoneLogError as err:
            out.errors.append(err)
    return out


def read_log_file(path: str | Path) -> LogFile:
    """Every match of a log file (`read_log_text`); an unreadable file is one error."""
    try:
        text = Path(path).read_bytes().decode("utf-8")
    except OSError as err:
        return LogFile(str(path), errors=[BotzoneLogError("bad-file", f"{path}: {err.strerror}")])
    except UnicodeDecodeError as err:
        return LogFile(
            str(path),
            errors=[BotzoneLogError("bad-file", f"{path}: byte {err.start} is not UTF-8")],
        )
    return read_log_text(text, str(path))


def import_all(read: LogFile) -> Imported:
    """Each match replayed (`import_match`); the read errors carried along."""
    out = Imported(errors=list(read.errors))
    for match in read.matches:
        try:
            out.imported.append(import_match(match))
        except BotzoneLogError as err:
            if read.source and not match.name.startswith(read.source):
                # A text match is named by its Match line: say which file it is in.
                err = BotzoneLogError(err.code, f"{read.source}: {_message(err)}", err.line)
            out.errors.append(err)
    return out


def _message(err: BotzoneLogError) -> str:
    return str(err)[len(err.code) + 2 :]


__all__ = [
    "Imported",
    "LogFile",
    "import_all",
    "is_json_log",
    "looks_like_botzone_log",
    "read_log_file",
    "read_log_text",
]
