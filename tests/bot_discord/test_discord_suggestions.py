"""``/play``'s autocomplete answers from memory (issue 24): Discord asks at every keystroke, so on a
warm table a look-up runs no database statement, the reader's language included; after a move it
suggests the new version's options, never the old ones."""

from __future__ import annotations

from typing import Any

from discord_fakes import NAMES, Guild, open_table, table_now
from sqlalchemy import event


async def test_autocomplete_on_a_warm_table_runs_no_statement_and_follows_a_move(guild: Guild) -> None:
    await open_table(guild)
    table = await table_now(guild)
    actor = int(table.waiting_users()[0])
    await guild.autocomplete(actor, NAMES[actor], "play", "action", action="")  # the reader's language read once
    sent: list[str] = []

    def note(_conn: Any, _cursor: Any, statement: str, *_rest: Any) -> None:
        sent.append(statement)

    engine = guild.bot.service.core.store.db.engine  # type: ignore[attr-defined]
    event.listen(engine, "before_cursor_execute", note)
    try:
        for typed in ("r", "ro", "rol", "role b"):
            shown = await guild.autocomplete(actor, NAMES[actor], "play", "action", action=typed)
            assert shown and all(t.startswith("role") for t in shown)
        assert sent == [], sent
        await guild.command(actor, NAMES[actor], "play", action="role builder")
        sent.clear()
        shown = await guild.autocomplete(actor, NAMES[actor], "play", "action", action="")
        assert sent == [], "the move's stored table answers"
    finally:
        event.remove(engine, "before_cursor_execute", note)
    after = await table_now(guild)
    assert after.version == table.version + 1
    assert shown == after.texts(after.seat_of(actor))[: len(shown)] and "role builder" not in shown
