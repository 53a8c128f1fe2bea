"""Standing answers played inside a change (no Discord): "in this game, answer decisions of kind K for
me with their default", applied by :meth:`bot.service.play_step.Steps.play_step` under the game's lock.

A standing answer only ever plays a decision's rule-safe default (``Decision.default``, the same
move a deadline would take), so it never needs to see hidden information and its timing reveals
nothing but the preference. Each one is stored as an ordinary logged action by that player, with a
public line saying it was their standing answer, and recorded in ``clock_log``. ``/notify auto``
turns them on and off (:mod:`bot.service.standing`).

A player who takes their answer to a parallel decision back ("Change my answer") wants to answer it
themselves: their standing answer is suspended for that window. The log says so by itself, so it
survives a restart: the seat's latest row is that ``take back`` (nothing of theirs, and no rollback,
came after it). The window cannot close before they answer again, and once they have, their next
decisions are answered as before.
"""

from __future__ import annotations

from typing import Any

from engine.core import PARALLEL, Decision, play
from engine.core.takeback import TAKE_BACK_TEXT

from ..store.records import Records
from .ai_players import people
from .change import Said, Txn
from .core import Core
from .log_lines import STANDING, line
from .results import ServiceError

MAX_STANDING_STEPS = 50


class StandingAnswers:
    """The standing answers of a loaded game that are due; remembers where one hit an engine error."""

    def __init__(self, core: Core) -> None:
        self.core = core
        #: Game row -> the version at which a standing answer hit an engine error (not retried there).
        self.failed: dict[int, int] = {}

    async def answer(self, txn: Txn) -> Said | None:
        """Play every open decision of the loaded game covered by a standing answer (repeatedly, as new
        ones open), each stored as its own logged step; ``None`` when there was none. The result
        mentions the new waiting players."""
        row, record = txn.row, txn.record
        if record.status != "active" or txn.state is None or self.failed.get(row) == record.version:
            return None
        if not people(txn.waiting_users()):  # only people have standing answers (an AI seat answers itself)
            return None
        autos = await self.core.notify.autos(row)
        if not autos:
            return None
        wanted: dict[str, set[str]] = {}
        for user, _, kind in autos:
            wanted.setdefault(user, set()).add(kind)
        users, names = txn.users, txn.names
        public: list[str] = []
        private: dict[str, list[str]] = {}
        suspended: dict[int, bool] = {}  # seat -> took back its answer in the window open now
        for _ in range(MAX_STANDING_STEPS):
            decision = None
            for d in play.pending(txn.game, txn.state):
                if d.default is None or d.kind not in wanted.get(users[d.player], ()):
                    continue
                if d.player not in suspended:
                    suspended[d.player] = await self.took_back(row, d)
                if not suspended[d.player]:
                    decision = d
                    break
            if decision is None or decision.default is None:
                break
            seat = decision.player
            try:
                applied = txn.apply(seat, decision.default)
            except ServiceError:  # logged; the players answer themselves (or an admin forces it)
                self.failed[row] = txn.record.version
                break
            lines = [line(STANDING, player=names[seat], prompt=decision.prompt or decision.kind, text=applied.text)]
            await txn.store(applied, seat, users[seat], lines)
            await self.core.reminders.log(
                row, seat, users[seat], "standing", f"{decision.kind}: {applied.text}", self.core.now()
            )
            public += lines + applied.public
            for who, told in applied.private.items():
                private.setdefault(who, []).extend(told)
        return txn.changed(public, private) if public else None

    async def took_back(self, row: int, decision: Decision[Any]) -> bool:
        """True when the decision's player took back their answer to this parallel window and has not
        answered again (see the module docstring)."""
        if decision.mode != PARALLEL:
            return False
        return await Records(self.core.store).latest_of_seat(row, decision.player) == ("action", TAKE_BACK_TEXT)
