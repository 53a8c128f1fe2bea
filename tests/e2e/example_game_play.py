"""Secret Nim (``examples/nim``), installed as a distribution of its own, played through the service
and through the bot on the Discord fakes.

Not a ``test_*`` module: ``test_example_game.py`` installs the example outside the source tree and
runs these tests in a process of their own with it on the path, so the game is found by discovery
and never registered in this process. Without it installed they fail, naming what is missing. They
find the game only through the registry and its renderer only through ``render``: nothing here
imports the example's packages.
"""

from __future__ import annotations

import sys
from collections.abc import AsyncIterator, Callable
from importlib.metadata import distribution
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]
for folder in ("bot_service", "bot_discord"):  # their helpers, imported as the suites there import them
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))

from bot_helpers import CHANNEL, service_at, stored_state, user  # noqa: E402
from discord_fakes import (  # noqa: E402
    ANN,
    BOB,
    CY,
    NAMES,
    PLAYABLE,
    Call,
    FakeDiscord,
    Guild,
    open_table,
    pinged,
    shown,
    start_bot,
    table_now,
    turn_pings,
)

from bot.service.change import Step  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from engine.core import AnyGame, Outcome, find_game, play  # noqa: E402
from render import drawer  # noqa: E402
from render.i18n import tr  # noqa: E402

GAME_ID, TITLE, DIST = "secret_nim", "Secret Nim", "pbp-secret-nim"
REPO = TESTS.parent


@pytest.fixture
def nim() -> AnyGame:
    """The game, found by its title through the entry points of the installed distribution."""
    points = {(p.group, p.name): p.value for p in distribution(DIST).entry_points}
    assert points == {
        ("pbp_euro_bot.games", GAME_ID): "secret_nim:GAME",
        ("pbp_euro_bot.renderers", GAME_ID): "secret_nim_render",
    }
    game = find_game(TITLE)
    assert game.spec.id == GAME_ID
    module = sys.modules[type(game).__module__]
    assert not Path(str(module.__file__)).resolve().is_relative_to(REPO), "the game must come from the installed copy"
    assert drawer(GAME_ID).__name__ == "secret_nim_render"
    return game


# --- through the service, at a Japanese table ------------------------------------------------------
def answer(uid: str, texts: list[str]) -> str:
    """Ann takes the most she may and puts a stone back when asked; Bob takes 1 and keeps his."""
    if uid == user("Ann"):
        return "put back" if "put back" in texts else max(t for t in texts if t.startswith("take "))
    return "keep" if "keep" in texts else "take 1"


async def test_a_whole_game_through_the_service(nim: AnyGame, tmp_path: Path) -> None:
    async with service_at(tmp_path / "games.sqlite3") as svc:
        await svc.lobby.open(CHANNEL, "guild", user("Ann"), "Ann", TITLE, {}, language="ja")
        await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
        result: Step = await svc.lobby.start(CHANNEL, user("Ann"), seed=4)
        row = result.game_row or 0
        lines: list[str] = []
        shapes: set[str] = set()
        took_back = False
        for _ in range(100):
            if result.game_over:
                break
            table = await svc.table_in(CHANNEL)
            assert table is not None
            shapes |= {d.shape.type for d in table.decisions() if d.shape is not None}
            if len(result.waiting) == 2 and not took_back:  # the secret choice: answer, take back, answer
                result = await choose_and_take_back(svc, result)
                took_back = True
            uid = result.waiting[0]
            seat = table.seat_of(uid)
            # the amount is offered privately (its shape is secret), the confirm on the turn message
            assert table.secret(seat) == ("take" in {d.kind for d in table.decisions(seat)})
            result = await svc.play.act(CHANNEL, uid, answer(uid, result.legal[uid]), expected_version=result.version)
            lines += [tr(line, "ja") for line in result.public]
        assert result.game_over and took_back and shapes == {"amount", "confirm"}
        assert any(line.startswith("Annが石を1個戻しました") for line in lines)  # the confirm, answered yes
        assert any(line.startswith("公開：") for line in lines)
        assert isinstance(result.outcome, Outcome)
        final = [tr(line, "ja") for line in result.public]
        assert "最終得点：" in final and any("石 " in line and "最後の石 " in line for line in final)
        stored = (await stored_state(svc, row))[1]
        assert play.dumps(await svc.archive.rebuild(row)) == stored
        assert nim.outcome(play.loads(stored)) == result.outcome


async def choose_and_take_back(svc: GameService, opened: Step) -> Step:
    """The first to choose sees their amount privately, takes it back and chooses again; the other's
    choice closes the window and reveals both."""
    first = opened.waiting[0]
    chosen = await svc.play.act(CHANNEL, first, "take 2", expected_version=opened.version)
    public = [tr(line, "ja") for line in chosen.public]
    name = "Ann" if first == user("Ann") else "Bob"
    assert f"{name}が選びました。" in public and not any("2個" in line for line in public)
    assert [tr(line, "ja") for line in chosen.private[first]] == ["あなたは2個取ります。"]
    taken = await svc.play.act(CHANNEL, first, "take back", expected_version=chosen.version)
    assert sorted(taken.waiting) == sorted(opened.waiting)
    return await svc.play.act(CHANNEL, first, answer(first, taken.legal[first]), expected_version=taken.version)


# --- through the bot on the Discord fakes ----------------------------------------------------------
@pytest.fixture
async def guild(tmp_path: Path) -> AsyncIterator[Guild]:
    fake = FakeDiscord()
    bot = await start_bot(tmp_path / "games.sqlite3", fake)
    try:
        yield Guild(bot, fake)
    finally:
        await bot.close()


def components(call: Call | dict[str, Any]) -> list[dict[str, Any]]:
    payload = call.payload if isinstance(call, Call) else call
    rows = payload.get("components") or payload.get("data", {}).get("components") or []
    return [c for row in rows for c in row["components"]]


#: Each player's habit: Ann the last option listed (the most stones; put back), Bob and Cy the first.
HABITS: dict[int, Callable[[list[Any]], Any]] = {
    ANN[0]: lambda xs: xs[-1],
    BOB[0]: lambda xs: xs[0],
    CY[0]: lambda xs: xs[0],
}


async def click(guild: Guild, call: Call) -> tuple[int, list[Call]]:
    """The next waiting player clicks their habit among the options the message offers them, opening
    their private panel first when the message offers a panel."""
    table = await table_now(guild)
    who = int(table.waiting_users()[0])
    items = components(call)
    panel = next((c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel")), None)
    opened: list[Call] = []
    if panel is not None:
        opened = await guild.click(who, NAMES[who], call.reply, panel)
        assert opened[-1].ephemeral  # the secret choice is offered to the chooser alone
        items, message = components(opened[-1]), opened[-1].reply
    else:
        message = call.reply
    mine = [
        c
        for c in items
        if PLAYABLE.match(c.get("custom_id", "")) and table.users[int(PLAYABLE.match(c["custom_id"])[1])] == str(who)
    ]  # type: ignore[index]
    assert mine, f"nothing offered to {NAMES[who]}"
    if "options" in mine[0]:  # a select
        values = [HABITS[who](mine[0]["options"])["value"]]
        return who, opened + await guild.click(who, NAMES[who], message, mine[0]["custom_id"], values)
    return who, opened + await guild.click(who, NAMES[who], message, HABITS[who](mine)["custom_id"])


async def test_a_whole_game_through_discord(nim: AnyGame, guild: Guild) -> None:
    post = await open_table(guild, (ANN, BOB, CY), game=TITLE)  # /game new typed by the title
    table = await table_now(guild)
    assert table.game.spec.id == GAME_ID and pinged(post) == set(table.waiting_users())
    seen: set[str] = set()
    for _ in range(150):
        before = await table_now(guild)
        if not before.active:
            break
        seen |= {d.shape.type for d in before.decisions() if d.shape is not None}
        actor, calls = await click(guild, post)
        post = shown(calls)  # a new turn message, or the current one edited in place
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert [name for name, _ in post.files] == [f"board-{after.row}-{after.version}.png"]
        assert "You take" not in post.content  # a choice is told to its chooser alone
        expected = turn_pings(before, after, actor)
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
    final = await table_now(guild)
    assert final.record.status == "finished" and seen == {"amount", "confirm"}
    assert "Final scores:" in post.content and "Revealed: " in "\n".join(
        c.content for c in guild.fake.calls if c.content
    )
    assert await guild.bot.service.archive.rebuild(final.row) == final.state
    assert nim.outcome(final.state) is not None
