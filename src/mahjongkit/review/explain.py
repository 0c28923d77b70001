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
- ``value``: two different discards, or a claim against passing or another claim, whose
  best plans within reach (the scorer bot's `best_plan`: its name and points; after a
  chow or pung, with its best discard) differ by `VALUE_MARGIN`, unless it is the same
  plan and the two hands differ in shanten (then the speed tells them apart);
- ``missed_win``: a win the seat could declare and did not;
- ``below_minimum``: a complete hand with the tile that scores under the minimum (MCR's
  8 points without flowers, 000 l.98), so the engine offers no win.
"""

from __future__ import annotations

from mahjongkit.bots.defender import ALERT, DefenderBot, danger, plays_ting, threats
from mahjongkit.bots.hand_view import HandView, after_discard, after_taking, claim_tiles
from mahjongkit.bots.scorer import ScorerBot
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.position import Position
from mahjongkit.hand import CHOW, KONG, PUNG, Meld
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
from mahjongkit.tiles import NAMES, NUM_KINDS

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
        if chosen != preferred and not (both and chosen.tile == preferred.tile):
            value = self.value(HandView(obs), chosen, preferred)
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
        if not plays_ting(view.obs.ruleset):
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

    def options(
        self, view: HandView, action: Action
    ) -> list[tuple[tuple[int, ...], tuple[Meld, ...]]]:
        """The waiting-size hands ``action`` may keep (concealed counts, declared sets): a
        discard's one; passing on a claim, the hand as it is; a chow or pung, the hand
        after it and each discard; a kong, the hand after it."""
        counts, melds = view.counts, view.own_melds
        k = action.kind
        if k in DISCARDING:
            return [(after_discard(counts, action.tile), melds)]
        if k is ActionKind.PASS:
            return [(counts, melds)]
        tile = view.obs.claim_tile
        after = after_taking(counts, claim_tiles(action, tile))
        if k is ActionKind.CHOW:
            meld = Meld(CHOW, action.tile, claimed=tile, source=1)
        else:
            source = (view.obs.seat - view.obs.claim_giver) % 4
            meld = Meld(KONG if k is ActionKind.KONG else PUNG, tile, claimed=tile, source=source)
        grown = (*melds, meld)
        if k is ActionKind.KONG:
            return [(after, grown)]
        return [(after_discard(after, t), grown) for t in range(NUM_KINDS) if after[t]]

    def value(self, view: HandView, chosen: Action, preferred: Action) -> Value | None:
        """A ``value`` reason when the best plans within reach after the two actions (the
        scorer's `ScorerBot.best_plan`; after a claim, with its best discard), counted
        from the same distance (the nearer of the two hands'), differ by `VALUE_MARGIN`,
        and either are different plans or the same plan at different distances from hands
        as near to ready (a difference of the hands' own speed is the ``shanten``
        reason's). Discards, claims and passing on a claim; None for other actions."""
        kinds = (*DISCARDING, ActionKind.PASS, ActionKind.CHOW, ActionKind.PUNG, ActionKind.KONG)
        if chosen.kind not in kinds or preferred.kind not in kinds:
            return None
        bot = self._scorer
        ruleset = view.obs.ruleset
        forms = bot.forms(ruleset)
        table = bot.table(ruleset)
        try:
            hands = [
                [
                    (kept, melds, shanten(kept, len(melds), forms))
                    for kept, melds in self.options(view, a)
                ]
                for a in (chosen, preferred)
            ]
            steps = [min(s for _, _, s in options) for options in hands]
            floor = min(steps)
            (a, plan_a), (b, plan_b) = (
                max(
                    (
                        bot.best_plan(view, kept, melds, min(floor, least), table, least)
                        for kept, melds, least in options
                    ),
                    key=lambda plan: plan[0],
                )
                for options in hands
            )
        except MahjongError:  # a hand the shanten tables do not read
            return None
        low, high = sorted((a, b))
        ratio, points = VALUE_MARGIN
        if high < ratio * low or high - low < points:
            return None
        if plan_a == plan_b and steps[0] != steps[1]:
            return None
        return Value(_said(chosen), plan_a, round(a, 2), _said(preferred), plan_b, round(b, 2))


def _said(action: Action) -> str:
    """An action as a reason names it: a discard by its tile, else as the action reads."""
    return NAMES[action.tile] if action.kind in DISCARDING else str(action)


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
