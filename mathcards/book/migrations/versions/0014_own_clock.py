"""A student's own choice of whether time counts in their practice at their level (none: they
never chose, and time counts; False: they turned the clock off, and only right or wrong counts),
kept with them by their id, so a forget takes it away.

Revision ID: 0014_own_clock
Revises: 0013_level_keep
Create Date: 2026-12-12
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014_own_clock"
down_revision = "0013_level_keep"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Added in place (SQLite's ALTER TABLE ADD COLUMN), as 0013 adds its own: a batch would copy
    # `students`, and dropping the old table would cascade to all they did.
    op.add_column("students", sa.Column("own_clock", sa.Boolean(), nullable=True))


def downgrade() -> None:
    op.drop_column("students", "own_clock")
