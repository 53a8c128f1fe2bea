"""Stored time: ISO-8601 UTC strings and their arithmetic, and the speed presets of game clocks.

Every time the bot stores is a string made by :func:`iso`; the store's own arithmetic on those
(deadlines, reminders, frozen clocks) uses this module. What is said to people about time
(``preset()`` with its friendly error, Discord timestamps, durations) is :mod:`bot.service.clock`.

A preset is a per-seat time bank: a seat that starts owing a decision gets a deadline of
``now + bank``; when it stops owing, the time it took is taken off the bank, the increment is
added, and the bank is capped. "fast" (12 h, +12 h, cap 12 h) is simply 12 hours per decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

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


def iso(moment: datetime | str) -> str:
    """A clock reading as an ISO-8601 UTC string (strings pass through)."""
    if isinstance(moment, str):
        return moment
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).isoformat(timespec="milliseconds")
