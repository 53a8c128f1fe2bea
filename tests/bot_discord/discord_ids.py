"""Discord's ids for the fake guild, and user payloads as Discord sends them."""

from __future__ import annotations

import itertools
from typing import Any

APP_ID = 900_000_000_000_000_001
BOT_ID = 900_000_000_000_000_002
GUILD_ID = 700_000_000_000_000_001
CHANNEL_ID = 700_000_000_000_000_100
EPHEMERAL = 64
#: Fresh snowflakes for messages, interactions and attachments.
snowflakes = itertools.count(800_000_000_000_000_000)
TIMESTAMP = "2030-01-01T00:00:00+00:00"


def user_payload(user_id: int, name: str) -> dict[str, Any]:
    return {
        "id": str(user_id),
        "username": name.lower(),
        "global_name": name,
        "discriminator": "0",
        "avatar": None,
        "bot": user_id == BOT_ID,
    }
