"""Draws a run's fan frequencies and the points of its wins as one PNG (matplotlib).

matplotlib is an optional extra (``pip install mahjongkit[plot]``) and is imported only
when drawing; without it `draw` raises `PlotUnavailableError` saying how to get it.
"""

from __future__ import annotations

import importlib.util
import os
import tempfile
from pathlib import Path

from mahjongkit.errors import MahjongError
from mahjongkit.sim.stats import Stats

TOP_FANS = 30
"""How many of the most frequent fans the chart shows."""

NEEDS_MATPLOTLIB = "--plot needs matplotlib: pip install 'mahjongkit[plot]'"


class PlotUnavailableError(MahjongError):
    """matplotlib is not installed."""


def check(path: Path) -> None:
    """Refuse, before a run, a chart it could not draw: no matplotlib, or ``path`` not a file
    that can be written (its folder missing, say); `MahjongError` saying which."""
    if importlib.util.find_spec("matplotlib") is None:
        raise PlotUnavailableError(NEEDS_MATPLOTLIB)
    if path.is_dir():
        raise MahjongError(f"cannot draw the plot to {path}: it is a folder")
    if not path.parent.is_dir():
        raise MahjongError(f"cannot draw the plot to {path}: folder {path.parent} does not exist")
    try:
        fd, probe = tempfile.mkstemp(dir=path.parent, prefix=".mahjongkit-plot-")
    except OSError as err:
        raise MahjongError(f"cannot draw the plot to {path}: {err.strerror}") from None
    os.close(fd)
    os.unlink(probe)


def draw(stats: Stats, path: Path) -> None:
    """Write the chart of ``stats`` to ``path`` (PNG)."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise PlotUnavailableError(NEEDS_MATPLOTLIB) from None
    fans = stats.fans.most_common(TOP_FANS)
    fig, (left, right) = plt.subplots(1, 2, figsize=(14, 7))
    names = [n for n, _ in fans][::-1]
    share = [100 * c / max(stats.wins, 1) for _, c in fans][::-1]
    left.barh(names, share)
    left.set_xlabel("% of wins")
    left.set_title(f"{stats.ruleset}: fans in {stats.wins} wins")
    left.tick_params(axis="y", labelsize=8)
    if stats.win_totals:
        top = max(stats.win_totals)
        totals = sorted(stats.win_totals)
        right.hist(
            totals,
            bins=range(0, top + 2, max(1, top // 40)),
            weights=[stats.win_totals[t] for t in totals],
        )
    right.set_xlabel("points of the win")
    right.set_ylabel("wins")
    right.set_title(f"points of the wins ({stats.hands} hands)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


__all__ = ["NEEDS_MATPLOTLIB", "TOP_FANS", "PlotUnavailableError", "check", "draw"]
