"""Admin control of a stuck game, for its creator or a member who may manage the channel: force the
default of an open decision, replace a player (or hand their seat to the AI, or take it back from
it), roll back to an earlier step, end the game.

Every admin action is announced publicly with the admin's name, stored (the forced action and the
rollback as log rows under the admin's id, a forced default also as a timeout of that seat) and
written to the ``audit`` trail.
"""

from __future__ import annotations

from engine.core import play

from ..store.records import Records
from ..store.rows import GameRecord
from .ai_players import LEVEL_NAMES, check_plays, seated_level
from .change import Said, Step, Txn
from .consent import ConsentService
from .core import Core, uid
from .i18n import msg
from .inputs import Boundary, display_name
from .log_lines import FORCED, ROLLED_BACK, line
from .play_step import Steps
from .results import Announcement, ServiceError
from .seats import SeatService
from .words import names_list


class AdminService(Boundary):
    """``/admin force|replace|rollback|end``; ``name`` is the admin's display name for the public line.
    A replacement is a seat handover (``seats``), a rollback goes back like a passed vote (``consent``)."""

    def __init__(self, core: Core, steps: Steps, seats: SeatService, consent: ConsentService) -> None:
        self.core = core
        self.steps = steps
        self.seats = seats
        self.consent = consent

    async def _admin_game(self, channel_id: str | int, user_id: str | int, can_manage: bool) -> GameRecord:
        record = await self.core.live(channel_id, "active")
        if uid(user_id) != record.creator_id and not can_manage:
            raise ServiceError(
                msg("Only the game's creator or someone who can manage this channel can use `/admin`."), "not_allowed"
            )
        return record

    async def force(
        self,
        channel_id: str | int,
        user_id: str | int,
        name: str,
        can_manage: bool = False,
        player: str | int | None = None,
    ) -> Step:
        """Play the rule-safe default (else the decision's pass option) of one waiting seat's open decision."""
        name, admin = display_name(name), uid(user_id)
        live = await self._admin_game(channel_id, user_id, can_manage)

        async def change(txn: Txn) -> Said:
            record, seats, game, state = txn.record, txn.seats, txn.game, txn.state
            assert state is not None
            waiting = play.waiting_players(game, state)
            if player is not None:
                seat = self.seats.seat_of_other(seats, uid(player))
                if seat not in waiting:
                    raise ServiceError(
                        msg("{player} owes no decision right now.", player=seats[seat].name), "not_waiting"
                    )
            elif len(waiting) == 1:
                seat = waiting[0]
            else:
                raise ServiceError(
                    msg(
                        "Several players are deciding ({players}); say whose decision to force.",
                        players=names_list([seats[p].name for p in waiting]),
                    ),
                    "whose",
                )
            decision = next(d for d in play.pending(game, state) if d.player == seat)
            action = decision.default
            typed = decision.shape.pass_text if action is None and decision.shape is not None else None
            if action is None and typed is None:
                raise ServiceError(
                    msg(
                        "{player}'s decision ({prompt}) has no "
                        "safe default and may not be passed; replace the player or roll back instead.",
                        player=seats[seat].name,
                        prompt=decision.prompt or decision.kind,
                    ),
                    "no_default",
                )
            applied = txn.apply(seat, action, typed)
            lines = [line(FORCED, admin=name, player=seats[seat].name, text=applied.text)]
            version = await txn.store(applied, seat, admin, lines)
            now = self.core.now()
            await self.core.deadlines.record_timeout(
                record.id, seat, seats[seat].user_id, version, "default", now, admin
            )
            await Records(self.core.store).audit(
                record.id, version, admin, "force", f"{seats[seat].name}: {applied.text}", now
            )
            return txn.changed(lines + applied.public, applied.private)

        return await self.steps.play_step(live.id, change)

    async def replace(
        self,
        channel_id: str | int,
        user_id: str | int,
        name: str,
        player: str | int,
        new_user: str | int,
        new_name: str,
        can_manage: bool = False,
    ) -> Step:
        """Give ``player``'s seat to ``new_user``, present or not (a handover like
        :meth:`~bot.service.seats.SeatService.substitute`)."""
        name, new_name = display_name(name), display_name(new_name)
        live = await self._admin_game(channel_id, user_id, can_manage)

        async def change(txn: Txn) -> Said:
            seat = self.seats.seat_of_other(txn.seats, uid(player))
            old = txn.seats[seat].name
            if uid(new_user) == uid(player) and txn.seats[seat].stand_in is not None:
                back = msg(
                    "🛠 {admin} (admin) took {player}'s seat back from the AI: {player} plays it again.",
                    admin=name,
                    player=old,
                )
                return await self.seats.take_back(txn, seat, uid(user_id), "admin", back)
            said = msg(
                "🛠 {admin} (admin) replaced {player}'s player with {new}, who now plays as {player}.",
                admin=name,
                player=old,
                new=new_name,
            )
            return await self.seats.hand_over(txn, seat, uid(user_id), new_user, new_name, "admin", said)

        return await self.steps.play_step(live.id, change)

    async def to_ai(
        self,
        channel_id: str | int,
        user_id: str | int,
        name: str,
        player: str | int,
        level: str,
        can_manage: bool = False,
    ) -> Step:
        """Hand ``player``'s seat to the AI at ``level``, present or not: it plays for them until they act
        again or say ``/back`` (a stand-in like :meth:`~bot.service.seats.SeatService.to_ai`)."""
        name, chosen = display_name(name), seated_level(level)
        live = await self._admin_game(channel_id, user_id, can_manage)
        check_plays(self.core.game(live.game_id))

        async def change(txn: Txn) -> Said:
            seat = self.seats.seat_of_other(txn.seats, uid(player))
            said = msg(
                "🛠 {admin} (admin) handed {player}'s seat to the AI ({level}): it plays for them until they "
                "act again or say `/back`.",
                admin=name,
                player=txn.seats[seat].name,
                level=LEVEL_NAMES[chosen],
            )
            return await self.seats.stand_in(txn, seat, uid(user_id), chosen, "admin", said)

        return await self.steps.play_step(live.id, change)

    async def rollback(
        self, channel_id: str | int, user_id: str | int, name: str, step: int, can_manage: bool = False
    ) -> Step:
        """Go back to the board after ``step`` without a vote (stored as a new version, like a passed vote)."""
        name, admin = display_name(name), uid(user_id)
        live = await self._admin_game(channel_id, user_id, can_manage)
        said = line(ROLLED_BACK, admin=name, step=step)

        async def change(txn: Txn) -> Said:
            return await self.consent.roll_back(txn, -1, admin, step, admin, [said], "rollback")

        return await self.steps.play_step(live.id, change)

    async def end(self, channel_id: str | int, user_id: str | int, name: str, can_manage: bool = False) -> Announcement:
        """End the game without a result (status ``abandoned``); its record stays for history and export."""
        name = display_name(name)
        live = await self._admin_game(channel_id, user_id, can_manage)
        async with self.core.lock(live.id):
            record = await self.core.fresh(live.id)
            if not await self.core.store.set_status(record.id, "abandoned", self.core.now()):
                raise ServiceError(msg("This game has already ended."), "stale")
            self.core.tables.drop(record.id)
            await self.core.deadlines.stop(record.id)
            await Records(self.core.store).audit(
                record.id, record.version, uid(user_id), "end", "abandoned", self.core.now()
            )
        said = msg(
            "🛠 {admin} (admin) ended the {title} game at step {step}, without a result. "
            "`/game history`, `/game log` and `/game export` still show it.",
            admin=name,
            title=record.title,
            step=record.version,
        )
        return Announcement(record.id, [said])
