"""A seated player's requests (no Discord): act and undo, which change the game (each one runs through
:meth:`~bot.service.play_step.Steps.play_step`), and what the game looks like now: status and view.

Undo follows Board Game Arena: a player may take back their own latest
action(s), only while they still owe a decision, and never an action whose
events were an undo barrier (a random draw or revealed hidden information).
An undo is itself logged and stored as a new, higher version. An answer to a decision everyone
makes at once is changed with the engine's own ``take back`` action instead (a normal logged
action, allowed until the last answer is in); it pings nobody. Under a clock it resumes the clock the
answer stopped, so it is refused once the time for the decision has run out.
"""

from __future__ import annotations

from engine.core import Action, play
from engine.core.takeback import TAKE_BACK_TEXT, is_take_back, names_take_back

from ..store.times import parse
from .away import AwayService
from .change import Said, Step, Txn
from .clock import stamp
from .core import Core, uid
from .game_ui import Table
from .history import effective_actions
from .i18n import msg
from .inputs import Boundary
from .log_lines import TOOK_BACK, line
from .packs import notice
from .play_step import Steps
from .results import BoardText, ServiceError, Status
from .scores import format_scores, game_package
from .words import names_list, status_word

TAKE_BACK_HINT = msg(
    " You may still change your answer until the last one is in: `/play action:{text}` "
    "or the “Change my answer” button.",
    text=TAKE_BACK_TEXT,
)


class PlayService(Boundary):
    """``act``, ``undo``, ``status`` and ``view``; a move also ends the mover's absence (``away``)."""

    def __init__(self, core: Core, steps: Steps, away: AwayService) -> None:
        self.core = core
        self.steps = steps
        self.away = away

    async def act(
        self,
        channel_id: str | int,
        user_id: str | int,
        text: str | None = None,
        action: Action | None = None,
        expected_version: int | None = None,
    ) -> Step:
        """Play ``text`` (typed, forgiving: a canonical text or an option's label) or ``action`` (from a
        button) for the user's seat."""
        if action is None and (text is None or not text.strip()):
            raise ServiceError(msg("Type an action; the board lists what is legal now."), "malformed")
        live, user = await self.core.live(channel_id, "active"), uid(user_id)

        async def change(txn: Txn) -> Said:
            game, state, names = txn.game, txn.state, txn.names
            assert state is not None
            seat = self.core.seat_of(txn.seats, user)
            waiting = play.waiting_players(game, state)
            taking_back = is_take_back(action) if action is not None else names_take_back(text or "")
            if seat not in waiting and not taking_back:  # the engine explains a take-back it refuses
                hint = TAKE_BACK_HINT if play.may_take_back(game, state, seat) else ""
                raise ServiceError(
                    msg(
                        "It is not your turn: waiting for {players}.{hint}",
                        players=names_list([names[p] for p in waiting]),
                        hint=hint,
                    ),
                    "not_your_turn",
                )
            if taking_back and play.may_take_back(game, state, seat):
                await self.check_time_left(txn, seat)
            applied = txn.apply(seat, action, text, typed=True)
            await txn.store(applied, seat, user, [])
            txn.played = applied.text
            said = txn.changed(
                list(applied.public) or [msg("{player} has acted.", player=names[seat])], applied.private
            )
            if applied.text == TAKE_BACK_TEXT:  # they owe the decision again but know it: nobody is pinged anew
                said.mention = [u for u in said.mention if u != user]
            await self.away.moved(user, txn.row, said)  # a move ends the player's absence
            return said

        return await self.steps.play_step(live.id, change, expected_version=expected_version, actor=user)

    async def check_time_left(self, txn: Txn, seat: int) -> None:
        """Refuse a take-back once the time for the decision has run out: taking an answer back resumes
        the clock it stopped (:mod:`bot.store.deadlines`), whose deadline has passed by then."""
        if txn.record.clock == "none":
            return
        clock = (await self.core.deadlines.of_game(txn.row)).get(seat)
        due = clock.prev_due_at if clock is not None and clock.state == "idle" else None
        if due is not None and parse(due) <= parse(self.core.now()):
            raise ServiceError(
                msg(
                    "Your time for this decision ran out {when}, so your answer stands: it can't be taken back.",
                    when=stamp(due),
                ),
                "out_of_time",
            )

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
        for decision in table.decisions():
            if decision.player not in seen:
                seen.add(decision.player)
                question = decision.prompt or decision.kind
                lines.append(msg("{player} to decide: {question}", player=names[decision.player], question=question))
        over = game.is_over(state)
        outcome = game.outcome(state) if over else None
        if over:
            lines += format_scores(outcome, names, game_package(game))
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
