"""Reviews of stored games, played in the background while the server serves.

The review page asks for one player's review of a stored game (``POST
/api/games/<id>/reviews``) and polls its progress (``GET .../reviews/<player>``). A review
plays thousands of samples (about 1.6 ms a play-out, eight samples a decision, some 300
decisions in a 16-hand match), so it runs in a background thread, one review at a time,
never on the server's event loop; the requests only start it and read how far it is. At
most `Limits.reviews_at_once` reviews wait or run in all, `Limits.reviews_per_client` of
them asked for by one client address, one at a time for a game and player. A finished
review is stored (`Store.save_review`) and given again from the store until the game has
more finished hands.

`review_hands` is the review itself, the one place that calls the reviewer.
"""

from __future__ import annotations

import logging
import queue
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from mahjongkit.bots.lookahead import DEFAULT_BOT
from mahjongkit.review.games import review_game, review_json
from mahjongkit.web.limits import Limits
from mahjongkit.web.models import Refusal, ReviewError, ReviewStatus
from mahjongkit.web.store import Store
from mahjongkit.web.stored import PlayerHand, hands_to_review

log = logging.getLogger("mahjongkit.web")

SEED = 0
"""The samples' seed: the same game, player and samples give the same review."""

KEPT_FAILURES = 100
"""Failed reviews remembered (the page shows why), the oldest forgotten first."""

Progress = Callable[[int, int], None]
"""Told ``(decisions done, decisions in all)`` as a review goes."""


class Stopped(Exception):
    """The server is stopping: the review is left unfinished (not stored)."""


def review_hands(
    game_id: str,
    player: int,
    hands: Sequence[PlayerHand],
    *,
    samples: int,
    seed: int = SEED,
    bot: str = DEFAULT_BOT,
    progress: Progress | None = None,
) -> dict[str, Any]:
    """``player``'s decisions in ``hands`` of game ``game_id`` reviewed, as JSON: what
    ``mahjongkit review GAME_ID --db URL --json`` prints (docs/review.md). ``progress``
    is told the decisions done as they are. A hand that does not replay is named in
    ``errors`` and the others are reviewed."""
    game = review_game(
        hands_to_review(game_id, player, hands),
        samples=samples,
        seed=seed,
        bot=bot,
        progress=progress,
    )
    head = {"game": game_id, "player": player}
    return review_json(game, head, samples=samples, budget=None, seed=seed, bot=bot)


@dataclass
class Job:
    """A review asked for and not yet stored."""

    game_id: str
    player: int
    client: str
    samples: int
    hands: int
    status: str = "queued"
    done: int = 0
    total: int | None = None
    review: dict[str, Any] | None = None
    error: ReviewError | None = None
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def active(self) -> bool:
        return self.status in ("queued", "running")

    def shown(self) -> ReviewStatus:
        with self.lock:
            return ReviewStatus(
                game=self.game_id,
                player=self.player,
                status=self.status,  # type: ignore[arg-type]
                samples=self.samples,
                hands=self.hands,
                done=self.done,
                total=self.total,
                review=self.review,
                error=self.error,
            )


class Reviews:
    """The server's reviews: those waiting or running in memory, the finished ones in
    the store. One background thread plays them, one after the other (a daemon: a server
    stopping does not wait for it)."""

    def __init__(self, store: Store, limits: Limits) -> None:
        self.store = store
        self.limits = limits
        self.jobs: OrderedDict[tuple[str, int], Job] = OrderedDict()
        self._guard = threading.Lock()
        self._waiting: queue.Queue[tuple[Job, list[PlayerHand]] | None] = queue.Queue()
        self._worker: threading.Thread | None = None
        self._stopping = threading.Event()

    def stored(self, game_id: str, player: int) -> ReviewStatus | None:
        """The finished review stored for the game and player, if any."""
        row = self.store.load_review(game_id, player)
        if row is None:
            return None
        total = sum(len(h["decisions"]) for h in row["data"].get("hands", []))
        return ReviewStatus(
            game=game_id,
            player=player,
            status="done",
            samples=row["samples"],
            hands=row["hands"],
            done=total,
            total=total,
            review=row["data"],
        )

    def status(self, game_id: str, player: int) -> ReviewStatus | None:
        """The review of the game and player as it stands: waiting, running, failed or
        stored; ``None`` if none was asked for."""
        with self._guard:
            job = self.jobs.get((game_id, player))
        if job is not None:
            return job.shown()
        return self.stored(game_id, player)

    def start(
        self,
        game_id: str,
        player: int,
        hands: Sequence[PlayerHand],
        *,
        samples: int,
        client: str,
    ) -> ReviewStatus:
        """The review of ``player`` in ``hands`` (the game's finished hands) at
        ``samples`` a decision: the one stored if it covers as many hands at those
        samples, the one under way if any, else a new one queued. Raises `Refusal`
        (``reviews_busy``, ``too_many_reviews``) when the limits allow no new one."""
        stored = self.stored(game_id, player)
        if stored is not None and stored.hands == len(hands) and stored.samples == samples:
            return stored
        key = (game_id, player)
        with self._guard:
            job = self.jobs.get(key)
            if job is not None and job.active:
                return job.shown()
            active = [j for j in self.jobs.values() if j.active]
            if len(active) >= self.limits.reviews_at_once:
                raise Refusal(
                    "reviews_busy",
                    f"the server is reviewing {len(active)} games, its most; try again in a "
                    "few minutes",
                )
            mine = sum(1 for j in active if j.client == client)
            if mine >= self.limits.reviews_per_client:
                raise Refusal(
                    "too_many_reviews",
                    f"you have {mine} reviews under way, the most one client may ask for; "
                    "wait for it to finish",
                )
            job = Job(game_id, player, client, samples, len(hands))
            self.jobs.pop(key, None)
            self.jobs[key] = job
            if self._worker is None:
                self._worker = threading.Thread(target=self._work, name="review", daemon=True)
                self._worker.start()
        self._waiting.put((job, list(hands)))
        return job.shown()

    def _work(self) -> None:
        """The background thread: each review asked for, in turn, until the server stops."""
        while True:
            item = self._waiting.get()
            if item is None or self._stopping.is_set():
                return
            self._run(*item)

    def _run(self, job: Job, hands: list[PlayerHand]) -> None:
        """Play the review, then store it (the background thread)."""
        with job.lock:
            job.status = "running"

        def progress(done: int, total: int) -> None:
            if self._stopping.is_set():
                raise Stopped
            with job.lock:
                job.done, job.total = done, total

        try:
            review = review_hands(
                job.game_id, job.player, hands, samples=job.samples, progress=progress
            )
        except Stopped:
            self._failed(job, ReviewError(code="server_stopped", message="the server stopped"))
            return
        except Exception as err:  # a fault of the reviewer: said, the server carries on
            log.exception("review of %s player %d failed", job.game_id, job.player)
            self._failed(job, ReviewError(code="review_failed", message=str(err)))
            return
        try:
            self.store.save_review(job.game_id, job.player, job.hands, job.samples, review)
        except Exception as err:  # still shown from memory, though not kept
            log.warning("review of %s player %d not stored: %s", job.game_id, job.player, err)
            with job.lock:
                job.status, job.review = "done", review
            self._trim()
            return
        with job.lock:
            job.status, job.review = "done", review
        with self._guard:
            if self.jobs.get((job.game_id, job.player)) is job:
                del self.jobs[(job.game_id, job.player)]

    def _failed(self, job: Job, error: ReviewError) -> None:
        with job.lock:
            job.status, job.error = "failed", error
        self._trim()

    def _trim(self) -> None:
        """Forget the oldest finished reviews kept in memory beyond `KEPT_FAILURES`."""
        with self._guard:
            kept = [k for k, j in self.jobs.items() if not j.active]
            for key in kept[: max(0, len(kept) - KEPT_FAILURES)]:
                del self.jobs[key]

    def close(self) -> None:
        """Stop: those waiting are dropped, the one running stops after its hand."""
        self._stopping.set()
        self._waiting.put(None)


__all__ = ["Job", "Reviews", "Stopped", "review_hands"]
