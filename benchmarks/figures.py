"""The figures of one benchmark run, for `benchmarks/report.py`.

Every ``bench_*.py`` script takes ``--json``: its printed output stays as it is, and one
last line holds its figures as a JSON object, which the report reads::

    {"benchmark": "bench_shanten", "rows": [{"measure": "shanten, random 13-tile hands",
     "unit": "hands/s", "ours": 310000.0, "peer": "PyMahjongGB MahjongShanten",
     "theirs": 105000.0, "ratio": 2.9}, ...]}

``ours`` and ``theirs`` are absolute figures in ``unit``; ``ratio`` (where there is a
peer and the unit is a rate) is ours over the peer's: how many times faster ours is.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

FLAG = "--json"


class Figures:
    """Rows of figures gathered while a benchmark runs, printed at its end on request.

    >>> f = Figures("bench_x", ["bench_x.py", "200", "--json"])
    >>> f.wanted
    True
    >>> f.add("random hands", "hands/s", 1200.0, peer="RLCard", theirs=40.0)
    >>> f.rows[0]["ratio"]
    30.0
    """

    def __init__(self, benchmark: str, argv: list[str]) -> None:
        self.benchmark = benchmark
        self.wanted = FLAG in argv
        while FLAG in argv:
            argv.remove(FLAG)
        self.rows: list[dict[str, Any]] = []

    @classmethod
    def from_argv(cls, script: str) -> Figures:
        """The figures of the script ``script`` (its ``__file__``), ``--json`` taken out of
        ``sys.argv`` so the script reads its own arguments as before."""
        return cls(Path(script).stem, sys.argv)

    def add(
        self,
        measure: str,
        unit: str,
        ours: float,
        peer: str | None = None,
        theirs: float | None = None,
        ratio: float | None = None,
    ) -> None:
        """One row: ``ours`` in ``unit``; beside a peer its figure ``theirs`` and, for a
        rate, the ratio (ours over theirs unless the script measured it otherwise, e.g.
        the median of paired passes). Times (``ms``) get no ratio: their peer is a floor."""
        if ratio is None and theirs and unit.endswith("/s"):
            ratio = ours / theirs
        self.rows.append(
            {
                "measure": measure,
                "unit": unit,
                "ours": ours,
                "peer": peer,
                "theirs": theirs,
                "ratio": ratio,
            }
        )

    def emit(self) -> None:
        """Print the JSON line, if ``--json`` was given."""
        if self.wanted:
            print(json.dumps({"benchmark": self.benchmark, "rows": self.rows}), flush=True)
