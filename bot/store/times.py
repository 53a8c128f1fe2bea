"""Stored time: every time the bot stores is an ISO-8601 UTC string made by :func:`iso`, and these
are the few operations on such strings that reading and writing rows needs.

How a table counts its time (clock presets, playing hours, the reminder ladder) is the service's
policy (:mod:`bot.service.clock`, :mod:`bot.service.hours`, :mod:`bot.service.reminders`); where a
store method must move a stored time inside its transaction, the service hands it the rule as an
:class:`OpenTime` (or a narrower protocol of its own module).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Protocol


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


class OpenTime(Protocol):
    """A table's time as the service counts it, given the game row's playing hours (its ``hours`` and
    ``hours_tz`` columns): what a store method needs to move stored times inside a transaction."""

    def advance(self, hours: str | None, tz: str | None, start: str, seconds: float) -> str:
        """The moment ``seconds`` of the table's open time after ``start``."""
        ...

    def open_seconds(self, hours: str | None, tz: str | None, start: str, end: str) -> int:
        """Seconds of the table's open time from ``start`` to ``end``."""
        ...
