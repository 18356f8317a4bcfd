"""Alembic's environment: runs on the connection :func:`dogfight.store.db.upgrade`
hands over (no alembic.ini, no URL here)."""

from __future__ import annotations

from alembic import context

from dogfight.store.db import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata,
                  render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
