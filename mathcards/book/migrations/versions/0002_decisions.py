"""The decision exercises (LAMA's draw or quit, LAMA Dice's roll or quit) with the best choice
beside each answer, and the indexes the teacher's page reads by date.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "decisions",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("situation", sa.JSON(), nullable=False),
        sa.Column("choice", sa.String(40), nullable=False),
        sa.Column("best", sa.String(40), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_decisions"),
        sa.ForeignKeyConstraint(
            ["student_id"], ["students.id"], name="fk_decisions_student_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_decisions_student_id", "decisions", ["student_id"])
    op.create_index("ix_decisions_at", "decisions", ["at"])
    op.create_index("ix_practice_steps_at", "practice_steps", ["at"])
    op.create_index("ix_games_at", "games", ["at"])


def downgrade() -> None:
    op.drop_index("ix_games_at", "games")
    op.drop_index("ix_practice_steps_at", "practice_steps")
    op.drop_table("decisions")
