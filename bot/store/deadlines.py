"""Durable deadlines: one ``clocks`` row per seat of a timed game, kept in step with who must act.

A row is ``idle`` (owes nothing; ``bank`` seconds left), ``running`` (owes a decision since
``opened_at``, due at ``due_at``) or ``expired`` (its deadline passed without a safe default and
the table was offered wait/skip/substitute). The timer loop only ever looks at running rows, so
everything survives a restart. No Discord here; times are ISO-8601 UTC strings from the caller.

A row that stops keeps the clock it stopped (``prev_*``). A seat that takes back its answer to a
parallel window owes that decision again, and its clock *resumes*: the bank, opening time and
deadline it had before the answer, as if it had never answered. So answering and taking back
gains nothing: the time the answer stood is charged, and the decision's increment is credited
once, when it is finally answered.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Protocol

from sqlalchemy import Connection, func, insert, select, text, update

from . import schema
from .database import EXCLUDED, upsert
from .rows import VersionConflict
from .store import GameStore
from .times import OpenTime, seconds_between

HEARTBEAT = "heartbeat"
#: An outage shorter than this (missed heartbeats, slow start) is not worth extending for.
OUTAGE_GRACE = 120
#: The clock a row's latest stop closed (what a take-back resumes).
PREV = (schema.clocks.c.prev_bank, schema.clocks.c.prev_opened_at, schema.clocks.c.prev_due_at)


class ClockRule(Protocol):
    """How a timed table's seat clocks open and close (the service's :class:`bot.service.clock.TableClock`)."""

    @property
    def initial(self) -> int:
        """The bank of a seat's first decision."""
        ...

    def due(self, start: str, bank: int) -> str:
        """The deadline of a clock opened at ``start`` with ``bank`` seconds left."""
        ...

    def bank_after(self, bank: int, opened_at: str, now: str) -> int:
        """The bank of a clock open since ``opened_at`` that stops ``now``."""
        ...


@dataclass(frozen=True)
class SeatClock:
    """One row of ``clocks``."""

    game: int
    seat: int
    bank: int
    opened_at: str | None
    due_at: str | None
    state: str
    #: The clock the seat's latest stop closed (what a take-back resumes): bank, opened, due.
    prev_bank: int | None = None
    prev_opened_at: str | None = None
    prev_due_at: str | None = None


class Deadlines:
    """The ``clocks``, ``timeouts``, ``seat_holders`` and ``bot_state`` tables of a :class:`GameStore`."""

    def __init__(self, store: GameStore) -> None:
        self.store = store

    # --- reads ----------------------------------------------------------------
    async def of_game(self, game: int) -> dict[int, SeatClock]:
        c = schema.clocks
        rows = await self.store.query(select(c).where(c.c.game == game).order_by(c.c.seat))
        return {
            r.seat: SeatClock(
                r.game, r.seat, r.bank, r.opened_at, r.due_at, r.state, r.prev_bank, r.prev_opened_at, r.prev_due_at
            )
            for r in rows
        }

    async def due(self, now: str) -> list[tuple[int, int]]:
        """(game, seat) of running clocks whose deadline is at or before ``now``, earliest first."""
        c = schema.clocks
        rows = await self.store.query(
            select(c.c.game, c.c.seat).where(c.c.state == "running", c.c.due_at <= now).order_by(c.c.due_at)
        )
        return [(r.game, r.seat) for r in rows]

    async def next_due(self) -> str | None:
        """The earliest running deadline, if any (what the timer loop sleeps until)."""
        c = schema.clocks
        rows = await self.store.query(select(func.min(c.c.due_at)).where(c.c.state == "running"))
        return rows[0][0] if rows else None

    async def timeouts(self, game: int) -> list[tuple[int, str, str]]:
        """(seat, user, outcome) of every timeout in ``game``, oldest first."""
        t = schema.timeouts
        rows = await self.store.query(
            select(t.c.seat, t.c.user_id, t.c.outcome).where(t.c.game == game).order_by(t.c.seq)
        )
        return [(r[0], r[1], r[2]) for r in rows]

    async def holders(self, game: int) -> list[tuple[int, str, int, str]]:
        """(seat, user, from_version, reason): who took over which seat when."""
        h = schema.seat_holders
        rows = await self.store.query(
            select(h.c.seat, h.c.user_id, h.c.from_version, h.c.reason)
            .where(h.c.game == game, h.c.reason != "start")
            .order_by(h.c.seq)
        )
        return [(r[0], r[1], r[2], r[3]) for r in rows]

    # --- writes ---------------------------------------------------------------
    async def sync(
        self,
        game: int,
        clock: ClockRule,
        waiting: Sequence[int],
        now: str,
        version: int | None = None,
        resume: Collection[int] = (),
    ) -> bool:
        """Open clocks for seats that now owe a decision, close (and credit) those that no longer do;
        the seats in ``resume`` took their answer back: their clock resumes (see the module docstring).

        ``clock`` says a new clock's bank, its deadline and the bank left when it stops (with table
        playing hours, only open time is charged and deadlines count open time only). ``waiting`` as
        of game ``version`` (when given) changes nothing once the game is past it: the process that
        stored the newer version brings the clocks in step with that one (the version is read with a
        share lock, so no newer version is stored meanwhile).

        Idempotent; returns True when a new deadline was set (the timer loop may need to wake).
        """
        c = schema.clocks

        def write(db: Connection) -> bool:  # one unit of work (at every action of a timed game)
            opened = False
            if version is not None:
                g = schema.games
                at = select(g.c.version).where(g.c.id == game).with_for_update(read=True)
                if db.execute(at).scalar_one_or_none() != version:
                    return False
            found = db.execute(
                select(c.c.seat, c.c.bank, c.c.opened_at, c.c.due_at, c.c.state, *PREV).where(c.c.game == game)
            )
            rows = {r.seat: r for r in found}
            for seat in waiting:
                row = rows.get(seat)
                if row is not None and row.state != "idle":
                    continue
                bank, start, due = (clock.initial if row is None else row.bank), now, None
                if row is not None and seat in resume and row.prev_bank is not None and row.prev_opened_at:
                    bank, start, due = row.prev_bank, row.prev_opened_at, row.prev_due_at
                values = {
                    "game": game,
                    "seat": seat,
                    "bank": bank,
                    "opened_at": start,
                    "due_at": due or clock.due(start, bank),
                    "state": "running",
                }
                keys = ("game", "seat")
                moved = {"bank": EXCLUDED, "opened_at": EXCLUDED, "due_at": EXCLUDED, "state": "running"}
                db.execute(upsert(db.dialect.name, c, values, keys, moved))
                opened = True
            for seat, row in rows.items():
                if seat in waiting or row.state == "idle":
                    continue
                bank = clock.bank_after(row.bank, row.opened_at, now)
                stopped = {"prev_bank": row.bank, "prev_opened_at": row.opened_at, "prev_due_at": row.due_at}
                db.execute(
                    update(c)
                    .where(c.c.game == game, c.c.seat == seat)
                    .values(bank=bank, opened_at=None, due_at=None, state="idle", **stopped)
                )
            return opened

        return await self.store.transact(write)

    async def stop(self, game: int) -> None:
        """Stop every clock of a game that ended."""
        async with self.store.transaction() as db:
            c = schema.clocks
            await db.execute(update(c).where(c.c.game == game).values(opened_at=None, due_at=None, state="idle"))

    async def set_state(
        self,
        game: int,
        seat: int,
        state: str,
        due_at: str | None = None,
        bank: int | None = None,
        opened_at: str | None = None,
        was: str | None = None,
    ) -> bool:
        """Mark a seat's clock ``expired`` (table offered) or ``running`` again with a new deadline;
        with ``was``, only a clock in that state (False if it is no longer: settled by another process)."""
        async with self.store.transaction() as db:
            c = schema.clocks
            values = {"state": state, "due_at": due_at, "bank": bank, "opened_at": opened_at}
            where = [c.c.game == game, c.c.seat == seat] + ([c.c.state == was] if was is not None else [])
            cur = await db.execute(update(c).where(*where).values(**{k: v for k, v in values.items() if v is not None}))
            return cur.rowcount == 1

    async def record_timeout(
        self, game: int, seat: int, user_id: str, version: int, outcome: str, now: str, by_user: str | None = None
    ) -> None:
        async with self.store.transaction() as db:
            await db.execute(
                insert(schema.timeouts).values(
                    game=game,
                    seat=seat,
                    user_id=user_id,
                    version=version,
                    outcome=outcome,
                    by_user=by_user,
                    created_at=now,
                )
            )

    async def hand_over(
        self,
        game: int,
        seat: int,
        old_user: str,
        new_user: str,
        version: int,
        reason: str,
        now: str,
        name: str | None = None,
    ) -> bool:
        """Give ``seat`` to ``new_user`` (keeping the seat's in-game name); False if it changed meanwhile.
        The AI no longer stands in for the seat (it stood in for the old holder).

        ``seat_holders`` gets the seat's first holder (reason ``start``) on its first handover, then
        each new holder (with ``name``, their own name), so a finished game records who played which seat.
        False also when the game is no longer at ``version`` (another process stored a move meanwhile),
        so ``from_version`` is always the version the handover was made at.
        """
        try:
            async with self.store.transaction() as db:
                cur = await db.execute(
                    text(
                        "UPDATE seats SET user_id = :new, stand_in = NULL "
                        "WHERE game = :game AND seat = :seat AND user_id = :old AND "
                        "NOT EXISTS (SELECT 1 FROM seats s WHERE s.game = :game AND s.user_id = :new)"
                    ),
                    {"new": new_user, "game": game, "seat": seat, "old": old_user},
                )
                if cur.rowcount != 1:
                    return False
                await db.execute(
                    text(
                        "INSERT INTO seat_holders (game, seat, user_id, name, from_version, reason, created_at) "
                        "SELECT CAST(:game AS INTEGER), CAST(:seat AS INTEGER), :old, "
                        "(SELECT name FROM seats WHERE game = :game AND seat = :seat), 0, "
                        "'start', :now "
                        "WHERE NOT EXISTS (SELECT 1 FROM seat_holders WHERE game = :game AND seat = :seat)"
                    ),
                    {"game": game, "seat": seat, "old": old_user, "now": now},
                )
                await db.execute(
                    insert(schema.seat_holders).values(
                        game=game,
                        seat=seat,
                        user_id=new_user,
                        name=name,
                        from_version=version,
                        reason=reason,
                        created_at=now,
                    )
                )
                games = schema.games
                moved = await db.execute(
                    update(games)
                    .where(games.c.id == game, games.c.version == version)
                    .values(waiting=func.replace(games.c.waiting, f'"{old_user}"', f'"{new_user}"'), updated_at=now)
                )
                if moved.rowcount != 1:  # a move was stored meanwhile: roll the handover back
                    raise VersionConflict(f"game {game} is no longer at version {version}")
        except VersionConflict:
            return False
        return True

    # --- bot downtime ---------------------------------------------------------
    async def heartbeat(self, now: str) -> None:
        """Record that the bot is alive (the timer loop calls this at least every minute)."""
        async with self.store.transaction() as db:
            values = {"key": HEARTBEAT, "value": now}
            await db.execute(upsert(db.dialect.name, schema.bot_state, values, ["key"], {"value": EXCLUDED}))

    async def extend_for_downtime(self, now: str, time: OpenTime) -> tuple[int, int]:
        """On start-up: push every deadline that was running when the bot went down back by the outage.

        With table playing hours (counted by ``time``) only the open time the outage took is given
        back (the deadline and ``opened_at`` move on by that much open time); a game whose table was
        closed throughout keeps its deadline. A clock an answer stopped (``prev_*``, resumed if the
        answer is taken back) moves on the same way. Returns (outage seconds, running clocks
        extended); (0, 0) after a short or first start.
        """
        state = schema.bot_state
        rows = await self.store.query(select(state.c.value).where(state.c.key == HEARTBEAT))
        outage = seconds_between(rows[0][0], now) if rows else 0
        extended = 0
        if outage > OUTAGE_GRACE:
            last = rows[0][0]
            async with self.store.transaction() as db:
                running = await db.execute(
                    text(
                        "SELECT c.game, c.seat, c.opened_at, c.due_at, g.hours, g.hours_tz FROM clocks c "
                        "JOIN games g ON g.id = c.game WHERE c.state = 'running' AND c.due_at > :last"
                    ),
                    {"last": last},
                )
                c = schema.clocks
                for r in running.all():
                    lost = time.open_seconds(r.hours, r.hours_tz, last, now)
                    if lost <= 0:
                        continue
                    moved = {
                        "opened_at": time.advance(r.hours, r.hours_tz, r.opened_at, lost),
                        "due_at": time.advance(r.hours, r.hours_tz, r.due_at, lost),
                    }
                    await db.execute(update(c).where(c.c.game == r.game, c.c.seat == r.seat).values(**moved))
                    extended += 1
                stopped = await db.execute(  # clocks an answer stopped, which a take-back would resume
                    text(
                        "SELECT c.game, c.seat, c.prev_opened_at, c.prev_due_at, g.hours, g.hours_tz FROM clocks c "
                        "JOIN games g ON g.id = c.game WHERE c.state = 'idle' AND g.status = 'active' "
                        "AND c.prev_due_at > :last"
                    ),
                    {"last": last},
                )
                for r in stopped.all():
                    lost = time.open_seconds(r.hours, r.hours_tz, last, now)
                    if lost > 0:
                        moved = {
                            "prev_opened_at": time.advance(r.hours, r.hours_tz, r.prev_opened_at, lost),
                            "prev_due_at": time.advance(r.hours, r.hours_tz, r.prev_due_at, lost),
                        }
                        await db.execute(update(c).where(c.c.game == r.game, c.c.seat == r.seat).values(**moved))
        await self.heartbeat(now)
        return (outage if outage > OUTAGE_GRACE else 0), extended
