"""Draws a run's fan frequencies and the points of its wins as one PNG (matplotlib).

matplotlib is an optional extra (``pip install mahjongkit[plot]``) and is imported only
when drawing; without it `draw` raises `PlotUnavailableError` saying how to get it.
"""

from __future__ import annotations

from pathlib import Path

from mahjongkit.errors import MahjongError
from mahjongkit.sim.stats import Stats

TOP_FANS = 30
"""How many of the most frequent fans the chart shows."""


class PlotUnavailableError(MahjongError):
    """matplotlib is not installed."""


def draw(stats: Stats, path: Path) -> None:
    """Write the chart of ``stats`` to ``path`` (PNG)."""
    try:
        import matplotlib  # type: ignore[import-not-found, unused-ignore]

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        raise PlotUnavailableError(
            "--plot needs matplotlib: pip install 'mahjongkit[plot]'"
        ) from None
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
        right.hist(stats.win_totals, bins=range(0, top + 2, max(1, top // 40)))
    right.set_xlabel("points of the win")
    right.set_ylabel("wins")
    right.set_title(f"points of the wins ({stats.hands} hands)")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


__all__ = ["TOP_FANS", "PlotUnavailableError", "draw"]
