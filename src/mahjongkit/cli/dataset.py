"""The ``dataset`` command: game records turned into a file of one row per decision.

``mahjongkit dataset run.jsonl --out run.parquet`` reads the engine's hand records (the
lines ``simulate --records`` writes; ``-`` for standard input) and writes, for every
decision a seat was asked, its observation planes and mask as the environments build
them, the action taken and the reward to go (`mahjongkit.env.dataset`; docs/env.md lists
the columns). ``--db URL [GAME_ID...]`` reads the games the web table stored instead
(every finished one when no id is given); ``--from NAME`` another registered reader. A
file that starts as a Botzone log (the PKU corpus's text, the judge's JSON) is read by the
Botzone logs' reader (`mahjongkit.env.dataset_botzone`) without ``--from``. A folder
stands for its ``*.jsonl`` files in name order: the shard records a run on a Ray cluster
wrote (``simulate --engine ray --shard-records FOLDER``, docs/scale.md), in hand order.

A record that cannot be read or replayed is named on stderr (where it is, with its line
number, a code, what is wrong) and skipped; the rest goes on. The summary (records,
hands, decisions, skipped) is printed at the end. Exit code 0 once the file is written,
2 when it cannot be (nothing is left behind then).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from mahjongkit.cli.app import app, fail, whole_number_option
from mahjongkit.cli.engines import ENGINES, AddressOption
from mahjongkit.cli.progress import progress_bar
from mahjongkit.errors import MahjongError

if TYPE_CHECKING:
    from mahjongkit.env.dataset import Item, Reader, RecordRows


def _reader(source: str, name: str) -> Reader:
    """The reader of one file: ``--from``'s, or the Botzone logs' for a file that starts
    as one when ``--from`` is left at ``records``."""
    from mahjongkit.botzone.logs_files import looks_like_botzone_log
    from mahjongkit.env.dataset import READERS

    if source == "records" and name != "-" and looks_like_botzone_log(name):
        return READERS["botzone"]
    return READERS[source]


def _files(names: list[str]) -> list[str]:
    """The files to read: a folder's ``*.jsonl`` files in name order in its place."""
    out: list[str] = []
    for name in names:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = sorted(str(p) for p in path.glob("*.jsonl") if p.is_file())
            if not found:
                raise fail(f"{name} is a folder without .jsonl record files")
            out.extend(found)
        else:
            out.append(name)
    return out


def _rows(
    engine: str, address: str | None, shard_hands: int
) -> Callable[[Iterable[Item]], Iterable[RecordRows]] | None:
    """Who turns the records into rows: this process (None), or a Ray cluster's tasks."""
    if engine not in ENGINES:
        raise fail(f"unknown --engine {engine!r}; known: {', '.join(ENGINES)}")
    if engine == "processes":
        if address is not None:
            raise fail("--address goes with --engine ray")
        return None
    try:
        from mahjongkit.env.dataset_ray import rows_on_ray
        from mahjongkit.sim.ray_engine import RayEngine

        RayEngine().check()
    except (ImportError, ValueError) as err:
        raise fail(str(err)) from None
    return rows_on_ray(address, shard_hands)


def _warn(message: str) -> None:
    print(f"warning: {message}, skipped", file=sys.stderr)


@app.command("dataset")
def dataset_command(
    records: Annotated[
        list[str] | None,
        typer.Argument(
            help="Game record files (JSON Lines of hand records, as `simulate --records`"
            " writes them; - for stdin; a folder: its *.jsonl files in name order, as"
            " --shard-records writes them), or with --db the stored games' ids (none: every"
            " finished game).",
            show_default=False,
        ),
    ] = None,
    out: Annotated[
        Path,
        typer.Option("--out", "-o", help="The dataset file to write: FILE.parquet or FILE.npz."),
    ] = Path("dataset.parquet"),
    db: Annotated[
        str | None,
        typer.Option(help="Read the web table's stored games from this database (URL or file)."),
    ] = None,
    source: Annotated[
        str,
        typer.Option(
            "--from",
            help="The kind of record files: records (hand records), botzone (Botzone logs:"
            " the PKU corpus's text or the judge's JSON). A file that starts as a Botzone"
            " log is read as one without it.",
        ),
    ] = "records",
    chunk: Annotated[
        int,
        typer.Option(
            help="Rows written at a time (a Parquet row group).",
            parser=whole_number_option("chunk", 1, 10**6),
        ),
    ] = 8192,
    engine: Annotated[
        str,
        typer.Option(
            help="Where the records are turned into rows: processes (this one) or ray (a Ray"
            " cluster's tasks, the ray extra; the same file either way).",
        ),
    ] = "processes",
    address: AddressOption = None,
    shard_hands: Annotated[
        int,
        typer.Option(
            help="With --engine ray, hands per Ray task.",
            parser=whole_number_option("shard-hands", 1, 10**6),
        ),
    ] = 100,
) -> None:
    """Turn game records into a dataset: a row per decision with the seat's planes, its
    action mask, the action taken and the reward to go (docs/env.md)."""
    try:
        import mahjongkit.env.dataset_botzone  # noqa: F401  (registers the Botzone reader)
        from mahjongkit.env.dataset import READERS, web_games
        from mahjongkit.env.dataset_files import make_dataset
    except ImportError as err:
        raise fail(f"datasets need the rl extra: pip install 'mahjongkit[rl]' ({err})") from None
    names = records or []
    items: Iterator[Item]
    if db is not None:
        if source != "records":
            raise fail("--from names the kind of record files: not with --db")
        items = web_games(db, names)
    else:
        if not names:
            raise fail("name the record files to read (or --db URL for stored games)")
        if source != "records" and source not in READERS:
            raise fail(f"unknown record kind {source!r}; known: {', '.join(sorted(READERS))}")
        files = _files(names)
        items = (item for name in files for item in _reader(source, name)(name))
    rows = _rows(engine, address, shard_hands)
    try:
        with progress_bar("hands", None) as advance:
            summary = make_dataset(out, items, _warn, chunk, rows, advance)
    except MahjongError as err:
        raise fail(str(err)) from None
    except OSError as err:
        raise fail(f"cannot write {out}: {err.strerror or err}") from None
    except KeyboardInterrupt:
        print(f"stopped: {out} is not written", file=sys.stderr)
        raise typer.Exit(130) from None
    print(f"{out}: {summary}")


__all__ = ["dataset_command"]
