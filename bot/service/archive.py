"""Looking back at a game: its log a page at a time, the public board after any stored step (from its
snapshot), its replay, and the game record as JSON (export, and import as a read-only copy for bug
reports).

An export never reveals a future draw: the seed and the full final state are included only once
the game has ended (finished or abandoned). A running game's export carries the public log and
the canonical action texts, except those made after the latest reveal while a parallel (secret)
decision was open, which are withheld. Such an export cannot be imported (there is no seed to
replay it from): the import refuses it with a message saying so. An ended game's export imports
as an ended, read-only game in the channel, after checking that the replay reproduces the
exported final state and every step's public lines (see :mod:`bot.service.log_lines`).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from engine.core import SINGLE, IllegalAction, play
from engine.core.colours import with_colours
from engine.core.text import shorten

from ..store.records import Records, imported_user
from ..store.rows import ActionRecord, GameRecord
from .core import Core, table_colours, uid
from .history import log_lines, numbered, page_of, render_events, replay_log, replay_steps, same_state, step_lines
from .i18n import msg
from .inputs import Boundary, clean, display_name
from .log_lines import check_lines
from .records import State
from .results import Announcement, LogPage, PastBoard, ServiceError
from .words import seating_list, status_word

log = logging.getLogger("bot.archive")
FORMAT, FORMAT_VERSION = "pbp-euro-bot game record", 1
ENDED = ("finished", "abandoned")
NO_SEED = msg(
    "This export was taken while the game was still running, so it has no seed and no hidden "
    "state (an export never reveals a future draw) and can't be rebuilt. Export the game again "
    "once it has ended, then import that file."
)


@dataclass(frozen=True)
class Export:
    """A game record ready to attach: file name, JSON text, and whether it holds the seed."""

    filename: str
    text: str
    ended: bool
    withheld: int


class ArchiveService(Boundary):
    """History of stored games: the log, the board after any step, export, import and replay."""

    def __init__(self, core: Core, log_page_size: int = 20) -> None:
        self.core = core
        self.page = log_page_size

    async def log(self, channel_id: str | int, page: int | None = None, reveal: bool = False) -> LogPage:
        """Public log lines, ``page`` 1 = oldest; ``None`` = newest page (each page fits a message).
        ``reveal`` names the actions that made no public sentence (the terminal's hot seat, where
        everybody sees every move: :func:`~bot.service.history.step_lines`)."""
        return await self._log_page(await self.core.latest(channel_id), page, reveal)

    async def log_of_game(self, game_row: int, page: int | None = None) -> LogPage:
        """:meth:`log` of a game by its row (the log's page buttons)."""
        record = await self.core.store.game(game_row)
        if record is None:
            raise ServiceError(msg("This game no longer exists."), "no_game")
        return await self._log_page(record, page)

    async def _log_page(self, record: GameRecord, page: int | None, reveal: bool = False) -> LogPage:
        if record.status == "lobby" or record.seed is None:
            raise ServiceError(msg("The {title} game here has not started yet.", title=record.title), "not_started")
        game = self.core.game(record.game_id)
        seats = await self.core.seats_of(record)
        names = [s.name for s in seats]
        state, events = play.new_game(game, names, record.options, record.seed)
        setup, _ = render_events(game, state, events, [s.user_id for s in seats])
        seating = seating_list(names, table_colours(game, [s.colour for s in seats]))
        started = msg("{title} started. Seats: {seats}.", title=record.title, seats=seating)
        lines = log_lines(await self.core.store.actions(record.id), names, [started] + setup, reveal)
        chunk, number, pages = page_of(lines, page, self.page)
        return LogPage(record.id, [msg("Log, page {n} of {pages}:", n=number, pages=pages)] + chunk, number, pages)

    async def rebuild(self, game_row: int) -> State:
        """Replay a game from set-up and its log (undos included); the same state as the latest
        snapshot (:func:`~bot.service.history.same_state`: it names the data pack as today)."""
        record = await self.core.store.game(game_row)
        if record is None or record.seed is None:
            raise ServiceError(msg("There is no started game #{row}.", row=game_row), "no_game")
        game = self.core.game(record.game_id)
        names = [s.name for s in await self.core.store.seats(record.id)]
        try:
            return replay_log(game, names, record.options, record.seed, await self.core.store.actions(record.id))
        except IllegalAction as exc:
            raise ServiceError(
                msg("Game #{row} does not replay: {reason}", row=game_row, reason=exc.message), "corrupt"
            ) from None

    async def _started(self, channel_id: str | int, game_row: int | None) -> GameRecord:
        """The game by row (buttons) or the channel's latest one; refused while it is a lobby."""
        record = await self.core.latest(channel_id) if game_row is None else await self.core.store.game(game_row)
        if record is None:
            raise ServiceError(msg("This game no longer exists."), "no_game")
        if record.status == "lobby" or record.seed is None:
            raise ServiceError(msg("The {title} game here has not started yet.", title=record.title), "not_started")
        return record

    async def history(self, channel_id: str | int, step: int, game_row: int | None = None) -> PastBoard:
        """The public board as it was after step ``step`` (a version: ``#n`` in the log; 0 = set-up).

        Only the public view of the stored snapshot is returned, so nothing hidden then or now leaks.
        """
        record = await self._started(channel_id, game_row)
        if not 0 <= step <= record.version:
            raise ServiceError(
                msg(
                    "There is no step {step}: this {title} game has steps 0 to "
                    "{version} (the `#n` numbers in `/game log`).",
                    step=step,
                    title=record.title,
                    version=record.version,
                ),
                "bad_step",
            )
        text = await self.core.store.snapshot(record.id, step)
        if text is None:
            raise ServiceError(msg("Step {step} of this game is missing from the database.", step=step), "corrupt")
        game = self.core.game(record.game_id)
        state = play.loads(text)
        seats = await self.core.seats_of(record)
        names = [s.name for s in seats]
        if step == 0:
            setup, _ = render_events(
                game, *play.new_game(game, names, record.options, record.seed or 0), [s.user_id for s in seats]
            )
            what = [numbered(0, line) for line in setup] or [numbered(0, msg("The game was set up."))]
        else:
            what = step_lines((await self.core.store.actions(record.id, since=step - 1))[0], names)
        view = game.public_view(state)
        head = msg(
            "{title}: the board after step {step} of {version}.", title=record.title, step=step, version=record.version
        )
        coloured = with_colours(view, table_colours(game, [s.colour for s in seats]))
        return PastBoard(record.id, step, [head] + what, coloured, game.view_text(view))

    # --- export and import ----------------------------------------------------------------
    async def export(self, channel_id: str | int, game_row: int | None = None) -> Export:
        """The channel's latest game as a JSON record (see the module docstring for what it holds)."""
        record = await self._started(channel_id, game_row)
        seats = await self.core.seats_of(record)
        ended = record.status in ENDED
        rows = await self.core.store.actions(record.id)
        secret = set() if ended else await self._unrevealed(record, rows)
        data: dict[str, Any] = {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": record.game_id,
            "title": record.title,
            "rules_version": record.rules_version,
            "spec": record.spec,
            "options": record.options,
            "clock": record.clock,
            "status": record.status,
            "version": record.version,
            "exported_at": self.core.now(),
            "players": [{"seat": i, "name": s.name, "colour": s.colour} for i, s in enumerate(seats)],
            "seat_changes": [
                {"seat": h.seat, "name": h.name, "from_version": h.from_version, "reason": h.reason}
                for h in await Records(self.core.store).holders(record.id)
                if h.reason != "start"
            ],
            "actions": [
                {
                    "version": a.version,
                    "seat": a.seat,
                    "kind": a.kind,
                    "text": None if a.version in secret else a.text,
                    "undo_barrier": a.undo_barrier,
                    "public": a.public_lines,
                    "at": a.created_at,
                }
                for a in rows
            ],
        }
        if ended:
            data["seed"] = record.seed
            data["final_state"] = play.loads(await self.core.store.snapshot(record.id, record.version) or "null")
        else:
            data["note"] = NO_SEED
        name = f"{record.game_id}-{record.id}-v{record.version}.json"
        return Export(name, json.dumps(data, indent=1, sort_keys=True), ended, len(secret))

    async def _unrevealed(self, record: GameRecord, rows: list[ActionRecord]) -> set[int]:
        """Versions after the latest reveal taken while a parallel (secret) decision was open."""
        game = self.core.game(record.game_id)
        last = max((a.version for a in rows if a.undo_barrier), default=0)
        hidden = set()
        for a in rows:
            if a.version > last and a.kind != "rollback":
                before = play.loads(await self.core.store.snapshot(record.id, a.version - 1) or "{}")
                if any(d.mode != SINGLE for d in play.pending(game, before)):
                    hidden.add(a.version)
        return hidden

    async def import_record(
        self, channel_id: str | int, guild_id: str | int | None, user_id: str | int, name: str, text: str | bytes
    ) -> Announcement:
        """Rebuild an ended game's export in the channel as a read-only game; refuses anything else."""
        data, name = clean(_parse(text)), display_name(name)
        if data.get("seed") is None or "final_state" not in data:
            raise ServiceError(NO_SEED, "no_seed")
        game = self.core.game(str(data["game"]))
        if data["rules_version"] != game.spec.rules_version:
            raise ServiceError(
                msg(
                    "This record was played under {title} rules version "
                    "{played}; this bot runs version {current}, "
                    "so it can't be replayed faithfully.",
                    title=game.spec.title,
                    played=data["rules_version"],
                    current=game.spec.rules_version,
                ),
                "rules_version",
            )
        if await self.core.store.live_game(uid(channel_id)) is not None:
            raise ServiceError(msg("This channel has a game in progress; import into another channel."), "channel_busy")
        try:
            options, seed, status = dict(data["options"]), int(data["seed"]), str(data["status"])
            players = sorted(data["players"], key=lambda p: int(p["seat"]))
            names = [str(p["name"]) for p in players]
            if [int(p["seat"]) for p in players] != list(range(len(players))) or status not in ENDED:
                raise ValueError("seats or status out of range")
            rows = [
                ActionRecord(
                    int(a["version"]),
                    int(a["seat"]),
                    imported_user(int(a["seat"])),
                    str(a["kind"]),
                    str(a["text"]),
                    bool(a["undo_barrier"]),
                    [str(x) for x in a["public"]],
                    str(a["at"]),
                )
                for a in data["actions"]
            ]
            snapshots, said = replay_steps(game, names, options, seed, rows)
        except IllegalAction as exc:
            raise ServiceError(msg("The record does not replay: {reason}", reason=exc.message), "bad_import") from None
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise ServiceError(
                msg("This file is not a complete game record ({reason}).", reason=shorten(str(exc))), "bad_import"
            ) from None
        except Exception:  # a rules bug met on the way: logged, and nothing is stored
            log.exception("import of a %s record: the engine failed while replaying it", game.spec.id)
            raise ServiceError(
                msg(
                    "Replaying this record hit an error in the game's rules, so nothing was imported; "
                    "the error was logged."
                ),
                "bad_import",
            ) from None
        if not same_state(game, play.dumps(data["final_state"]), snapshots[-1]):
            raise ServiceError(
                msg(
                    "Replaying this record does not reproduce its final state, so it was not "
                    "imported (was it edited, or made by a different version of the rules?)."
                ),
                "bad_import",
            )
        differs = check_lines(game, names, rows, snapshots, said)
        if differs is not None:
            raise ServiceError(differs, "bad_import")
        row = await Records(self.core.store).import_game(
            channel_id=uid(channel_id),
            guild_id=None if guild_id is None else uid(guild_id),
            game_id=game.spec.id,
            title=game.spec.title,
            options=options,
            spec=str(data.get("spec") or ""),
            rules_version=game.spec.rules_version,
            clock=str(data.get("clock") or "none"),
            status=status,
            seed=seed,
            creator_id=uid(user_id),
            seats=[(str(p["name"]), p.get("colour")) for p in players],
            actions=rows,
            snapshots=snapshots,
            now=self.core.now(),
        )
        return Announcement(
            row,
            [
                msg(
                    "{player} imported a {title} record ({n} players, {steps} steps, {status}) as a read-only "
                    "game: `/game history`, `/game log` and `/game board` show it.",
                    player=name,
                    title=game.spec.title,
                    n=len(names),
                    steps=len(snapshots) - 1,
                    status=status_word(status),
                )
            ],
        )


def _parse(text: str | bytes) -> dict[str, Any]:
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        data = None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ServiceError(msg("This file is not a game record exported by `/game export`."), "bad_import")
    if data.get("format_version") != FORMAT_VERSION:
        raise ServiceError(
            msg(
                "This record has format version {version}; this bot reads version {current}.",
                version=str(data.get("format_version")),
                current=FORMAT_VERSION,
            ),
            "bad_import",
        )
    missing = [k for k in ("game", "rules_version", "options", "status", "players", "actions") if k not in data]
    if missing:
        raise ServiceError(
            msg("This game record is incomplete (missing {fields}).", fields=", ".join(missing)), "bad_import"
        )
    return data
