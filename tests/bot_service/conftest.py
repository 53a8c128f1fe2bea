"""Fixtures shared by the service tests."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from bot_helpers import service_at

from bot.service import GameService


@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    async with service_at(tmp_path / "games.sqlite3") as service:
        yield service
