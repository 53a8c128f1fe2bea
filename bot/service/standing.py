"""Standing answers as service methods (no Discord): ``/notify auto`` turns "in this game, answer
decisions of kind K for me with their default" on or off; every change then plays the ones that
became due under the game's lock (:mod:`bot.service.autoplay`), and :meth:`StandingService.answer`
plays those due now (one just turned on, or after a restart) as a change of their own.
"""

from __future__ import annotations

import re

from engine.core import play
from engine.core.text import shorten

from .change import Said, Step, Txn
from .core import Core, uid
from .i18n import msg, msgp
from .inputs import Boundary
from .play_step import Steps
from .results import Reply, ServiceError
from .words import names_list

_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")
_ENDED = "ended"


class StandingService(Boundary):
    """Standing answers over the notification book (``core.notify``, the ``auto_answers`` table); they
    are played by :class:`~bot.service.autoplay.StandingAnswers` inside every change."""

    def __init__(self, core: Core, steps: Steps) -> None:
        self.core = core
        self.steps = steps

    async def set(self, channel_id: str | int, user_id: str | int, kind: str, on: bool = True) -> Reply:
        """Turn the caller's standing answer for decisions of ``kind`` in this channel's game on or off."""
        record = await self.core.live(channel_id, "active")
        user, kind = uid(user_id), kind.strip().lower()
        seats = await self.core.seats_of(record)
        seat = self.core.seat_of(seats, user)
        if not _KIND.fullmatch(kind):
            raise ServiceError(
                msg("`{kind}` is not a decision kind; pick one of the suggestions.", kind=shorten(kind)), "bad_kind"
            )
        game = self.core.game(record.game_id)
        pending = [d for d in play.pending(game, await self.core.state(record)) if d.kind == kind]
        if on and pending and all(d.default is None for d in pending):
            raise ServiceError(
                msg("Decisions of kind `{kind}` have no default answer, so they can't be answered for you.", kind=kind),
                "no_default",
            )
        changed = await self.core.notify.set_auto(user, record.id, kind, on, self.core.now())
        if changed:
            await self.core.reminders.log(
                record.id, seat, user, "standing on" if on else "standing off", kind, self.core.now()
            )
        kinds = [k for _, _, k in await self.core.notify.autos(record.id, user)]
        shown = names_list([f"`{k}`" for k in kinds]) if kinds else msgp("standing answers", "none")
        head = (
            msg(
                "From now on, decisions of kind `{kind}` in **{title}** are answered for you with their "
                "default (each one is logged in the channel).",
                kind=kind,
                title=record.title,
            )
            if on
            else msg("Decisions of kind `{kind}` in **{title}** are asked of you again.", kind=kind, title=record.title)
        )
        return Reply([head, msg("Your standing answers in this game: {answers}.", answers=shown)], record.id)

    async def kinds(self, channel_id: str | int, user_id: str | int) -> list[str]:
        """Suggestions for ``kind``: the caller's standing answers here, then the kinds open now."""
        record = await self.core.store.live_game(uid(channel_id))
        if record is None or record.status != "active":
            return []
        mine = [k for _, _, k in await self.core.notify.autos(record.id, uid(user_id))]
        try:
            state = await self.core.state(record)
        except ServiceError:
            return mine
        pending = [d.kind for d in play.pending(self.core.game(record.game_id), state) if d.default is not None]
        return list(dict.fromkeys(mine + pending))

    async def answer(self, game_row: int) -> Step | None:
        """The standing answers due in ``game_row`` now (e.g. one just turned on, or after a restart), as
        one step to post; ``None`` when nothing was answered."""

        async def nothing(txn: Txn) -> Said:
            if txn.record.status != "active":
                raise ServiceError(msg("This game is not running."), _ENDED)
            return Said()

        try:
            step = await self.steps.play_step(game_row, nothing, want=None)
        except ServiceError as exc:
            if exc.code == _ENDED:
                return None
            raise
        return step if step.board_changed else None

    async def due(self) -> list[Step]:
        """Timer loop: games where someone with a standing answer owes a decision (e.g. one opened by
        a deadline default, a restart or a handover); each answered as above."""
        steps = []
        for game_row in await self.core.notify.games_to_answer():
            if not await self.core.owns(game_row):
                continue
            try:
                step = await self.answer(game_row)
            except ServiceError:  # e.g. a rules-version mismatch, or the game ended: leave it to the people
                continue
            if step is not None:
                steps.append(step)
        return steps
