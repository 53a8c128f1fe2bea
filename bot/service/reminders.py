"""The reminder ladder (no Discord): when a decision's half-time reminder and final warning fire
(:data:`LADDER`, what the store plans its rows by), and as service methods the reminders, the
final warning, the snooze and the stalled-game announcement.

The deadline outcome itself is :mod:`bot.service.timeouts`. A reminder pings only the player who owes
the decision; a stalled game is announced to the table once (no pings) until someone acts
again. What to post is a :class:`~bot.service.notices.Notice`; rows are claimed in SQLite before it is
returned, so nothing is posted twice, even across a restart.
"""

from __future__ import annotations

import logging
from typing import Any

from engine.core import play

from ..store.reminders import FINAL, HALF, STALL, Reminder
from .clock import DAY, HOUR, duration, stamp
from .core import Core, uid
from .hours import Hours, advance, open_seconds, stored
from .i18n import msg
from .inputs import Boundary
from .notices import Later, Notice
from .pings import Pings
from .results import Announcement, ServiceError
from .words import names_list

log = logging.getLogger("bot.ladder")
#: A game nobody acted in for this long is announced to the table as stalled (once).
STALL_AFTER = 7 * DAY
#: How much later a snooze moves the deadline (once per decision).
SNOOZE_SECONDS = 12 * HOUR
#: The final warning comes at 90 % of the time or this long before the deadline, whichever is later.
FINAL_BEFORE = 2 * HOUR


def fire_time(kind: str, opened: str, due: str, hours: Hours | None = None) -> str:
    """When the ``half`` or ``final`` reminder of a decision open from ``opened`` to ``due`` fires.

    With table playing ``hours`` the shares are of the open time between the two, so a reminder
    falls inside the window like the deadline.

    >>> fire_time("half", "2030-01-01T00:00:00.000+00:00", "2030-01-01T12:00:00.000+00:00")
    '2030-01-01T06:00:00.000+00:00'
    >>> fire_time("final", "2030-01-01T00:00:00.000+00:00", "2030-01-01T12:00:00.000+00:00")
    '2030-01-01T10:48:00.000+00:00'
    >>> fire_time("final", "2030-01-01T00:00:00.000+00:00", "2030-01-04T00:00:00.000+00:00")
    '2030-01-03T22:00:00.000+00:00'
    """
    span = max(0, open_seconds(hours, opened, due))
    if kind == HALF:
        return advance(hours, opened, span // 2)
    return advance(hours, opened, max(span * 9 // 10, span - FINAL_BEFORE))


class Ladder:
    """:func:`fire_time` over a game row's playing-hours columns (what :meth:`bot.store.reminders.Reminders.plan`
    plans by: :class:`bot.store.reminders.Ladder`)."""

    def fire_time(self, kind: str, opened: str, due: str, hours: str | None, tz: str | None) -> str:
        return fire_time(kind, opened, due, stored(hours, tz))


LADDER = Ladder()


class ReminderService(Boundary):
    """Reminders, snoozes and stalled games over the reminders book (``core.reminders``); each notice
    reaches its addressee through :meth:`Pings.route <bot.service.pings.Pings.route>`."""

    def __init__(self, core: Core, pings: Pings, stall_after: int = STALL_AFTER) -> None:
        self.core = core
        self.pings = pings
        self.stall_after = stall_after

    async def next_timer(self) -> str | None:
        """The earliest deadline, reminder or end of an absence still to come (what the timer loop
        sleeps until). When sharded, a time already passed is another process's work: ``None``."""
        core = self.core
        times = [t for t in (await core.deadlines.next_due(), await core.reminders.next_fire(core.now())) if t]
        times += [t for t in [await core.away.next_end()] if t]
        soonest = min(times) if times else None
        if soonest is not None and not core.shards.everything and soonest <= core.now():
            # Still there after this process's round: another process's work (perhaps it is down).
            # Never spin on it: wake at the heartbeat instead (own later timers may then be a minute late).
            return None
        return soonest

    async def due(self) -> list[Notice]:
        """Every reminder and stalled-game announcement due now, each claimed once.

        When a seat's half-time reminder and final warning are both due (the bot was busy or
        down), only the final warning is sent. Only games on this process's shards are handled.
        """
        now = self.core.now()
        await self.core.reminders.plan(self.stall_after, LADDER)
        groups: dict[tuple[int, int], list[Reminder]] = {}
        for row in await self.core.reminders.due(now):
            if not await self.core.owns(row.game):  # another process's shard: it claims the row
                continue
            groups.setdefault((row.game, row.seat), []).append(row)
        notices = []
        for rows in groups.values():
            latest = max(rows, key=lambda r: (r.kind == FINAL, r.fire_at))
            try:
                notice = await self._notice(latest)
            except ServiceError as exc:  # e.g. a rules-version mismatch: drop it, never loop
                log.warning("game %s: reminder not sent: %s", latest.game, exc.message)
                notice = None
            routed = await self.pings.route(notice) if notice is not None else None
            if isinstance(routed, Later):
                for row in rows:
                    await self.core.reminders.postpone(row, routed.at)
                continue
            notice = routed
            claimed = await self.core.reminders.claim(rows, now, notice.user_id if notice else None)
            if notice is not None and latest in claimed:
                notices.append(notice)
        return notices

    async def _notice(self, row: Reminder) -> Notice | None:
        record = await self.core.store.game(row.game)
        if record is None or record.status != "active":
            return None
        seats = await self.core.seats_of(record)
        game = self.core.game(record.game_id)
        state = await self.core.state(record)
        base: dict[str, Any] = {
            "kind": row.kind,
            "game_row": record.id,
            "channel_id": record.channel_id,
            "guild_id": record.guild_id,
            "title": record.title,
        }
        if row.kind == STALL:
            waiting = names_list([f"**{seats[p].name}**" for p in play.waiting_players(game, state)])
            body = msg(
                "**{title}** has stalled: nobody has acted for {time} "
                "(last activity {last}). It is waiting for {players}.",
                title=record.title,
                time=duration(self.stall_after),
                last=stamp(row.opened_at),
                players=waiting,
            )
            return Notice(body=body, **base)
        decision = next((d for d in play.pending(game, state) if d.player == row.seat), None)
        if decision is None or not 0 <= row.seat < len(seats):
            return None
        prompt = decision.prompt or decision.kind
        if row.kind == HALF:
            body = msg(
                ", a reminder: **{title}** is waiting for you (“{prompt}”), due {due}.",
                title=record.title,
                prompt=prompt,
                due=stamp(row.due_at),
            )
        elif decision.default is not None:
            body = msg(
                ", final warning: **{title}** needs you (“{prompt}”) by {due}; "
                "after that the default `{text}` is played for you.",
                title=record.title,
                prompt=prompt,
                due=stamp(row.due_at),
                text=game.action_text(decision.default),
            )
        else:
            body = msg(
                ", final warning: **{title}** needs you (“{prompt}”) by {due}; after that the table decides "
                "whether to wait, skip your turn or hand your seat to a substitute.",
                title=record.title,
                prompt=prompt,
                due=stamp(row.due_at),
            )
        snooze = not await self.core.reminders.snoozed(record.id, row.seat, row.opened_at)
        return Notice(
            body=body,
            user_id=seats[row.seat].user_id,
            name=seats[row.seat].name,
            seat=row.seat,
            ping=True,
            snooze=snooze,
            due_at=row.due_at,
            **base,
        )

    async def snooze(self, game_row: int, seat: int, user_id: str | int) -> Announcement:
        """The seat's own player moves their running deadline :data:`SNOOZE_SECONDS` later, once per
        decision (of the table's open time, with playing hours); logged in ``clock_log``."""
        async with self.core.lock(game_row):
            record = await self.core.fresh(game_row)
            seats = await self.core.seats_of(record)
            if not 0 <= seat < len(seats) or seats[seat].user_id != uid(user_id):
                if 0 <= seat < len(seats):
                    refusal = msg("Only {player} can snooze their own deadline.", player=seats[seat].name)
                else:
                    refusal = msg("Only its player can snooze their own deadline.")
                raise ServiceError(refusal, "not_your_decision")
            clock = (await self.core.deadlines.of_game(game_row)).get(seat)
            if clock is None or clock.state != "running" or not clock.due_at or not clock.opened_at:
                raise ServiceError(msg("There is no running deadline to snooze any more."), "stale")
            if await self.core.reminders.snoozed(game_row, seat, clock.opened_at):
                raise ServiceError(
                    msg("You already snoozed this decision once; it can't be snoozed again."), "already_snoozed"
                )
            hours = stored(record.hours, record.hours_tz)
            due, now = advance(hours, clock.due_at, SNOOZE_SECONDS), self.core.now()
            await self.core.deadlines.set_state(game_row, seat, "running", due_at=due)
            await self.core.reminders.record_snooze(
                game_row, seat, uid(user_id), clock.opened_at, due, now, f"deadline {clock.due_at} -> {due}"
            )
        self.core.schedule()
        name = seats[seat].name
        fields = {"player": name, "title": record.title, "time": duration(SNOOZE_SECONDS), "due": stamp(due)}
        line = (
            msg(
                "💤 {player} snoozed: their deadline in **{title}** moves {time} of playing time later, to {due}.",
                **fields,
            )
            if hours
            else msg("💤 {player} snoozed: their deadline in **{title}** moves {time} later, to {due}.", **fields)
        )
        return Announcement(game_row, [line])
