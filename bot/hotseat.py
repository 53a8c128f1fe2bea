"""The terminal's interactive hot seat: one game in channel ``terminal`` of a local database, every
seat typed at one keyboard (:mod:`bot.terminal` parses the command line and opens the store).

The help names examples from the game itself (:func:`typing_example`: a legal text of the position
on the board and the shortest abbreviation the parser accepts for it), so a new game needs no edit
here; the log names every step as ``/game log`` does, and names the actions that made no public
sentence, since every seat's moves are on this one screen anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TextIO

from engine.core import IllegalAction
from engine.core.text import match_text, normalize, shorten

from .service.change import Step
from .service.results import ServiceError, Status
from .service.service import GameService

CHANNEL = "terminal"
COMMANDS = "Commands: undo (or `name: undo`), log [page], board, help, quit."


class Position(Protocol):
    """What the loop reads of the game as it stands: a :class:`Status`, or the :class:`Step` of a move."""

    @property
    def version(self) -> int: ...

    @property
    def waiting(self) -> list[str]: ...

    @property
    def legal(self) -> dict[str, list[str]]: ...

    @property
    def game_over(self) -> bool: ...


def user_id(name: str) -> str:
    return f"term:{name.lower()}"


def abbreviation(text: str, texts: list[str]) -> str | None:
    """The shortest typing of ``text`` that names it alone among ``texts``, when one is shorter than
    the text: the first two (or more) letters of its first words, as the action parser reads them.

    >>> abbreviation("build small-market", ["build small-market", "build small-warehouse", "pass"])
    'bu sm ma'
    >>> abbreviation("settler", ["settler", "mayor", "builder"])
    'se'
    >>> abbreviation("go", ["go", "gone"]) is None
    True
    """
    words = normalize(text).split(" ")
    target = [normalize(t) for t in texts].index(normalize(text))
    best: str | None = None
    for count in range(1, len(words) + 1):
        for cut in range(2, max(len(w) for w in words) + 1):
            typed = " ".join(w[:cut] for w in words[:count])
            try:
                if match_text(typed, texts) != target:
                    continue
            except IllegalAction:
                continue
            if len(typed) < len(normalize(text)) and (best is None or len(typed) < len(best)):
                best = typed
            break
    return best


def typing_example(legal: dict[str, list[str]]) -> str | None:
    """ "`b sm` for `build small-market`": a legal text of the first seat to act that has a shorter
    typing (preferring texts of several words), or ``None``."""
    for texts in legal.values():
        for text in sorted(texts, key=lambda t: -len(t.split())):
            short = abbreviation(text, texts)
            if short:
                return f"`{short}` for `{text}`"
    return None


def help_text(status: Position) -> str:
    """How to type, with an example from the position on the board."""
    example = typing_example(status.legal)
    shortcut = f"; the first letters of each word work (e.g. {example})" if example else ""
    return f"Type `name: action` or, when exactly one player is to act, just the action{shortcut}.\n{COMMANDS}"


class Session:
    """The interactive loop: one game in channel ``terminal`` of the database."""

    def __init__(self, svc: GameService, out: TextIO, read: Callable[[str], str]) -> None:
        self.svc, self.out, self.read = svc, out, read
        self.names: list[str] = []

    def say(self, lines: list[str]) -> None:
        for line in lines:
            self.out.write(line + "\n")

    def report(self, result: Step) -> None:
        self.say(result.public)
        for who, lines in result.private.items():
            self.say([f"[to {self.name_of(who)}] {line}" for line in lines])

    def name_of(self, uid: str) -> str:
        return next((n for n in self.names if user_id(n) == uid), uid)

    async def board(self) -> Status:
        status = await self.svc.play.status(CHANNEL)
        public = (await self.svc.play.view(CHANNEL)).text
        self.say([public])
        shown = set(public.splitlines())
        for uid in status.waiting:  # only what the public board does not already show
            own = (await self.svc.play.view(CHANNEL, uid, private=True)).text
            extra = [line for line in own.splitlines() if line not in shown]
            if extra:
                self.say([f"{self.name_of(uid)} only:"] + [f"  {line}" for line in extra])
        self.say(status.lines)
        for uid, texts in status.legal.items():
            self.say([f"{self.name_of(uid)} may: " + ", ".join(texts)])
        return status

    def who_and_what(self, line: str, waiting: list[str]) -> tuple[str, str]:
        """Split ``name: text``; a bare text belongs to the only player to act."""
        head, sep, rest = line.partition(":")
        if sep:
            wanted = head.strip().lower()
            exact = [n for n in self.names if n.lower() == wanted]
            hits = exact or [n for n in self.names if n.lower().startswith(wanted)]
            if len(hits) == 1:
                return user_id(hits[0]), rest.strip()
            if wanted and " " not in wanted:
                raise ServiceError(f"`{shorten(head)}` is not one player; players: {', '.join(self.names)}.")
        if len(waiting) != 1:
            names = ", ".join(self.name_of(u) for u in waiting)
            raise ServiceError(f"Several players must act now ({names}): type `name: action`.")
        return waiting[0], line.strip()

    async def step(self, line: str, status: Position) -> Position | None:
        """Handle one line; ``None`` means quit."""
        word, _, arg = line.strip().partition(" ")
        command = word.lower()
        if command in {"quit", "exit", "q"}:
            return None
        if command == "help":
            self.say([help_text(status)])
            return status
        if command == "board":
            return await self.board()
        if command == "log":
            page = int(arg) if arg.strip().lstrip("-").isdigit() else None
            self.say((await self.svc.archive.log(CHANNEL, page, reveal=True)).lines)
            return status
        who, text = self.who_and_what(line, status.waiting)
        if text.lower() == "undo":
            result = await self.svc.play.undo(CHANNEL, who, expected_version=status.version)
        else:
            result = await self.svc.play.act(CHANNEL, who, text, expected_version=status.version)
        self.report(result)
        if not result.game_over:
            await self.board()
        return result

    async def play(self, started: Step | None) -> int:
        """Show the board and take lines until the game ends, ``quit`` or the end of input."""
        if started is not None:
            self.report(started)
        asked = await self.svc.play.status(CHANNEL)
        self.names = [s.name for s in await self.svc.store.seats(asked.game_row)]
        status: Position = await self.board()
        self.say([help_text(status)])
        while not status.game_over:
            try:
                line = self.read("> ")
            except EOFError:
                break
            if not line.strip():
                continue
            try:
                next_status = await self.step(line, status)
            except (ServiceError, ValueError) as exc:
                self.say([str(exc)])
                continue
            if next_status is None:
                break
            status = next_status
        return 0
