"""Alembic migrations of the dogfight database (``dogfight db upgrade``; the server
upgrades its database when it starts). See :func:`dogfight.store.db.upgrade`.

A change of the tables adds a revision under ``versions/`` (``alembic revision``
with ``script_location`` set to this directory, or by hand after the two here), and
a test that upgrades a database written by the schema before it
(tests/test_migrations.py)."""
