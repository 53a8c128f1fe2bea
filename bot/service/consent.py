"""Undo by consent, beyond the Board Game Arena rule of ``/game undo``: any seated player proposes
going back to the board after an earlier step, and the table votes with buttons.

The rule is **unanimity**: every seated player must agree (the proposer's yes counts at once) and
a single "no" rejects it, because going back changes everybody's game and may cross a random draw
or a reveal (an admin's ``/admin rollback`` settles a table that cannot agree). A vote belongs to
the version it was proposed at: once anyone moves, it is void. A passed vote is applied like an
undo, through the stored snapshot of the target step, as a new, higher version (a ``rollback``
log row); since the shuffle is part of the saved board, a draw taken back comes out the same again.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.core import play

from ..store.records import Records
from ..store.rows import GameRecord
from ..store.votes import Votes
from .ai_players import is_ai
from .change import Said, Step, Txn
from .core import Core, uid
from .history import effective_actions
from .i18n import msg
from .inputs import Boundary
from .log_lines import AGREED, NAMED, hidden_answers, line, proposal_lines
from .play_step import Steps
from .results import Announcement, ServiceError
from .words import names_list


@dataclass
class Ballot:
    """The state of a vote after a proposal or a ballot: ``status`` open, passed, rejected or stale."""

    #: The vote asked for (its lines for the channel), or the change it made (a turn message to post).
    result: Announcement | Step
    vote_id: int
    status: str
    waiting_for: list[str] = field(default_factory=list)


class ConsentService(Boundary):
    """Proposals and ballots; :meth:`roll_back` is shared with the admin's rollback."""

    def __init__(self, core: Core, steps: Steps) -> None:
        self.core = core
        self.steps = steps

    async def propose(self, channel_id: str | int, user_id: str | int, step: int | None = None) -> Ballot:
        """Ask the table to go back to the board after ``step`` (default: before the latest action)."""
        live, user = await self.core.live(channel_id, "active"), uid(user_id)
        async with self.core.lock(live.id):
            txn = await self.steps.load(live.id, "active")
            record, votes, seat = txn.record, Votes(self.core.store), self.core.seat_of(txn.seats, user)
            rows = await self.core.store.actions(record.id)
            stack = effective_actions(rows)
            if step is None and not stack:
                raise ServiceError(msg("There is nothing to take back yet."), "nothing_to_undo")
            target = stack[-1].version - 1 if step is None else step
            self._check_target(record, target)
            current = await votes.open_of(record.id)
            if current is not None and current.at_version == record.version:
                raise ServiceError(msg("A vote is already open in this game; answer it first."), "vote_open")
            if current is not None:
                await votes.close(current.id, "stale", self.core.now())
            vote = await votes.open(record.id, "undo", record.version, target, user, self.core.now())
            if vote is None:
                raise ServiceError(msg("Someone opened a vote at the same moment; answer that one."), "vote_open")
            undone = [a for a in stack if a.version > target]
            boards = {a.version - 1: await self.core.store.snapshot(record.id, a.version - 1) for a in undone[-NAMED:]}
            hidden = hidden_answers(txn.game, rows, undone[-NAMED:], boards.get)  # no secret in a public message
            others = [s for s in txn.seats if s.user_id != user and not is_ai(s.user_id)]  # the AI always agrees
            lines = proposal_lines(txn.names, seat, target, undone, [s.name for s in others], hidden)
            if others:
                result = Announcement(record.id, lines, [s.user_id for s in others])
                return Ballot(result, vote, "open", [s.user_id for s in others])
            await votes.close(vote, "passed", self.core.now())

        async def change(txn: Txn) -> Said:  # nobody else to ask: it passes at once
            return await self.roll_back(txn, seat, user, target, user, lines)

        return Ballot(await self.steps.play_step(record.id, change, expected_version=record.version), vote, "passed")

    def _check_target(self, record: GameRecord, target: int) -> None:
        if not 0 <= target < record.version:
            raise ServiceError(
                msg(
                    "Step {step} is not an earlier step: this game is at step {version} (go back to 0 to {last}).",
                    step=target,
                    version=record.version,
                    last=record.version - 1,
                ),
                "bad_step",
            )

    async def vote(self, vote_id: int, user_id: str | int, yes: bool) -> Ballot:
        """One seated player's answer; the last yes applies the rollback, any no rejects it."""
        votes, user = Votes(self.core.store), uid(user_id)
        vote = await votes.get(vote_id)
        if vote is None:
            raise ServiceError(msg("This vote no longer exists."), "no_game")
        outcome: list[str] = []

        async def change(txn: Txn) -> Said:
            record = txn.record
            vote = await votes.get(vote_id)
            if vote is None or vote.status != "open":
                raise ServiceError(msg("This vote is already over."), "stale")
            if record.status != "active" or record.version != vote.at_version:
                await votes.close(vote.id, "stale", self.core.now())
                raise ServiceError(
                    msg(
                        "The game has moved on since this vote was proposed, so it no longer "
                        "applies; propose it again if you still want to go back."
                    ),
                    "stale",
                )
            seats = txn.seats
            seat = self.core.seat_of(seats, user)
            if not await votes.cast(vote.id, user, yes, self.core.now()):
                raise ServiceError(msg("You have already voted."), "already_voted")
            name, ballots = seats[seat].name, await votes.ballots(vote.id)
            if not yes:
                await votes.close(vote.id, "rejected", self.core.now())
                outcome.append("rejected")
                return Said(
                    public=[
                        msg("❌ {player} said no: the game goes on from step {step}.", player=name, step=record.version)
                    ]
                )
            missing = [s for s in seats if not ballots.get(s.user_id) and not is_ai(s.user_id)]
            if missing:
                outcome.extend(["open"] + [s.user_id for s in missing])
                names = names_list([s.name for s in missing])
                return Said(
                    public=[
                        msg(
                            "{player} agrees to go back to step {step}; waiting for {players}.",
                            player=name,
                            step=vote.target,
                            players=names,
                        )
                    ]
                )
            if not await votes.close(vote.id, "passed", self.core.now()):
                raise ServiceError(msg("This vote is already over."), "stale")
            outcome.append("passed")
            said = line(AGREED, players=names_list([s.name for s in seats]), step=vote.target)
            try:
                return await self.roll_back(txn, seat, user, vote.target, vote.proposer, [said])
            except ServiceError as exc:  # another process stored a move first: the vote did not pass
                if exc.code == "stale":
                    await votes.close(vote.id, "stale", self.core.now(), was="passed")
                raise

        step = await self.steps.play_step(vote.game, change, want=None)
        return Ballot(step, vote.id, outcome[0], outcome[1:])

    async def roll_back(
        self, txn: Txn, seat: int, user: str, target: int, by: str, lines: list[str], what: str = "vote"
    ) -> Said:
        """Store the snapshot of step ``target`` as the next version (a ``rollback`` row by ``seat``'s
        ``user``, asked for by ``by``); the caller runs it as a change of ``play_step``."""
        record = txn.record
        self._check_target(record, target)
        text = await self.core.store.snapshot(record.id, target)
        if text is None:
            raise ServiceError(msg("Step {step} is missing from the database.", step=target), "corrupt")
        version = await txn.commit(
            seat=seat,
            user=user,
            kind="rollback",
            text=str(target),
            undo_barrier=False,
            public=lines,
            state_json=text,
            state=play.loads(text),
        )
        await self.core.deadlines.stop(record.id)  # every decision open again gets a fresh deadline
        await self.core.sync_clocks(record, txn.waiting())
        await Records(self.core.store).audit(record.id, version, by, what, f"back to step {target}", self.core.now())
        return txn.changed(lines)
