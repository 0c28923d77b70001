"""The `defender` bot: the `scorer`, plus safety when another player looks close to winning.

How it plays: exactly as `scorer` until some opponent looks threatening, then every
discard pays a danger cost.

- Threat of an opponent (0..1): 1 once it has declared Ting; 0.6 with three or more
  declared sets, 0.35 with two, 0.15 with one; plus 0.2 when fewer than a quarter of the
  live tiles are left (anyone may be ready by then), at most 1.
- Danger of a tile to that opponent (0..1): 0.1 if the opponent discarded it itself (it
  rarely waits on a tile it threw away); an honour nobody else can hold (all its other
  copies seen) is safe (0), with one copy unseen 0.2, otherwise 0.5; suited tiles 0.5 for
  a 1 or 9, 0.7 for a 2 or 8, 1 for the middle ranks. An opponent whose declared sets
  are all of one suit (and honours) is a flush threat: that suit's danger is raised by
  half, the other suits' lowered to a third.
- A discard costs ``DEAL_IN_COST * sum(threat * danger)`` in the scorer's hand values
  (times ten under Taiwanese rules, whose values carry the points): a hand two or more
  steps from ready (worth little) folds to the safest tile, a ready hand that can win for
  points pushes on.
- While threatened (a threat of 0.6 or more) and two or more steps from ready, it
  claims nothing: a claim spends safe tiles.

>>> import random
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(3))
>>> bot = DefenderBot(random.Random(0))
>>> bot.act(state.observation(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.game.actions import PASS, Action
from mahjongkit.shanten import shanten
from mahjongkit.tiles import NUM_KINDS

_RANK_DANGER = (0.5, 0.7, 1.0, 1.0, 1.0, 1.0, 1.0, 0.7, 0.5)
DEAL_IN_COST = 0.05
"""What feeding a threatening opponent's win costs, in the scorer's hand values: a tile
wins for a ready opponent about one time in ten and pays about half of what winning
brings (a ready hand that qualifies is worth about 0.5, one step from ready about 0.1)."""
LATE = 20
"""Live tiles left under which everyone counts as likely ready (about a quarter of the
live wall after the deal)."""
TAIWANESE_SCALE = 10.0
"""Taiwanese hand values carry their points (base plus items): the cost scales with them."""


def threats(view: HandView) -> list[float]:
    """Each seat's threat (0 for the bot's own seat)."""
    obs = view.obs
    late = obs.wall_live < LATE
    out = []
    for seat in range(4):
        if seat == obs.seat:
            out.append(0.0)
            continue
        if obs.ting[seat]:
            out.append(1.0)
            continue
        sets = len(obs.melds[seat]) + obs.hidden_kongs[seat]
        t = 0.6 if sets >= 3 else 0.35 if sets == 2 else 0.15 if sets == 1 else 0.0
        if late:
            t += 0.2
        out.append(min(1.0, t))
    return out


def danger(view: HandView, seat: int, tile: int) -> float:
    """How likely ``tile`` is to win for ``seat``, roughly (see the module docstring)."""
    obs = view.obs
    if any(t == tile for t, _ in obs.discards[seat]):
        return 0.1
    if tile >= 27:
        left = view.unseen[tile]
        return 0.0 if left == 0 else 0.2 if left == 1 else 0.5
    base = _RANK_DANGER[tile % 9]
    suits = {m.tile // 9 for m in obs.melds[seat] if m.tile < 27}
    if obs.melds[seat] and len(suits) == 1:
        base *= 1.5 if tile // 9 in suits else 1 / 3
    return min(base, 1.0)


class DefenderBot(ScorerBot):
    """`ScorerBot` that prices the danger of its discards when an opponent threatens."""

    name = "defender"

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        """The danger cost of each held tile (empty when nobody threatens)."""
        threat = threats(view)
        if not any(threat):
            return {}
        family, _ = self.family(view.obs.ruleset)
        unit = DEAL_IN_COST if family == "mcr" else DEAL_IN_COST * TAIWANESE_SCALE
        out = {}
        for t in range(NUM_KINDS):
            if view.counts[t]:
                d = sum(threat[s] * danger(view, s, t) for s in range(4) if threat[s])
                out[t] = unit * d
        return out

    def claim(self, view: HandView) -> Action:
        """As the scorer, but no claim while threatened and far from ready."""
        if max(threats(view)) >= 0.6:
            forms = self.forms(view.obs.ruleset)
            if shanten(view.counts, view.melds, forms) >= 2:
                return PASS
        return super().claim(view)


__all__ = ["DefenderBot", "danger", "threats"]
