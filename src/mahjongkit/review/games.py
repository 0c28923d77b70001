"""A player's hands reviewed together: each hand's review, and a summary of the game.

`review_game` reviews hands given as records with the seat to review and where each
hand stood in its match (`ToReview`: reading them from a file or the web table's store
is the adapters' work), sharing a time budget among all their decisions and telling a
``progress`` callback how far it is. The `GameReview` it returns sums them up
(`GameSummary`): the decisions, the agreement with the reviewer, the points lost per
hand, the clear mistakes, the player's win and deal-in rates over those hands, and the
same rates of the reviewer's bot playing itself over as many hands of each ruleset
(`bot_rates`), to compare with.

>>> import random
>>> from mahjongkit.bots import RandomBot
>>> from mahjongkit.game.record import record_of
>>> from mahjongkit.game.runner import play_hand
>>> from mahjongkit.game.state import HandState
>>> state = HandState.new("mcr", random.Random(2))
>>> _ = play_hand(state, [RandomBot() for _ in range(4)], seed=2)
>>> seen = []
>>> game = review_game([ToReview(record_of(state), 1)], samples=1, limit=2,
...                    progress=lambda done, total: seen.append((done, total)))
>>> seen, game.summary.decisions
([(0, 2), (1, 2), (2, 2)], 2)
"""

from __future__ import annotations

import math
import multiprocessing
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import lru_cache, partial
from typing import Any

from mahjongkit.bots import BOTS
from mahjongkit.bots.lookahead import DEFAULT_BOT, DEFAULT_SAMPLES, EvaluationError
from mahjongkit.errors import MahjongError
from mahjongkit.game.record import HandRecord
from mahjongkit.game.runner import play_hand
from mahjongkit.game.state import HandState
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.review.hands import HandReview, decisions_of, review_hand

Progress = Callable[[int, int], None]
"""Called with the decisions reviewed so far and the decisions to review in all."""


@dataclass(frozen=True)
class ToReview:
    """One hand to review: its record (or why it cannot be read: ``(code, message)``),
    the seat reviewed, where the hand stood in its match (``deal`` and the ``pot`` it
    started with; None: a hand recorded alone), and for the reader: a ``title``, a
    ``where`` for messages and a ``place`` merged into its JSON (``line``, or ``game``,
    ``hand`` and ``player``)."""

    record: HandRecord | tuple[str, str]
    seat: int
    deal: Deal | None = None
    pot: Pot | None = None
    title: str = "hand"
    where: str = "hand"
    place: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ReviewedHand:
    """A hand of the game and its review."""

    hand: ToReview
    review: HandReview

    @property
    def won(self) -> bool:
        """True when the reviewed seat won the hand."""
        result = self.record.result
        return result.get("kind") == "win" and self.hand.seat in result.get("winners", ())

    @property
    def dealt_in(self) -> bool:
        """True when the reviewed seat gave another the winning tile."""
        result = self.record.result
        return result.get("kind") == "win" and result.get("discarder") == self.hand.seat

    @property
    def record(self) -> HandRecord:
        assert isinstance(self.hand.record, HandRecord)
        return self.hand.record

    def to_json(self) -> dict[str, Any]:
        return {**self.hand.place, **self.review.to_json()}


@dataclass(frozen=True)
class BotRates:
    """How often the reviewer's bot wins and deals in, playing itself: every seat of
    ``hands`` hands (of the game's rulesets, as many of each)."""

    bot: str
    hands: int
    wins: int
    deal_ins: int

    @property
    def win_rate(self) -> float:
        return self.wins / (4 * self.hands) if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / (4 * self.hands) if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "hands": self.hands,
            "win_rate": round(self.win_rate, 4),
            "deal_in_rate": round(self.deal_in_rate, 4),
        }


@lru_cache(maxsize=64)
def _self_play(ruleset: str, hands: int, bot: str, seed: int) -> tuple[int, int]:
    wins = deal_ins = 0
    for n in range(hands):
        state = HandState.new(ruleset, random.Random(f"rates {seed} {n}"))
        play_hand(state, [BOTS[bot]() for _ in range(4)], seed=n)
        result = state.result
        if result is not None and result.kind == "win":
            wins += len(result.winners)
            deal_ins += result.discarder is not None
    return wins, deal_ins


def bot_rates(rulesets: Sequence[str], bot: str = DEFAULT_BOT, seed: int = 0) -> BotRates:
    """``bot``'s own rates in self-play over one hand of each of ``rulesets`` (a ruleset
    named n times: n hands of it), the same walls for the same seed (kept once measured);
    a ruleset that cannot be dealt here is left out (``hands`` counts those played).

    >>> rates = bot_rates(["taiwanese-lrc"] * 2)
    >>> rates.hands, 0 <= rates.deal_in_rate <= rates.win_rate <= 1
    (2, True)
    """
    if bot not in BOTS:
        raise EvaluationError(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    wins = deal_ins = hands = 0
    for ruleset in sorted(set(rulesets)):
        count = rulesets.count(ruleset)
        try:
            w, d = _self_play(ruleset, count, bot, seed)
        except MahjongError:  # a ruleset this process cannot deal (a house file's name)
            continue
        wins += w
        deal_ins += d
        hands += count
    return BotRates(bot, hands, wins, deal_ins)


@dataclass(frozen=True)
class GameSummary:
    """A player's hands summed up (see `GameReview.summary`)."""

    hands: tuple[ReviewedHand, ...]
    bot: BotRates

    @property
    def decisions(self) -> int:
        return sum(len(h.review.decisions) for h in self.hands)

    @property
    def agreement(self) -> float:
        """The share of all the decisions where the player did what the reviewer prefers."""
        total = self.decisions
        if not total:
            return 1.0
        return sum(d.agrees for h in self.hands for d in h.review.decisions) / total

    @property
    def points_lost(self) -> float:
        return sum(h.review.points_lost for h in self.hands)

    @property
    def points_lost_per_hand(self) -> float:
        return self.points_lost / len(self.hands) if self.hands else 0.0

    @property
    def points_lost_per_hand_stderr(self) -> float:
        """The standard error of `points_lost_per_hand` from the samples (the hands'
        standard errors combined; the hands are reviewed apart)."""
        if not self.hands:
            return 0.0
        return math.sqrt(sum(h.review.points_lost_stderr**2 for h in self.hands)) / len(self.hands)

    @property
    def clear_mistakes(self) -> int:
        return sum(d.clear for h in self.hands for d in h.review.decisions)

    @property
    def clear_points_lost(self) -> float:
        return sum(h.review.clear_points_lost for h in self.hands)

    @property
    def rating(self) -> int:
        """The mean of the hands' ratings (100 with no hand)."""
        if not self.hands:
            return 100
        return round(sum(h.review.rating for h in self.hands) / len(self.hands))

    @property
    def wins(self) -> int:
        return sum(h.won for h in self.hands)

    @property
    def deal_ins(self) -> int:
        return sum(h.dealt_in for h in self.hands)

    @property
    def win_rate(self) -> float:
        return self.wins / len(self.hands) if self.hands else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / len(self.hands) if self.hands else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": len(self.hands),
            "decisions": self.decisions,
            "agreement": round(self.agreement, 3),
            "points_lost": round(self.points_lost, 3),
            "points_lost_per_hand": round(self.points_lost_per_hand, 3),
            "points_lost_per_hand_stderr": round(self.points_lost_per_hand_stderr, 3),
            "clear_mistakes": self.clear_mistakes,
            "clear_points_lost": round(self.clear_points_lost, 3),
            "rating": self.rating,
            "wins": self.wins,
            "deal_ins": self.deal_ins,
            "win_rate": round(self.win_rate, 4),
            "deal_in_rate": round(self.deal_in_rate, 4),
            "bot": self.bot.to_json(),
        }


@dataclass(frozen=True)
class HandError:
    """A hand that could not be reviewed: its place, a stable ``code``
    (``invalid_json``, ``invalid_record``, ``unplayable_record``) and the message."""

    hand: ToReview
    code: str
    message: str

    def to_json(self) -> dict[str, Any]:
        return {**self.hand.place, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class GameReview:
    """A player's hands reviewed: each hand's review, the hands that could not be, and
    the game's summary."""

    hands: tuple[ReviewedHand, ...]
    errors: tuple[HandError, ...]
    summary: GameSummary

    def to_json(self) -> dict[str, Any]:
        return {
            "hands": [h.to_json() for h in self.hands],
            "summary": self.summary.to_json(),
            "errors": [e.to_json() for e in self.errors],
        }


def count_decisions(hands: Sequence[ToReview], limit: int | None = None) -> int:
    """The decisions to review in the hands that can be read (at most ``limit`` a hand)."""
    count = 0
    for hand in hands:
        if isinstance(hand.record, HandRecord):
            try:
                n = sum(1 for _ in decisions_of(hand.record, hand.seat))
            except MahjongError:
                continue
            count += n if limit is None else min(n, limit)
    return count


def review_game(
    hands: Sequence[ToReview],
    *,
    samples: int | None = None,
    budget: float | None = None,
    seed: int = 0,
    bot: str = DEFAULT_BOT,
    limit: int | None = None,
    progress: Progress | None = None,
    on_hand: Callable[[ReviewedHand | HandError], None] | None = None,
    workers: int = 1,
) -> GameReview:
    """Review each of ``hands`` for its seat (`review_hand`'s ``samples``, ``seed``,
    ``bot``, ``limit`` decisions a hand), ``budget`` seconds of the review's wall time
    shared evenly by all their decisions. ``progress(done, total)`` is told the decisions
    reviewed (first with 0); ``on_hand`` gets each hand's review (or error), in the
    hands' order, as soon as it and those before it are done. A hand that cannot be read
    or replayed is kept among the errors and the others are reviewed. With ``workers``
    above 1 the hands are reviewed on that many processes at once (forked: where the
    system cannot fork, one at a time), each decision's budget share that many times
    larger, with the same results as on one at the same sample counts (every decision's
    samples follow from the seed and its place in its hand); progress then moves a
    hand at a time. Raises `EvaluationError` for an unknown bot."""
    if bot not in BOTS:
        raise EvaluationError(f"unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    if workers < 1:
        raise EvaluationError(f"workers must be 1 or more, not {workers}")
    total = count_decisions(hands, limit)
    if workers > 1 and "fork" not in multiprocessing.get_all_start_methods():
        workers = 1
    share = None if budget is None else budget * workers / max(1, total)
    done = 0

    def step(n: int = 1) -> None:
        nonlocal done
        done += n
        if progress is not None:
            progress(min(done, total), total)

    if progress is not None:
        progress(0, total)
    review = partial(_review_one, samples=samples, budget=share, seed=seed, bot=bot, limit=limit)
    reviewed: list[ReviewedHand] = []
    errors: list[HandError] = []
    if workers == 1:
        items: Iterator[ReviewedHand | HandError] = (review(h, on_decision=step) for h in hands)
        pool = None
    else:
        pool = multiprocessing.get_context("fork").Pool(min(workers, max(1, len(hands))))
        items = pool.imap(review, hands)
    try:
        for item in items:
            if isinstance(item, ReviewedHand):
                reviewed.append(item)
                if pool is not None:
                    step(len(item.review.decisions))
            else:
                errors.append(item)
            if on_hand is not None:
                on_hand(item)
    finally:
        if pool is not None:
            pool.terminate()
    if progress is not None and done < total:  # a hand that stopped short
        progress(total, total)
    rates = bot_rates([h.record.ruleset for h in reviewed], bot, seed)
    return GameReview(tuple(reviewed), tuple(errors), GameSummary(tuple(reviewed), rates))


def review_json(
    game: GameReview,
    head: dict[str, Any],
    *,
    samples: int | None,
    budget: float | None,
    seed: int,
    bot: str,
) -> dict[str, Any]:
    """A game's review as `mahjongkit review --json` prints it and the web table keeps it:
    what was reviewed (``head``: the records file and seat, or the game and player), the
    settings `review_game` was given (``samples`` the count each decision played: the
    default without a budget, None with a budget alone), each hand, the summary, the
    errors, and the points lost in all."""
    if samples is None and budget is None:
        samples = DEFAULT_SAMPLES
    return {
        **head,
        "samples": samples,
        "budget": budget,
        "seed": seed,
        "bot": bot,
        **game.to_json(),
        "points_lost": round(game.summary.points_lost, 3),
    }


def _review_one(
    hand: ToReview,
    *,
    samples: int | None,
    budget: float | None,
    seed: int,
    bot: str,
    limit: int | None,
    on_decision: Callable[[], None] | None = None,
) -> ReviewedHand | HandError:
    """One hand of `review_game` reviewed (on a worker, or here)."""
    if isinstance(hand.record, tuple):
        return HandError(hand, *hand.record)
    try:
        review = review_hand(
            hand.record,
            hand.seat,
            samples=samples,
            budget=budget,
            seed=seed,
            bot=bot,
            limit=limit,
            deal=hand.deal,
            pot=hand.pot,
            on_decision=on_decision,
        )
    except MahjongError as err:
        return HandError(hand, "unplayable_record", str(err))
    return ReviewedHand(hand, review)


__all__ = [
    "BotRates",
    "GameReview",
    "GameSummary",
    "HandError",
    "Progress",
    "ReviewedHand",
    "ToReview",
    "bot_rates",
    "count_decisions",
    "review_game",
    "review_json",
]
