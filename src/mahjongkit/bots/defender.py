"""The `defender` bot: the `scorer`, plus safety when another player looks close to winning.

How it plays: exactly as `scorer` until some opponent looks threatening, then every
discard is weighed by what it risks.

- Threat of an opponent (0..1), about the chance it holds a ready hand: 1 once it has
  declared Ting. Under Taiwanese rules only a called hand threatens: every bot declares
  Ting when ready (it is worth 5). Under MCR (no Ting) the chance that it holds a ready
  hand that qualifies, as measured in scorer self-play by its declared sets and the live
  wall (`READY_CHANCE`: from 0.001 with no set early to 0.3-0.4 with three sets, 1 with
  four). Below `ALERT` for every opponent the defender plays exactly as the scorer.
- Tiles known safe: it remembers, from one of its turns to the next, what was
  discarded. A tile discarded after an opponent's Ting that the opponent did not win on
  is safe from it for the rest of the hand (a called hand never changes). After a clean
  round (each seat discarded once, nobody claimed or declared a kong) a tile discarded
  after an opponent's turn is safe from it until its next turn: it passed on it with the
  hand it still holds (Taiwanese: the missed-tile rule, seed 004 line 452; MCR has no
  such rule, but the same hand would not have qualified on it either). An opponent that
  makes no meld and throws only the tiles it draws (the table shows a tile thrown as
  drawn: `Observation.drawn_discards`) keeps its hand, so every tile discarded meanwhile,
  its own included, stays safe from it until it changes its hand: it would have won on
  it, or self-drawn it.
- MCR, the chance a tile wins for a ready opponent (`wait_chance`, measured on the
  qualifying waits of scorer self-play): 0.045 for a 1 or 9, 0.05 for a 2 or 8, about
  0.09 for the middle ranks, times 0.45 / 0.65 / 1 / 1.2 with none / one / two / three
  copies unseen; 0.012 for an honour; a tenth of that for a tile the opponent discarded
  itself; against declared sets all of one suit, 1.35 times for that suit and a tenth
  for honours. The hand each discard keeps is then counted in points: `HAND_WORTH`, what
  hands of that scorer value were worth at that point of the wall in self-play, ``w``;
  the discard is worth ``w * (1 - p) - cost``, ``p`` its chance to deal in (summed over
  the opponents) and ``cost`` the 8 and the winner's fans it would then pay (measured
  19.8 against a concealed hand, 14.3 otherwise), each weighted by its chance. Late in
  a hand a hand that is not ready is worth little whatever its value, so it folds to a
  safe tile; a ready hand is worth much, so it pushes on.
- Taiwanese, the danger of a tile against a called hand (about its chance to win for it,
  1 for a middle tile, measured on the waits of called hands in scorer self-play, where
  honours and tiles the called player had thrown itself almost never won): 0.04 if it
  discarded it, 0.05 for an honour; suited tiles 0.5 (1, 9), 0.75 (2, 8), 0.9 (3, 7),
  0.95 (4, 6), 1.1 (5), times 0.3 / 0.7 / 1 / 1.1 with none / one / two / three or four
  copies unseen; a tile three away from one it discarded (suji) at 0.6 of that in the
  middle ranks, 0.35 at the edges. A discard costs ``sum(threat * danger)`` times
  `TAIWANESE_DEAL_IN` points; the scorer's discard stands when it is known safe.
- MCR: while threatened (a threat of `THREATENED` or more) and two or more steps from
  ready, it claims nothing: a claim spends safe tiles. Under Ting rules it weighs every
  claim, threatened or not, by the hand it leaves after its best discard, that
  discard's danger counted (`ScorerBot.weighed_claim`: the claim's hand worth a tenth
  more than the hand kept), where the scorer claims as the efficient bot does: measured
  against that way on fresh walls, see docs/bots.md.
- At a table whose discards lie in the centre (`Observation.pond`, seed 003 line 45) it
  knows what a player there knows: the tiles discarded since its last turn (the pond's
  growth and the tiles claimed into new melds), and who threw a tile only where it saw
  it as the last discard, or threw it itself, or can place it as the one tile of a clean
  round left once the others are placed. "A tile the opponent discarded itself" means
  one it saw that opponent throw; a clean round counts only the tiles whose thrower it
  knows; no tile is shown as thrown from the draw, so the kept-hand reading is off.

What it remembers (the safe tiles, who threw what, its own last discard) is this hand's
and this player's, and is kept from one of its decisions to the next; a bot that did not
take the earlier decisions of the hand (made anew after a restart, in another process)
first rebuilds it from them (`Decision.history`), so it plays on exactly as the bot
that took them would have.

>>> from mahjongkit.game.match_state import MatchState
>>> state = MatchState("mcr", seed=3)
>>> bot = DefenderBot()
>>> bot.act(state.observation(0), state.decision(0)) in state.legal_actions(0)
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from itertools import compress
from operator import sub
from typing import Final

from mahjongkit.bots.hand_view import HandView, discards_made
from mahjongkit.bots.scorer import ScorerBot, as_is
from mahjongkit.game.actions import PASS, Action, ActionKind
from mahjongkit.game.observation import Observation
from mahjongkit.game.players import Decision
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.shanten import shanten
from mahjongkit.tiles import NUM_KINDS

_DISCARD, _TING = ActionKind.DISCARD, ActionKind.TING
"""The actions that throw a tile."""

_Floats = tuple[float, ...]
"""A row of measured chances or points. The tables below spell out their types: the
compiled build (setup.py) loses a final tuple of floats whose type is left to inference."""

READY_CHANCE: Final[tuple[_Floats, ...]] = (
    (0.33, 0.23, 0.10, 0.016, 0.001),
    (0.31, 0.22, 0.13, 0.038, 0.006),
    (0.29, 0.26, 0.19, 0.085, 0.03),
    (0.33, 0.43, 0.30, 0.31, 0.3),
    (1.0, 1.0, 1.0, 1.0, 1.0),
)
"""MCR: the chance an opponent holds a ready hand that qualifies, by its declared sets
(0..4) and the live wall (under 20, 20-39, 40-59, 60-79, 80 and more tiles): the shares
measured at 33,000 discard decisions of 600 hands of scorer self-play."""
WAIT_CHANCE: Final[_Floats] = (0.045, 0.052, 0.088, 0.09, 0.085, 0.09, 0.088, 0.052, 0.045)
"""MCR: the chance a suited tile of each rank wins for such a ready hand (measured there:
1s and 9s 0.045, 2s and 8s 0.05, middle ranks 0.085-0.09), two copies unseen."""
HONOUR_WAIT: Final = 0.012
"""MCR: the same for an honour (measured 0.010-0.019, whatever the copies unseen)."""
UNSEEN_FACTOR: Final[_Floats] = (0.45, 0.65, 1.0, 1.2, 1.2)
"""MCR: a suited tile's chance by the copies the bot has not seen (measured 0.034, 0.050,
0.075, 0.095 for none to three)."""
THROWN_FACTOR: Final = 0.1
"""MCR: a tile the opponent discarded itself (measured 0.0065 against 0.069): MCR has no
rule against winning on it, but a hand that let it go seldom waits on it."""
ONE_SUIT_IN: Final = 1.35
"""MCR: against declared sets all of one suit, that suit's chance (measured 0.075 against
0.054 for other hands with sets)..."""
ONE_SUIT_HONOUR: Final = 0.1
"""...and an honour's (measured 0.0007)."""
WORTH_VALUES: Final[_Floats] = (0.05, 0.15, 0.25, 0.375, 0.525, 0.7)
"""MCR: the scorer's hand values at which `HAND_WORTH` was measured (the middles of the
value ranges under 0.1, 0.1-0.2, 0.2-0.3, 0.3-0.45, 0.45-0.6, 0.6 and more)."""
HAND_WORTH: Final[tuple[_Floats, ...]] = (
    (-6.0, -5.0, -4.5, 5.0, 6.0, 19.4),
    (-10.1, -6.8, -5.2, 2.3, 12.5, 20.0),
    (-7.9, -6.7, -2.1, 2.8, 20.8, 28.1),
    (-4.3, -1.6, 5.5, 11.9, 25.4, 32.1),
    (-1.5, 4.2, 16.1, 17.0, 30.0, 40.0),
)
"""MCR: what a hand is worth in points, by the live wall (under 20, 20-39, 40-59, 60-79,
80 and more) and the scorer's value of the bot's discard: the hand's final money, averaged
over 45,000 decisions of 800 hands of scorer self-play, smoothed to rise with the value
(the last row and the highest values of the two before it were seen rarely). Late in a
hand, a hand that is not ready is worth about as little whatever its value, and a ready
one a lot: so the first folds and the second pushes on."""
FANS_PAID: Final[_Floats] = (19.8, 14.3)
"""MCR: the winner's fans a deal-in pays on top of the 8 everyone pays (measured 19.8
against a concealed hand, 14.3 against one with declared sets)."""
TAIWANESE_DEAL_IN = 2.0
"""Taiwanese: the same cost, in points (the scorer's Taiwanese values carry points), per
unit of danger (a middle tile: it wins for a called hand about one time in eight; the
discarder alone pays the winner's total, about 26 points, and the winner might have drawn
it anyway). Measured with the calibrated dangers on the same 500 walls: 2.0 beat 1.3 by
+0.62 [+0.13, +1.11] per hand; on 300 walls 3.0 and 4.5 did worse than 2.0."""
THREATENED = 0.3
"""A threat at which a hand two or more steps from ready stops claiming."""
ALERT = 0.2
"""MCR: the threat under which the defender plays as the scorer. Weighing every discard
from the first turn changed 38% of hands and measured -0.23 [-0.91, +0.44] per hand
against the scorer (1,000 walls paired with four scorers, an earlier weighing in hand
values); from this threat on, 9% of hands and +0.18 [-0.12, +0.49], which 4,000 walls
put at -0.07 [-0.28, +0.13] (duplicate, seats rotated)."""
_CALLED_RANK = (0.5, 0.75, 0.9, 0.95, 1.1, 0.95, 0.9, 0.75, 0.5)
"""Taiwanese: how often a suited tile not yet out wins for a called hand, by rank, in
units of about one time in eight (measured on the waits of called hands in 150 hands of
scorer self-play: 1s and 9s 0.02-0.13, middle ranks 0.11-0.15)."""
_CALLED_UNSEEN = (0.3, 0.7, 1.0, 1.1, 1.1)
"""The same, by the copies still unseen (the fewer left, the fewer shapes wait on it)."""


def ready_chance(view: HandView, seat: int) -> float:
    """MCR: the chance ``seat`` holds a ready hand that qualifies (`READY_CHANCE`)."""
    obs = view.obs
    sets = min(len(obs.melds[seat]) + obs.hidden_kongs[seat], 4)
    return READY_CHANCE[sets][min(obs.wall_live // 20, 4)]


def thrown_row(obs: Observation, seat: int) -> int:
    """The tiles in ``seat``'s row of discards, as bits (none at a centre table)."""
    return _bits(t for t, _ in obs.discards[seat])


def wait_chance(view: HandView, seat: int, tile: int, thrown: int | None = None) -> float:
    """MCR: the chance ``tile`` wins for ``seat`` if that hand is ready and qualifies.
    ``thrown``: the tiles ``seat`` is known to have discarded, as bits (its row).

    >>> import random
    >>> from mahjongkit.game.state import HandState
    >>> state = HandState.new("mcr", random.Random(3))
    >>> view = HandView(state.observation(0))
    >>> round(wait_chance(view, 1, 27), 3), wait_chance(view, 1, 4) > wait_chance(view, 1, 0)
    (0.012, True)
    """
    obs = view.obs
    suited = tile < 27
    chance = WAIT_CHANCE[tile % 9] * UNSEEN_FACTOR[view.unseen[tile]] if suited else HONOUR_WAIT
    if (thrown_row(obs, seat) if thrown is None else thrown) >> tile & 1:
        chance *= THROWN_FACTOR
    melds = obs.melds[seat]
    if melds:
        suits = {m.tile // 9 for m in melds if m.tile < 27}
        if len(suits) == 1:  # all one suit (and honours): a flush in the making
            chance *= ONE_SUIT_HONOUR if tile >= 27 else ONE_SUIT_IN if tile // 9 in suits else 1
    return chance


def plays_ting(ruleset: str) -> bool:
    """Whether the ruleset plays Ting (a ready hand called aloud, as under Taiwanese
    rules): there the defender fears only the called hands and prices a tile by their
    discards; where it is not played (MCR) it guesses who is ready from the melds and
    the wall.

    >>> plays_ting("taiwanese-lrc"), plays_ting("botzone")
    (True, False)
    """
    return get_ruleset(ruleset).play.ting_in_play


def threats(view: HandView) -> list[float]:
    """Each seat's threat (0 for the bot's own seat): about the chance it is ready."""
    obs = view.obs
    ting_rules = plays_ting(obs.ruleset)
    out = []
    for seat in range(4):
        if seat == obs.seat:
            out.append(0.0)
        elif obs.ting[seat]:
            out.append(1.0)
        elif ting_rules:
            # A ready hand declares Ting (the call is worth 5 on the sheet, and every
            # bot declares it): a hand that has not called is not ready.
            out.append(0.0)
        else:
            out.append(ready_chance(view, seat))
    return out


def danger(view: HandView, seat: int, tile: int, thrown: int | None = None) -> float:
    """Taiwanese: how likely ``tile`` is to win for the called ``seat``, in units of about
    one time in eight (see the module docstring). ``thrown``: the tiles ``seat`` is known
    to have discarded, as bits (its row)."""
    own = thrown_row(view.obs, seat) if thrown is None else thrown
    if own >> tile & 1:
        return 0.04
    if tile >= 27:
        return 0.05
    rank = tile % 9
    base = _CALLED_RANK[rank] * _CALLED_UNSEEN[view.unseen[tile]]
    # Suji: a called hand that threw the tile three away seldom waits on it by a
    # two-sided wait (measured 0.6 of the rate in the middle, less at the edges).
    if (rank >= 3 and own >> (tile - 3) & 1) or (rank <= 5 and own >> (tile + 3) & 1):
        base *= 0.6 if 3 <= rank <= 5 else 0.35
    return base


def hand_worth(row: Sequence[float], value: float) -> float:
    """MCR: the points a hand of this scorer ``value`` is worth, on a row of `HAND_WORTH`
    (straight lines between the measured values, and beyond them).

    >>> hand_worth(HAND_WORTH[1], 0.15), hand_worth(HAND_WORTH[1], 0.2)
    (-6.8, -6.0)
    """
    return _on_line(WORTH_VALUES, row, value)


def value_of_worth(row: Sequence[float], worth: float) -> float:
    """The inverse of `hand_worth` on the same row: the value worth ``worth`` points.

    >>> round(value_of_worth(HAND_WORTH[1], hand_worth(HAND_WORTH[1], 0.33)), 9)
    0.33
    """
    return _on_line(row, WORTH_VALUES, worth)


def _on_line(xs: Sequence[float], ys: Sequence[float], x: float) -> float:
    """``y`` at ``x`` on the broken line through the points ``(xs[i], ys[i])`` (``xs``
    rising), its end pieces drawn on beyond the ends."""
    i = 1
    while i < len(xs) - 1 and x > xs[i]:
        i += 1
    x0, x1, y0, y1 = xs[i - 1], xs[i], ys[i - 1], ys[i]
    return y0 + (y1 - y0) * (x - x0) / (x1 - x0)


class _Table:
    """What the defender remembers of the table at its last turn."""

    __slots__ = ("hidden", "lens", "made", "melds", "pond", "ting", "wall")

    def __init__(self, obs: Observation) -> None:
        self.lens = tuple(map(len, obs.discards))
        self.made = discards_made(obs)
        self.pond = obs.pond
        self.melds = obs.melds
        self.hidden = obs.hidden_kongs
        self.ting = obs.ting
        self.wall = obs.wall_live


def _kept_hand(obs: Observation, last: _Table, seat: int) -> bool:
    """True when ``seat`` holds the hand it held at ``last``: no meld since, and every
    discard since was the tile it had just drawn (False where that is not shown: at a
    centre table)."""
    drawn = obs.drawn_discards[seat]
    return (
        not obs.centre
        and obs.melds[seat] == last.melds[seat]
        and obs.hidden_kongs[seat] == last.hidden[seat]
        and len(drawn) == len(obs.discards[seat])
        and all(drawn[last.lens[seat] :])
    )


_NOBODY: Final[tuple[bool, ...]] = (False, False, False, False)
"""No seat, seat by seat (`_kept_hand` at a centre table)."""


def _bits(tiles: Iterable[int]) -> int:
    out = 0
    for t in tiles:
        out |= 1 << t
    return out


class DefenderBot(ScorerBot):
    """`ScorerBot` that prices the danger of its discards when an opponent threatens."""

    name = "defender"

    def __init__(self) -> None:
        super().__init__()
        self._hand: tuple[int, int, int] | None = None
        """Whose memory this is: the match's seed, the hand's number and the player..."""
        self._number = -1
        """...as far as the decision of this number in the hand."""
        self._dealt: tuple[HandView | None, dict[int, tuple[float, float]]] = (None, {})
        """The decision's view, and `deal_in` of the tiles asked at it (`_dealt_in`)."""
        self._ting: dict[str, bool] = {}
        """`plays_ting` by ruleset (`ting_rules`)."""
        self.forget()

    def forget(self) -> None:
        """Start a hand's memory afresh."""
        self._last: _Table | None = None
        self._safe = [0, 0, 0, 0]
        """Per seat, tiles it cannot win on for the rest of the hand (bit ``t``)."""
        self._passed = [0, 0, 0, 0]
        """Per seat, tiles it passed on with the hand it still holds (bit ``t``)."""
        self._thrown = [0, 0, 0, 0]
        """Centre table: per seat, tiles the bot saw it throw this hand (bit ``t``)..."""
        self._round: dict[int, int] = {}
        """...and, by seat, the tile it saw thrown since the bot's last turn..."""
        self._mine = -1
        """...and the bot's own discard at its last turn."""

    def act(self, observation: Observation, decision: Decision) -> Action:
        """As the scorer; it first reads what happened since its last decision."""
        self.recall(decision)
        self.note(observation)
        action = super().act(observation, decision)
        self.noted(observation, action)
        return action

    def recall(self, decision: Decision) -> None:
        """Make the memory this hand's up to ``decision``: kept from the bot's own
        earlier decisions of the hand, or else rebuilt from the player's
        (`Decision.history`), each read again as `act` read it."""
        whose = (decision.seed, decision.hand, decision.player)
        if whose != self._hand or decision.number <= self._number:
            self.forget()
            self._hand = whose
            for observation, action in decision.history():
                self.note(observation)
                self.noted(observation, action)
        self._number = decision.number

    def note(self, observation: Observation) -> None:
        """What a decision's observation tells the memory, before the bot decides: the
        last discard at a centre table (`hear`), the discards since its last turn on
        its turn (`remember`)."""
        if observation.centre:
            self.hear(observation)
        if observation.phase == "turn":
            self.remember(observation)

    def noted(self, observation: Observation, action: Action) -> None:
        """What the bot's own answer tells the memory: at a centre table, its discard."""
        if observation.centre and action.kind in (_DISCARD, _TING):
            self._mine = action.tile

    def hear(self, obs: Observation) -> None:
        """Centre table: note the last discard and its thrower, as the table saw it thrown
        (seed 003 lines 43, 45)."""
        thrower = obs.last_discarder
        if thrower >= 0 and thrower != obs.seat:
            self._thrown[thrower] |= 1 << obs.last_discard
            self._round[thrower] = obs.last_discard

    def thrown(self, obs: Observation, seat: int) -> int:
        """The tiles ``seat`` is known to have discarded this hand, as bits: its row, or
        at a centre table those the bot saw it throw (or placed: see `remember`)."""
        return self._thrown[seat] if obs.centre else thrown_row(obs, seat)

    def remember(self, obs: Observation) -> None:
        """Update the safe tiles from the discards made since the bot's last turn.

        A player who declared Ting keeps its hand: a tile discarded after its Ting that it
        did not win on is no winning tile of it for the rest of the hand. A player who
        passed on a tile, or drew it and threw it, cannot win on it while its hand stays
        as it was (Taiwanese: the missed-tile rule, seed 004 line 452, until its next turn;
        MCR has no such rule, but the same hand would not qualify on it either). Its hand
        stays as it was while it makes no meld and throws only the tiles it draws
        (`Observation.drawn_discards`), so those tiles pile up from turn to turn. Once it
        changes its hand, only the tiles discarded after that count, when the round shows
        their order (each seat discarded once, nobody claimed or declared a kong).

        At a centre table the round's tiles come from the pond and the claims
        (`centre_round`), and a clean round counts only the tiles whose thrower is known."""
        now = _Table(obs)
        last = self._last
        self._last = now
        me = obs.seat
        if last is None:  # the bot's first turn of the hand
            self._safe = [0, 0, 0, 0]
            self._passed = [0, 0, 0, 0]
            self._round = {}
            return
        same = now.melds == last.melds and now.hidden == last.hidden
        if obs.centre:
            clean = same and now.made - last.made == 4
            every, first = self.centre_round(obs, last, clean)
            kept = _NOBODY  # no tile is shown thrown from the draw
        else:
            fresh = [obs.discards[s][last.lens[s] :] for s in range(4)]
            every = _bits(t for d in fresh for t, _ in d)
            clean = same and all(now.lens[s] - last.lens[s] == 1 for s in range(4))
            first = [d[0][0] if d else -1 for d in fresh]
            kept = tuple(_kept_hand(obs, last, s) for s in range(4))
        later = 0  # in a clean round (the bot's discard first), the tiles thrown after x's
        for k in (3, 2, 1):
            x = (me + k) % 4
            if last.ting[x]:
                self._safe[x] |= every
            if kept[x]:
                self._passed[x] |= every
            else:
                self._passed[x] = later
                if now.ting[x] and not last.ting[x]:
                    self._safe[x] |= later
            if clean and first[x] >= 0:
                later |= 1 << first[x]

    def centre_round(self, obs: Observation, last: _Table, clean: bool) -> tuple[int, list[int]]:
        """Centre table: the tiles discarded since the bot's last turn, as bits (the
        pond's growth and the claimed tile of each new meld), and in a clean round the
        tile each seat threw, -1 where its thrower is not known. Known: the bot's own,
        those it saw thrown, and the one left over when only one seat's is missing."""
        self._round, seen = {}, self._round
        grown = list(map(sub, obs.pond, last.pond))  # never below none: a pond only grows
        every = _bits(compress(range(NUM_KINDS), grown))
        for ms, before in zip(obs.melds, last.melds, strict=True):
            if len(ms) > len(before):
                every |= _bits(m.claimed for m in ms[len(before) :] if m.claimed is not None)
        first = [-1, -1, -1, -1]
        if not clean:
            return every, first
        first[obs.seat] = self._mine
        for seat, tile in seen.items():
            first[seat] = tile
        missing = [s for s in range(4) if first[s] < 0]
        if len(missing) == 1:
            for t in first:
                if t >= 0:
                    grown[t] -= 1
            if min(grown) == 0 and sum(grown) == 1:
                tile = grown.index(1)
                first[missing[0]] = tile
                self._thrown[missing[0]] |= 1 << tile
        return every, first

    def safe_tiles(self, seat: int) -> int:
        """The tiles ``seat`` cannot win on now, as bits (see `remember`)."""
        return self._safe[seat] | self._passed[seat]

    def is_safe(self, seat: int, tile: int) -> bool:
        """True when ``seat`` cannot win on ``tile`` now (see `remember`)."""
        return bool(self.safe_tiles(seat) >> tile & 1)

    def ting_rules(self, ruleset: str) -> bool:
        """`plays_ting` of the ruleset, read once."""
        if ruleset not in self._ting:
            self._ting[ruleset] = plays_ting(ruleset)
        return self._ting[ruleset]

    def discard_penalty(self, view: HandView, top: float) -> dict[int, float]:
        """Taiwanese: the danger cost of each held tile, in points (empty when nobody
        has called). MCR weighs its discards in `weigh` instead."""
        obs = view.obs
        if not any(obs.ting) or not self.ting_rules(obs.ruleset):
            return {}
        # Under Ting rules the threats (`threats`) are 1 for each other seat that called.
        called = [s for s in range(4) if obs.ting[s] and s != obs.seat]
        if not called:
            return {}
        counts = view.counts
        seats = [(s, self.thrown(obs, s), self.safe_tiles(s)) for s in called]
        penalty = {}
        for t in range(NUM_KINDS):
            if counts[t]:
                total = 0.0  # the tile's danger, seat by seat in order
                for s, thrown, safe in seats:
                    if not safe >> t & 1:
                        total += danger(view, s, t, thrown)
                penalty[t] = TAIWANESE_DEAL_IN * total
        return penalty

    def deal_in(self, view: HandView, tile: int) -> tuple[float, float]:
        """MCR: the chance that discarding ``tile`` deals in, and what that would cost in
        points: the 8 and the winner's fans (`FANS_PAID`), weighted by each chance."""
        chance = cost = 0.0
        for seat in range(4):
            if seat == view.obs.seat or self.is_safe(seat, tile):
                continue
            p = ready_chance(view, seat) * wait_chance(
                view, seat, tile, self.thrown(view.obs, seat)
            )
            chance += p
            cost += p * (8 + FANS_PAID[bool(view.obs.melds[seat])])
        return chance, cost

    def _dealt_in(self, view: HandView) -> dict[int, tuple[float, float]]:
        """`deal_in` of each tile asked at this decision (its every discard and claim
        weighs the same tiles), kept until the next decision."""
        if self._dealt[0] is not view:
            self._dealt = (view, {})
        return self._dealt[1]

    def on_guard(self, view: HandView) -> bool:
        """MCR: True once some opponent's threat reaches `ALERT`."""
        return max(threats(view)) >= ALERT

    def rising_weight(self, view: HandView) -> Callable[[int, float], float] | None:
        """As the scorer's while nobody threatens (MCR) and under Taiwanese rules; MCR,
        under threat, the weighing of `weigh`, which rises with the value: `hand_worth`
        and its inverse rise, and the chance of dealing in stays under one (at most about
        0.45: three ready hands' highest wait chance)."""
        if type(self).weigh is not DefenderBot.weigh:
            return None
        if self.ting_rules(view.obs.ruleset) or not self.on_guard(view):
            return as_is
        return self.danger_weight(view)

    def danger_weight(self, view: HandView) -> Callable[[int, float], float]:
        """MCR: a discard's value weighed by its danger (see `weigh`), each tile's
        chance of dealing in read once."""
        row = HAND_WORTH[min(view.obs.wall_live // 20, 4)]
        dealt = self._dealt_in(view)

        def weight(tile: int, value: float) -> float:
            if tile not in dealt:
                dealt[tile] = self.deal_in(view, tile)
            p, cost = dealt[tile]
            return value_of_worth(row, hand_worth(row, value) * (1 - p) - cost)

        return weight

    def weigh(
        self, view: HandView, raw: Sequence[tuple[float, int]], penalty: dict[int, float]
    ) -> list[tuple[float, int]]:
        """MCR, under threat: each discard's hand, worth ``w`` points (`hand_worth` of its
        value), is worth ``w * (1 - p) - cost`` once its chance ``p`` of dealing in and the
        cost of that (`deal_in`) are counted, given back as the value worth that much.
        Taiwanese: as the scorer."""
        if self.ting_rules(view.obs.ruleset) or not self.on_guard(view):
            return super().weigh(view, raw, penalty)
        weight = self.danger_weight(view)
        return [(weight(t, v), t) for v, t in raw]

    def claim(self, view: HandView) -> Action:
        """As the scorer, but no claim while threatened and far from ready. Under Ting
        rules every claim is weighed by the hand it leaves, its danger counted
        (`ScorerBot.weighed_claim`), threatened or not."""
        if self.ting_rules(view.obs.ruleset):
            return self.weighed_claim(view)
        if max(threats(view)) >= THREATENED:
            forms = self.forms(view.obs.ruleset)
            if shanten(view.counts, view.melds, forms) >= 2:
                return PASS
        return super().claim(view)


__all__ = [
    "DefenderBot",
    "danger",
    "hand_worth",
    "plays_ting",
    "ready_chance",
    "threats",
    "thrown_row",
    "value_of_worth",
    "wait_chance",
]
