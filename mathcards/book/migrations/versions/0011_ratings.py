"""Practice at a student's level: each student's rating per skill, each item's rating, and
what every answer did to both, kept by the student's id, so that a rename changes nothing and a
forget takes a student's ratings and history away (an item's rating names nobody).

Revision ID: 0011_ratings
Revises: 0010_assignments
Create Date: 2026-12-06
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011_ratings"
down_revision = "0010_assignments"
branch_labels = None
depends_on = None

RATING = (  # the columns a student's rating and an item's share
    ("value", sa.Float()),
    ("variance", sa.Float()),
    ("answers", sa.Integer()),
)


def upgrade() -> None:
    op.create_table(
        "student_ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(20), nullable=False),
        *(sa.Column(name, kind, nullable=False) for name, kind in RATING),
        sa.Column("last", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_student_ratings"),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["students.id"],
            name="fk_student_ratings_student_id",
            ondelete="CASCADE",
        ),
        sa.UniqueConstraint("student_id", "skill", name="uq_student_ratings_student_id"),
    )
    op.create_index("ix_student_ratings_student_id", "student_ratings", ["student_id"])
    op.create_table(
        "item_ratings",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(20), nullable=False),
        sa.Column("item", sa.String(80), nullable=False),
        *(sa.Column(name, kind, nullable=False) for name, kind in RATING),
        sa.Column("last", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_item_ratings"),
        sa.UniqueConstraint("skill", "item", name="uq_item_ratings_skill"),
    )
    op.create_table(
        "rating_changes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("skill", sa.String(20), nullable=False),
        sa.Column("item", sa.String(80), nullable=False),
        sa.Column("right", sa.Boolean(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=True),
        sa.Column("hints", sa.Integer(), nullable=False),
        sa.Column("shown", sa.Boolean(), nullable=False),
        sa.Column("clock", sa.Boolean(), nullable=False),
        *(
            sa.Column(name, sa.Float(), nullable=False)
            for name in (
                "score",
                "expected",
                "student_before",
                "student_after",
                "student_variance",
                "item_before",
                "item_after",
            )
        ),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_rating_changes"),
        sa.ForeignKeyConstraint(
            ["student_id"],
            ["students.id"],
            name="fk_rating_changes_student_id",
            ondelete="CASCADE",
        ),
    )
    op.create_index("ix_rating_changes_student_id", "rating_changes", ["student_id"])
    op.create_index("ix_rating_changes_at", "rating_changes", ["at"])


def downgrade() -> None:
    op.drop_index("ix_rating_changes_at", table_name="rating_changes")
    op.drop_index("ix_rating_changes_student_id", table_name="rating_changes")
    op.drop_table("rating_changes")
    op.drop_table("item_ratings")
    op.drop_index("ix_student_ratings_student_id", table_name="student_ratings")
    op.drop_table("student_ratings")
