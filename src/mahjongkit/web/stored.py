"""The web table's stored games, rebuilt from their stored decisions as the server
rebuilds them: what `mahjongkit dataset --db` and `mahjongkit botzone-log export --db`
read.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from sqlalchemy.exc import SQLAlchemyError

from mahjongkit.errors import MahjongError
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


__all__ = ["stored_games"]
