"""A live event keeps its student by id, not by nickname: a rename then changes nothing in the
events (the nickname is read through the id) and a forget deletes them by id, so a newcomer who
takes a forgotten name inherits nothing. The events kept so far are matched to the students of
their class by nickname (exactly, else whatever its case); an event whose name no student of the
class has any more (forgotten, or renamed before this revision kept renames) belongs to no one
the book knows, and goes.

Revision ID: 0006_event_students
Revises: 0005_game_moves
Create Date: 2027-04-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_event_students"
down_revision = "0005_game_moves"
branch_labels = None
depends_on = None

EVENTS = sa.table(
    "live_events",
    sa.column("id", sa.Integer()),
    sa.column("live_id", sa.Integer()),
    sa.column("name", sa.String(30)),
    sa.column("student_id", sa.Integer()),
)
GAMES = sa.table("live_games", sa.column("id", sa.Integer()), sa.column("class_id", sa.Integer()))
STUDENTS = sa.table(
    "students",
    sa.column("id", sa.Integer()),
    sa.column("class_id", sa.Integer()),
    sa.column("nickname", sa.String(30)),
)


def students_by_name(connection: sa.Connection) -> dict[tuple[int, str], int]:
    """Each student's id by (class, nickname), and by (class, nickname casefolded) when that
    is one student's alone."""
    rows = connection.execute(sa.select(STUDENTS.c.id, STUDENTS.c.class_id, STUDENTS.c.nickname))
    exact: dict[tuple[int, str], int] = {}
    folded: dict[tuple[int, str], list[int]] = {}
    for id_, class_id, nickname in rows:
        exact[(class_id, nickname)] = id_
        folded.setdefault((class_id, nickname.casefold()), []).append(id_)
    alone = {place: ids[0] for place, ids in folded.items() if len(ids) == 1}
    return {**alone, **exact}


def upgrade() -> None:
    with op.batch_alter_table("live_events") as table:
        table.add_column(sa.Column("student_id", sa.Integer(), nullable=True))
    connection = op.get_bind()
    found = students_by_name(connection)
    named = connection.execute(
        sa.select(EVENTS.c.id, GAMES.c.class_id, EVENTS.c.name)
        .join(GAMES, GAMES.c.id == EVENTS.c.live_id)
        .where(EVENTS.c.name != "")
    ).all()
    for id_, class_id, name in named:
        student = found.get((class_id, name), found.get((class_id, name.casefold())))
        event = EVENTS.c.id == id_
        if student is None:
            connection.execute(EVENTS.delete().where(event))
        else:
            connection.execute(EVENTS.update().where(event).values(student_id=student))
    with op.batch_alter_table("live_events") as table:
        table.create_foreign_key(
            "fk_live_events_student_id", "students", ["student_id"], ["id"], ondelete="CASCADE"
        )
        table.create_index("ix_live_events_student_id", ["student_id"])
        table.drop_column("name")


def downgrade() -> None:
    with op.batch_alter_table("live_events") as table:
        table.add_column(sa.Column("name", sa.String(30), nullable=False, server_default=""))
    connection = op.get_bind()
    nickname = (
        sa.select(STUDENTS.c.nickname).where(STUDENTS.c.id == EVENTS.c.student_id).scalar_subquery()
    )
    connection.execute(
        EVENTS.update().where(EVENTS.c.student_id.is_not(None)).values(name=nickname)
    )
    with op.batch_alter_table("live_events") as table:
        table.alter_column("name", existing_type=sa.String(30), server_default=None)
        table.drop_index("ix_live_events_student_id")
        table.drop_constraint("fk_live_events_student_id", type_="foreignkey")
        table.drop_column("student_id")
