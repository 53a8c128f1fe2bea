"""AI players (issue 26): a table may let the AI stand in for a player whose deadline passed
(``games.ai_stand_in``: the AI's level, ``NULL``: never), and a seat the AI plays for its absent
player says so (``seats.stand_in``: the level, ``NULL``: its player plays it). AI seats themselves
need no column: their user id names them (``ai:<level>:<n>``).

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-04
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

COLUMNS = (("games", "ai_stand_in"), ("seats", "stand_in"))


def upgrade() -> None:
    for table, name in COLUMNS:
        op.add_column(table, sa.Column(name, sa.Text(), nullable=True))


def downgrade() -> None:
    for table, name in COLUMNS:
        with op.batch_alter_table(table) as batch:
            batch.drop_column(name)
