"""Which way of claiming plays better under Taiwanese rules? The defender against itself
with another way of claiming.

Under Ting rules the `defender` weighs every claim by the hand it leaves after its best
discard, that discard's danger counted (`ScorerBot.weighed_claim`). The other ways, as
bots of their own:

- ``quick``: the defender as it claimed before: the `scorer`'s quick claim (the efficient
  bot's, unless it costs a fifth of the hand's value), and no claim while a called hand
  threatens and its hand is two or more steps from ready;
- ``scorer-weighed``: the `scorer` with the defender's weighed claims (against the
  `scorer`).

Each plays one seat with three bots of the way it is measured against, every wall four
times with the seats rotated (`bench_strength.measure`): the figure is its points a hand
minus the others', with a 95% interval over walls, and its gain against a control table.

Run: ``python scripts/claim_ways.py [walls] [seed] [ruleset] [--way quick|scorer-weighed]``
(default 3000, 2035, taiwanese-lrc, quick).
"""

from __future__ import annotations

import sys
from pathlib import Path

from mahjongkit.bots import BOTS
from mahjongkit.bots.defender import THREATENED, DefenderBot, threats
from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.game.actions import PASS, Action
from mahjongkit.shanten import shanten

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
from bench_strength import measure


class QuickClaims(DefenderBot):
    """The defender claiming as it did before its claims were weighed."""

    name = "quick"

    def claim(self, view: HandView) -> Action:
        forms = self.forms(view.obs.ruleset)
        if max(threats(view)) >= THREATENED and shanten(view.counts, view.melds, forms) >= 2:
            return PASS
        return ScorerBot.claim(self, view)


class WeighedScorer(ScorerBot):
    """The scorer claiming as the defender does under Ting rules."""

    name = "scorer-weighed"

    def claim(self, view: HandView) -> Action:
        return self.weighed_claim(view)


WAYS = {
    "quick": (QuickClaims, "defender", "quick"),
    "scorer-weighed": (WeighedScorer, "scorer-weighed", "scorer"),
}
"""Each way: its bot, and which bot plays one seat against three of which."""


def main() -> None:
    args = sys.argv[1:]
    way = "quick"
    if "--way" in args:
        at = args.index("--way")
        way = args[at + 1]
        del args[at : at + 2]
    if way not in WAYS:
        sys.exit(f"--way must be one of {', '.join(WAYS)}, not {way!r}")
    walls = int(args[0]) if args else 3000
    seed = int(args[1]) if len(args) > 1 else 2035
    ruleset = args[2] if len(args) > 2 else "taiwanese-lrc"
    bot, upper, lower = WAYS[way]
    BOTS[bot.name] = bot  # the pool's workers are forked: they see it too
    r = measure(ruleset, upper, lower, walls, 2, None, seed)
    mean, low, high = r["diff"]  # type: ignore[misc]
    own, own_low, own_high = r["paired"]  # type: ignore[misc]
    print(
        f"{ruleset} {upper} vs 3 {lower}, {r['hands']} hands (seed {seed}): "
        f"{mean:+.2f} [{low:+.2f}, {high:+.2f}] a hand; own gain {own:+.2f} "
        f"[{own_low:+.2f}, {own_high:+.2f}]; {r['seconds']:.0f} s"
    )


if __name__ == "__main__":
    main()
