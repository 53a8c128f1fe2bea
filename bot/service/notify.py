"""``/notify`` as service methods (no Discord): preferences, and how each ping reaches its user.

A ping for a new decision or a reminder goes, in this order: nowhere while the user is away; into
the next daily digest (the channel message names them without a mention) in digest mode; held
until their quiet hours end (a turn ping comes back as a short ping then, a reminder simply waits;
deadlines never move for quiet hours); into the digest once their daily budget across all games
is spent; otherwise as a channel mention, plus a direct message in ``dm`` mode. A 403 on a DM is
remembered: no DM is tried again until the user changes ``/notify``, and the channel gets one
short hint.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core import play
from engine.core.text import shorten

from ..store.clock import iso, parse
from ..store.notify import MODES, Prefs
from ..store.rows import GameRecord
from .away_service import jump_link, summary_line
from .clock import stamp
from .reminders import Later, Notice
from .results import Result, ServiceError
from .service_base import uid
from .standing import StandingService
from .step import Txn

HINT = (
    "I can't send you direct messages (they are closed), so your notifications stay in this channel. "
    "`/notify` changes this."
)
DIGEST_HOUR = 9  # local time, unless quiet hours end at another hour
_QUIET = re.compile(r"(\d{1,2})(?::00)?\s*(?:-|–|to)\s*(\d{1,2})(?::00)?")


def zone_of(name: str) -> ZoneInfo:
    """The IANA time zone ``name`` (``Europe/Berlin``); a friendly error otherwise."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(
            f"I don't know the time zone `{shorten(name)}`; use a name such as `Europe/Berlin`, "
            "`America/New_York` or `UTC` (suggestions are offered).",
            "bad_timezone",
        ) from None


def parse_quiet(text: str) -> tuple[int, int] | None:
    """``22-07`` or ``22:00-07:00`` as (22, 7); ``off`` as ``None``.

    >>> parse_quiet("22:00 - 7"), parse_quiet("off")
    ((22, 7), None)
    """
    raw = text.strip().lower()
    if raw in ("off", "none", "no", ""):
        return None
    found = _QUIET.fullmatch(raw)
    if not found or not (0 <= int(found[1]) <= 23 and 0 <= int(found[2]) <= 23) or found[1] == found[2]:
        raise ServiceError(
            "Quiet hours are two whole hours of your day, e.g. `22-07` (10 pm to 7 am), or `off`.", "bad_quiet"
        )
    return int(found[1]), int(found[2])


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
    """Who to mention in a turn message, and who also gets a direct message."""

    ping: list[str] = field(default_factory=list)
    dm: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Digest:
    """One user's daily digest: by DM when ``dm``, else (or on a 403) in ``channel_id`` with a mention."""

    user_id: str
    text: str
    channel_id: str | None
    dm: bool


class NotifyService(StandingService):
    """Notification preferences over :class:`~bot.store.notify.NotifyBook`."""

    async def zone(self, user_id: str) -> ZoneInfo:
        return (await self.notify.get(user_id)).zone

    async def settings(
        self,
        user_id: str | int,
        mode: str | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        budget: int | None = None,
    ) -> Result:
        """Change the given preferences (any change also forgets closed DMs); the settings as lines."""
        user, now = uid(user_id), self._now()
        prefs = await self.notify.get(user)
        if any(v is not None for v in (mode, timezone, quiet, budget)):
            changes: dict[str, object] = {"dm_closed_at": None, "hint_sent_at": None, "updated_at": now}
            if mode is not None:
                if mode not in MODES:
                    raise ServiceError(f"`{shorten(mode)}` is not a mode: use channel, dm or digest.", "bad_mode")
                changes["mode"] = mode
                if mode == "digest" and prefs.mode != "digest":
                    changes["digest_at"] = now  # the first digest comes at the next digest time
            if timezone is not None:
                changes["tz"] = zone_of(timezone).key
            if quiet is not None:
                hours = parse_quiet(quiet)
                changes["quiet_start"], changes["quiet_end"] = hours if hours else (None, None)
            if budget is not None:
                if not 0 <= budget <= 100:
                    raise ServiceError("The daily ping budget is between 1 and 100 (0: no limit).", "bad_budget")
                changes["budget"] = budget
            prefs = replace(prefs, **changes)  # type: ignore[arg-type]
            await self.notify.put(prefs)
        return Result(private={user: await self._describe(prefs)})

    async def _describe(self, prefs: Prefs) -> list[str]:
        now = self._now()
        how = {
            "channel": "a mention in the game's channel",
            "dm": "a mention in the channel and a direct message",
            "digest": "no pings; one digest a day (by direct message)",
        }[prefs.mode]
        quiet = f"{prefs.quiet_start:02d}:00–{prefs.quiet_end:02d}:00" if prefs.quiet_start is not None else "none"
        used = await self.notify.pings_since(prefs.user_id, day_start(prefs, now))
        budget = (
            f"{prefs.budget} ({used} used today); beyond it you are named without a ping and the next digest lists it"
            if prefs.budget
            else f"no limit ({used} today)"
        )
        lines = [
            f"Notifications: {how}.",
            f"Time zone: {prefs.tz}; quiet hours: {quiet}.",
            f"Daily ping budget across all your games: {budget}.",
        ]
        if prefs.dm_closed_at:
            lines.append("Your DMs were closed when I last tried, so I don't send any (changing `/notify` retries).")
        autos = await self.notify.autos(user_id=prefs.user_id)
        if autos:
            titles = {g.id: g.title for g, _ in await self.store.games_of_user(prefs.user_id)}
            lines.append(
                "Standing answers: " + "; ".join(f"{titles.get(g, f'game {g}')}: `{k}`" for _, g, k in autos) + "."
            )
        return lines

    # --- routing ------------------------------------------------------------------
    async def _spend(self, prefs: Prefs, game: int, kind: str, now: str) -> bool:
        """Count one ping against the user's daily budget; False (nothing counted) when it is spent."""
        if prefs.budget and await self.notify.pings_since(prefs.user_id, day_start(prefs, now)) >= prefs.budget:
            return False
        await self.notify.count_ping(prefs.user_id, game, kind, now)
        return True

    async def plan_pings(self, game_row: int, users: list[str]) -> PingPlan:
        """Of the users owed a ping for a new decision in ``game_row``: who is mentioned, who also DMed.
        The others are held (quiet hours) or put in their digest."""
        record = await self.store.game(game_row)
        return PingPlan() if record is None else await self._plan(record, users)

    async def _route_pings(self, txn: Txn, users: list[str]) -> tuple[list[str], dict[str, str]]:
        plan = await self._plan(txn.record, users)
        return plan.ping, {user: _prompt(txn, user) for user in plan.dm}

    async def _plan(self, record: GameRecord, users: list[str]) -> PingPlan:
        plan, now = PingPlan(), self._now()
        game_row, version = record.id, record.version
        for user in await self.pingable(users):
            prefs = await self.notify.get(user)
            line = f"**{record.title}** (move {version}): your turn · {jump_link(record.guild_id, record.channel_id)}"
            if prefs.mode == "digest":
                await self.notify.queue(user, game_row, line, now)
            elif (until := quiet_until(prefs, now)) is not None:
                await self.notify.hold(user, game_row, version, until)
            elif not await self._spend(prefs, game_row, "turn", now):
                await self.notify.queue(user, game_row, line + " (over your daily ping budget)", now)
            else:
                plan.ping.append(user)
                if prefs.mode == "dm" and prefs.dms:
                    plan.dm.append(user)
        return plan

    async def route(self, notice: Notice) -> Notice | Later | None:
        """Reminders: away drops them, quiet hours postpone them, digest mode and a spent budget make
        them silent (named, not mentioned) and put them in the digest; ``dm`` mode adds a DM."""
        routed = await super().route(notice)
        if not isinstance(routed, Notice) or not routed.ping or routed.user_id is None:
            return routed
        prefs, now = await self.notify.get(routed.user_id), self._now()
        silent = replace(routed, ping=False)
        if prefs.mode != "digest":
            until = quiet_until(prefs, now)
            if until is not None:
                return Later(until)
            if await self._spend(prefs, routed.game_row, routed.kind, now):
                return replace(routed, dm=prefs.mode == "dm" and prefs.dms)
        await self.notify.queue(routed.user_id, routed.game_row, silent.text(), now)
        return silent

    async def held_due(self) -> list[Notice]:
        """Turn pings held back by quiet hours, now due: a short ping if the user still owes a decision."""
        notices = []
        for user, game_row, version in await self.notify.held_due(self._now()):
            record = await self.store.game(game_row)
            if record is None or record.status != "active" or user not in record.waiting:
                continue
            seats = await self._seats_of(record)
            seat = next((s for s in seats if s.user_id == user), None)
            if seat is None or seat.seat is None:
                continue
            body = (
                f", **{record.title}** is waiting for you (it became your turn at move {version}, during your "
                "quiet hours)."
            )
            notice = Notice(
                "held",
                record.id,
                record.channel_id,
                record.guild_id,
                record.title,
                body,
                user,
                seat.name,
                seat.seat,
                ping=True,
            )
            routed = await self.route(notice)
            if isinstance(routed, Notice):
                notices.append(routed)
        return notices

    async def digest_due(self) -> list[Digest]:
        """Daily digests now due (each at most once a day): the games owing the user a decision, then
        the lines put aside since the last digest."""
        now, digests = self._now(), []
        for user in await self.notify.users_with_digests():
            prefs = await self.notify.get(user)
            moment = digest_moment(prefs, now)
            if prefs.digest_at is not None and prefs.digest_at >= moment:
                continue
            items = await self.notify.waiting_items(user, moment)
            if prefs.mode != "digest" and not items:
                continue
            owed = [g for g in (await self.my_games(user)).games if g.your_turn]
            if not await self.notify.claim_digest(user, moment, now) or not (owed or items):
                continue
            lines = [f"📬 Your daily digest ({stamp(now, 'f')}):"]
            lines += [summary_line(g) for g in owed] or ["No game is waiting for you right now."]
            if items:
                lines += ["Since the last digest:"] + [f"• {line}" for _, line in items[-15:]]
            channel = owed[0].channel_id if owed else None
            if channel is None:
                record = await self.store.game(items[0][0])
                channel = record.channel_id if record else None
            digests.append(Digest(user, "\n".join(lines), channel, prefs.dms))
        return digests

    # --- direct messages ------------------------------------------------------------
    async def dm_allowed(self, user_id: str) -> bool:
        """May the bot DM this user (opted in, DMs not known to be closed)?"""
        return (await self.notify.get(user_id)).dms

    async def dm_failed(self, user_id: str) -> str | None:
        """A DM got 403: remember it (no retries); the one short hint to post, the first time only."""
        return HINT if await self.notify.dm_closed(user_id, self._now()) else None


def _prompt(txn: Txn, user_id: str) -> str:
    """The question a user is asked now in the loaded game (for a DM copy of a turn ping)."""
    if txn.record.status != "active" or txn.state is None:
        return ""
    seat = next((s.seat for s in txn.seats if s.user_id == user_id), None)
    decision = next((d for d in play.pending(txn.game, txn.state) if d.player == seat), None)
    return (decision.prompt or decision.kind) if decision else ""
