"""What one change of a game is made of: the game loaded under its lock (:class:`Txn`), an action
applied to it (:class:`Applied`), and what to post afterwards (:class:`Step`).

Every path that changes a game (a move, an undo or take-back, an admin's force or rollback, a passed
undo vote, a deadline's default or skip, a start or rematch, a handover) runs as one call of
:meth:`bot.service.play_step.Steps.play_step`: the game is loaded once under its lock into a :class:`Txn`,
the path's own change applies (:meth:`Txn.apply`) and stores (:meth:`Txn.commit`, one store
transaction per action, with a version check), the standing answers that became due are stored as
their own logged steps, the change is placed in the game's turn message (a new one, or the current
one edited in place: :mod:`bot.service.turn_keeper`) and, for a new one, the pings are planned, all
before the lock is released. The :class:`Step` it returns is what a front end draws and posts.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field, replace
from typing import Any

from engine.core import AnyGame, IllegalAction, Outcome, play
from engine.core.takeback import TAKE_BACK_TEXT

from ..store.rows import GameRecord, SeatRecord, VersionConflict
from .core import Core, wrap_illegal
from .game_ui import Table
from .history import render_events
from .i18n import msg
from .inputs import read_typed
from .records import Action, State
from .results import ServiceError

log = logging.getLogger("bot.service")
ENGINE_ERROR = msg(
    "This move hit an error in the game's rules and was not applied; nothing changed. The table can "
    "still undo, or an admin can force another move (`/admin force`)."
)
CONFLICT = msg(
    "Someone else moved at the same moment, so this prompt is outdated. Look at the latest board and try again."
)


@dataclass
class Said:
    """What a change says, gathered while it runs under the game's lock: the lines of its
    :class:`Step`. ``mention`` holds the users who must act now when the change changed who must
    act; ``elsewhere`` silent lines for other games' channels (channel id, line)."""

    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    mention: list[str] = field(default_factory=list)
    board_changed: bool = False
    elsewhere: list[tuple[str, str]] = field(default_factory=list)

    def tell(self, user_id: str, line: str) -> None:
        """Add a private line for ``user_id``."""
        self.private.setdefault(user_id, []).append(line)


@dataclass
class Applied:
    """One action applied to a copy of the state, with everything the rules say about it, before
    anything is stored."""

    text: str
    state: State
    state_json: str
    public: list[str]
    private: dict[str, list[str]]
    undo_barrier: bool
    over: bool


@dataclass
class Txn:
    """A game loaded once under its lock, for one change; every step stored moves it on."""

    core: Core
    record: GameRecord
    seats: list[SeatRecord]
    game: AnyGame
    #: The parsed state (``None`` in a lobby).
    state: State | None
    #: Users who had to act when the game was loaded (they are not pinged again for the same decision).
    before: list[str] = field(default_factory=list)
    #: Kinds of the parallel decisions (everyone at once) open when the game was loaded.
    windows: list[str] = field(default_factory=list)
    #: How many steps this change has stored so far.
    stored: int = 0
    #: The canonical text of the actor's own action, once applied (for "You played …").
    played: str | None = None
    _table: Table | None = field(default=None, init=False, repr=False)

    @property
    def table(self) -> Table:
        """The loaded game as a :class:`Table`, kept while the loaded position stays: the rules are
        asked each question once per position, by the change and by the front end drawing it."""
        table = self._table
        if table is None or table.state is not self.state or table.seats is not self.seats:
            table = self._table = Table(self.record, self.seats, self.game, self.state)
        elif table.record is not self.record:
            table = self._table = table.sharing(record=self.record)
        return table

    @property
    def row(self) -> int:
        return self.record.id

    @property
    def users(self) -> list[str]:
        return [s.user_id for s in self.seats]

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def legal(self, seat: int) -> list[Action]:
        """The seat's legal actions in the loaded state (none in a lobby): what a click's index counts."""
        return self.table.actions(seat)

    def waiting(self) -> list[int]:
        """Seats that must act now (none in a lobby)."""
        return self.table.waiting_seats()

    def waiting_users(self) -> list[str]:
        return self.table.waiting_users()

    def open_windows(self) -> list[str]:
        """Kinds of the parallel decisions open now, sorted."""
        return self.table.windows()

    @property
    def over(self) -> bool:
        return self.state is not None and self.game.is_over(self.state)

    def changed(self, public: list[str], private: dict[str, list[str]] | None = None) -> Said:
        """What a stored change says: its lines, mentioning everybody who must act now."""
        return Said(public=public, private=dict(private or {}), board_changed=True, mention=self.waiting_users())

    def apply(
        self, seat: int, action: Action | None = None, text: str | None = None, *, typed: bool = False
    ) -> Applied:
        """Play ``action`` (or parse ``text``) for ``seat`` on a copy of the loaded state: apply, render,
        canonicalise; everything that runs rules code, before anything is stored. ``typed``: a person
        typed ``text``, who may have typed an option's label (:func:`~bot.service.inputs.read_typed`).

        An illegal action is refused as usual. Any other exception from the engine is logged with its
        traceback, the game and the action, and refused with :data:`ENGINE_ERROR` (``engine_error``):
        nothing is stored and the version is unchanged, so the game stays playable.
        """
        game, state = self.game, self.state
        assert state is not None
        try:
            if action is None and typed:
                table = self.table
                text = read_typed(text or "", table.texts(seat), table.labels(seat))
            # listed once: the parse and the check both read them (the rules may simulate to list)
            options = None if game.is_over(state) else game.legal_actions(state, seat)
            chosen = action if action is not None else play.parse_action(game, state, seat, text or "", options)
            new_state, events = play.apply(game, state, seat, chosen, options)
            public, private = render_events(game, new_state, events, self.users)
            state_json = play.dumps(new_state)
            new_state = play.loads(state_json)  # canonical key order, as after any reload
            return Applied(
                play.action_text(game, chosen),
                new_state,
                state_json,
                public,
                private,
                game.undo_barrier(events),
                game.is_over(new_state),
            )
        except IllegalAction as exc:
            raise wrap_illegal(exc) from None
        except ServiceError:
            raise
        except Exception:
            log.exception(
                "game %s (%s) at version %s: the engine failed on seat %s's %.200r; refused, nothing stored",
                self.record.id,
                self.record.game_id,
                self.record.version,
                seat,
                action if action is not None else text,
            )
            raise ServiceError(ENGINE_ERROR, "engine_error") from None

    async def store(self, applied: Applied, seat: int, user: str, lead: list[str] | None = None) -> int:
        """Store an applied action of ``seat`` by ``user`` (``lead``: the bot's own lines before its
        event sentences); the new version."""
        return await self.commit(
            seat=seat,
            user=user,
            kind="action",
            text=applied.text,
            undo_barrier=applied.undo_barrier,
            public=(lead or []) + applied.public,
            state_json=applied.state_json,
            state=applied.state,
        )

    async def commit(
        self,
        *,
        seat: int,
        user: str,
        kind: str,
        text: str,
        undo_barrier: bool,
        public: list[str],
        state_json: str,
        state: State,
    ) -> int:
        """Append one log row + snapshot at the next version in one transaction, or refuse a stale one;
        the loaded game moves on to it and the deadlines follow who must act."""
        core, record, users = self.core, self.record, self.users
        status = "finished" if self.game.is_over(state) else "active"
        after = Table(replace(record, status=status), self.seats, self.game, state)
        waiting = after.waiting_seats()
        try:
            version = await core.store.append(
                record.id,
                expected_version=record.version,
                seat=seat,
                user_id=user,
                kind=kind,
                text=text,
                undo_barrier=undo_barrier,
                public_lines=public,
                state_json=state_json,
                waiting=[users[p] for p in waiting],
                now=core.now(),
                status=status,
                holders=users,
            )
        except VersionConflict:  # another writer moved it (or handed a seat over): read it anew next time
            core.forget(record.id)
            core.seats_changed(record.id)
            raise ServiceError(CONFLICT, "stale") from None
        core.remember(record.id, version, state)
        self.record = replace(record, version=version, status=status, waiting=[users[p] for p in waiting])
        self.state, self.stored = state, self.stored + 1
        self._table = after.sharing(record=self.record)
        resume = [seat] if kind == "action" and text == TAKE_BACK_TEXT else []  # its clock runs on from before
        await core.sync_clocks(record, waiting, status != "active", version, resume)
        return version


#: A path's own change, run by ``play_step`` on the loaded game under its lock.
Change = Callable[[Txn], Awaitable[Said]]


@dataclass(frozen=True, kw_only=True)
class Step:
    """A stored change as what to post: the game as it stands after the change and the standing
    answers that followed it (``table``), what the change said, who to ping and how to draw it.

    ``public`` are this change's lines (event sentences and the bot's own lines, oldest first),
    ``private`` the private lines per user (the actor's included: a front end shows those in its
    reply to the actor), ``elsewhere`` the silent lines for other channels (channel id, line).
    """

    #: The game as it stands now: the board, prompts and components to draw (from the service's cache).
    table: Table
    public: list[str] = field(default_factory=list)
    private: dict[str, list[str]] = field(default_factory=dict)
    #: The users who must act now, when the change changed who must act (empty otherwise).
    mention: list[str] = field(default_factory=list)
    #: True when a step was stored (the board changed).
    board_changed: bool = False
    elsewhere: list[tuple[str, str]] = field(default_factory=list)
    #: Users mentioned (pinged) in the turn message; nobody else is.
    ping: list[str] = field(default_factory=list)
    #: Users also sent a direct message, with the question it repeats (the front end adds the link).
    dm: dict[str, str] = field(default_factory=dict)
    #: The canonical text of the actor's own action, when the change was one.
    played: str | None = None
    #: Post a new turn message (``True``), or edit the current one, ``edit``, in place (no pings).
    new: bool = True
    #: The id of the turn message to edit (``None`` for a new message).
    edit: str | None = None
    #: Every line of the turn message to draw: the turn's lines so far, this change's last.
    lines: list[str] = field(default_factory=list)
    #: Older lines of the turn left out of ``lines`` (drawn as "… n more").
    hidden: int = 0
    #: Users the turn message names by mention (those it pinged when it was posted).
    named: list[str] = field(default_factory=list)
    #: Why the message is new or edited (:mod:`bot.service.turn_boundary`).
    reason: str = ""
    #: The version the turn message started at (what the front end reports a posted message for).
    started: int = 0

    @classmethod
    def of(cls, said: Said, table: Table, ping: list[str], dm: dict[str, str], played: str | None, **turn: Any) -> Step:
        """What ``said`` as a step, with the table, the pings, and (``turn``) the turn message's fields."""
        return cls(
            table=table,
            public=said.public,
            private=said.private,
            mention=said.mention,
            board_changed=said.board_changed,
            elsewhere=said.elsewhere,
            ping=ping,
            dm=dm,
            played=played,
            **turn,
        )

    @property
    def row(self) -> int:
        return self.table.row

    @property
    def game_row(self) -> int:
        return self.table.row

    @property
    def version(self) -> int:
        return self.table.version

    @property
    def game_over(self) -> bool:
        return self.table.state is not None and self.table.game.is_over(self.table.state)

    @property
    def status(self) -> str:
        return "finished" if self.game_over else self.table.record.status

    @property
    def waiting(self) -> list[str]:
        """Who must act now."""
        return self.table.waiting_users()

    @property
    def outcome(self) -> Outcome | None:
        """The final result once the game is over."""
        return self.table.game.outcome(self.table.state) if self.game_over and self.table.state is not None else None

    @property
    def legal(self) -> dict[str, list[str]]:
        """The legal action texts of each user who must act now (asked of the rules on first use)."""
        return self.table.legal_by_user()

    @property
    def state_view(self) -> dict[str, Any] | None:
        """The public view of the game as it stands (``None`` in a lobby)."""
        return self.table.public_view() if self.table.state is not None else None
