"""Assignments for the whole class (a skill, a goal of deals solved or days practised, a
deadline day), and each class's time zone, which decides the deadline and the days (none: the
server's own). Each student's progress is worked out from their answers, so nothing of a
student is kept here.

Revision ID: 0010_assignments
Revises: 0009_play_tables
Create Date: 2026-12-08
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010_assignments"
down_revision = "0009_play_tables"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # A column added in place (SQLite's ALTER TABLE ADD COLUMN): a batch would copy `classes`,
    # and dropping the old table would cascade to every student.
    op.add_column("classes", sa.Column("zone", sa.String(64), nullable=True))
    op.create_table(
        "assignments",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("title", sa.String(80), nullable=False),
        sa.Column("skill", sa.String(20), nullable=False),
        sa.Column("goal", sa.String(10), nullable=False),
        sa.Column("count", sa.Integer(), nullable=False),
        sa.Column("due", sa.Date(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_assignments"),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name="fk_assignments_class_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_assignments_class_id", "assignments", ["class_id"])


def downgrade() -> None:
    op.drop_index("ix_assignments_class_id", table_name="assignments")
    op.drop_table("assignments")
    op.drop_column("classes", "zone")
