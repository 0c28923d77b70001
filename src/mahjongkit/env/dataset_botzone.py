"""The dataset's reader of Botzone match logs (`mahjongkit.botzone.logs`): the PKU
corpus's text or the judge's JSON logs, each match replayed into the engine's record,
registered in `mahjongkit.env.dataset.READERS` as ``botzone``.

``mahjongkit dataset LOG.txt --out x.parquet`` picks this reader for a file that starts
as a Botzone log does (`looks_like_botzone_log`); ``--from botzone`` names it.

>>> import tempfile, pathlib
>>> from mahjongkit.botzone.logs_text import SAMPLE
>>> path = pathlib.Path(tempfile.mkdtemp()) / "corpus.txt"
>>> _ = path.write_text(SAMPLE + "Match broken\\nWind 9\\n", encoding="utf-8")
>>> items = list(read_botzone_logs(str(path)))
>>> [type(i).__name__ for i in items], items[0].record_id[-17:], items[1].code
(['SourceGame', 'Skipped'], 'corpus.txt:sample', 'bad-line')
"""

from __future__ import annotations

from collections.abc import Iterator

from mahjongkit.botzone.logs_files import import_all, read_log_file
from mahjongkit.env.dataset import READERS, Item, Skipped, SourceGame, SourceHand, lone_deal


def read_botzone_logs(name: str) -> Iterator[Item]:
    """Each match of a Botzone log file as a game of one hand (the match replayed on the
    ``botzone`` table), and a `Skipped` for each that cannot be read or replayed."""
    read = import_all(read_log_file(name))
    for match in read.imported:
        record = match.record
        given = match.match.name
        record_id = given if given.startswith(name) else f"{name}:{given}"
        hand = SourceHand(record, lone_deal(record))
        yield SourceGame(record_id, f"{record_id} (line {match.match.line})", (hand,))
    for error in read.errors:
        where = f"{name} line {error.line}" if error.line else name
        message = str(error)[len(error.code) + 2 :]
        yield Skipped(where, error.code, message)


READERS["botzone"] = read_botzone_logs

__all__ = ["read_botzone_logs"]
