"""A tournament event: its rules, its registered players, its rounds of tables, and who
was absent from a round and who sat in their place.

An event is a plain value kept as JSON (`Event.to_json`, `Event.from_json`); every change
that is refused raises `EventError` with a stable ``code`` and a message naming what is
wrong, and leaves the event as it was.

>>> event = Event("e1", "Spring Open", "mcr", rounds=2)
>>> [event.register(name).number for name in ("Ann", "Bo", "Cy", "Di")]
[1, 2, 3, 4]
>>> event.set_round(1, [(1, 2, 3, 4)])
>>> event.names(event.rounds[0].tables[0].seats)
['Ann', 'Bo', 'Cy', 'Di']
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from mahjongkit.errors import MahjongError
from mahjongkit.rules.ruleset import get_ruleset

SEATS = 4
"""Players at a table, in seat order East, South, West, North."""

TIE_RULES = ("shared", "best_game", "head_to_head")
"""What decides between players level on table points and total points (002 l.219
names only the total points): ``shared`` leaves them level, sharing the rank;
``best_game`` ranks the higher best single-game score first; ``head_to_head`` the one
with more table points in the games they played together (level again: shared)."""

MAX_ROUNDS = 50
MAX_PLAYERS = 1000
MAX_NAME = 80


class EventError(MahjongError, ValueError):
    """A change the event refuses; ``code`` is stable for programs, the message for people.

    >>> EventError("unknown_player", "no player 9").code
    'unknown_player'
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


@dataclass(slots=True)
class Player:
    """A registered player: a number given in order of registration, a name, and the
    optional club and EMA-style id. A substitute stands in for absentees; substitutes are
    listed but not ranked."""

    number: int
    name: str
    club: str = ""
    ema_id: str = ""
    substitute: bool = False

    def to_json(self) -> dict[str, Any]:
        """The player as JSON."""
        return {
            "number": self.number,
            "name": self.name,
            "club": self.club,
            "ema_id": self.ema_id,
            "substitute": self.substitute,
        }


@dataclass(slots=True)
class Table:
    """One table of a round: its four players' numbers in seat order (E, S, W, N)."""

    number: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Penalty:
    """Points taken from a player at a table, with the referee's reason; they come off the
    player's total points, not the table's scores (so the game still sums to zero), and
    ``table_points`` (a whole or half point, usually 0) off their table points."""

    seat: int
    points: int
    reason: str
    table_points: Fraction = Fraction(0)

    def to_json(self) -> dict[str, Any]:
        """The penalty as JSON (table points as a number: 1.5)."""
        tp = self.table_points
        return {
            "seat": self.seat,
            "points": self.points,
            "reason": self.reason,
            "table_points": int(tp) if tp.denominator == 1 else float(tp),
        }


@dataclass(frozen=True, slots=True)
class TableResult:
    """A table's result: each seat's final score (E, S, W, N), where it came from
    (``final``: typed; ``sheet``: a club scoresheet kept hand by hand; ``game``: played
    at the web table), that sheet's or game's id, and the penalties given."""

    scores: tuple[int, ...]
    source: str = "final"
    link: str = ""
    penalties: tuple[Penalty, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The result as JSON."""
        return {
            "scores": list(self.scores),
            "source": self.source,
            "link": self.link,
            "penalties": [p.to_json() for p in self.penalties],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> TableResult:
        """A result from `to_json`."""
        penalties = tuple(
            Penalty(p["seat"], p["points"], p["reason"], Fraction(str(p.get("table_points", 0))))
            for p in data.get("penalties", [])
        )
        source, link = data.get("source", "final"), data.get("link", "")
        return cls(tuple(data["scores"]), source, link, penalties)


@dataclass(slots=True)
class Round:
    """One round: its tables, who was replaced by whom (absent player -> substitute),
    each table's result once entered, and the scoresheet or game a table is kept on
    (``sheet:<id>``), all by table number."""

    number: int
    tables: list[Table] = field(default_factory=list)
    replaced: dict[int, int] = field(default_factory=dict)
    results: dict[int, TableResult] = field(default_factory=dict)
    links: dict[int, str] = field(default_factory=dict)

    def table_of(self, player: int) -> Table | None:
        """The table ``player`` sits at in this round (``None``: not seated)."""
        return next((t for t in self.tables if player in t.seats), None)


def _text(value: Any, what: str, limit: int = MAX_NAME, required: bool = True) -> str:
    if not isinstance(value, str):
        raise EventError("invalid_field", f"{what} must be text")
    text = " ".join(str(value).split())
    if required and not text:
        raise EventError("invalid_field", f"{what} must not be empty")
    if len(text) > limit:
        raise EventError("invalid_field", f"{what} is longer than {limit} characters")
    return text


@dataclass(slots=True)
class Event:
    """A tournament: name, ruleset, number of rounds, each session's length (minutes, or
    hands: a club's abbreviated game, 001 l.45), the tie rule (`TIE_RULES`), its players
    and rounds."""

    id: str
    name: str
    ruleset: str
    rounds_planned: int
    session_minutes: int | None = None
    session_hands: int | None = None
    tie_rule: str = "shared"
    players: list[Player] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)

    def __init__(
        self,
        id: str,
        name: str,
        ruleset: str,
        rounds: int,
        session_minutes: int | None = None,
        session_hands: int | None = None,
        tie_rule: str = "shared",
    ) -> None:
        self.id = id
        self.name = _text(name, "the event's name")
        try:
            self.ruleset = get_ruleset(ruleset).name
        except MahjongError as err:
            raise EventError("unknown_ruleset", str(err)) from None
        if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
            raise EventError("invalid_field", f"rounds must be 1..{MAX_ROUNDS}, not {rounds!r}")
        self.rounds_planned = rounds
        for what, value in (("session minutes", session_minutes), ("session hands", session_hands)):
            if value is not None and (isinstance(value, bool) or not 1 <= value <= 1000):
                raise EventError("invalid_field", f"{what} must be 1..1000, not {value!r}")
        self.session_minutes = session_minutes
        self.session_hands = session_hands
        if tie_rule not in TIE_RULES:
            raise EventError(
                "unknown_tie_rule", f"tie rule {tie_rule!r} is not one of {', '.join(TIE_RULES)}"
            )
        self.tie_rule = tie_rule
        self.players = []
        self.rounds = [Round(n) for n in range(1, rounds + 1)]

    # -- players ------------------------------------------------------------------------
    def register(
        self, name: str, club: str = "", ema_id: str = "", substitute: bool = False
    ) -> Player:
        """Register a player (or a substitute); names are unique within the event.

        >>> event = Event("e", "E", "mcr", 1)
        >>> _ = event.register("Ann")
        >>> event.register("ann ")
        Traceback (most recent call last):
        ...
        mahjongkit.tournament.events.EventError: 'ann' is registered already (player 1)
        """
        name = _text(name, "a player's name")
        for p in self.players:
            if p.name.casefold() == name.casefold():
                raise EventError(
                    "duplicate_player", f"{name!r} is registered already (player {p.number})"
                )
        if len(self.players) >= MAX_PLAYERS:
            raise EventError("too_many_players", f"an event has at most {MAX_PLAYERS} players")
        player = Player(
            len(self.players) + 1,
            name,
            _text(club, "a club", required=False),
            _text(ema_id, "an EMA id", 20, required=False),
            bool(substitute),
        )
        self.players.append(player)
        return player

    def player(self, number: int) -> Player:
        """The player with this number."""
        if isinstance(number, int) and 1 <= number <= len(self.players):
            return self.players[number - 1]
        raise EventError("unknown_player", f"no player {number!r} in {self.name!r}")

    def names(self, numbers: Iterable[int]) -> list[str]:
        """The names of these players."""
        return [self.player(n).name for n in numbers]

    def entrants(self) -> list[Player]:
        """The players the seating is made for (substitutes left out)."""
        return [p for p in self.players if not p.substitute]

    def fill_ins(self) -> int:
        """The substitutes a round seats to make full tables of four: 0 to 3.

        >>> event = Event("e", "E", "mcr", 1)
        >>> for name in "ABCDEF": _ = event.register(name)
        >>> event.fill_ins()
        2
        """
        return -len(self.entrants()) % SEATS

    # -- rounds -------------------------------------------------------------------------
    def round(self, number: int) -> Round:
        """Round ``number`` (1 first)."""
        if isinstance(number, int) and 1 <= number <= len(self.rounds):
            return self.rounds[number - 1]
        raise EventError("unknown_round", f"{self.name!r} has rounds 1..{len(self.rounds)}")

    def set_round(self, number: int, tables: Sequence[Sequence[int]]) -> None:
        """Seat round ``number``: each table's four players (numbers) in seat order. Every
        entrant sits exactly once; a substitute only in an absentee's place
        (`replace`). Refused for a round with a result already entered.

        A round seated again keeps its absentees absent: each one's substitute takes their
        new seat (the same substitute where free, else the first free one) until the
        organiser marks them back (`back`).

        >>> event = Event("e", "E", "mcr", 1)
        >>> for name in ("Ann", "Bo", "Cy", "Di"): _ = event.register(name)
        >>> _ = event.register("Sam", substitute=True)
        >>> event.set_round(1, [(1, 2, 3, 4)])
        >>> event.replace(1, 2, 5)
        >>> event.set_round(1, [(4, 3, 2, 1)])
        >>> event.round(1).tables[0].seats, event.absent(1)
        ((4, 3, 5, 1), {2: 5})
        """
        rnd = self.round(number)
        if rnd.results:
            raise EventError("round_has_results", f"round {number} has results: it stays seated")
        seen: dict[int, int] = {}
        for t, seats in enumerate(tables, 1):
            if len(seats) != SEATS:
                raise EventError(
                    "not_four_players", f"round {number} table {t} has {len(seats)} players, not 4"
                )
            for n in seats:
                player = self.player(n)
                if n in seen:
                    raise EventError(
                        "seated_twice",
                        f"{player.name} sits at tables {seen[n]} and {t} of round {number}",
                    )
                seen[n] = t
        missing = [p.name for p in self.entrants() if p.number not in seen]
        if missing:
            raise EventError("not_seated", f"round {number} does not seat {', '.join(missing)}")
        subs = [self.player(n).name for n in seen if self.player(n).substitute]
        if len(subs) > self.fill_ins():
            raise EventError(
                "substitute_seated",
                f"round {number} seats {', '.join(subs)}: a substitute fills a table only where "
                f"the entrants are not a multiple of four ({self.fill_ins()} needed here), "
                "or takes an absentee's place",
            )
        seats_by_table = [list(seats) for seats in tables]
        replaced = self._absent_again(number, seats_by_table, rnd.replaced)
        rnd.tables = [Table(t, tuple(seats)) for t, seats in enumerate(seats_by_table, 1)]
        rnd.replaced = replaced
        rnd.links = {}

    def _absent_again(
        self, number: int, tables: list[list[int]], absentees: dict[int, int]
    ) -> dict[int, int]:
        """Round ``number``'s ``absentees`` kept absent in its new ``tables`` (changed in
        place: each absentee's seat given to a substitute): absentee -> substitute."""
        kept: dict[int, int] = {}
        for absent, before in absentees.items():
            seated = {n for seats in tables for n in seats}
            free = [p.number for p in self.players if p.substitute and p.number not in seated]
            if not free:
                name = self.player(absent).name
                raise EventError(
                    "no_substitute_free",
                    f"{name} is marked absent from round {number} and no substitute is free "
                    f"to take their seat: register one, or mark {name} back in the round",
                )
            substitute = before if before in free else free[0]
            for seats in tables:
                if absent in seats:
                    seats[seats.index(absent)] = substitute
            kept[absent] = substitute
        return kept

    def replace(self, number: int, absent: int, substitute: int) -> None:
        """Mark ``absent`` absent from round ``number``, ``substitute`` taking their seat;
        the absentee gets nothing from that round, the substitute plays it unranked."""
        rnd = self.round(number)
        who, sub = self.player(absent), self.player(substitute)
        if not sub.substitute:
            raise EventError("not_a_substitute", f"{sub.name} is not registered as a substitute")
        if who.substitute:
            raise EventError("not_an_entrant", f"{who.name} is a substitute, not an entrant")
        if rnd.table_of(substitute) is not None:
            raise EventError("substitute_busy", f"{sub.name} already plays round {number}")
        table = rnd.table_of(absent)
        if table is None:
            raise EventError("not_seated", f"{who.name} has no seat in round {number}")
        if table.number in rnd.results:
            raise EventError(
                "table_has_result", f"round {number} table {table.number} has a result already"
            )
        table.seats = tuple(substitute if n == absent else n for n in table.seats)
        rnd.replaced[absent] = substitute

    def back(self, number: int, player: int) -> None:
        """Mark ``player``, absent from round ``number``, back in it: they take their seat
        again from their substitute.

        >>> event = Event("e", "E", "mcr", 1)
        >>> for name in ("Ann", "Bo", "Cy", "Di"): _ = event.register(name)
        >>> _ = event.register("Sam", substitute=True)
        >>> event.set_round(1, [(1, 2, 3, 4)])
        >>> event.replace(1, 2, 5)
        >>> event.back(1, 2)
        >>> event.round(1).tables[0].seats, event.absent(1)
        ((1, 2, 3, 4), {})
        """
        rnd = self.round(number)
        who = self.player(player)
        substitute = rnd.replaced.get(player)
        table = rnd.table_of(substitute) if substitute is not None else None
        if substitute is None or table is None:
            raise EventError("not_absent", f"{who.name} is not marked absent from round {number}")
        if table.number in rnd.results:
            raise EventError(
                "table_has_result", f"round {number} table {table.number} has a result already"
            )
        table.seats = tuple(player if n == substitute else n for n in table.seats)
        del rnd.replaced[player]

    def absent(self, number: int) -> dict[int, int]:
        """Round ``number``'s absentees and their substitutes."""
        return dict(self.round(number).replaced)

    # -- JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The event as JSON: players, seating, absentees and results."""
        return {
            "id": self.id,
            "name": self.name,
            "ruleset": self.ruleset,
            "rounds": self.rounds_planned,
            "session_minutes": self.session_minutes,
            "session_hands": self.session_hands,
            "tie_rule": self.tie_rule,
            "players": [p.to_json() for p in self.players],
            "seating": [
                {
                    "round": r.number,
                    "tables": [list(t.seats) for t in r.tables],
                    "replaced": {str(a): s for a, s in r.replaced.items()},
                    "results": {str(t): res.to_json() for t, res in sorted(r.results.items())},
                    "links": {str(t): link for t, link in sorted(r.links.items())},
                }
                for r in self.rounds
            ],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        """An event from `to_json`."""
        event = cls(
            data["id"],
            data["name"],
            data["ruleset"],
            data["rounds"],
            data.get("session_minutes"),
            data.get("session_hands"),
            data.get("tie_rule", "shared"),
        )
        event.players = [Player(**p) for p in data.get("players", [])]
        for r in data.get("seating", []):
            rnd = event.round(r["round"])
            rnd.tables = [Table(t, tuple(seats)) for t, seats in enumerate(r["tables"], 1)]
            rnd.replaced = {int(a): int(s) for a, s in r.get("replaced", {}).items()}
            rnd.results = {
                int(t): TableResult.from_json(res) for t, res in r.get("results", {}).items()
            }
            rnd.links = {int(t): str(link) for t, link in r.get("links", {}).items()}
        return event


__all__ = [
    "MAX_ROUNDS",
    "SEATS",
    "TIE_RULES",
    "Event",
    "EventError",
    "Penalty",
    "Player",
    "Round",
    "Table",
    "TableResult",
]
