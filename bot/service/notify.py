"""``/notify`` as service methods (no Discord): preferences, turn pings held for quiet hours, daily
digests and closed DMs. How each ping reaches its user is :mod:`bot.service.pings`.

A 403 on a DM is remembered: no DM is tried again until the user changes ``/notify``, and the channel
gets one short hint.
"""

from __future__ import annotations

import re
import time
from dataclasses import dataclass, replace
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from engine.core.text import shorten
from render.i18n import NAMES, tr

from ..store.notify import MODES, Prefs
from .away import AwayService, summary_line
from .clock import stamp
from .core import Core, uid
from .i18n import msg, msgp
from .inputs import Boundary, spoken_language
from .notices import Notice
from .pings import PingPlan, Pings, day_start, digest_moment
from .results import Reply, ServiceError
from .words import joined

HINT = msg(
    "I can't send you direct messages (they are closed), so your notifications stay in this channel. "
    "`/notify` changes this."
)
_QUIET = re.compile(r"(\d{1,2})(?::00)?\s*(?:-|–|to)\s*(\d{1,2})(?::00)?")

#: Seconds a user's chosen language is answered from memory (see :meth:`NotifyService.language`).
LANGUAGE_MEMORY = 60.0
#: Users whose language is kept in memory at most (the memory starts afresh beyond).
LANGUAGES_KEPT = 10_000


def zone_of(name: str) -> ZoneInfo:
    """The IANA time zone ``name`` (``Europe/Berlin``); a friendly error otherwise."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError):
        raise ServiceError(
            msg(
                "I don't know the time zone `{zone}`; use a name such as `Europe/Berlin`, "
                "`America/New_York` or `UTC` (suggestions are offered).",
                zone=shorten(name),
            ),
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
            msg("Quiet hours are two whole hours of your day, e.g. `22-07` (10 pm to 7 am), or `off`."), "bad_quiet"
        )
    return int(found[1]), int(found[2])


@dataclass(frozen=True)
class Digest:
    """One user's daily digest: by DM when ``dm``, else (or on a 403) in ``channel_id`` with a mention.
    ``lines`` are messages: :meth:`text_in` is the digest in its reader's language."""

    user_id: str
    lines: list[str]
    channel_id: str | None
    dm: bool

    @property
    def text(self) -> str:
        """The digest in English."""
        return "\n".join(self.lines)

    def text_in(self, lang: str) -> str:
        """The digest in ``lang`` (the user's chosen language, else the table's)."""
        return "\n".join(tr(line, lang) for line in self.lines)


class NotifyService(Boundary):
    """Notification preferences over the notification book (``core.notify``); the pings themselves
    are routed by :class:`~bot.service.pings.Pings`; a digest lists the user's games (``away``)."""

    def __init__(self, core: Core, pings: Pings, away: AwayService) -> None:
        self.core = core
        self.pings = pings
        self.away = away
        #: user -> (monotonic time read, chosen language): :meth:`language` answers from memory.
        self._languages: dict[str, tuple[float, str | None]] = {}

    async def zone(self, user_id: str) -> ZoneInfo:
        """The user's time zone (UTC until they set one)."""
        return (await self.core.notify.get(user_id)).zone

    async def settings(
        self,
        user_id: str | int,
        mode: str | None = None,
        timezone: str | None = None,
        quiet: str | None = None,
        budget: int | None = None,
    ) -> Reply:
        """Change the given preferences (any change also forgets closed DMs); the settings as lines."""
        user, now = uid(user_id), self.core.now()
        prefs = await self.core.notify.get(user)
        if any(v is not None for v in (mode, timezone, quiet, budget)):
            changes: dict[str, object] = {"dm_closed_at": None, "hint_sent_at": None, "updated_at": now}
            if mode is not None:
                if mode not in MODES:
                    raise ServiceError(
                        msg("`{mode}` is not a mode: use channel, dm or digest.", mode=shorten(mode)), "bad_mode"
                    )
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
                    raise ServiceError(msg("The daily ping budget is between 1 and 100 (0: no limit)."), "bad_budget")
                changes["budget"] = budget
            prefs = replace(prefs, **changes)  # type: ignore[arg-type]
            await self.core.notify.put(prefs)
        return Reply(await self._describe(prefs))

    async def _describe(self, prefs: Prefs) -> list[str]:
        now = self.core.now()
        how = {
            "channel": msg("a mention in the game's channel"),
            "dm": msg("a mention in the channel and a direct message"),
            "digest": msg("no pings; one digest a day (by direct message)"),
        }[prefs.mode]
        quiet = (
            f"{prefs.quiet_start:02d}:00–{prefs.quiet_end:02d}:00"
            if prefs.quiet_start is not None
            else msgp("quiet hours", "none")
        )
        used = await self.core.notify.pings_since(prefs.user_id, day_start(prefs, now))
        budget = (
            msg(
                "{budget} ({used} used today); beyond it you are named without a ping and the next digest lists it",
                budget=prefs.budget,
                used=used,
            )
            if prefs.budget
            else msg("no limit ({used} today)", used=used)
        )
        lines = [
            msg("Notifications: {how}.", how=how),
            msg("Time zone: {zone}; quiet hours: {quiet}.", zone=prefs.tz, quiet=quiet),
            msg("Daily ping budget across all your games: {budget}.", budget=budget),
        ]
        if prefs.language is not None:
            lines.append(msg("Your language: {language}.", language=NAMES.get(prefs.language, prefs.language)))
        if prefs.dm_closed_at:
            lines.append(
                msg("Your DMs were closed when I last tried, so I don't send any (changing `/notify` retries).")
            )
        autos = await self.core.notify.autos(user_id=prefs.user_id)
        if autos:
            titles = {g.id: g.title for g, _ in await self.core.store.games_of_user(prefs.user_id)}
            shown = joined(
                [msg("{title}: `{kind}`", title=titles.get(g) or msg("game {row}", row=g), kind=k) for _, g, k in autos]
            )
            lines.append(msg("Standing answers: {answers}.", answers=shown))
        return lines

    async def set_language(self, user_id: str | int, language: str | None) -> Reply:
        """Choose the language of the user's private replies and direct messages (``None``: follow
        their Discord client's); answered in the language chosen (the front end translates)."""
        user = uid(user_id)
        follow = language is None or language.strip().lower() in ("", "auto", "none")
        lang = None if follow else spoken_language(language)
        prefs = await self.core.notify.get(user)
        await self.core.notify.put(replace(prefs, language=lang, updated_at=self.core.now()))
        self._languages[user] = (time.monotonic(), lang)
        line = (
            msg("Your language: {language}.", language=NAMES[lang])
            if lang is not None
            else msg("Your language: the one your Discord app is set to.")
        )
        return Reply([line])

    async def language(self, user_id: str | int) -> str | None:
        """The language the user chose for private replies and direct messages (``None``: none chosen),
        from memory for :data:`LANGUAGE_MEMORY` seconds after it was read or chosen here (asked at
        every keystroke of an autocomplete; another process may change it, so it is read again)."""
        user, now = uid(user_id), time.monotonic()
        known = self._languages.get(user)
        if known is not None and now - known[0] < LANGUAGE_MEMORY:
            return known[1]
        if len(self._languages) >= LANGUAGES_KEPT:
            self._languages.clear()
        language = (await self.core.notify.get(user)).language
        self._languages[user] = (now, language)
        return language

    async def languages(self, user_ids: list[str]) -> dict[str, str]:
        """The chosen languages of those of ``user_ids`` who chose one (for notices and DMs)."""
        return await self.core.notify.languages([uid(u) for u in user_ids])

    async def plan_pings(self, game_row: int, users: list[str]) -> PingPlan:
        """Of the users owed a ping for a new decision in ``game_row``: who is mentioned, who also DMed
        (see :meth:`Pings.plan <bot.service.pings.Pings.plan>`)."""
        record = await self.core.store.game(game_row)
        if record is None:
            return PingPlan()
        plan = await self.pings.plan(record, users)
        await self.pings.count(record, plan)
        return plan

    async def held_due(self) -> list[Notice]:
        """Turn pings held back by quiet hours, now due: a short ping if the user still owes a decision.
        Quiet hours are the user's, and the store claims every due held ping at once: when sharded, only
        the process holding shard 0 sends them (like digests)."""
        notices: list[Notice] = []
        if not self.core.shards.owns_users:
            return notices
        for user, game_row, version in await self.core.notify.held_due(self.core.now()):
            record = await self.core.store.game(game_row)
            if record is None or record.status != "active" or user not in record.waiting:
                continue
            seats = await self.core.seats_of(record)
            seat = next((s for s in seats if s.user_id == user), None)
            if seat is None or seat.seat is None or seat.stand_in is not None:
                continue  # gone, or the AI plays the seat for them meanwhile
            body = msg(
                ", **{title}** is waiting for you (it became your turn at move {version}, during your quiet hours).",
                title=record.title,
                version=version,
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
            routed = await self.pings.route(notice)
            if isinstance(routed, Notice):
                notices.append(routed)
        return notices

    async def digest_due(self) -> list[Digest]:
        """Daily digests now due (each at most once a day): the games owing the user a decision, then
        the lines put aside since the last digest. Digests cross servers: when sharded, only the
        process holding shard 0 sends them."""
        now = self.core.now()
        digests: list[Digest] = []
        if not self.core.shards.owns_users:
            return digests
        for user in await self.core.notify.users_with_digests():
            prefs = await self.core.notify.get(user)
            moment = digest_moment(prefs, now)
            if prefs.digest_at is not None and prefs.digest_at >= moment:
                continue
            items = await self.core.notify.waiting_items(user, moment)
            if prefs.mode != "digest" and not items:
                continue
            owed = [g for g in (await self.away.my_games(user)).games if g.your_turn]
            if not await self.core.notify.claim_digest(user, moment, now) or not (owed or items):
                continue
            lines = [msg("📬 Your daily digest ({date}):", date=stamp(now, "f"))]
            lines += [summary_line(g) for g in owed] or [msg("No game is waiting for you right now.")]
            if items:
                lines += [msg("Since the last digest:")] + [msg("• {line}", line=line) for _, line in items[-15:]]
            channel = owed[0].channel_id if owed else None
            if channel is None:
                record = await self.core.store.game(items[0][0])
                channel = record.channel_id if record else None
            digests.append(Digest(user, lines, channel, prefs.dms))
        return digests

    # --- direct messages ------------------------------------------------------------
    async def dm_allowed(self, user_id: str) -> bool:
        """May the bot DM this user (opted in, DMs not known to be closed)?"""
        return (await self.core.notify.get(user_id)).dms

    async def dm_failed(self, user_id: str) -> str | None:
        """A DM got 403: remember it (no retries); the one short hint to post, the first time only."""
        return HINT if await self.core.notify.dm_closed(user_id, self.core.now()) else None
