"""The ``botzone-log`` commands: Botzone match logs into the engine's records, and back.

``mahjongkit botzone-log import FILE... --out RECORDS.jsonl`` reads Botzone logs (the
PKU corpus's text, or the judge's JSON logs), replays each match on the ``botzone``
table, writes its hand record (JSON Lines, as ``simulate --records`` and ``replay`` read
them) and prints the re-scoring report: every line where the recorded fans or scores
differ from the engine's, and every match that could not be read or replayed, named by
file and line (the rest is imported). ``--json`` prints the report as JSON.

``mahjongkit botzone-log export RECORDS... --out DIR|FILE [--format text|json]`` writes
hand records (a simulator's ``--records``, ``replay``'s files, on the ``botzone`` table)
as Botzone logs: one text file of every match, or a directory of one JSON log a hand;
``--db URL [GAME_ID...]`` exports the web table's stored games instead (their finished
hands).

Exit codes: 0 when everything was read, replayed and scored as recorded; 1 when a match
was left out or differs (the rest is written); 2 when nothing can be done (no file to
write, no record to read).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, Any

import typer

from mahjongkit.botzone.logs import (
    BotzoneLogError,
    Difference,
    ImportedMatch,
    summary,
    to_botzone_log,
)
from mahjongkit.botzone.logs_files import import_all, read_log_file
from mahjongkit.cli.app import app, fail
from mahjongkit.errors import MahjongError
from mahjongkit.game.record import HandRecord, dump_records, load_records

log_app = typer.Typer(
    help="Botzone match logs into the engine's hand records, and records out as logs.",
    no_args_is_help=True,
)
app.add_typer(log_app, name="botzone-log")


@log_app.command("import")
def import_command(
    files: Annotated[
        list[Path],
        typer.Argument(help="Botzone logs: the corpus's text, or the judge's JSON logs."),
    ],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="The hand records to write (JSON Lines).")
    ] = Path("records.jsonl"),
    as_json: Annotated[bool, typer.Option("--json", help="Print the report as JSON.")] = False,
) -> None:
    """Replay Botzone logs in the engine, write their records, and report every line
    whose recorded fans or score differ from the engine's."""
    records: list[HandRecord] = []
    differences: list[Difference] = []
    errors: list[BotzoneLogError] = []
    imported: list[ImportedMatch] = []
    for path in files:
        result = import_all(read_log_file(path))
        imported.extend(result.imported)
        errors.extend(result.errors)
        for match in result.imported:
            records.append(match.record)
            differences.extend(match.differences)
    try:
        dump_records(records, out)
    except OSError as err:
        raise fail(f"cannot write {out}: {err.strerror or err}") from None
    counts = summary(imported)
    if as_json:
        report: dict[str, Any] = {
            "out": str(out),
            **counts,
            "left_out": len(errors),
            "differences": [
                {
                    "match": d.match,
                    "line": d.line,
                    "what": d.what,
                    "recorded": d.recorded,
                    "ours": d.ours,
                }
                for d in differences
            ],
            "errors": [{"code": e.code, "line": e.line, "message": str(e)} for e in errors],
        }
        print(json.dumps(report, ensure_ascii=False, indent=2))
    else:
        for error in errors:
            print(f"left out: {error}", file=sys.stderr)
        for difference in differences:
            print(f"differs: {difference}")
        print(
            f"{out}: {counts['matches']} matches imported ({counts['wins']} wins,"
            f" {counts['draws']} draws), {counts['differing']} scored differently,"
            f" {len(errors)} left out"
        )
    if errors or differences:
        raise typer.Exit(1)


@log_app.command("export")
def export_command(
    records: Annotated[
        list[str] | None,
        typer.Argument(
            help="Hand record files (JSON Lines, a JSON list, or one record), or with --db"
            " the stored games' ids (none: every finished game).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path,
        typer.Option(
            "--out",
            "-o",
            help="Where to write: a text file of every match, or (json) a directory of"
            " one log a hand.",
        ),
    ] = Path("botzone-logs"),
    fmt: Annotated[
        str, typer.Option("--format", help="text (the corpus's lines) or json (the judge's).")
    ] = "text",
    db: Annotated[
        str | None,
        typer.Option(help="Export the web table's stored games from this database (URL or file)."),
    ] = None,
) -> None:
    """Write hand records as Botzone logs (text or the judge's JSON)."""
    if fmt not in ("text", "json"):
        raise fail(f"--format is text or json, not {fmt!r}")
    names = records or []
    if db is None and not names:
        raise fail("name the record files to export (or --db URL for stored games)")
    logs: list[tuple[str, str]] = []
    left_out = 0
    sources = _stored_games(db, names) if db is not None else _record_files(names)
    for where, name, record in sources:
        try:
            logs.append((name, to_botzone_log(record, fmt, name)))
        except MahjongError as err:
            left_out += 1
            print(f"left out: {where}: {err}", file=sys.stderr)
    try:
        if fmt == "text":
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_text("".join(text for _, text in logs), encoding="utf-8")
        else:
            out.mkdir(parents=True, exist_ok=True)
            for name, text in logs:
                (out / f"{name}.json").write_text(text + "\n", encoding="utf-8")
    except OSError as err:
        raise fail(f"cannot write {out}: {err.strerror or err}") from None
    print(f"{out}: {len(logs)} matches written ({fmt}), {left_out} left out")
    if left_out:
        raise typer.Exit(1)


def _record_files(paths: list[str]) -> Iterator[tuple[str, str, HandRecord]]:
    """Each record of the files: where it is, its match's name, the record."""
    for path in paths:
        try:
            read = load_records(path)
        except (OSError, MahjongError) as err:
            raise fail(f"cannot read {path}: {getattr(err, 'strerror', None) or err}") from None
        for n, record in enumerate(read, 1):
            yield f"{path} record {n}", f"{Path(path).stem}-{n}", record


def _stored_games(db: str, ids: list[str]) -> Iterator[tuple[str, str, HandRecord]]:
    """Each finished hand of the web table's stored games (those named, or every finished
    one), rebuilt from its stored decisions as the server does. Needs the web extra."""
    try:
        from mahjongkit.web.stored import stored_games
    except ImportError as err:
        raise fail(
            f"stored games need the web extra: pip install 'mahjongkit[web]' ({err})"
        ) from None
    try:
        for game_id, game in stored_games(db, ids):
            if game is None:
                raise fail(f"no stored game {game_id!r}")
            if isinstance(game, MahjongError):
                print(f"left out: game {game_id}: cannot be rebuilt: {game}", file=sys.stderr)
                continue
            for number, hand in enumerate(game.hands, 1):
                if hand.record.result.get("kind") != "in-play":
                    yield f"game {game_id} hand {number}", f"{game_id}-{number}", hand.record
    except MahjongError as err:
        raise fail(str(err)) from None


__all__ = ["export_command", "import_command"]
