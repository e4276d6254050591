"""The games tables of students play together (mathcards.table): each table with its settings
and seed, its seats and their students, every move as it is made (by which seat, and whether a
computer made it for a student away), and every decision its review scored, with its values.

Revision ID: 0009_play_tables
Revises: 0008_class_roster
Create Date: 2027-06-01
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0009_play_tables"
down_revision = "0008_class_roster"
branch_labels = None
depends_on = None


def _in_table(name: str) -> list[Any]:
    """A row of a table's: its id, and its table's, which takes it along when it goes."""
    return [
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("id", name=f"pk_{name}"),
        sa.ForeignKeyConstraint(
            ["table_id"], ["play_tables.id"], name=f"fk_{name}_table_id", ondelete="CASCADE"
        ),
    ]


def _student(name: str, gone: str) -> list[Any]:
    """A row's student (none: a computer player), and what a forget does to it."""
    return [
        sa.Column("student_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(
            ["student_id"], ["students.id"], name=f"fk_{name}_student_id", ondelete=gone
        ),
    ]


def upgrade() -> None:
    op.create_table(
        "play_tables",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("seed", sa.BigInteger(), nullable=False),
        sa.Column("away_seconds", sa.Float(), nullable=False),
        sa.Column("scores", sa.JSON(), nullable=False),
        sa.Column("winners", sa.JSON(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_play_tables"),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name="fk_play_tables_class_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_play_tables_class_id", "play_tables", ["class_id"])
    op.create_index("ix_play_tables_started", "play_tables", ["started"])
    op.create_table(
        "play_seats",
        *_in_table("play_seats"),
        sa.Column("seat", sa.Integer(), nullable=False),
        *_student("play_seats", "SET NULL"),
        sa.UniqueConstraint("table_id", "seat", name="uq_play_seats_table_id"),
    )
    op.create_index("ix_play_seats_student_id", "play_seats", ["student_id"])
    op.create_table(
        "play_moves",
        *_in_table("play_moves"),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("move", sa.JSON(), nullable=False),
        sa.Column("stand_in", sa.Boolean(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_play_moves_table_id"),
    )
    op.create_table(
        "play_decisions",
        *_in_table("play_decisions"),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        *_student("play_decisions", "CASCADE"),
        sa.Column("chosen", sa.String(20), nullable=False),
        sa.Column("best", sa.String(20), nullable=False),
        sa.Column("values", sa.JSON(), nullable=False),
        sa.Column("exact", sa.Boolean(), nullable=False),
        sa.Column("stand_in", sa.Boolean(), nullable=False),
        sa.Column("situation", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.UniqueConstraint("table_id", "seq", name="uq_play_decisions_table_id"),
    )
    op.create_index("ix_play_decisions_student_id", "play_decisions", ["student_id"])


def downgrade() -> None:
    op.drop_index("ix_play_decisions_student_id", table_name="play_decisions")
    op.drop_table("play_decisions")
    op.drop_table("play_moves")
    op.drop_index("ix_play_seats_student_id", table_name="play_seats")
    op.drop_table("play_seats")
    op.drop_index("ix_play_tables_started", table_name="play_tables")
    op.drop_index("ix_play_tables_class_id", table_name="play_tables")
    op.drop_table("play_tables")
