"""A live event holds a JSON object, its payload, instead of a text whose form hung on its kind
(a settings or question JSON in a string, a countdown's end as a decimal string, "1"/"0" for a
lock): the events kept so far are rewritten, so a game played before replays as it was.

Revision ID: 0004
Revises: 0003
Create Date: 2027-02-01
"""

from __future__ import annotations

import json
from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

EVENTS = sa.table(
    "live_events",
    sa.column("id", sa.Integer()),
    sa.column("kind", sa.String(10)),
    sa.column("text", sa.Text()),
    sa.column("payload", sa.JSON()),
)
TIMES = {"open": "until", "resume": "until", "pause": "left"}  # a countdown, on the service's clock
TYPED = ("answer", "guess")  # what a student typed


def payload(kind: str, text: str) -> dict[str, Any]:
    """An event's payload from its text, as revision 0003 kept it."""
    if kind == "start":
        return {"settings": json.loads(text) if text else {}}
    if kind == "lock":
        return {"locked": text == "1"}
    if kind in TIMES:
        return {TIMES[kind]: float(text) if text else None}
    if kind in TYPED:
        return {"text": text}
    if kind == "ask":
        return dict(json.loads(text))
    if kind == "rolls":
        rolls = json.loads(text)
        return {"count": int(rolls["count"]), "seed": int(rolls["seed"])}
    return {}  # join, remove, close, reveal, finish: the student's name is all they hold


def text(kind: str, held: dict[str, Any]) -> str:
    """An event's text from its payload, as revision 0003 keeps it."""
    if kind == "start":
        return json.dumps(held.get("settings", {}))
    if kind == "lock":
        return "1" if held.get("locked") else "0"
    if kind in TIMES:
        moment = held.get(TIMES[kind])
        return "" if moment is None else str(float(moment))
    if kind in TYPED:
        return str(held.get("text", ""))
    if kind in ("ask", "rolls"):
        return json.dumps(held)
    return ""


def upgrade() -> None:
    with op.batch_alter_table("live_events") as table:
        table.add_column(sa.Column("payload", sa.JSON(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(EVENTS.c.id, EVENTS.c.kind, EVENTS.c.text)).all()
    for id_, kind, written in rows:
        rewritten = EVENTS.update().where(EVENTS.c.id == id_)
        connection.execute(rewritten.values(payload=payload(kind, written)))
    with op.batch_alter_table("live_events") as table:
        table.alter_column("payload", existing_type=sa.JSON(), nullable=False)
        table.drop_column("text")


def downgrade() -> None:
    with op.batch_alter_table("live_events") as table:
        table.add_column(sa.Column("text", sa.Text(), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(EVENTS.c.id, EVENTS.c.kind, EVENTS.c.payload)).all()
    for id_, kind, held in rows:
        rewritten = EVENTS.update().where(EVENTS.c.id == id_)
        connection.execute(rewritten.values(text=text(kind, held)))
    with op.batch_alter_table("live_events") as table:
        table.alter_column("text", existing_type=sa.Text(), nullable=False)
        table.drop_column("payload")
