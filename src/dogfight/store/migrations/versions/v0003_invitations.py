"""games.listed: the creator lists the open seats in the lobby; seats.invite_hash: the
SHA-256 of an open seat's invitation token. Old games keep what they had: listed (their
open seats were all in the lobby, and have no invitation token).

Revision ID: v0003
Revises: v0002
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0003"
down_revision: str | None = "v0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("listed", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))
    op.execute(sa.table("games", sa.column("listed", sa.Boolean())).update()
               .values(listed=sa.true()))
    # a database made before migrations existed may have just been given the seats
    # table as it is now (dogfight.store.db.upgrade), invitations included
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}
    if "invite_hash" not in columns:
        op.add_column("seats", sa.Column("invite_hash", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("invite_hash")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("listed")
