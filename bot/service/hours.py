"""Table playing hours: an optional daily window (in the table's time zone) when clocks run.

Outside the window no time is charged to anyone's bank, and a deadline counts only open time:
one that would fall in the closed hours moves forward by them. ``None`` means "always open" and
every function then behaves exactly like plain UTC arithmetic. :func:`parse_hours` reads a window
as typed (with friendly errors); :func:`stored` reads it back from a game row, and
:data:`TABLE_TIME` is this arithmetic as the store's transactions take it
(:class:`bot.store.times.OpenTime`).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core.text import shorten

from ..store.times import iso, parse, seconds_between, shift
from .i18n import msg
from .results import ServiceError

#: A stored or typed window: ``18-23``, ``22:00-02:00``.
RANGE = re.compile(r"^\s*(\d{1,2})(?::00)?\s*[-–]\s*(\d{1,2})(?::00)?\s*$")


@dataclass(frozen=True)
class Hours:
    """Open every day from ``start`` to ``end`` o'clock local time in ``tz`` (``end < start``: past midnight)."""

    start: int
    end: int
    tz: str

    @property
    def span(self) -> str:
        return f"{self.start:02d}-{self.end:02d}"

    @property
    def label(self) -> str:
        return f"{self.start:02d}:00–{self.end:02d}:00 {self.tz}"

    def windows(self, since: datetime) -> Iterator[tuple[datetime, datetime]]:
        """Open intervals (UTC), in order, from the one containing or following ``since`` on."""
        zone = ZoneInfo(self.tz)
        day = since.astimezone(zone).date() - timedelta(days=1)
        while True:
            opens = datetime(day.year, day.month, day.day, self.start, tzinfo=zone)
            close_day = day + timedelta(days=1 if self.end <= self.start else 0)
            closes = (
                datetime(close_day.year, close_day.month, close_day.day, tzinfo=zone) + timedelta(days=1)
                if self.end == 24
                else datetime(close_day.year, close_day.month, close_day.day, self.end, tzinfo=zone)
            )
            a, b = opens.astimezone(UTC), closes.astimezone(UTC)
            if b > since:
                yield a, b
            day += timedelta(days=1)


def stored(hours: str | None, tz: str | None) -> Hours | None:
    """The :class:`Hours` of a game row (columns ``hours`` and ``hours_tz``), ``None`` if unset.

    The row holds what :func:`parse_hours` accepted (``Hours.span`` and a known zone).

    >>> stored("22-02", "Europe/Paris")
    Hours(start=22, end=2, tz='Europe/Paris')
    >>> stored(None, None) is None
    True
    """
    if not hours:
        return None
    match = RANGE.match(hours.strip().lower())
    if match is None:
        raise ValueError(f"a game row holds playing hours {hours!r}, which is not a range")
    return Hours(int(match.group(1)), int(match.group(2)), (tz or "UTC").strip() or "UTC")


def open_seconds(hours: Hours | None, start: str, end: str) -> int:
    """Seconds of open time from ``start`` to ``end`` (both ISO-8601 UTC); what a move is charged.

    The inverse of :func:`advance`; 0 (with ``hours``) when ``end`` is not after ``start``."""
    if hours is None:
        return seconds_between(start, end)
    a, b = parse(start), parse(end)
    total = 0.0
    for opens, closes in hours.windows(a):
        if opens >= b:
            break
        total += max(0.0, (min(closes, b) - max(opens, a)).total_seconds())
    return int(total)


def advance(hours: Hours | None, start: str, seconds: float) -> str:
    """The earliest moment with ``seconds`` of the table's open time after ``start`` (ISO-8601 UTC).

    The one way to turn an amount of table time into a moment: every deadline and reminder is
    set with it, and :func:`open_seconds` is its inverse (``open_seconds(h, a, advance(h, a, s)) == s``).
    Closed hours are skipped, so a deadline never falls in them (it may fall on closing time);
    ``seconds <= 0`` is ``start`` itself. ``hours=None``: plain UTC arithmetic.

    >>> advance(Hours(18, 23, "UTC"), "2030-01-01T22:00:00.000+00:00", 3 * 3600)
    '2030-01-02T20:00:00.000+00:00'
    """
    if hours is None:
        return shift(start, seconds)
    if seconds <= 0:
        return start
    a = parse(start)
    left = float(seconds)
    for opens, closes in hours.windows(a):
        begin = max(opens, a)
        room = (closes - begin).total_seconds()
        if left <= room:
            return iso(begin + timedelta(seconds=left))
        left -= room
    raise AssertionError("unreachable: windows() never ends")  # pragma: no cover


class TableTime:
    """:func:`advance` and :func:`open_seconds` over a game row's ``hours`` and ``hours_tz`` columns
    (what the store's transactions are given to move stored times by: :class:`bot.store.times.OpenTime`)."""

    def advance(self, hours: str | None, tz: str | None, start: str, seconds: float) -> str:
        return advance(stored(hours, tz), start, seconds)

    def open_seconds(self, hours: str | None, tz: str | None, start: str, end: str) -> int:
        return open_seconds(stored(hours, tz), start, end)


TABLE_TIME = TableTime()


def parse_hours(hours: str | None, timezone: str | None) -> Hours | None:
    """``"18-23"`` and an IANA zone as :class:`Hours`; ``None``/empty: always open. Friendly errors.

    >>> parse_hours("22-02", "Europe/Paris")
    Hours(start=22, end=2, tz='Europe/Paris')
    >>> parse_hours(None, None) is None
    True
    """
    text = (hours or "").strip().lower()
    if text in ("", "none", "any", "always"):
        if timezone and timezone.strip():
            raise ServiceError(
                msg("A time zone only makes sense with playing hours, e.g. `hours: 18-23`."), "bad_hours"
            )
        return None
    match = RANGE.match(text)
    start, end = (int(match.group(1)), int(match.group(2))) if match else (-1, -1)
    if not (0 <= start <= 23 and 1 <= end <= 24 and start != end):
        raise ServiceError(
            msg(
                "`{hours}` is not a range of playing hours. Use whole hours like `18-23`, or "
                "`22-02` for a window past midnight (start 0–23, end 1–24).",
                hours=shorten(str(hours)),
            ),
            "bad_hours",
        )
    zone = (timezone or "UTC").strip() or "UTC"
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(
            msg(
                "`{zone}` is not a time zone I know. Use an IANA name such as `Europe/Paris` or `America/New_York`.",
                zone=shorten(zone),
            ),
            "bad_timezone",
        ) from None
    return Hours(start, end, zone)
