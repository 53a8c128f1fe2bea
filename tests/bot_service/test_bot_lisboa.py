"""Lisboa through the service: whole games to final scoring with every decision offered by the
component planner and ``/play``, the data notice, and a game whose data pack is not loaded."""

from __future__ import annotations

import io
import random
from pathlib import Path
from typing import Any

import pytest
from bot_helpers import CHANNEL, refused, service_at, start_game, stored_state, user, waiting_users
from bot_lisboa import check_offers, latest_state, store_state
from sqlalchemy import func

from bot import terminal
from bot.service.service import GameService
from bot.store import schema
from engine.core import get_game, play

GAME = get_game("lisboa")
NOTICE = GAME.notice()


@pytest.mark.parametrize(
    ("seed", "names", "options"),
    [
        (3, ("Ann", "Bob", "Cy", "Dee"), {}),
        (4, ("Ann", "Bob"), {"starting_draft": True}),
    ],
)
async def test_whole_game_to_final_scoring_every_option_offered(
    tmp_path: Path, seed: int, names: tuple[str, ...], options: dict[str, Any]
) -> None:
    """Random legal play to the end; at every step each waiting seat's options are all reachable by
    buttons/selects (within Discord's limits) and ``/play``, and no public component names a hand card."""
    async with service_at(tmp_path / "lisboa.sqlite3", seed=seed) as svc:
        result = await start_game(svc, names, options, seed=seed, game_id="lisboa")
        row = result.game_row or 0
        users = [s.user_id for s in await svc.store.seats(row)]
        rng, kinds = random.Random(seed), set()
        for _ in range(3000):
            if result.game_over:
                break
            table = await svc.table(row)
            assert table.state is not None
            assert result.mention == waiting_users(table.state, users, GAME) or result.mention == []
            kinds |= {d.kind for d in table.decisions()}
            check_offers(table)
            who = rng.choice(result.waiting)
            result = await svc.play.act(CHANNEL, who, rng.choice(result.legal[who]), expected_version=result.version)
        assert result.game_over and result.status == "finished"
        assert "Final scores:" in result.public and any(
            line.startswith(("Winner", "Shared win")) for line in result.public
        )
        assert len([line for line in result.public if line[:2] in {f"{n}." for n in range(1, 5)}]) == len(names)
        assert {"main", "draw", "keep_clergy"} <= kinds and ("draft" in kinds) == bool(options)
        version, snapshot = await stored_state(svc, row)
        assert play.dumps(await svc.archive.rebuild(row)) == snapshot and version == len(await svc.store.actions(row))
        export = await svc.archive.export(CHANNEL)  # the replay regenerates every stored line exactly
        imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", export.text)
        assert (await stored_state(svc, imported.game_row))[0] == version


async def test_lobby_status_and_header_say_the_values_are_provisional(svc: GameService) -> None:
    assert NOTICE and NOTICE.startswith("Card values partly provisional (")
    lobby = await svc.lobby.open(CHANNEL, "guild", user("Ann"), "Ann", "lisboa")
    assert lobby.public[-1] == f"⚠️ {NOTICE}" and len(lobby.public) == 2
    assert (await svc.play.status(CHANNEL)).lines[-1] == f"⚠️ {NOTICE}"
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    await svc.lobby.start(CHANNEL, user("Ann"), seed=1)
    status = await svc.play.status(CHANNEL)
    assert status.lines[1] == f"⚠️ {NOTICE}" and status.lines.count(f"⚠️ {NOTICE}") == 1
    table = await svc.table_in(CHANNEL)
    assert table is not None and table.notice() == NOTICE
    pr = await svc.lobby.open("chan-pr", "guild", user("Ann"), "Ann", "puerto_rico")
    assert not any("provisional" in line for line in pr.public)  # a game without a notice says nothing


async def test_a_game_whose_data_pack_is_not_loaded_is_refused_kindly(tmp_path: Path) -> None:
    """A game records its pack; on a bot without that pack the engine refuses it (ValueError) and the
    service and the Discord tables say so instead of failing."""
    path = tmp_path / "lisboa.sqlite3"
    async with service_at(path) as svc:
        started = await start_game(svc, ("Ann", "Bob"), seed=2, game_id="lisboa")
        row = started.game_row or 0
        state = await latest_state(svc, row)
        state["pack"]["fingerprint"] = "0123456789abcdef"  # started with a pack this bot has not loaded
        await store_state(svc, row, state)
    async with service_at(path) as svc:  # a fresh process: nothing cached
        who = started.waiting[0]
        message = await refused("data_pack", svc.play.act(CHANNEL, who, started.legal[who][0]))
        assert "can't be continued on this bot" in message and "0123456789abcdef" in message
        assert "DATA_PACKS" in message
        await refused("data_pack", svc.play.status(CHANNEL))
        await refused("data_pack", svc.table_in(CHANNEL))
        abandoned = await svc.lobby.abandon(CHANNEL, user("Ann"))  # the table can still end it
        assert (await svc.store.game(abandoned.game_row)).status == "abandoned"  # type: ignore[union-attr]


#: The fingerprint main's Lisboa pack had, before its citations were rewritten (the bytes of
#: ``git show main:engine/lisboa/data/*.toml``); games set up then recorded it.
MAIN_FINGERPRINT = "53d2b01507c6bd0e"


async def test_a_game_set_up_before_the_packs_citations_changed_goes_on_and_its_record_imports(
    tmp_path: Path,
) -> None:
    """Every snapshot of a game names the pack by main's fingerprint, as one set up before the
    upgrade does: the bot goes on with it, and its record (replayed from set-up, which names the
    pack by today's fingerprint) imports."""
    path = tmp_path / "lisboa.sqlite3"
    async with service_at(path, seed=5) as svc:
        result = await start_game(svc, ("Ann", "Bob"), seed=5, game_id="lisboa")
        rng = random.Random(5)
        for _ in range(3):
            who = rng.choice(result.waiting)
            result = await svc.play.act(CHANNEL, who, rng.choice(result.legal[who]), expected_version=result.version)
        row = result.game_row or 0
        today = (await latest_state(svc, row))["pack"]["fingerprint"]
        assert today != MAIN_FINGERPRINT
        s = schema.snapshots
        async with svc.store.transaction() as db:
            await db.execute(
                s.update()
                .where(s.c.game == row)
                .values(state_json=func.replace(s.c.state_json, f'"{today}"', f'"{MAIN_FINGERPRINT}"'))
            )
    async with service_at(path, seed=5) as svc:  # the upgraded bot: a fresh process
        assert (await latest_state(svc, row))["pack"]["fingerprint"] == MAIN_FINGERPRINT
        status = await svc.play.status(CHANNEL)
        who = status.waiting[0]
        moved = await svc.play.act(CHANNEL, who, status.legal[who][0], expected_version=status.version)
        assert moved.version == status.version + 1
        assert (await latest_state(svc, row))["pack"]["fingerprint"] == MAIN_FINGERPRINT  # kept, not rewritten
        await svc.lobby.abandon(CHANNEL, user("Ann"))
        export = await svc.archive.export(CHANNEL)
        assert export.ended and MAIN_FINGERPRINT in export.text
        imported = await svc.archive.import_record("chan-bug", "g", user("Dev"), "Dev", export.text)
        copy = await svc.store.game(imported.game_row)
        assert copy is not None and copy.status == "abandoned" and copy.version == moved.version


def test_terminal_plays_lisboa_randomly_and_at_one_keyboard(tmp_path: Path) -> None:
    out = io.StringIO()
    assert terminal.main(["--game", "lisboa", "--players", "Ann", "Bob", "--random", "--seed", "3"], out=out) == 0
    assert "Final scores:" in out.getvalue() and ("Winner:" in out.getvalue() or "Shared win" in out.getvalue())
    lines = iter(["board", "quit"])
    out = io.StringIO()
    db = str(tmp_path / "t.sqlite3")
    code = terminal.main(
        ["--game", "lisboa", "--db", db, "--players", "Ann", "Bob", "--seed", "2"],
        out=out,
        read=lambda prompt: next(lines),
    )
    assert code == 0 and "Lisboa starts!" in out.getvalue() and "may: keep T" in out.getvalue()
    assert "lisboa (Lisboa, 2-4 players)" in " ".join(terminal.build_parser().format_help().split())
