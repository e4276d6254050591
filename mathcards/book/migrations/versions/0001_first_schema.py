"""The first class book: classes, students known by a nickname, their devices, practice sets and
their steps, and finished games.

Revision ID: 0001
Revises:
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_classes"),
        sa.UniqueConstraint("name", name="uq_classes_name"),
    )
    op.create_table(
        "students",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(30), nullable=False),
        sa.Column("nickname_key", sa.String(30), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_students"),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name="fk_students_class_id", ondelete="CASCADE"
        ),
        sa.UniqueConstraint("class_id", "nickname_key", name="uq_students_class_id"),
    )
    op.create_index("ix_students_class_id", "students", ["class_id"])
    op.create_table(
        "devices",
        sa.Column("token_hash", sa.String(64), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("created", sa.DateTime(), nullable=False),
        sa.Column("used", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("token_hash", "student_id", name="pk_devices"),
        _foreign_student("devices"),
    )
    op.create_index("ix_devices_student_id", "devices", ["student_id"])
    op.create_table(
        "practice_sets",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("level", sa.String(20), nullable=False),
        sa.Column("power", sa.Boolean(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=False),
        sa.Column("finished", sa.DateTime(), nullable=True),
        sa.PrimaryKeyConstraint("id", name="pk_practice_sets"),
        _foreign_student("practice_sets"),
    )
    op.create_index("ix_practice_sets_student_id", "practice_sets", ["student_id"])
    op.create_table(
        "practice_steps",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("set_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("deal", sa.Integer(), nullable=False),
        sa.Column("cards", sa.JSON(), nullable=False),
        sa.Column("target", sa.Integer(), nullable=False),
        sa.Column("typed", sa.Text(), nullable=False),
        sa.Column("correct", sa.Boolean(), nullable=True),
        sa.Column("verdict_kind", sa.String(20), nullable=True),
        sa.Column("sentence", sa.Text(), nullable=False),
        sa.Column("hints_used", sa.Integer(), nullable=False),
        sa.Column("seconds", sa.Float(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_practice_steps"),
        sa.ForeignKeyConstraint(
            ["set_id"], ["practice_sets.id"], name="fk_practice_steps_set_id", ondelete="CASCADE"
        ),
        sa.UniqueConstraint("set_id", "seq", name="uq_practice_steps_set_id"),
    )
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("student_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("players", sa.JSON(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=True),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        _foreign_student("games"),
    )
    op.create_index("ix_games_student_id", "games", ["student_id"])


def _foreign_student(table: str) -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["student_id"], ["students.id"], name=f"fk_{table}_student_id", ondelete="CASCADE"
    )


def downgrade() -> None:
    for table in ("games", "practice_steps", "practice_sets", "devices", "students", "classes"):
        op.drop_table(table)
