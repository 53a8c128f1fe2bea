"""A Japanese table through the service (issue 16): every line the service itself writes is a
``bot.service`` message with a Japanese entry (no English word left in it), stored lines come back
as messages and redraw in Japanese, and English output is what it always was."""

from __future__ import annotations

import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

from bot_helpers import CHANNEL, play_random, service_at, user
from sqlalchemy import text

from bot.discord.views.layout import turn_text
from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.service.turn_text import status_lines
from bot.store.turn_messages import TurnMessages
from engine.core.i18n import Listing, Msg
from render.i18n import _template, tr

#: Words a Japanese line may keep: names of things people type or see as such.
KEPT = {"Discord", "IANA", "UTC", "DM"}
_CODE = re.compile(r"`[^`]*`|\{[a-z_]+\}|<[^>]*>|\]\([^)]*\)|https?://\S+")


def messages(value: Any) -> Iterator[Msg]:
    """Every message in ``value`` (lines, lists, dicts), parameters included."""
    if isinstance(value, Listing):
        for item in value.items:
            yield from messages(item)
    elif isinstance(value, Msg):
        yield value
        for param in value.params.values():
            yield from messages(param)
    elif isinstance(value, dict):
        for item in value.values():
            yield from messages(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from messages(item)


def english_left(message: Msg) -> list[str]:
    """The Latin words left in the Japanese template of a ``bot.service`` message (its fields, code
    spans, mentions and links aside)."""
    template = _template(message, "ja")
    words = re.findall(r"[A-Za-z]{2,}", _CODE.sub(" ", template))
    return [w for w in words if w not in KEPT]


def check_japanese(lines: Iterable[Any], seen: set[str]) -> None:
    for message in messages(list(lines)):
        if message.domain != "bot.service":
            continue
        seen.add(message.msgid)
        assert _template(message, "ja") != message.msgid or not re.search(
            "[A-Za-z]{2,}", _CODE.sub(" ", message.msgid)
        ), f"no Japanese for {message.msgid!r}"
        assert not english_left(message), f"English left in the Japanese of {message.msgid!r}"
        tr(message, "ja")  # the whole line translates (a broken template would fall back to English)


async def test_a_whole_puerto_rico_game_at_a_japanese_table(tmp_path: Path) -> None:
    seen: set[str] = set()
    async with service_at(tmp_path / "ja.sqlite3", seed=3) as svc:
        names = ("Ann", "Bob", "Cy")
        opened = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "puerto_rico", {}, clock="daily", language="ja")
        lines: list[Any] = [opened.public]
        for name in names[1:]:
            lines.append((await svc.lobby.join(CHANNEL, user(name), name)).public)
        lines.append((await svc.play.status(CHANNEL)).lines)
        lines.append(status_lines(await svc.table(opened.game_row or 0)))
        try:
            await svc.lobby.start(CHANNEL, user("Bob"))
        except ServiceError as exc:
            lines.append(exc.message)
        started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
        row = started.game_row or 0
        assert started.table.language == "ja"
        lines += [started.public, started.lines, started.private]
        lines.append(status_lines(started.table))
        text = turn_text(started.table, started.lines, started.ping)
        assert "手目" in text and "持ち時間" in text and "move" not in text  # drawn in the table's language
        idle = next(u for u in map(user, names) if u not in started.waiting)
        try:
            await svc.play.act(CHANNEL, idle, "pass")
        except ServiceError as exc:
            lines.append(exc.message)
        results = [started] + await play_random(svc, started, random.Random(3), undo_rate=0.1)
        for result in results:
            lines += [result.public, result.private]
            lines += [getattr(result, "lines", [])]
        final = results[-1]
        assert final.game_over and "Final scores:" in final.public
        assert any(r.public and "took back" in str(r.public[0]) for r in results)
        lines.append((await svc.play.status(CHANNEL)).lines)
        for page in (1, None):
            lines.append((await svc.archive.log(CHANNEL, page)).lines)
        lines.append((await svc.archive.history(CHANNEL, 0)).lines)
        lines.append((await svc.archive.history(CHANNEL, 5)).lines)
        for name in names:
            lines.append((await svc.stats.player(user(name))).lines(name))
            lines.append((await svc.away.my_games(user(name))).lines)
        lines.append((await svc.notify.settings(user("Ann"), mode="digest", quiet="22-07")).lines)
        lines.append((await svc.lobby.set_language(CHANNEL, user("Ann"), "ja")).public)
        again = await svc.lobby.rematch(row, user("Bob"))
        assert again.table.language == "ja"
        lines += [again.public, again.lines]
        check_japanese(lines, seen)
        final_ja = [tr(line, "ja") for line in final.public]
        assert "最終得点：" in final_ja and any(line.startswith(("勝者：", "同点勝利：")) for line in final_ja)
        log_ja = [tr(line, "ja") for line in (await svc.archive.log(CHANNEL, 1)).lines]
        assert log_ja[0].startswith("ログ")
    assert {"Final scores:", "{player} took back their last action.", "The game is over!"} <= seen
    assert len(seen) >= 25


async def test_stored_turn_lines_redraw_in_japanese_and_old_plain_rows_still_read(tmp_path: Path) -> None:
    path = tmp_path / "lines.sqlite3"
    async with service_at(path) as svc:
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {}, language="ja")
        await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
        started = await svc.lobby.start(CHANNEL, user("Ann"), seed=1)
        row, first = started.game_row or 0, started.waiting[0]
        await svc.play.act(CHANNEL, first, "step")
        await svc.play.undo(CHANNEL, first)
    async with service_at(path) as svc:  # a restarted bot reads the stored lines back
        turn = await TurnMessages(svc.store).get(row)
        assert turn is not None
        took = next(line for line in turn.lines if "took back" in line)
        assert isinstance(took, Msg) and took.domain == "bot.service"
        assert tr(took, "ja").endswith("が直前の手を取り消し。")
        stored = (await svc.store.actions(row))[-1].public_lines
        assert isinstance(stored[0], Msg) and tr(stored[0], "ja") == tr(took, "ja")
        log = (await svc.archive.log(CHANNEL)).lines
        assert any(tr(line, "ja").endswith("が直前の手を取り消し。") for line in log)
        await svc.store.query("SELECT 1")
        async with svc.store.transaction() as db:  # a row stored before languages: plain strings
            await db.execute(
                text("UPDATE turn_messages SET lines = :lines WHERE game = :game"),
                {"lines": '["Ann took back.", "x"]', "game": row},
            )
        old = await TurnMessages(svc.store).get(row)
        assert old is not None and old.lines == ["Ann took back.", "x"]
        assert [tr(line, "ja") for line in old.lines] == ["Ann took back.", "x"]


async def test_digest_lines_are_kept_as_messages(svc: GameService) -> None:
    row = (await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {})).game_row or 0
    await svc.core.notify.queue(user("Ann"), row, svc_line := _line(), svc.now())
    async with svc.store.transaction() as db:  # a line stored before languages: plain text
        await db.execute(
            text("INSERT INTO digest_items (user_id, game, line, created_at) VALUES (:user, :game, :line, :now)"),
            {"user": user("Ann"), "game": row, "line": "an old plain line", "now": svc.now()},
        )
    (_, back), (_, plain) = await svc.core.notify.waiting_items(user("Ann"))
    assert isinstance(back, Msg) and back == svc_line and tr(back, "ja") != str(back)
    assert plain == "an old plain line"


def _line() -> str:
    from bot.service.i18n import msg

    return msg("{line} (over your daily ping budget)", line="**Puerto Rico** (move 3)")
