"""What a teacher sets for the class's practice at each student's level: the share of right
answers the deals are chosen for (none: 75 %), and whether time counts for the whole class (off:
only right or wrong counts, and no clock is shown).

Revision ID: 0012_level_settings
Revises: 0011_ratings
Create Date: 2026-12-10
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012_level_settings"
down_revision = "0011_ratings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Columns added in place (SQLite's ALTER TABLE ADD COLUMN): a batch would copy `classes`,
    # and dropping the old table would cascade to every student.
    op.add_column("classes", sa.Column("success", sa.Float(), nullable=True))
    op.add_column(
        "classes", sa.Column("clock", sa.Boolean(), nullable=False, server_default=sa.true())
    )


def downgrade() -> None:
    op.drop_column("classes", "clock")
    op.drop_column("classes", "success")
