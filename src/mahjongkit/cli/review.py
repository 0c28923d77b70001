"""The ``review`` command: where a seat lost points, decision by decision.

``mahjongkit review RECORD --seat 1`` reads hand records as JSON Lines (what ``simulate
--records`` writes, one hand a line) and, for every decision of the seat with more than
one legal action, weighs each candidate by playing samples of the hand out
(`mahjongkit.review`), then prints what the seat did, what the reviewer prefers, the
points lost (with a standard error) and the plain reasons (shanten and useful tiles of
two discards, a win passed on), and each hand's total. ``--json`` prints the same as one
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
from dataclasses import dataclass
from typing import Annotated, Any

import typer

from mahjongkit.bots import BOTS
from mahjongkit.cli.app import SEED, app, fail, seconds_option, whole_number_option
from mahjongkit.cli.text import styled, table
from mahjongkit.errors import InvalidDataError, MahjongError
from mahjongkit.game.events import SEAT_NAMES
from mahjongkit.game.record import HandRecord
from mahjongkit.inputs import read_json
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.review.evaluation import DEFAULT_BOT, DEFAULT_SAMPLES
from mahjongkit.review.hands import Decision, HandReview, decisions_of, review_hand

SEAT = whole_number_option("seat", 0, 3)
PLAYER = whole_number_option("player", 0, 3)
SAMPLES = whole_number_option("samples", 1, 100_000)
BUDGET = seconds_option("budget", 10**6)


def read_hands(path: str) -> list[tuple[int, HandRecord | tuple[str, str]]]:
    """The hand records of a JSON Lines file, by line number; a line that is not one is
    ``(code, message)`` instead. Blank lines are passed over. Raises `OSError` for a file
    that cannot be read."""
    out: list[tuple[int, HandRecord | tuple[str, str]]] = []
    with open(path, "rb") as source:
        for n, line in enumerate(source, 1):
            if not line.strip():
                continue
            try:
                data = read_json(line)
            except InvalidDataError as err:
                out.append((n, ("invalid_json", str(err))))
                continue
            try:
                out.append((n, HandRecord.from_json(data)))
            except MahjongError as err:
                out.append((n, ("invalid_record", str(err))))
    return out


@dataclass(frozen=True)
class ToReview:
    """One hand to review: its title, where it is (for messages, and the JSON's ``line``
    or ``game``, ``hand`` and ``player``), its record, or why it cannot be read
    (``(code, message)``), the seat reviewed, and where the hand stood in its match (None:
    a hand recorded alone)."""

    title: str
    where: str
    place: dict[str, Any]
    record: HandRecord | tuple[str, str]
    seat: int
    deal: Deal | None = None
    pot: Pot | None = None


def file_hands(path: str, seat: int) -> list[ToReview]:
    """The hands of a records file (`read_hands`), each for ``seat``."""
    return [
        ToReview(f"hand on line {line}", f"{path} line {line}", {"line": line}, item, seat)
        for line, item in read_hands(path)
    ]


def stored_hands(url: str, game_id: str, player: int | None) -> tuple[int, list[ToReview]]:
    """The finished hands of the web table's stored game ``game_id``, each for ``player``
    in the seat they held then (None: the first person at the table, else player 0), with
    its deal and the pot it started with; and the player. `MahjongError` when there is no
    such game or it cannot be rebuilt. Needs the web extra."""
    try:
        from mahjongkit.web.stored import first_person, player_hands, stored_games
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
        out = []
        for hand in player_hands(game, player):
            place = {"game": game_id, "hand": hand.number, "player": player}
            where = f"game {game_id} hand {hand.number + 1}"
            out.append(ToReview(where, where, place, hand.record, hand.seat, hand.deal, hand.pot))
        return player, out
    raise MahjongError(f"no stored game {game_id!r} in {url}")  # pragma: no cover


def _decision_row(d: Decision) -> list[str]:
    lost = "" if d.agrees else f"{d.loss:.1f}"
    spread = "" if d.agrees else f"±{d.loss_stderr:.1f}"
    return [str(d.step), str(d.chosen), str(d.preferred), lost, spread, "; ".join(d.reasons)]


def _hand_text(title: str, review: HandReview) -> list[str]:
    seat = review.seat
    head = styled(
        f"{title} ({review.ruleset}), seat {seat} ({SEAT_NAMES[seat]}):"
        f" {len(review.decisions)} decisions, {round(100 * review.agreement)}% as the reviewer,"
        f" points lost {review.points_lost:.1f} ±{review.points_lost_stderr:.1f}"
        f" ({review.clear_points_lost:.1f} at clear mistakes)",
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
    reviews: list[dict[str, Any]] = []
    errors: list[dict[str, Any]] = []
    total = 0.0
    share = None if budget is None else budget / max(1, _count_decisions(hands))
    for hand in hands:
        if isinstance(hand.record, tuple):
            code, message = hand.record
            errors.append({**hand.place, "code": code, "message": message})
            _report(as_json, f"{hand.where}: {code}: {message}")
            continue
        try:
            review = review_hand(
                hand.record,
                hand.seat,
                samples=samples,
                budget=share,
                seed=seed,
                bot=bot,
                deal=hand.deal,
                pot=hand.pot,
            )
        except MahjongError as err:
            errors.append({**hand.place, "code": "unplayable_record", "message": str(err)})
            _report(as_json, f"{hand.where}: unplayable_record: {err}")
            continue
        total += review.points_lost
        reviews.append({**hand.place, **review.to_json()})
        if not as_json:
            print("\n".join(_hand_text(hand.title, review)))
            print()
    if as_json:
        print(
            json.dumps(
                {
                    **head,
                    "samples": samples
                    if samples is not None
                    else (None if budget is not None else DEFAULT_SAMPLES),
                    "budget": budget,
                    "seed": seed,
                    "bot": bot,
                    "hands": reviews,
                    "points_lost": round(total, 3),
                    "errors": errors,
                }
            )
        )
    else:
        print(f"{len(reviews)} hands reviewed, points lost in all {total:.1f}")
    if errors:
        raise typer.Exit(1)


def _count_decisions(hands: list[ToReview]) -> int:
    """The decisions to review in the hands that can be read (to share a budget)."""
    count = 0
    for hand in hands:
        if isinstance(hand.record, HandRecord):
            try:
                count += sum(1 for _ in decisions_of(hand.record, hand.seat))
            except MahjongError:
                continue
    return count


def _report(as_json: bool, message: str) -> None:
    if not as_json:
        print(f"error: {message}", file=sys.stderr)


__all__ = ["ToReview", "file_hands", "read_hands", "review_command", "stored_hands"]
