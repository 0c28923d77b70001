"""A match played step by step at a table of people and bots, and what each player sees.

`TableGame` is the web table's game: the same settlement, rotation and records as
`mahjongkit.game.match.Match`, but it stops whenever a person must decide, so a server
can wait for them. Players are table positions 0..3 (player 0 deals first); a player's
seat in a hand is their wind that hand. Bots act as soon as they are asked. The game is
rebuilt exactly from its configuration and the decisions of each hand (`hand_logs`), so
a stored game resumes where it was.

>>> game = TableGame(TableConfig("mcr", seed=1, seats=("human", "random", "random", "random")))
>>> game.pending() == (0,) or game.state.phase.value == "claim"
True
>>> view = game.view(0)
>>> len(view["you"]["concealed"]) in (13, 14), "wall" in view
(True, False)
"""

from __future__ import annotations

import random
from dataclasses import MISSING, dataclass, field, fields
from typing import Any

from mahjongkit.bots import BOTS, Bot, Decision
from mahjongkit.errors import MahjongError
from mahjongkit.game.actions import DISCARDS, PASS, Action, ActionKind
from mahjongkit.game.events import SEAT_NAMES, Event, EventKind
from mahjongkit.game.match import HAND_LIMIT, MatchHand, money_of
from mahjongkit.game.match_state import automatic_action
from mahjongkit.game.record import record_of
from mahjongkit.game.state import HandState
from mahjongkit.money.instant import return_pot
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal, first_deal, next_deal
from mahjongkit.money.settlement import PLAYERS, Payment, balances
from mahjongkit.money.table_points import as_number, table_points
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.tiles import NAMES, counts_to_tiles
from mahjongkit.web.sheets import items_json

HUMAN = "human"
"""The seat kind of a person (a bot seat is a bot's name)."""

SPECTATOR = -1
"""The `TableGame.view` of someone watching: what everyone at the table sees, no one's
concealed tiles."""

LOG_LENGTH = 40
"""Events each view carries (the latest), enough to follow the play."""


class TableError(MahjongError, ValueError):
    """A request the table refuses: not your turn, no such action, the game is over."""


@dataclass(frozen=True, slots=True)
class TableConfig:
    """What a table is: the ruleset, the seed, each seat's kind and name, the length.

    ``seats`` are ``"human"`` or a bot name; ``hands`` caps the match (``None``: the
    ruleset's full game); ``claim_timeout`` is the seconds a person has to answer a
    discard before passing is assumed; ``turn_timeout`` the seconds a person has on
    their own turn before the tile they drew is discarded for them (0: wait for ever).

    >>> TableConfig.from_json({"ruleset": "mcr", "seats": ["human"] * 4}).turn_timeout
    90.0
    """

    ruleset: str
    seed: int = 0
    seats: tuple[str, ...] = (HUMAN, "random", "random", "random")
    names: tuple[str, ...] = ("East", "South", "West", "North")
    hands: int | None = None
    claim_timeout: float = 15.0
    turn_timeout: float = 90.0

    def __post_init__(self) -> None:
        if len(self.seats) != PLAYERS or len(self.names) != PLAYERS:
            raise TableError("a table has four seats, each with a name")
        for kind in self.seats:
            if kind != HUMAN and kind not in BOTS:
                known = ", ".join([HUMAN, *sorted(BOTS)])
                raise TableError(f"unknown seat kind {kind!r}; known: {known}")
        if self.hands is not None and not 1 <= self.hands <= HAND_LIMIT:
            raise TableError(f"hands must be 1..{HAND_LIMIT}, not {self.hands}")
        if not 1 <= self.claim_timeout <= 600:
            raise TableError(f"the claim timeout must be 1..600 seconds, not {self.claim_timeout}")
        if self.turn_timeout != 0 and not 1 <= self.turn_timeout <= 3600:
            raise TableError(
                f"the turn timeout must be 1..3600 seconds or 0 (none), not {self.turn_timeout}"
            )
        get_ruleset(self.ruleset)  # refuses an unknown name here rather than mid-game

    def to_json(self) -> dict[str, Any]:
        """The configuration as stored."""
        return {
            "ruleset": self.ruleset,
            "seed": self.seed,
            "seats": list(self.seats),
            "names": list(self.names),
            "hands": self.hands,
            "claim_timeout": self.claim_timeout,
            "turn_timeout": self.turn_timeout,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """The inverse of `to_json`; a missing or null key takes its default (``ruleset``
        has none)."""
        defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
        get = defaults | {k: v for k, v in data.items() if v is not None}
        try:
            return cls(
                str(get["ruleset"]),
                int(get["seed"]),
                tuple(str(s) for s in get["seats"]),
                tuple(str(n) for n in get["names"]),
                None if get["hands"] is None else int(get["hands"]),
                float(get["claim_timeout"]),
                float(get["turn_timeout"]),
            )
        except TableError:
            raise
        except KeyError as err:
            raise TableError(f"a table needs {err.args[0]!r}") from None
        except (TypeError, ValueError) as err:
            raise TableError(f"a table setting has the wrong type: {err}") from None


@dataclass
class _Finished:
    """The last finished hand, as the players are shown it."""

    hand: MatchHand
    result: dict[str, Any]


@dataclass
class TableGame:
    """A match between people and bots that waits for people. See the module docstring."""

    config: TableConfig
    hand_logs: list[list[tuple[int, int]]] = field(default_factory=list)
    """Each hand's decisions as (seat, action index); restores a stored game."""

    def __post_init__(self) -> None:
        self.ruleset = get_ruleset(self.config.ruleset)
        self.rules = self.ruleset.table
        self.rng = random.Random(self.config.seed)
        self.bots: dict[int, Bot] = {}
        for p, kind in enumerate(self.config.seats):
            self.rng.getrandbits(64)  # the seats' draws of old: stored games keep their walls
            if kind != HUMAN:
                self.bots[p] = BOTS[kind]()
        limits = [n for n in (self.config.hands, self.rules.hands_per_game, HAND_LIMIT) if n]
        self.max_hands = min(limits)
        self.deal: Deal = first_deal()
        self.pot = Pot()
        self.scores = [self.rules.starting_points] * PLAYERS
        self.hands: list[MatchHand] = []
        self.closing: tuple[Payment, ...] = ()
        self.over = False
        self.between_hands = False
        self.last: _Finished | None = None
        logs, self.hand_logs = self.hand_logs, []
        self._start_hand()
        for i, log in enumerate(logs):
            if i:
                self._check_between()
                self._start_hand()
            for seat, index in log:
                self._apply(seat, Action.from_index(index))
        self.advance()

    # -- the hand in play -------------------------------------------------------------
    def _start_hand(self) -> None:
        self.hand_seed = self.rng.getrandbits(64)
        self.state = HandState.new(
            self.ruleset,
            random.Random(self.hand_seed),
            self.deal.prevalent_wind,
            self.deal.dealer_streak,
        )
        self.hand_logs.append([])
        self.between_hands = False

    def _apply(self, seat: int, action: Action) -> None:
        self.state.apply(seat, action)
        self.hand_logs[-1].append((seat, action.to_index()))
        if self.state.result is not None:
            self._finish_hand()

    def _finish_hand(self) -> None:
        state, deal = self.state, self.deal
        money = money_of(state, deal, self.rules, self.pot)
        self.pot = money.pot
        for p, amount in enumerate(balances(money.payments)[:PLAYERS]):
            self.scores[p] += amount
        totals = (self.scores[0], self.scores[1], self.scores[2], self.scores[3])
        hand = MatchHand(deal, record_of(state, seed=self.hand_seed), money, totals)
        self.hands.append(hand)
        self.last = _Finished(hand, self._result_view(state, deal, hand))
        following = next_deal(deal, winners=money.winners, rules=self.rules, void=money.void)
        if following is None or len(self.hands) >= self.max_hands:
            self.over = True
            self.closing = return_pot(self.pot.total, self.pot.contributions)
            for p, amount in enumerate(balances(self.closing)[:PLAYERS]):
                self.scores[p] += amount
        else:
            self.deal = following
            self.between_hands = True

    @property
    def deal_on_show(self) -> Deal:
        """The deal of the hand on show: between hands the deal has moved on, but the
        players still see the hand just finished."""
        return self.hands[-1].deal if self.between_hands else self.deal

    def player_at(self, seat: int) -> int:
        """The player sitting in ``seat`` (0 East) in the hand on show."""
        return self.deal_on_show.player_at(seat)

    def seat_of(self, player: int) -> int:
        """The seat (wind) of ``player`` in the hand on show."""
        return self.deal_on_show.seat_of(player)

    @property
    def in_play(self) -> bool:
        """True while a hand is being played."""
        return not self.over and not self.between_hands

    def pending(self) -> tuple[int, ...]:
        """The people (players) who must decide now."""
        if not self.in_play:
            return ()
        return tuple(
            p for p in (self.player_at(s) for s in self.state.to_act()) if p not in self.bots
        )

    @property
    def claim_open(self) -> bool:
        """True while people are answering a discard or a promoted kong."""
        return self.in_play and self.state.phase.value in ("claim", "rob") and bool(self.pending())

    @property
    def turn_waiting(self) -> bool:
        """True while a person is to discard on their own turn (and turns time out)."""
        return (
            self.config.turn_timeout > 0
            and self.in_play
            and self.state.phase.value == "turn"
            and bool(self.pending())
        )

    @property
    def timeout(self) -> float | None:
        """Seconds the decision asked now may take before the table decides, if any."""
        if self.claim_open:
            return self.config.claim_timeout
        return self.config.turn_timeout if self.turn_waiting else None

    @property
    def decision_key(self) -> tuple[int, int]:
        """Changes with every decision: a timer checks it is still the same decision."""
        return (len(self.hand_logs), len(self.hand_logs[-1]))

    def advance(self) -> None:
        """Let the bots act (and the match take its own decisions: the instant flower
        win, a forced pass) until a person must."""
        while self.in_play:
            moved = False
            for seat in self.state.to_act():
                player = self.player_at(seat)
                automatic = automatic_action(self.state, seat)
                if automatic is not None:
                    self._apply(seat, automatic)
                elif player in self.bots:
                    hand, number = len(self.hand_logs) - 1, len(self.state.history)
                    decision = Decision.of(self.config.seed, hand, player, number)
                    self._apply(seat, self.bots[player].act(self.state.observation(seat), decision))
                else:
                    continue
                moved = True
                break
            if not moved:
                return
            if self.between_hands and not self.has_people:
                self._start_hand()

    @property
    def has_people(self) -> bool:
        """True when any seat is a person's."""
        return len(self.bots) < PLAYERS

    def act(self, player: int, action: Action | str) -> None:
        """``player`` does ``action`` (an `Action` or its notation); then the bots act."""
        if not 0 <= player < PLAYERS:
            raise TableError(f"no player {player} (players are 0..3)")
        if player in self.bots:
            raise TableError(f"player {player} is a bot")
        if not self.in_play:
            raise TableError("no hand is being played")
        if isinstance(action, str):
            action = Action.parse(action)
        seat = self.seat_of(player)
        if seat not in self.state.to_act():
            raise TableError("it is not your decision now")
        if action not in self.state.legal_actions(seat):
            raise TableError(f"{action} is not one of your legal actions")
        self._apply(seat, action)
        self.advance()

    def time_out(self, key: tuple[int, int]) -> bool:
        """The decision of ``key`` has run out of time: in a claim window everyone still
        asked passes; on a person's turn the tile they drew is discarded (see
        `timed_out_discard`). Returns False when that decision has already been made."""
        if key != self.decision_key:
            return False
        if self.claim_open:
            for player in self.pending():
                seat = self.seat_of(player)
                if self.state.result is None and PASS in self.state.legal_actions(seat):
                    self._apply(seat, PASS)
        elif self.turn_waiting:
            seat = self.seat_of(self.pending()[0])
            self._apply(seat, timed_out_discard(self.state, seat))
        else:
            return False
        self.advance()
        return True

    def next_hand(self) -> None:
        """Deal the next hand after a finished one; the bots act."""
        self._check_between()
        self._start_hand()
        self.advance()

    def _check_between(self) -> None:
        if self.over:
            raise TableError("the match is over")
        if not self.between_hands:
            raise TableError("the hand is still being played")

    # -- what a player sees -----------------------------------------------------------
    def _result_view(self, state: HandState, deal: Deal, hand: MatchHand) -> dict[str, Any]:
        result = state.result
        assert result is not None
        wins = []
        for seat, s in zip(result.winners, result.scores, strict=True):
            wins.append(
                {
                    "player": deal.player_at(seat),
                    "hand": str(s.hand),
                    "total": s.total,
                    "qualifies": s.qualifies,
                    "items": items_json(s),
                }
            )
        return {
            "hand_number": len(self.hands),
            "round": deal.label(),
            "kind": result.kind,
            "reason": result.reason,
            "winning_tile": NAMES[result.winning_tile] if result.winning_tile >= 0 else None,
            "discarder": None if result.discarder is None else deal.player_at(result.discarder),
            "wins": wins,
            "payments": [p.to_json() for p in hand.money.payments],
            "net": list(balances(hand.money.payments)[:PLAYERS]),
            "scores_after": list(hand.scores_after),
        }

    def view(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may know now, as JSON: never another player's concealed
        tiles, the tile of another's concealed kong, or the wall. A `SPECTATOR` sees the
        table alone: ``player`` is ``None`` and ``you`` holds no tiles and no actions."""
        watching = player == SPECTATOR
        state = self.state
        obs = state.observation(0 if watching else self.seat_of(player))
        seat_names = [SEAT_NAMES[self.seat_of(p)] for p in range(PLAYERS)]
        to_act = obs.to_act
        if watching:  # asked about a discard is private; a turn is everyone's to see
            to_act = (obs.turn,) if obs.phase == "turn" else ()
        players = []
        for p in range(PLAYERS):
            s = self.seat_of(p)
            melds = obs.melds[s]
            hidden_kongs = obs.hidden_kongs[s]
            if watching:  # seat 0's own concealed kongs are concealed from a spectator
                hidden_kongs += sum(m.concealed for m in melds)
                melds = tuple(m for m in melds if not m.concealed)
            players.append(
                {
                    "name": self.config.names[p],
                    "kind": self.config.seats[p],
                    "wind": seat_names[p],
                    "score": self.scores[p],
                    "dealer": s == 0,
                    "melds": [str(m) for m in melds],
                    "hidden_kongs": hidden_kongs,
                    "flowers": [NAMES[f] for f in obs.flowers[s]],
                    "discards": [
                        [NAMES[t], claimed, drawn]
                        for (t, claimed), drawn in zip(
                            obs.discards[s], obs.drawn_discards[s], strict=True
                        )
                    ],
                    "hand_size": obs.hand_sizes[s],
                    "ting": obs.ting[s],
                    "to_act": self.in_play and s in to_act,
                }
            )
        concealed = [] if watching else counts_to_tiles(obs.concealed)
        last = -1 if watching else obs.last_tile
        if last >= 0 and last in concealed:
            concealed.remove(last)
        in_play = self.in_play
        legal = [str(a) for a in obs.legal_actions] if in_play and not watching else []
        seen_by = SPECTATOR if watching else obs.seat
        shown = [e.seen_by(seen_by) for e in state.events[-LOG_LENGTH:]]
        if obs.centre:
            shown = _latest_discard_only(shown)
        log = [_event_text(e, self) for e in shown]
        out: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "ruleset_title": self.ruleset.title,
            "player": None if watching else player,
            "players": players,
            "hand_number": len(self.hand_logs),
            "max_hands": self.max_hands,
            "round": self.deal_on_show.label(),
            "prevalent_wind": NAMES[obs.prevalent_wind],
            "phase": obs.phase if in_play else ("over" if self.over else "between"),
            "turn": self.player_at(obs.turn) if in_play else None,
            "wall_live": obs.wall_live,
            "last_discarder": self._last_discarder(),
            "pond": [NAMES[t] for t in counts_to_tiles(obs.pond)] if obs.centre else None,
            "last_discard": NAMES[obs.last_discard] if obs.last_discard >= 0 else None,
            "claim_tile": NAMES[obs.claim_tile] if in_play and obs.claim_tile >= 0 else None,
            "claim_giver": (
                self.player_at(obs.claim_giver) if in_play and obs.claim_giver >= 0 else None
            ),
            "claim_open": self.claim_open and not watching and player in self.pending(),
            "claim_timeout": self.config.claim_timeout,
            "turn_timeout": self.config.turn_timeout if self.turn_waiting else None,
            "you": {
                "concealed": [NAMES[t] for t in concealed],
                "last_tile": NAMES[last] if last >= 0 and in_play else None,
                "legal_actions": legal,
            },
            "log": log,
            "last_hand": self.last.result if self.last else None,
            "over": self.over,
        }
        if self.over:
            out["final"] = {
                "scores": list(self.scores),
                "table_points": [as_number(x) for x in table_points(self.scores)],
                "closing_payments": [p.to_json() for p in self.closing],
            }
        return out

    def _last_discarder(self) -> int | None:
        """The player who discarded last this hand (the page marks that tile)."""
        for event in reversed(self.state.events):
            if event.kind is EventKind.DISCARD:
                return self.player_at(event.seat)
        return None

    def summary(self) -> dict[str, Any]:
        """The public state of the match for the history page."""
        return {
            "hands": len(self.hands),
            "scores": list(self.scores),
            "over": self.over,
            "table_points": (
                [as_number(x) for x in table_points(self.scores)] if self.over else None
            ),
        }

    def record(self) -> dict[str, Any]:
        """The finished hands' records with their money, as `MatchRecord` writes them.

        The match's seed is left out until the match is over: it would give away the
        walls of the hands still to come."""
        return {
            "ruleset": self.ruleset.name,
            "ruleset_hash": self.ruleset.contents_hash(),
            "seed": self.config.seed if self.over else None,
            "names": list(self.config.names),
            "seats": list(self.config.seats),
            "hands": [h.to_json() for h in self.hands],
            "closing_payments": [p.to_json() for p in self.closing],
            "final_scores": list(self.scores),
            "over": self.over,
        }


def timed_out_discard(state: HandState, seat: int) -> Action:
    """What the table plays for a person whose turn ran out: the tile just drawn, else
    (after a claim) the rightmost tile of the hand. Never a win, kong or Ting: those
    are the player's to declare.

    >>> state = HandState.new("mcr", random.Random(3))
    >>> str(timed_out_discard(state, 0)).startswith("discard ")
    True
    """
    discards = [a for a in state.legal_actions(seat) if a.kind is ActionKind.DISCARD]
    if not discards:
        raise TableError("there is no discard to make for a timed-out turn")
    drawn = state.observation(seat).last_tile
    if drawn >= 0 and DISCARDS[drawn] in discards:
        return DISCARDS[drawn]
    return max(discards, key=lambda a: a.tile)


def _latest_discard_only(events: list[Event]) -> list[Event]:
    """The log of a table whose discards lie in the centre: a discard's tile only for the
    latest one (seed 003 line 45: which player threw which tile, and when, does not show)."""
    latest = max((i for i, e in enumerate(events) if e.kind is EventKind.DISCARD), default=-1)
    return [
        Event(e.kind, e.seat, -1, e.detail) if e.kind is EventKind.DISCARD and i != latest else e
        for i, e in enumerate(events)
    ]


def _event_text(event: Event, game: TableGame) -> str:
    """An event as a line of the table's log, naming the player as well as the wind."""
    text = str(event)
    if event.seat < 0:
        return text
    name = game.config.names[game.player_at(event.seat)]
    return f"{name} ({text[0]}){text[1:]}"


__all__ = ["HUMAN", "LOG_LENGTH", "TableConfig", "TableError", "TableGame"]
