"""Away mode and the cross-game overview as service methods (no Discord).

``/away until:<date>`` freezes the user's deadlines in all their games (paused, never charged),
posts one line in each game, and stops their pings and reminders. It ends on their first move,
at the date, or with ``/back``. :meth:`AwayService.my_games` lists the user's games: those
owing a decision first, longest waiting first, with deadlines and jump links.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, time, timedelta
from zoneinfo import ZoneInfo

from engine.core.i18n import listing
from engine.core.text import shorten

from ..store.rows import GameRecord
from ..store.times import iso, parse, seconds_between, shift
from .ai_players import LEVEL_NAMES, is_ai
from .change import Said
from .clock import DAY, HOUR, stamp
from .core import Core, uid
from .i18n import msg
from .inputs import Boundary
from .notices import Notice, jump_link
from .results import GameSummary, MyGames, ServiceError
from .turn_text import seat_names
from .words import names_list

#: The longest absence /away accepts.
MAX_AWAY = 60 * DAY
_UNITS = {"h": HOUR, "d": DAY, "w": 7 * DAY}
_RELATIVE = re.compile(r"(\d+)\s*(h|hours?|d|days?|w|weeks?)")
UTC = ZoneInfo("UTC")
#: How an absence ended (what the game's line says).
BACK, OVER = "is back", "is back (their away time is over)"


def parse_until(text: str, now: str, zone: ZoneInfo = UTC) -> str:
    """When an absence ends: ``2030-01-15`` (the end of that day), ``2030-01-15 18:00`` (in
    ``zone``) or a span from now (``3d``, ``36h``, ``2w``); a friendly error otherwise.

    >>> parse_until("3d", "2030-01-01T12:00:00.000+00:00")
    '2030-01-04T12:00:00.000+00:00'
    >>> parse_until("2030-01-02", "2030-01-01T12:00:00.000+00:00", ZoneInfo("Europe/Berlin"))
    '2030-01-02T23:00:00.000+00:00'
    """
    raw = " ".join(text.strip().lower().split())
    relative = _RELATIVE.fullmatch(raw)
    try:
        if relative:
            end = shift(now, int(relative[1]) * _UNITS[relative[2][0]])
        elif len(raw) == 10:
            day = datetime.fromisoformat(raw).date() + timedelta(days=1)
            end = iso(datetime.combine(day, time(), zone))
        else:
            moment = datetime.fromisoformat(raw.upper())
            end = iso(moment if moment.tzinfo is not None else moment.replace(tzinfo=zone))
    except (ValueError, OverflowError):
        raise ServiceError(
            msg(
                "I can't read `{text}` as a date. Use `2030-01-15`, `2030-01-15 18:00` or a span "
                "such as `3d` or `36h`.",
                text=shorten(text),
            ),
            "bad_date",
        ) from None
    if parse(end) <= parse(now):
        raise ServiceError(msg("That moment has already passed; give a date in the future."), "bad_date")
    if seconds_between(now, end) > MAX_AWAY:
        raise ServiceError(msg("You can be away for at most {n} days at a time.", n=MAX_AWAY // DAY), "bad_date")
    return end


@dataclass
class AwayChange:
    """What starting or ending an absence did: a line for the user, one silent line per game."""

    message: str
    notices: list[Notice] = field(default_factory=list)


class AwayService(Boundary):
    """Absences over the away book (``core.away``): the deadlines they freeze are kept in step by
    :meth:`Core.sync_clocks <bot.service.core.Core.sync_clocks>` and :meth:`~bot.service.core.Core.reconcile`;
    pings and reminders skip away users (:mod:`bot.service.pings`)."""

    def __init__(self, core: Core) -> None:
        self.core = core

    # --- starting and ending ----------------------------------------------------
    async def set(self, user_id: str | int, until: str) -> AwayChange:
        """Away until ``until`` (see :func:`bot.service.away.parse_until`, read in the user's time
        zone); again to change the date."""
        user, now = uid(user_id), self.core.now()
        end = parse_until(until, now, (await self.core.notify.get(user)).zone)
        await self.core.away.set(user, end, now)
        await self.core.reconcile()
        games = await self._active_games(user)
        notices = []
        for record, seat, name in games:
            await self.core.reminders.log(record.id, seat, user, "away", f"until {end}", now)
            fields = {"player": name, "date": stamp(end, "f"), "when": stamp(end)}
            body = (
                msg(
                    "**{player}** is away until {date} ({when}): their clock is frozen and they won't be pinged. "
                    "It ends when they move again.",
                    **fields,
                )
                if record.clock != "none"
                else msg(
                    "**{player}** is away until {date} ({when}): they won't be pinged meanwhile. "
                    "It ends when they move again.",
                    **fields,
                )
            )
            notices.append(self._line("away", record, body))
        told = msg("{n} game(s)", n=len(games)) if games else msg("no running game yet")
        return AwayChange(
            msg(
                "You are away until {date} ({when}): your clocks are frozen and you "
                "won't be pinged ({games}). It ends when you next move, at that time, or with `/back`.",
                date=stamp(end, "f"),
                when=stamp(end),
                games=told,
            ),
            notices,
        )

    async def back(self, user_id: str | int) -> AwayChange:
        """End the user's absence now (``/back``)."""
        user = uid(user_id)
        if await self.core.away.until(user) is None:
            raise ServiceError(msg("You are not away."), "not_away")
        return await self._end(user, BACK)

    async def moved(self, user: str, game_row: int, said: Said) -> None:
        """After ``user``'s move in ``game_row`` (whose lock the caller holds): their absence ends; the
        line goes into this game's turn message and, silently, into their other games."""
        if await self.core.away.until(user) is None:
            return
        change = await self._end(user, BACK, game_row)
        for notice in change.notices:
            if notice.game_row == game_row:
                said.public.append(msg("👋 {line}", line=notice.body))
            else:
                said.elsewhere.append((notice.channel_id, notice.text()))

    async def due(self) -> list[Notice]:
        """Timer loop: absences that reached their date end (one line per game); frozen deadlines are
        kept in step with who is away (e.g. a deadline the table extended, a seat handed over). When
        sharded, absences end in the process holding shard 0 (they cross servers) and each process
        keeps its own shards' games in step (:mod:`bot.service.shards`)."""
        notices = []
        if self.core.shards.owns_users:
            for user in await self.core.away.ended(self.core.now()):
                notices += (await self._end(user, OVER)).notices
        await self.core.reconcile(own_only=True)
        return notices

    async def _end(self, user: str, how: str, held: int | None = None) -> AwayChange:
        if not await self.core.away.clear(user):
            return AwayChange("")
        now = self.core.now()
        await self.core.reconcile(held)
        notices = []
        for record, seat, name in await self._active_games(user):
            await self.core.reminders.log(record.id, seat, user, "back", how, now)
            clock = (await self.core.deadlines.of_game(record.id)).get(seat)
            if clock and clock.due_at:
                line = (
                    msg("**{player}** is back; their deadline is {due}.", player=name, due=stamp(clock.due_at))
                    if how == BACK
                    else msg(
                        "**{player}** is back (their away time is over); their deadline is {due}.",
                        player=name,
                        due=stamp(clock.due_at),
                    )
                )
            else:
                line = (
                    msg("**{player}** is back.", player=name)
                    if how == BACK
                    else msg("**{player}** is back (their away time is over).", player=name)
                )
            notices.append(self._line("back", record, line))
        return AwayChange(msg("Welcome back: your clocks run again and you will be pinged as usual."), notices)

    @staticmethod
    def _line(kind: str, record: GameRecord, body: str) -> Notice:
        return Notice(kind, record.id, record.channel_id, record.guild_id, record.title, body)

    async def _active_games(self, user: str) -> list[tuple[GameRecord, int, str]]:
        return [
            (g, s.seat, s.name)
            for g, s in await self.core.store.games_of_user(user)
            if g.status == "active" and s.seat is not None
        ]

    # --- the overview ---------------------------------------------------------------
    async def my_games(self, user_id: str | int) -> MyGames:
        """The user's lobbies and games: those owing a decision first (longest waiting first), with
        deadlines and jump links; then the others."""
        user = uid(user_id)
        pairs = await self.core.store.games_of_user(user)
        posts = await self.core.away.posts([g.id for g, _ in pairs])
        summaries = []
        for g, member in pairs:
            owes = g.status == "active" and user in g.waiting and member.stand_in is None  # else the AI's
            seated = await self.core.seats_of(g) if g.status in ("lobby", "active") else []
            clock = (
                (await self.core.deadlines.of_game(g.id)).get(member.seat) if owes and member.seat is not None else None
            )
            state = "" if clock is None or clock.state == "idle" else clock.state
            if state == "running" and clock is not None and clock.due_at is None:
                state = "frozen"
            summaries.append(
                GameSummary(
                    g.id,
                    g.channel_id,
                    g.guild_id,
                    g.title,
                    g.status,
                    g.version,
                    owes,
                    g.updated_at,
                    due_at=clock.due_at if clock else None,
                    since=(clock.opened_at if clock and clock.opened_at else g.updated_at),
                    link=jump_link(g.guild_id, g.channel_id, posts.get(g.id)),
                    clock=state,
                    stand_in=member.stand_in if g.status == "active" else None,
                    ai_seats=tuple(
                        (None if s.seat is None else s.seat + 1, name)
                        for s, name in zip(seated, seat_names(seated), strict=True)
                        if is_ai(s.user_id) or s.stand_in
                    ),
                )
            )
        owing = sorted((s for s in summaries if s.your_turn), key=lambda s: (s.since, s.game_row))
        ordered = owing + [s for s in summaries if not s.your_turn]
        until = await self.core.away.until(user)
        lines = (
            [msg("🏝️ You are away until {date}; your clocks are frozen (`/back` ends it).", date=stamp(until, "f"))]
            if until
            else []
        )
        lines += [summary_line(s) for s in ordered] or [msg("You are not in any game.")]
        return MyGames(ordered, lines)


def summary_line(s: GameSummary) -> str:
    """One line of ``/mygames``."""
    where = f"<#{s.channel_id}>" if s.channel_id.isdigit() else s.channel_id
    link = msg(" · [jump]({link})", link=s.link) if s.link.startswith("https://") else ""
    if s.ai_seats and s.status == "lobby":  # no seat numbers yet
        link = msg(" · with {players}{link}", players=names_list([name for _, name in s.ai_seats]), link=link)
    elif s.ai_seats:
        seats = listing([msg("{n}. {player}", n=n, player=name) for n, name in s.ai_seats], "")
        link = msg(" · AI seats: {seats}{link}", seats=seats, link=link)
    if s.status == "lobby":
        return msg("{title} lobby in {where}{link}", title=s.title, where=where, link=link)
    if s.stand_in is not None:
        return msg(
            "{title} in {where} (move {version}): 🤖 the AI ({level}) plays for you until you act or say `/back`{link}",
            title=s.title,
            where=where,
            version=s.version,
            level=LEVEL_NAMES.get(s.stand_in, s.stand_in),
            link=link,
        )
    if not s.your_turn:
        return msg(
            "{title} in {where} (move {version}): waiting for others{link}",
            title=s.title,
            where=where,
            version=s.version,
            link=link,
        )
    clock = {
        "frozen": msg("; your clock is frozen while you are away"),
        "expired": msg("; your time ran out and the table decides"),
    }.get(s.clock, "")
    if s.due_at:
        clock = msg("; due {due}", due=stamp(s.due_at))
    return msg(
        "**your turn** in {title}, {where} (move {version}), waiting since {since}{clock}{link}",
        title=s.title,
        where=where,
        version=s.version,
        since=stamp(s.since),
        clock=clock,
        link=link,
    )
