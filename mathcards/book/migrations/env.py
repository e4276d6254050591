"""Alembic's environment for the class book, run by mathcards/book/schema.py with the connection
to migrate (`config.attributes["connection"]`): there is no alembic.ini and no URL here."""

from __future__ import annotations

from alembic import context

from mathcards.book.models import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters a table by copying it
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
