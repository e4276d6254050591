"""The live games a class plays together, and their events in order of arrival (replayed,
they are the game again after a restart).

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "live_games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(20), nullable=False),
        sa.Column("settings", sa.JSON(), nullable=False),
        sa.Column("started", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_live_games"),
        sa.ForeignKeyConstraint(
            ["class_id"], ["classes.id"], name="fk_live_games_class_id", ondelete="CASCADE"
        ),
    )
    op.create_index("ix_live_games_class_id", "live_games", ["class_id"])
    op.create_index("ix_live_games_started", "live_games", ["started"])
    op.create_table(
        "live_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("live_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("name", sa.String(30), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_live_events"),
        sa.ForeignKeyConstraint(
            ["live_id"], ["live_games.id"], name="fk_live_events_live_id", ondelete="CASCADE"
        ),
        sa.UniqueConstraint("live_id", "seq", name="uq_live_events_live_id"),
    )


def downgrade() -> None:
    op.drop_table("live_events")
    op.drop_index("ix_live_games_started", "live_games")
    op.drop_index("ix_live_games_class_id", "live_games")
    op.drop_table("live_games")
