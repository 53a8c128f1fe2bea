"""Rematch: a finished game's players start again in the same channel with the same options and clock,
a new seed, and the seats rotated by one (the second player starts, everyone keeps their colour)."""

from __future__ import annotations

from ..store.records import IMPORTED, Records
from ..store.rows import ChannelBusy, SeatRecord, VersionConflict
from .results import Result, ServiceError
from .service_base import uid
from .step import Step, Txn
from .timeouts import TimeoutService


class RematchService(TimeoutService):
    """The Rematch button's service call."""

    async def rematch(self, game_row: int, user_id: str | int, seed: int | None = None) -> Step:
        """Start the rematch of finished game ``game_row``, asked for by one of its players."""
        old = await self.store.game(game_row)
        if old is None:
            raise ServiceError("This game no longer exists.", "no_game")
        if old.status != "finished" or old.origin == IMPORTED:
            raise ServiceError("A rematch is offered once a game has been played to its end.", "not_finished")
        seats = [s for s in await self.store.seats(old.id) if s.seat is not None]
        user = uid(user_id)
        if user not in [s.user_id for s in seats]:
            raise ServiceError("Only the players of this game can start a rematch.", "not_seated")
        named = {h.seat: h.name for h in await Records(self.store).holders(old.id) if h.name}
        rotated = seats[1:] + seats[:1]
        names: list[str] = []
        for s in rotated:  # a substitute plays the rematch under their own name
            name, base, n = named.get(s.seat or 0, s.name), named.get(s.seat or 0, s.name), 2
            while name.lower() in {x.lower() for x in names}:
                name, n = f"{base} {n}", n + 1
            names.append(name)
        first = rotated.index(next(s for s in rotated if s.user_id == user))
        busy = ServiceError(
            "This channel already has a new game or lobby (perhaps someone clicked Rematch first).", "channel_busy"
        )
        now = self._now()
        try:
            record = await self.store.create_lobby(
                channel_id=old.channel_id,
                guild_id=old.guild_id,
                game_id=old.game_id,
                title=old.title,
                rules_version=self._game(old.game_id).spec.rules_version,
                options=old.options,
                creator_id=user,
                creator_name=names[first],
                now=now,
                clock=old.clock,
                hours=old.hours,
                hours_tz=old.hours_tz,
            )
            for i, s in enumerate(rotated):
                if i != first:
                    await self.store.add_seat(record.id, s.user_id, names[i], now)
        except (ChannelBusy, VersionConflict):
            raise busy from None
        await Records(self.store).set_origin(record.id, f"rematch:{old.id}")
        lead = [f"{names[first]} started a rematch of {old.title} (same options, new shuffle, seats rotated)."]

        async def change(txn: Txn) -> Result:
            members = {m.user_id: m for m in txn.seats}
            order: list[SeatRecord] = [members[s.user_id] for s in rotated]
            return await self._launch(txn, order, [s.colour or "" for s in rotated], seed, lead)

        try:
            return await self.play_step(record.id, change, want="lobby", actor=user)
        except ServiceError:  # e.g. the rules changed: leave no half-made lobby behind
            await self.store.set_status(record.id, "abandoned", self._now(), ("lobby",))
            raise
