"""The clock a seat's latest answer stopped, kept on its ``clocks`` row (``prev_bank``,
``prev_opened_at``, ``prev_due_at``), so taking that answer back resumes it: the same bank, opening
time and deadline, as if the answer had never been given (issue 23). Rows stopped before this
revision have none and resume as before, from their bank.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-27
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

COLUMNS = (("prev_bank", sa.Integer()), ("prev_opened_at", sa.Text()), ("prev_due_at", sa.Text()))


def upgrade() -> None:
    for name, kind in COLUMNS:
        op.add_column("clocks", sa.Column(name, kind, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("clocks") as batch:
        for name, _ in COLUMNS:
            batch.drop_column(name)
