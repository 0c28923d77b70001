"""Reviews of stored games: one row a game and player, the finished review as JSON (what
``mahjongkit review --json`` prints for a stored game), kept so a reload does not review
the game again.

Revision ID: 0004
Revises: 0003
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision: str | None = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the reviews table."""
    op.create_table(
        "reviews",
        sa.Column("game", sa.String(32), primary_key=True),
        sa.Column("player", sa.Integer, primary_key=True),
        sa.Column("hands", sa.Integer, nullable=False),
        sa.Column("samples", sa.Integer, nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop the reviews table."""
    op.drop_table("reviews")
