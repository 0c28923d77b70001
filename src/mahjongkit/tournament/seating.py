"""Seating an event: who plays whom, at which table and seat wind, round by round.

`seat` spreads players over the rounds so that any two meet as seldom as possible (the
social golfer problem with tables of four), then gives every player seat winds spread
over East, South, West and North as evenly as the rounds allow. Where no repeat is
forced it first looks, by a depth-first search, among the seatings that a turn of the
seats maps onto themselves (`_symmetric_search`); otherwise, or when that finds none, a
local search over swaps does the work (`_search`). Both are deterministic: the same seed
gives the same seating on every machine.

Players are numbered from 1. A count that is not a multiple of four is filled up with
**substitutes** (at most three), numbered after the players: 22 players sit as 24 seats,
seats 23 and 24 being substitutes whom the organiser fills with reserves (the same
reserve in the same substitute's seat all event long, so a repeat with a substitute seat
is a repeat with one person and is counted like any other).

>>> seating = seat(8, 2, seed=1)
>>> seating.repeats, seating.bounds.repeats          # two tables: repeats are forced
(4, 4)
>>> sorted(p for table in seating.rounds[0] for p in table) == list(range(1, 9))
True
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from mahjongkit.errors import MahjongError

WINDS = ("E", "S", "W", "N")
"""The seat winds, in the order of a table's seats."""

Table = tuple[int, int, int, int]
"""A table's players by seat wind: East, South, West, North."""

Round = tuple[Table, ...]
"""A round's tables, table 1 first."""

MAX_PLAYERS = 1000
MAX_ROUNDS = 40

TABU_LOW, TABU_HIGH = 4, 100
WIND_STEPS = 50_000
SHAKES = 8
REPAIR_BELOW = 6
REPAIR_NODES = 2_000
SYMMETRIC_TRIES = 12
SYMMETRIC_WORK = 40
TRIANGLE_CHECKS = 1_000
_PERMUTATIONS = tuple(itertools.permutations(range(4)))


class SeatingError(MahjongError, ValueError):
    """A seating request or seating that cannot be: ``code`` says which (``players``,
    ``rounds``, ``round``, ``player``, ``standings``, ``seating``).

    >>> seat(3, 2)
    Traceback (most recent call last):
    ...
    mahjongkit.tournament.seating.SeatingError: players must be 4..1000, not 3
    """

    def __init__(self, code: str, message: str) -> None:
        self.code = code
        super().__init__(message)


@dataclass(frozen=True)
class Bounds:
    """What no seating of these sizes can beat, and why: the fewest repeats (meetings of
    a pair beyond its first) and the fewest times the most-met pair meets.

    >>> lower_bounds(24, 8).repeats
    12
    """

    repeats: int
    max_meetings: int
    reason: str


def lower_bounds(seats: int, rounds: int) -> Bounds:
    """The repeats that ``rounds`` rounds of ``seats`` seats (a multiple of four) must have.

    Counting: each round every seat meets 3 others, so the rounds hold ``6 * tables *
    rounds`` meetings among ``seats * (seats - 1) / 2`` pairs; any beyond that are repeats
    (more than ``(seats - 1) / 3`` rounds force them). Few tables: with 1, 2 or 3 tables a
    table of a later round takes its four from fewer than four tables of round 1, so at
    least 6, 2 or 1 of its pairs met in round 1.

    >>> lower_bounds(24, 7).repeats, lower_bounds(24, 8).reason
    (0, '8 rounds hold 288 meetings among 276 pairs: at least 12 repeats')
    >>> lower_bounds(12, 3).reason
    '3 tables: each table of rounds 2..3 holds a pair that met in round 1: at least 6 repeats'
    """
    tables = seats // 4
    meetings = 6 * tables * rounds
    pairs = seats * (seats - 1) // 2
    counted = max(0, meetings - pairs)
    most = max(1 if rounds else 0, -(-meetings // pairs)) if pairs else 0
    reasons = []
    if counted:
        reasons.append(
            f"{rounds} rounds hold {meetings} meetings among {pairs} pairs: "
            f"at least {counted} repeats"
        )
    per_table = {1: 6, 2: 2, 3: 1}.get(tables, 0)
    few = per_table * tables * (rounds - 1) if rounds > 1 else 0
    if few > counted:
        held = "holds a pair" if per_table == 1 else f"holds {per_table} pairs"
        reasons = [
            f"{tables} table{'s' if tables > 1 else ''}: each table of rounds 2..{rounds} "
            f"{held} that met in round 1: at least {few} repeats"
        ]
    repeats = max(counted, few)
    if tables == 1:
        most = rounds
    elif repeats:
        most = max(most, 2)
    return Bounds(repeats, most, "; ".join(reasons) or "no repeat is forced")


@dataclass(frozen=True)
class Meeting:
    """Two players who sit at one table in ``times`` rounds."""

    players: tuple[int, int]
    times: int


@dataclass(frozen=True)
class Swap:
    """A seating after a manual swap, and the conflicts the swap caused: pairs it seats
    together who meet in another round too, and players whose winds it left less even
    than the rounds allow (their counts E, S, W, N)."""

    seating: Seating
    repeated_pairs: tuple[Meeting, ...]
    wind_conflicts: tuple[tuple[int, tuple[int, int, int, int]], ...]

    def describe(self) -> list[str]:
        """The conflicts in words, one a line (none: an empty list)."""
        lines = [
            f"players {m.players[0]} and {m.players[1]} now meet {m.times} times"
            for m in self.repeated_pairs
        ]
        lines += [
            f"player {p} now sits "
            + ", ".join(f"{w} {c}" for w, c in zip(WINDS, counts, strict=True))
            for p, counts in self.wind_conflicts
        ]
        return lines


@dataclass(frozen=True)
class Seating:
    """An event's seating: ``rounds[r][t]`` is table ``t + 1`` of round ``r + 1``, its
    players by seat wind. Seats above ``players`` are substitutes.

    >>> s = Seating(4, (((1, 2, 3, 4),), ((4, 3, 2, 1),)))
    >>> s.repeats, s.max_meetings, s.winds(1)
    (6, 2, (1, 0, 0, 1))
    """

    players: int
    rounds: tuple[Round, ...]
    seed: int = 0

    def __post_init__(self) -> None:
        seats = self.seats
        if seats < self.players or seats - self.players > 3:
            raise SeatingError(
                "seating", f"{self.players} players need {-(-self.players // 4)} tables"
            )
        for number, tables in enumerate(self.rounds, 1):
            _check_round(tables, seats, f"round {number}")

    @property
    def seats(self) -> int:
        """Players and substitutes: four a table."""
        return 4 * len(self.rounds[0]) if self.rounds else _seats_for(self.players)

    @property
    def substitutes(self) -> tuple[int, ...]:
        """The substitutes' seat numbers (after the players')."""
        return tuple(range(self.players + 1, self.seats + 1))

    def meetings(self) -> dict[tuple[int, int], int]:
        """How many rounds each pair (lower number first) shares a table, for pairs that do."""
        met: dict[tuple[int, int], int] = {}
        for tables in self.rounds:
            for table in tables:
                for a, b in itertools.combinations(sorted(table), 2):
                    met[a, b] = met.get((a, b), 0) + 1
        return met

    @property
    def repeats(self) -> int:
        """Meetings of a pair beyond its first, summed over pairs (0: nobody meets twice)."""
        return sum(times - 1 for times in self.meetings().values())

    @property
    def max_meetings(self) -> int:
        """The most rounds any two players share a table."""
        return max(self.meetings().values(), default=0)

    def repeated_pairs(self) -> tuple[Meeting, ...]:
        """The pairs who meet more than once, most often first."""
        met = self.meetings()
        pairs = sorted((-t, pair) for pair, t in met.items() if t > 1)
        return tuple(Meeting(pair, -t) for t, pair in pairs)

    @property
    def bounds(self) -> Bounds:
        """What no seating of this many seats and rounds can beat."""
        return lower_bounds(self.seats, len(self.rounds))

    def winds(self, player: int) -> tuple[int, int, int, int]:
        """How often ``player`` sits East, South, West and North."""
        counts = [0, 0, 0, 0]
        for tables in self.rounds:
            for table in tables:
                if player in table:
                    counts[table.index(player)] += 1
        return counts[0], counts[1], counts[2], counts[3]

    @property
    def ideal_wind_spread(self) -> int:
        """The least possible gap between a player's most and least held wind: 0 when the
        rounds are a multiple of four, else 1 (with four rounds or fewer: no wind twice)."""
        return 0 if len(self.rounds) % 4 == 0 else 1

    @property
    def wind_spread(self) -> int:
        """The largest gap, over players, between their most and least held wind."""
        return max(
            (max(c) - min(c) for c in (self.winds(p) for p in range(1, self.seats + 1))),
            default=0,
        )

    def with_round(self, number: int, tables: Iterable[Iterable[int]]) -> Seating:
        """This seating with round ``number`` (from 1) seated as ``tables`` instead (for a
        round seated by standings, `seat_by_standings`)."""
        self._round_index(number)
        new = tuple(_as_table(t) for t in tables)
        rounds = list(self.rounds)
        rounds[number - 1] = new
        return Seating(self.players, tuple(rounds), self.seed)

    def swap(self, round_number: int, a: int, b: int) -> Swap:
        """Swap players ``a`` and ``b`` in round ``round_number``: each takes the other's
        table and seat wind. Returns the new seating and the conflicts the swap causes.

        >>> s = Seating(8, (((1, 2, 3, 4), (5, 6, 7, 8)), ((1, 5, 2, 6), (3, 7, 4, 8))))
        >>> swap = s.swap(2, 2, 7)
        >>> [m.players for m in swap.repeated_pairs]
        [(2, 3), (2, 4), (5, 7), (6, 7)]
        >>> swap.describe()[-1]
        'player 7 now sits E 0, S 0, W 2, N 0'
        """
        index = self._round_index(round_number)
        for player in (a, b):
            if not 1 <= player <= self.seats or isinstance(player, bool):
                raise SeatingError("player", f"no player {player!r} (seats are 1..{self.seats})")
        if a == b:
            raise SeatingError("player", f"cannot swap player {a} with themself")
        swapped = {a: b, b: a}
        tables = tuple(_as_table(swapped.get(p, p) for p in table) for table in self.rounds[index])
        rounds = list(self.rounds)
        rounds[index] = tables
        after = Seating(self.players, tuple(rounds), self.seed)
        met = after.meetings()
        new_pairs: set[tuple[int, int]] = set()
        for player in (a, b):
            table = next(t for t in tables if player in t)
            old = next(t for t in self.rounds[index] if player in t)
            new_pairs.update(
                (min(player, q), max(player, q)) for q in table if q != player and q not in old
            )
        repeated = tuple(Meeting(pair, met[pair]) for pair in sorted(new_pairs) if met[pair] > 1)
        spread = after.ideal_wind_spread
        unbalanced = tuple(
            (p, after.winds(p))
            for p in sorted((a, b))
            if max(after.winds(p)) - min(after.winds(p)) > spread
        )
        return Swap(after, repeated, unbalanced)

    def to_dict(self) -> dict[str, object]:
        """The seating as JSON-ready data: the rounds' tables, the repeats against their
        lower bound, and every player's winds."""
        bounds = self.bounds
        return {
            "players": self.players,
            "substitutes": list(self.substitutes),
            "seed": self.seed,
            "rounds": [
                [
                    {"table": n, **dict(zip(WINDS, table, strict=True))}
                    for n, table in enumerate(tables, 1)
                ]
                for tables in self.rounds
            ],
            "repeats": self.repeats,
            "max_meetings": self.max_meetings,
            "repeated_pairs": [
                {"players": list(m.players), "times": m.times} for m in self.repeated_pairs()
            ],
            "lower_bound": {
                "repeats": bounds.repeats,
                "max_meetings": bounds.max_meetings,
                "reason": bounds.reason,
            },
            "winds": {
                "spread": self.wind_spread,
                "ideal_spread": self.ideal_wind_spread,
                "players": {
                    str(p): dict(zip(WINDS, self.winds(p), strict=True))
                    for p in range(1, self.seats + 1)
                },
            },
        }

    def _round_index(self, number: int) -> int:
        if isinstance(number, bool) or not 1 <= number <= len(self.rounds):
            raise SeatingError("round", f"no round {number!r} (rounds are 1..{len(self.rounds)})")
        return number - 1


def seat(players: int, rounds: int, seed: int | None = None, *, steps: int = 4_000) -> Seating:
    """Seat ``players`` (with substitutes up to a multiple of four) over ``rounds`` rounds:
    any two meet as seldom as possible, then everyone's seat winds are as even as can be.

    ``seed`` fixes the seating (``None``: a fresh seed, kept in `Seating.seed`); ``steps``
    caps the search's moves when the lower bound is out of reach (it stops sooner when it
    reaches the bound), and the tries of each search among symmetric seatings
    (`SYMMETRIC_WORK` a step).

    >>> s = seat(16, 5, seed=3)
    >>> s.repeats, s.wind_spread
    (0, 1)
    >>> seat(16, 5, seed=3) == s
    True
    """
    for name, value, high in (("players", players, MAX_PLAYERS), ("rounds", rounds, MAX_ROUNDS)):
        low = 4 if name == "players" else 1
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise SeatingError(name, f"{name} must be {low}..{high}, not {value!r}")
    if seed is None:
        seed = secrets.randbits(63)
    rng = random.Random(seed)
    seats = _seats_for(players)
    tables = None
    if _least_cost(seats, rounds) == 0:
        # Its own random stream, so that the swap search below seats as it always has.
        turns = random.Random(f"turns {seed}")
        tables = _symmetric_search(seats, rounds, turns, SYMMETRIC_WORK * steps)
    if tables is None:
        tables = _search(seats, rounds, rng, steps)
    seated = _seat_winds(tables, seats, rng)
    return Seating(
        players,
        tuple(tuple(_as_table(p + 1 for p in t) for t in tables) for tables in seated),
        seed,
    )


def seat_by_standings(standings: Sequence[int], before: Seating | None = None) -> Round:
    """A round seated by standings: the first four at table 1, the next four at table 2,
    and so on. Each table's winds go to whoever held them least in ``before`` (earlier
    rounds), the higher-placed player first on a tie.

    >>> seat_by_standings([8, 3, 5, 1, 2, 7, 4, 6])
    ((8, 3, 5, 1), (2, 7, 4, 6))
    """
    order = list(standings)
    if len(order) % 4 or not order:
        raise SeatingError(
            "standings", f"standings must list a multiple of four players, not {len(order)}"
        )
    seen: set[int] = set()
    for p in order:
        if isinstance(p, bool) or not isinstance(p, int) or p < 1:
            raise SeatingError("standings", f"a player is a number from 1, not {p!r}")
        if p in seen:
            raise SeatingError("standings", f"player {p} is listed twice")
        seen.add(p)
    held = {p: before.winds(p) for p in order} if before is not None else {}
    tables = []
    for start in range(0, len(order), 4):
        four = order[start : start + 4]
        counts = [held.get(p, (0, 0, 0, 0)) for p in four]
        best = min(_PERMUTATIONS, key=lambda w: sum(counts[i][w[i]] for i in range(4)))
        table = [0, 0, 0, 0]
        for i, wind in enumerate(best):
            table[wind] = four[i]
        tables.append(_as_table(table))
    return tuple(tables)


def _seats_for(players: int) -> int:
    return -(-players // 4) * 4


def _as_table(players: Iterable[int]) -> Table:
    four = tuple(players)
    if len(four) != 4:
        raise SeatingError("seating", f"a table seats four players, not {len(four)}: {four}")
    return four[0], four[1], four[2], four[3]


def _check_round(tables: Sequence[Table], seats: int, where: str) -> None:
    seen: list[int] = []
    for table in tables:
        if len(table) != 4:
            raise SeatingError("seating", f"{where}: a table seats four players, not {table}")
        seen.extend(table)
    if sorted(seen) != list(range(1, seats + 1)):
        raise SeatingError("seating", f"{where} does not seat players 1..{seats} once each")


def _greedy_round(n: int, m: list[int], rng: random.Random) -> list[list[int]]:
    """A round built player by player, each at the open table where they have met the
    fewest of those already seated (ties at random)."""
    order = list(range(n))
    rng.shuffle(order)
    tables: list[list[int]] = [[] for _ in range(n // 4)]
    for p in order:
        row = p * n
        best = -1
        ties: list[list[int]] = []
        for table in tables:
            if len(table) == 4:
                continue
            met = sum(m[row + q] for q in table) * 8 + len(table)
            if best < 0 or met < best:
                best, ties = met, [table]
            elif met == best:
                ties.append(table)
        ties[rng.randrange(len(ties))].append(p)
    return tables


def _meet(m: list[int], n: int, table: Sequence[int], step: int) -> None:
    for a, b in itertools.combinations(table, 2):
        m[a * n + b] += step
        m[b * n + a] += step


def _least_cost(n: int, rounds: int) -> int:
    """The least sum over pairs of C(meetings, 2) that rounds of n seats can have: the
    meetings spread evenly over the pairs (0: no repeat is forced)."""
    meetings = 6 * (n // 4) * rounds
    pairs = n * (n - 1) // 2
    each, extra = divmod(meetings, pairs)
    spread = extra * (each + 1) * each // 2 + (pairs - extra) * each * (each - 1) // 2
    return max(spread, lower_bounds(n, rounds).repeats)


def _search(n: int, rounds: int, rng: random.Random, steps: int) -> list[list[list[int]]]:
    """Tables of ``rounds`` rounds of seats 0..n-1 that seldom seat a pair together twice.

    A greedy start, then tabu search over swaps of two players of one round (after Dotú
    and Van Hentenryck's local search for the social golfer problem): each step makes the
    best swap that moves a player who meets a table-mate twice, and that player may not
    move again in that round for a few steps. The cost is the sum over pairs of C(times
    met, 2); after a long run without a new best, the search goes back to the best seating
    and shakes it with a few random swaps; it stops at the lower bound, after ``steps``
    steps, or when `SHAKES` shakes in a row found nothing better.
    """
    g = n // 4
    m = [0] * (n * n)
    tables: list[list[list[int]]] = []
    for _ in range(rounds):
        tables.append(_greedy_round(n, m, rng))
        for table in tables[-1]:
            _meet(m, n, table, 1)
    target = _least_cost(n, rounds)
    cost = sum(k * (k - 1) // 2 for k in m) // 2
    if cost <= target or g == 1:
        return tables
    where = [[0] * n for _ in range(rounds)]
    for r, tabs in enumerate(tables):
        for t, table in enumerate(tabs):
            for p in table:
                where[r][p] = t
    tabu: dict[tuple[int, int, int], int] = {}
    best_cost = cost
    best = [[list(t) for t in tabs] for tabs in tables]
    since_best = shakes = 0
    stall = 150 + 5 * n

    def apply(r: int, a: int, b: int) -> None:
        wr = where[r]
        ta, tb = wr[a], wr[b]
        table_a, table_b = tables[r][ta], tables[r][tb]
        an, bn = a * n, b * n
        for x in table_a:
            if x != a:
                m[an + x] -= 1
                m[x * n + a] -= 1
                m[bn + x] += 1
                m[x * n + b] += 1
        for y in table_b:
            if y != b:
                m[bn + y] -= 1
                m[y * n + b] -= 1
                m[an + y] += 1
                m[y * n + a] += 1
        table_a[table_a.index(a)] = b
        table_b[table_b.index(b)] = a
        wr[a], wr[b] = tb, ta

    def repair() -> int:
        """Seat afresh, one at a time, the rounds where a pair meets again, so that
        nobody meets anyone they meet in another round; the new cost."""
        for r in range(rounds):
            if not any(m[a * n + b] > 1 for t in tables[r] for a in t for b in t if a < b):
                continue
            for table in tables[r]:
                _meet(m, n, table, -1)
            fresh = _fresh_round(n, m, rng, REPAIR_NODES)
            for table in fresh or tables[r]:
                _meet(m, n, table, 1)
            if fresh is not None:
                tables[r] = fresh
                for t, table in enumerate(fresh):
                    for p in table:
                        where[r][p] = t
        return sum(k * (k - 1) // 2 for k in m) // 2

    for step in range(steps):
        if cost <= target:
            break
        least = 1 << 30
        moves: list[tuple[int, int, int]] = []
        for r in range(rounds):
            tabs = tables[r]
            wr = where[r]
            leave = [0] * n
            for table in tabs:
                for p in table:
                    row = p * n
                    leave[p] = sum(m[row + q] for q in table) - 3
            for a in range(n):
                if not leave[a]:
                    continue
                an = a * n
                ta = wr[a]
                table_a = tabs[ta]
                with_a = [sum(m[an + y] for y in table) - leave[a] for table in tabs]
                for tb, table_b in enumerate(tabs):
                    if tb == ta:
                        continue
                    join_a = with_a[tb]
                    for b in table_b:
                        bn = b * n
                        delta = join_a + sum(m[bn + x] for x in table_a) - 2 * m[an + b] - leave[b]
                        if delta > least:
                            continue
                        if (
                            cost + delta >= best_cost
                            and tabu.get((r, a, b) if a < b else (r, b, a), 0) > step
                        ):
                            continue
                        if delta < least:
                            least = delta
                            moves = [(r, a, b)]
                        else:
                            moves.append((r, a, b))
        if not moves:
            r = rng.randrange(rounds)
            a, b = rng.sample(range(n), 2)
            if where[r][a] == where[r][b]:
                continue
            moves, least = [(r, a, b)], _swap_delta(m, n, tables[r], where[r], a, b)
        r, a, b = moves[rng.randrange(len(moves))]
        apply(r, a, b)
        cost += least
        tabu[(r, a, b) if a < b else (r, b, a)] = step + rng.randrange(TABU_LOW, TABU_HIGH)
        if cost < best_cost and cost <= REPAIR_BELOW:
            cost = repair()
        if cost < best_cost:
            best_cost = cost
            best = [[list(t) for t in tabs] for tabs in tables]
            since_best = shakes = 0
        else:
            since_best += 1
        if since_best > stall:
            since_best = 0
            shakes += 1
            if shakes > SHAKES:
                break
            for r, tabs in enumerate(best):
                for t, table in enumerate(tabs):
                    for p in table:
                        where[r][p] = t
            for table in (t for tabs in tables for t in tabs):
                _meet(m, n, table, -1)
            tables = [[list(t) for t in tabs] for tabs in best]
            for table in (t for tabs in tables for t in tabs):
                _meet(m, n, table, 1)
            cost = best_cost
            for _ in range(max(2, n // 8)):
                r = rng.randrange(rounds)
                a, b = rng.sample(range(n), 2)
                if where[r][a] != where[r][b]:
                    cost += _swap_delta(m, n, tables[r], where[r], a, b)
                    apply(r, a, b)
    return best


def _symmetric_search(
    n: int, rounds: int, rng: random.Random, nodes: int
) -> list[list[list[int]]] | None:
    """Tables of ``rounds`` rounds of seats 0..n-1 where no pair meets twice, looked for
    among the seatings that a turn of the seats maps onto themselves; ``None`` if none
    is found within `SYMMETRIC_TRIES` searches of ``nodes`` tries for each orbit size.

    A turn by ``n / k`` seats (seat ``p`` to ``p + n / k``, modulo ``n``) splits the
    seats into orbits of ``k``; a seating it maps onto itself seats, with each table,
    the ``k - 1`` tables it turns into, so the search picks only one table in ``k``. For
    a few table counts ``k`` is tried (`_turn_orders`); that makes a depth-first search
    small enough to find, for instance, 24 x 6 and 24 x 7 seatings with no repeat in a
    fraction of a second or two, where the swap search of `_search` stops at a repeat
    or more. The seats are then renumbered at random, so the seed still varies the
    seating (the symmetry is only a way to search, not a property anyone sees).
    """
    g = n // 4
    for k in _turn_orders(g):
        for _ in range(SYMMETRIC_TRIES):
            found = _turned_seating(n, rounds, k, rng, nodes)
            if found is None:
                continue
            names = list(range(n))
            rng.shuffle(names)
            return [[[names[p] for p in table] for table in tabs] for tabs in found]
    return None


def _turn_orders(tables: int) -> list[int]:
    """The orbit sizes `_symmetric_search` tries for a round of ``tables`` tables: half
    the tables (two tables picked a round) when that is a whole number above 1, then all
    of them (one table picked a round).

    >>> _turn_orders(6), _turn_orders(7), _turn_orders(2), _turn_orders(1)
    ([3, 6], [7], [2], [])
    """
    orders = [tables // 2] if tables % 2 == 0 and tables >= 4 else []
    return orders + ([tables] if tables > 1 else [])


def _turned_seating(
    n: int, rounds: int, k: int, rng: random.Random, nodes: int
) -> list[list[list[int]]] | None:
    """A repeat-free seating that turning the seats by ``n / k`` maps onto itself (see
    `_symmetric_search`), by a depth-first search of at most ``nodes`` tries (tables
    tried and checks of strangers); ``None`` when it finds none.

    Round 1 is fixed (tables 1..4, 5..8, ... and their turns: any seating can be
    renumbered to start so), and the later rounds come in the order of seat 0's
    lowest table-mate. Each step seats the player with the fewest possible table-mates
    together with a table's worth of them, and the turns of that table; a round that
    leaves a player without enough mutual strangers for the rounds still to come
    (`_strangers_suffice`) is dropped at once.
    """
    shift = n // k
    full = (1 << n) - 1
    unmet = [full & ~(1 << p) for p in range(n)]
    first = [
        [(p + turn * shift) % n for p in range(4 * j, 4 * j + 4)]
        for j in range(shift // 4)
        for turn in range(k)
    ]
    for table in first:
        _strangers_meet(unmet, table)
    seating: list[list[list[int]]] = [first]
    tried = 0

    def fill(free: int, tables: list[list[int]], low: int) -> bool | None:
        """Complete the round being seated, then the rounds after it; ``None``: out of tries."""
        nonlocal tried
        tried += 1
        if tried > nodes:
            return None
        if not free:
            left = rounds - len(seating) - 1
            for p in range(n):
                enough, checks = _strangers_suffice(unmet, p, left)
                tried += checks
                if not enough:
                    return False
            seating.append([list(t) for t in tables])
            if not left:
                return True
            done = fill(full, [], min(t for t in tables[0] if t))
            if not done:
                seating.pop()
            return done
        player, mates = _most_constrained(free, unmet)
        if len(mates) < 3:
            return False
        rng.shuffle(mates)
        if player == 0:
            mates = sorted(q for q in mates if q > low)
        for i, a in enumerate(mates):
            with_a = [q for q in mates[i + 1 :] if unmet[a] >> q & 1]
            for j, b in enumerate(with_a):
                for d in with_a[j + 1 :]:
                    if not unmet[b] >> d & 1:
                        continue
                    turned = _turns([player, a, b, d], shift, k, n)
                    if turned is None or not _all_strangers(unmet, turned, free):
                        continue
                    for table in turned:
                        _strangers_meet(unmet, table)
                    taken = sum(1 << p for table in turned for p in table)
                    done = fill(free & ~taken, tables + turned, low)
                    for table in turned:
                        _strangers_part(unmet, table)
                    if done is not False:
                        return done
        return False

    return seating if fill(full, [], 0) else None


def _most_constrained(free: int, unmet: list[int]) -> tuple[int, list[int]]:
    """The unseated player (bits of ``free``) with the fewest unseated strangers, and those
    strangers; seat 0 first whenever it is unseated (the rounds are ordered by its table)."""
    if free & 1:
        return 0, _members(free & unmet[0])
    best, player = -1, -1
    rest = free
    while rest:
        low = rest & -rest
        p = low.bit_length() - 1
        rest ^= low
        count = (free & unmet[p]).bit_count()
        if best < 0 or count < best:
            best, player = count, p
            if count < 3:
                break
    return player, _members(free & unmet[player])


def _members(bits: int) -> list[int]:
    """The players whose bits are set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def _turns(table: list[int], shift: int, k: int, n: int) -> list[list[int]] | None:
    """``table`` and its ``k - 1`` turns by ``shift`` seats; ``None`` if they overlap."""
    turned = [[(p + turn * shift) % n for p in table] for turn in range(k)]
    seats = {p for t in turned for p in t}
    return turned if len(seats) == 4 * k else None


def _all_strangers(unmet: list[int], tables: list[list[int]], free: int) -> bool:
    """Whether every table's players are unseated (bits of ``free``) and have never met."""
    for table in tables:
        for i, a in enumerate(table):
            if not free >> a & 1:
                return False
            for b in table[i + 1 :]:
                if not unmet[a] >> b & 1:
                    return False
    return True


def _strangers_meet(unmet: list[int], table: list[int]) -> None:
    for a in table:
        for b in table:
            unmet[a] &= ~(1 << b)


def _strangers_part(unmet: list[int], table: list[int]) -> None:
    for a in table:
        for b in table:
            if a != b:
                unmet[a] |= 1 << b


def _strangers_suffice(unmet: list[int], player: int, rounds: int) -> tuple[bool, int]:
    """Whether ``player``'s strangers hold ``rounds`` disjoint threes of mutual strangers,
    the table-mates the rounds to come need, and the tries that took; after
    `TRIANGLE_CHECKS` tries it says yes (this is only a shortcut for the search)."""
    tries = 0

    def holds(left: int, count: int) -> bool:
        nonlocal tries
        tries += 1
        if not count or tries > TRIANGLE_CHECKS:
            return True
        if left.bit_count() < 3 * count:
            return False
        low = left & -left
        a = low.bit_length() - 1
        rest = left ^ low
        for b in _members(rest & unmet[a]):
            for c in _members(rest & unmet[a] & unmet[b] & ~((2 << b) - 1)):
                if holds(rest & ~(1 << b) & ~(1 << c), count - 1):
                    return True
        return holds(rest, count)

    return holds(unmet[player], rounds), tries


def _fresh_round(n: int, m: list[int], rng: random.Random, nodes: int) -> list[list[int]] | None:
    """A round of seats 0..n-1 where nobody meets anyone they have met (``m``), found by a
    depth-first search that seats first the player with the fewest possible table-mates;
    ``None`` when there is none or the search gives up after ``nodes`` tries."""
    order = list(range(n))
    rng.shuffle(order)
    free = [True] * n
    tables: list[list[int]] = []
    tried = 0

    def fill(left: int) -> bool:
        nonlocal tried
        if not left:
            return True
        tried += 1
        if tried > nodes:
            return False
        player, mates = -1, order
        for p in order:
            if free[p]:
                row = p * n
                can = [q for q in order if free[q] and q != p and not m[row + q]]
                if len(can) < 3:
                    return False
                if player < 0 or len(can) < len(mates):
                    player, mates = p, can
        free[player] = False
        for i, a in enumerate(mates):
            for j in range(i + 1, len(mates)):
                b = mates[j]
                if m[a * n + b]:
                    continue
                for d in mates[j + 1 :]:
                    if m[a * n + d] or m[b * n + d]:
                        continue
                    free[a] = free[b] = free[d] = False
                    tables.append([player, a, b, d])
                    if fill(left - 4):
                        return True
                    tables.pop()
                    free[a] = free[b] = free[d] = True
                    if tried > nodes:
                        free[player] = True
                        return False
        free[player] = True
        return False

    return tables if fill(n) else None


def _swap_delta(m: list[int], n: int, tabs: list[list[int]], wr: list[int], a: int, b: int) -> int:
    """The change of cost if ``a`` and ``b`` (at different tables) swap."""
    table_a, table_b = tabs[wr[a]], tabs[wr[b]]
    an, bn = a * n, b * n
    leave = sum(m[an + x] - 1 for x in table_a if x != a) + sum(
        m[bn + y] - 1 for y in table_b if y != b
    )
    join = sum(m[bn + x] for x in table_a if x != a) + sum(m[an + y] for y in table_b if y != b)
    return join - leave


def _seat_winds(tables: list[list[list[int]]], n: int, rng: random.Random) -> list[list[list[int]]]:
    """Each table's players ordered East, South, West, North so that every player's winds
    are as even as possible: table by table, the order that gives each player the winds
    they have held least, until no table changes; then, while some player's winds are
    less even than the rounds allow, their tables are reshuffled and settled again."""
    rounds = len(tables)
    ideal = 0 if rounds % 4 == 0 else 1
    counts = [[0, 0, 0, 0] for _ in range(n)]
    seated = [[list(t) for t in tabs] for tabs in tables]
    tables_of: list[list[list[int]]] = [[] for _ in range(n)]
    for tabs in seated:
        for table in tabs:
            rng.shuffle(table)
            for wind, p in enumerate(table):
                counts[p][wind] += 1
                tables_of[p].append(table)
    _settle_winds(seated, counts)
    for step in range(WIND_STEPS):
        uneven = [p for p in range(n) if max(counts[p]) - min(counts[p]) > ideal]
        if not uneven:
            break
        # An uneven player trades their most held wind for their least held one with the
        # table-mate sitting there, when that leaves the winds no less even overall (a
        # walk over equal seatings too; a worse trade now and then to leave a dead end).
        p = uneven[rng.randrange(len(uneven))]
        row = counts[p]
        high, low = row.index(max(row)), row.index(min(row))
        choices = [t for t in tables_of[p] if t[high] == p]
        table = choices[rng.randrange(len(choices))]
        q = table[low]
        change = row[low] - row[high] + 1 + counts[q][high] - counts[q][low] + 1
        if change > 0 and step % 16:
            continue
        table[high], table[low] = q, p
        row[high] -= 1
        row[low] += 1
        counts[q][low] -= 1
        counts[q][high] += 1
    return seated


def _settle_winds(seated: list[list[list[int]]], counts: list[list[int]]) -> None:
    """Reorder tables one at a time, each to the order whose players have held their new
    winds least, until no table changes."""
    for _ in range(100):
        changed = False
        for tabs in seated:
            for table in tabs:
                for wind, p in enumerate(table):
                    counts[p][wind] -= 1
                now = sum(counts[p][w] for w, p in enumerate(table))
                best = min(
                    _PERMUTATIONS, key=lambda w: sum(counts[table[i]][w[i]] for i in range(4))
                )
                if sum(counts[table[i]][best[i]] for i in range(4)) < now:
                    order = [0, 0, 0, 0]
                    for i, wind in enumerate(best):
                        order[wind] = table[i]
                    table[:] = order
                    changed = True
                for wind, p in enumerate(table):
                    counts[p][wind] += 1
        if not changed:
            return
