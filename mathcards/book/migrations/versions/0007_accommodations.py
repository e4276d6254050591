"""The accommodations the teacher sets for a student who needs the lesson to wait for them (no
countdown, a wrong claim that costs nobody a card, larger cards and text): one row each, kept
by the student's id, so that a rename changes nothing and a forget takes them away.

Revision ID: 0007_accommodations
Revises: 0006_event_students
Create Date: 2027-05-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_accommodations"
down_revision = "0006_event_students"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accommodations",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_accommodations"),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["students.id"],
            name="fk_accommodations_student_id",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint("student_id", "kind", name="uq_accommodations_student_id"),
    )
    op.create_index("ix_accommodations_student_id", "accommodations", ["student_id"])


def downgrade() -> None:
    op.drop_index("ix_accommodations_student_id", table_name="accommodations")
    op.drop_table("accommodations")
