"""Dataset files: Parquet (through ``pyarrow``, the ``parquet`` extra) or ``.npz``
(NumPy alone), written in chunks of rows so memory stays the same however many records
go in, and read back whole (`read_dataset`).

A file is written under a temporary name beside it and given its name only once whole:
a run that stops leaves no half file behind.

Parquet: one row group per chunk; ``planes`` and ``mask`` are fixed-size binary
values, each row's ``int8`` values as bytes (158 x 34 = 5,372 and 167 bytes: written and
read as one block of memory, where a list of numbers would be encoded number by number,
ten times slower), the schema's ``mahjongkit`` metadata the JSON of
`mahjongkit.env.dataset.metadata` (the planes' shape among it). ``.npz``:
one array per column, ``planes`` already shaped (rows x 158 x 34), ``metadata`` a string
of the same JSON; each column is gathered on disk chunk by chunk and the archive made
(deflated) at the end.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> make_dataset(folder / "none.npz", []).decisions
0
>>> empty = read_dataset(folder / "none.npz")
>>> empty["planes"].shape, json.loads(str(empty["metadata"]))["encoding_version"]
((0, 158, 34), 2)
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
import zipfile
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from mahjongkit.errors import MahjongError

from .dataset import COLUMNS, Block, Item, RecordRows, Summary, build, metadata

CHUNK_ROWS = 8192
"""Rows gathered before they are written (a Parquet row group): about 30 MB."""

SUFFIXES = (".parquet", ".npz")
"""The kinds of file a dataset is written as."""

_INTS: dict[str, str] = {
    "hand": "int32",
    "decision": "int32",
    "step": "int32",
    "player": "int8",
    "seat": "int8",
    "action": "int16",
    "reward_to_go": "int32",
    "hand_reward": "int32",
}
_TEXTS = ("record", "ruleset", "bot")
_BYTES = ("mask", "planes")


class DatasetFileError(MahjongError, ValueError):
    """A dataset file that cannot be written or read: what and why."""


class _Chunked(ABC):
    """Gathers hands' rows (a `BlockSink`) and writes them ``chunk_rows`` at a time."""

    def __init__(self, chunk_rows: int) -> None:
        self.chunk_rows = chunk_rows
        self._blocks: list[Block] = []
        self._rows = 0

    def add(self, block: Block) -> None:
        if not block.rows:
            return
        self._blocks.append(block)
        self._rows += block.rows
        if self._rows >= self.chunk_rows:
            self.flush()

    def flush(self) -> None:
        """Write the rows gathered."""
        if self._blocks:
            self.write(_columns(self._blocks))
        self._blocks, self._rows = [], 0

    @abstractmethod
    def write(self, columns: dict[str, npt.NDArray[Any]]) -> None:
        """Write one chunk of rows, column by column."""

    @abstractmethod
    def finish(self, path: Path) -> None:
        """Write what is left and make the file at ``path``."""

    @abstractmethod
    def discard(self) -> None:
        """Leave nothing behind (the run stopped)."""


def _columns(blocks: list[Block]) -> dict[str, npt.NDArray[Any]]:
    """The blocks' rows joined, column by column (the texts repeated on each row)."""
    out: dict[str, npt.NDArray[Any]] = {}
    for name in COLUMNS:
        if name in ("record", "ruleset"):  # one for the whole hand
            out[name] = np.array(
                [getattr(b, name) for b in blocks for _ in range(b.rows)], dtype=object
            )
        elif name == "hand":
            out[name] = np.concatenate([np.full(b.rows, b.hand, dtype=np.int32) for b in blocks])
        else:
            out[name] = np.concatenate([getattr(b, name) for b in blocks])
    return out


class ParquetSink(_Chunked):
    """Rows into a Parquet file, a row group per chunk."""

    def __init__(self, partial: Path, chunk_rows: int) -> None:
        super().__init__(chunk_rows)
        try:
            import pyarrow as pa
            import pyarrow.parquet as pq
        except ImportError as err:
            raise DatasetFileError(
                f"a .parquet dataset needs pyarrow: pip install 'mahjongkit[parquet]' ({err})"
            ) from None
        self._pa = pa
        shape = metadata()["planes_shape"]
        fields = [
            pa.field("record", pa.string()),
            pa.field("ruleset", pa.string()),
            pa.field("bot", pa.string()),
            *(pa.field(n, getattr(pa, t)()) for n, t in _INTS.items()),
            pa.field("mask", pa.binary(metadata()["num_actions"])),
            pa.field("planes", pa.binary(shape[0] * shape[1])),
        ]
        by_name = {f.name: f for f in fields}
        self.schema = pa.schema(
            [by_name[n] for n in COLUMNS], metadata={"mahjongkit": json.dumps(metadata())}
        )
        self.partial = partial
        self._writer = pq.ParquetWriter(
            partial,
            self.schema,
            compression="zstd",
            use_dictionary=list(_TEXTS),
            write_statistics=[n for n in COLUMNS if n not in _BYTES],
        )

    def write(self, columns: dict[str, npt.NDArray[Any]]) -> None:
        pa = self._pa
        arrays = []
        for f in self.schema:
            values = columns[f.name]
            if f.name in _BYTES:
                data = pa.py_buffer(np.ascontiguousarray(values, dtype=np.int8).tobytes())
                arrays.append(
                    pa.FixedSizeBinaryArray.from_buffers(f.type, len(values), [None, data])
                )
            else:
                arrays.append(pa.array(values, type=f.type))
        self._writer.write_table(pa.Table.from_arrays(arrays, schema=self.schema))

    def finish(self, path: Path) -> None:
        self.flush()
        self._writer.close()
        os.replace(self.partial, path)

    def discard(self) -> None:
        with contextlib.suppress(Exception):
            self._writer.close()
        with contextlib.suppress(OSError):
            self.partial.unlink()


class NpzSink(_Chunked):
    """Rows into an ``.npz``: each column's values gathered in a file of its own in a
    temporary folder, the archive made from them at the end (memory: one chunk)."""

    def __init__(self, partial: Path, chunk_rows: int) -> None:
        super().__init__(chunk_rows)
        self.partial = partial
        self._folder = Path(tempfile.mkdtemp(prefix=".dataset-", dir=partial.parent))
        self._files = {n: (self._folder / n).open("wb") for n in COLUMNS}
        self._widths = dict.fromkeys(_TEXTS, 1)
        self.rows = 0

    def write(self, columns: dict[str, npt.NDArray[Any]]) -> None:
        for name, values in columns.items():
            out = self._files[name]
            if name in _TEXTS:
                texts = [str(v) for v in values]
                self._widths[name] = max(self._widths[name], *map(len, texts))
                out.write("".join(t + "\n" for t in texts).encode("utf-8"))
            else:
                out.write(np.ascontiguousarray(values).tobytes())
        self.rows += len(columns["action"])

    def finish(self, path: Path) -> None:
        self.flush()
        for f in self._files.values():
            f.close()
        shapes = {"mask": (metadata()["num_actions"],), "planes": tuple(metadata()["planes_shape"])}
        with zipfile.ZipFile(self.partial, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as z:
            for name in COLUMNS:
                if name in _TEXTS:
                    dtype = np.dtype(f"<U{self._widths[name]}")
                    self._member(z, name, dtype, (self.rows,), self._texts(name, dtype))
                else:
                    dtype = np.dtype(_INTS.get(name, "int8"))
                    shape = (self.rows, *shapes.get(name, ()))
                    self._member(z, name, dtype, shape, self._raw(name))
            info = json.dumps(metadata())
            text = np.dtype(f"<U{len(info)}")
            self._member(z, "metadata", text, (), [info.encode("utf-32-le")])
        shutil.rmtree(self._folder, ignore_errors=True)
        os.replace(self.partial, path)

    @staticmethod
    def _member(
        z: zipfile.ZipFile,
        name: str,
        dtype: np.dtype[Any],
        shape: tuple[int, ...],
        data: Iterable[bytes],
    ) -> None:
        with z.open(f"{name}.npy", "w", force_zip64=True) as out:
            header = {"descr": np.lib.format.dtype_to_descr(dtype), "fortran_order": False}
            np.lib.format.write_array_header_2_0(out, {**header, "shape": shape})
            for piece in data:
                out.write(piece)

    def _raw(self, name: str) -> Iterable[bytes]:
        with (self._folder / name).open("rb") as f:
            while piece := f.read(1 << 22):
                yield piece

    def _texts(self, name: str, dtype: np.dtype[Any]) -> Iterable[bytes]:
        with (self._folder / name).open("rb") as f:
            lines: list[str] = []
            for line in f:
                lines.append(line.decode("utf-8").rstrip("\n"))
                if len(lines) >= CHUNK_ROWS:
                    yield np.array(lines, dtype=dtype).tobytes()
                    lines = []
            if lines:
                yield np.array(lines, dtype=dtype).tobytes()

    def discard(self) -> None:
        for f in self._files.values():
            f.close()
        shutil.rmtree(self._folder, ignore_errors=True)
        with contextlib.suppress(OSError):
            self.partial.unlink()


def open_sink(path: Path, chunk_rows: int = CHUNK_ROWS) -> _Chunked:
    """The writer of a dataset at ``path``, by its suffix (`SUFFIXES`), writing under a
    temporary name beside it; `DatasetFileError` when it cannot."""
    suffix = path.suffix.lower()
    if suffix not in SUFFIXES:
        kinds = " or ".join(SUFFIXES)
        raise DatasetFileError(f"{path}: a dataset is a {kinds} file, not {suffix or 'none'!r}")
    if not path.parent.is_dir():
        raise DatasetFileError(f"cannot write {path}: folder {path.parent} does not exist")
    partial = path.with_name(f".{path.name}.partial")
    try:
        if suffix == ".parquet":
            return ParquetSink(partial, chunk_rows)
        return NpzSink(partial, chunk_rows)
    except OSError as err:
        raise DatasetFileError(f"cannot write {path}: {err.strerror or err}") from None


def make_dataset(
    path: Path,
    items: Iterable[Item],
    warn: Callable[[str], None] | None = None,
    chunk_rows: int = CHUNK_ROWS,
    rows: Callable[[Iterable[Item]], Iterable[RecordRows]] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Write the rows of ``items`` to ``path`` and say what went in (`Summary`); ``rows``
    and ``progress`` as `mahjongkit.env.dataset.build` takes them."""
    sink = open_sink(path, chunk_rows)
    try:
        summary = build(items, sink, warn, rows, progress)
        sink.finish(path)
    except BaseException:
        sink.discard()
        raise
    return summary


def read_dataset(path: Path) -> dict[str, npt.NDArray[Any]]:
    """A dataset file's columns as NumPy arrays (the whole file in memory): ``planes``
    shaped rows x 158 x 34, ``mask`` rows x 167, the texts as strings, and
    ``metadata`` (its JSON, a string)."""
    if path.suffix.lower() == ".npz":
        with np.load(path) as data:
            return {name: data[name] for name in data.files}
    import pyarrow.parquet as pq

    table = pq.read_table(path)
    info = json.loads(table.schema.metadata[b"mahjongkit"])
    out: dict[str, npt.NDArray[Any]] = {"metadata": np.array(json.dumps(info))}
    for name in COLUMNS:
        column = table.column(name).combine_chunks()
        if name in _BYTES:
            shape = (info["num_actions"],) if name == "mask" else tuple(info["planes_shape"])
            out[name] = _int8_rows(column, shape)
        elif name in _TEXTS:
            out[name] = np.array(column.to_pylist(), dtype=str)
        else:
            out[name] = column.to_numpy()
    return out


def _int8_rows(column: Any, shape: tuple[int, ...]) -> npt.NDArray[np.int8]:
    """A fixed-size binary column (one chunk) as rows of ``int8`` of ``shape``."""
    size = int(np.prod(shape))
    data = np.frombuffer(column.buffers()[1], dtype=np.int8)
    start = column.offset * size
    return data[start : start + len(column) * size].reshape(len(column), *shape)


__all__ = [
    "CHUNK_ROWS",
    "SUFFIXES",
    "DatasetFileError",
    "NpzSink",
    "ParquetSink",
    "make_dataset",
    "open_sink",
    "read_dataset",
]
