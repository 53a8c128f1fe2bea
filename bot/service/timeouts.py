"""What happens when a deadline passes, as service methods (no Discord).

A seat whose deadline passed takes its decision's rule-safe default (``Decision.default``),
logged publicly as a timeout, repeatedly while it still owes that same kind of decision (a
new kind of decision gets a fresh deadline). A
decision without a default is offered to the table instead (:class:`Offer`): wait longer,
skip the player (only where the rules let them pass) or hand the seat to a substitute.
Nobody is ever removed silently; every outcome is logged and stored in ``timeouts``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from engine.core import play

from ..store.ai_seats import AiSeats
from .ai_players import is_ai
from .change import Said, Step, Txn
from .clock import duration, preset
from .core import Core, uid
from .hours import TABLE_TIME, advance, stored
from .i18n import msg
from .inputs import Boundary, display_name
from .log_lines import SKIPPED, TIMED_OUT, line
from .play_step import Steps
from .results import Announcement, ServiceError

log = logging.getLogger("bot.timeouts")
MAX_DEFAULT_STEPS = 100
NOT_DUE = "not_due"


@dataclass(frozen=True)
class Offer:
    """A timed-out decision with no safe default: the table chooses wait, skip (if legal) or substitute."""

    game_row: int
    channel_id: str
    version: int
    seat: int
    user_id: str
    name: str
    prompt: str
    can_skip: bool
    wait_seconds: int


@dataclass
class Expiry:
    """What one passed deadline did: a stored default (``result``), an ``offer`` to the table, or both."""

    channel_id: str
    before: list[str] = field(default_factory=list)
    #: The turn message to post, when a default was stored.
    result: Step | None = None
    offer: Offer | None = None


class TimeoutService(Boundary):
    """Deadline outcomes and the table's answers to an :class:`Offer`; the clocks across a restart."""

    def __init__(self, core: Core, steps: Steps) -> None:
        self.core = core
        self.steps = steps

    async def resume(self) -> tuple[int, int]:
        """Start-up: extend deadlines by the bot's downtime, and their reminder rows with them;
        (outage seconds, clocks extended)."""
        reminders = self.core.reminders
        before = await reminders.running_opened()
        outage, extended = await self.core.deadlines.extend_for_downtime(self.core.now(), TABLE_TIME)
        if extended:
            after = await reminders.running_opened()
            for key, old in before.items():
                if after.get(key, old) != old:
                    await reminders.follow(*key, old, after[key], TABLE_TIME)
        return outage, extended

    async def heartbeat(self) -> None:
        await self.core.deadlines.heartbeat(self.core.now())

    async def expire_due(self) -> list[Expiry]:
        """Apply every deadline that has passed, earliest first (only games on this process's shards)."""
        done = []
        for game_row, seat in await self.core.deadlines.due(self.core.now()):
            if not await self.core.owns(game_row):
                continue
            expiry = await self.expire(game_row, seat)
            if expiry is not None:
                done.append(expiry)
        return done

    async def expire(self, game_row: int, seat: int) -> Expiry | None:
        """One seat's deadline: defaults taken, or the table offered; ``None`` if it was no longer due."""
        expiry = Expiry("")

        async def change(txn: Txn) -> Said:
            record = txn.record
            if record.status != "active":
                await self.core.deadlines.stop(game_row)
                raise ServiceError(msg("This game has ended."), NOT_DUE)
            clock = (await self.core.deadlines.of_game(game_row)).get(seat)
            if clock is None or clock.state != "running" or (clock.due_at or "") > self.core.now():
                raise ServiceError(msg("This deadline is no longer due."), NOT_DUE)
            expiry.channel_id, expiry.before = record.channel_id, list(txn.before)
            return await self._expire(txn, seat, expiry)

        try:
            step = await self.steps.play_step(game_row, change, want=None)
        except ServiceError as exc:  # e.g. a rules-version mismatch: stop the clock, never loop
            if exc.code == "no_game":
                await self.core.deadlines.stop(game_row)
            if exc.code in (NOT_DUE, "no_game"):
                return None
            if exc.code == "stale":  # another process moved the game first: the clock is looked at anew
                return None  # on the next pass (still running if still due), never marked expired
            log.warning("game %s seat %s: deadline not applied: %s", game_row, seat, exc.message)
            async with self.core.lock(game_row):
                await self.core.deadlines.set_state(game_row, seat, "expired")
            return None
        expiry.result = step if step.board_changed else None
        return expiry

    async def _expire(self, txn: Txn, seat: int, expiry: Expiry) -> Said:
        record, game = txn.record, txn.game
        holder = txn.seats[seat]
        if is_ai(holder.user_id):  # an AI seat has no deadline: its clock stops, the AI plays as timed work
            await self.core.deadlines.set_state(record.id, seat, "idle")
            raise ServiceError(msg("This deadline is no longer due."), NOT_DUE)
        if record.ai_stand_in and holder.stand_in is None:
            return await self._stand_in(txn, seat, record.ai_stand_in)
        users, names = txn.users, txn.names
        public: list[str] = []
        private: dict[str, list[str]] = {}
        decision, kind, failed = None, None, False
        for _ in range(MAX_DEFAULT_STEPS):
            assert txn.state is not None
            decision = next((d for d in play.pending(game, txn.state) if d.player == seat), None)
            kind = kind or (decision.kind if decision else None)
            if decision is None or decision.kind != kind or decision.default is None:
                break
            try:
                applied = txn.apply(seat, decision.default)
            except ServiceError:  # logged; the table settles it as if there were no default
                failed = True
                break
            lines = [line(TIMED_OUT, player=names[seat], text=applied.text)]
            version = await txn.store(applied, seat, users[seat], lines)
            await self.core.deadlines.record_timeout(record.id, seat, users[seat], version, "default", self.core.now())
            public += lines + applied.public
            for who, told in applied.private.items():
                private.setdefault(who, []).extend(told)
        assert txn.state is not None
        if decision is not None and decision.kind != kind:  # a new decision: it gets a fresh deadline
            waiting = txn.waiting()
            version = txn.record.version
            await self.core.sync_clocks(txn.record, [p for p in waiting if p != seat], version=version)
            await self.core.sync_clocks(txn.record, waiting, version=version)
        elif decision is not None and (decision.default is None or failed) and not txn.over:
            await self.core.deadlines.set_state(record.id, seat, "expired")
            await self.core.deadlines.record_timeout(
                record.id, seat, users[seat], txn.record.version, "offered", self.core.now()
            )
            expiry.offer = Offer(
                record.id,
                record.channel_id,
                txn.record.version,
                seat,
                users[seat],
                names[seat],
                decision.prompt or decision.kind,
                play.pass_text(game, txn.state, seat) is not None,
                preset(record.clock).increment,
            )
        return txn.changed(public, private) if public else Said()

    async def _stand_in(self, txn: Txn, seat: int, level: str) -> Said:
        """The table lets the AI stand in: it plays ``seat`` from now on (as timed work, within seconds)
        until its player moves again or says ``/back``; the deadline is settled."""
        holder = txn.seats[seat]
        if not await AiSeats(self.core.store).stand_in(txn.row, holder.user_id, level):
            raise ServiceError(msg("This deadline is no longer due."), NOT_DUE)
        await self.core.deadlines.set_state(txn.row, seat, "expired")
        self.core.seats_changed(txn.row)
        txn.seats = await self.core.seats_of(txn.record)
        said = msg(
            "⏰ {player} ran out of time: the AI ({level}) plays for them until they move again or say `/back`.",
            player=holder.name,
            level=level,
        )
        return Said(public=[said], board_changed=True)

    # --- the table's answer to an offer -----------------------------------------------
    async def _offered(self, txn: Txn, version: int, seat: int) -> None:
        """Refuse unless the loaded game still puts this seat's timed-out decision to the table."""
        clock = (await self.core.deadlines.of_game(txn.row)).get(seat)
        if txn.record.version != version or clock is None or clock.state != "expired":
            raise ServiceError(msg("This question was already settled."), "stale")

    def _player(self, txn: Txn, user: str) -> str:
        name = next((s.name for s in txn.seats if s.user_id == user), None)
        if name is None:
            raise ServiceError(msg("Only the players of this game can decide this."), "not_seated")
        return name

    async def wait_longer(self, game_row: int, version: int, seat: int, user_id: str | int) -> Announcement:
        """A player chooses to wait: the seat's clock runs again for the preset's increment."""
        async with self.core.lock(game_row):
            txn = await self.steps.load(game_row, "active")
            await self._offered(txn, version, seat)
            record, who = txn.record, self._player(txn, uid(user_id))
            wait, hours = preset(record.clock).increment, stored(record.hours, record.hours_tz)
            due = advance(hours, self.core.now(), wait)
            if not await self.core.deadlines.set_state(game_row, seat, "running", due_at=due, was="expired"):
                raise ServiceError(msg("This question was already settled."), "stale")  # by another process
            await self.core.deadlines.record_timeout(
                game_row, seat, txn.users[seat], version, "wait", self.core.now(), uid(user_id)
            )
        self.core.schedule()
        name = txn.names[seat]
        said = (
            msg(
                "{player} chose to wait for {absent} another {time} of playing time.",
                player=who,
                absent=name,
                time=duration(wait),
            )
            if hours
            else msg(
                "{player} chose to wait for {absent} another {time}.", player=who, absent=name, time=duration(wait)
            )
        )
        return Announcement(game_row, [said])

    async def skip_turn(self, game_row: int, version: int, seat: int, user_id: str | int) -> Step:
        """A player skips the timed-out seat: it passes (only where the rules allow passing)."""

        async def change(txn: Txn) -> Said:
            await self._offered(txn, version, seat)
            assert txn.state is not None
            who, name = self._player(txn, uid(user_id)), txn.names[seat]
            skip = play.pass_text(txn.game, txn.state, seat)
            if skip is None:
                raise ServiceError(
                    msg("{player} may not pass now, so this turn can't be skipped.", player=name), "cannot_skip"
                )
            applied = txn.apply(seat, text=skip)
            lines = [line(SKIPPED, who=who, player=name)]
            await self.core.deadlines.set_state(game_row, seat, "running")
            done = await txn.store(applied, seat, txn.users[seat], lines)
            await self.core.deadlines.record_timeout(
                game_row, seat, txn.users[seat], done, "skip", self.core.now(), uid(user_id)
            )
            return txn.changed(lines + applied.public, applied.private)

        return await self.steps.play_step(game_row, change)

    async def take_seat(self, game_row: int, version: int, seat: int, user_id: str | int, name: str) -> Step:
        """A non-player takes over the timed-out seat, with a fresh clock; logged and stored."""
        user, name = uid(user_id), display_name(name)

        async def change(txn: Txn) -> Said:
            await self._offered(txn, version, seat)
            record = txn.record
            if any(s.user_id == user for s in txn.seats):
                raise ServiceError(
                    msg("You already play in this game; a substitute must be someone else."), "already_seated"
                )
            old, seat_name = txn.users[seat], txn.names[seat]
            now = self.core.now()
            if not await self.core.deadlines.hand_over(game_row, seat, old, user, version, "timeout", now, name):
                self.core.seats_changed(game_row)  # read anew next time
                raise ServiceError(msg("This seat changed hands meanwhile."), "stale")
            self.core.seats_changed(game_row)
            speed = preset(record.clock)
            bank = speed.initial or 0
            due = advance(stored(record.hours, record.hours_tz), now, bank)
            await self.core.deadlines.set_state(game_row, seat, "running", due_at=due, bank=bank, opened_at=now)
            await self.core.deadlines.record_timeout(game_row, seat, old, version, "substitute", now, user)
            txn.seats = await self.core.seats_of(record)
            self.core.schedule()
            line = msg(
                "{new} takes over {player}'s seat (its time ran out); {new} now plays as {player}.",
                new=name,
                player=seat_name,
            )
            return Said(public=[line], mention=[user])

        return await self.steps.play_step(game_row, change)
