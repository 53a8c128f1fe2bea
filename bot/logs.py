"""Log lines with the shard and the game they are about: readable text, or JSON lines (``LOG_FORMAT``).

Every record gets two fields from :class:`ContextFilter`: ``shard`` (the shard of the Discord event
being handled when the Discord layer set it, else the process's shard ids such as ``0-1/4``, or
``-`` when unsharded) and ``game`` (the game row ``play_step`` is changing, else ``None``); see
:mod:`bot.service.logctx`. :class:`JsonFormatter` writes one JSON object a line for log collectors::

    {"time": "2026-11-25T22:10:03.120Z", "level": "INFO", "logger": "bot.timers", "message": "...",
     "shard": "1", "game": 42}
"""

from __future__ import annotations

import json
import logging
import sys
from datetime import UTC, datetime
from typing import Any

from .service.logctx import GAME, SHARD

#: The libraries whose loggers follow ``LOG_LEVEL`` only when it is set (:func:`setup_logging`).
LIBRARIES = ("alembic", "sqlalchemy", "discord", "aiohttp", "asyncpg", "PIL")
TEXT_FORMAT = "%(asctime)s %(levelname)-8s %(name)s [shard %(shard)s game %(game_text)s] %(message)s"


class ContextFilter(logging.Filter):
    """Adds ``shard`` and ``game`` to each record (never drops one); ``process_shards`` is the label
    used when no event's shard is known."""

    def __init__(self, process_shards: str = "-") -> None:
        super().__init__()
        self.process_shards = process_shards

    def filter(self, record: logging.LogRecord) -> bool:
        shard = SHARD.get()
        record.shard = str(shard) if shard is not None else self.process_shards
        game = GAME.get()
        record.game = game
        record.game_text = "-" if game is None else str(game)
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time (UTC, ms), level, logger, message, shard, game, and the
    exception's traceback as ``exc`` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        stamp = datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds")
        line: dict[str, Any] = {
            "time": stamp.replace("+00:00", "Z"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
            "shard": getattr(record, "shard", None),
            "game": getattr(record, "game", None),
        }
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            line["stack"] = self.formatStack(record.stack_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def make_handler(log_format: str = "text", process_shards: str = "-", stream: Any = None) -> logging.Handler:
    """A stream handler (default stderr) with the context filter and the chosen formatter."""
    handler = logging.StreamHandler(stream if stream is not None else sys.stderr)
    handler.addFilter(ContextFilter(process_shards))
    if log_format == "json":
        handler.setFormatter(JsonFormatter())
    elif log_format == "text":
        handler.setFormatter(logging.Formatter(TEXT_FORMAT))
    else:
        raise ValueError(f"log format must be text or json, not {log_format!r}")
    return handler


def setup_logging(
    level: int, log_format: str = "text", process_shards: str = "-", libraries: int | None = None
) -> logging.Handler:
    """Route the root logger (discord.py's too) through :func:`make_handler` at ``level``; the
    :data:`LIBRARIES`' loggers get ``libraries`` (default: ``level``, at least WARNING), so a
    migration's or a connection's INFO lines show only when ``LOG_LEVEL`` asks. Returns the handler."""
    handler = make_handler(log_format, process_shards)
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "pbp_handler", False)]:
        root.removeHandler(old)
    handler.pbp_handler = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)
    for name in LIBRARIES:
        logging.getLogger(name).setLevel(libraries if libraries is not None else max(level, logging.WARNING))
    return handler
