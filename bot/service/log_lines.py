"""The public lines of stored steps, and the check that an imported record's lines are its replay's.

A stored step's public lines are the game's own event sentences, after at most one line the bot
writes itself when a step did not come from the player's own move: a deadline's default, a
standing answer, an admin's force, a skipped turn, the AI standing in for an absent player; and, for
undo and rollback rows, only the bot's lines. Those lines are built here from templates, so that
:func:`check_lines` can regenerate every step of a replayed record and refuse one whose lines were
edited. Only an admin's display name is not part of a record: it may be any short name without line
breaks.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection
from string import Formatter

from engine.core import PARALLEL, AnyGame, play
from engine.core.i18n import listing
from engine.core.takeback import TAKE_BACK_TEXT
from engine.core.text import shorten

from ..store.rows import ActionRecord
from .history import effective_actions
from .i18n import DOMAIN, msg
from .words import names_list

TOOL = "🛠"
FORCED = "🛠 {admin} (admin) forced the default for {player}: `{text}`."
STANDING = "🤖 {player}'s standing answer to “{prompt}”: `{text}`."
TIMED_OUT = "⏰ {player} ran out of time; the default `{text}` was played for them."
SKIPPED = "{who} skipped {player}'s turn after the deadline: {player} passes."
TOOK_BACK = "{player} took back their last action."
ROLLED_BACK = "🛠 {admin} (admin) rolled the game back to the board after step {step}."
AGREED = "⏪ Everyone agreed ({players}): back to the board after step {step}."
STOOD_IN = "🤖 The AI ({level}) played for {player}: `{text}`."
#: How :data:`STOOD_IN` read before a seat could be handed to the AI by its own player: still found in
#: stored logs, so still checked and translated.
STOOD_IN_ABSENT = "🤖 The AI ({level}) played for {player}, who is absent: `{text}`."
#: The templates above: each is a message id of ``bot.service`` (made with :func:`line`).
TEMPLATES = (FORCED, STANDING, TIMED_OUT, SKIPPED, TOOK_BACK, ROLLED_BACK, AGREED, STOOD_IN, STOOD_IN_ABSENT)
DOMAIN.declare_data(lambda: TEMPLATES)


def line(template: str, **fields: str | int) -> str:
    """The bot's own line from one of the :data:`TEMPLATES` (a message, translated at the edge)."""
    return DOMAIN.data(template, **fields)


_FREE = r"[^\n]{1,100}"  # a field a record does not fix (an admin's display name)
#: How many of the steps a proposal takes back it names (the latest).
NAMED = 5


def proposal_lines(
    names: list[str],
    seat: int,
    target: int,
    undone: list[ActionRecord],
    waiting: list[str],
    hidden: Collection[int] = (),
) -> list[str]:
    """A proposal to go back to the board after step ``target`` (taking back ``undone``) by ``seat``;
    the steps of versions in ``hidden`` (:func:`hidden_answers`) are named without their text."""
    latest = [
        msg("{player} an answer (hidden)", player=names[a.seat])
        if a.version in hidden
        else msg("{player} `{text}`", player=names[a.seat], text=a.text)
        for a in undone[-NAMED:]
        if 0 <= a.seat < len(names)
    ]
    fields = {"player": names[seat], "step": target, "n": len(undone)}
    lines = [
        msg(
            "⏪ {player} asks to go back to the board after step {step} "
            "(`/game history step:{step}` shows it), taking back {n} action(s), the latest {latest}.",
            latest=listing(latest, ""),
            **fields,
        )
        if latest
        else msg(
            "⏪ {player} asks to go back to the board after step {step} "
            "(`/game history step:{step}` shows it), taking back {n} action(s).",
            **fields,
        )
    ]
    if any(a.undo_barrier for a in undone):
        lines.append(
            msg(
                "This goes back past a random draw or a reveal; the same draw comes out again "
                "(the shuffle is part of the saved board)."
            )
        )
    lines.append(msg("Everyone must agree; waiting for {players}.", players=names_list(waiting)))
    return lines


def hidden_answers(
    game: AnyGame, rows: list[ActionRecord], named: list[ActionRecord], board: Callable[[int], str | None]
) -> set[int]:
    """Versions of the ``named`` steps that are secret answers still: answers to a parallel window
    (everyone at once; the window holds them until the last is in, then reveals them all) given
    after the latest reveal in ``rows`` (the log so far). A public message may name them only once
    that reveal came. ``board(v)`` is the stored board after version ``v`` (read only before a named
    step that may be secret; a missing one counts as secret). A take-back is no secret: its own
    line says who took an answer back.
    """
    revealed = max((a.version for a in rows if a.undo_barrier), default=0)
    hidden = set()
    for a in named:
        if a.version <= revealed or a.text == TAKE_BACK_TEXT:
            continue
        before = board(a.version - 1)
        if before is None or any(
            d.player == a.seat and d.mode == PARALLEL for d in play.pending(game, play.loads(before))
        ):
            hidden.add(a.version)
    return hidden


def pattern(template: str, **fixed: str | list[str]) -> re.Pattern[str]:
    """``template`` as a regular expression: each named field is one of its ``fixed`` values, or any
    short text when not given; a field used twice must read the same both times.

    >>> bool(pattern(SKIPPED, who=["Ann", "Bob"], player="Bob").fullmatch(
    ...     "Ann skipped Bob's turn after the deadline: Bob passes."))
    True
    """
    parts, seen = [], set()
    for literal, field, _, _ in Formatter().parse(template):
        parts.append(re.escape(literal))
        if field is None:
            continue
        if field in seen:
            parts.append(f"(?P={field})")
            continue
        seen.add(field)
        value = fixed.get(field)
        choices = [value] if isinstance(value, str) else value
        body = _FREE if choices is None else "|".join(re.escape(c) for c in choices) or "(?!)"
        parts.append(f"(?P<{field}>{body})")
    return re.compile("".join(parts))


def check_lines(
    game: AnyGame, names: list[str], rows: list[ActionRecord], snapshots: list[str], events: list[list[str]]
) -> str | None:
    """``None`` when every row's public lines are what the replay produces (``snapshots`` and the
    event sentences ``events`` per version, from :func:`~bot.service.history.replay_steps`); otherwise a
    message naming the first step whose lines differ."""
    for index, row in enumerate(rows):
        stored, said = row.public_lines, events[row.version]
        if row.kind == "action":
            if len(stored) == len(said) + 1 and any(
                p.fullmatch(stored[0]) for p in _action_heads(game, names, row, snapshots)
            ):
                stored = stored[1:]  # the bot's own line: a deadline, a standing answer, an admin, a skip
            if stored != said:
                return _differs(row.version, stored, said)
        elif not any(
            len(c) == len(stored) and all(p.fullmatch(line) for p, line in zip(c, stored, strict=True))
            for c in _bot_lines(game, names, row, rows[:index], snapshots)
        ):
            return _differs(row.version, stored, None)
    return None


def _action_heads(game: AnyGame, names: list[str], row: ActionRecord, snapshots: list[str]) -> list[re.Pattern[str]]:
    player, text = names[row.seat] if 0 <= row.seat < len(names) else "?", row.text
    before = play.loads(snapshots[row.version - 1])
    prompts = [d.prompt or d.kind for d in play.pending(game, before) if d.player == row.seat]
    heads = [
        pattern(TIMED_OUT, player=player, text=text),
        pattern(FORCED, player=player, text=text),
        pattern(STANDING, player=player, prompt=prompts, text=text),
        pattern(STOOD_IN, player=player, text=text),
        pattern(STOOD_IN_ABSENT, player=player, text=text),
    ]
    if text == "pass":
        heads.append(pattern(SKIPPED, who=names, player=player))
    return heads


def _bot_lines(
    game: AnyGame, names: list[str], row: ActionRecord, earlier: list[ActionRecord], snapshots: list[str]
) -> list[list[re.Pattern[str]]]:
    """The line lists an undo or rollback row may carry."""
    player = names[row.seat] if 0 <= row.seat < len(names) else "?"
    if row.kind == "undo":
        return [[pattern(TOOK_BACK, player=player)]]
    if row.kind != "rollback" or not row.text.isdigit():
        return []
    step = row.text
    undone = [a for a in effective_actions(earlier) if a.version > int(step)]
    hidden = hidden_answers(game, earlier, undone[-NAMED:], snapshots.__getitem__)
    solo = proposal_lines(names, row.seat, int(step), undone, [], hidden) if 0 <= row.seat < len(names) else []
    return [
        [pattern(ROLLED_BACK, step=step)],
        [pattern(AGREED, players=names_list(names), step=step)],
        [re.compile(re.escape(line)) for line in solo],
    ]


def _differs(version: int, stored: list[str], expected: list[str] | None) -> str:
    """The refusal for step ``version``: its first line that differs from ``expected`` (``None``: an
    undo or rollback row, whose lines are all the bot's own)."""
    at = (
        0
        if expected is None
        else next(
            (i for i, (a, b) in enumerate(zip(stored, expected, strict=False)) if a != b),
            min(len(stored), len(expected)),
        )
    )
    told = msg("“{line}”", line=shorten(stored[at])) if at < len(stored) else msg("nothing more")
    if expected is None:
        return msg(
            "Step {step} of this record does not match its replay: its log says {told}, which the bot never "
            "writes for this step. Nothing was imported (was the file edited?).",
            step=version,
            told=told,
        )
    wanted = msg("“{line}”", line=shorten(expected[at])) if at < len(expected) else msg("nothing more")
    return msg(
        "Step {step} of this record does not match its replay: its log says {told}, where the replay says "
        "{wanted}. Nothing was imported (was the file edited?).",
        step=version,
        told=told,
        wanted=wanted,
    )
