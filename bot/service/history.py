"""Pure helpers over a game's log: the undo stack, replay, event sentences, log pages and who played
which seat."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeAlias

from engine.core import AnyGame, play
from engine.core.datapack import PackGame
from engine.core.takeback import TakeBackEvent

from ..store.records import Holder
from ..store.rows import ActionRecord, SeatRecord
from .i18n import msg
from .records import Event, State

#: A log page fits one Discord message (2000 characters) with its header.
PAGE_CHARS = 1900
MAX_LINE = 600
_Node: TypeAlias = "tuple[ActionRecord, _Node] | None"


def effective_actions(actions: list[ActionRecord]) -> list[ActionRecord]:
    """The log as it stands: each ``action`` row pushes, each ``undo`` row pops, and a ``rollback``
    row (``text`` = the version it restored) returns to the stack as it stood after that version."""
    top: _Node = None
    after: dict[int, _Node] = {0: None}  # the stack after each version, shared (a persistent list)
    for row in actions:
        if row.kind == "action":
            top = (row, top)
        elif row.kind == "rollback":
            target = int(row.text)
            if target not in after:
                raise ValueError(f"rollback at version {row.version} to unknown version {target}")
            top = after[target]
        elif top is not None:
            top = top[1]
        else:
            raise ValueError(f"undo at version {row.version} has nothing to take back")
        after[row.version] = top
    stack: list[ActionRecord] = []
    while top is not None:
        stack.append(top[0])
        top = top[1]
    return stack[::-1]


def canonical(state: State) -> State:
    """The state as stored (sorted keys), so a live game iterates its dicts exactly like a
    game reloaded after a restart or an undo."""
    return play.loads(play.dumps(state))


def same_state(game: AnyGame, one: str | None, other: str | None) -> bool:
    """True when two stored state JSONs (``None``: no state) are the same state of ``game``: equal,
    or different only in how they name the same data pack. A game set up before its pack's
    comments or citations changed recorded a former fingerprint of the pack, while a replay from
    set-up records the current one (:meth:`~engine.core.datapack.DataPacks.current`)."""
    if one == other:
        return True
    if one is None or other is None or not isinstance(game, PackGame):
        return False
    return _pack_named_now(game, one) == _pack_named_now(game, other)


def _pack_named_now(game: PackGame[Any, Any, Any, Any, Any], text: str) -> str:
    state = play.loads(text)
    try:
        return play.dumps(game.packs.current(state))
    except (KeyError, TypeError, ValueError):  # no pack recorded, or one not loaded: as stored
        return text


def replay_log(
    game: AnyGame, names: list[str], options: dict[str, Any], seed: int, actions: list[ActionRecord]
) -> State:
    """Rebuild the current state from set-up, the seed and the stored log, like the service does."""
    state = canonical(play.new_game(game, names, options, seed)[0])
    for row in effective_actions(actions):
        play.apply_in_place(game, state, row.seat, play.parse_action(game, state, row.seat, row.text))
        state = canonical(state)
    return state


def replay_steps(
    game: AnyGame, names: list[str], options: dict[str, Any], seed: int, actions: list[ActionRecord]
) -> tuple[list[str], list[list[str]]]:
    """The canonical state JSON after every version 0..n, as the service stores its snapshots, and
    the public event sentences of every version as the service renders them (none for set-up,
    undo and rollback rows).

    Raises :class:`ValueError` for a log whose versions are not 1..n or whose undos/rollbacks
    point nowhere, and :class:`~engine.core.IllegalAction` for an action that is not legal.
    """
    texts = [play.dumps(canonical(play.new_game(game, names, options, seed)[0]))]
    sentences: list[list[str]] = [[]]
    top: _Node = None
    after: dict[int, _Node] = {0: None}
    for row in actions:
        if row.version != len(texts):
            raise ValueError(f"version {row.version} follows version {len(texts) - 1}")
        if row.kind == "action":
            state = play.loads(texts[-1])
            events = play.apply_in_place(game, state, row.seat, play.parse_action(game, state, row.seat, row.text))
            sentences.append(render_events(game, state, events, [])[0])
            texts.append(play.dumps(state))
            top = (row, top)
        elif row.kind == "rollback" and row.text.isdigit() and int(row.text) < row.version:
            texts.append(texts[int(row.text)])
            sentences.append([])
            top = after[int(row.text)]
        elif row.kind == "undo" and top is not None:
            texts.append(texts[top[0].version - 1])
            sentences.append([])
            top = top[1]
        else:
            raise ValueError(f"step {row.version} ({row.kind} {row.text!r}) does not fit the log")
        after[row.version] = top
    return texts, sentences


def render_events(
    game: AnyGame, state: State, events: Sequence[Event | TakeBackEvent], users: list[str]
) -> tuple[list[str], dict[str, list[str]]]:
    """Public sentences, and private sentences keyed by the user holding each seat."""
    public: list[str] = []
    private: dict[str, list[str]] = {}
    for event in events:
        text = play.event_text(game, state, event)
        if text.public:
            public.append(text.public)
        if text.private and text.player is not None and 0 <= text.player < len(users):
            private.setdefault(users[text.player], []).append(text.private)
    return public, private


def log_lines(actions: list[ActionRecord], names: list[str], setup: list[str], reveal: bool = False) -> list[str]:
    """One public line per stored sentence, numbered by version; undo rows say so (``reveal``: see
    :func:`step_lines`)."""
    lines = [numbered(0, line) for line in setup]
    for row in actions:
        lines += step_lines(row, names, reveal)
    return lines


def step_lines(row: ActionRecord, names: list[str], reveal: bool = False) -> list[str]:
    """The public lines of one stored step, numbered by its version.

    An action that made no public sentence (one step of a longer choice, an answer kept hidden
    until everybody answered) reads "Ann acted."; with ``reveal``, for a reader who sees every
    seat's moves anyway (the terminal's hot seat), it names the action: "Ann played `place corn`."
    """
    who = names[row.seat] if 0 <= row.seat < len(names) else "?"
    if row.public_lines:
        return [numbered(row.version, line) for line in row.public_lines]
    if row.kind == "undo":
        return [numbered(row.version, msg("{player} took back their last action.", player=who))]
    if row.kind == "rollback":
        return [numbered(row.version, msg("The game was rolled back to step {step}.", step=row.text))]
    if reveal:
        return [numbered(row.version, msg("{player} played `{text}`.", player=who, text=row.text))]
    return [numbered(row.version, msg("{player} acted.", player=who))]


def numbered(version: int, line: str) -> str:
    """A log line: ``#12 Ann ships 3 corn.``"""
    return msg("#{version} {line}", version=version, line=line)


def paginate(lines: list[str], size: int, budget: int = PAGE_CHARS) -> list[list[str]]:
    """Pages of at most ``size`` lines and ``budget`` characters, filled from the oldest line, so a
    page never changes once the log has grown past it; an over-long line is shortened.

    >>> [len(p) for p in paginate(["x" * 600] * 5, 20, 1900)]
    [3, 2]
    """
    pages: list[list[str]] = [[]]
    used = 0
    for line in lines:
        line = line if len(line) <= MAX_LINE else line[: MAX_LINE - 1] + "…"
        if pages[-1] and (len(pages[-1]) >= size or used + len(line) + 1 > budget):
            pages.append([])
            used = 0
        pages[-1].append(line)
        used += len(line) + 1
    return pages


def page_of(lines: list[str], page: int | None, size: int, budget: int = PAGE_CHARS) -> tuple[list[str], int, int]:
    """Page ``page`` (1 = oldest; ``None`` or past the end = newest; -1 = newest, -2 = one before...)
    and the page count."""
    pages = paginate(lines, size, budget)
    count = len(pages)
    number = count if page is None or page > count else max(1, page)
    if page is not None and page < 0:
        number = max(1, count + 1 + page)
    return pages[number - 1], number, count


def then_list(items: list[str]) -> str:
    """``a, then b, then c`` as one message."""
    line = items[-1]
    for item in reversed(items[:-1]):
        line = msg("{first}, then {rest}", first=item, rest=line)
    return line


def played_by(holders: list[Holder], seats: list[SeatRecord]) -> list[str]:
    """One line per seat that changed hands: ``Seat 2 (Ann): Ann, then Dee from step 12.``"""
    lines = []
    for seat, member in enumerate(seats):
        mine = [h for h in holders if h.seat == seat]
        if len(mine) > 1:
            chain = [mine[0].name or member.name] + [
                msg("{player} from step {step}", player=h.name or msg("a substitute"), step=h.from_version)
                for h in mine[1:]
            ]
            lines.append(
                msg("Seat {n} ({player}): {holders}.", n=seat + 1, player=member.name, holders=then_list(chain))
            )
    return lines
