"""How each ping reaches its user (no Discord): the turn pings of a change and the reminders.

A ping for a new decision or a reminder goes, in this order: nowhere while the user is away; into
the next daily digest (the channel message names them without a mention) in digest mode; held
until their quiet hours end (a turn ping comes back as a short ping then, a reminder simply waits;
deadlines never move for quiet hours); into the digest once their daily budget across all games
is spent; otherwise as a channel mention, plus a direct message in ``dm`` mode (see ``/notify``,
:mod:`bot.service.notify`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta

from ..store.ai_seats import is_ai_id
from ..store.notify import Prefs
from ..store.rows import GameRecord
from ..store.times import iso, parse
from .core import Core
from .i18n import msg
from .notices import Later, Notice, jump_link

DIGEST_HOUR = 9  # local time, unless quiet hours end at another hour


def quiet_until(prefs: Prefs, now: str) -> str | None:
    """When the quiet hours around ``now`` end (UTC), or ``None`` if ``now`` is not in them.

    >>> p = Prefs("u", tz="Europe/Berlin", quiet_start=22, quiet_end=7)
    >>> quiet_until(p, "2030-01-01T22:30:00.000+00:00")  # 23:30 in Berlin
    '2030-01-02T06:00:00.000+00:00'
    >>> quiet_until(p, "2030-01-02T06:00:00.000+00:00") is None
    True
    """
    start, end = prefs.quiet_start, prefs.quiet_end
    if start is None or end is None:
        return None
    local = parse(now).astimezone(prefs.zone)
    inside = start <= local.hour < end if start < end else (local.hour >= start or local.hour < end)
    if not inside:
        return None
    day = local.date() if local.hour < end else local.date() + timedelta(days=1)
    return iso(datetime.combine(day, time(end), prefs.zone))


def day_start(prefs: Prefs, now: str) -> str:
    """The start of the user's local day containing ``now`` (UTC)."""
    local = parse(now).astimezone(prefs.zone)
    return iso(datetime.combine(local.date(), time(), prefs.zone))


def digest_moment(prefs: Prefs, now: str) -> str:
    """The latest daily digest time at or before ``now``: the end of quiet hours, else 09:00 local."""
    hour = prefs.quiet_end if prefs.quiet_end is not None else DIGEST_HOUR
    local = parse(now).astimezone(prefs.zone)
    moment = datetime.combine(local.date(), time(hour), prefs.zone)
    if moment > local:
        moment = datetime.combine(local.date() - timedelta(days=1), time(hour), prefs.zone)
    return iso(moment)


@dataclass
class PingPlan:
    """Who to mention in a turn message, and who also gets a direct message; ``counted`` are the
    pings this plan spends of their users' daily budgets, counted when the message is stored
    (:meth:`Pings.count`, or with the turn message itself: :mod:`bot.service.turn_keeper`)."""

    ping: list[str] = field(default_factory=list)
    dm: list[str] = field(default_factory=list)
    counted: list[str] = field(default_factory=list)


class Pings:
    """Routing over the away and notification books of the :class:`Core`."""

    def __init__(self, core: Core) -> None:
        self.core = core

    async def pingable(self, users: list[str]) -> list[str]:
        """Of ``users`` to ping for a new decision, those who may be pinged (not away, not an AI seat:
        it has no preferences, budget or digest)."""
        people = [u for u in users if not is_ai_id(u)]
        away = await self.core.away.away_among(people)
        return [u for u in people if u not in away]

    async def plan(self, record: GameRecord, users: list[str]) -> PingPlan:
        """Of the users owed a ping for a new decision in ``record`` (as it stands): who is mentioned,
        who is also sent a DM. The others are held (quiet hours) or put in their digest. The pings
        mentioned are the plan's ``counted``, not yet counted against the budgets (:meth:`count`)."""
        book, plan, now = self.core.notify, PingPlan(), self.core.now()
        game_row, version = record.id, record.version
        for user in await self.pingable(users):
            prefs = await book.get(user)
            line = msg(
                "**{title}** (move {version}): your turn · {link}",
                title=record.title,
                version=version,
                link=jump_link(record.guild_id, record.channel_id),
            )
            if prefs.mode == "digest":
                await book.queue(user, game_row, line, now)
            elif (until := quiet_until(prefs, now)) is not None:
                await book.hold(user, game_row, version, until)
            elif not await self.within_budget(prefs, now):
                await book.queue(user, game_row, msg("{line} (over your daily ping budget)", line=line), now)
            else:
                plan.ping.append(user)
                plan.counted.append(user)
                if prefs.mode == "dm" and prefs.dms:
                    plan.dm.append(user)
        return plan

    async def route(self, notice: Notice) -> Notice | Later | None:
        """A reminder: away drops it, quiet hours postpone it, digest mode and a spent budget make it
        silent (named, not mentioned) and put it in the digest; ``dm`` mode adds a DM."""
        if notice.user_id is None:
            return notice
        if is_ai_id(notice.user_id):  # never reminded nor counted against a budget
            return None
        if await self.core.away.until(notice.user_id) is not None:
            return None
        if not notice.ping:
            return notice
        book, now = self.core.notify, self.core.now()
        prefs = await book.get(notice.user_id)
        silent = replace(notice, ping=False)
        if prefs.mode != "digest":
            until = quiet_until(prefs, now)
            if until is not None:
                return Later(until)
            if await self.spend(prefs, notice.game_row, notice.kind, now):
                return replace(notice, dm=prefs.mode == "dm" and prefs.dms)
        await book.queue(notice.user_id, notice.game_row, silent.text(), now)
        return silent

    async def count(self, record: GameRecord, plan: PingPlan) -> None:
        """Count the turn pings of ``plan`` in ``record`` against their users' daily budgets."""
        if plan.counted:
            await self.core.store.transact(
                self.core.notify.count_pings, plan.counted, record.id, "turn", self.core.now()
            )

    async def within_budget(self, prefs: Prefs, now: str) -> bool:
        """Whether the user's daily ping budget has room for one more ping."""
        return (
            not prefs.budget or await self.core.notify.pings_since(prefs.user_id, day_start(prefs, now)) < prefs.budget
        )

    async def spend(self, prefs: Prefs, game: int, kind: str, now: str) -> bool:
        """Count one ping against the user's daily budget; False (nothing counted) when it is spent."""
        if not await self.within_budget(prefs, now):
            return False
        await self.core.notify.count_ping(prefs.user_id, game, kind, now)
        return True
