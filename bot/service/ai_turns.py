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

**A table the AI plays alone stops.** Where the AI plays every seat (AI seats, seats handed to it,
stand-ins for the absent), nothing makes a game end: The Red Cathedral ends only when someone
completes a sixth section, and weak AIs have played 20,000 moves without doing so. After
:data:`UNATTENDED` AI moves with nothing done by a person in between (a move, or an audited change
of seats or of the game: :meth:`bot.store.ai_seats.AiSeats.unattended`), the AI's move that reaches
it says so (:func:`paused_line`, noted in the audit trail) and the AI plays there no more: the game
waits as it stands. Nothing of it is stored but that note, so a restart finds the table paused
still; it plays again once a person moves (``/admin force`` too), or takes a seat back
(``/back``, ``/game substitute``), or hands one to the AI again.

The store calls of an AI move are those of any move and no more: the game's row read and
version-checked under its lock, the move's write transaction, the turn message read and written, and
the standing answers looked up when a person owes a decision. The due games are asked of the store
once per call of :meth:`AiTurns.turns`, and again only when this process stored a change other than
the AI's own moves; the table a move left is the next move's, not read again.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import AsyncIterator

from ..store.ai_seats import AI_PREFIX, PAUSED, AiSeats
from ..store.records import Records
from .ai_players import ai_plays_every, is_ai, played_by_ai, stand_in_user
from .ai_pool import ThinkPool
from .change import Change, Said, Step, Txn
from .core import Core, uid
from .game_ui import Table
from .i18n import msg
from .log_lines import STOOD_IN, line
from .notices import Notice
from .play_step import Steps
from .results import ServiceError

log = logging.getLogger("bot.ai")
#: A game's version and the seats the AI plays there (user, stand-in level), in seat order.
Held = tuple[int, tuple[tuple[str, str | None], ...]]
#: Moves one call of :meth:`AiTurns.turns` plays at most (the timer loop's other work waits for them).
MAX_MOVES = 50
#: ``/back`` from a player the AI stood in for (and who was not away).
BACK_FROM_AI = msg("Welcome back: the AI no longer plays for you.")
#: Refusals that mean the position moved on while the AI thought: it thinks again.
MOVED_ON = ("stale", "outdated")
#: AI moves in a row, nothing done by a person in between, after which the AI stops playing a table
#: where it plays every seat (:func:`paused_line`). The longest games that end are the weakest
#: players': of 200 random games per title at its fewest and most seats (2026-11, engine only), the
#: longest took 817 decisions in Puerto Rico (5 seats), 270 in Lisboa (4), 231 in Lorenzo (4) and
#: 2,417 in The Red Cathedral (2); the AI-only title tests' games take 96 to 301 (other seeds up to
#: 1,000). About four times the longest of all: a game that ends never meets it.
UNATTENDED = 10_000
#: :meth:`AiTurns.alone`'s answer at a table where the AI stopped.
STOPPED = -1


def seed_of(game_seed: int | None, version: int, seat: int) -> int:
    """The AI's seed for ``seat``'s decision at ``version`` of a game set up with ``game_seed``."""
    digest = hashlib.blake2b(f"{game_seed}:{version}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") >> 1


def paused_line(n: int) -> str:
    """What the table reads when the AI stops there after ``n`` moves in a row without a person."""
    return msg(
        "🤖 The AI players have made {n} moves in a row without a person, so they stop here: the game "
        "waits as it stands. It goes on when a player takes their seat back from the AI (`/back`, or "
        "`/game substitute` naming themselves) or hands it to the AI again, or when the host or an admin "
        "plays a move with `/admin force` (the AI then goes on), gives a seat to someone with "
        "`/admin replace` or ends the game with `/admin end`.",
        n=f"{n:,}",  # 10,000: grouped digits read at a glance, in either language
    )


def owes(table: Table) -> bool:
    """Does a seat the AI plays owe a decision at ``table``?"""
    return any(played_by_ai(table.seats[seat]) is not None for seat in table.waiting_seats())


def held(table: Table) -> Held:
    """``table``'s version and the seats the AI plays there, as :meth:`AiTurns.due` compares them."""
    return table.version, tuple((s.user_id, s.stand_in) for s in table.seats if played_by_ai(s) is not None)


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
        #: AI moves in a row without a person after which a table the AI plays alone stops (tests lower it).
        self.unattended = UNATTENDED
        #: Per game the AI plays alone: (version, AI moves in a row up to it), kept from its own moves.
        self.runs: dict[int, tuple[int, int]] = {}
        #: Per game found stopped: its version and AI seats then (:meth:`due` leaves it out until either changes).
        self.paused: dict[int, Held] = {}

    async def due(self) -> list[int]:
        """The active games of this process's shards where a seat the AI plays owes a decision, but
        those the AI stopped playing while they stay as they were (same version, same seats)."""
        rows = await self.rows.played()
        if self.paused:
            now: dict[int, Held] = {}
            for s in rows:
                version, held = now.get(s.game, (s.version, ()))
                now[s.game] = (version, (*held, (s.user_id, s.stand_in)))
            self.paused = {row: kept for row, kept in self.paused.items() if now.get(row) == kept}
        games: list[int] = []
        for seat in rows:
            if seat.waiting and seat.game not in games and seat.game not in self.paused:
                games += [seat.game] if self.core.shards.owns_guild(seat.guild_id) else []
        return games

    async def turns(self, limit: int = MAX_MOVES) -> AsyncIterator[Step]:
        """Play the due turns, one move at a time, until none is due (at most ``limit`` tries);
        each stored move is yielded for the front end to post before the next is thought."""
        tries, self.more = 0, False
        due, known = await self.due(), dict[int, Table]()
        while due:
            progressed, again, left = False, [], dict[int, Table]()
            before, ours = self.steps.count, 0
            for row in due:
                if tries >= limit:
                    self.more = True
                    return
                tries += 1
                played = await self.play(row, known.get(row))
                if played is None:
                    continue
                progressed = True
                if isinstance(played, Step):
                    ours += 1
                    yield played
                    if owes(played.table):
                        again.append(row)
                        left[row] = played.table
                else:
                    again.append(row)  # it went stale: thought again from the stored game
            if not progressed:
                return
            if self.steps.count == before + ours:  # nothing changed here but the AI's moves
                due, known = again, left
            else:
                due, known = await self.due(), {}

    async def play(self, row: int, table: Table | None = None) -> Step | bool | None:
        """One AI move in game ``row``: its step; ``True`` when it went stale (think again), ``None``
        when no AI move is due or possible there. ``table``: the game as the AI's own last move left
        it, when nothing else changed since (else it is read from the store)."""
        if table is None:
            try:
                table = await self.core.table(row)
            except ServiceError as exc:  # e.g. a rules-version mismatch: nothing the AI can do
                log.warning("game %s: the AI cannot play: %s", row, exc.message)
                return None
        record, state = table.record, table.state
        if record.status != "active" or state is None or not owes(table) or self.paused.get(row) == held(table):
            return None
        run = await self.alone(table)
        if run == STOPPED:
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
            stops = run + 1 if run is not None and run + 1 >= self.unattended else 0
            try:
                step = await self.steps.play_step(
                    row,
                    self.move(seat, holder.user_id, level, text, stops),
                    expected_version=record.version,
                )
            except ServiceError as exc:
                if exc.code in MOVED_ON:
                    return True
                log.warning("game %s at version %s: the AI's %r refused: %s", row, record.version, text, exc.message)
                self.failed.add(key)
                continue
            if run is not None and step.table.version == record.version + 1:
                self.runs[row] = (step.table.version, run + 1)
            if stops:
                self.paused[row] = held(step.table)
            return step
        return None

    async def alone(self, table: Table) -> int | None:
        """The AI's moves in a row at ``table`` with nothing done by a person, when it plays every seat
        there (``None`` when a person plays one); :data:`STOPPED` when it stopped there.

        Counted from the AI's own moves while they stay below the limit; an estimate from the log
        (the last move by a person) after anything else, never below the truth; from the log and the
        audit trail (:meth:`~bot.store.ai_seats.AiSeats.unattended`) when it comes near the limit."""
        row, version = table.row, table.version
        if not ai_plays_every(table.seats):
            self.runs.pop(row, None)
            return None
        kept = self.runs.get(row)
        run = kept[1] if kept is not None and kept[0] == version else version - await self.rows.last_person_move(row)
        if run + 1 >= self.unattended:
            found = await self.rows.unattended(row)
            if found.paused:
                self.paused[row] = held(table)
                return STOPPED
            run = version - found.since
        self.runs[row] = (version, run)
        return run

    def move(self, seat: int, user: str, level: str, text: str, stops: int = 0) -> Change:
        """The AI's move ``text`` for ``seat`` (held by ``user``) as a change of ``play_step``; ``stops``:
        the move is the AI's ``stops``-th in a row without a person at a table it plays alone, after
        which it stops there (:data:`UNATTENDED`)."""

        async def change(txn: Txn) -> Said:
            if seat not in txn.waiting() or txn.users[seat] != user or played_by_ai(txn.seats[seat]) != level:
                raise moved_on()  # e.g. the seat's player came back and moved first
            if stops and not ai_plays_every(txn.seats):
                raise moved_on()  # a person took a seat back meanwhile: the AI goes on
            applied = txn.apply(seat, text=text)
            name = txn.names[seat]
            lead = [] if is_ai(user) else [line(STOOD_IN, level=level, player=name, text=applied.text)]
            version = await txn.store(applied, seat, user if is_ai(user) else stand_in_user(level), lead)
            said = lead + (applied.public or [msg("{player} has acted.", player=name)])
            if stops:
                said.append(paused_line(stops))
                detail = f"{stops} AI moves in a row without a person"
                await Records(self.core.store).audit(txn.row, version, AI_PREFIX, PAUSED, detail, self.core.now())
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
