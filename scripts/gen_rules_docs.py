"""Rewrite the generated catalogue tables in docs/ from the scoring catalogues.

Usage: python scripts/gen_rules_docs.py [--check]

With --check nothing is written; the exit code is 1 when a document is out of date.
The tables are listed in mahjongkit.scoring.docs.GENERATED_TABLES.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjongkit.scoring.docs import GENERATED_TABLES

ROOT = Path(__file__).resolve().parents[1]


def main(argv: list[str]) -> int:
    check = "--check" in argv
    stale = 0
    for table in GENERATED_TABLES:
        if check:
            if not table.is_current(ROOT):
                print(f"{table.document}: {table.section} is out of date")
                stale += 1
        elif table.update(ROOT):
            print(f"{table.document}: {table.section} rewritten")
        else:
            print(f"{table.document}: {table.section} already current")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
