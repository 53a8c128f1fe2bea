"""The AI's turns as timed work (issue 26), no Discord.

A seat the AI plays (an AI seat, or a person's seat it stands in for: :mod:`bot.service.ai_players`)
that owes a decision, a single one, its part of a parallel window or an out-of-turn prompt, makes
its game *due*. Nothing about it is stored: whatever the stored games say is due, is due. One
query on the seats finds every active game with such a seat waiting (:meth:`AiTurns.due`), on
start-up and at every round of the timer loop, which a change leaving an AI due wakes
(:meth:`bot.service.play_step.Steps.play_step` calls ``Core.schedule``).

A due game is loaded, the AI thinks about the stored version off the event loop
(:mod:`bot.service.ai_pool`), and its move goes through ``play_step`` like a person's, with
``expected_version`` the version it thought about: a result that went stale (someone moved, another
process played it first) is dropped and the turn thought again, so a move is never played twice.
The seed comes from the game's seed, the version and the seat, so a turn thought again after a
restart or on another process chooses the same move. Only the shards this process holds are
played here (:mod:`bot.service.shards`).
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator

from ..store.ai_seats import AiSeats
from .ai_players import is_ai, played_by_ai, stand_in_user
from .ai_pool import ThinkPool
from .change import Change, Said, Step, Txn
from .core import Core, uid
from .i18n import msg
from .log_lines import STOOD_IN, line
from .notices import Notice
from .play_step import Steps
from .results import ServiceError

log = logging.getLogger("bot.ai")
#: Moves one call of :meth:`AiTurns.turns` plays at most (the timer loop's other work waits for them).
MAX_MOVES = 50
#: ``/back`` from a player the AI stood in for (and who was not away).
BACK_FROM_AI = msg("Welcome back: the AI no longer plays for you.")
#: Refusals that mean the position moved on while the AI thought: it thinks again.
MOVED_ON = ("stale", "outdated")


def seed_of(game_seed: int | None, version: int, seat: int) -> int:
    """The AI's seed for ``seat``'s decision at ``version`` of a game set up with ``game_seed``."""
    digest = hashlib.blake2b(f"{game_seed}:{version}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def moved_on() -> ServiceError:
    return ServiceError(msg("The game moved on while the AI thought."), "stale")


class AiTurns:
    """Plays the due AI turns of the games on this process's shards."""

    def __init__(self, core: Core, steps: Steps, pool: ThinkPool | None = None) -> None:
        self.core = core
        self.steps = steps
        self.pool = pool if pool is not None else ThinkPool(0)
        self.rows = AiSeats(core.store)
        #: (game, version, seat) whose move the rules or the AI refused: not tried again at that version.
        self.failed: set[tuple[int, int, int]] = set()
        #: Set when :meth:`turns` stopped at its limit with turns still due (the loop comes back at once).
        self.more = False

    async def due(self) -> list[int]:
        """The active games of this process's shards where a seat the AI plays owes a decision."""
        games: list[int] = []
        for seat in await self.rows.played():
            if seat.waiting and seat.game not in games and self.core.shards.owns_guild(seat.guild_id):
                games.append(seat.game)
        return games

    async def turns(self, limit: int = MAX_MOVES) -> AsyncIterator[Step]:
        """Play the due turns, one move at a time, until none is due (at most ``limit`` tries);
        each stored move is yielded for the front end to post before the next is thought."""
        tries, self.more = 0, False
        while True:
            due = await self.due()
            if not due:
                return
            progressed = False
            for row in due:
                if tries >= limit:
                    self.more = True
                    return
                tries += 1
                played = await self.play(row)
                if played is not None:
                    progressed = True
                    if isinstance(played, Step):
                        yield played
            if not progressed:
                return

    async def play(self, row: int) -> Step | bool | None:
        """One AI move in game ``row``: its step; ``True`` when it went stale (think again), ``None``
        when no AI move is due or possible there."""
        try:
            table = await self.core.table(row)
        except ServiceError as exc:  # e.g. a rules-version mismatch: nothing the AI can do
            log.warning("game %s: the AI cannot play: %s", row, exc.message)
            return None
        record, state = table.record, table.state
        if record.status != "active" or state is None:
            return None
        for seat in table.waiting_seats():
            holder = table.seats[seat]
            level = played_by_ai(holder)
            key = (row, record.version, seat)
            if level is None or key in self.failed:
                continue
            try:
                text = await self.pool.choose(
                    record.game_id, state, seat, seed=seed_of(record.seed, record.version, seat), level=level
                )
            except Exception:
                log.exception("game %s at version %s: the AI could not choose for seat %s", row, record.version, seat)
                self.failed.add(key)
                continue
            try:
                return await self.steps.play_step(
                    row, self.move(seat, holder.user_id, level, text), expected_version=record.version
                )
            except ServiceError as exc:
                if exc.code in MOVED_ON:
                    return True
                log.warning("game %s at version %s: the AI's %r refused: %s", row, record.version, text, exc.message)
                self.failed.add(key)
        return None

    @staticmethod
    def move(seat: int, user: str, level: str, text: str) -> Change:
        """The AI's move ``text`` for ``seat`` (held by ``user``) as a change of ``play_step``."""

        async def change(txn: Txn) -> Said:
            if seat not in txn.waiting() or txn.users[seat] != user or played_by_ai(txn.seats[seat]) != level:
                raise moved_on()  # e.g. the seat's player came back and moved first
            applied = txn.apply(seat, text=text)
            name = txn.names[seat]
            lead = [] if is_ai(user) else [line(STOOD_IN, level=level, player=name, text=applied.text)]
            await txn.store(applied, seat, user if is_ai(user) else stand_in_user(level), lead)
            said = lead + (applied.public or [msg("{player} has acted.", player=name)])
            return txn.changed(said, applied.private)

        return change

    # --- standing in for an absent player -------------------------------------------
    async def back(self, user_id: str | int) -> list[Notice]:
        """``/back``: the AI stops standing in for the user in each of their games; a line for each."""
        user, notices = uid(user_id), []
        for record, seat in await self.core.store.games_of_user(user):
            if record.status != "active" or seat.stand_in is None:
                continue
            async with self.core.lock(record.id):
                if not await self.rows.stand_in(record.id, user, None):
                    continue
                self.core.seats_changed(record.id)
            said = msg("**{player}** is back: the AI no longer plays for them.", player=seat.name)
            notices.append(Notice("back", record.id, record.channel_id, record.guild_id, record.title, said))
        return notices
