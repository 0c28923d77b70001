"""Scoresheets get an owner: the SHA-256 of the token that may add lines and undo.

Sheets stored before have none (``NULL``): they read and export as before, and the first
client to claim one (``POST /api/sheets/<id>/claim``) becomes its owner.

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision: str | None = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the nullable ``owner`` column and its index."""
    with op.batch_alter_table("scoresheets") as batch:
        batch.add_column(sa.Column("owner", sa.String(64), nullable=True))
    op.create_index("ix_scoresheets_owner", "scoresheets", ["owner"])


def downgrade() -> None:
    """Drop the owner (every sheet is open to anyone with its id again)."""
    op.drop_index("ix_scoresheets_owner", "scoresheets")
    with op.batch_alter_table("scoresheets") as batch:
        batch.drop_column("owner")
