"""The reasons of a reviewed decision, read from what the seat knew.

`Explainer` follows one seat through a recorded hand (every decision it took, as the
defender bot follows its own: the tiles known safe from each opponent) and, at a
reviewed decision, gives the reasons that can be said reliably
(`mahjongkit.review.reasons`):

- ``shanten``: two different discards, the shanten and unseen useful tiles each leaves
  (`mahjongkit.shanten.discards`);
- ``danger``: two different discards while an opponent looks ready, by the defender bot's
  own model (`mahjongkit.bots.defender`): who looks ready (MCR: the chance it holds a ready
  hand that qualifies, by its declared sets and the live wall, shown from the defender's
  alert on; Taiwanese: a called Ting) and the chance each tile deals in (MCR: the
  defender's measured chance; Taiwanese: its danger figure, in units of about one time in
  eight, turned into a chance by `TAIWANESE_UNIT`), tiles known safe counting 0;
- ``value``: two different discards whose best plans within reach (the scorer bot's
  `best_plan`: its name and points) differ by `VALUE_MARGIN`, unless it is the same plan
  and the two hands differ in shanten (then the speed tells them apart: ``shanten``);
- ``missed_win``: a win the seat could declare and did not;
- ``below_minimum``: a complete hand with the tile that scores under the minimum (MCR's
  8 points without flowers, 000 l.98), so the engine offers no win.
"""

from __future__ import annotations

from mahjongkit.bots.defender import ALERT, DefenderBot, danger, threats
from mahjongkit.bots.hand_view import HandView, after_discard
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.position import Position
from mahjongkit.review.reasons import (
    BelowMinimum,
    Danger,
    MissedWin,
    Reason,
    Shanten,
    Threat,
    Value,
)
from mahjongkit.shanten import discards, shanten
from mahjongkit.tiles import NAMES

DISCARDING = (ActionKind.DISCARD, ActionKind.TING)
TAIWANESE_UNIT = 1 / 8
"""The chance of dealing in that one unit of the defender's Taiwanese danger stands for
(a middle tile against a called hand: about one time in eight, `bots.defender`)."""
DANGER_MARGIN = 0.005
"""Two discards' chances of dealing in closer than this are not worth a reason."""
VALUE_MARGIN = (1.25, 2.0)
"""Two plans' points differ enough for a reason when the larger is at least 1.25 times
the smaller and 2 points more."""


class Explainer:
    """One seat's reasons through a hand: at each of its decisions in order (the
    reviewed ones too), `look` at it, then at a reviewed one ask for its `reasons`, then
    say what the seat did (`took`)."""

    def __init__(self) -> None:
        self._defender = DefenderBot()
        self._scorer = ScorerBot()

    def look(self, obs: Observation) -> None:
        """The seat is asked to decide, seeing ``obs``: the defender's memory of the
        table (the tiles safe from each opponent) reads what happened since its last
        turn, as the defender does before it decides."""
        self._defender.note(obs)

    def took(self, obs: Observation, action: Action) -> None:
        """The seat took ``action`` at the decision it saw as ``obs``."""
        self._defender.noted(obs, action)

    def reasons(
        self, position: Position, obs: Observation, chosen: Action, preferred: Action
    ) -> tuple[tuple[Reason, ...], int | None, dict[int, tuple[int, int]]]:
        """The reasons at a decision (``obs``: the seat's observation there, looked at),
        the hand's shanten before a discard (else None), and each discard's
        ``(shanten, useful)``."""
        out: list[Reason] = []
        before: int | None = None
        options: dict[int, tuple[int, int]] = {}
        both = chosen.kind in DISCARDING and preferred.kind in DISCARDING
        if both:
            before, options = discard_facts(position)
            a, b = options.get(chosen.tile), options.get(preferred.tile)
            if chosen.tile != preferred.tile and a and b:
                slower = (a[0], -a[1]) > (b[0], -b[1])
                out.append(Shanten(NAMES[chosen.tile], *a, NAMES[preferred.tile], *b, slower))
        if both and chosen.tile != preferred.tile:
            view = HandView(obs)
            reason = self.danger(view, chosen.tile, preferred.tile)
            if reason is not None:
                out.append(reason)
            value = self.value(view, chosen.tile, preferred.tile)
            if value is not None:
                out.append(value)
        win = position.win_score()
        if win is not None and win.qualifies and chosen.kind is not ActionKind.WIN:
            out.append(MissedWin(win.total))
        elif win is not None and win.is_win and not win.qualifies and win.minimum > 0:
            tile = position.claim_tile if position.claim_tile >= 0 else position.last_tile
            out.append(BelowMinimum(NAMES[tile], win.total_without_flowers, win.minimum))
        return tuple(out), before, options

    def chance(self, view: HandView, tile: int) -> float:
        """The chance that discarding ``tile`` deals in, by the defender's model."""
        bot = self._defender
        if not view.obs.ruleset.startswith("taiwanese"):
            return bot.deal_in(view, tile)[0]
        threat = threats(view)
        return TAIWANESE_UNIT * sum(
            threat[s] * danger(view, s, tile, bot.thrown(view.obs, s))
            for s in range(4)
            if threat[s] and not bot.is_safe(s, tile)
        )

    def danger(self, view: HandView, chosen: int, preferred: int) -> Danger | None:
        """A ``danger`` reason when an opponent looks ready and the two tiles' chances of
        dealing in differ by `DANGER_MARGIN`."""
        threat = threats(view)
        obs = view.obs
        ready = [
            Threat(s, threat[s], bool(obs.ting[s]))
            for s in range(4)
            if threat[s] >= ALERT or obs.ting[s]
        ]
        if not ready:
            return None
        a, b = self.chance(view, chosen), self.chance(view, preferred)
        if abs(a - b) < DANGER_MARGIN:
            return None
        return Danger(tuple(ready), NAMES[chosen], a, NAMES[preferred], b)

    def plan(self, view: HandView, tile: int, floor: int) -> tuple[float, str]:
        """The points and the name of the best plan within reach after discarding
        ``tile``, by the scorer (`ScorerBot.best_plan`): a plan ``floor`` steps from ready
        counts in full, each step further discounts it by the scorer's ``Q``."""
        bot = self._scorer
        kept = after_discard(view.counts, tile)
        least = self._shanten(view, tile)
        table = bot.table(view.obs.ruleset)
        return bot.best_plan(view, kept, view.own_melds, min(floor, least), table, least)

    def _shanten(self, view: HandView, tile: int) -> int:
        forms = self._scorer.forms(view.obs.ruleset)
        return shanten(after_discard(view.counts, tile), view.melds, forms)

    def value(self, view: HandView, chosen: int, preferred: int) -> Value | None:
        """A ``value`` reason when the two discards' best plans, counted from the same
        distance (the nearer of the two hands'), differ by `VALUE_MARGIN`, and either are
        different plans or the same plan at different distances from hands as near to
        ready (a difference of the hands' own speed is the ``shanten`` reason's)."""
        try:
            steps = (self._shanten(view, chosen), self._shanten(view, preferred))
            floor = min(steps)
            (a, plan_a), (b, plan_b) = (self.plan(view, t, floor) for t in (chosen, preferred))
        except MahjongError:  # a hand the shanten tables do not read
            return None
        low, high = sorted((a, b))
        ratio, points = VALUE_MARGIN
        if high < ratio * low or high - low < points:
            return None
        if plan_a == plan_b and steps[0] != steps[1]:
            return None
        return Value(NAMES[chosen], plan_a, round(a, 2), NAMES[preferred], plan_b, round(b, 2))


def discard_facts(position: Position) -> tuple[int | None, dict[int, tuple[int, int]]]:
    """The hand's shanten as it stands, and each discard's ``(shanten, useful tiles)``
    (None and nothing for a hand the shanten tables do not read)."""
    seat = position.seat
    counts = position.concealed
    melds = position.melds[seat]
    ruleset = position.ruleset
    elsewhere = list(position.visible)  # the seat's own exposed tiles are its hand's
    for meld in melds:
        for t in meld.tiles:
            elsewhere[t] = max(0, elsewhere[t] - 1)
    try:
        before = shanten(counts, tuple(melds), ruleset)
        options = discards(counts, melds, ruleset, elsewhere)
    except MahjongError:
        return None, {}
    if not options:
        return None, {}
    return before, {o.tile: (o.shanten, o.useful_count) for o in options}


__all__ = ["DANGER_MARGIN", "TAIWANESE_UNIT", "VALUE_MARGIN", "Explainer", "discard_facts"]
