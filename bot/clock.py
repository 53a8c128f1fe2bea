"""Game clocks: speed presets, time arithmetic on stored ISO-8601 UTC strings, and a settable clock.

A preset is a per-seat time bank: a seat that starts owing a decision gets a deadline of
``now + bank``; when it stops owing, the time it took is taken off the bank, the increment is
added, and the bank is capped. "fast" (12 h, +12 h, cap 12 h) is simply 12 hours per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engine.core.text import shorten

from .results import ServiceError, iso

HOUR = 3600
DAY = 24 * HOUR


@dataclass(frozen=True)
class Preset:
    """A speed preset: ``initial`` bank, ``increment`` per move and ``cap`` in seconds (``None``: no limit)."""

    key: str
    label: str
    initial: int | None
    increment: int = 0
    cap: int = 0

    @property
    def limited(self) -> bool:
        return self.initial is not None

    def after_move(self, bank: int, elapsed: int) -> int:
        """The bank after a decision that took ``elapsed`` seconds.

        >>> PRESETS["daily"].after_move(3 * DAY, 5 * HOUR) == 3 * DAY
        True
        >>> PRESETS["daily"].after_move(1 * DAY, 20 * HOUR) == DAY + 4 * HOUR
        True
        """
        return min(self.cap, max(0, bank - elapsed) + self.increment)


PRESETS: dict[str, Preset] = {
    "none": Preset("none", "no time limit", None),
    "daily": Preset("daily", "1 move/day (bank 3 days, +24 h per move, capped at 3 days)", 3 * DAY, DAY, 3 * DAY),
    "fast": Preset("fast", "fast (12 h per move)", 12 * HOUR, 12 * HOUR, 12 * HOUR),
}


def preset(key: str | None) -> Preset:
    """The preset named ``key`` (``None``: no limit); a friendly :class:`ServiceError` otherwise."""
    found = PRESETS.get((key or "none").strip().lower())
    if found is None:
        names = ", ".join(f"`{k}` ({p.label})" for k, p in PRESETS.items())
        raise ServiceError(f"There is no clock `{shorten(str(key))}`. Clocks: {names}.", "bad_clock")
    return found


def parse(moment: str) -> datetime:
    """A stored ISO-8601 string as an aware UTC datetime."""
    value = datetime.fromisoformat(moment)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def shift(moment: str, seconds: float) -> str:
    """``moment`` plus ``seconds``, in the stored format.

    >>> shift("2030-01-01T00:00:00.000+00:00", 90)
    '2030-01-01T00:01:30.000+00:00'
    """
    return iso(parse(moment) + timedelta(seconds=seconds))


def seconds_between(start: str, end: str) -> int:
    """Whole seconds from ``start`` to ``end`` (negative if ``end`` is earlier)."""
    return int((parse(end) - parse(start)).total_seconds())


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
        days = seconds // DAY
        return f"{days} day" + ("s" if days != 1 else "")
    if seconds >= HOUR:
        return f"{round(seconds / HOUR)} h"
    return f"{max(1, round(seconds / 60))} min"


class ManualClock:
    """A clock that moves only when told to (tests, the offline demo)."""

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now
