"""The words of a turn message and of a status, from a :class:`~bot.service.game_ui.Table`: the
header, who must decide what (by mention or by name), who has answered, who sits where, and whom to
notify. A front end lays them out (the Discord layer: :mod:`bot.discord.views.layout`).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.core.i18n import listing

from ..store.rows import SeatRecord
from .clock import clock_label, preset, stamp
from .game_ui import Table
from .hours import stored
from .i18n import msg
from .words import joined, names_list, seating_list, status_word


def mention(user_id: str) -> str:
    return f"<@{user_id}>" if user_id.isdigit() else f"@{user_id}"


def asked(table: Table, seat: int, ping: list[str]) -> str:
    """How a prompt names ``seat``: by mention when pinged, else by name in bold; marked when the AI
    plays it for its absent player (an AI seat's own name says it is the AI)."""
    user = table.users[seat]
    who = mention(user) if user in ping else f"**{table.names[seat]}**"
    return msg("{player} (🤖 the AI plays for them)", player=who) if table.stand_ins[seat] else who


def prompt_lines(table: Table, ping: list[str]) -> list[str]:
    """Who must decide what: pinged users by mention, already-notified ones by name, and the seats
    the AI plays for their absent players marked so."""
    groups: dict[tuple[str, str], list[int]] = {}
    for d in table.decisions():
        groups.setdefault((d.kind, d.prompt or d.kind), []).append(d.player)
    lines = []
    for (_, question), seats in groups.items():
        who = listing([asked(table, s, ping) for s in dict.fromkeys(seats)], "")
        dues = sorted(table.due[s] for s in seats if s in table.due)
        lines.append(
            msg("➡️ {who}: {question} (due {due})", who=who, question=question, due=stamp(dues[0]))
            if dues
            else msg("➡️ {who}: {question}", who=who, question=question)
        )
    return lines


def header(table: Table) -> str:
    """``**Title** · move N`` and, for a timed game, its clock preset and table playing hours; then the
    game's data notice (e.g. provisional card values) as a second line when there is one."""
    speed = preset(table.record.clock)
    record = table.record  # stand-ins in tests may predate playing hours
    window = stored(getattr(record, "hours", None), getattr(record, "hours_tz", None))
    parts = [msg("**{title}** · move {version}", title=record.title, version=table.version)]
    if speed.limited:
        parts.append(msg("⏱ {clock}", clock=clock_label(speed)))
    if window:
        parts.append(msg("🕘 plays {hours}", hours=window.label))
    top = joined(parts, " · ")
    data = table.notice()
    return msg("{header}\n⚠️ {notice}", header=top, notice=data) if data else top


def seat_names(seats: Sequence[SeatRecord]) -> list[str]:
    """Each seat's name, marked where the AI stands in for its player (an AI seat's own name says it
    is the AI: ``🤖 AI 1 (easy)``)."""
    return [msg("{player} (🤖 AI standing in)", player=s.name) if s.stand_in else s.name for s in seats]


def seats_line(table: Table) -> str:
    """``Seats: 1. Ann (red · R), 2. Bob (🤖 AI standing in) (blue · B).``: who sits where, in which
    colour, and which seats the AI plays."""
    return msg("Seats: {seats}.", seats=seating_list(seat_names(table.seats), table.colours))


def answered_line(table: Table) -> list[str]:
    """Who has answered an open parallel decision (never what): ``✅ Answered: Ann and Bob.``"""
    seats = table.answered_seats()
    return [msg("✅ Answered: {players}.", players=names_list([table.names[s] for s in seats]))] if seats else []


def to_ping(after: list[str], before: list[str], actor: str | None) -> list[str]:
    """Users to notify: those who must act now, except idle ones already asked before this action.

    >>> to_ping(["b", "c"], ["a", "b", "c"], "a")
    []
    >>> to_ping(["a"], ["a"], "a")
    ['a']
    """
    return [u for u in after if u not in before or u == actor]


def status_lines(table: Table) -> list[str]:
    """Short status: lobby members, whose turn and what, or the result."""
    record = table.record
    if record.status == "lobby":
        spec = table.game.spec
        data = table.notice()
        return [
            msg(
                "{title} lobby: {players} ({n} of {low}–{high} players).",
                title=record.title,
                players=names_list(table.names),
                n=len(table.names),
                low=spec.min_players,
                high=spec.max_players,
            )
        ] + ([msg("⚠️ {notice}", notice=data)] if data else [])
    if record.status != "active":
        return [
            msg(
                "The last {title} game here is {status} (move {version}).",
                title=record.title,
                status=status_word(record.status),
                version=record.version,
            )
        ]
    return [header(table)] + prompt_lines(table, [])
