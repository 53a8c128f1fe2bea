"""Shard leases: which process serves each shard's timed work (issue 17, bot.store.leases).

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-26
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "shard_leases",
        sa.Column("shard_count", sa.Integer(), nullable=False),
        sa.Column("shard", sa.Integer(), nullable=False),
        sa.Column("holder", sa.Text(), nullable=False),
        sa.Column("home", sa.Integer(), nullable=False),
        sa.Column("wanted_by", sa.Text(), nullable=True),
        sa.Column("expires_at", sa.Text(), nullable=False),
        sa.PrimaryKeyConstraint("shard_count", "shard"),
        sqlite_with_rowid=False,
    )


def downgrade() -> None:
    op.drop_table("shard_leases")
