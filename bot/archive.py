"""Looking back at a game: the public board after any stored step (from its snapshot)."""

from __future__ import annotations

from engine.core import play

from .history import render_events, step_lines
from .results import Result, ServiceError
from .store import GameRecord
from .timeouts import TimeoutService


class ArchiveService(TimeoutService):
    """History of stored games."""

    async def _started(self, channel_id: str | int, game_row: int | None) -> GameRecord:
        """The game by row (buttons) or the channel's latest one; refused while it is a lobby."""
        record = await self._latest(channel_id) if game_row is None else await self.store.game(game_row)
        if record is None:
            raise ServiceError("This game no longer exists.", "no_game")
        if record.status == "lobby" or record.seed is None:
            raise ServiceError(f"The {record.title} game here has not started yet.", "not_started")
        return record

    async def history(self, channel_id: str | int, step: int, game_row: int | None = None) -> Result:
        """The public board as it was after step ``step`` (a version: ``#n`` in the log; 0 = set-up).

        Only the public view of the stored snapshot is returned, so nothing hidden then or now leaks.
        """
        record = await self._started(channel_id, game_row)
        if not 0 <= step <= record.version:
            raise ServiceError(f"There is no step {step}: this {record.title} game has steps 0 to "
                               f"{record.version} (the `#n` numbers in `/game log`).", "bad_step")
        text = await self.store.snapshot(record.id, step)
        if text is None:
            raise ServiceError(f"Step {step} of this game is missing from the database.", "corrupt")
        game = self._game(record.game_id)
        state = play.loads(text)
        seats = await self._seats_of(record)
        names = [s.name for s in seats]
        if step == 0:
            setup, _ = render_events(game, *play.new_game(game, names, record.options, record.seed or 0),
                                     [s.user_id for s in seats])
            what = [f"#0 {line}" for line in setup] or ["#0 The game was set up."]
        else:
            what = step_lines((await self.store.actions(record.id, since=step - 1))[0], names)
        view = game.public_view(state)
        return Result(public=[f"{record.title}: the board after step {step} of {record.version}."] + what,
                      game_row=record.id, version=step, status=record.status, state_view=view,
                      board_text=game.view_text(view))
