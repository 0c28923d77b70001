"""Alembic's environment: runs the migrations on the connection `Store.migrate` passes."""

from __future__ import annotations

from alembic import context

from mahjongkit.web.store import metadata


def run() -> None:
    """Run the migrations online, on the connection given in the config's attributes."""
    connection = context.config.attributes["connection"]
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()


try:
    context.config  # noqa: B018  (raises outside an Alembic run)
except (NameError, AttributeError):  # imported by a test collector, not by Alembic
    pass
else:
    run()
