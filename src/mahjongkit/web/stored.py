"""The web table's stored games, rebuilt from their stored decisions as the server
rebuilds them: what `mahjongkit dataset --db` and `mahjongkit botzone-log export --db`
read; and a stored game's hands as one player played them, to review them
(`mahjongkit review --db` and the web table's review page).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from sqlalchemy.exc import SQLAlchemyError

from mahjongkit.errors import MahjongError
from mahjongkit.game.record import HandRecord
from mahjongkit.money.pot import Pot
from mahjongkit.money.rotation import Deal
from mahjongkit.review.games import ToReview
from mahjongkit.web.models import HUMAN
from mahjongkit.web.store import FINISHED, Store, database_url, sqlite_path
from mahjongkit.web.table import TableConfig, TableGame


def stored_games(
    url: str, game_ids: Sequence[str] = ()
) -> Iterator[tuple[str, TableGame | MahjongError | None]]:
    """Each game named (or every finished one) of the database at ``url`` (a URL, or a
    SQLite file's path), with the game rebuilt, the error that stopped its rebuilding,
    or ``None`` where no such game is stored. A missing database or one that cannot be
    read raises `MahjongError`."""
    url = database_url(url)
    path = sqlite_path(url)
    if path is not None and not path.is_file():
        raise MahjongError(f"no database at {path}")
    try:
        store = Store(url)
        ids = list(game_ids) or store.game_ids(FINISHED)
    except SQLAlchemyError as err:
        raise MahjongError(f"cannot read the stored games at {url}: {err}") from None
    for game_id in ids:
        try:
            row = store.load_game(game_id)
        except SQLAlchemyError as err:
            raise MahjongError(f"cannot read game {game_id!r} at {url}: {err}") from None
        if row is None:
            yield game_id, None
            continue
        game: TableGame | MahjongError
        try:
            game = TableGame(TableConfig.from_json(row["config"]), row["log"], advance=False)
        except MahjongError as err:
            game = err
        yield game_id, game


@dataclass(frozen=True)
class PlayerHand:
    """A finished hand of a stored game as one player played it: its number in the game
    (0 the first), its record, the seat the player held, and where the hand stood in the
    match (its deal, the pot it started with), so it is settled as it was."""

    number: int
    record: HandRecord
    seat: int
    deal: Deal
    pot: Pot


def first_person(game: TableGame) -> int:
    """The player a review is of by default: the first person at the table, else
    player 0 (a table of bots)."""
    seats = game.config.seats
    return seats.index(HUMAN) if HUMAN in seats else 0


def player_hands(game: TableGame, player: int) -> list[PlayerHand]:
    """Every finished hand of ``game``, each in the seat ``player`` held in it."""
    out = []
    pot = Pot()
    for number, hand in enumerate(game.hands):
        out.append(PlayerHand(number, hand.record, hand.deal.seat_of(player), hand.deal, pot))
        pot = hand.money.pot
    return out


def hands_to_review(game_id: str, player: int, hands: Sequence[PlayerHand]) -> list[ToReview]:
    """``player``'s ``hands`` of game ``game_id`` as the reviewer takes them, each named
    by the game, its number and the player (what the review command and the review page
    show and return)."""
    out = []
    for hand in hands:
        place = {"game": game_id, "hand": hand.number, "player": player}
        where = f"game {game_id} hand {hand.number + 1}"
        out.append(ToReview(hand.record, hand.seat, hand.deal, hand.pot, where, where, place))
    return out


__all__ = ["PlayerHand", "first_person", "hands_to_review", "player_hands", "stored_games"]
