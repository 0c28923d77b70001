"""The ``review`` command: where a seat lost points, decision by decision.

``mahjongkit review RECORD --seat 1`` reads hand records as JSON Lines (what ``simulate
--records`` writes, one hand a line) and, for every decision of the seat with more than
one legal action, weighs each candidate by playing samples of the hand out
(`mahjongkit.review`), then prints what the seat did, what the reviewer prefers, the
points lost (with a standard error) and the reasons (`mahjongkit.review.reasons`), each
hand's total and rating, and the game's summary beside the bot's own rates
(`mahjongkit.review.games.review_game` does the work). ``--json`` prints the same as one
JSON object (docs/review.md describes its fields). A line that cannot be read or
replayed is reported (on stderr, or in the JSON) and the other hands are reviewed; the
exit status is then 1.

``mahjongkit review GAME_ID --db URL [--player N]`` reviews a game the web table stored
instead: each finished hand, for one player (by default the first person at the table),
in whatever seat the player held in that hand, each hand settled where it stood in the
match (its dealer, the pot it started with).
"""

from __future__ import annotations

import json
import sys
from typing import Annotated, Any

import typer

from mahjongkit.bots import BOTS
from mahjongkit.bots.lookahead import DEFAULT_BOT, DEFAULT_SAMPLES
from mahjongkit.cli.app import SEED, app, fail, seconds_option, whole_number_option
from mahjongkit.cli.text import styled, table
from mahjongkit.errors import MahjongError
from mahjongkit.game.events import SEAT_NAMES
from mahjongkit.game.record import HandRecord, record_lines
from mahjongkit.review.games import (
    GameSummary,
    HandError,
    ReviewedHand,
    ToReview,
    review_game,
    review_json,
)
from mahjongkit.review.hands import Decision, HandReview

SEAT = whole_number_option("seat", 0, 3)
PLAYER = whole_number_option("player", 0, 3)
SAMPLES = whole_number_option("samples", 1, 100_000)
BUDGET = seconds_option("budget", 10**6)
WORKERS = whole_number_option("workers", 1, 256)


def read_hands(path: str) -> list[tuple[int, HandRecord | tuple[str, str]]]:
    """The hand records of a JSON Lines file, by line number; a line that is not one is
    ``(code, message)`` instead. Blank lines are passed over. Raises `OSError` for a file
    that cannot be read."""
    with open(path, "rb") as source:
        return [
            (line.number, line.record or (line.code, line.message)) for line in record_lines(source)
        ]


def file_hands(path: str, seat: int) -> list[ToReview]:
    """The hands of a records file (`read_hands`), each for ``seat``."""
    return [
        ToReview(
            item,
            seat,
            title=f"hand on line {line}",
            where=f"{path} line {line}",
            place={"line": line},
        )
        for line, item in read_hands(path)
    ]


def stored_hands(url: str, game_id: str, player: int | None) -> tuple[int, list[ToReview]]:
    """The finished hands of the web table's stored game ``game_id``, each for ``player``
    in the seat they held then (None: the first person at the table, else player 0), with
    its deal and the pot it started with; and the player. `MahjongError` when there is no
    such game or it cannot be rebuilt. Needs the web extra."""
    try:
        from mahjongkit.web.stored import (
            first_person,
            hands_to_review,
            player_hands,
            stored_games,
        )
    except ImportError as err:
        raise MahjongError(
            f"stored games need the web extra: pip install 'mahjongkit[web]' ({err})"
        ) from None
    for _, game in stored_games(url, [game_id]):
        if game is None:
            raise MahjongError(f"no stored game {game_id!r} in {url}")
        if isinstance(game, MahjongError):
            raise MahjongError(f"game {game_id!r} cannot be rebuilt: {game}")
        if player is None:
            player = first_person(game)
        return player, hands_to_review(game_id, player, player_hands(game, player))
    raise MahjongError(f"no stored game {game_id!r} in {url}")  # pragma: no cover


def _decision_row(d: Decision) -> list[str]:
    lost = "" if d.agrees else f"{d.loss:.1f}"
    spread = "" if d.agrees else f"±{d.loss_stderr:.1f}"
    why = "; ".join(str(r) for r in d.reasons)
    return [str(d.step), str(d.chosen), str(d.preferred), lost, spread, why]


def _hand_text(title: str, review: HandReview) -> list[str]:
    seat = review.seat
    head = styled(
        f"{title} ({review.ruleset}), seat {seat} ({SEAT_NAMES[seat]}):"
        f" {len(review.decisions)} decisions, {round(100 * review.agreement)}% as the reviewer,"
        f" points lost {review.points_lost:.1f} ±{review.points_lost_stderr:.1f}"
        f" ({review.clear_points_lost:.1f} at clear mistakes), rating {review.rating}/100",
        "bold",
    )
    rows = [_decision_row(d) for d in review.decisions]
    styles = [("dim",) if d.agrees else ("red",) if d.clear else () for d in review.decisions]
    lines = [head]
    if rows:
        lines += table(
            ["step", "did", "prefers", "lost", "±", "why"], rows, right={0, 3, 4}, row_styles=styles
        )
    lines += [f"  not weighed: {p}" for p in review.problems]
    return lines


@app.command("review")
def review_command(
    record: Annotated[
        str,
        typer.Argument(
            help="Hand records, JSON Lines (as simulate --records writes them); with --db,"
            " the id of a game the web table stored.",
            show_default=False,
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option(
            parser=SEAT, help="The seat to review: 0 East (the dealer) .. 3 North (default 0)."
        ),
    ] = None,
    db: Annotated[
        str | None,
        typer.Option(
            help="Review a game the web table stored in this database (a URL or a SQLite"
            " file); RECORD is the game's id."
        ),
    ] = None,
    player: Annotated[
        int | None,
        typer.Option(
            parser=PLAYER,
            help="With --db, the player to review, 0..3 as the table numbers them, in"
            " whatever seat they hold each hand (default: the first person at the table).",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as JSON.")] = False,
    budget: Annotated[
        float | None,
        typer.Option(
            parser=BUDGET,
            help="Seconds for the whole review, shared evenly by the decisions: each plays"
            " samples until its share is spent (at least two), or until --samples if given.",
        ),
    ] = None,
    samples: Annotated[
        int | None,
        typer.Option(
            parser=SAMPLES,
            help=f"Samples per decision (default {DEFAULT_SAMPLES} without --budget).",
        ),
    ] = None,
    seed: Annotated[int, typer.Option(parser=SEED, help="Seed of the samples.")] = 0,
    bot: Annotated[
        str, typer.Option(help=f"Bots of the play-outs: {', '.join(sorted(BOTS))}.")
    ] = DEFAULT_BOT,
    workers: Annotated[
        int,
        typer.Option(
            parser=WORKERS,
            help="Processes reviewing hands at once (the same review as on one; --budget"
            " stays the wall time).",
        ),
    ] = 1,
) -> None:
    """Review a seat's decisions: what it did, what the reviewer prefers, the points lost
    and why, estimated by playing samples of the hidden tiles out with the bots."""
    if bot not in BOTS:
        raise fail(f"--bot: unknown bot {bot!r}; known: {', '.join(sorted(BOTS))}")
    head: dict[str, Any]
    if db is not None:
        if seat is not None:
            raise fail("--seat reviews a records file; a stored game's player is --player")
        try:
            player, hands = stored_hands(db, record, player)
        except MahjongError as err:
            raise fail(str(err)) from None
        if not hands:
            raise fail(f"game {record!r} has no finished hand to review")
        head = {"game": record, "player": player}
    else:
        if player is not None:
            raise fail("--player goes with --db (a records file's hands have seats: --seat)")
        head = {"record": record, "seat": seat or 0}
        try:
            hands = file_hands(record, seat or 0)
        except OSError as err:
            raise fail(f"{record}: cannot read it: {err.strerror or err}") from None
        if not hands:
            raise fail(f"{record}: no hand records in it")

    def shown(item: ReviewedHand | HandError) -> None:
        if isinstance(item, HandError):
            _report(as_json, f"{item.hand.where}: {item.code}: {item.message}")
        elif not as_json:
            print("\n".join(_hand_text(item.hand.title, item.review)))
            print()

    game = review_game(
        hands, samples=samples, budget=budget, seed=seed, bot=bot, on_hand=shown, workers=workers
    )
    if as_json:
        print(
            json.dumps(review_json(game, head, samples=samples, budget=budget, seed=seed, bot=bot))
        )
    else:
        print("\n".join(_summary_text(game.summary)))
    if game.errors:
        raise typer.Exit(1)


def _summary_text(summary: GameSummary) -> list[str]:
    bot = summary.bot
    return [
        styled(
            f"{len(summary.hands)} hands reviewed, points lost in all {summary.points_lost:.1f}",
            "bold",
        ),
        f"  {summary.decisions} decisions, {round(100 * summary.agreement)}% as the reviewer,"
        f" {summary.clear_mistakes} clear mistakes ({summary.clear_points_lost:.1f} points)",
        f"  points lost per hand {summary.points_lost_per_hand:.1f}"
        f" ±{summary.points_lost_per_hand_stderr:.1f}, rating {summary.rating}/100",
        f"  won {_percent(summary.win_rate)} of the hands,"
        f" dealt in {_percent(summary.deal_in_rate)};"
        f" the {bot.bot} bot playing itself over {bot.hands} hands: won"
        f" {_percent(bot.win_rate)}, dealt in {_percent(bot.deal_in_rate)}",
    ]


def _percent(share: float) -> str:
    return f"{100 * share:.0f}%"


def _report(as_json: bool, message: str) -> None:
    if not as_json:
        print(f"error: {message}", file=sys.stderr)


__all__ = ["ToReview", "file_hands", "read_hands", "review_command", "stored_hands"]
