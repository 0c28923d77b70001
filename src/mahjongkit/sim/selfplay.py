"""Self-play of single hands: per-hand seeds from the run's seed, one hand's outcome.

Every hand of a run is a pure function of ``(run seed, hand number, rotation)``: its
wall is shuffled from `hand_seed`, which also names the hand's decisions for the bots'
chances (`mahjongkit.game.players.Decision`), so hands can be played in any order, on any
number of processes, and come out the same. A duplicate run plays each
wall four times, the line-up turned one seat further each time, or 24 times, every seating
of the line-up once (``seatings=24``, the IJCAI competitions' duplicate).

>>> job = HandJob(index=0, wall=0, rotation=0)
>>> out = play_job("mcr", ("random",) * 4, 7, job)
>>> out.kind in ("win", "draw"), len(out.points), sum(out.points) <= 0
(True, 4, True)
>>> play_job("mcr", ("random",) * 4, 7, job) == out
True
"""

from __future__ import annotations

import itertools
import random
import traceback
from collections.abc import Sequence
from dataclasses import dataclass, field

from mahjongkit.bots import Bot
from mahjongkit.botzone.external import bot_of
from mahjongkit.game.match_state import Automations, MatchState
from mahjongkit.game.runner import play
from mahjongkit.money.rotation import Deal
from mahjongkit.money.settlement import balances

_DEAL_BY_HAND = Automations(deal=False)
"""The run deals each hand's wall from its own seed (`hand_seed`)."""


def hand_seed(run_seed: int, wall: int) -> int:
    """The seed of a run's ``wall``-th wall (64 bits), the same on every process.

    >>> hand_seed(1, 0) == hand_seed(1, 0) != hand_seed(1, 1)
    True
    """
    return random.Random(f"mahjongkit-sim/{run_seed}/{wall}").getrandbits(64)


@dataclass(frozen=True, slots=True)
class HandJob:
    """One hand to play: its number in the run, its wall and the line-up's rotation."""

    index: int
    wall: int
    rotation: int = 0
    """The seating's number: a turn of the line-up (of 4), or a permutation (of 24)."""
    seatings: int = field(default=4, repr=False)
    """The seatings each wall is played in (`SEATINGS`)."""

    def entrants(self) -> tuple[int, int, int, int]:
        """Which line-up position sits in each seat (East first).

        >>> HandJob(1, 0, 1).entrants(), HandJob(1, 0, 1, seatings=24).entrants()
        ((3, 0, 1, 2), (0, 1, 3, 2))
        """
        if self.seatings == 24:
            return PERMUTATIONS[self.rotation]
        # Line-up position i sits in seat (i + rotation) % 4.
        r = self.rotation
        return ((0 - r) % 4, (1 - r) % 4, (2 - r) % 4, (3 - r) % 4)

    def prevalent(self) -> int:
        """The hand's prevalent wind (0 East .. 3 North): East, but in the IJCAI
        duplicate (24 seatings) the walls take East, South, West, North in turn (its rules
        PDF, "简介": a match is four walls, one of each prevalent wind).

        >>> HandJob(0, 5).prevalent(), HandJob(0, 5, seatings=24).prevalent()
        (0, 1)
        """
        return self.wall % 4 if self.seatings == 24 else 0


SEATINGS = (4, 24)
"""The duplicate seatings of a wall: the line-up turned round the four seats, or every
permutation of it (the IJCAI 2020 competition's, its rules PDF in
ailab-pku/Chinese-Standard-Mahjong: each wall 24 games, the seats permuted)."""
PERMUTATIONS: tuple[tuple[int, int, int, int], ...] = tuple(
    (a, b, c, d) for a, b, c, d in itertools.permutations(range(4))
)


def jobs(hands: int, duplicate: bool) -> list[HandJob]:
    """The run's hands in order: ``hands`` walls, each four times when ``duplicate``.

    >>> [(j.wall, j.rotation) for j in jobs(2, True)][:5]
    [(0, 0), (0, 1), (0, 2), (0, 3), (1, 0)]
    """
    if hands < 0:
        raise ValueError(f"the number of hands must not be negative, not {hands}")
    return [job_at(i, duplicate) for i in range(hands * (4 if duplicate else 1))]


def job_at(index: int, duplicate: bool, seatings: int = 4) -> HandJob:
    """The run's ``index``-th hand (so a run's hands need not be listed to be played);
    with ``duplicate`` each wall is played in ``seatings`` seatings (`SEATINGS`).

    >>> job_at(5, True), job_at(5, False)
    (HandJob(index=5, wall=1, rotation=1), HandJob(index=5, wall=5, rotation=0))
    >>> job_at(25, True, 24)
    HandJob(index=25, wall=1, rotation=1)
    """
    if not duplicate:
        return HandJob(index, index, 0)
    return HandJob(index, index // seatings, index % seatings, seatings)


@dataclass(frozen=True, slots=True)
class HandOutcome:
    """What one hand did, seats 0 East (the dealer) .. 3 North.

    ``bots`` names the bot in each seat and ``entrant`` which line-up position sat there;
    ``points`` is each seat's net money from the hand's settlement (the ruleset's table
    rules, dealer in seat 0); ``fans`` the items of each winning score.
    """

    index: int
    wall: int
    rotation: int
    bots: tuple[str, ...]
    entrant: tuple[int, ...]
    kind: str
    """``win``, ``draw``, ``void``, ``penalty`` (an offence ended it) or ``error``."""
    winners: tuple[int, ...] = ()
    self_drawn: bool = False
    totals: tuple[int, ...] = ()
    """Each winner's scored total."""
    fans: tuple[tuple[str, ...], ...] = ()
    """Each winner's item names."""
    points: tuple[int, ...] = (0, 0, 0, 0)
    error: str = ""
    record: str = ""
    """The engine's hand record as one JSON line, when asked for."""


def make_bots(names: Sequence[str]) -> list[Bot]:
    """Bots by name, in line-up order (``botzone:COMMAND`` a Botzone program)."""
    return [bot_of(name) for name in names]


def play_job(
    ruleset: str, lineup: Sequence[str], run_seed: int, job: HandJob, *, keep_record: bool = False
) -> HandOutcome:
    """Play one hand of a run as a one-hand `MatchState`, with the match's bot loop
    (`mahjongkit.game.runner.play`: a flower win declared at once, a bot with
    ``choose(legal, key)`` asked without its observation) and its money (the dealer in seat 0,
    an empty pot); an engine error becomes an ``error`` outcome."""
    if len(lineup) != 4:
        raise ValueError(f"a hand needs four bots, not {len(lineup)}")
    seed = hand_seed(run_seed, job.wall)
    entrant = job.entrants()
    names = tuple(lineup[e] for e in entrant)
    try:
        bots = make_bots(lineup)
        # One hand as a match of one hand: player p (dealer 0) sits in seat p.
        state = MatchState(
            ruleset,
            seed,
            seating=(0, 1, 2, 3),
            max_hands=1,
            automations=_DEAL_BY_HAND,
            first=Deal(prevalent=job.prevalent()),
        )
        state.deal(seed)
        play(state, [bots[e] for e in entrant])
        hand = state.hand
        result = hand.result
        assert result is not None
        money = state.last_money
        assert money is not None
    except Exception as err:  # a bad hand must not end a long run: counted as an error
        last = traceback.format_exc().strip().splitlines()[-1]
        return HandOutcome(
            job.index, job.wall, job.rotation, names, entrant, "error", error=f"{err!r} ({last})"
        )
    net = balances(money.payments)
    record = state.hands[-1].record.dumps() if keep_record else ""
    return HandOutcome(
        job.index,
        job.wall,
        job.rotation,
        names,
        entrant,
        result.kind,
        result.winners,
        result.self_drawn,
        tuple(s.total for s in result.scores),
        tuple(tuple(i.name for i in s.items) for s in result.scores),
        (net[0], net[1], net[2], net[3]),
        record=record,
    )


__all__ = [
    "PERMUTATIONS",
    "SEATINGS",
    "HandJob",
    "HandOutcome",
    "hand_seed",
    "job_at",
    "jobs",
    "make_bots",
    "play_job",
]
