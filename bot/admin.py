"""Admin control of a stuck game, for its creator or a member who may manage the channel: force the
default of an open decision, replace a player, roll back to an earlier step, end the game.

Every admin action is announced publicly with the admin's name, stored (the forced action and the
rollback as log rows under the admin's id, a forced default also as a timeout of that seat) and
written to the ``audit`` trail.
"""

from __future__ import annotations

from engine.core import IllegalAction, play

from .consent import ConsentService
from .history import render_events
from .records import Records
from .results import Result, ServiceError, names_list
from .service_base import Turn, uid, wrap_illegal
from .store import GameRecord

TOOL = "🛠"


class AdminService(ConsentService):
    """``/admin force|replace|rollback|end``; ``name`` is the admin's display name for the public line."""

    async def _admin_game(self, channel_id: str | int, user_id: str | int, can_manage: bool) -> GameRecord:
        record = await self._live(channel_id, "active")
        if uid(user_id) != record.creator_id and not can_manage:
            raise ServiceError("Only the game's creator or someone who can manage this channel can use "
                               "`/admin`.", "not_allowed")
        return record

    async def admin_force(self, channel_id: str | int, user_id: str | int, name: str, can_manage: bool = False,
                          player: str | int | None = None) -> Result:
        """Play the rule-safe default (else the decision's pass option) of one waiting seat's open decision."""
        live = await self._admin_game(channel_id, user_id, can_manage)
        async with self._lock(live.id):
            record = await self._fresh(live.id)
            seats, game, state = await self._seats_of(record), self._game(record.game_id), await self._state(record)
            waiting = play.waiting_players(game, state)
            if player is not None:
                seat = self._seat_of_other(seats, uid(player))
                if seat not in waiting:
                    raise ServiceError(f"{seats[seat].name} owes no decision right now.", "not_waiting")
            elif len(waiting) == 1:
                seat = waiting[0]
            else:
                raise ServiceError(f"Several players are deciding ({names_list([seats[p].name for p in waiting])}); "
                                   "say whose decision to force.", "whose")
            decision = next(d for d in play.pending(game, state) if d.player == seat)
            action = decision.default
            skip = decision.shape.pass_text if decision.shape is not None else None
            if action is None and skip is not None:
                action = play.parse_action(game, state, seat, skip)
            if action is None:
                raise ServiceError(f"{seats[seat].name}'s decision ({decision.prompt or decision.kind}) has no "
                                   "safe default and may not be passed; replace the player or roll back instead.",
                                   "no_default")
            try:
                new_state, events = play.apply(game, state, seat, action)
            except IllegalAction as exc:
                raise wrap_illegal(exc) from None
            public, private = render_events(game, new_state, events, [s.user_id for s in seats])
            text = game.action_text(action)
            lines = [f"{TOOL} {name} (admin) forced the default for {seats[seat].name}: `{text}`."] + public
            new_state = play.loads(play.dumps(new_state))
            turn = Turn(record, seats, seat, uid(user_id), game, state)
            over = game.is_over(new_state)
            version = await self._store_step(turn, kind="action", text=text, undo_barrier=game.undo_barrier(events),
                                             public=lines, state_json=play.dumps(new_state), new_state=new_state,
                                             status="finished" if over else "active")
            now = self._now()
            await self.deadlines.record_timeout(record.id, seat, seats[seat].user_id, version, "default", now,
                                                uid(user_id))
            await Records(self.store).audit(record.id, version, uid(user_id), "force", f"{seats[seat].name}: {text}",
                                            now)
        result = Result(public=lines, private=private, board_changed=True)
        return self._fill(result, record, game, seats, new_state, version, mention=True)

    async def admin_replace(self, channel_id: str | int, user_id: str | int, name: str, player: str | int,
                            new_user: str | int, new_name: str, can_manage: bool = False) -> Result:
        """Give ``player``'s seat to ``new_user``, present or not (see :meth:`SeatService.substitute`)."""
        live = await self._admin_game(channel_id, user_id, can_manage)
        async with self._lock(live.id):
            record = await self._fresh(live.id)
            seats = await self._seats_of(record)
            seat = self._seat_of_other(seats, uid(player))
            old = seats[seat].name
            line = f"{TOOL} {name} (admin) replaced {old}'s player with {new_name}, who now plays as {old}."
            return await self._hand_over(record, seats, seat, uid(user_id), new_user, new_name, "admin", line)

    async def admin_rollback(self, channel_id: str | int, user_id: str | int, name: str, step: int,
                             can_manage: bool = False) -> Result:
        """Go back to the board after ``step`` without a vote (stored as a new version, like a passed vote)."""
        live = await self._admin_game(channel_id, user_id, can_manage)
        async with self._lock(live.id):
            record = await self._fresh(live.id)
            seats, game = await self._seats_of(record), self._game(record.game_id)
            turn = Turn(record, seats, -1, uid(user_id), game, await self._state(record))
            line = f"{TOOL} {name} (admin) rolled the game back to the board after step {step}."
            return await self._roll_back(turn, step, uid(user_id), [line], "rollback")

    async def admin_end(self, channel_id: str | int, user_id: str | int, name: str,
                        can_manage: bool = False) -> Result:
        """End the game without a result (status ``abandoned``); its record stays for history and export."""
        live = await self._admin_game(channel_id, user_id, can_manage)
        async with self._lock(live.id):
            record = await self._fresh(live.id)
            if not await self.store.set_status(record.id, "abandoned", self._now()):
                raise ServiceError("This game has already ended.", "stale")
            await self.deadlines.stop(record.id)
            await Records(self.store).audit(record.id, record.version, uid(user_id), "end", "abandoned",
                                            self._now())
        line = (f"{TOOL} {name} (admin) ended the {record.title} game at step {record.version}, without a result. "
                "`/game history`, `/game log` and `/game export` still show it.")
        return Result(public=[line], game_row=record.id, version=record.version, status="abandoned")
