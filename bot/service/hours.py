"""Table playing hours as typed: :func:`parse_hours` reads ``18-23`` and a time zone, with friendly
errors. The window's arithmetic (what a stored game row needs) is :mod:`bot.store.hours`.
"""

from __future__ import annotations

from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core.text import shorten

from ..store.hours import RANGE, Hours
from .i18n import msg
from .results import ServiceError


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
