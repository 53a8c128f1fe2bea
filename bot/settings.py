"""Typed settings from environment variables, with an optional ``.env`` file (no extra dependency).

Variables (all documented in ``.env.example``): ``DISCORD_TOKEN``, ``DATABASE_URL`` or ``DATABASE_PATH``,
``DEV_GUILD_ID``, ``LOG_LEVEL``, ``LOG_FORMAT``, ``SYNC_COMMANDS``, ``STALL_DAYS``, ``DATA_PACKS``,
``SHARD_COUNT``, ``SHARD_IDS``, ``HEALTH_PORT``, ``HEALTH_HOST``, ``RENDER_WORKERS`` and ``AI_WORKERS``.

``DATA_PACKS`` lets a server owner who owns a game use their own transcription of its printed
components: comma-separated ``game=folder`` pairs, e.g. ``DATA_PACKS=lisboa=/srv/packs/lisboa``
(a folder laid out like ``engine/lisboa/data``, see its ``SCHEMA.md``). The bot validates each
pack at start-up (:func:`bot.service.packs.load_data_packs`) and refuses to start, naming the file, row
and field, when one is bad; new games then use it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Mapping, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path

from .store.database import locate

DEFAULT_DATABASE = "pbp_games.sqlite3"
_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


class SettingsError(ValueError):
    """A variable has a value the bot cannot use; the message names it."""


def parse_dotenv(text: str) -> dict[str, str]:
    """``KEY=value`` lines; blank lines, ``#`` comments and an ``export`` prefix are allowed.

    >>> parse_dotenv('# c\\nexport A=1\\nB = "two words"\\nC=\\'x\\' # note\\n')
    {'A': '1', 'B': 'two words', 'C': 'x'}
    """
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        line = line.removeprefix("export ").strip()
        key, sep, value = line.partition("=")
        if not sep or not key.strip():
            continue
        value = value.strip()
        if value[:1] in {'"', "'"} and value[0] in value[1:]:
            value = value[1 : value.index(value[0], 1)]
        else:
            value = value.split(" #", 1)[0].strip()
        values[key.strip()] = value
    return values


def load_dotenv(path: str | Path = ".env", env: MutableMapping[str, str] | None = None) -> bool:
    """Copy ``path``'s variables into ``env`` (default ``os.environ``) without overriding set ones.

    No file there: nothing to read (``False``). A folder, an unreadable file or one that is not UTF-8
    text raises :class:`SettingsError` naming it."""
    target = os.environ if env is None else env
    file = Path(path)
    try:
        if not file.exists():
            return False
        if not file.is_file():
            raise SettingsError(f"the settings file {file} is a folder, not a file: name a file such as .env")
        content = file.read_text(encoding="utf-8")
    except OSError as exc:
        raise SettingsError(f"cannot read the settings file {file} ({exc.strerror or exc})") from None
    except UnicodeDecodeError:
        raise SettingsError(f"the settings file {file} is not UTF-8 text: save it as UTF-8") from None
    for key, value in parse_dotenv(content).items():
        target.setdefault(key, value)
    return True


def parse_data_packs(raw: str | None) -> tuple[tuple[str, str], ...]:
    """``game=folder`` pairs separated by commas (folders may not contain commas).

    >>> parse_data_packs(" lisboa = /srv/packs/lisboa , ")
    (('lisboa', '/srv/packs/lisboa'),)
    """
    pairs: list[tuple[str, str]] = []
    for part in (raw or "").split(","):
        if not part.strip():
            continue
        game, sep, folder = part.partition("=")
        game, folder = game.strip().lower(), folder.strip()
        if not sep or not game or not folder:
            raise SettingsError(f"DATA_PACKS wants game=folder pairs separated by commas, not {part.strip()!r}.")
        if game in {g for g, _ in pairs}:
            raise SettingsError(f"DATA_PACKS names the game {game!r} twice.")
        pairs.append((game, folder))
    return tuple(pairs)


def parse_shard_ids(raw: str | None, count: int) -> tuple[int, ...]:
    """Shard ids of ``count`` as ``0,1``, ``0-3`` or both (``0-1,3``); empty means all of them.

    >>> parse_shard_ids("0-2, 5", 8), parse_shard_ids("", 2)
    ((0, 1, 2, 5), (0, 1))
    """
    ids: list[int] = []
    for part in (raw or "").split(","):
        part = part.strip()
        if not part:
            continue
        low, dash, high = (p.strip() for p in part.partition("-"))
        if not low.isdigit() or (dash and not high.isdigit()):
            raise SettingsError(f"SHARD_IDS wants shard numbers such as 0,1 or 0-3, not {part!r}.")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise SettingsError(f"SHARD_IDS range {part!r} runs backwards (write {last}-{first}).")
        for shard in range(first, last + 1):
            if shard >= count:
                raise SettingsError(
                    f"SHARD_IDS names shard {shard}, but SHARD_COUNT={count} has shards 0 to {count - 1}."
                )
            if shard in ids:
                raise SettingsError(f"SHARD_IDS names shard {shard} twice.")
            ids.append(shard)
    return tuple(ids) if ids else tuple(range(count))


def default_render_workers() -> int:
    """Board-drawing processes when ``RENDER_WORKERS`` is unset: one core is left to the event loop,
    at least one worker and at most four (1 on a 2-core machine)."""
    return max(1, min(4, (os.cpu_count() or 2) - 1))


def parse_render_workers(raw: str | None) -> int:
    """``RENDER_WORKERS``: a whole number of processes (0 draws boards in a thread of the bot's own).

    >>> parse_render_workers("0"), parse_render_workers(" 3 ")
    (0, 3)
    """
    if raw is None or not raw.strip():
        return default_render_workers()
    if not raw.strip().isdigit() or int(raw) > 64:
        raise SettingsError(f"RENDER_WORKERS must be a whole number from 0 to 64, not {raw!r}.")
    return int(raw)


def parse_ai_workers(raw: str | None) -> int:
    """``AI_WORKERS``: processes the AI players think in (default 1; 0 thinks in a thread of the bot's own).

    >>> parse_ai_workers(None), parse_ai_workers(" 2 "), parse_ai_workers("0")
    (1, 2, 0)
    """
    if raw is None or not raw.strip():
        return 1
    if not raw.strip().isdigit() or int(raw) > 16:
        raise SettingsError(f"AI_WORKERS must be a whole number from 0 to 16, not {raw!r}.")
    return int(raw)


def _flag(name: str, raw: str | None, default: bool) -> bool:
    if raw is None or not raw.strip():
        return default
    word = raw.strip().lower()
    if word in _TRUE | _FALSE:
        return word in _TRUE
    raise SettingsError(f"{name} must be true or false, not {raw!r}.")


@dataclass(frozen=True)
class Settings:
    """What the bot needs to run; build with :meth:`from_env`."""

    token: str | None = None
    #: The games database: a SQLite file (``DATABASE_PATH``) or a URL (``DATABASE_URL``,
    #: ``sqlite:///path`` or ``postgresql://…``, which wins when both are set).
    database_path: str = DEFAULT_DATABASE
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    sync_commands: bool = True
    #: Run the deadline timer loop (tests turn it off and fire deadlines by hand).
    run_timers: bool = True
    #: A game nobody acted in for this many days is announced to its table as stalled (once).
    stall_days: int = 7
    #: (game id, folder) of each server owner's data pack, loaded at start-up (``DATA_PACKS``).
    data_packs: tuple[tuple[str, str], ...] = ()
    #: Discord shards in all (``SHARD_COUNT``); ``None`` runs one plain, unsharded bot.
    shard_count: int | None = None
    #: The shards this process holds (``SHARD_IDS``; all of them when only the count is set).
    shard_ids: tuple[int, ...] = ()
    #: Port of the readiness endpoint ``GET /health`` (``HEALTH_PORT``); ``None``: no endpoint.
    health_port: int | None = None
    #: Address the endpoint listens on (``HEALTH_HOST``; ``0.0.0.0`` for probes from outside a container).
    health_host: str = "127.0.0.1"
    #: ``text`` (readable lines) or ``json`` (one JSON object per line, with shard and game fields).
    log_format: str = "text"
    #: The libraries' level (discord.py, Alembic, SQLAlchemy, aiohttp): ``LOG_LEVEL`` when it is set,
    #: else WARNING, so that their INFO lines show only to whoever asks for them.
    libraries_log_level: str = "WARNING"
    #: Processes drawing board images (``RENDER_WORKERS``; 0: a thread of the bot's own process).
    render_workers: int = field(default_factory=default_render_workers)
    #: Processes the AI players think in (``AI_WORKERS``; 0: a thread of the bot's own process).
    ai_workers: int = 1

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None) -> Settings:
        """Read the variables from ``env`` (default ``os.environ``); empty values count as unset.

        >>> Settings.from_env({"DEV_GUILD_ID": "42", "LOG_LEVEL": "debug"}).dev_guild_id
        42
        >>> Settings.from_env({"DATABASE_URL": "postgresql://bot@db/games"}).database_path
        'postgresql://bot@db/games'
        """
        env = os.environ if env is None else env
        guild = (env.get("DEV_GUILD_ID") or "").strip()
        if guild and not guild.isdigit():
            raise SettingsError(f"DEV_GUILD_ID must be a server id (digits only), not {guild!r}.")
        stall = (env.get("STALL_DAYS") or "7").strip()
        if not stall.isdigit() or int(stall) < 1:
            raise SettingsError(f"STALL_DAYS must be a whole number of days (1 or more), not {stall!r}.")
        database = (env.get("DATABASE_URL") or "").strip() or (env.get("DATABASE_PATH") or "").strip()
        try:
            locate(database or DEFAULT_DATABASE)
        except ValueError as exc:
            raise SettingsError(str(exc)) from None
        asked = (env.get("LOG_LEVEL") or "").strip().upper()
        level = asked or "INFO"
        if not isinstance(logging.getLevelName(level), int):
            raise SettingsError(f"LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR, not {level!r}.")
        count_raw = (env.get("SHARD_COUNT") or "").strip()
        ids_raw = (env.get("SHARD_IDS") or "").strip()
        if count_raw and (not count_raw.isdigit() or int(count_raw) < 1):
            raise SettingsError(f"SHARD_COUNT must be a whole number of shards (1 or more), not {count_raw!r}.")
        if ids_raw and not count_raw:
            raise SettingsError("SHARD_IDS is set without SHARD_COUNT: set both (e.g. SHARD_COUNT=4, SHARD_IDS=0-1).")
        count = int(count_raw) if count_raw else None
        port_raw = (env.get("HEALTH_PORT") or "").strip()
        if port_raw and (not port_raw.isdigit() or not 1 <= int(port_raw) <= 65535):
            raise SettingsError(f"HEALTH_PORT must be a TCP port from 1 to 65535, not {port_raw!r}.")
        log_format = (env.get("LOG_FORMAT") or "text").strip().lower()
        if log_format not in ("text", "json"):
            raise SettingsError(f"LOG_FORMAT must be text or json, not {log_format!r}.")
        return cls(
            token=(env.get("DISCORD_TOKEN") or "").strip() or None,
            database_path=database or DEFAULT_DATABASE,
            dev_guild_id=int(guild) if guild else None,
            log_level=level,
            libraries_log_level=asked or "WARNING",
            sync_commands=_flag("SYNC_COMMANDS", env.get("SYNC_COMMANDS"), True),
            stall_days=int(stall),
            data_packs=parse_data_packs(env.get("DATA_PACKS")),
            shard_count=count,
            shard_ids=parse_shard_ids(ids_raw, count) if count else (),
            health_port=int(port_raw) if port_raw else None,
            health_host=(env.get("HEALTH_HOST") or "").strip() or "127.0.0.1",
            log_format=log_format,
            render_workers=parse_render_workers(env.get("RENDER_WORKERS")),
            ai_workers=parse_ai_workers(env.get("AI_WORKERS")),
        )

    @property
    def sharded(self) -> bool:
        """Run as discord.py's ``AutoShardedBot`` (``SHARD_COUNT`` is set)?"""
        return self.shard_count is not None

    @property
    def log_level_number(self) -> int:
        return int(logging.getLevelName(self.log_level))

    @property
    def libraries_log_level_number(self) -> int:
        return int(logging.getLevelName(self.libraries_log_level))
