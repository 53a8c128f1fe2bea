"""Pure helpers over a game's log: the undo stack, replay, event sentences and log pages."""

from __future__ import annotations

from typing import Any

from engine.core import Event, Game, State, play

from .store import ActionRecord


def effective_actions(actions: list[ActionRecord]) -> list[ActionRecord]:
    """The log as it stands after undos: each ``action`` row pushes, each ``undo`` row pops."""
    stack: list[ActionRecord] = []
    for row in actions:
        if row.kind == "action":
            stack.append(row)
        elif stack:
            stack.pop()
        else:
            raise ValueError(f"undo at version {row.version} has nothing to take back")
    return stack


def canonical(state: State) -> State:
    """The state as stored (sorted keys), so a live game iterates its dicts exactly like a
    game reloaded after a restart or an undo."""
    return play.loads(play.dumps(state))


def replay_log(
    game: Game, names: list[str], options: dict[str, Any], seed: int, actions: list[ActionRecord]
) -> State:
    """Rebuild the current state from set-up, the seed and the stored log, like the service does."""
    state = canonical(play.new_game(game, names, options, seed)[0])
    for row in effective_actions(actions):
        play.apply_in_place(game, state, row.seat, play.parse_action(game, state, row.seat, row.text))
        state = canonical(state)
    return state


def render_events(
    game: Game, state: State, events: list[Event], users: list[str]
) -> tuple[list[str], dict[str, list[str]]]:
    """Public sentences, and private sentences keyed by the user holding each seat."""
    public: list[str] = []
    private: dict[str, list[str]] = {}
    for event in events:
        text = game.event_text(state, event)
        if text.public:
            public.append(text.public)
        if text.private and text.player is not None and 0 <= text.player < len(users):
            private.setdefault(users[text.player], []).append(text.private)
    return public, private


def log_lines(actions: list[ActionRecord], names: list[str], setup: list[str]) -> list[str]:
    """One public line per stored sentence, numbered by version; undo rows say so."""
    lines = [f"#0 {line}" for line in setup]
    for row in actions:
        who = names[row.seat] if 0 <= row.seat < len(names) else "?"
        if row.kind == "undo":
            lines.append(f"#{row.version} {who} took back their last action.")
        elif row.public_lines:
            lines += [f"#{row.version} {line}" for line in row.public_lines]
        else:
            lines.append(f"#{row.version} {who} acted.")
    return lines


def page_of(lines: list[str], page: int | None, size: int) -> tuple[list[str], int, int]:
    """Page ``page`` (1 = oldest; ``None`` or past the end = newest) and the page count."""
    pages = max(1, -(-len(lines) // size))
    number = pages if page is None or page > pages else max(1, page)
    if page is not None and page < 0:  # -1 = newest, -2 = one before...
        number = max(1, pages + 1 + page)
    start = (number - 1) * size
    return lines[start:start + size], number, pages
