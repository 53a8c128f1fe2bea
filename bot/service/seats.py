"""Seat handover: a player gives their seat to someone else, the host hands over an absent player's
seat, or an admin replaces a player. The seat keeps its in-game name; every handover is stored in
``seat_holders`` (so a finished game records who played which seat) and in the ``audit`` trail,
and announced publicly. A seat that owes a decision gets a fresh clock for its new holder.
"""

from __future__ import annotations

from ..store.clock import DAY, seconds_between
from ..store.hours import advance, stored
from ..store.records import Holder, Records
from ..store.rows import GameRecord, SeatRecord
from .clock import preset
from .inputs import display_name
from .results import Result, ServiceError, names_list
from .service_base import uid
from .step import Step, Txn
from .timeouts import TimeoutService

#: The host may hand over a seat whose player has owed a decision this long (or whose deadline passed).
ABSENT_AFTER = DAY


def played_by(holders: list[Holder], seats: list[SeatRecord]) -> list[str]:
    """One line per seat that changed hands: ``Seat 2 (Ann): Ann, then Dee from step 12.``"""
    lines = []
    for seat, member in enumerate(seats):
        mine = [h for h in holders if h.seat == seat]
        if len(mine) > 1:
            chain = [mine[0].name or member.name] + [
                f"{h.name or 'a substitute'} from step {h.from_version}" for h in mine[1:]
            ]
            lines.append(f"Seat {seat + 1} ({member.name}): " + ", then ".join(chain) + ".")
    return lines


class SeatService(TimeoutService):
    """``/game substitute`` and the handover shared with ``/admin replace``."""

    async def substitute(
        self,
        channel_id: str | int,
        by_user: str | int,
        new_user: str | int,
        new_name: str,
        for_user: str | int | None = None,
    ) -> Step:
        """Hand a seat to ``new_user``: the caller's own, or (host only) an absent player's."""
        new_name = display_name(new_name)
        live = await self._live(channel_id, "active")
        by = uid(by_user)

        async def change(txn: Txn) -> Result:
            record, seats = txn.record, txn.seats
            target = by if for_user is None else uid(for_user)
            if target == by:
                seat = self._seat_of(seats, by)
                line = f"{seats[seat].name} handed their seat to {new_name}, who now plays as {seats[seat].name}."
                return await self._hand_over(txn, seat, by, new_user, new_name, "self", line)
            seat = self._seat_of_other(seats, target)
            if by != record.creator_id:
                host = next((s.name for s in seats if s.user_id == record.creator_id), "the game's creator")
                raise ServiceError(
                    f"Only the host ({host}) can hand over another player's seat, and only while "
                    "that player is absent; an admin can use `/admin replace`.",
                    "not_host",
                )
            await self._check_absent(record, seats, seat)
            name = seats[seat].name
            line = f"The host handed {name}'s seat to {new_name} ({name} was absent); {new_name} now plays as {name}."
            return await self._hand_over(txn, seat, by, new_user, new_name, "host", line)

        return await self.play_step(live.id, change)

    @staticmethod
    def _seat_of_other(seats: list[SeatRecord], user: str) -> int:
        seat = next((s.seat for s in seats if s.user_id == user and s.seat is not None), None)
        if seat is None:
            raise ServiceError(
                f"That member is not playing in this game (players: {names_list([s.name for s in seats])}).",
                "not_seated",
            )
        return seat

    async def _check_absent(self, record: GameRecord, seats: list[SeatRecord], seat: int) -> None:
        """Refuse unless the seat owes a decision for :data:`ABSENT_AFTER` or its deadline passed."""
        name = seats[seat].name
        if seats[seat].user_id not in record.waiting:
            raise ServiceError(f"{name} owes no decision right now, so they are not absent.", "not_absent")
        clock = (await self.deadlines.of_game(record.id)).get(seat)
        since = clock.opened_at if clock is not None and clock.opened_at else record.updated_at
        if (clock is None or clock.state != "expired") and seconds_between(since, self._now()) < ABSENT_AFTER:
            raise ServiceError(
                f"{name} has owed a decision for less than a day; the host may hand over the "
                "seat once it has been a day (or their deadline has passed).",
                "not_absent",
            )

    async def _hand_over(
        self, txn: Txn, seat: int, by: str, new_user: str | int, new_name: str, reason: str, line: str
    ) -> Result:
        """Move ``seat`` of the loaded game to ``new_user`` (a change of ``play_step``); stored and audited."""
        record, seats = txn.record, txn.seats
        new, old, now = uid(new_user), seats[seat].user_id, self._now()
        if any(s.user_id == new for s in seats):
            raise ServiceError(
                f"{new_name} already plays in this game; a substitute must be someone else.", "already_seated"
            )
        if not await self.deadlines.hand_over(record.id, seat, old, new, record.version, reason, now, new_name):
            raise ServiceError("This seat changed hands meanwhile.", "stale")
        self._seats.pop(record.id, None)
        clock = (await self.deadlines.of_game(record.id)).get(seat)
        speed = preset(record.clock)
        if clock is not None and clock.state != "idle" and speed.initial is not None:
            due = advance(stored(record.hours, record.hours_tz), now, speed.initial)
            await self.deadlines.set_state(record.id, seat, "running", due_at=due, bank=speed.initial, opened_at=now)
            if self.on_schedule:
                self.on_schedule()
        await Records(self.store).audit(
            record.id, record.version, by, reason, f"seat {seat + 1} ({seats[seat].name}): {old} -> {new}", now
        )
        txn.seats = await self._seats_of(record)
        return Result(public=[line], mention=[new] if new in txn.waiting_users() else [])

    async def seat_history(self, game_row: int) -> list[str]:
        """Who played which seat, for seats that changed hands (empty when none did)."""
        return played_by(await Records(self.store).holders(game_row), await self.store.seats(game_row))
