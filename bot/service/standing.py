"""Standing answers as service methods (no Discord): "in this game, answer decisions of kind K for
me with their default", applied automatically and logged.

A standing answer only ever plays a decision's rule-safe default (``Decision.default``, the same
move a deadline would take), so it never needs to see hidden information and its timing reveals
nothing but the preference. Each one is stored as an ordinary logged action by that player, with a
public line saying it was their standing answer, and recorded in ``clock_log``.
"""

from __future__ import annotations

import re
from typing import Any

from engine.core import play
from engine.core.text import shorten

from ..store.notify import NotifyBook
from .away_service import AwayService
from .results import Result, ServiceError, names_list
from .service_base import uid
from .step import Step, Txn
from .steplines import STANDING

MAX_STANDING_STEPS = 50
_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
_ENDED = "ended"


class StandingService(AwayService):
    """Standing answers over :class:`~bot.store.notify.NotifyBook` (the ``auto_answers`` table)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.notify = NotifyBook(self.store)
        #: Game row -> the version at which a standing answer hit an engine error (not retried there).
        self._standing_failed: dict[int, int] = {}

    async def set_standing(self, channel_id: str | int, user_id: str | int, kind: str, on: bool = True) -> Result:
        """Turn the caller's standing answer for decisions of ``kind`` in this channel's game on or off."""
        record = await self._live(channel_id, "active")
        user, kind = uid(user_id), kind.strip().lower()
        seats = await self._seats_of(record)
        seat = self._seat_of(seats, user)
        if not _KIND.fullmatch(kind):
            raise ServiceError(f"`{shorten(kind)}` is not a decision kind; pick one of the suggestions.", "bad_kind")
        game = self._game(record.game_id)
        pending = [d for d in play.pending(game, await self._state(record)) if d.kind == kind]
        if on and pending and all(d.default is None for d in pending):
            raise ServiceError(
                f"Decisions of kind `{kind}` have no default answer, so they can't be answered for you.", "no_default"
            )
        changed = await self.notify.set_auto(user, record.id, kind, on, self._now())
        if changed:
            await self.reminders.log(record.id, seat, user, "standing on" if on else "standing off", kind, self._now())
        kinds = [k for _, _, k in await self.notify.autos(record.id, user)]
        shown = names_list([f"`{k}`" for k in kinds]) if kinds else "none"
        head = (
            f"From now on, decisions of kind `{kind}` in **{record.title}** are answered for you with their "
            "default (each one is logged in the channel)."
            if on
            else f"Decisions of kind `{kind}` in **{record.title}** are asked of you again."
        )
        return Result(private={user: [head, f"Your standing answers in this game: {shown}."]}, game_row=record.id)

    async def standing_kinds(self, channel_id: str | int, user_id: str | int) -> list[str]:
        """Suggestions for ``kind``: the caller's standing answers here, then the kinds open now."""
        record = await self.store.live_game(uid(channel_id))
        if record is None or record.status != "active":
            return []
        mine = [k for _, _, k in await self.notify.autos(record.id, uid(user_id))]
        try:
            state = await self._state(record)
        except ServiceError:
            return mine
        pending = [d.kind for d in play.pending(self._game(record.game_id), state) if d.default is not None]
        return list(dict.fromkeys(mine + pending))

    async def _answer_due(self, txn: Txn) -> Result | None:
        """Play every open decision of the loaded game covered by a standing answer (repeatedly, as new
        ones open), each stored as its own logged step; ``None`` when there was none. The result
        mentions the new waiting players."""
        row, record = txn.row, txn.record
        if record.status != "active" or txn.state is None or self._standing_failed.get(row) == record.version:
            return None
        autos = await self.notify.autos(row)
        if not autos:
            return None
        wanted: dict[str, set[str]] = {}
        for user, _, kind in autos:
            wanted.setdefault(user, set()).add(kind)
        users, names = txn.users, txn.names
        public: list[str] = []
        private: dict[str, list[str]] = {}
        for _ in range(MAX_STANDING_STEPS):
            decision = next(
                (
                    d
                    for d in play.pending(txn.game, txn.state)
                    if d.default is not None and d.kind in wanted.get(users[d.player], ())
                ),
                None,
            )
            if decision is None or decision.default is None:
                break
            seat = decision.player
            try:
                applied = self._apply(txn, seat, decision.default)
            except ServiceError:  # logged; the players answer themselves (or an admin forces it)
                self._standing_failed[row] = txn.record.version
                break
            lines = [STANDING.format(player=names[seat], prompt=decision.prompt or decision.kind, text=applied.text)]
            await self._commit_applied(txn, seat, users[seat], applied, lines)
            await self.reminders.log(
                row, seat, users[seat], "standing", f"{decision.kind}: {applied.text}", self._now()
            )
            public += lines + applied.public
            for who, told in applied.private.items():
                private.setdefault(who, []).extend(told)
        return txn.changed(public, private) if public else None

    async def answer_standing(self, game_row: int) -> Step | None:
        """The standing answers due in ``game_row`` now (e.g. one just turned on, or after a restart), as
        one step to post; ``None`` when nothing was answered."""

        async def nothing(txn: Txn) -> Result:
            if txn.record.status != "active":
                raise ServiceError("This game is not running.", _ENDED)
            return Result()

        try:
            step = await self.play_step(game_row, nothing, want=None)
        except ServiceError as exc:
            if exc.code == _ENDED:
                return None
            raise
        return step if step.board_changed else None

    async def standing_due(self) -> list[Step]:
        """Timer loop: games where someone with a standing answer owes a decision (e.g. one opened by
        a deadline default, a restart or a handover); each answered as above."""
        steps = []
        for game_row in await self.notify.games_to_answer():
            try:
                step = await self.answer_standing(game_row)
            except ServiceError:  # e.g. a rules-version mismatch, or the game ended: leave it to the people
                continue
            if step is not None:
                steps.append(step)
        return steps
