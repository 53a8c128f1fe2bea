"""Game clocks: the speed presets, a table's clock (its preset counted in its playing hours, what
the store's deadlines follow), a preset by name (with a friendly error), Discord timestamps,
durations in words, and a settable clock for tests and the offline demo.

A preset is a per-seat time bank: a seat that starts owing a decision gets a deadline of
``now + bank``; when it stops owing, the time it took is taken off the bank, the increment is
added, and the bank is capped. "fast" (12 h, +12 h, cap 12 h) is simply 12 hours per decision.
Stored times are ISO-8601 strings (:mod:`bot.store.times`).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from engine.core.i18n import listing
from engine.core.text import shorten

from ..store.times import parse
from .hours import Hours, advance, open_seconds
from .i18n import DOMAIN, msg, msgn
from .results import ServiceError

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
DOMAIN.declare_data(lambda: [p.label for p in PRESETS.values()])


@dataclass(frozen=True)
class TableClock:
    """A timed table's clock: its preset's bank, counted in the table's playing ``hours`` (what
    :meth:`bot.store.deadlines.Deadlines.sync` opens and closes the seats' clocks by)."""

    preset: Preset
    hours: Hours | None = None

    @property
    def initial(self) -> int:
        """The bank of a seat's first decision."""
        assert self.preset.initial is not None, "an untimed table has no clocks"
        return self.preset.initial

    def due(self, start: str, bank: int) -> str:
        """The deadline of a clock opened at ``start`` with ``bank`` seconds left (open time only)."""
        return advance(self.hours, start, bank)

    def bank_after(self, bank: int, opened_at: str, now: str) -> int:
        """The bank of a clock open since ``opened_at`` that stops ``now`` (only open time is charged)."""
        return self.preset.after_move(bank, open_seconds(self.hours, opened_at, now))


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


def utc_now() -> datetime:
    """The default clock."""
    return datetime.now(UTC)


class ManualClock:
    """A clock that moves only when told to (tests, the offline demo)."""

    def __init__(self, start: datetime = datetime(2030, 1, 1, tzinfo=UTC)) -> None:
        self.now = start

    def __call__(self) -> datetime:
        return self.now

    def advance(self, seconds: float) -> datetime:
        self.now += timedelta(seconds=seconds)
        return self.now
