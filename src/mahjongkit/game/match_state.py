"""A whole match as one state machine: hand after hand, the dealer's rotation, the money
of every hand (settlement, instant payments, penalties, the pot), the table points and
the end of the game, stepped one decision at a time.

`MatchState` is to a match what `HandState` is to a hand, in the manner of pokerkit's
``State``: `MatchState.to_act` names the players who must decide,
`MatchState.legal_actions` lists what one may do, `MatchState.verify` says why an action
would be refused (changing nothing), `MatchState.can` asks, and `MatchState.apply` does it
and returns the events it produced. What needs no decision is done by the state itself, or
left to the caller where the caller chooses so (`Automations`): dealing a hand, the
instant seven- or eight-flower win, the pass of a seat that may only pass, moving on to
the next hand. Every rule of a match lives here, once; `Match.play`, the simulator and the
command line are loops over it (`mahjongkit.game.runner.play`).

Players and seats. `apply`, `to_act`, `legal_actions`, `observation` and `events_for` take
and give **players**: table positions 0..3, fixed for the whole match (player 0 drew East
and deals first; `seating` says which entrant sits at each position). Inside a hand the
engine numbers **seats** by wind, 0 East (the dealer) .. 3 North, and they turn with the
deal: `seat_of` and `player_at` map one to the other for the hand on show; `Event.seat`,
`Observation.seat` and the hand records speak in seats.

Each decision a player is asked has its name (`MatchState.decision`: the match's seed,
the hand, the player, the decision's number in the hand), from which a bot draws its
chances, and the player's earlier decisions in the hand, from which it rebuilds what it
remembers: bots made anew for a stored match play it on exactly as the first ones would.

>>> from mahjongkit.game.players import RandomBot
>>> state = MatchState("mcr", seed=3, max_hands=2)
>>> bots = [RandomBot() for p in range(4)]
>>> while not state.over:
...     player = state.to_act()[0]
...     action = bots[player].act(state.observation(player), state.decision(player))
...     events = state.apply(player, action)
>>> len(state.hands), sum(state.scores), state.ended_by
(2, 0, 'hand count')
>>> again = MatchState.load(state.save())
>>> again.record().to_json() == state.record().to_json()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any

from mahjongkit.errors import IllegalActionError, InvalidInputError, MahjongError
from mahjongkit.game.actions import PASS, WIN, Action
from mahjongkit.game.events import Event
from mahjongkit.game.fairness import WallCommitment, WallSeed
from mahjongkit.game.hand_money import HandMoney
from mahjongkit.game.match_record import MatchHand, MatchRecord, money_of
from mahjongkit.game.observation import SPECTATOR, Observation
from mahjongkit.game.players import Decision, History, finish_key, hand_keys
from mahjongkit.game.record import record_of
from mahjongkit.game.sampling import SeatKnowledge, seat_knowledge
from mahjongkit.game.state import HandState, Phase, checked_action, checked_seat
from mahjongkit.game.wall import Wall
from mahjongkit.money.instant import return_pot
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal, draw_seats, first_deal, next_deal, seating_order
from mahjongkit.money.settlement import PLAYERS, Payment, balances
from mahjongkit.notation import format_tiles, parse_tiles
from mahjongkit.rules.ruleset import Ruleset, get_ruleset
from mahjongkit.rules.table import TableRules
from mahjongkit.tiles import EAST

FORMAT = "mahjongkit-match-state/1"
"""The format of `MatchState.save`."""

HAND_LIMIT = 200
"""Hands after which a game stops even without its rounds done: random players draw
almost every hand, and a table where the dealer keeps the deal on a draw never moves."""


class MatchPhase(Enum):
    """Where the match stands."""

    DEAL = "deal"
    """Before a hand: `MatchState.deal` shuffles and deals it (`MatchState.deal_now` says
    who deals and the prevalent wind)."""
    PLAY = "play"
    """A hand is in play: players decide."""
    HAND_OVER = "hand-over"
    """The hand has ended and is settled (its money is in `MatchState.hands`):
    `MatchState.next_hand` moves on, or ends the match."""
    OVER = "over"
    """The match has ended (`MatchState.ended_by` says why)."""


@dataclass(frozen=True, slots=True)
class Automations:
    """What the state does by itself instead of stopping for the caller. All on by
    default, so a bot loop stops only at real decisions; all off (`MANUAL`) lets a test or
    a table step everything.

    Flowers are exposed and replaced by the hand engine as they come, in every case: no
    ruleset leaves a choice there (000 l.48, 001 l.35, 004 l.76, l.98), and each flower is
    its own event in the stream.
    """

    deal: bool = True
    """Deal each hand as soon as the match reaches it (else call `MatchState.deal`)."""
    flower_wins: bool = True
    """Declare the instant win of seven or eight flowers for the player as soon as it is
    legal (004 l.210-211, l.384 "Draw the 7th Flower and instantly win"), where the rules
    of play have it (`PlayRules.flower_win`). The declaration is the seat's action in the
    record."""
    forced_passes: bool = True
    """Answer a discard or a promoted kong with the pass of a seat that may do nothing
    else (one that has forfeited its win, seed 001 l.43, l.52)."""
    next_hand: bool = True
    """After a hand is settled, move on to the next deal, or end the match (else call
    `MatchState.next_hand`)."""

    def to_json(self) -> dict[str, bool]:
        """The flags by name."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Automations:
        """The inverse of `to_json`; an unknown name is refused."""
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise MahjongError(f"unknown automations: {', '.join(sorted(unknown))}")
        return cls(**{k: bool(v) for k, v in data.items()})


AUTOMATIC = Automations()
"""Everything that needs no decision is done by the state."""
MANUAL = Automations(deal=False, flower_wins=False, forced_passes=False, next_hand=False)
"""Nothing is done by itself: the caller deals, declares and moves on."""


@dataclass(frozen=True, slots=True)
class SeenEvent:
    """One event of the match as one observer learned it (`MatchState.events_for`)."""

    index: int
    """Its place in the match's stream (0 the first event of the first hand)."""
    hand: int
    """The hand it belongs to (0 the first)."""
    player: int
    """The player whose seat the event names; -1 for the table."""
    event: Event
    """The event in the hand's seats, with the tiles the observer may not see hidden."""


_PLAY = MatchPhase.PLAY
_DEAL = MatchPhase.DEAL
_HAND_OVER = MatchPhase.HAND_OVER
_OVER = MatchPhase.OVER
_TURN = Phase.TURN


_SEATS_BY_DEALER = tuple(
    (
        tuple(Deal(dealer=dealer).seat_of(p) for p in range(PLAYERS)),
        tuple(Deal(dealer=dealer).player_at(s) for s in range(PLAYERS)),
        tuple((Deal(dealer=dealer).player_at(s),) for s in range(PLAYERS)),
    )
    for dealer in range(PLAYERS)
)
"""By dealer: each player's seat, the player in each seat, and that player alone (the
`to_act` of a turn)."""


_StoredHand = tuple[
    int | None, Wall | None, tuple[tuple[int, int], ...], WallSeed | WallCommitment | None
]
"""A hand to replay: its seed, or its wall, or its committed seed; its actions."""


@dataclass
class _Played:
    """A hand dealt in this match: where it stood, its state, its wall's seed (or its
    committed seed and salt), and once it is over its money and the scores after it."""

    deal: Deal
    hand: HandState
    seed: int | None
    fair: WallSeed | WallCommitment | None = None
    money: HandMoney | None = None
    scores_after: tuple[int, int, int, int] = (0, 0, 0, 0)
    record: MatchHand | None = None


class MatchState:
    """A match in play. See the module docstring.

    ``seed`` seeds ``rng`` (unless given) which draws the seating (unless given) and then
    each hand's wall seed. ``table`` overrides the ruleset's table rules; ``max_hands``,
    ``time_limit`` (seconds, read with ``clock``) and the ruleset's game length end the
    match as `mahjongkit.game.match.Match` does (000 l.102, 002 l.219). ``first`` is the
    first deal (East round, player 0 dealing, by default).
    """

    def __init__(
        self,
        ruleset: str | Ruleset,
        seed: int = 0,
        *,
        seating: Sequence[int] | None = None,
        rng: random.Random | None = None,
        table: TableRules | None = None,
        max_hands: int | None = None,
        time_limit: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        automations: Automations = AUTOMATIC,
        first: Deal | None = None,
    ) -> None:
        self.ruleset = get_ruleset(ruleset)
        self.table: TableRules = table or self.ruleset.table
        self.seed = seed
        self._rng = rng
        if seating is None:
            seating = seating_order(draw_seats(self.rng))
        if sorted(seating) != [0, 1, 2, 3]:
            raise MahjongError(
                f"the seating gives each of four entrants one position, not {seating}"
            )
        self.seating = (seating[0], seating[1], seating[2], seating[3])
        limits = [n for n in (max_hands, self.table.hands_per_game, HAND_LIMIT) if n]
        self.max_hands = min(limits)
        self.time_limit = time_limit if time_limit is not None else self.table.time_limit_seconds
        self.clock = clock
        self.automations = automations
        self.phase = _DEAL
        self.deal_now: Deal = first if first is not None else first_deal()
        """The deal of the hand in play, or of the next hand before it is dealt."""
        self.pot = Pot()
        self.scores = [self.table.starting_points] * PLAYERS
        """Each player's points now."""
        self.closing: tuple[Payment, ...] = ()
        self.ended_by = ""
        self._played: list[_Played] = []
        self._hand: HandState
        """The hand on show (the last of `_played`), set by the first deal."""
        self._started = clock()
        self._seat_of, self._player_at, self._alone = _SEATS_BY_DEALER[0]
        self._keys = hand_keys(seed, 0)
        """Each player's `hand_keys` for the hand on show."""
        if self._out_of_time():
            self._end("time limit")
        elif automations.deal:
            self.deal()

    @classmethod
    def for_hand(
        cls, hand: HandState, seed: int | None = None, *, automations: Automations = AUTOMATIC
    ) -> MatchState:
        """A one-hand match around a hand already dealt (its dealer player 0, its
        prevalent wind and die as the hand has them): the hand command's and the tests'
        way to play a single hand with the match's rules and money. ``seed`` is the
        hand's, for its record."""
        first = Deal(0, 0, hand.prevalent_wind - EAST, hand.dealer_streak, 0)
        state = cls(
            hand.ruleset,
            seed or 0,
            seating=(0, 1, 2, 3),
            max_hands=1,
            automations=replace(automations, deal=False),  # the hand is dealt already
            first=first,
        )
        state.automations = automations
        state._start(hand, seed, None)
        return state

    @property
    def rng(self) -> random.Random:
        """The match's generator: the seating (unless given), then each hand's wall seed
        (unless given). Seeded with `seed` unless one was given, when first needed."""
        if self._rng is None:
            self._rng = random.Random(self.seed)
        return self._rng

    # -- where the match stands ------------------------------------------------------
    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self.phase is _OVER

    @property
    def hand(self) -> HandState:
        """The hand on show: the one in play, or the last one played."""
        if not self._played:
            raise MahjongError("no hand has been dealt yet")
        return self._hand

    @property
    def hand_number(self) -> int:
        """The hands dealt so far (the hand on show is number ``hand_number - 1``)."""
        return len(self._played)

    @property
    def hands(self) -> tuple[MatchHand, ...]:
        """Every finished hand: its deal, its record, its money, the scores after it."""
        out = []
        for p in self._played:
            if p.money is None:
                break
            if p.record is None:
                fair = p.fair.revealed() if isinstance(p.fair, WallSeed) else p.fair
                p.record = MatchHand(
                    p.deal, record_of(p.hand, p.seed, fair), p.money, p.scores_after
                )
            out.append(p.record)
        return tuple(out)

    @property
    def last_money(self) -> HandMoney | None:
        """The money of the hand on show once it is settled (None while it is played)."""
        if not self._played:
            return None
        return self._played[-1].money

    @property
    def commitment(self) -> WallCommitment | None:
        """The commitment to the wall of the hand on show, if it was dealt from one: the
        hash alone while the hand is played, its seed and salt too once it is over."""
        if not self._played:
            return None
        p = self._played[-1]
        if isinstance(p.fair, WallSeed):
            return p.fair.revealed() if p.money is not None else p.fair.published()
        return p.fair

    @property
    def hand_deal(self) -> Deal:
        """The deal of the hand on show (who dealt it, the wind, the die)."""
        if not self._played:
            return self.deal_now
        return self._played[-1].deal

    def __str__(self) -> str:
        """The match in a few lines: a heading (the hand, its round, every player's score)
        over the hand on show as `HandState` prints it, each seat named by its player.

        >>> state = MatchState("mcr", seed=3, max_hands=1)
        >>> print(str(state).splitlines()[0])
        hand 1 (E1) · scores P0 0, P1 0, P2 0, P3 0
        """
        from mahjongkit.game.picture import table_text

        picture = self._picture()
        return table_text(picture) if picture is not None else self._heading()

    def _repr_svg_(self) -> str:
        """The hand on show drawn as SVG, headed and named as `__str__` prints it."""
        from html import escape

        from mahjongkit.game.picture import table_svg

        picture = self._picture()
        if picture is not None:
            return table_svg(picture)
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="24">'
            f'<text x="4" y="16" font-family="sans-serif" font-size="13">'
            f"{escape(self._heading())}</text></svg>"
        )

    def _heading(self) -> str:
        scores = ", ".join(f"P{p} {s}" for p, s in enumerate(self.scores))
        if not self._played:
            return f"{self.ruleset.name} match · no hand dealt yet · scores {scores}"
        return f"hand {self.hand_number} ({self.hand_deal.label()}) · scores {scores}"

    def _picture(self) -> Any:
        """The hand on show as a picture with the players' names (None before the deal)."""
        from mahjongkit.game.picture import hand_picture, named

        if not self._played:
            return None
        names = [f"P{self.player_at(seat)}" for seat in range(PLAYERS)]
        return named(hand_picture(self.hand), names, self._heading())

    def seat_of(self, player: object) -> int:
        """The seat (0 East .. 3 North) of ``player`` in the hand on show."""
        return self._seat_of[_player(player)]

    def player_at(self, seat: int) -> int:
        """The player sitting in ``seat`` (0 East, the dealer) in the hand on show."""
        return self._player_at[checked_seat(seat)]

    # -- deciding ----------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now, in the hand's seat order (East first); empty
        between hands."""
        if self.phase is not _PLAY:
            return ()
        hand = self._hand
        if hand.phase is _TURN:
            return self._alone[hand.turn]
        at = self._player_at
        return tuple([at[s] for s in hand.to_act()])

    def asked(self) -> tuple[int, tuple[Action, ...]] | None:
        """The first of `to_act` with their `legal_actions`, or None when no one is to
        decide (between hands): a bot loop's one question per step."""
        if self.phase is not _PLAY:
            return None
        hand = self._hand
        seat = hand.turn if hand.phase is _TURN else hand.to_act()[0]
        return self._player_at[seat], hand.legal_actions(seat)

    def decision(self, player: object) -> Decision:
        """The decision ``player`` is asked now, as a bot takes it (`Decision`): the
        match's seed, the hand's number, the player, the actions taken in the hand so far,
        its key, and the player's earlier decisions in the hand (`Decision.history`)."""
        player = _player(player)
        if self.phase is not _PLAY:
            raise IllegalActionError(f"player {player} is asked nothing: {self._no_hand()}")
        hand = self._hand
        number = len(hand.history)
        seat = self._seat_of[player]
        automations = self._automations

        def history() -> History:
            return past_decisions(hand, seat, number, automations)

        def knowledge() -> SeatKnowledge:
            return seat_knowledge(hand, seat)

        key = finish_key(self._keys[player], number)
        return Decision(self.seed, len(self._played) - 1, player, number, key, history, knowledge)

    def key_of(self, player: int) -> int:
        """`Decision.key` of the decision ``player`` (an int 0..3, unchecked) is asked
        now, while a hand is in play: the bot loop's fast path for a bot that needs
        nothing else (``choose(legal, key)``)."""
        return finish_key(self._keys[player], len(self._hand.history))

    def legal_actions(self, player: object) -> tuple[Action, ...]:
        """What ``player`` may do now (empty when they have nothing to decide)."""
        if type(player) is not int or not 0 <= player < PLAYERS:
            player = _player(player)
        if self.phase is not _PLAY:
            return ()
        return self._hand.legal_actions(self._seat_of[player])

    def verify(self, player: object, action: object) -> Action:
        """Check that `apply` would take ``action`` (an `Action` or its notation) from
        ``player`` now, changing nothing; returns the action. Raises
        `IllegalActionError` with the reason otherwise (`HandState.verify` says what is
        taken: a false win is, as an event the rules settle)."""
        player, action = _player(player), checked_action(action)
        if self.phase is not _PLAY:
            raise IllegalActionError(f"{action} by player {player}: {self._no_hand()}")
        return self.hand.verify(self._seat_of[player], action)

    def can(self, player: object, action: object) -> bool:
        """True when `apply` would take ``action`` from ``player`` now (see `verify`)."""
        player, action = _player(player), checked_action(action)
        try:
            self.verify(player, action)
        except IllegalActionError:
            return False
        return True

    def apply(self, player: object, action: object) -> list[Event]:
        """Do ``action`` (an `Action` or its notation, ``"discard 5m"``) for ``player``;
        returns the hand's events it produced, those of what the state then did by itself
        (`Automations`) included. A hand that ends is settled at once.

        An illegal action raises `IllegalActionError` (a seat or action of the wrong type
        `InvalidInputError`) and changes nothing.
        """
        if type(player) is not int or not 0 <= player < PLAYERS or type(action) is not Action:
            player, action = _player(player), checked_action(action)
        if self.phase is not _PLAY:
            raise IllegalActionError(f"{action} by player {player}: {self._no_hand()}")
        hand = self._hand
        events = hand.apply(self._seat_of[player], action)
        if hand.result is not None:
            self._finish()
            return events
        if hand.phase is _TURN:
            # Most steps: a turn is taken by the state only for a flower win.
            if not self._flowers or len(hand.flowers[hand.turn]) < 7:
                return events
        elif not self._may_answer(hand):
            return events
        start = len(hand.events) - len(events)
        if self._automate(hand):
            return hand.events[start:]
        return events

    def _no_hand(self) -> str:
        if self.phase is _DEAL:
            return "no hand is in play: the next one is still to be dealt"
        if self.phase is _HAND_OVER:
            return "the hand is over: the match moves on with next_hand()"
        return "the match is over"

    # -- what the state does by itself -------------------------------------------------
    @property
    def automations(self) -> Automations:
        """What the state does by itself (`Automations`). May be changed at any time; the
        new ones act from the next step on (`apply`, `deal`, `next_hand`)."""
        return self._automations

    @automations.setter
    def automations(self, automations: Automations) -> None:
        self._automations = automations
        self._flowers = automations.flower_wins and self.ruleset.play.flower_win
        """Is the instant flower win declared by the state, under these rules?"""

    def _may_answer(self, hand: HandState) -> bool:
        """Could an automation answer a discard or a kong now? A quick look, as it runs
        after every answer: a flower win needs seven flowers, a forced pass a seat that has
        forfeited its win."""
        if self._flowers and max(map(len, hand.flowers)) >= 7:
            return True
        return self._automations.forced_passes and True in hand.forfeited

    def _automate(self, hand: HandState) -> bool:
        """Take the decisions the automations take, until a player must decide or the
        hand ends (then settle it). True when any was taken."""
        automations = self._automations
        acted = False
        while hand.result is None:
            for seat in hand.to_act():
                action = automatic_action(hand, seat, automations)
                if action is not None:
                    hand.apply(seat, action)
                    break
            else:
                return acted
            acted = True
        self._finish()
        return True

    def _finish(self) -> None:
        """Settle the hand just ended: its money, the pot, the scores."""
        played = self._played[-1]
        money = money_of(played.hand, played.deal, self.table, self.pot)
        self.pot = money.pot
        scores = self.scores
        for p, amount in enumerate(balances(money.payments)[:PLAYERS]):
            scores[p] += amount
        played.money = money
        played.scores_after = (scores[0], scores[1], scores[2], scores[3])
        self.phase = _HAND_OVER
        if self.automations.next_hand:
            self.next_hand()

    def _end(self, why: str) -> None:
        """End the match: an uncollected pot goes back (see `return_pot`)."""
        self.closing = return_pot(self.pot.total, self.pot.contributions)
        for p, amount in enumerate(balances(self.closing)[:PLAYERS]):
            self.scores[p] += amount
        self.ended_by = why
        self.phase = _OVER

    # -- between hands -----------------------------------------------------------------
    def next_hand(self) -> None:
        """After a settled hand: the next deal by the ruleset's rotation, or the end of
        the match after its rounds, its hand count, or when no time is left to start a
        hand (000 l.102, 002 l.219). Deals the hand when `Automations.deal` says so."""
        if self.phase is not _HAND_OVER:
            raise IllegalActionError(f"no hand to move on from: {self._no_hand()}")
        money = self._played[-1].money
        assert money is not None
        following = next_deal(
            self.deal_now, winners=money.winners, rules=self.table, void=money.void
        )
        if following is None:
            self._end("rounds")
            return
        self.deal_now = following
        if len(self._played) >= self.max_hands:
            self._end("hand count")
            return
        if self._out_of_time():
            self._end("time limit")
            return
        self.phase = _DEAL
        if self.automations.deal:
            self.deal()

    def _out_of_time(self) -> bool:
        """No time is left to start a hand (000 l.102, 002 l.219)."""
        limit = self.time_limit
        return limit is not None and self.clock() - self._started >= limit

    def deal(
        self,
        seed: int | None = None,
        *,
        wall: Wall | None = None,
        fair: WallSeed | WallCommitment | None = None,
    ) -> list[Event]:
        """Shuffle and deal the hand: a wall shuffled from ``seed`` (by default the next
        seed of the match's generator), or the ``wall`` given, or the wall of the
        committed seed ``fair`` (`mahjongkit.game.fairness`; a `WallCommitment` when it is
        the record's, with the ``wall`` recorded). Returns the deal's events (flowers and
        their replacements included)."""
        if self.phase is not _DEAL:
            raise IllegalActionError(f"no hand to deal now: {self._no_hand()}")
        d = self.deal_now
        if wall is None and isinstance(fair, WallSeed):
            if fair.hand != len(self._played) + 1 or fair.ruleset != self.ruleset.name:
                raise MahjongError(
                    f"the seed is committed for {fair.ruleset} hand {fair.hand}, not for"
                    f" {self.ruleset.name} hand {len(self._played) + 1}"
                )
            wall = fair.wall(self.ruleset)
        if wall is None:
            if seed is None:
                seed = self.rng.getrandbits(64)
            hand = HandState.new(
                self.ruleset, random.Random(seed), d.prevalent_wind, d.dealer_streak
            )
        else:
            hand = HandState(self.ruleset, wall, d.prevalent_wind, d.dealer_streak)
        self._start(hand, seed, fair)
        return list(hand.events)

    def _start(
        self, hand: HandState, seed: int | None, fair: WallSeed | WallCommitment | None
    ) -> None:
        d = self.deal_now
        self._played.append(_Played(d, hand, seed, fair))
        self._hand = hand
        self._seat_of, self._player_at, self._alone = _SEATS_BY_DEALER[d.dealer]
        self._keys = hand_keys(self.seed, len(self._played) - 1)
        self.phase = _PLAY
        if hand.result is not None:
            self._finish()
        elif hand.phase is not _TURN or (self._flowers and len(hand.flowers[hand.turn]) >= 7):
            self._automate(hand)

    # -- what players and spectators see -------------------------------------------------
    def observation(self, observer: int) -> Observation:
        """What ``observer`` (a player, or `SPECTATOR`: what everyone at the table sees)
        may know of the hand on show, in the hand's seats (``seat`` is the player's wind)."""
        if self.phase is _PLAY and type(observer) is int and 0 <= observer < PLAYERS:
            return self._hand.observation(self._seat_of[observer])  # a bot's, every step
        hand = self.hand
        if observer == SPECTATOR and type(observer) is int:
            return hand.observation(SPECTATOR)
        return hand.observation(self._seat_of[_player(observer)])

    def events_for(self, observer: int, since: int = 0) -> list[SeenEvent]:
        """The match's events from index ``since`` on, in order, as ``observer`` (a player,
        or `SPECTATOR`) learned them: another seat's dealt and drawn tiles and concealed
        kong hidden (`Event.seen_by`). An adapter keeps the index of the next event it
        has to show and asks again from there."""
        if observer != SPECTATOR or type(observer) is not int:
            observer = _player(observer)
        if since < 0:
            raise MahjongError(f"an event index is 0 or more, not {since}")
        out: list[SeenEvent] = []
        offset = 0
        for number, played in enumerate(self._played):
            events = played.hand.events
            end = offset + len(events)
            if end > since:
                d = played.deal
                seat = SPECTATOR if observer == SPECTATOR else d.seat_of(observer)
                for i in range(max(since - offset, 0), len(events)):
                    e = events[i]
                    who = d.player_at(e.seat) if e.seat >= 0 else -1
                    out.append(SeenEvent(offset + i, number, who, e.seen_by(seat)))
            offset = end
        return out

    @property
    def event_count(self) -> int:
        """The number of events in the match's stream so far."""
        return sum(len(p.hand.events) for p in self._played)

    # -- records ---------------------------------------------------------------------
    def record(self, bots: Sequence[str] = ()) -> MatchRecord:
        """The match's record (`MatchRecord`): every finished hand, the closing payments
        and the scores so far; ``ended_by`` is ``"in play"`` until it ends. ``bots`` names
        the player at each position."""
        return MatchRecord(
            self.ruleset,
            self.seed,
            self.seating,
            self.table,
            self.hands,
            self.closing,
            (self.scores[0], self.scores[1], self.scores[2], self.scores[3]),
            self.ended_by or "in play",
            tuple(bots),
        )

    def save(self) -> dict[str, Any]:
        """The match as stored (JSON-ready): its settings, each hand's wall (its seed, or
        its tiles) and actions, where it stands, and the generator's state for the hands
        to come. `load` rebuilds it exactly, in any process."""
        if self.table != self.ruleset.table:
            raise MahjongError(
                "the table rules differ from the ruleset's: store a ruleset that holds them"
            )
        version, internal, gauss = self.rng.getstate()
        first = self._played[0].deal if self._played else self.deal_now
        hands = []
        for p in self._played:
            entry: dict[str, Any] = {"seed": p.seed}
            if isinstance(p.fair, WallSeed):
                entry["fair"] = [p.fair.seed.hex(), p.fair.salt.hex()]
            elif p.seed is None:
                entry["wall"] = format_tiles(p.hand.wall.tiles)
                entry["dice"] = [list(t) for t in p.hand.wall.dice]
            entry["actions"] = [[s, a.to_index()] for s, a in p.hand.history]
            hands.append(entry)
        return {
            "format": FORMAT,
            "ruleset": self.ruleset.name,
            "ruleset_hash": self.ruleset.contents_hash(),
            "seed": self.seed,
            "seating": list(self.seating),
            "first": [
                first.number,
                first.dealer,
                first.prevalent,
                first.dealer_streak,
                first.round_dealer,
            ],
            "max_hands": self.max_hands,
            "time_limit": self.time_limit,
            "elapsed": self.clock() - self._started,
            "automations": self.automations.to_json(),
            "rng": [version, list(internal), gauss],
            "hands": hands,
            "phase": self.phase.value,
            "ended_by": self.ended_by,
        }

    @classmethod
    def load(cls, data: dict[str, Any], clock: Callable[[], float] = time.monotonic) -> MatchState:
        """The match `save` stored, rebuilt by replaying every hand's actions; it goes on
        exactly as the saved one would have. A changed ruleset is refused."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise MahjongError(f"a stored match has the format {FORMAT!r}")
        try:
            ruleset = get_ruleset(str(data["ruleset"]))
            if data["ruleset_hash"] != ruleset.contents_hash():
                raise MahjongError(
                    f"the ruleset {ruleset.name!r} has changed since the match was stored"
                )
            version, internal, gauss = data["rng"]
            rng = random.Random()
            rng.setstate((int(version), tuple(int(x) for x in internal), gauss))
            hands: list[_StoredHand] = []
            for h in data["hands"]:
                seed = None if h["seed"] is None else int(h["seed"])
                wall = None
                fair: WallSeed | None = None
                if "fair" in h:
                    number = len(hands) + 1
                    fair = WallSeed(
                        ruleset.name,
                        number,
                        bytes.fromhex(h["fair"][0]),
                        bytes.fromhex(h["fair"][1]),
                    )
                elif seed is None:
                    dice = tuple(tuple(int(x) for x in t) for t in h["dice"])
                    wall = Wall(ruleset.play, tuple(parse_tiles(str(h["wall"]))), dice)
                actions = tuple((int(s), int(a)) for s, a in h["actions"])
                hands.append((seed, wall, actions, fair))
            state = cls(
                ruleset,
                int(data["seed"]),
                seating=[int(p) for p in data["seating"]],
                rng=rng,
                max_hands=int(data["max_hands"]),
                clock=clock,
                automations=MANUAL,
                first=Deal(*(int(x) for x in data["first"])),
            )
            state.time_limit = None  # the stored hands were all started in time
            state._replay(hands, MatchPhase(data["phase"]), str(data["ended_by"]))
            limit = data["time_limit"]
            state.time_limit = None if limit is None else float(limit)
            state._started = clock() - float(data["elapsed"])
            state.automations = Automations.from_json(data["automations"])
        except (KeyError, TypeError, ValueError) as err:
            raise MahjongError(f"the stored match cannot be read: {err!r}") from None
        return state

    @classmethod
    def replay(cls, record: MatchRecord) -> MatchState:
        """The match of a finished record, rebuilt from its seating, each hand's wall and
        actions; its `record` equals the one given when the record is sound."""
        state = cls(
            record.ruleset,
            record.seed,
            seating=record.seating,
            table=record.rules,
            automations=MANUAL,
        )
        state.time_limit = None  # every recorded hand was started in time
        hands = []
        for h in record.hands:
            r = h.record
            wall = Wall(state.ruleset.play, r.wall, r.dice)
            hands.append((r.seed, wall, r.actions, r.commitment))
        state._replay(hands, _OVER, record.ended_by)
        return state

    def _replay(
        self,
        hands: Sequence[_StoredHand],
        phase: MatchPhase,
        ended_by: str,
    ) -> None:
        """Play the stored hands again, every action as recorded (seats), the state's own
        decisions included, then stand where the stored match stood."""
        for i, (seed, wall, actions, fair) in enumerate(hands):
            if i:
                self.next_hand()
            self.deal(seed, wall=wall, fair=fair)
            for seat, index in actions:
                self.apply(self._player_at[seat], Action.from_index(index))
        if phase is _DEAL and self.phase is _HAND_OVER:
            self.next_hand()
        elif phase is _OVER and self.phase is not _OVER:
            if self.phase is _HAND_OVER:
                self.next_hand()
            if self.phase is not _OVER:
                self._end(ended_by)
        if self.phase is not phase:
            raise MahjongError(
                f"the stored match stood at {phase.value}, its replay at {self.phase.value}"
            )


def automatic_action(
    hand: HandState, seat: int, automations: Automations = AUTOMATIC
) -> Action | None:
    """The action the state takes for ``seat`` by itself now, if any (see `Automations`):
    the instant win of seven or eight flowers where the rules of play have it (004
    l.210-211, l.384), or the pass of a seat that may only pass.

    >>> import random
    >>> automatic_action(HandState.new("mcr", random.Random(1)), 0) is None
    True
    """
    legal = hand.legal_actions(seat)
    if (
        automations.flower_wins
        and len(hand.flowers[seat]) >= 7
        and hand.rules.flower_win
        and WIN in legal
    ):
        return WIN
    if automations.forced_passes and len(legal) == 1 and legal[0] is PASS:
        return PASS
    return None


def past_decisions(
    hand: HandState, seat: int, number: int, automations: Automations = AUTOMATIC
) -> History:
    """The decisions ``seat`` took in ``hand`` among its first ``number`` actions, each
    with the observation it took it on (`Decision.history`): the hand replayed from its
    wall. An action the state takes by itself under ``automations`` (`automatic_action`)
    is no decision of the seat's and is left out.

    >>> import random
    >>> from mahjongkit.game.players import RandomBot
    >>> hand = HandState.new("mcr", random.Random(4))
    >>> bot = RandomBot()
    >>> for step in range(12):
    ...     seat = hand.to_act()[0]
    ...     _ = hand.apply(seat, bot.act(hand.observation(seat), hand_decision(hand, seat)))
    >>> [action for _, action in past_decisions(hand, 0, 12)] == [
    ...     a for s, a in hand.history if s == 0]
    True
    """
    actions = hand.history[:number]
    # Replayed only as far as the seat's last action: none (a bot's first decision in a
    # hand, as a rule) replays nothing.
    taken = [i for i, (s, _) in enumerate(actions) if s == seat]
    if not taken:
        return ()
    wall = hand.wall
    again = HandState(
        hand.ruleset,
        Wall(wall.rules, wall.tiles, wall.dice),
        hand.prevalent_wind,
        hand.dealer_streak,
    )
    out = []
    for s, action in actions[: taken[-1] + 1]:
        if s == seat and automatic_action(again, s, automations) is None:
            out.append((again.observation(s), action))
        again.apply(s, action)
    return tuple(out)


def hand_decision(hand: HandState, seat: int, seed: int = 0, hand_number: int = 0) -> Decision:
    """The decision ``seat`` is asked now in a hand played alone, without a match (its
    players are its seats): a hand loop's way to ask a bot. ``seed`` and ``hand_number``
    name the hand, as a match's seed and count would. Nothing is taken by the state here,
    so every earlier action of the seat is in its history."""
    done = len(hand.history)

    def history() -> History:
        return past_decisions(hand, seat, done, MANUAL)

    def knowledge() -> SeatKnowledge:
        return seat_knowledge(hand, seat)

    return Decision.of(seed, hand_number, seat, done, history, knowledge)


def _player(player: object) -> int:
    """A player (table position) as given to the state: an int 0..3, not a bool."""
    if type(player) is not int:
        if not isinstance(player, int) or isinstance(player, bool):
            raise InvalidInputError(
                f"a player is an int 0..3, not {player!r} ({type(player).__name__})"
            )
        player = int(player)
    if not 0 <= player < PLAYERS:
        raise IllegalActionError(f"no player {player} (players are 0..3)")
    return player


__all__ = [
    "AUTOMATIC",
    "FORMAT",
    "HAND_LIMIT",
    "MANUAL",
    "SPECTATOR",
    "Automations",
    "MatchPhase",
    "MatchState",
    "SeenEvent",
    "automatic_action",
    "hand_decision",
    "past_decisions",
]
