"""The first schema: stored games and club scoresheets.

Revision ID: 0001
Revises:
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision: str | None = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the games and scoresheets tables."""
    op.create_table(
        "games",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("config", sa.Text, nullable=False),
        sa.Column("tokens", sa.Text, nullable=False),
        sa.Column("log", sa.Text, nullable=False),
        sa.Column("summary", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
    )
    op.create_index("games_updated", "games", ["updated"])
    op.create_table(
        "scoresheets",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("ruleset", sa.String(64), nullable=False),
        sa.Column("players", sa.Text, nullable=False),
        sa.Column("lines", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("scoresheets")
    op.drop_index("games_updated", "games")
    op.drop_table("games")
