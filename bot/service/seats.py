"""Seat handover: a player gives their seat to someone else, the host hands over an absent player's
seat, or an admin replaces a player. The seat keeps its in-game name; every handover is stored in
``seat_holders`` (so a finished game records who played which seat) and in the ``audit`` trail,
and announced publicly. A seat that owes a decision gets a fresh clock for its new holder.

The same people may hand a seat to the AI instead (issue 26): the seat stays its player's, and the AI
at the chosen level stands in for them (``seats.stand_in``, as when a table lets it stand in once a
deadline passed) until they act again, say ``/back``, or the seat is given back to them the same way.
A stand-in is audited and announced like a handover, but is no change of holder (``seat_holders``).
"""

from __future__ import annotations

from ..store.ai_seats import AiSeats
from ..store.records import Records
from ..store.rows import GameRecord, SeatRecord
from ..store.times import seconds_between
from .ai_players import LEVEL_NAMES, check_plays, is_ai, seated_level
from .change import Said, Step, Txn
from .clock import DAY, preset
from .core import Core, uid
from .hours import advance, stored
from .i18n import msg
from .inputs import Boundary, display_name
from .play_step import Steps
from .results import ServiceError
from .words import names_list

#: The host may hand over a seat whose player has owed a decision this long (or whose deadline passed).
ABSENT_AFTER = DAY


class SeatService(Boundary):
    """``/game substitute`` and the handover shared with ``/admin replace``."""

    def __init__(self, core: Core, steps: Steps) -> None:
        self.core = core
        self.steps = steps

    async def substitute(
        self,
        channel_id: str | int,
        by_user: str | int,
        new_user: str | int,
        new_name: str,
        for_user: str | int | None = None,
    ) -> Step:
        """Hand a seat to ``new_user``: the caller's own, or (host only) an absent player's. Handed to
        its own player while the AI stands in for them, the seat is theirs to play again."""
        new_name = display_name(new_name)
        live = await self.core.live(channel_id, "active")
        by = uid(by_user)

        async def change(txn: Txn) -> Said:
            record, seats = txn.record, txn.seats
            target = by if for_user is None else uid(for_user)
            if target == by:
                seat = self.core.seat_of(seats, by)
                name = seats[seat].name
                if uid(new_user) == by and seats[seat].stand_in is not None:
                    back = msg("{player} took their seat back from the AI.", player=name)
                    return await self.take_back(txn, seat, by, "self", back)
                line = msg("{player} handed their seat to {new}, who now plays as {player}.", player=name, new=new_name)
                return await self.hand_over(txn, seat, by, new_user, new_name, "self", line)
            seat = self.seat_of_other(seats, target)
            host = self.host_only(record, seats, by)
            name = seats[seat].name
            if uid(new_user) == target and seats[seat].stand_in is not None:
                back = msg(
                    "The host ({host}) took {player}'s seat back from the AI: {player} plays it again.",
                    host=host,
                    player=name,
                )
                return await self.take_back(txn, seat, by, "host", back)
            await self._check_absent(record, seats, seat)
            line = msg(
                "The host handed {player}'s seat to {new} ({player} was absent); {new} now plays as {player}.",
                player=name,
                new=new_name,
            )
            return await self.hand_over(txn, seat, by, new_user, new_name, "host", line)

        return await self.steps.play_step(live.id, change)

    async def to_ai(
        self, channel_id: str | int, by_user: str | int, level: str, for_user: str | int | None = None
    ) -> Step:
        """Hand a seat to the AI at ``level``, which plays it for its player until they act again or
        say ``/back``: the caller's own seat, or (host only) an absent player's."""
        chosen = seated_level(level)
        live = await self.core.live(channel_id, "active")
        check_plays(self.core.game(live.game_id))
        by = uid(by_user)

        async def change(txn: Txn) -> Said:
            record, seats = txn.record, txn.seats
            target = by if for_user is None else uid(for_user)
            if target == by:
                seat = self.core.seat_of(seats, by)
                line = msg(
                    "{player} handed their seat to the AI ({level}), which plays for them until they act "
                    "again or say `/back`.",
                    player=seats[seat].name,
                    level=LEVEL_NAMES[chosen],
                )
                return await self.stand_in(txn, seat, by, chosen, "self", line)
            seat = self.seat_of_other(seats, target)
            host = self.host_only(record, seats, by)
            self.check_person(seats[seat])
            await self._check_absent(record, seats, seat)
            line = msg(
                "The host ({host}) handed {player}'s seat to the AI ({level}) ({player} was absent); it plays "
                "for them until they act again or say `/back`.",
                host=host,
                player=seats[seat].name,
                level=LEVEL_NAMES[chosen],
            )
            return await self.stand_in(txn, seat, by, chosen, "host", line)

        return await self.steps.play_step(live.id, change)

    @staticmethod
    def host_only(record: GameRecord, seats: list[SeatRecord], by: str) -> str:
        """The host's name; refused unless ``by`` is the host (the game's creator)."""
        host = next((s.name for s in seats if s.user_id == record.creator_id), msg("the game's creator"))
        if by != record.creator_id:
            raise ServiceError(
                msg(
                    "Only the host ({host}) can hand over another player's seat, and only while "
                    "that player is absent; an admin can use `/admin replace`.",
                    host=host,
                ),
                "not_host",
            )
        return host

    @staticmethod
    def seat_of_other(seats: list[SeatRecord], user: str) -> int:
        seat = next((s.seat for s in seats if s.user_id == user and s.seat is not None), None)
        if seat is None:
            raise ServiceError(
                msg(
                    "That member is not playing in this game (players: {players}).",
                    players=names_list([s.name for s in seats]),
                ),
                "not_seated",
            )
        return seat

    async def _check_absent(self, record: GameRecord, seats: list[SeatRecord], seat: int) -> None:
        """Refuse unless the seat owes a decision for :data:`ABSENT_AFTER` or its deadline passed."""
        name = seats[seat].name
        if seats[seat].user_id not in record.waiting:
            raise ServiceError(
                msg("{player} owes no decision right now, so they are not absent.", player=name), "not_absent"
            )
        clock = (await self.core.deadlines.of_game(record.id)).get(seat)
        since = clock.opened_at if clock is not None and clock.opened_at else record.updated_at
        if (clock is None or clock.state != "expired") and seconds_between(since, self.core.now()) < ABSENT_AFTER:
            raise ServiceError(
                msg(
                    "{player} has owed a decision for less than a day; the host may hand over the "
                    "seat once it has been a day (or their deadline has passed).",
                    player=name,
                ),
                "not_absent",
            )

    async def hand_over(
        self, txn: Txn, seat: int, by: str, new_user: str | int, new_name: str, reason: str, line: str
    ) -> Said:
        """Move ``seat`` of the loaded game to ``new_user`` (a change of ``play_step``); stored and audited."""
        record, seats = txn.record, txn.seats
        new, old, now = uid(new_user), seats[seat].user_id, self.core.now()
        if any(s.user_id == new for s in seats):
            raise ServiceError(
                msg("{player} already plays in this game; a substitute must be someone else.", player=new_name),
                "already_seated",
            )
        if not await self.core.deadlines.hand_over(record.id, seat, old, new, record.version, reason, now, new_name):
            self.core.seats_changed(record.id)  # moved or handed over by another process: read anew next time
            raise ServiceError(msg("This seat changed hands meanwhile."), "stale")
        self.core.seats_changed(record.id)
        clock = (await self.core.deadlines.of_game(record.id)).get(seat)
        speed = preset(record.clock)
        if clock is not None and clock.state != "idle" and speed.initial is not None:
            due = advance(stored(record.hours, record.hours_tz), now, speed.initial)
            await self.core.deadlines.set_state(
                record.id, seat, "running", due_at=due, bank=speed.initial, opened_at=now
            )
            self.core.schedule()
        await Records(self.core.store).audit(
            record.id, record.version, by, reason, f"seat {seat + 1} ({seats[seat].name}): {old} -> {new}", now
        )
        txn.seats = await self.core.seats_of(record)
        return Said(public=[line], mention=[new] if new in txn.waiting_users() else [])

    # --- the AI standing in ---------------------------------------------------------
    @staticmethod
    def check_person(holder: SeatRecord) -> None:
        """Refuse to hand ``holder``'s seat to the AI when the AI plays it already."""
        if is_ai(holder.user_id):
            raise ServiceError(
                msg(
                    "{player} is an AI player already; only a person's seat can be handed to the AI.",
                    player=holder.name,
                ),
                "already_ai",
            )
        if holder.stand_in is not None:
            raise ServiceError(
                msg(
                    "The AI ({level}) already plays for {player}; they take their seat back by acting or with `/back`.",
                    level=LEVEL_NAMES.get(holder.stand_in, holder.stand_in),
                    player=holder.name,
                ),
                "already_ai",
            )

    async def stand_in(self, txn: Txn, seat: int, by: str, level: str, reason: str, line: str) -> Said:
        """The AI at ``level`` plays ``seat`` of the loaded game for its player from now on (a change of
        ``play_step``, which wakes the timer loop when the seat owes a decision); audited."""
        record, holder = txn.record, txn.seats[seat]
        self.check_person(holder)
        if not await AiSeats(self.core.store).stand_in(record.id, holder.user_id, level):
            self.core.seats_changed(record.id)  # changed by another process: read anew next time
            raise ServiceError(msg("This seat changed hands meanwhile."), "stale")
        self.core.seats_changed(record.id)
        detail = f"seat {seat + 1} ({holder.name}): {holder.user_id} -> AI ({level})"
        await Records(self.core.store).audit(record.id, record.version, by, reason, detail, self.core.now())
        txn.seats = await self.core.seats_of(record)
        return Said(public=[line])

    async def take_back(self, txn: Txn, seat: int, by: str, reason: str, line: str) -> Said:
        """The AI stops standing in for ``seat``'s player, who plays it again (a change of ``play_step``); audited."""
        record, holder = txn.record, txn.seats[seat]
        level = holder.stand_in
        if level is None or not await AiSeats(self.core.store).stand_in(record.id, holder.user_id, None):
            self.core.seats_changed(record.id)
            raise ServiceError(msg("The AI no longer plays for {player}.", player=holder.name), "stale")
        self.core.seats_changed(record.id)
        detail = f"seat {seat + 1} ({holder.name}): AI ({level}) -> {holder.user_id}"
        await Records(self.core.store).audit(record.id, record.version, by, reason, detail, self.core.now())
        txn.seats = await self.core.seats_of(record)
        return Said(public=[line], mention=[holder.user_id] if holder.user_id in txn.waiting_users() else [])

    async def history(self, game_row: int) -> list[str]:
        """Who played which seat, for seats that changed hands (empty when none did)."""
        return await self.core.seat_lines(game_row)
