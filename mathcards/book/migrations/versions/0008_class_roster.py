"""Each class's roster: a number that grows whenever a student is renamed or forgotten (the
running class service reads it on every live call, so `mathcards book forget` in another process
reaches a live game at once), and whether the teacher has closed the class to new names.

Revision ID: 0008_class_roster
Revises: 0007_accommodations
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_class_roster"
down_revision = "0007_accommodations"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Columns added in place (SQLite's ALTER TABLE ADD COLUMN): a batch would copy the table,
    # and dropping the old `classes` would cascade to every student.
    op.add_column("classes", sa.Column("roster", sa.Integer(), nullable=False, server_default="0"))
    op.add_column(
        "classes", sa.Column("closed", sa.Boolean(), nullable=False, server_default=sa.false())
    )


def downgrade() -> None:
    op.drop_column("classes", "closed")
    op.drop_column("classes", "roster")
