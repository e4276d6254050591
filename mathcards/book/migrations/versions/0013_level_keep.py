"""Nothing acknowledged of practice at a student's level is lost in a restart: a roll-or-quit
set at their level (its moments dealt and what the student did) and the MAM! deal dealt and not
answered yet are kept in the class book, not in the class service's memory; and a student's
choice to practise at their level (by game: the skill) is kept, so their page opens there again.

Revision ID: 0013_level_keep
Revises: 0012_level_settings
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013_level_keep"
down_revision = "0012_level_settings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "level_sets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(20), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("dice", sa.String(40), nullable=False),
        sa.Column("dealt", sa.JSON(), nullable=False),
        sa.Column("moved", sa.Integer(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_level_sets"),
        sa.ForeignKeyConstraint(
            ["student_id"], ["students.id"], name="fk_level_sets_student_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_level_sets_student_id", "level_sets", ["student_id"])
    op.create_index("ix_level_sets_at", "level_sets", ["at"])
    # Columns added in place (SQLite's ALTER TABLE ADD COLUMN), as 0012 adds its own: a batch
    # would copy `students`, and dropping the old table would cascade to all they did.
    op.add_column("practice_sets", sa.Column("dealt", sa.String(80), nullable=True))
    op.add_column("students", sa.Column("my_level", sa.JSON(), nullable=True))


def downgrade() -> None:
    op.drop_column("students", "my_level")
    op.drop_column("practice_sets", "dealt")
    op.drop_index("ix_level_sets_at", table_name="level_sets")
    op.drop_index("ix_level_sets_student_id", table_name="level_sets")
    op.drop_table("level_sets")
