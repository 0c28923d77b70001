"""The `scorer` bot: plays for a hand that qualifies and scores, not just any complete hand.

How it plays: every hand it could keep (after each discard, claim or kong) is valued as
*reach* times *points*.

- Reach: ``Q ** shanten * u / (u + 8)``, ``u`` the unseen useful tiles (``Q`` = 0.4;
  0.25 under Taiwanese rules, where nearly every hand is won and speed counts more).
- Points come from plans, each a target pattern with its points and its distance in
  shanten steps. MCR plans: the six Mixed Straights (8), three Pure Straights (16),
  seven Mixed Triple Chows (8), the Mixed and Pure Shifted Chows (6 and 16), Half and
  Full Flush in each suit (6 and 24), All Pungs (6), Seven Pairs (24), and the special
  forms (knitted, orphans: 12 and more). The chow plans count the missing tiles of their
  three chows plus the shanten of the rest (a set and a pair); a plan with a missing
  tile all out (four seen) is dead. A flush counts the shanten of its suit (and
  honours) alone; All Pungs the shanten without chows. A meld that does not fit a plan
  kills it. Each plan is discounted by ``Q`` per step beyond the hand's shanten, and the
  best one counts. Under MCR its points give the chance of reaching 8 points,
  ``min(1, 0.15 + 0.1 * points)`` (a plan under 8 counts at 8/11 of its points: it
  needs a second fan); under Taiwanese (LRC) rules they multiply the value: a plain win
  20, Semi Pure +30, Pure Suit +90, All Pong +25.
- A ready hand is valued exactly: each live winning tile is scored by the scorer as a
  win on a discard (weight 0.65) and self-drawn (0.35); only wins that qualify count.
  Value: ``w / (w + 4)`` (``w`` the weighted qualifying tiles) times the points (MCR:
  ``1 + (average - 8) / 32``; Taiwanese: the average money, a self-drawn total counted
  three times since all three others pay it, a discard's once since the discarder
  alone pays, seed 004).

On its turn, under MCR, it discards the tile whose remaining hand is worth most (ties:
more unseen useful tiles, then honours before terminals before middle tiles). Under
Taiwanese rules speed decides (nearly every hand is won; steering for plans measured no
better than the efficient bot): while no discard makes the hand ready it keeps the
efficient bot's least shanten, and when that leaves it one or two steps from ready it
looks two draws ahead: among the discards with the most unseen useful tiles it picks the
one whose useful tiles lead to the most useful tiles after them (one step from ready:
to the most live winning tiles); when some discards make the hand ready, it keeps the
efficient bot's wait unless another is worth `RICHER_WAIT` times as much by the exact
value above (the sheet's items of every winning tile: concealed hand, self-draw, pungs
of dragons and winds, flushes, sequences, single waits...). It declares Ting with its
discard where the rules allow. Under MCR it claims a chow, pung or kong
only when the hand after the claim (and its best discard) is worth more than passing by
a tenth: a claim that kills the plan it is on is refused. Under Taiwanese rules it
claims as the efficient bot does, unless the claim costs a fifth of the hand's value
(keeping the hand concealed instead was measured much worse: 10.8% wins against 26.9%).
It always declares a win it is offered (the engine offers only wins that qualify), and
a concealed or promoted kong when it keeps the shanten.

It leaves nothing to chance and remembers nothing that decides its play.

>>> from mahjongkit.game.match_state import MatchState
>>> state = MatchState("mcr", seed=3)
>>> bot = ScorerBot()
>>> bot.act(state.observation(0), state.decision(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Final, NamedTuple

from mahjongkit.bots.chow_plans import CHOW_PLANS, chow_value
from mahjongkit.bots.efficient import DISCARD_ORDER, EfficientBot, best_discards
from mahjongkit.bots.hand_view import (
    HandView,
    after_discard,
    after_taking,
    claim_tiles,
    kept_shanten,
    live_useful,
    useful_after_discards,
)
from mahjongkit.bots.two_draws import Readings, lead_totals
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import PASS, TINGS, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.hand import CHOW, KONG, PUNG, Hand, Meld
from mahjongkit.rules.ruleset import Form, Ruleset, get_ruleset
from mahjongkit.scoring import Situation, score
from mahjongkit.shanten import (
    TABLES,
    GroupEntries,
    discard_shanten,
    group_entries,
    pungs_shanten,
    shanten,
    waits,
)
from mahjongkit.tiles import EAST, NUM_KINDS

Q: Final = 0.4
"""How much one more shanten step discounts a hand or a plan (MCR)."""
Q_TAIWANESE: Final = 0.25
"""The same for Taiwanese hands, where speed counts for more: nearly every hand is won."""
LOOK_AHEAD: Final = 6
"""Taiwanese: how many of the fastest discards are looked at two draws ahead."""
LOOK_DEPTH: Final = 2
"""Taiwanese: the look two draws ahead is made when the hand is this many steps from
ready, or fewer, after the discard."""
RICHER_WAIT: Final = 1.3
"""Taiwanese: how much more a wait must be worth than the efficient bot's to be chosen."""
CLAIM_MARGIN: Final = 1.1
"""How much more the hand after a claim must be worth than the hand kept by passing
(`ScorerBot.weighed_claim`)."""
WINS_KEPT: Final = 4096
"""How many scored wins a bot keeps (`ScorerBot._win_total`) before it starts again."""
PLANS_KEPT: Final = 4096
"""How many hands' best plans a bot keeps (`ScorerBot.best_plan`) before it starts again."""
TAIWANESE_WIN: Final = 20.0
"""What a Taiwanese win is worth before its plan's items: about the average LRC total."""
TAIWANESE_PLANS: Final = (TAIWANESE_WIN + 25.0, TAIWANESE_WIN + 30.0, TAIWANESE_WIN + 90.0)
"""What a Taiwanese win is worth with All Pong, Semi Pure and Pure Suit: the LRC sheet's 25,
30 and 90 on top (seed 004, catalogue lines 294-299)."""


_TAIWANESE_PLAN_NAMES: Final = dict(
    zip(TAIWANESE_PLANS, ("all_pungs", "half_flush", "full_flush"), strict=True)
)
"""The name of each Taiwanese plan (`PLAN_NAMES`) by its points."""

PLAN_NAMES: Final = (
    "none",
    "plain",
    "special_forms",
    "seven_pairs",
    "all_pungs",
    "half_flush",
    "full_flush",
    *sorted({name for name, _, _ in CHOW_PLANS}),
)
"""The names `ScorerBot.best_plan` gives the plans: MCR, no plan (``none``), the knitted
and orphans forms, Seven Pairs, All Pungs, Half and Full Flush, the chow plans; Taiwanese,
a plain win (``plain``), All Pong, Semi Pure and Pure Suit (``all_pungs``, ``half_flush``,
``full_flush``)."""
SUIT_TILES: Final = tuple(frozenset(range(9 * s, 9 * s + 9)) for s in range(3))
HONORS: Final = frozenset(range(27, NUM_KINDS))


_KONGS: Final = frozenset((ActionKind.CONCEALED_KONG, ActionKind.PROMOTED_KONG))
"""The kongs a player may declare on its turn."""
_SHARES: Final = (0.65, 0.35)
"""How often a win comes on a discard and by drawing (`ScorerBot._ready_value`)."""


ROUNDING: Final = 1e-9
"""How far short of the best a bound must fall to leave a discard out: a weight computed
on a bound may round past the same weight of the value it bounds."""


def useful_by_discard(
    es: GroupEntries,
    tiles: Sequence[int],
    after: Sequence[int],
    melds: int,
    unseen: Sequence[int],
    forms: frozenset[Form] | None,
) -> dict[int, int]:
    """The unseen useful tiles the hand (of group entries ``es``) keeps after each discard
    of ``tiles`` that leaves it short of complete (``after``: each discard's shanten), read
    for all of them at once, a shanten level at a time (`useful_after_discards`)."""
    known: dict[int, int] = {}
    for least in {after[t] for t in tiles if after[t] > 0}:
        level = [t for t in tiles if after[t] == least]
        useful_of = useful_after_discards(es, level, melds, unseen, forms, least)
        known.update(zip(level, useful_of, strict=True))
    return known


def best_plan_at(plans: Sequence[tuple[int, float]], floor: int) -> tuple[float, str]:
    """Taiwanese: the most a plan of ``plans`` (its distance in steps and its points, of
    `TAIWANESE_PLANS`) gives a hand ``floor`` steps from ready, each discounted by ``Q``
    per step beyond ``floor`` (see `ScorerBot.plan_distances`), and its name
    (`PLAN_NAMES`): a plain win's at least.

    >>> best_plan_at([(3, TAIWANESE_PLANS[2])], 3), best_plan_at([], 1)
    ((110.0, 'full_flush'), (20.0, 'plain'))
    """
    best, name = TAIWANESE_WIN, "plain"
    for d, points in plans:
        v = Q_TAIWANESE ** (max(d, floor) - floor) * points
        if v > best:
            best, name = v, _TAIWANESE_PLAN_NAMES[points]
    return best, name


def ceiling_at(plans: Sequence[tuple[int, float]], floor: int) -> float:
    """`best_plan_at`'s points: what bounds `ScorerBot.plan_points` of any hand a discard
    leaves ``floor`` steps from ready.

    >>> ceiling_at([(3, TAIWANESE_PLANS[1])], 2), ceiling_at([(3, TAIWANESE_PLANS[1])], 3)
    (20.0, 50.0)
    """
    return best_plan_at(plans, floor)[0]


def as_is(tile: int, value: float) -> float:
    """A discard's value as it is (the scorer's `ScorerBot.rising_weight`)."""
    return value


_RICHEST_CHOWS: Final = 16
"""The most points a chow plan is worth (Pure Straight, Pure Shifted Chows)."""


class _Table(NamedTuple):
    """What the scorer reads of a ruleset's rules to choose its way of play."""

    strict: bool
    """A win needs a minimum (MCR's 8, 000 l.98): plan for fans that qualify; else play
    for speed and value (Taiwanese, where nearly every hand may win)."""
    minimum: int
    sets: int
    """Sets a complete hand holds (4, or 5 for 16 tiles)."""
    payers: tuple[int, int]
    """How many players pay a win on a discard and on a self-draw, in units of its points:
    the discarder alone or all three (``table.win_payments == "total"``); MCR's base and
    points count once each way (the base is the same for every win)."""

    @classmethod
    def of(cls, rules: Ruleset) -> _Table:
        minimum = rules.scoring.minimum_points
        payers = (1, 3) if rules.table.win_payments == "total" else (1, 1)
        return cls(minimum > 0, minimum, rules.hand_size // 3, payers)


class _Wins:
    """A ready hand's winning tiles and, once asked, the total of each as a win on a
    discard and self-drawn (None: it does not qualify). What the seat has seen plays no
    part: a tile all out is skipped by the caller, never scored."""

    def __init__(
        self,
        obs: Observation,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        flowers: tuple[int, ...],
        forms: frozenset[Form] | None,
    ) -> None:
        self.counts = counts
        self.melds = tuple(melds)
        self.flowers = flowers
        self.ruleset = obs.ruleset
        try:
            self.tiles = waits(counts, len(melds), forms)
        except MahjongError:  # a question the tables cannot answer: no exact value
            self.tiles = []
        self.by_discard = Situation(
            seat_wind=EAST + obs.seat,
            prevalent_wind=obs.prevalent_wind,
            flowers=flowers,
            dealer=obs.seat == 0,
        )
        self.by_drawing = replace(self.by_discard, self_drawn=True)
        self._totals: dict[int, tuple[int | None, int | None]] = {}

    def totals(self, bot: ScorerBot, tile: int) -> tuple[int | None, int | None]:
        """The totals of the win on ``tile``, on a discard and self-drawn."""
        found = self._totals.get(tile)
        if found is None:
            full = list(self.counts)
            full[tile] += 1
            hand = Hand(tuple(full), self.melds, self.flowers, tile)
            found = self._totals[tile] = (
                bot._win_total(hand, self.by_discard, self.ruleset),
                bot._win_total(hand, self.by_drawing, self.ruleset),
            )
        return found


class ScorerBot(EfficientBot):
    """Steers toward hands that qualify and score (see the module docstring)."""

    name = "scorer"

    def __init__(self) -> None:
        super().__init__()
        self._tables: dict[str, _Table] = {}
        self._totals: dict[tuple[Hand, Situation, str], int | None] = {}
        self._plans: dict[tuple[object, ...], tuple[float, str]] = {}
        self._readings = Readings()
        self._ready: dict[tuple[object, ...], _Wins] = {}
        self._claimed: tuple[tuple[object, ...], tuple[int, float]] | None = None
        """The discard chosen for the hand a claim would make, and what that choice read
        (`choice_key`): the turn that follows the claim asks the same (`choose_discard`)."""

    # -- the value of a hand ------------------------------------------------------------
    def table(self, ruleset: str) -> _Table:
        """What the bot reads of a ruleset's rules (`_Table`)."""
        if ruleset not in self._tables:
            self._tables[ruleset] = _Table.of(get_ruleset(ruleset))
        return self._tables[ruleset]

    def value(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        known: int | None = None,
        useful: int | None = None,
    ) -> float:
        """What a waiting-size hand (``counts`` concealed, ``melds`` declared) is worth:
        roughly the chance to win with it times what the win would bring. ``known`` is
        its shanten and ``useful`` its unseen useful tiles when the caller has them.

        A hand that is not ready is worth less than its reach, ``Q ** shanten * u / (u +
        8)`` (``u`` its unseen useful tiles): `discard_values` leaves out the discards
        that cannot reach the best one's value by it."""
        ruleset = view.obs.ruleset
        forms = self.forms(ruleset)
        table = self.table(ruleset)
        m = len(melds)
        least = shanten(counts, m, forms) if known is None else known
        d_all = least
        if d_all == 0:
            exact = self._ready_value(view, counts, melds, table)
            if exact > 0:
                return exact
            d_all = 1  # ready, but no live tile makes a win that qualifies
        if useful is None:
            useful = live_useful(counts, m, view.unseen, forms, least)
        q = Q if table.strict else Q_TAIWANESE
        reach = q**d_all * useful / (useful + 8)
        plans = self.plan_points(view, counts, melds, d_all, table, least)
        if table.strict:
            return reach * min(1.0, 0.15 + 0.1 * plans)
        return reach * plans

    def plan_points(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        floor: int,
        table: _Table,
        known: int | None = None,
    ) -> float:
        """The best plan's points, discounted by ``Q`` for each step it lies beyond
        ``floor`` (the hand's shanten, or one step more for a ready hand that cannot
        qualify; ``known`` its shanten, if the caller has it)."""
        return self.best_plan(view, counts, melds, floor, table, known)[0]

    def best_plan(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        floor: int,
        table: _Table,
        known: int | None = None,
    ) -> tuple[float, str]:
        """`plan_points`, and the best plan's name (`PLAN_NAMES`; ``"none"`` under MCR
        when no plan beats a hand of no fan to speak of, ``"plain"`` under Taiwanese rules
        when none beats a plain win).

        Of the table the plans read only which tiles have no copy unseen (MCR: a chow
        plan missing one is dead), so they are kept by hand and those: a hand is valued
        again at each claim offered while it is held, and after a draw thrown away (up to
        `PLANS_KEPT` hands)."""
        out = tuple(map(bool, view.unseen)) if table.strict else ()
        key = (counts, tuple(melds), floor, view.obs.ruleset, out)
        found = self._plans.get(key)
        if found is None:
            if len(self._plans) >= PLANS_KEPT:
                self._plans.clear()
            found = self._plans[key] = self._read_plan(view, counts, melds, floor, table, known)
        return found

    def _read_plan(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        floor: int,
        table: _Table,
        known: int | None,
    ) -> tuple[float, str]:
        """`best_plan`, read from the hand."""
        if not table.strict:
            # The LRC sheet: a typical win totals about 20 with its small items; Semi Pure
            # 30, Pure Suit 90, All Pong 25 come on top (seed 004, catalogue lines 294-299).
            plans = self.plan_distances(counts, melds, group_entries(counts), table.sets)
            return best_plan_at(plans, floor)
        q = Q
        m = len(melds)
        sets = table.sets - m
        minimum = table.minimum
        unseen = view.unseen
        es = group_entries(counts)
        best, name = q ** (floor + 1) * 1.5, "none"
        if m == 0:
            least = shanten(counts, 0, self.forms(view.obs.ruleset)) if known is None else known
            regular = TABLES.shanten_of(TABLES.combine_all(*(e.cls for e in es)), sets)
            if least < regular and q ** (floor + 1) * 12.0 > best:
                best, name = q ** (floor + 1) * 12.0, "special_forms"
            pairs = sum(c // 2 for c in counts)
            v = q ** (max(6 - pairs, floor) + 1) * 24.0
            if v > best:
                best, name = v, "seven_pairs"
        flush_pts, half_pts, pung_pts = 24.0, 6.0 * 8 / 11, 6.0 * 8 / 11
        if all(x.kind is not CHOW for x in melds):
            d = max(pungs_shanten(counts, sets), floor)
            v = q ** (d + 1) * pung_pts
            if v > best:
                best, name = v, "all_pungs"
        # A flush counts only where it could beat the best plan: at best at ``floor``.
        at_floor = q ** (floor + 1)
        for s, suit in enumerate(SUIT_TILES):
            if not all(x.tile in suit or x.tile in HONORS for x in melds):
                continue
            if at_floor * half_pts > best:
                d = max(kept_shanten(es, s, True, sets), floor)
                v = q ** (d + 1) * half_pts
                if v > best:
                    best, name = v, "half_flush"
            if at_floor * flush_pts > best and all(x.tile in suit for x in melds):
                d = max(kept_shanten(es, s, False, sets), floor)
                v = q ** (d + 1) * flush_pts
                if v > best:
                    best, name = v, "full_flush"
        if at_floor * _RICHEST_CHOWS > best:
            v, chows = chow_value(counts, melds, sets, unseen, floor, minimum, Q)
            if v > best:
                best, name = v, chows
        return best / q ** (floor + 1), name

    def _ready_value(
        self, view: HandView, counts: tuple[int, ...], melds: Sequence[Meld], table: _Table
    ) -> float:
        """A ready hand: its live winning tiles that qualify, weighted by how often a win
        comes on a discard (0.65) or by drawing (0.35), and what they score."""
        payers = table.payers
        unseen = view.unseen
        weight = 0.0
        points = 0.0
        wins = self._wins(view.obs, counts, melds)
        for t in wins.tiles:
            n = unseen[t]
            if not n:
                continue
            for share, total, payer in zip(_SHARES, wins.totals(self, t), payers, strict=True):
                if total is not None:
                    weight += share * n
                    points += share * n * total * payer
        if not weight:
            return 0.0
        average = points / weight
        reach = weight / (weight + 4)
        if table.strict:
            return reach * (1 + (average - 8) / 32)
        return reach * average

    def _wins(self, obs: Observation, counts: tuple[int, ...], melds: Sequence[Meld]) -> _Wins:
        """The wins of a ready hand (`_Wins`), read once per hand, seat and flowers: a
        ready hand is valued again at every decision it is kept (up to `WINS_KEPT`)."""
        flowers = tuple(sorted(obs.flowers[obs.seat]))
        key = (counts, tuple(melds), flowers, obs.seat, obs.prevalent_wind, obs.ruleset)
        found = self._ready.get(key)
        if found is None:
            if len(self._ready) >= WINS_KEPT:
                self._ready.clear()
            found = self._ready[key] = _Wins(obs, counts, melds, flowers, self.forms(obs.ruleset))
        return found

    def _win_total(self, hand: Hand, situation: Situation, ruleset: str) -> int | None:
        """The total of a win that qualifies, None for one that does not or cannot be
        (kept: a ready hand is valued again turn after turn, up to `WINS_KEPT` wins)."""
        key = (hand, situation, ruleset)
        if key in self._totals:
            return self._totals[key]
        try:
            sc = score(hand, situation, ruleset)
            total = sc.total if sc.qualifies else None
        except MahjongError:  # a situation this hand cannot have: not counted
            total = None
        if len(self._totals) >= WINS_KEPT:
            self._totals.clear()
        self._totals[key] = total
        return total

    # -- decisions ------------------------------------------------------------------------
    def _fast_claim(self, view: HandView) -> Action:
        """Taiwanese claims: as the efficient bot (every claim that lowers shanten; nearly
        every hand is won, so speed pays), unless the claim costs a fifth of the hand's
        value (it breaks the plan the hand is on)."""
        action = EfficientBot.claim(self, view)
        if action is PASS:
            return action
        keep = self.value(view, view.counts, view.own_melds)
        if _after_claim_value(self, view, action) >= 0.8 * keep:
            return action
        return PASS

    def two_step(
        self,
        view: HandView,
        counts: tuple[int, ...],
        m: int,
        options: Sequence[tuple[int, int, int]],
    ) -> int:
        """Among the fastest discards (``options``, best first, all leaving the same
        shanten), the one whose useful tiles lead furthest: each useful tile weighted by
        its unseen copies times the unseen useful tiles of the best hand it makes (for a
        hand one step from ready: the live winning tiles of the wait it makes). Only the
        first `LOOK_AHEAD` discards with at least half the best one's useful tiles are
        looked at; the first of equals wins."""
        now, top = options[0][1], options[0][2]
        tiles = [tile for tile, _, useful in options[:LOOK_AHEAD] if useful * 2 >= top]
        forms = self.forms(view.obs.ruleset)
        totals = lead_totals(counts, m, tiles, view.unseen, forms, now, self._readings)
        best = (-1, options[0][0])
        for tile, total in zip(tiles, totals, strict=True):
            if total > best[0]:
                best = (total, tile)
        return best[1]

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        """A cost per tile of discarding it, given the best value a discard keeps (none
        here; the defender adds danger)."""
        return {}

    def rising_weight(self, view: HandView) -> Callable[[int, float], float] | None:
        """What `weigh` makes of one discard's value, as a function of the tile and the
        value that never falls as the value rises, so that a discard whose value cannot
        reach the best one's cannot be chosen; None where `weigh` is no such function.
        The scorer's gives the value back."""
        return as_is if type(self).weigh is ScorerBot.weigh else None

    def choice_key(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        allowed: frozenset[int] | None,
        beat: float,
        penalty: dict[int, float],
    ) -> tuple[object, ...] | None:
        """Taiwanese, weighing as the scorer: all that `choose_discard` reads to choose a
        discard of this hand (the hand, the discards allowed, none where every held kind
        is, the unseen tiles, the seat, its flowers and the prevalent wind, which its wins
        score by, and ``penalty`` of each held tile); None elsewhere. The hand a claim
        would make is chosen for when the claim is weighed (`_fast_claim`) and again at
        the turn that follows it: a same key gives back the same choice."""
        obs = view.obs
        if self.table(obs.ruleset).strict or self.rising_weight(view) is not as_is:
            return None
        held = [t for t in range(NUM_KINDS) if counts[t]]
        if allowed is not None and all(t in allowed for t in held):
            allowed = None
        return (
            counts,
            tuple(melds),
            allowed,
            beat,
            bool(penalty),
            tuple([penalty.get(t) for t in held]),
            view.unseen,
            obs.ruleset,
            obs.seat,
            obs.flowers[obs.seat],
            obs.prevalent_wind,
        )

    def discard_values(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        allowed: frozenset[int] | None,
        weight: Callable[[int, float], float] | None,
        beat: float = -1.0,
    ) -> list[tuple[float, int]]:
        """``(value, tile)`` of each discard (of ``allowed``). Given a ``weight`` (MCR,
        `rising_weight`: only the best discard and those tied with it count), a discard
        whose hand is not ready is left out once the weight of its reach (its value's
        upper bound, see `value`) falls short of the best weighed value so far (or of
        ``beat``), the closest hands first."""
        tiles = [t for t in range(NUM_KINDS) if counts[t] and (allowed is None or t in allowed)]
        forms = self.forms(view.obs.ruleset)
        m = len(melds)
        es = group_entries(counts)
        after = discard_shanten(counts, m, forms, es)
        if weight is None:
            # Every discard is valued: its shanten and unseen useful tiles are read for
            # all of them at once.
            known = useful_by_discard(es, tiles, after, m, view.unseen, forms)
            return [
                (self.value(view, after_discard(counts, t), melds, after[t], known.get(t)), t)
                for t in tiles
            ]
        raw: list[tuple[float, int]] = []
        reachable = beat  # what a discard must reach to count: the best less the ties
        for least in sorted({after[t] for t in tiles}):
            level = [t for t in tiles if after[t] == least]
            if least == 0:
                for t in level:
                    v = self.value(view, after_discard(counts, t), melds, 0)
                    raw.append((v, t))
                    reachable = max(reachable, weight(t, v) - 1e-12)
                continue
            further = (weight(t, Q**least) for t in tiles if after[t] >= least)
            if max(further) + ROUNDING <= reachable:
                break  # nor can any further from ready
            # The hands of this level by reach, the highest first, until one falls short.
            reaches = []
            useful_of = useful_after_discards(es, level, m, view.unseen, forms, least)
            for t, useful in zip(level, useful_of, strict=True):
                reach = weight(t, Q**least * useful / (useful + 8))
                reaches.append((reach, t, useful))
            reaches.sort(key=lambda r: -r[0])
            for reach, t, useful in reaches:
                if reach + ROUNDING < reachable:
                    break
                v = self.value(view, after_discard(counts, t), melds, least, useful)
                raw.append((v, t))
                reachable = max(reachable, weight(t, v) - 1e-12)
        return raw

    def guarded_values(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        allowed: frozenset[int] | None,
        penalty: dict[int, float],
        fastest: int,
        closest: Sequence[tuple[int, int, int]],
    ) -> list[tuple[float, int]]:
        """Taiwanese, with a `discard_penalty` that `weigh` takes off each value:
        ``(value, tile)`` of the discards (of ``allowed``) that `choose_discard` could
        pick, in tile order; ``closest``: their `best_discards`, those that leave the
        least shanten with their useful tiles. The ready ones and ``fastest`` are valued
        first; one further from ready is left out where its value's bound (its reach times
        `ceiling_at` of the hand's `plan_distances`) neither reaches the best value found,
        which `choose_discard` may hand to ``fastest``, nor, less its penalty, the best
        value less penalty found: it
        could neither raise the one nor beat or tie the other. Its useful tiles are read
        only where the bound with all of them useful would not leave it out, and the
        shanten of the discards beyond the least only where the highest such bound among
        them (one step beyond: the bound falls with each step) would not."""
        tiles = [t for t in range(NUM_KINDS) if counts[t] and (allowed is None or t in allowed)]
        forms = self.forms(view.obs.ruleset)
        table = self.table(view.obs.ruleset)
        m = len(melds)
        es = group_entries(counts)
        least = closest[0][1]
        after = [99] * NUM_KINDS  # the shanten each discard leaves, as far as read
        known = {}  # the useful tiles each discard leaves, as far as read
        for t, _, useful in closest:
            after[t] = least
            known[t] = useful
        raw: list[tuple[float, int]] = []
        best = kept = -1e300  # the best value found, and the best value less penalty
        ceilings: dict[int, float] = {}  # `ceiling_at` by the steps a discard leaves
        plans: list[tuple[int, float]] = []

        def cap(floor: int) -> float:
            """The bound of a discard leaving ``floor`` steps were all its tiles useful."""
            if floor not in ceilings:
                if not ceilings:
                    plans.extend(self.plan_distances(counts, melds, es, table.sets))
                ceilings[floor] = ceiling_at(plans, floor)
            return Q_TAIWANESE**floor * ceilings[floor]

        def found(t: int) -> None:
            nonlocal best, kept
            useful = known[t] if after[t] else None
            v = self.value(view, after_discard(counts, t), melds, after[t], useful)
            raw.append((v, t))
            best = max(best, v)
            kept = max(kept, v - penalty.get(t, 0.0))

        def left_out(t: int, bound: float) -> bool:
            return bound + ROUNDING <= best and bound - penalty.get(t, 0.0) + ROUNDING <= kept

        first = [t for t in tiles if after[t] == 0 or t == fastest]
        for t in first:
            found(t)
        further = [t for t in tiles if after[t] > least]
        if further and not all(left_out(t, cap(least + 1)) for t in further):
            shanten_of = discard_shanten(counts, m, forms, es)
            for t in further:
                after[t] = shanten_of[t]
        # A discard left out even were every tile it keeps useful (its bound with ``u /
        # (u + 8)`` at 1): its useful tiles are not read. The best values found only rise
        # from here on.
        rest = [
            t for t in tiles if after[t] < 99 and t not in first and not left_out(t, cap(after[t]))
        ]
        known.update(
            useful_by_discard(es, [t for t in rest if t not in known], after, m, view.unseen, forms)
        )
        bounds = []
        for t in rest:
            u = known[t]
            bound = Q_TAIWANESE ** after[t] * u / (u + 8) * ceilings[after[t]]
            bounds.append((bound - penalty.get(t, 0.0), bound, t))
        bounds.sort(key=lambda b: -b[0])
        for _, bound, t in bounds:
            if not left_out(t, bound):
                found(t)
        raw.sort(key=lambda r: r[1])
        return raw

    def plan_distances(
        self, counts: tuple[int, ...], melds: Sequence[Meld], es: GroupEntries, sets: int
    ) -> list[tuple[int, float]]:
        """Taiwanese: the distance in steps of each plan the melds leave open and its
        points (`TAIWANESE_PLANS`), read on this hand of a tile too many (``es`` its
        `group_entries`, ``sets`` those a complete hand holds): a discard never brings a
        plan closer, so `ceiling_at` of these bounds what `plan_points` gives any hand a
        discard leaves."""
        pung_pts, half_pts, flush_pts = TAIWANESE_PLANS
        sets -= len(melds)
        chows = honours = False
        suits = 0  # the suits of the melds, as bits
        for x in melds:
            chows = chows or x.kind is CHOW
            if x.tile < 27:
                suits |= 1 << x.tile // 9
            else:
                honours = True
        plans = []
        if not chows:
            plans.append((pungs_shanten(counts, sets), pung_pts))
        for s in range(3):
            if suits & ~(1 << s):  # a meld of another suit
                continue
            plans.append((kept_shanten(es, s, True, sets), half_pts))
            if not honours:
                plans.append((kept_shanten(es, s, False, sets), flush_pts))
        return plans

    def weigh(
        self, view: HandView, raw: Sequence[tuple[float, int]], penalty: dict[int, float]
    ) -> list[tuple[float, int]]:
        """The discards' values (``(value, tile)``) less their `discard_penalty`."""
        return [(v - penalty.get(t, 0.0), t) for v, t in raw]

    def choose_discard(
        self,
        view: HandView,
        counts: tuple[int, ...],
        melds: Sequence[Meld],
        allowed: frozenset[int] | None = None,
        beat: float = -1.0,
        *,
        valued: bool = True,
    ) -> tuple[int, float]:
        """The best discard of a hand holding one tile too many, and its value; MCR,
        when only a value above ``beat`` matters (a claim against passing): ``(-1,
        beat)`` if no discard's value can be above it. With ``valued`` False (a turn,
        which needs the tile alone) a value the choice did not need is not read: the
        Taiwanese efficient discard comes back with 0.0."""
        penalty = self.discard_penalty(view, 0.0)
        claimed = self._claimed
        if (
            claimed is not None
            and claimed[0][0] == counts
            and claimed[0] == self.choice_key(view, counts, melds, allowed, beat, penalty)
        ):
            return claimed[1]
        fastest = -1
        if not self.table(view.obs.ruleset).strict:
            forms = self.forms(view.obs.ruleset)
            options = best_discards(counts, len(melds), view.unseen, forms, allowed)
            if options[0][1] > 0:
                # Not ready after any discard: the least shanten, as the efficient bot
                # (measured: plans bought with speed lose under Taiwanese rules), looked at
                # two draws ahead when close (measured: +0.41 [-0.20, +1.03] per hand over
                # the efficient bot's choice on the same 800 walls), unless danger says else.
                fastest = options[0][0]
                if options[0][1] <= LOOK_DEPTH and len(options) > 1:
                    fastest = self.two_step(view, counts, len(melds), options)
                if not penalty.get(fastest):
                    if not valued:
                        return fastest, 0.0
                    _, least, useful = next(o for o in options if o[0] == fastest)
                    kept = after_discard(counts, fastest)
                    return fastest, self.value(view, kept, melds, least, useful)
            else:
                fastest = options[0][0]
                if not penalty:
                    allowed = frozenset(o[0] for o in options)
        strict = self.table(view.obs.ruleset).strict
        weight = self.rising_weight(view) if strict and not penalty else None
        if not strict and penalty and self.rising_weight(view) is as_is:
            raw = self.guarded_values(view, counts, melds, allowed, penalty, fastest, options)
        else:
            floor = beat if weight else -1.0
            raw = self.discard_values(view, counts, melds, allowed, weight, floor)
        if not raw:
            return -1, beat
        if fastest >= 0:
            # Taiwanese: the efficient bot's discard stands unless another is clearly worth
            # more (a ready hand's wait by RICHER_WAIT; a hand further off never: measured,
            # waits picked by value alone won less, -0.24 points per hand on 4,000 hands).
            best = max(v for v, _ in raw)
            mine = next(v for v, t in raw if t == fastest)
            if options[0][1] > 0 or best < RICHER_WAIT * mine:
                raw = [(best if t == fastest else v, t) for v, t in raw]
        scored = self.weigh(view, raw, penalty)
        top = max(v for v, _ in scored)
        tied = [t for v, t in scored if v >= top - 1e-12]
        if len(tied) > 1:
            forms = self.forms(view.obs.ruleset)
            tied.sort(
                key=lambda t: (
                    -live_useful(after_discard(counts, t), len(melds), view.unseen, forms),
                    DISCARD_ORDER[t],
                    t,
                )
            )
        return tied[0], top

    def turn(self, view: HandView) -> Action:
        """The discard (or kong) of the seat in turn."""
        forms = self.forms(view.obs.ruleset)
        counts, m = view.counts, view.melds
        discardable = frozenset(a.tile for a in view.legal if a.kind is ActionKind.DISCARD)
        tile, _ = self.choose_discard(view, counts, view.own_melds, discardable, valued=False)
        least = -1  # the shanten the discard leaves, read if a kong is offered
        for a in view.legal:
            if a.kind in _KONGS and least < 0:
                least = shanten(after_discard(counts, tile), m, forms)
            if a.kind is ActionKind.CONCEALED_KONG:
                if shanten(after_taking(counts, (a.tile,) * 4), m + 1, forms) <= least:
                    return a
            elif (
                a.kind is ActionKind.PROMOTED_KONG
                and shanten(after_discard(counts, a.tile), m, forms) <= least
            ):
                return a
        ting = TINGS[tile]
        return ting if ting in view.legal else Action(ActionKind.DISCARD, tile)

    def claim(self, view: HandView) -> Action:
        """The claim that makes the hand worth most, if it beats passing (`weighed_claim`);
        Taiwanese, `_fast_claim`."""
        if not self.table(view.obs.ruleset).strict:
            return self._fast_claim(view)
        return self.weighed_claim(view)

    def weighed_claim(self, view: HandView) -> Action:
        """The claim whose hand (after its best discard) is worth most, if that beats the
        hand kept by passing by `CLAIM_MARGIN`."""
        keep = self.value(view, view.counts, view.own_melds)
        best: tuple[float, Action] = (keep * CLAIM_MARGIN, PASS)
        # MCR: a claim matters only if it beats the best so far (`choose_discard`'s
        # ``beat``); Taiwanese: none, so that the turn after the claim asks the same.
        strict = self.table(view.obs.ruleset).strict
        for a in view.legal:
            if a.kind in (ActionKind.PUNG, ActionKind.CHOW, ActionKind.KONG):
                v = _after_claim_value(self, view, a, best[0] if strict else -1.0)
                if v > best[0]:
                    best = (v, a)
        return best[1]


def _after_claim_value(bot: ScorerBot, view: HandView, action: Action, beat: float = -1.0) -> float:
    """The value of the hand after claiming with ``action`` (and its best discard; MCR:
    ``beat`` as `ScorerBot.choose_discard` takes it). Where `ScorerBot.choice_key` reads
    the choice (Taiwanese), the discard is kept for the turn that follows the claim."""
    tile = view.obs.claim_tile
    after = after_taking(view.counts, claim_tiles(action, tile))
    source = (view.obs.seat - view.obs.claim_giver) % 4
    melds = (*view.own_melds, _meld_of(action, tile, source))
    if action.kind is ActionKind.KONG:
        return bot.value(view, after, melds)
    chosen = bot.choose_discard(view, after, melds, beat=beat)
    key = bot.choice_key(view, after, melds, None, beat, bot.discard_penalty(view, 0.0))
    if key is not None:
        bot._claimed = (key, chosen)
    return chosen[1]


def _meld_of(action: Action, tile: int, source: int) -> Meld:
    if action.kind is ActionKind.CHOW:
        return Meld(CHOW, action.tile, claimed=tile, source=1)
    kind = KONG if action.kind is ActionKind.KONG else PUNG
    return Meld(kind, tile, claimed=tile, source=source)


__all__ = [
    "CHOW_PLANS",
    "CLAIM_MARGIN",
    "PLAN_NAMES",
    "Q_TAIWANESE",
    "TAIWANESE_PLANS",
    "TAIWANESE_WIN",
    "Q",
    "ScorerBot",
    "best_plan_at",
    "ceiling_at",
    "useful_by_discard",
]
