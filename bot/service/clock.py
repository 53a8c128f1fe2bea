"""Game clocks as the service speaks of them: a preset by name (with a friendly error), Discord
timestamps, durations in words, and a settable clock for tests and the offline demo.

The stored-time arithmetic and the presets themselves are :mod:`bot.store.clock`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from engine.core.i18n import listing
from engine.core.text import shorten

from ..store.clock import DAY, HOUR, PRESETS, Preset, parse
from .i18n import DOMAIN, msg, msgn
from .results import ServiceError

DOMAIN.declare_data(lambda: [p.label for p in PRESETS.values()])


def clock_label(speed: Preset) -> str:
    """A clock preset's label in words (``fast (12 h per move)``), as a message."""
    return DOMAIN.data(speed.label)


def preset(key: str | None) -> Preset:
    """The preset named ``key`` (``None``: no limit); a friendly :class:`ServiceError` otherwise."""
    found = PRESETS.get((key or "none").strip().lower())
    if found is None:
        names = listing([msg("`{key}` ({label})", key=k, label=clock_label(p)) for k, p in PRESETS.items()], "")
        raise ServiceError(
            msg("There is no clock `{key}`. Clocks: {clocks}.", key=shorten(str(key)), clocks=names), "bad_clock"
        )
    return found


def stamp(moment: str, style: str = "R") -> str:
    """A Discord timestamp (``<t:UNIX:R>``): every reader sees it in their own time zone.

    >>> stamp("2030-01-01T00:00:00.000+00:00")
    '<t:1893456000:R>'
    """
    return f"<t:{int(parse(moment).timestamp())}:{style}>"


def duration(seconds: int) -> str:
    """``36 h``, ``3 days``, ``45 min``.

    >>> duration(DAY), duration(36 * HOUR), duration(2700)
    ('1 day', '36 h', '45 min')
    """
    if seconds >= DAY and seconds % DAY == 0:
        return msgn("{n} day", "{n} days", seconds // DAY)
    if seconds >= HOUR:
        return msg("{n} h", n=round(seconds / HOUR))
    return msg("{n} min", n=max(1, round(seconds / 60)))


class ManualClock:
    """A clock that moves only when told to (tests, the offline demo)."""

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now
