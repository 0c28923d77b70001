"""A match played step by step at a table of people and bots, and what each player sees.

`TableGame` is the web table's adapter over `MatchState`: the match's rules, settlement,
rotation and records are the state's, and the table adds what a table of people needs.
It stops whenever a person must decide, so a server can wait for them; a person's action
goes to the state as it is (`MatchState.verify` gives the engine's reason for refusing
it, and what the rules settle rather than refuse, a false win or an invalid claim, is
settled); bots act as soon as they are asked, each with the `Decision` it is asked; the
timeouts are the table's. Players are table positions 0..3 (player 0 deals first); a
player's seat in a hand is their wind that hand. Every view is built from the state's
observation of the viewer (`observation(SPECTATOR)` for someone watching) and their
event stream (`MatchState.events_for`).

Each hand's wall is committed to before the deal and revealed after the hand
(`mahjongkit.game.fairness`): every view carries the hand's ``commitment``, the hash alone
while it is played, and the result of a finished hand its seed and salt. The seeds come
from the operating system's secure random source (``walls="secret"``), or from the
table's seed where it was chosen (``"derived"``: tests, reproductions); tables stored
before commitments keep their walls from the match's generator (``"match"``).

The game is rebuilt exactly from its configuration and each hand's wall seed and actions
(`stored_log`), and the bots decide from the decision they are asked and the player's
history in the hand alone, so a stored game resumes where it was and plays on as it
would have without the stop.

>>> game = TableGame(TableConfig("mcr", seed=1, seats=("human", "random", "random", "random")))
>>> game.pending() == (0,) or game.state.phase.value == "claim"
True
>>> view = game.view(0)
>>> len(view["you"]["concealed"]) in (13, 14), "wall" in view
(True, False)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import MISSING, dataclass, fields
from typing import Any

from mahjongkit.bots import BOTS, Bot
from mahjongkit.errors import IllegalActionError, MahjongError
from mahjongkit.game.actions import DISCARDS, PASS, Action, ActionKind
from mahjongkit.game.events import SEAT_NAMES, Event, EventKind
from mahjongkit.game.fairness import InvalidCommitmentError, WallSeed, commitment_input, wall_of
from mahjongkit.game.match import HAND_LIMIT, MatchHand
from mahjongkit.game.match_state import MANUAL, Automations, MatchPhase, MatchState
from mahjongkit.game.observation import SPECTATOR, Observation
from mahjongkit.game.state import HandState
from mahjongkit.game.wall import Wall
from mahjongkit.game.wall_check import check_hand
from mahjongkit.hand import Meld
from mahjongkit.money.settlement import PLAYERS, balances
from mahjongkit.money.table_points import (
    PLACE_POINTS,
    as_number,
    as_text,
    placings,
    table_points,
)
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.scoring.result import Score
from mahjongkit.tiles import NAMES, counts_to_tiles
from mahjongkit.web.hand_help import hand_help
from mahjongkit.web.models import HUMAN
from mahjongkit.web.sheets import items_json

TABLE_AUTOMATIONS = Automations(deal=False)
"""What the match does by itself at a table: the instant flower win, a forced pass, the
move to the next deal or the end; the next hand is dealt when a person asks (``next``),
or at once at a table of bots."""

SEAT_DRAWS = PLAYERS
"""Numbers the table's generator gives away before the first wall: the four seats once
drew their bots' generators from it, and games stored then must deal the same walls."""

WALL_SOURCES = ("secret", "derived", "match")
"""Where a table's walls come from: a committed seed and salt from the operating system's
secure random source for each hand; the same, derived from the table's chosen seed; the
match's generator, without a commitment (tables stored before commitments)."""

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
    ``walls`` is where each hand's wall comes from (`WALL_SOURCES`); a stored
    configuration without it is of a table stored before commitments (``"match"``).
    ``help`` shows each person the analysis of their own hand (`web.hand_help`); a stored
    configuration without it has it on.

    >>> TableConfig.from_json({"ruleset": "mcr", "seats": ["human"] * 4}).turn_timeout
    90.0
    >>> TableConfig("mcr", claim_timeout=True)  # a request is read by `models.TableRequest`
    Traceback (most recent call last):
    ...
    mahjongkit.web.table.TableError: claim_timeout must be a number of seconds, not True
    """

    ruleset: str
    seed: int = 0
    seats: tuple[str, ...] = (HUMAN, "random", "random", "random")
    names: tuple[str, ...] = ("Player 1", "Player 2", "Player 3", "Player 4")
    hands: int | None = None
    claim_timeout: float = 15.0
    turn_timeout: float = 90.0
    walls: str = "derived"
    help: bool = True

    def __post_init__(self) -> None:
        if len(self.seats) != PLAYERS or len(self.names) != PLAYERS:
            raise TableError("a table has four seats, each with a name")
        for kind in self.seats:
            if kind != HUMAN and kind not in BOTS:
                known = ", ".join([HUMAN, *sorted(BOTS)])
                raise TableError(f"unknown seat kind {kind!r}; known: {known}")
        if isinstance(self.hands, bool) or not isinstance(self.hands, int | None):
            raise TableError(f"hands must be a whole number or null, not {self.hands!r}")
        for name in ("claim_timeout", "turn_timeout"):
            seconds = getattr(self, name)
            if isinstance(seconds, bool) or not isinstance(seconds, int | float):
                raise TableError(f"{name} must be a number of seconds, not {seconds!r}")
        if self.hands is not None and not 1 <= self.hands <= HAND_LIMIT:
            raise TableError(f"hands must be 1..{HAND_LIMIT}, not {self.hands}")
        if not 1 <= self.claim_timeout <= 600:
            raise TableError(f"the claim timeout must be 1..600 seconds, not {self.claim_timeout}")
        if self.turn_timeout != 0 and not 1 <= self.turn_timeout <= 3600:
            raise TableError(
                f"the turn timeout must be 1..3600 seconds or 0 (none), not {self.turn_timeout}"
            )
        if not isinstance(self.help, bool):
            raise TableError(f"help must be true or false, not {self.help!r}")
        if self.walls not in WALL_SOURCES:
            raise TableError(f"walls must be one of {', '.join(WALL_SOURCES)}, not {self.walls!r}")
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
            "walls": self.walls,
            "help": self.help,
        }

    def to_request(self) -> dict[str, Any]:
        """The configuration as a request for a new table (``POST /api/tables``): all of
        it but where the walls come from, which is the server's to decide.

        >>> sorted(TableConfig("mcr", seed=5).to_request())[:3]
        ['claim_timeout', 'hands', 'help']
        """
        return {k: v for k, v in self.to_json().items() if k != "walls"}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableConfig:
        """The inverse of `to_json`; a missing or null key takes its default (``ruleset``
        has none)."""
        defaults = {f.name: f.default for f in fields(cls) if f.default is not MISSING}
        get = defaults | {"walls": "match"} | {k: v for k, v in data.items() if v is not None}
        try:
            return cls(
                str(get["ruleset"]),
                int(get["seed"]),
                tuple(str(s) for s in get["seats"]),
                tuple(str(n) for n in get["names"]),
                None if get["hands"] is None else int(get["hands"]),
                float(get["claim_timeout"]),
                float(get["turn_timeout"]),
                str(get["walls"]),
                get["help"],
            )
        except TableError:
            raise
        except KeyError as err:
            raise TableError(f"a table needs {err.args[0]!r}") from None
        except (TypeError, ValueError) as err:
            raise TableError(f"a table setting has the wrong type: {err}") from None


def default_names(seats: Sequence[str], names: Sequence[str] = ()) -> tuple[str, ...]:
    """Each player's name at a table of ``seats``: the one given, else "Player 2" for a
    person and the bot's name for a bot, numbered by table position when bots of a kind
    share the table. A name stays with its player; a wind would not, since the seats
    rotate after the first hand.

    >>> default_names(("human", "defender", "random", "random"), ["Ann"])
    ('Ann', 'Defender (bot)', 'Random 3 (bot)', 'Random 4 (bot)')
    >>> default_names(("human",) * 4, ["", "Bo"])
    ('Player 1', 'Bo', 'Player 3', 'Player 4')
    """
    out = []
    for p, kind in enumerate(seats):
        given = names[p] if p < len(names) else ""
        if given:
            out.append(given)
        elif kind == HUMAN:
            out.append(f"Player {p + 1}")
        elif list(seats).count(kind) > 1:
            out.append(f"{kind.capitalize()} {p + 1} (bot)")
        else:
            out.append(f"{kind.capitalize()} (bot)")
    return tuple(out)


def event_line(event: Event, name_of: Callable[[int], str]) -> str:
    """An event as a line of a log: each seat named by its player (``name_of(seat)``),
    the seat wind beside the name, the discarder of a claimed tile too.

    >>> names = ["Ann", "Bo", "Cy", "Di"]
    >>> event_line(Event(EventKind.PUNG, 2, 4, 1), names.__getitem__)
    'Cy (W) pung 5m from Bo (S)'
    """
    text = str(event)
    if event.seat < 0:
        return text
    rest = text[1:]
    giver = event.detail & 3
    kind = event.kind
    if kind in (EventKind.PUNG, EventKind.KONG) or (kind is EventKind.WIN and giver != event.seat):
        wind = SEAT_NAMES[giver]
        rest = rest.replace(f" from {wind}", f" from {name_of(giver)} ({wind})", 1)
    return f"{name_of(event.seat)} ({text[0]}){rest}"


def named(text: str, name: str) -> str:
    """A line about a seat ("E discard 5m") naming its player as the table does, the seat
    wind beside the name.

    >>> named("E discard 5m", "Ann")
    'Ann (E) discard 5m'
    """
    return f"{name} ({text[0]}){text[1:]}"


class TableGame:
    """A match between people and bots that waits for people. See the module docstring.

    ``hand_logs`` are each hand's actions so far, as (seat, action index), the match's own
    included: a stored game's, to rebuild it. Each is a list of actions, or (as
    `stored_log` gives them back) ``{"seed", "salt", "actions"}`` with the hand's wall seed
    and salt in hex: a table whose walls are ``"secret"`` needs them. With
    ``advance=False`` the bots wait to be moved (`advance` with a limit): a server plays a
    table of bots a few moves at a time rather than the whole match at once."""

    def __init__(
        self, config: TableConfig, hand_logs: Sequence[Any] = (), *, advance: bool = True
    ) -> None:
        self.config = config
        self.ruleset = get_ruleset(config.ruleset)
        self.rules = self.ruleset.table
        rng = random.Random(config.seed)
        for _ in range(SEAT_DRAWS):
            rng.getrandbits(64)
        self.match = MatchState(
            self.ruleset,
            config.seed,
            seating=(0, 1, 2, 3),
            rng=rng,
            max_hands=config.hands,
            automations=MANUAL,
        )
        # A ruleset's time limit is a competition's clock (000 l.102), kept by its
        # arbiter: the web table plays the game's hands, as it always has.
        self.match.time_limit = None
        self.max_hands = self.match.max_hands
        self.bots: dict[int, Bot] = {
            p: BOTS[kind]() for p, kind in enumerate(config.seats) if kind != HUMAN
        }
        self._last: tuple[int, dict[str, Any]] | None = None
        """The last finished hand as the players are shown it, with the hands finished
        then."""
        self._help: dict[int, tuple[tuple[int, int], dict[str, Any] | None]] = {}
        """Each person's hand help with the decision it was computed for (`decision_key`):
        a view sent again for the same decision does not analyse the hand again."""
        self._walls: list[WallSeed | None] = []
        """Each hand's wall seed and salt (None for a wall from the match's generator)."""
        match = self.match
        for i, entry in enumerate(hand_logs):
            if i:
                match.next_hand()
            log = self._deal(entry)
            for seat, index in log:
                match.apply(match.player_at(int(seat)), Action.from_index(int(index)))
            self._show_finished()
        match.automations = TABLE_AUTOMATIONS
        if match.phase is MatchPhase.HAND_OVER:
            match.next_hand()
        elif not hand_logs:
            self._deal()
        if advance:
            self.advance()

    # -- where the match stands -------------------------------------------------------
    @property
    def state(self) -> HandState:
        """The hand on show: the one in play, or between hands the one just finished."""
        return self.match.hand

    @property
    def hands(self) -> tuple[MatchHand, ...]:
        """The finished hands: deal, record, money, scores after."""
        return self.match.hands

    @property
    def scores(self) -> list[int]:
        """Each player's points now."""
        return self.match.scores

    @property
    def over(self) -> bool:
        """True once the match has ended."""
        return self.match.over

    @property
    def between_hands(self) -> bool:
        """True after a finished hand, until the next is dealt (``next``)."""
        return self.match.phase is MatchPhase.DEAL

    @property
    def in_play(self) -> bool:
        """True while a hand is being played."""
        return self.match.phase is MatchPhase.PLAY

    @property
    def hand_logs(self) -> list[list[tuple[int, int]]]:
        """Each hand's actions so far as (seat, action index)."""
        logs = [list(h.record.actions) for h in self.match.hands]
        if self.in_play:
            logs.append([(s, a.to_index()) for s, a in self.match.hand.history])
        return logs

    @property
    def stored_log(self) -> list[Any]:
        """What a stored game keeps of each hand dealt: its wall's seed and salt (hex)
        with its actions as (seat, action index), or the actions alone for a wall from
        the match's generator. The current hand's seed is here too: the store must know
        it (a restarted server deals the same wall), the players must not."""
        out: list[Any] = []
        for fair, log in zip(self._walls, self.hand_logs, strict=False):
            if fair is None:
                out.append([list(a) for a in log])
            else:
                actions = [list(a) for a in log]
                out.append({"seed": fair.seed.hex(), "salt": fair.salt.hex(), "actions": actions})
        return out

    def _deal(self, entry: Any = None) -> list[tuple[int, int]]:
        """Deal the next hand from the wall the table's ``walls`` give it, or a stored
        hand's (``entry``, as `stored_log` keeps it); its stored actions, if any."""
        match = self.match
        number = match.hand_number + 1
        name = self.ruleset.name
        actions: Any = entry if entry is not None else []
        fair: WallSeed | None = None
        try:
            if isinstance(entry, dict):
                actions = entry["actions"]
                fair = WallSeed(
                    name, number, bytes.fromhex(entry["seed"]), bytes.fromhex(entry["salt"])
                )
            elif self.config.walls == "derived":
                fair = WallSeed.derived(name, number, self.config.seed)
            elif self.config.walls == "secret":
                if entry is not None:
                    raise TableError(f"stored hand {number} has no wall seed and salt")
                fair = WallSeed.fresh(name, number)
        except (KeyError, TypeError, ValueError, InvalidCommitmentError) as err:
            raise TableError(f"stored hand {number}'s wall cannot be read: {err!r}") from None
        self._walls.append(fair)
        match.deal(fair=fair)
        return [(int(s), int(i)) for s, i in actions]

    def player_at(self, seat: int) -> int:
        """The player sitting in ``seat`` (0 East) in the hand on show."""
        return self.match.player_at(seat)

    def seat_of(self, player: int) -> int:
        """The seat (wind) of ``player`` in the hand on show."""
        return self.match.seat_of(player)

    def pending(self) -> tuple[int, ...]:
        """The people (players) who must decide now."""
        return tuple(p for p in self.match.to_act() if p not in self.bots)

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
        return (self.match.hand_number, len(self.state.history))

    @property
    def has_people(self) -> bool:
        """True when any seat is a person's."""
        return len(self.bots) < PLAYERS

    # -- acting -----------------------------------------------------------------------
    def advance(self, limit: int | None = None) -> bool:
        """Let the bots act until a person must (the match takes its own decisions: the
        instant flower win, a forced pass); at a table of bots, deal on. With ``limit``,
        stop after that many bot moves. True when the bots have more to do.

        >>> game = TableGame(TableConfig("mcr", seed=1, seats=("random",) * 4, hands=1),
        ...                  advance=False)
        >>> game.advance(limit=3), len(game.state.history)
        (True, 3)
        >>> game.advance(), game.over
        (False, True)
        """
        match = self.match
        moves = 0
        while True:
            if match.phase is MatchPhase.PLAY:
                for player in match.to_act():
                    bot = self.bots.get(player)
                    if bot is not None:
                        if limit is not None and moves >= limit:
                            return True
                        decision = match.decision(player)
                        match.apply(player, bot.act(match.observation(player), decision))
                        moves += 1
                        break
                else:
                    return False
                continue
            self._show_finished()
            if match.phase is not MatchPhase.DEAL or self.has_people:
                return False
            if limit is not None and moves >= limit:
                return True
            self._deal()

    def act(self, player: int, action: Action | str) -> None:
        """``player`` does ``action`` (an `Action` or its notation); then the bots act.
        The match takes what its rules take (`MatchState.verify`): a refusal says why."""
        if type(player) is not int or not 0 <= player < PLAYERS:
            raise TableError(f"no player {player!r} (players are 0..3)")
        if player in self.bots:
            raise TableError(f"player {player} is a bot")
        if not self.in_play:
            raise TableError("no hand is being played")
        try:
            taken = self.match.verify(player, action)
        except IllegalActionError as err:
            raise TableError(str(err)) from None
        self.match.apply(player, taken)
        self.advance()

    def time_out(self, key: tuple[int, int]) -> bool:
        """The decision of ``key`` has run out of time: in a claim window everyone still
        asked passes; on a person's turn the tile they drew is discarded (see
        `timed_out_discard`). Returns False when that decision has already been made."""
        if key != self.decision_key:
            return False
        match = self.match
        if self.claim_open:
            for player in self.pending():
                if self.in_play and PASS in match.legal_actions(player):
                    match.apply(player, PASS)
        elif self.turn_waiting:
            player = self.pending()[0]
            match.apply(player, timed_out_discard(self.state, self.seat_of(player)))
        else:
            return False
        self.advance()
        return True

    def next_hand(self) -> None:
        """Deal the next hand after a finished one; the bots act."""
        if self.over:
            raise TableError("the match is over")
        if not self.between_hands:
            raise TableError("the hand is still being played")
        self._deal()
        self.advance()

    # -- what a player sees -----------------------------------------------------------
    def _show_finished(self) -> None:
        """Between hands (or at the end): keep the hand just finished as the players are
        shown it, while its state is still the hand on show."""
        done = len(self.match.hands)
        if done and (self._last is None or self._last[0] != done):
            self._last = (done, self._result_view(self.state, self.match.hands[-1], done))

    def _result_view(self, state: HandState, hand: MatchHand, number: int) -> dict[str, Any]:
        result = state.result
        assert result is not None
        deal = hand.deal
        commitment = hand.record.commitment
        wins = []
        for seat, s in zip(result.winners, result.scores, strict=True):
            wins.append(
                {
                    "player": deal.player_at(seat),
                    "hand": str(s.hand),
                    "total": s.total,
                    "qualifies": s.qualifies,
                    "items": items_json(s),
                    "sets": _sets_json(s),
                    "flowers": [NAMES[f] for f in s.hand.flowers],
                }
            )
        out: dict[str, Any] = {
            "hand_number": number,
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
        if commitment is not None:  # the seed and salt revealed, the hand being over
            out["commitment"] = commitment.to_json()
        return out

    def view(self, player: int) -> dict[str, Any]:
        """Everything ``player`` may know now, as JSON: the match's observation of them
        and their event stream, never another player's concealed tiles, the tile of
        another's concealed kong, or the wall. A `SPECTATOR` sees what everyone at the
        table sees (`MatchState.observation`): ``player`` is ``None`` and ``you`` holds
        no tiles and no actions."""
        watching = player == SPECTATOR
        match = self.match
        obs = match.observation(SPECTATOR if watching else player)
        in_play = self.in_play
        players = []
        for p in range(PLAYERS):
            s = self.seat_of(p)
            players.append(
                {
                    "name": self.config.names[p],
                    "kind": self.config.seats[p],
                    "wind": SEAT_NAMES[s],
                    "score": self.scores[p],
                    "dealer": s == 0,
                    "melds": [str(m) for m in obs.melds[s]],
                    "meld_sets": [self._meld_json(m, s) for m in obs.melds[s]],
                    "hidden_kongs": obs.hidden_kongs[s],
                    "flowers": [NAMES[f] for f in obs.flowers[s]],
                    "discards": [
                        [NAMES[t], claimed, drawn]
                        for (t, claimed), drawn in zip(
                            obs.discards[s], obs.drawn_discards[s], strict=True
                        )
                    ],
                    "hand_size": obs.hand_sizes[s],
                    "ting": obs.ting[s],
                    "to_act": in_play and s in obs.to_act,
                }
            )
        concealed = counts_to_tiles(obs.concealed)
        last = obs.last_tile
        if last >= 0 and last in concealed:
            concealed.remove(last)
        legal = [str(a) for a in obs.legal_actions] if in_play else []
        hand_events = len(self.state.events)
        since = match.event_count - min(hand_events, LOG_LENGTH)
        shown = match.events_for(SPECTATOR if watching else player, since=since)
        events = [e.event for e in shown]
        if obs.centre:
            events = _latest_discard_only(events)
        log = [_event_text(e, seen.player, self) for e, seen in zip(events, shown, strict=True)]
        narrated = [
            _event_json(e, seen.index, seen.player, self)
            for e, seen in zip(events, shown, strict=True)
        ]
        commitment = match.commitment  # the hash alone until the hand is over
        out: dict[str, Any] = {
            "ruleset": self.ruleset.name,
            "ruleset_title": self.ruleset.title,
            "unit": self.ruleset.scoring.unit,
            "player": None if watching else player,
            "players": players,
            "hand_number": match.hand_number,
            "max_hands": self.max_hands,
            "round": match.hand_deal.label(),
            "prevalent_wind": NAMES[obs.prevalent_wind],
            "phase": obs.phase if in_play else ("over" if self.over else "between"),
            "turn": self.player_at(obs.turn) if in_play else None,
            "wall_live": obs.wall_live,
            "dead_wall": max(obs.wall_remaining - obs.wall_live, 0),
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
            "events": narrated,
            "last_hand": self._last[1] if self._last else None,
            "over": self.over,
            "help_on": self.config.help,
        }
        if commitment is not None:  # a table stored before commitments has none
            out["commitment"] = commitment.to_json()
        if self.config.help and in_play and not watching:
            out["help"] = self.hand_help(player, obs)
        if self.over:
            out["final"] = {
                "scores": list(self.scores),
                "table_points": self._table_points(),
                "ranking": self.ranking(),
                "closing_payments": [p.to_json() for p in match.closing],
            }
        return out

    def _table_points(self) -> list[int | float] | None:
        """Each player's table points for the final scores, where the ruleset has them."""
        places = self.ruleset.place_points
        if places is None:
            return None
        return [as_number(x) for x in table_points(self.scores, places)]

    def ranking(self) -> dict[str, Any]:
        """How the final scores rank the players, as the page explains it: ``by``
        ``"table_points"`` (MCR's 4/2/1/0, equal scores sharing the points of the places
        they hold, 002 l.218-221: `money.table_points.placings`) or ``"score"`` (a
        Taiwanese game, won by the highest score, 003 l.59); each group of players on one
        score with the places it holds and, with table points, those places' points, their
        sum and each one's share.

        >>> game = TableGame(TableConfig("mcr", seed=1, seats=("random",) * 4, hands=1))
        >>> sorted(game.ranking()), game.ranking()["by"]
        (['by', 'groups', 'place_points'], 'table_points')
        """
        points = self.ruleset.place_points
        groups = []
        for placing in placings(self.scores, points or PLACE_POINTS):
            group: dict[str, Any] = {
                "players": list(placing.players),
                "score": placing.score,
                "places": list(placing.places),
            }
            if points:
                group |= {
                    "place_points": list(placing.place_points),
                    "total": sum(placing.place_points),
                    "share": as_number(placing.share),
                    "share_text": as_text(placing.share),
                }
            groups.append(group)
        return {
            "by": "table_points" if points else "score",
            "place_points": list(points) if points else None,
            "groups": groups,
        }

    def hand_help(self, player: int, obs: Observation | None = None) -> dict[str, Any] | None:
        """The analysis of ``player``'s own hand now (`web.hand_help`), computed once per
        decision; ``obs`` is their observation when the caller has it."""
        key = self.decision_key
        cached = self._help.get(player)
        if cached is not None and cached[0] == key:
            return cached[1]
        if obs is None:
            obs = self.match.observation(player)
        help = hand_help(obs, self.ruleset)
        self._help[player] = (key, help)
        return help

    def _meld_json(self, meld: Meld, seat: int) -> dict[str, Any]:
        """A declared set as the page lays it out: its tiles, the claimed tile and the
        player it came from (`Meld.source` counts 1 left, 2 opposite, 3 right), whether
        it is a concealed kong (``face_down``: the others see backs) or a promoted one."""
        source = meld.source
        return {
            "tiles": [NAMES[t] for t in meld.tiles],
            "claimed": None if meld.claimed is None else NAMES[meld.claimed],
            "from": None if source is None else self.player_at((seat - source) % PLAYERS),
            "face_down": meld.concealed,
            "promoted": meld.promoted,
        }

    def _last_discarder(self) -> int | None:
        """The player who discarded last this hand (the page marks that tile)."""
        for event in reversed(self.state.events):
            if event.kind is EventKind.DISCARD:
                return self.player_at(event.seat)
        return None

    def wall_proof(self, hand: int) -> dict[str, Any]:
        """How a finished hand's wall can be checked (the replay page shows it): its
        commitment with the revealed seed and salt, the exact text hashed, and the
        server's recomputation from the seed (`mahjongkit.game.wall_check`): the wall, the
        dice, each player's deal, and whether the record matches."""
        match_hand = self.hands[hand]
        record = match_hand.record
        check = check_hand(record, hand + 1)
        out: dict[str, Any] = {"check": check.to_json(), "commitment": None, "hashed": None}
        c = record.commitment
        if c is not None and c.revealed:
            out["commitment"] = c.to_json()
            try:
                fair = c.wall_seed()
            except InvalidCommitmentError:
                return out
            out["hashed"] = commitment_input(c.ruleset, c.hand, fair.seed, fair.salt).decode()
            tiles, dice = wall_of(self.ruleset, fair.seed)
        elif c is None and record.seed is not None:  # a table stored before commitments
            wall = Wall.shuffled(self.ruleset, random.Random(record.seed))
            tiles, dice = wall.tiles, wall.dice
        else:
            return out
        dealt = Wall(self.ruleset.play, tiles, dice).deal()
        deal = match_hand.deal
        out["recomputed"] = {
            "wall": [NAMES[t] for t in tiles],
            "dice": [list(d) for d in dice],
            "deal": [[NAMES[t] for t in dealt[deal.seat_of(p)]] for p in range(PLAYERS)],
            "matches_record": tiles == record.wall and dice == record.dice,
        }
        return out

    def summary(self) -> dict[str, Any]:
        """The public state of the match for the history page."""
        return {
            "hands": len(self.hands),
            "scores": list(self.scores),
            "over": self.over,
            "table_points": self._table_points() if self.over else None,
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
            "closing_payments": [p.to_json() for p in self.match.closing],
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


def _event_json(event: Event, index: int, player: int, game: TableGame) -> dict[str, Any]:
    """An event as the page narrates it: its place in the match's stream (the page shows
    each new one in turn), its kind, the player and the tile (``None`` where hidden from
    the viewer); ``from`` the player a claimed tile or a won discard came from; ``ting``
    for a discard declaring Ting; ``text`` the log's line.

    >>> game = TableGame(TableConfig("mcr", seed=1, seats=("random",) * 4, hands=1))
    >>> shown = game.view(0)["events"][-1]
    >>> sorted(shown)
    ['from', 'index', 'kind', 'player', 'text', 'tile', 'ting']
    """
    giver: int | None = None
    if event.kind in (EventKind.PUNG, EventKind.KONG):
        giver = game.player_at(event.detail & 3)
    elif event.kind is EventKind.CHOW:
        giver = game.player_at((event.seat - 1) % PLAYERS)  # a chow is from the left
    elif event.kind is EventKind.WIN and (event.detail & 3) != event.seat:
        giver = game.player_at(event.detail & 3)
    return {
        "index": index,
        "kind": event.kind.value,
        "player": player if player >= 0 else None,
        "tile": NAMES[event.tile] if event.tile >= 0 else None,
        "from": giver,
        "ting": event.kind is EventKind.DISCARD and event.detail == 1,
        "text": _event_text(event, player, game),
    }


def _sets_json(score: Score) -> list[list[str]]:
    """A winning hand in its sets as the scoring read it (the decomposition that scored),
    each set a list of tile names: the sets, the pair(s), the knitted and single tiles,
    each tile once; empty where the score has no decomposition.

    >>> from mahjongkit.hand import parse_hand
    >>> from mahjongkit.scoring import score
    >>> _sets_json(score(parse_hand("258m147p3sESWNCFP"), ruleset=get_ruleset("mcr")))
    [['2m', '5m', '8m', '1p', '4p', '7p', '3s'], ['E', 'S', 'W', 'N', 'C', 'F', 'P']]
    """
    d = score.decomposition
    if d is None:
        return []
    out = [[NAMES[t] for t in d.knitted]] if d.knitted else []
    out += [[NAMES[t] for t in g.tiles] for g in d.groups]
    out += [[NAMES[p], NAMES[p]] for p in d.pairs]
    singles = list(d.singles)
    for t in d.knitted:  # honours-and-knitted hands list the knitted tiles as singles too
        if t in singles:
            singles.remove(t)
    if singles:
        out.append([NAMES[t] for t in singles])
    return out


def _event_text(event: Event, player: int, game: TableGame) -> str:
    """An event as a line of the table's log, naming the player as well as the wind."""
    if player < 0:
        return str(event)
    names = game.config.names
    return event_line(
        event, lambda seat: names[player if seat == event.seat else game.player_at(seat)]
    )


__all__ = [
    "HUMAN",
    "LOG_LENGTH",
    "SPECTATOR",
    "TABLE_AUTOMATIONS",
    "WALL_SOURCES",
    "TableConfig",
    "TableError",
    "TableGame",
    "default_names",
    "event_line",
    "named",
]
