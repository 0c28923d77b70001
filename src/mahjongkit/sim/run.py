"""A self-play run: its settings, its hands played in hand order, its statistics.

The hands are played on one or several processes (`mahjongkit.sim.workers`) and come back
in hand order, so the statistics (and any records) are the same for any number of
workers. Statistics are added hand by hand; each outcome is handed to ``on_hand`` (the
records file, say) as it comes, and kept only when asked (``keep_outcomes``), so a long
run's memory does not grow with its hands.

>>> run = simulate("mcr", ("random",) * 4, hands=3, seed=1)
>>> run.stats.hands, len(run.outcomes), run.complete
(3, 3, True)
>>> simulate("mcr", ("random",) * 4, hands=3, seed=1).outcomes == run.outcomes
True
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from mahjongkit.botzone.external import check_bot_name, is_program
from mahjongkit.botzone.seat import RULESET
from mahjongkit.rules.ruleset import get_ruleset
from mahjongkit.sim.errors import RunFailedError
from mahjongkit.sim.selfplay import SEATINGS, HandJob, HandOutcome, job_at
from mahjongkit.sim.stats import Stats
from mahjongkit.sim.workers import CHUNK, Engine, play_in_order


@dataclass(frozen=True)
class RunSettings:
    """What makes a run's hands: ruleset, line-up, seed, walls and ``duplicate``.

    >>> s = RunSettings("MCR", ("random",) * 4, seed=2, hands=3, duplicate=True).checked()
    >>> s.ruleset, s.total
    ('mcr', 12)
    >>> RunSettings.from_json(s.to_json()) == s
    True
    """

    ruleset: str
    bots: tuple[str, ...]
    seed: int = 0
    hands: int = 100
    """Walls to play (each four times with ``duplicate``)."""
    duplicate: bool = False
    seatings: int = 4
    """With ``duplicate``, the seatings each wall is played in: 4 turns of the line-up, or
    24, every permutation (`mahjongkit.sim.selfplay.SEATINGS`)."""

    @property
    def total(self) -> int:
        """Hands the run plays."""
        return self.hands * (self.seatings if self.duplicate else 1)

    def checked(self) -> RunSettings:
        """These settings with the ruleset's own name; `ValueError` (or the ruleset's error)
        naming what is wrong."""
        name = get_ruleset(self.ruleset).name
        if len(self.bots) != 4:
            raise ValueError(f"a table needs four bots, not {len(self.bots)}")
        for bot in self.bots:
            check_bot_name(bot)
            if is_program(bot) and name != RULESET:
                raise ValueError(
                    f"a Botzone program plays the {RULESET} table only, not {name}: {bot!r}"
                )
        if self.hands < 0:
            raise ValueError(f"the number of hands must not be negative, not {self.hands}")
        if self.seatings not in SEATINGS:
            raise ValueError(f"a wall's seatings are 4 or 24, not {self.seatings}")
        return RunSettings(
            name, tuple(self.bots), self.seed, self.hands, self.duplicate, self.seatings
        )

    def to_json(self) -> dict[str, Any]:
        """The settings as a JSON object (as the records file keeps them)."""
        return {
            "ruleset": self.ruleset,
            "bots": list(self.bots),
            "seed": self.seed,
            "hands": self.hands,
            "duplicate": self.duplicate,
        } | ({"seatings": self.seatings} if self.seatings != 4 else {})

    @classmethod
    def from_json(cls, data: Any) -> RunSettings:
        """Settings from `to_json`'s object; `ValueError` when a field is missing or wrong."""
        if not isinstance(data, dict):
            raise ValueError("the run's settings must be a JSON object")
        try:
            ruleset, bots = data["ruleset"], data["bots"]
            seed, hands, duplicate = data["seed"], data["hands"], data["duplicate"]
        except KeyError as err:
            raise ValueError(f"the run's settings have no {err.args[0]!r}") from None
        if not (
            isinstance(ruleset, str)
            and isinstance(bots, list)
            and all(isinstance(b, str) for b in bots)
            and type(seed) is int
            and type(hands) is int
            and isinstance(duplicate, bool)
        ):
            raise ValueError(f"the run's settings are malformed: {data!r}")
        seatings = data.get("seatings", 4)
        if type(seatings) is not int:
            raise ValueError(f"the run's settings are malformed: {data!r}")
        return cls(ruleset, tuple(bots), seed, hands, duplicate, seatings).checked()


@dataclass(frozen=True)
class Run:
    """A run as it ended: its statistics, the outcomes kept, the time it took.

    ``planned`` is the number of hands it was to play, ``played`` those played in
    ``seconds`` (the others were recorded before); ``failure`` says why it stopped early
    when it failed (a stop asked for leaves it empty).
    """

    stats: Stats
    outcomes: tuple[HandOutcome, ...]
    seconds: float
    planned: int = 0
    played: int = 0
    failure: str = ""

    @property
    def complete(self) -> bool:
        """Every planned hand was played."""
        return self.stats.hands == self.planned


def _never() -> bool:
    return False


def play_run(
    settings: RunSettings,
    *,
    workers: int = 1,
    keep_records: bool = False,
    keep_outcomes: bool = False,
    recorded: Iterable[HandOutcome] = (),
    todo: Iterable[HandJob] | None = None,
    on_hand: Callable[[HandOutcome], None] | None = None,
    progress: Callable[[int], None] | None = None,
    stop: Callable[[], bool] = _never,
    warn: Callable[[str], None] | None = None,
    engine: Engine | None = None,
) -> Run:
    """Play the run's hands (``todo``, all of them by default) and count them in hand order
    with the outcomes already ``recorded`` (a resumed run's, in hand order).

    ``on_hand`` receives each hand played here, in hand order, before it is counted;
    ``progress`` hears of each hand counted. ``stop`` ends the run early when it answers
    true; a `RunFailedError` (a worker that keeps dying, or raised by ``on_hand``) ends it
    too, its message in the run's ``failure``: either way the hands counted are those
    handed to ``on_hand``. An ``engine`` (`mahjongkit.sim.ray_engine.RayEngine`) plays the
    hands instead of ``workers`` processes, with the same results.
    """
    settings = settings.checked()
    if workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if todo is None:
        todo = (job_at(i, settings.duplicate, settings.seatings) for i in range(settings.total))
    stats = Stats(settings.ruleset, settings.bots)
    kept: list[HandOutcome] = []
    failure = ""
    played = 0
    start = time.perf_counter()
    outcomes = play_in_order(
        settings.ruleset,
        settings.bots,
        settings.seed,
        todo,
        workers=workers,
        keep_records=keep_records,
        stop=stop,
        warn=warn,
        engine=engine,
    )
    try:
        for out, fresh in _merged(recorded, outcomes):
            if fresh:
                if on_hand is not None:
                    on_hand(out)
                played += 1
            stats.add(out)
            if keep_outcomes:
                kept.append(out)
            if progress is not None:
                progress(1)
    except RunFailedError as err:
        failure = str(err)
    finally:
        outcomes.close()
    seconds = time.perf_counter() - start
    return Run(stats, tuple(kept), seconds, settings.total, played, failure)


def _merged(
    recorded: Iterable[HandOutcome], played: Iterator[HandOutcome]
) -> Iterator[tuple[HandOutcome, bool]]:
    """Recorded and newly played outcomes in hand order, each with whether it is new."""
    old = ((out, False) for out in recorded)
    new = ((out, True) for out in played)
    return heapq.merge(old, new, key=lambda pair: pair[0].index)


def simulate(
    ruleset: str,
    lineup: Sequence[str],
    *,
    hands: int,
    seed: int = 0,
    workers: int = 1,
    duplicate: bool = False,
    keep_records: bool = False,
    progress: Callable[[int], None] | None = None,
    engine: Engine | None = None,
) -> Run:
    """Play ``hands`` hands (walls; four hands each with ``duplicate``) between the bots and
    keep every outcome (for a run of any length, see `play_run`).

    ``lineup`` names four bots (line-up position 0 sits East on the first rotation);
    ``progress`` is called with the number of hands just finished. A worker process that
    dies is replaced and its hands played again; `RunFailedError` when one keeps dying.
    An ``engine`` (Ray) plays the hands instead of the ``workers``, with the same results.
    """
    settings = RunSettings(ruleset, tuple(lineup), seed, hands, duplicate)
    run = play_run(
        settings,
        workers=workers,
        keep_records=keep_records,
        keep_outcomes=True,
        progress=progress,
        engine=engine,
    )
    if run.failure:
        raise RunFailedError(run.failure)
    return run


__all__ = ["CHUNK", "Run", "RunSettings", "play_run", "simulate"]
