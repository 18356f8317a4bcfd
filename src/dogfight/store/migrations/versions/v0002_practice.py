"""games.practice: the creator chose the seed (a practice game). Old games: false.

Revision ID: v0002
Revises: v0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "v0002"
down_revision: str | None = "v0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column("games", sa.Column("practice", sa.Boolean(), nullable=False,
                                     server_default=sa.false()))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("practice")
