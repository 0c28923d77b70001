"""docs/env.md describes the planes the encoding builds: each range of its table names
the planes at those indexes."""

from __future__ import annotations

import re
from pathlib import Path

from mahjongkit.env import NUM_PLANES, PLANES
from mahjongkit.env.encoding import RELATIVE

DOC = Path(__file__).parents[2] / "docs" / "env.md"


def test_the_documented_planes_are_the_encodings() -> None:
    whole = DOC.read_text(encoding="utf-8")
    text = whole[whole.index("## The observation") : whole.index("## Correctness")]
    assert f"array of {NUM_PLANES} planes" in text
    rows = re.findall(r"^\| (\d+)(?:-(\d+))? \| ([^|]+) \|", text, re.MULTILINE)
    covered: list[int] = []
    for first, last, cell in rows:
        span = range(int(first), int(last or first) + 1)
        covered += span
        got = [PLANES[i] for i in span]
        names = re.findall(r"`([^`]+)`", cell)
        name = names[0]
        if len(names) > 1:
            assert got == names
        elif name.endswith(": ..."):  # a seat's block: every plane of it names that seat
            assert name[:-5] in RELATIVE and all(g.startswith(name[:-3]) for g in got)
        elif "1..4" in name:
            assert got == [name.replace("1..4", str(k)) for k in range(1, 5)]
        else:
            assert got[0] == name
    assert covered == list(range(NUM_PLANES))
    seat_planes = [p.removeprefix("self: ") for p in PLANES if p.startswith("self: ")]
    for plane in seat_planes:
        documented = re.sub(r"(>= )\d", r"\g<1>1..4", plane)
        documented = re.sub(r"among last \d", "among last 1", documented)
        assert f"`{documented}" in text, plane
