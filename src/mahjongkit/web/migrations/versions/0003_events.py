"""Tournament events: one row an event, its players, seating, results and penalties as
JSON (`mahjongkit.tournament.events.Event.to_json`), and its organiser token's digest.

Revision ID: 0003
Revises: 0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision: str | None = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the events table."""
    op.create_table(
        "events",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(200), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("created", sa.DateTime, nullable=False),
        sa.Column("updated", sa.DateTime, nullable=False),
    )


def downgrade() -> None:
    """Drop the events table."""
    op.drop_table("events")
