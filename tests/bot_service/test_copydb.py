"""Moving a SQLite games database into PostgreSQL (``python -m bot.copydb``, issue 17): the copy of a
database holding finished and running games of every title, lobbies, clocks, deadlines taken,
reminders, votes, seat handovers, notify preferences and absences replays equal on the target, and
the bot goes on there; a tampered copy is caught; a target holding data is refused and left alone.

The source is built once for the module (random legal games through the service, on a manual
clock) and copied afresh into each test's own PostgreSQL database (``pg_database_url``).
"""

from __future__ import annotations

import asyncio
import io
import random
import shutil
import sqlite3
from pathlib import Path

import pytest
from bot_helpers import user
from sqlalchemy import func, text

from bot import copydb
from bot.service.clock import ManualClock
from bot.service.copycheck import verify_copy
from bot.service.service import GameService
from bot.store import schema
from bot.store.copy import TABLES, CopyError, TargetNotEmpty, compare_tables, copy_database, row_counts, snapshot_read
from bot.store.store import GameStore
from engine.core import play as play_module
from engine.core.datapack import packs_of

TITLES = ("puerto_rico", "lisboa", "lorenzo", "red_cathedral")
HOUR = 3600
#: Tables the source must fill, so that the copy is shown to carry each of them.
FILLED = {
    "games", "seats", "actions", "snapshots", "clocks", "timeouts", "seat_holders", "audit", "votes",
    "ballots", "reminders", "clock_log", "away", "notify_prefs", "turn_messages", "bot_state",
}  # fmt: skip

#: The fingerprints main's packs had before their citations were rewritten (the bytes of
#: ``git show main:`` of each pack's files); games set up then recorded them.
MAIN_FINGERPRINTS = {"lisboa": "53d2b01507c6bd0e", "lorenzo": "b539bba4e7bf3b97", "red_cathedral": "8fcad79e814d4479"}

#: The whole module works on SQLite files (not also run on PostgreSQL, see conftest.py).
pytestmark = pytest.mark.sqlite_only


async def play(svc: GameService, channel: str, rng: random.Random, steps: int) -> None:
    """Up to ``steps`` random legal actions (fewer when the game ends)."""
    result = await svc.play.status(channel)
    for _ in range(steps):
        if result.game_over or not result.waiting:
            return
        who = rng.choice(result.waiting)
        result = await svc.play.act(channel, who, rng.choice(result.legal[who]), expected_version=result.version)


async def open_game(svc: GameService, channel: str, game_id: str, names: list[str], clock: str, seed: int) -> int:
    await svc.lobby.open(channel, "guild-1", user(names[0]), names[0], game_id, {}, clock=clock)
    for name in names[1:]:
        await svc.lobby.join(channel, user(name), name)
    started = await svc.lobby.start(channel, user(names[0]), seed=seed)
    return started.game_row or 0


async def build_source(path: Path) -> dict[str, int]:
    """A finished and a running game of every title, a lobby, a game abandoned before it started,
    deadlines taken, an open vote with a ballot, a seat handed over, /notify and /away settings."""
    clock = ManualClock()
    store = await GameStore.open(path)
    try:
        svc = GameService(store, clock=clock, rng=random.Random(7))
        rng = random.Random(11)
        rows: dict[str, int] = {}
        for number, game_id in enumerate(TITLES):
            finished = f"done-{game_id}"
            rows[finished] = await open_game(svc, finished, game_id, ["Ann", "Bob"], "none", 100 + number)
            await play(svc, finished, rng, 5000)
            assert (await store.game(rows[finished])).status == "finished"  # type: ignore[union-attr]
            running = f"run-{game_id}"
            rows[running] = await open_game(svc, running, game_id, ["Ann", "Bob", "Cy"], "fast", 200 + number)
            await play(svc, running, rng, 30)
        await svc.notify.settings(user("Bob"), mode="dm", timezone="Europe/Berlin", quiet="22-07")
        await svc.notify.settings(user("Cy"), mode="digest")
        await svc.away.set(user("Cy"), "3d")  # Cy plays the running games: their clocks are frozen
        vote = await svc.consent.propose("run-lorenzo", user("Ann"), step=1)
        if vote.status == "open" and vote.waiting_for:
            await svc.consent.vote(vote.vote_id, vote.waiting_for[0], True)
        await svc.admin.replace("run-lisboa", user("Ann"), "Ann", user("Bob"), user("Eve"), "Eve", can_manage=True)
        clock.advance(13 * HOUR)  # "fast" gives 12 h: deadlines pass, defaults are taken
        await svc.reminders.due()
        await svc.timeouts.expire_due()
        await svc.timeouts.heartbeat()
        await svc.lobby.open("lobby-1", "guild-1", user("Fay"), "Fay", "lisboa")
        await svc.lobby.join("lobby-1", user("Gus"), "Gus")
        await svc.lobby.open("gone-1", "guild-1", user("Fay"), "Fay", "lorenzo")
        await svc.lobby.abandon("gone-1", user("Fay"))
        async with snapshot_read(store) as db:
            counts = await row_counts(db)
        empty = {name for name in FILLED if not counts[name]}
        assert not empty, f"the source leaves {sorted(empty)} empty"
        return rows
    finally:
        await store.close()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, int]]:
    path = tmp_path_factory.mktemp("copydb") / "source.sqlite3"
    rows = asyncio.run(build_source(path))
    return path, rows


@pytest.fixture
def source(built: tuple[Path, dict[str, int]], tmp_path: Path) -> Path:
    """This test's own copy of the built source file."""
    path = tmp_path / "source.sqlite3"
    shutil.copy(built[0], path)
    return path


async def test_every_game_replays_equal_on_postgresql_and_the_bot_goes_on(
    source: Path, built: tuple[Path, dict[str, int]], pg_database_url: str
) -> None:
    rows = built[1]
    async with await GameStore.open(source) as src, await GameStore.open(pg_database_url) as dst:
        report = await copy_database(src, dst)
        assert [t.name for t in report.tables] == [t.name for t in TABLES]
        assert all(t.source_rows == t.target_rows for t in report.tables)
        assert {t.name for t in report.tables if t.source_rows} >= FILLED
        assert await compare_tables(src, dst) == []
        replay = await verify_copy(src, dst)
        assert replay.differences == []
        assert replay.replayed == 2 * len(TITLES) and replay.rows_only == 2  # the lobby, the abandoned lobby
        assert replay.actions == (await src.query(text("SELECT count(*) FROM actions")))[0][0]
        for key, row in rows.items():  # the service's own rebuild on the target equals the source's state
            svc = GameService(dst, clock=ManualClock(), rng=random.Random(1))
            record = await src.game(row)
            assert record is not None and key.split("-", 1)[1] == record.game_id
            rebuilt = await svc.archive.rebuild(row)
            assert play_module.dumps(rebuilt) == await src.snapshot(row, record.version)

    async with await GameStore.open(pg_database_url) as dst:
        svc = GameService(dst, clock=ManualClock(), rng=random.Random(3))
        newest = max(g.id for g in await dst.all_games())
        fresh = await svc.lobby.open("new-chan", "guild-1", user("Hal"), "Hal", "puerto_rico")
        assert fresh.game_row == newest + 1  # the sequence was moved past the copied ids
        running = await dst.game(rows["run-puerto_rico"])
        assert running is not None and running.status == "active"
        status = await svc.play.status("run-puerto_rico")
        who = status.waiting[0]
        moved = await svc.play.act("run-puerto_rico", who, status.legal[who][0], expected_version=running.version)
        assert moved.version == running.version + 1
        vote = await dst.query(text("SELECT count(*) FROM votes"))
        assert vote[0][0] >= 1


async def test_the_check_names_a_game_whose_snapshot_or_log_was_changed(source: Path, pg_database_url: str) -> None:
    async with await GameStore.open(source) as src, await GameStore.open(pg_database_url) as dst:
        await copy_database(src, dst)
        games = {g.game_id: g for g in await dst.all_games() if g.status == "finished"}
        lisboa, lorenzo = games["lisboa"], games["lorenzo"]
        lobby = next(g for g in await dst.all_games() if g.status == "lobby")
        async with dst.transaction() as db:
            s, a = schema.snapshots, schema.actions
            await db.execute(
                s.update().where(s.c.game == lisboa.id, s.c.version == 9).values(state_json=s.c.state_json + " ")
            )
            await db.execute(a.update().where(a.c.game == lorenzo.id, a.c.version == 4).values(text="pass"))
            g = schema.games
            await db.execute(g.update().where(g.c.id == lobby.id).values(creator_id="u-mallory"))
        found = {(d.game, d.title, d.version, d.reason) for d in (await verify_copy(src, dst)).differences}
        assert found == {
            (lisboa.id, lisboa.title, 9, "its snapshots differ from the source's"),
            (lorenzo.id, lorenzo.title, 4, "its log differs from the source's"),
            (lobby.id, lobby.title, None, "its games row differs (creator_id)"),
        }
        assert {p.split(":")[0] for p in await compare_tables(src, dst)} == {"snapshots", "actions", "games"}


async def test_games_set_up_before_their_packs_citations_changed_replay_equal(
    source: Path, pg_database_url: str
) -> None:
    """Every snapshot of the Lisboa, Lorenzo and Red Cathedral games names its pack by main's
    fingerprint, as games set up before the upgrade do; their replays (from set-up: today's
    fingerprint) are the same games, and a real difference is still found."""
    with sqlite3.connect(source) as raw:
        for game_id, old in MAIN_FINGERPRINTS.items():
            today = packs_of(game_id).shipped().fingerprint
            changed = raw.execute(
                "UPDATE snapshots SET state_json = replace(state_json, ?, ?) "
                "WHERE game IN (SELECT id FROM games WHERE game_id = ?)",
                (f'"fingerprint":"{today}"', f'"fingerprint":"{old}"', game_id),
            ).rowcount
            assert changed > 2 * 30, game_id  # every snapshot of its two games
    raw.close()
    async with await GameStore.open(source) as src, await GameStore.open(pg_database_url) as dst:
        await copy_database(src, dst)
        report = await verify_copy(src, dst)
        assert report.differences == [] and report.replayed == 2 * len(TITLES)
        lorenzo = next(g for g in await dst.all_games() if g.game_id == "lorenzo" and g.status == "finished")
        for store in (src, dst):  # the same pack named by a fingerprint no pack answers to: a difference
            async with store.transaction() as db:
                s = schema.snapshots
                await db.execute(
                    s.update()
                    .where(s.c.game == lorenzo.id, s.c.version == 3)
                    .values(state_json=func.replace(s.c.state_json, MAIN_FINGERPRINTS["lorenzo"], "0123456789abcdef"))
                )
        found = {(d.game, d.version, d.reason) for d in (await verify_copy(src, dst)).differences}
        assert found == {(lorenzo.id, 3, "the replay differs from its stored snapshot")}


async def test_a_target_that_holds_games_is_refused_and_left_unchanged(
    source: Path, pg_database_url: str, capsys: pytest.CaptureFixture[str]
) -> None:
    async with await GameStore.open(source) as src, await GameStore.open(pg_database_url) as dst:
        svc = GameService(dst, clock=ManualClock(), rng=random.Random(3))
        await svc.lobby.open("their-chan", "guild-9", user("Ivy"), "Ivy", "lorenzo")
        async with snapshot_read(dst) as db:
            before = await row_counts(db)
        with pytest.raises(TargetNotEmpty, match=r"already holds data \(games: 1 rows, seats: 1 rows\); .* --replace"):
            await copy_database(src, dst)
        async with snapshot_read(dst) as db:
            assert await row_counts(db) == before
        assert [g.channel_id for g in await dst.all_games()] == ["their-chan"]
        out = io.StringIO()
        assert await copydb.command([str(source), pg_database_url], out) == 2
        refusal = capsys.readouterr().err.splitlines()
        assert len(refusal) == 1 and refusal[0].startswith("copydb: the target database already holds data (games: 1")
        assert [g.channel_id for g in await dst.all_games()] == ["their-chan"]
        assert (
            await copydb.command([str(source), pg_database_url, "--replace"], out) == 0
        )  # with --replace it is overwritten
        assert "their-chan" not in [g.channel_id for g in await dst.all_games()]
        assert await compare_tables(src, dst) == []


async def test_a_copy_that_fails_midway_leaves_the_target_empty(source: Path, pg_database_url: str) -> None:
    with sqlite3.connect(source) as raw:  # a value SQLite keeps but PostgreSQL's INTEGER column refuses
        raw.execute("UPDATE timeouts SET version = 'soon' WHERE rowid = (SELECT max(rowid) FROM timeouts)")
    raw.close()
    async with await GameStore.open(source) as src, await GameStore.open(pg_database_url) as dst:
        with pytest.raises(CopyError, match="^timeouts: the target refused a row .*nothing was written"):
            await copy_database(src, dst)
        async with snapshot_read(dst) as db:
            assert set((await row_counts(db)).values()) == {0}


def test_the_command_prints_counts_and_replays_and_refuses_bad_places(
    source: Path, pg_database_url: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = io.StringIO()
    assert copydb.main([str(source), pg_database_url], out) == 0
    printed = out.getvalue()
    assert "  games " in printed and "rows/s" in printed and "replayed 8 games" in printed
    assert printed.splitlines()[-1].startswith("OK: ")
    assert copydb.main(["--check", str(source), pg_database_url], io.StringIO()) == 0
    assert copydb.main([str(tmp_path / "missing.sqlite3"), pg_database_url], io.StringIO()) == 2
    assert not (tmp_path / "missing.sqlite3").exists()
    assert copydb.main([str(source), "postgresql://nobody@127.0.0.1:1/none"], io.StringIO()) == 2
    assert copydb.main([str(source), str(tmp_path / "other.sqlite3")], io.StringIO()) == 2
    (tmp_path / "notes.txt").write_text("not a database")
    assert copydb.main([str(tmp_path / "notes.txt"), pg_database_url], io.StringIO()) == 2
    errors = capsys.readouterr().err.splitlines()
    assert errors == [
        f"copydb: there is no SQLite database at {tmp_path / 'missing.sqlite3'}",
        "copydb: cannot reach the target database: [Errno 111] Connect call failed ('127.0.0.1', 1)",
        f"copydb: TARGET must be a PostgreSQL URL (postgresql://user:pass@host/db), not '{tmp_path / 'other.sqlite3'}'",
        f"copydb: cannot open the SQLite database {tmp_path / 'notes.txt'}: file is not a database",
    ]
