"""A seated player's requests (no Discord): a move, typed or clicked, and undo, which change the game
(each one runs through :meth:`~bot.service.play_step.Steps.play_step`, the game loaded once under its
lock), and what the game looks like now: status and view.

A click names the game, the version it was drawn at, the seat and the option by its index
(:meth:`PlayService.choose`; the items of a multi-select, "Change my answer" and the Mayor's editor
likewise): one call checks it against the game as loaded and plays the option's action
(:mod:`bot.service.moves`); an outdated click is refused with the code ``outdated``, and the front end
shows the current prompt.

Undo follows Board Game Arena: a player may take back their own latest
action(s), only while they still owe a decision, and never an action whose
events were an undo barrier (a random draw or revealed hidden information).
An undo is itself logged and stored as a new, higher version. An answer to a decision everyone
makes at once is changed with the engine's own ``take back`` action instead (a normal logged
action, allowed until the last answer is in); it pings nobody. Under a clock it resumes the clock the
answer stopped, so it is refused once the time for the decision has run out.
"""

from __future__ import annotations

from engine.core import play
from engine.core.shapes import Distribute
from engine.core.takeback import is_take_back

from .away import AwayService
from .change import Said, Step, Txn
from .core import Core, uid
from .game_ui import Table
from .history import effective_actions
from .i18n import msg
from .inputs import Boundary
from .log_lines import TOOK_BACK, line
from .moves import TAKE_BACK_HINT, Moves, outdated
from .packs import notice
from .play_step import Steps
from .records import Action
from .results import BoardText, ServiceError, Status
from .scores import format_scores, game_package
from .turn_text import seat_names, seats_line
from .words import names_list, status_word

NOTHING_TO_CHANGE = msg(
    "You have no answer to change here: only an answer to a decision everyone "
    "makes at once can be taken back, until the last one is in."
)


class PlayService(Boundary):
    """A move (typed or clicked), ``undo``, ``status`` and ``view``; a move also ends the mover's
    absence (``away``)."""

    def __init__(self, core: Core, steps: Steps, away: AwayService) -> None:
        self.core = core
        self.steps = steps
        self.moves = Moves(core, away)

    async def act(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str | None = None,
        action: Action | None = None,
        expected_version: int | None = None,
    ) -> Step:
        """Play ``text`` (typed, forgiving: a canonical text or an option's label) or ``action`` for the
        user's seat in the channel's game."""
        if action is None and (text is None or not text.strip()):
            raise ServiceError(msg("Type an action; the board lists what is legal now."), "malformed")
        live = await self.core.live(channel_id, "active")
        return await self._typed(live.id, uid(user_id), text, action, expected_version)

    async def act_in(self, game_row: int, user_id: str | int, text: str, expected_version: int | None = None) -> Step:
        """:meth:`act` in game ``game_row`` (a front end that has the game at hand, e.g. ``/play``)."""
        if not text.strip():
            raise ServiceError(msg("Type an action; the board lists what is legal now."), "malformed")
        return await self._typed(game_row, uid(user_id), text, None, expected_version)

    async def _typed(
        self, row: int, user: str, text: str | None, action: Action | None, expected_version: int | None
    ) -> Step:
        async def change(txn: Txn) -> Said:
            return await self.moves.play(txn, self.core.seat_of(txn.seats, user), user, action, text)

        return await self.steps.play_step(row, change, expected_version=expected_version, actor=user)

    async def choose(self, game_row: int, user_id: str | int, version: int, seat: int, index: int) -> Step:
        """A click on option ``index`` (of the seat's legal actions) of ``seat``'s decision, drawn at
        ``version``: refused as ``outdated`` when the game has moved on or ended, or the option is gone;
        refused when the clicker is not the seat's player; else played like a move."""
        user = uid(user_id)

        async def change(txn: Txn) -> Said:
            legal = self.moves.options(txn, version, seat)
            if not 0 <= index < len(legal):
                raise outdated()
            self.moves.owned(txn, seat, user)
            return await self.moves.play(txn, seat, user, legal[index])

        return await self.steps.play_step(game_row, change, want=None, actor=user)

    async def choose_items(self, game_row: int, user_id: str | int, version: int, seat: int, items: list[int]) -> Step:
        """A multi-select of ``seat``'s ChooseSeveral drawn at ``version``: plays the listed option that
        picks exactly the items numbered ``items`` (checked as :meth:`choose`)."""
        user = uid(user_id)

        async def change(txn: Txn) -> Said:
            legal = self.moves.options(txn, version, seat)
            if not legal:
                raise outdated()
            self.moves.owned(txn, seat, user)
            return await self.moves.play(txn, seat, user, self.moves.picked(txn, seat, items, legal))

        return await self.steps.play_step(game_row, change, want=None, actor=user)

    async def take_back(self, game_row: int, user_id: str | int, version: int) -> Step:
        """ "Change my answer" clicked at ``version``: the clicker takes back their answer to the open
        parallel decision (the engine's ``take back``)."""
        user = uid(user_id)

        async def change(txn: Txn) -> Said:
            seat = self.core.seat_of(txn.seats, user)
            legal = self.moves.options(txn, version, seat)
            back = next((i for i, a in enumerate(legal) if is_take_back(a)), None)
            if back is None:
                raise ServiceError(NOTHING_TO_CHANGE, "nothing_to_take_back")
            return await self.moves.play(txn, seat, user, legal[back])

        return await self.steps.play_step(game_row, change, want=None, actor=user)

    async def place(self, game_row: int, user_id: str | int, seat: int, drawn: Distribute, text: str) -> Step:
        """``text`` (a layout) answers ``seat``'s Distribute decision, drawn as ``drawn`` by its editor
        (the Mayor's); refused as ``outdated`` unless the seat still owes that decision (the same
        slots and proposal: others may have answered meanwhile), and when the clicker is not the
        seat's player."""
        user = uid(user_id)

        async def change(txn: Txn) -> Said:
            self.moves.still(txn, seat, drawn)
            self.moves.owned(txn, seat, user)
            return await self.moves.play(txn, seat, user, text=text)

        return await self.steps.play_step(game_row, change, want=None, actor=user)

    async def undo(self, channel_id: str | int, user_id: str | int, expected_version: int | None = None) -> Step:
        """Take back the caller's latest action (see the module docstring for the rule)."""
        live, user = await self.core.live(channel_id, "active"), uid(user_id)

        async def change(txn: Txn) -> Said:
            seat, names, record, state = self.core.seat_of(txn.seats, user), txn.names, txn.record, txn.state
            assert state is not None
            stack = effective_actions(await self.core.store.actions(record.id))
            if not stack:
                raise ServiceError(msg("There is nothing to take back yet."), "nothing_to_undo")
            top = stack[-1]
            hint = TAKE_BACK_HINT if play.may_take_back(txn.game, state, seat) else ""
            if top.seat != seat:
                raise ServiceError(
                    msg(
                        "You can only take back your own latest action; the latest one was {player}'s.{hint}",
                        player=names[top.seat],
                        hint=hint,
                    ),
                    "not_your_action",
                )
            if top.undo_barrier:
                raise ServiceError(
                    msg("Your last action revealed a random draw or hidden information, so it can't be taken back."),
                    "undo_barrier",
                )
            if seat not in play.waiting_players(txn.game, state):
                raise ServiceError(
                    msg("You can only take back an action while it is still your turn.{hint}", hint=hint),
                    "turn_passed",
                )
            before_json = await self.core.store.snapshot(record.id, top.version - 1)
            if before_json is None:
                raise ServiceError(msg("The earlier position is missing, so this can't be undone."), "corrupt")
            said = line(TOOK_BACK, player=names[seat])
            await txn.commit(
                seat=seat,
                user=user,
                kind="undo",
                text=top.text,
                undo_barrier=False,
                public=[said],
                state_json=before_json,
                state=play.loads(before_json),
            )
            return txn.changed([said], {user: [msg("You took back `{text}`.", text=top.text)]})

        return await self.steps.play_step(live.id, change, expected_version=expected_version, actor=user)

    async def status(self, channel_id: str | int) -> Status:
        """Whose turn it is, which decisions are open, and the version (or the lobby, or the result)."""
        record = await self.core.latest(channel_id)
        game = self.core.game(record.game_id)
        if record.status == "lobby":
            names = [s.name for s in await self.core.store.seats(record.id)]
            spec, data = game.spec, notice(game)
            lobby = msg(
                "{title} lobby: {players} ({n} of {low}–{high} players); waiting for the creator to start.",
                title=record.title,
                players=names_list(names),
                n=len(names),
                low=spec.min_players,
                high=spec.max_players,
            )
            return Status(record.id, "lobby", 0, [lobby] + ([msg("⚠️ {notice}", notice=data)] if data else []))
        seats = await self.core.seats_of(record)
        state = await self.core.state(record)
        table = Table(record, seats, game, state)
        names = [s.name for s in seats]
        data = notice(game, state)
        lines = [
            msg(
                "{title}, version {version}: {status}.",
                title=record.title,
                version=record.version,
                status=status_word(record.status),
            )
        ] + ([msg("⚠️ {notice}", notice=data)] if data else [])
        seen: set[int] = set()
        marked = seat_names(seats)  # who the AI plays for
        for decision in table.decisions():
            if decision.player not in seen:
                seen.add(decision.player)
                question = decision.prompt or decision.kind
                lines.append(msg("{player} to decide: {question}", player=marked[decision.player], question=question))
        over = game.is_over(state)
        outcome = game.outcome(state) if over else None
        if over:
            lines += format_scores(outcome, names, game_package(game))
        lines.append(seats_line(table))
        lines += await self.core.seat_lines(record.id)
        return Status(
            record.id,
            "finished" if over else record.status,
            record.version,
            lines,
            table.waiting_users(),
            table.legal_by_user(),
            outcome,
        )

    async def view(self, channel_id: str | int, user_id: str | int | None = None, private: bool = False) -> BoardText:
        """The public board as text, or (``private``) the user's own view, for them only."""
        record = await self.core.latest(channel_id)
        if record.status == "lobby":
            raise ServiceError(msg("The {title} game here has not started yet.", title=record.title), "not_started")
        game = self.core.game(record.game_id)
        state = await self.core.state(record)
        if private:
            if user_id is None:
                raise ServiceError(msg("Say whose view you want."), "not_seated")
            seen = game.view(state, self.core.seat_of(await self.core.seats_of(record), uid(user_id)))
        else:
            seen = game.public_view(state)
        return BoardText(record.id, record.version, game.view_text(seen), seen)
