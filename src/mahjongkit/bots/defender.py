"""The `defender` bot: the `scorer`, plus safety when another player looks close to winning.

How it plays: exactly as `scorer` until some opponent looks threatening, then every
discard pays a danger cost.

- Threat of an opponent (0..1): 1 once it has declared Ting. Under MCR (no Ting) 0.6
  with three or more declared sets, 0.35 with two, 0.15 with one, plus 0.2 when fewer
  than 20 live tiles are left, at most 1. Under Taiwanese rules only a called hand
  threatens: every bot declares Ting when ready (it is worth 5).
- Tiles known safe (danger 0): it remembers, from one of its turns to the next, what was
  discarded. A tile discarded after an opponent's Ting that the opponent did not win on
  is safe from it for the rest of the hand (a called hand never changes). After a clean
  round (each seat discarded once, nobody claimed or declared a kong) a tile discarded
  after an opponent's turn is safe from it until its next turn: it passed on it with the
  hand it still holds (Taiwanese: the missed-tile rule, seed 004 line 452; MCR has no
  such rule, but the same hand would not have qualified on it either).
- Danger of any other tile (0..1). MCR: 0.1 if the opponent discarded it itself; an
  honour nobody else can hold (all its other copies seen) 0, with one copy unseen 0.2,
  otherwise 0.5; suited tiles 0.5 for a 1 or 9, 0.7 for a 2 or 8, 1 for the middle
  ranks; against an opponent whose declared sets are all of one suit (and honours) that
  suit's danger is raised by half, the other suits' lowered to a third. Taiwanese
  (against a called hand; about the tile's chance to win for it, 1 for a middle tile,
  measured on the waits of called hands in scorer self-play, where honours and tiles
  the called player had thrown itself almost never won): 0.04 if it discarded it, 0.05
  for an honour; suited tiles 0.5 (1, 9), 0.75 (2, 8), 0.9 (3, 7), 0.95 (4, 6), 1.1
  (5), times 0.3 / 0.7 / 1 / 1.1 with none / one / two / three or four copies unseen;
  a tile three away from one it discarded (suji) at 0.6 of that in the middle ranks,
  0.35 at the edges.
- A discard costs ``sum(threat * danger)`` times `DEAL_IN_COST` (MCR, in the scorer's
  hand values) or `TAIWANESE_DEAL_IN` (in points): a hand far from ready folds to a safe
  tile, a ready hand that can win for points pushes on. Under Taiwanese rules the
  scorer's discard stands when it is known safe; otherwise every discard is weighed.
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

import random
from collections.abc import Iterable

from mahjongkit.bots.hand_view import HandView
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.game.actions import PASS, Action
from mahjongkit.game.observation import Observation
from mahjongkit.shanten import shanten
from mahjongkit.tiles import NUM_KINDS

_RANK_DANGER = (0.5, 0.7, 1.0, 1.0, 1.0, 1.0, 1.0, 0.7, 0.5)
"""MCR: the danger of a suited tile by rank (1 for the middle ranks)."""
DEAL_IN_COST = 0.02
"""MCR: what feeding a threatening opponent's win costs, in the scorer's hand values (a
qualifying ready hand is worth about 0.5). Dealing in costs only the fans over the 8
everyone pays, so the cost is small: measured on the same 400 hands, 0.1 and 0.05 lost
points against the scorer (-1.04, -0.35 per hand), 0.02 gained the most (+0.66)."""
TAIWANESE_DEAL_IN = 2.0
"""Taiwanese: the same cost, in points (the scorer's Taiwanese values carry points), per
unit of danger (a middle tile: it wins for a called hand about one time in eight; the
discarder alone pays the winner's total, about 26 points, and the winner might have drawn
it anyway). Measured with the calibrated dangers on the same 500 walls: 2.0 beat 1.3 by
+0.62 [+0.13, +1.11] per hand; on 300 walls 3.0 and 4.5 did worse than 2.0."""
THREATENED = 0.6
"""A threat at which a hand two or more steps from ready stops claiming."""
LATE = 20
"""MCR: live tiles left under which everyone counts as likely ready (about a quarter of
the live wall after the deal)."""
_CALLED_RANK = (0.5, 0.75, 0.9, 0.95, 1.1, 0.95, 0.9, 0.75, 0.5)
"""Taiwanese: how often a suited tile not yet out wins for a called hand, by rank, in
units of about one time in eight (measured on the waits of called hands in 150 hands of
scorer self-play: 1s and 9s 0.02-0.13, middle ranks 0.11-0.15)."""
_CALLED_UNSEEN = (0.3, 0.7, 1.0, 1.1, 1.1)
"""The same, by the copies still unseen (the fewer left, the fewer shapes wait on it)."""


def threats(view: HandView) -> list[float]:
    """Each seat's threat (0 for the bot's own seat): about the chance it is ready."""
    obs = view.obs
    out = []
    for seat in range(4):
        if seat == obs.seat:
            out.append(0.0)
            continue
        if obs.ting[seat]:
            out.append(1.0)
            continue
        if obs.ruleset.startswith("taiwanese"):
            # A ready hand declares Ting (the call is worth 5 on the sheet, and every
            # bot declares it): a hand that has not called is not ready.
            out.append(0.0)
            continue
        # MCR: declared sets and a short wall. Measured shares of ready hands in scorer
        # self-play (by sets and by wall) put in their place: -0.32 [-0.84, +0.20] per
        # hand on 8,000 hands against +0.07 [-0.48, +0.62] for these weights.
        sets = len(obs.melds[seat]) + obs.hidden_kongs[seat]
        t = 0.6 if sets >= 3 else 0.35 if sets == 2 else 0.15 if sets == 1 else 0.0
        if obs.wall_live < LATE:
            t += 0.2
        out.append(min(1.0, t))
    return out


def danger(view: HandView, seat: int, tile: int) -> float:
    """How likely ``tile`` is to win for ``seat``, roughly (see the module docstring)."""
    obs = view.obs
    own = obs.discards[seat]
    thrown = any(t == tile for t, _ in own)
    if obs.ruleset.startswith("taiwanese"):
        if thrown:
            return 0.04
        if tile >= 27:
            return 0.05
        rank = tile % 9
        base = _CALLED_RANK[rank] * _CALLED_UNSEEN[view.unseen[tile]]
        # Suji: a called hand that threw the tile three away seldom waits on it by a
        # two-sided wait (measured 0.6 of the rate in the middle, less at the edges).
        if (rank >= 3 and any(t == tile - 3 for t, _ in own)) or (
            rank <= 5 and any(t == tile + 3 for t, _ in own)
        ):
            base *= 0.6 if 3 <= rank <= 5 else 0.35
        return base
    if thrown:
        return 0.1
    if tile >= 27:
        left = view.unseen[tile]
        return 0.0 if left == 0 else 0.2 if left == 1 else 0.5
    base = _RANK_DANGER[tile % 9]
    suits = {m.tile // 9 for m in obs.melds[seat] if m.tile < 27}
    if obs.melds[seat] and len(suits) == 1:
        base *= 1.5 if tile // 9 in suits else 1 / 3
    return min(base, 1.0)


class _Table:
    """What the defender remembers of the table at its last turn."""

    __slots__ = ("lens", "sets", "ting", "wall")

    def __init__(self, obs: Observation) -> None:
        self.lens = tuple(len(d) for d in obs.discards)
        self.sets = tuple(len(obs.melds[s]) + obs.hidden_kongs[s] for s in range(4))
        self.ting = obs.ting
        self.wall = obs.wall_live


def _bits(tiles: Iterable[int]) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


class DefenderBot(ScorerBot):
    """`ScorerBot` that prices the danger of its discards when an opponent threatens."""

    name = "defender"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self._last: _Table | None = None
        self._safe = [0, 0, 0, 0]
        """Per seat, tiles it cannot win on for the rest of the hand (bit ``t``)."""
        self._recent = [0, 0, 0, 0]
        """Per seat, tiles it passed on since its last turn (bit ``t``)."""

    def act(self, observation: Observation) -> Action:
        """As the scorer; at its own turn it first reads what happened since the last."""
        if observation.phase == "turn":
            self.remember(observation)
        return super().act(observation)

    def remember(self, obs: Observation) -> None:
        """Update the safe tiles from the discards made since the bot's last turn.

        A player who declared Ting keeps its hand: a tile discarded after its Ting that it
        did not win on is no winning tile of it for the rest of the hand. A player whose
        hand has not changed since a tile was discarded and who did not win on it cannot
        win on it until its next turn (Taiwanese: the missed-tile rule, seed 004 line 452;
        MCR: the same hand would not qualify on it either)."""
        now = _Table(obs)
        last = self._last
        self._last = now
        me = obs.seat
        self._recent = [0, 0, 0, 0]
        if last is None or now.wall > last.wall or sum(now.lens) < sum(last.lens):
            self._safe = [0, 0, 0, 0]  # a new hand
            return
        fresh = [obs.discards[s][last.lens[s] :] for s in range(4)]
        every = _bits(t for d in fresh for t, _ in d)
        for x in range(4):
            if x != me and last.ting[x]:
                self._safe[x] |= every
        # A clean round (each seat discarded once, nobody claimed or declared a kong):
        # the discards came in turn order, me first.
        if any(now.lens[s] - last.lens[s] != 1 for s in range(4)) or now.sets != last.sets:
            return
        order = [(me + k) % 4 for k in range(4)]
        for i in range(1, 4):
            x = order[i]
            later = _bits(fresh[order[j]][0][0] for j in range(i + 1, 4))
            self._recent[x] = later
            if now.ting[x] and not last.ting[x]:
                self._safe[x] |= later

    def is_safe(self, seat: int, tile: int) -> bool:
        """True when ``seat`` cannot win on ``tile`` now (see `remember`)."""
        return bool((self._safe[seat] | self._recent[seat]) >> tile & 1)

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        """The danger cost of each held tile (empty when nobody threatens)."""
        threat = threats(view)
        if not any(threat):
            return {}
        family, _ = self.family(view.obs.ruleset)
        unit = DEAL_IN_COST if family == "mcr" else TAIWANESE_DEAL_IN
        out = {}
        for t in range(NUM_KINDS):
            if view.counts[t]:
                d = sum(
                    threat[s] * danger(view, s, t)
                    for s in range(4)
                    if threat[s] and not self.is_safe(s, t)
                )
                out[t] = unit * d
        return out

    def claim(self, view: HandView) -> Action:
        """As the scorer, but no claim while threatened and far from ready."""
        if max(threats(view)) >= THREATENED:
            forms = self.forms(view.obs.ruleset)
            if shanten(view.counts, view.melds, forms) >= 2:
                return PASS
        return super().claim(view)


__all__ = ["DefenderBot", "danger", "threats"]
