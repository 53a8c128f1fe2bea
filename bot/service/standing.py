"""Standing answers as service methods (no Discord): "in this game, answer decisions of kind K for
me with their default", applied automatically and logged.

A standing answer only ever plays a decision's rule-safe default (``Decision.default``, the same
move a deadline would take), so it never needs to see hidden information and its timing reveals
nothing but the preference. Each one is stored as an ordinary logged action by that player, with a
public line saying it was their standing answer, and recorded in ``clock_log``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.core import play
from engine.core.text import shorten

from ..store.notify import NotifyBook
from .away_service import AwayService
from .results import Result, ServiceError, format_scores, names_list
from .service_base import Turn, uid
from .steplines import STANDING

MAX_STANDING_STEPS = 50
_KIND = re.compile(r"[a-z][a-z0-9_]{0,39}")


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

    async def answer_standing(self, game_row: int) -> tuple[Result, list[str]] | None:
        """Play every open decision covered by a standing answer (repeatedly, as new ones open);
        ``None`` when there was none. Returns the result (mentioning the new waiting players) and
        who was waiting before."""
        autos = await self.notify.autos(game_row)
        if not autos:
            return None
        wanted: dict[str, set[str]] = {}
        for user, _, kind in autos:
            wanted.setdefault(user, set()).add(kind)
        async with self._lock(game_row):
            record = await self.store.game(game_row)
            if record is None or record.status != "active" or self._standing_failed.get(game_row) == record.version:
                return None
            seats = await self._seats_of(record)
            game = self._game(record.game_id)
            state = await self._state(record)
            users, names = [s.user_id for s in seats], [s.name for s in seats]
            before = [users[p] for p in play.waiting_players(game, state)]
            public: list[str] = []
            private: dict[str, list[str]] = {}
            for _ in range(MAX_STANDING_STEPS):
                decision = next(
                    (
                        d
                        for d in play.pending(game, state)
                        if d.default is not None and d.kind in wanted.get(users[d.player], ())
                    ),
                    None,
                )
                if decision is None or decision.default is None:
                    break
                seat, turn = decision.player, Turn(record, seats, decision.player, users[decision.player], game, state)
                try:
                    step = self._step(turn, decision.default)
                except ServiceError:  # logged; the players answer themselves (or an admin forces it)
                    self._standing_failed[game_row] = record.version
                    break
                text, said, secret = step.text, step.public, step.private
                lines = [STANDING.format(player=names[seat], prompt=decision.prompt or decision.kind, text=text)]
                version = await self._store_step(
                    turn,
                    kind="action",
                    text=text,
                    undo_barrier=step.undo_barrier,
                    public=lines + said,
                    state_json=step.state_json,
                    new_state=step.state,
                    status="finished" if step.over else "active",
                )
                await self.reminders.log(
                    game_row, seat, users[seat], "standing", f"{decision.kind}: {text}", self._now()
                )
                public += lines + said
                for who, told in secret.items():
                    private.setdefault(who, []).extend(told)
                record, state = replace(record, version=version), step.state
        if not public:
            return None
        if game.is_over(state):
            public += ["The game is over!"] + format_scores(game.outcome(state), names)
        result = Result(public=public, private=private, board_changed=True)
        return self._fill(result, record, game, seats, state, record.version, mention=True), before

    async def standing_due(self) -> list[tuple[Result, list[str]]]:
        """Timer loop: games where someone with a standing answer owes a decision (e.g. one opened by
        a deadline default, a restart or a handover); each answered as above."""
        results = []
        for game_row in await self.notify.games_to_answer():
            try:
                result = await self.answer_standing(game_row)
            except ServiceError:  # e.g. a rules-version mismatch: leave it to the people
                continue
            if result is not None:
                results.append(result)
        return results
