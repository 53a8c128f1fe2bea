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
from dataclasses import dataclass, field, replace

from engine.core import play

from ..store.hours import advance, stored
from ..store.rows import GameRecord
from .clock import duration, preset
from .inputs import display_name
from .lobby import LobbyService
from .results import Result, ServiceError
from .service_base import Turn, uid
from .steplines import SKIPPED, TIMED_OUT

log = logging.getLogger("bot.timeouts")
MAX_DEFAULT_STEPS = 100


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
    result: Result | None = None
    offer: Offer | None = None


class TimeoutService(LobbyService):
    """Deadline outcomes and the table's answers to an :class:`Offer`."""

    async def resume(self) -> tuple[int, int]:
        """Start-up: extend deadlines by the bot's downtime; (outage seconds, clocks extended)."""
        return await self.deadlines.extend_for_downtime(self._now())

    async def heartbeat(self) -> None:
        await self.deadlines.heartbeat(self._now())

    async def expire_due(self) -> list[Expiry]:
        """Apply every deadline that has passed, earliest first."""
        done = []
        for game_row, seat in await self.deadlines.due(self._now()):
            expiry = await self.expire(game_row, seat)
            if expiry is not None:
                done.append(expiry)
        return done

    async def expire(self, game_row: int, seat: int) -> Expiry | None:
        """One seat's deadline: defaults taken, or the table offered; ``None`` if it was no longer due."""
        async with self._lock(game_row):
            record = await self.store.game(game_row)
            if record is None or record.status != "active":
                await self.deadlines.stop(game_row)
                return None
            clock = (await self.deadlines.of_game(game_row)).get(seat)
            if clock is None or clock.state != "running" or (clock.due_at or "") > self._now():
                return None
            try:
                return await self._expire(record, seat)
            except ServiceError as exc:  # e.g. a rules-version mismatch: stop the clock, never loop
                log.warning("game %s seat %s: deadline not applied: %s", game_row, seat, exc.message)
                await self.deadlines.set_state(game_row, seat, "expired")
                return None

    async def _expire(self, record: GameRecord, seat: int) -> Expiry:
        seats = await self._seats_of(record)
        game = self._game(record.game_id)
        state = await self._state(record)
        users, names = [s.user_id for s in seats], [s.name for s in seats]
        turn = Turn(record, seats, seat, users[seat], game, state)
        expiry = Expiry(record.channel_id, [users[p] for p in play.waiting_players(game, state)])
        public: list[str] = []
        private: dict[str, list[str]] = {}
        decision, kind, failed = None, None, False
        for _ in range(MAX_DEFAULT_STEPS):
            decision = next((d for d in play.pending(game, turn.state) if d.player == seat), None)
            kind = kind or (decision.kind if decision else None)
            if decision is None or decision.kind != kind or decision.default is None:
                break
            try:
                step = self._step(turn, decision.default)
            except ServiceError:  # logged; the table settles it as if there were no default
                failed = True
                break
            lines = [TIMED_OUT.format(player=names[seat], text=step.text)] + step.public
            version = await self._store_step(
                turn,
                kind="action",
                text=step.text,
                undo_barrier=step.undo_barrier,
                public=lines,
                state_json=step.state_json,
                new_state=step.state,
                status="finished" if step.over else "active",
            )
            await self.deadlines.record_timeout(record.id, seat, users[seat], version, "default", self._now())
            public += lines
            for who, told in step.private.items():
                private.setdefault(who, []).extend(told)
            turn = replace(turn, record=replace(turn.record, version=version), state=step.state)
        if public:
            expiry.result = self._fill(
                Result(public=public, private=private, board_changed=True),
                turn.record,
                game,
                seats,
                turn.state,
                turn.record.version,
                mention=True,
            )
        if decision is not None and decision.kind != kind:  # a new decision: it gets a fresh deadline
            waiting = play.waiting_players(game, turn.state)
            await self._sync_clocks(turn.record, [p for p in waiting if p != seat])
            await self._sync_clocks(turn.record, waiting)
        elif decision is not None and (decision.default is None or failed) and not game.is_over(turn.state):
            await self.deadlines.set_state(record.id, seat, "expired")
            await self.deadlines.record_timeout(
                record.id, seat, users[seat], turn.record.version, "offered", self._now()
            )
            expiry.offer = Offer(
                record.id,
                record.channel_id,
                turn.record.version,
                seat,
                users[seat],
                names[seat],
                decision.prompt or decision.kind,
                play.pass_text(game, turn.state, seat) is not None,
                preset(record.clock).increment,
            )
        return expiry

    # --- the table's answer to an offer -----------------------------------------------
    async def _offered(self, game_row: int, version: int, seat: int) -> tuple[GameRecord, Turn]:
        """The game under its lock (caller holds it), refusing if the offer was settled meanwhile."""
        record = await self.store.game(game_row)
        if record is None or record.status != "active":
            raise ServiceError("This game has ended in the meantime.", "stale")
        clock = (await self.deadlines.of_game(game_row)).get(seat)
        if record.version != version or clock is None or clock.state != "expired":
            raise ServiceError("This question was already settled.", "stale")
        seats = await self._seats_of(record)
        game = self._game(record.game_id)
        return record, Turn(record, seats, seat, seats[seat].user_id, game, await self._state(record))

    def _player(self, turn: Turn, user: str) -> str:
        name = next((s.name for s in turn.seats if s.user_id == user), None)
        if name is None:
            raise ServiceError("Only the players of this game can decide this.", "not_seated")
        return name

    async def wait_longer(self, game_row: int, version: int, seat: int, user_id: str | int) -> Result:
        """A player chooses to wait: the seat's clock runs again for the preset's increment."""
        async with self._lock(game_row):
            record, turn = await self._offered(game_row, version, seat)
            who = self._player(turn, uid(user_id))
            wait, hours = preset(record.clock).increment, stored(record.hours, record.hours_tz)
            due = advance(hours, self._now(), wait)
            await self.deadlines.set_state(game_row, seat, "running", due_at=due)
            await self.deadlines.record_timeout(game_row, seat, turn.user, version, "wait", self._now(), uid(user_id))
        if self.on_schedule:
            self.on_schedule()
        name = turn.names[seat]
        more = duration(wait) + (" of playing time" if hours else "")
        return Result(
            public=[f"{who} chose to wait for {name} another {more}."],
            game_row=game_row,
            version=version,
            status="active",
        )

    async def skip_turn(self, game_row: int, version: int, seat: int, user_id: str | int) -> Result:
        """A player skips the timed-out seat: it passes (only where the rules allow passing)."""
        async with self._lock(game_row):
            record, turn = await self._offered(game_row, version, seat)
            who = self._player(turn, uid(user_id))
            game, name = turn.game, turn.names[seat]
            skip = play.pass_text(game, turn.state, seat)
            if skip is None:
                raise ServiceError(f"{name} may not pass now, so this turn can't be skipped.", "cannot_skip")
            step = self._step(turn, text=skip)
            lines = [SKIPPED.format(who=who, player=name)] + step.public
            await self.deadlines.set_state(game_row, seat, "running")
            version = await self._store_step(
                turn,
                kind="action",
                text=step.text,
                undo_barrier=step.undo_barrier,
                public=lines,
                state_json=step.state_json,
                new_state=step.state,
                status="finished" if step.over else "active",
            )
            await self.deadlines.record_timeout(game_row, seat, turn.user, version, "skip", self._now(), uid(user_id))
        result = step.result
        result.public, result.version = lines, version
        return result

    async def take_seat(self, game_row: int, version: int, seat: int, user_id: str | int, name: str) -> Result:
        """A non-player takes over the timed-out seat, with a fresh clock; logged and stored."""
        user, name = uid(user_id), display_name(name)
        async with self._lock(game_row):
            record, turn = await self._offered(game_row, version, seat)
            if any(s.user_id == user for s in turn.seats):
                raise ServiceError(
                    "You already play in this game; a substitute must be someone else.", "already_seated"
                )
            old, seat_name = turn.user, turn.names[seat]
            now = self._now()
            if not await self.deadlines.hand_over(game_row, seat, old, user, version, "timeout", now, name):
                raise ServiceError("This seat changed hands meanwhile.", "stale")
            self._seats.pop(game_row, None)
            speed = preset(record.clock)
            bank = speed.initial or 0
            due = advance(stored(record.hours, record.hours_tz), now, bank)
            await self.deadlines.set_state(game_row, seat, "running", due_at=due, bank=bank, opened_at=now)
            await self.deadlines.record_timeout(game_row, seat, old, version, "substitute", now, user)
            seats = await self._seats_of(record)
        if self.on_schedule:
            self.on_schedule()
        line = f"{name} takes over {seat_name}'s seat (its time ran out); {name} now plays as {seat_name}."
        result = self._fill(Result(public=[line]), record, turn.game, seats, turn.state, version, mention=False)
        result.mention = [user]
        return result
