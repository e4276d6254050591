"""A game played at a table keeps its settings (everything the table needs to deal it again)
and its moves, one row a move in order, so that it can be replayed: judged by the class
service, and resumed where its student left it. Games kept before have no settings ({}) and no
moves: they are not resumed.

Revision ID: 0005_game_moves
Revises: 0004
Create Date: 2027-03-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_game_moves"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as games:
        games.add_column(sa.Column("settings", sa.JSON(), nullable=False, server_default="{}"))
    op.create_table(
        "game_moves",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("move", sa.JSON(), nullable=False),
        sa.Column("at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_game_moves"),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_game_moves_game_id", ondelete="CASCADE"
        ),
        sa.UniqueConstraint("game_id", "seq", name="uq_game_moves_game_id"),
    )


def downgrade() -> None:
    op.drop_table("game_moves")
    with op.batch_alter_table("games") as games:
        games.drop_column("settings")
