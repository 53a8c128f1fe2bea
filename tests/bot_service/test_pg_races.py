"""Two service processes on one database racing on the same game (issue 17): a double click, two
admins (end, force, replace), a deadline firing while the player acts, two timer passes, two players
answering a timed-out seat's offer, a handover or an undo vote's last yes while the player moves, and
a slow process's clock update. Each action is applied exactly once, versions have no gaps, the log,
the snapshots and ``games.version`` agree, and the loser gets the service's friendly refusal.

The two processes are real OS processes (:mod:`race_worker`, started once for this module with
``multiprocessing``'s spawn context), each with its own store and service on the test's database
(PostgreSQL on the tests' server, and the same SQLite file). In every round this process opens a
fresh game, sends both workers their request and they are released together by a barrier. Every
other round is a "lockstep" round: each request is held once more right before its first store
write until the other one gets there too, so both have passed every check of the service against
the same version and only the store's guard decides (a missing guard fails those rounds every time,
not by luck). The other rounds overlap naturally.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import queue
import random
from collections import Counter
from collections.abc import AsyncIterator, Iterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

import pytest
import race_worker
from bot_helpers import start_game, user
from sqlalchemy import select

from bot.service.clock import ManualClock
from bot.service.service import GameService
from bot.service.step import CONFLICT
from bot.store import schema
from bot.store.clock import HOUR, seconds_between
from bot.store.records import Records
from bot.store.rows import GameRecord
from bot.store.store import GameStore
from bot.store.votes import Votes
from engine.core import play

ROUNDS = 20  # per case and backend; odd rounds are lockstep rounds
WORKERS = ("A", "B")
ADMIN, ADMIN_NAME = user("Mod"), "Mod"  # someone who may manage the channel (not seated)
CREATOR = user("Ann")
#: The answer of a refusal because the game moved on ("outdated prompt") or ended meanwhile.
OUTDATED = "This prompt is outdated"


@dataclass
class Racers:
    """The two worker processes, their command queues, the shared answer queue and the barriers."""

    processes: dict[str, Any]
    inboxes: dict[str, Any]
    answers: Any
    start: Any
    gate: Any
    #: What happened over the rounds of the current test (printed with -s, asserted on below).
    tally: Counter[str] = field(default_factory=Counter)

    def send(self, name: str, command: dict[str, Any]) -> None:
        self.inboxes[name].put(command)

    def collect(self, names: tuple[str, ...]) -> dict[str, dict[str, Any]]:
        got: dict[str, dict[str, Any]] = {}
        while len(got) < len(names):
            try:
                name, answer = self.answers.get(timeout=60)
            except queue.Empty:
                raise AssertionError(f"no answer from {set(names) - set(got)} within 60 s") from None
            got[name] = answer
        for name, answer in got.items():
            assert "crash" not in answer, f"worker {name} raised:\n{answer['crash']}"
        return got

    def one(self, name: str, command: dict[str, Any]) -> dict[str, Any]:
        self.send(name, command)
        return self.collect((name,))[name]

    def race(self, commands: dict[str, dict[str, Any]]) -> dict[str, dict[str, Any]]:
        """Both requests at once (released together); the barriers are whole again afterwards."""
        for name, command in commands.items():
            self.send(name, {**command, "sync": True})
        try:
            return self.collect(WORKERS)
        finally:
            for barrier in (self.start, self.gate):
                if barrier.broken:
                    barrier.reset()


@pytest.fixture(scope="module")
def racers() -> Iterator[Racers]:
    ctx = multiprocessing.get_context("spawn")
    answers = ctx.Queue()
    start, gate = ctx.Barrier(2), ctx.Barrier(2)
    inboxes = {name: ctx.Queue() for name in WORKERS}
    processes = {
        name: ctx.Process(
            target=race_worker.serve, args=(name, inboxes[name], answers, start, gate), name=f"racer-{name}"
        )
        for name in WORKERS
    }
    for process in processes.values():
        process.start()
    try:
        yield Racers(processes, inboxes, answers, start, gate)
    finally:
        for name in WORKERS:
            inboxes[name].put({"do": "stop"})
        for process in processes.values():
            process.join(10)
            if process.is_alive():
                process.kill()
                process.join()


@asynccontextmanager
async def racing(racers: Racers, database: str) -> AsyncIterator[tuple[GameService, ManualClock]]:
    """This process's own service on ``database`` with the clock it sets, and both workers opened on it
    (each request it sends them carries this clock's time)."""
    store = await GameStore.open(database)
    try:
        for name in WORKERS:
            racers.send(name, {"do": "open", "url": database})
        racers.collect(WORKERS)
        racers.tally.clear()
        try:
            clock = ManualClock()
            yield GameService(store, clock=clock, rng=random.Random(0)), clock
        finally:
            for name in WORKERS:
                racers.send(name, {"do": "close"})
            racers.collect(WORKERS)
            print(f"\n{racers.tally}")
    finally:
        await store.close()


def call(svc: GameService, op: str, row: int, gate: str | None = None, **args: Any) -> dict[str, Any]:
    return {"do": "call", "op": op, "args": args, "row": row, "now": svc.now(), "gate": gate}


async def check_books(svc: GameService, row: int) -> GameRecord:
    """The game's version, its log and its snapshots agree, and replaying the log gives the stored state:
    log versions 1..n without gaps or doubles, one snapshot for each of 0..n, ``games.version`` n."""
    record = await svc.store.game(row)
    assert record is not None
    log = [a.version for a in await svc.store.actions(row)]
    assert log == list(range(1, record.version + 1)), f"log {log} at version {record.version}"
    s = schema.snapshots
    snaps = [r[0] for r in await svc.store.query(select(s.c.version).where(s.c.game == row).order_by(s.c.version))]
    assert snaps == list(range(record.version + 1)), f"snapshots {snaps} at version {record.version}"
    assert play.dumps(await svc.archive.rebuild(row)) == await svc.store.snapshot(row, record.version)
    return record


async def timeout_rows(svc: GameService, row: int) -> list[tuple[int, str]]:
    t = schema.timeouts
    rows = await svc.store.query(select(t.c.version, t.c.outcome).where(t.c.game == row).order_by(t.c.version))
    return [(r[0], r[1]) for r in rows]


def split(answers: dict[str, dict[str, Any]]) -> tuple[list[str], list[str]]:
    """(workers whose request was done, workers refused)."""
    done = [name for name, a in answers.items() if "ok" in a]
    refused = [name for name, a in answers.items() if "error" in a]
    assert sorted(done + refused) == sorted(answers), answers
    return done, refused


def held_both(answers: dict[str, dict[str, Any]]) -> None:
    """In a lockstep round both requests reached their store write."""
    assert [a["gate"] for a in answers.values()] == ["passed", "passed"], answers


# --- 1. a double click ---------------------------------------------------------------------------
async def test_double_click_is_applied_once(racers: Racers, database: str) -> None:
    """The same player's same move at the same version from both processes: one is stored, the other
    is told it is outdated; the process that lost plays on from the winner's version."""
    async with racing(racers, database) as (svc, _):
        for n in range(ROUNDS):
            lockstep = n % 2 == 1
            channel = f"click-{n}"
            started = await start_game(svc, channel=channel)
            row, mover = started.game_row or 0, started.waiting[0]
            move = call(svc, "act", row, "store.append" if lockstep else None, channel=channel, user=mover)
            move["args"].update(text="step", expected_version=0)
            answers = racers.race({"A": move, "B": move})
            done, refused = split(answers)
            assert len(done) == 1 and len(refused) == 1, answers
            lost = answers[refused[0]]
            assert lost["error"] == "stale", lost
            assert answers[done[0]]["ok"]["version"] == 1
            if lockstep:  # both passed the version check: the store's guarded write refused one
                held_both(answers)
                assert lost["message"] == CONFLICT
            racers.tally["conflict" if lost["message"] == CONFLICT else "outdated"] += 1
            record = await check_books(svc, row)
            [entry] = await svc.store.actions(row)
            assert (record.version, entry.user_id, entry.text, entry.kind) == (1, mover, "step", "action")
            # the loser's process is not left behind (its cached state was dropped): it plays version 2
            follow = racers.one(refused[0], call(svc, "act", row, channel=channel, user=mover, text="step"))
            assert follow.get("ok", {}).get("version") == 2, follow
            await check_books(svc, row)
        assert racers.tally["conflict"] >= ROUNDS // 2


# --- 2. two admins ---------------------------------------------------------------------------------
ADMIN_PAIRS = ("end-end", "force-force", "replace-replace", "end-force")


async def admin_game(svc: GameService, channel: str) -> tuple[int, str]:
    """A started game one move in (version 1); (row, the seat's user who is still to move)."""
    started = await start_game(svc, channel=channel)
    row, mover = started.game_row or 0, started.waiting[0]
    moved = await svc.play.act(channel, mover, "step", expected_version=0)
    assert moved.version == 1 and mover in moved.waiting
    return row, mover


def admin_request(svc: GameService, kind: str, who: str, row: int, channel: str, mover: str, lockstep: bool) -> Any:
    """One admin's request (``who``: the creator or a channel manager)."""
    name = "Ann" if who == CREATOR else ADMIN_NAME
    if kind == "end":
        return call(svc, "end", row, "store.set_status" if lockstep else None, channel=channel, user=who, name=name)
    if kind == "force":
        return call(svc, "force", row, "store.append" if lockstep else None, channel=channel, user=who, name=name)
    new = "Cy" if who == CREATOR else "Dee"
    gate = "deadlines.hand_over" if lockstep else None
    return call(
        svc, "replace", row, gate, channel=channel, user=who, name=name, player=mover, new_user=user(new), new_name=new
    )


@pytest.mark.parametrize("pair", ADMIN_PAIRS)
async def test_two_admins_at_once(racers: Racers, database: str, pair: str) -> None:
    """Two admins (the creator in one process, a channel manager in the other) on the same game at
    once: conflicting requests take effect once (the other is refused with a friendly error), composing
    ones both, in order; nothing is doubled and the books agree."""
    first, second = pair.split("-")
    async with racing(racers, database) as (svc, _):
        for n in range(ROUNDS):
            lockstep = n % 2 == 1
            channel = f"admin-{pair}-{n}"
            row, mover = await admin_game(svc, channel)
            answers = racers.race(
                {
                    "A": admin_request(svc, first, CREATOR, row, channel, mover, lockstep),
                    "B": admin_request(svc, second, ADMIN, row, channel, mover, lockstep),
                }
            )
            if lockstep:
                held_both(answers)
            done, refused = split(answers)
            for name in refused:  # outdated, ended meanwhile, or (a replace) the player is no longer seated
                assert answers[name]["error"] in ("stale", "no_game", "not_seated"), answers[name]
            record = await check_books(svc, row)
            audit = await Records(svc.store).audit_trail(row)
            racers.tally[f"{len(done)} done" + (" (lockstep)" if lockstep else "")] += 1
            if pair == "end-end":
                assert len(done) == 1, answers
                assert (record.status, record.version) == ("abandoned", 1)
                assert [what for _, _, what, _ in audit] == ["end"]
            elif pair == "force-force":
                forced = sorted(answers[name]["ok"]["version"] for name in done)
                assert forced == list(range(2, record.version + 1)), (answers, record.version)
                if lockstep:  # both forced the same decision at version 1: only one is stored
                    assert forced == [2], answers
                assert sorted((v, what) for v, _, what, _ in audit) == [(v, "force") for v in forced]
                assert await timeout_rows(svc, row) == [(v, "default") for v in forced]
                assert [a.user_id for a in await svc.store.actions(row, since=1)] == [
                    CREATOR if answers["A"].get("ok", {}).get("version") == v else ADMIN for v in forced
                ]
            elif pair == "replace-replace":
                assert len(done) == 1, answers
                new = user("Cy") if done == ["A"] else user("Dee")
                users = [s.user_id for s in await svc.store.seats(row)]
                assert new in users and mover not in users and ({user("Cy"), user("Dee")} - {new}).isdisjoint(users)
                holders = [(u, reason) for _, u, _, reason in await svc.core.deadlines.holders(row)]
                assert holders == [(new, "admin")], holders
                assert [what for _, _, what, _ in audit] == ["admin"] and record.version == 1
            else:  # end-force: the end always ends it; the force is stored only if it came first
                assert "A" in done, answers
                assert record.status == "abandoned"
                if "B" in done:
                    assert answers["B"]["ok"]["version"] == record.version == 2
                    assert sorted(what for _, _, what, _ in audit) == ["end", "force"]
                else:
                    assert record.version == 1 and [what for _, _, what, _ in audit] == ["end"]
                    assert await timeout_rows(svc, row) == []


# --- 3. a deadline firing while the player acts -----------------------------------------------------
async def test_deadline_fires_while_the_player_moves(racers: Racers, database: str) -> None:
    """A passed deadline (``fast``: 12 h) applied by one process's timer pass while the late player's
    own move arrives in the other: each version is either the player's move or the deadline's
    default, never both, the loser is told (stale) or finds nothing due, and the seat's clock still
    runs while the seat owes a decision, so the next pass takes the rest of the turn."""
    async with racing(racers, database) as (svc, clock):
        for n in range(ROUNDS):
            lockstep = n % 2 == 1
            channel = f"late-{n}"
            lobby = await svc.lobby.open(channel, "g", CREATOR, "Ann", "toy_race", {}, clock="fast")
            await svc.lobby.join(channel, user("Bob"), "Bob")
            started = await svc.lobby.start(channel, CREATOR, seed=3)
            row, late = lobby.game_row or 0, started.waiting[0]
            seat = [s.user_id for s in await svc.store.seats(row)].index(late)
            clock.advance(12 * HOUR + 1)
            gate = "store.append" if lockstep else None
            move = call(svc, "act", row, gate, channel=channel, user=late, text="step", expected_version=0)
            answers = racers.race({"A": call(svc, "expire_due", row, gate), "B": move})
            timer, player = answers["A"], answers["B"]
            if lockstep:
                held_both(answers)
            assert "ok" in timer, timer  # the timer pass never fails: a lost race is simply not due
            fired = [e for e in timer["ok"] if e["result"] is not None]
            assert all(e["channel"] == channel and not e["offer"] for e in timer["ok"]), timer
            if "error" in player:
                assert player["error"] == "stale", player
            record = await check_books(svc, row)
            log = await svc.store.actions(row)
            defaults = await timeout_rows(svc, row)
            by_default = {v for v, outcome in defaults if outcome == "default"}
            assert len(by_default) == len(defaults), defaults  # each version defaulted at most once
            played = player.get("ok", {}).get("version")
            if played is not None:  # the player's move is version 1, never a default as well
                assert played == 1 and 1 not in by_default
            else:  # the deadline took the whole turn first
                assert fired and by_default == {1, 2} and record.version == 2
            for entry in log:  # every move is the late seat's: the player's own or its default
                assert (entry.seat, entry.user_id, entry.text) == (seat, late, "step")
                assert ("ran out of time" in " ".join(entry.public_lines)) == (entry.version in by_default)
            outcome = ("player, then default" if fired else "player") if played else "timer"
            racers.tally[outcome + (" (lockstep)" if lockstep else "")] += 1
            mine = (await svc.core.deadlines.of_game(row))[seat]
            if late in record.waiting:  # still the late seat's turn: its passed deadline still runs
                assert mine.state == "running", (mine, answers)
                [again] = await svc.timeouts.expire_due()  # the next timer pass ends the turn
                assert again.result is not None and late not in again.result.waiting
                record = await check_books(svc, row)
            assert record.version == 2 and late not in record.waiting
            await svc.admin.end(channel, CREATOR, "Ann")  # its other seat's deadline must not fire later
            clock.advance(1)


async def test_two_timer_passes_fire_a_deadline_once(racers: Racers, database: str) -> None:
    """Both processes' timer passes find the same passed deadline at once (no claims between them):
    its defaults (both moves of the late seat's turn) are stored once each, with one timeout row each."""
    async with racing(racers, database) as (svc, clock):
        for n in range(ROUNDS // 2):
            lockstep = n % 2 == 1
            channel = f"timers-{n}"
            await svc.lobby.open(channel, "g", CREATOR, "Ann", "toy_race", {}, clock="fast")
            await svc.lobby.join(channel, user("Bob"), "Bob")
            started = await svc.lobby.start(channel, CREATOR, seed=3)
            row, late = started.game_row or 0, started.waiting[0]
            clock.advance(12 * HOUR + 1)
            gate = "store.append" if lockstep else None
            answers = racers.race({name: call(svc, "expire_due", row, gate) for name in WORKERS})
            if lockstep:
                held_both(answers)
            assert all("ok" in a for a in answers.values()), answers
            record = await check_books(svc, row)
            if late in record.waiting:  # one pass lost the race in the middle of the turn: the next ends it
                await svc.timeouts.expire_due()
                record = await check_books(svc, row)
            assert record.version == 2 and late not in record.waiting
            assert await timeout_rows(svc, row) == [(1, "default"), (2, "default")]
            seat = [s.user_id for s in await svc.store.seats(row)].index(late)
            assert (await svc.core.deadlines.of_game(row))[seat].state == "idle"  # the loser did not mark it
            fired = sorted(len([e for e in a["ok"] if e["result"]]) for a in answers.values())
            racers.tally[f"fired {fired}" + (" (lockstep)" if lockstep else "")] += 1
            await svc.admin.end(channel, CREATOR, "Ann")
            clock.advance(1)


async def test_a_late_clock_update_does_not_undo_a_newer_one(racers: Racers, database: str) -> None:
    """The late player's move (process A) is stored, but A is slow to bring the clocks in step with it;
    meanwhile process B's timer pass stores the turn's remaining default and closes the seat's clock.
    A's clock update for the older version must then change nothing: the seat owes no decision, so its
    clock stays idle (reopened, it would time the player out at once on their next turn)."""
    async with racing(racers, database) as (svc, clock):
        for n in range(4):
            channel = f"slow-sync-{n}"
            await svc.lobby.open(channel, "g", CREATOR, "Ann", "toy_race", {}, clock="fast")
            await svc.lobby.join(channel, user("Bob"), "Bob")
            started = await svc.lobby.start(channel, CREATOR, seed=3)
            row, late = started.game_row or 0, started.waiting[0]
            seat = [s.user_id for s in await svc.store.seats(row)].index(late)
            clock.advance(12 * HOUR + 1)
            move = call(svc, "act", row, "deadlines.sync", channel=channel, user=late, text="step")
            racers.send("A", {**move, "args": {**move["args"], "expected_version": 0}})
            for _ in range(1000):  # A stored version 1 and now waits before its clock update
                record = await svc.store.game(row)
                if record is not None and record.version == 1:
                    break
                await asyncio.sleep(0.01)
            timer = racers.one("B", call(svc, "expire_due", row))
            assert [e["result"]["version"] for e in timer["ok"]] == [2], timer
            racers.gate.wait(race_worker.BARRIER_TIMEOUT)  # let A's clock update for version 1 go on
            assert racers.collect(("A",))["A"]["ok"]["version"] == 1
            record = await check_books(svc, row)
            clocks = await svc.core.deadlines.of_game(row)
            assert late not in record.waiting and clocks[seat].state == "idle", clocks
            assert clocks[1 - seat].state == "running"
            await svc.admin.end(channel, CREATOR, "Ann")
            clock.advance(1)


async def test_two_players_choose_to_wait_at_once(racers: Racers, database: str) -> None:
    """A deadline without a default was put to the table; two players (one in each process) choose
    to wait for the late one at the same moment: the deadline is extended once, one ``wait`` is
    recorded and announced, and the other player is told it was already settled."""
    async with racing(racers, database) as (svc, clock):
        for n in range(ROUNDS // 2):
            lockstep = n % 2 == 1
            channel = f"wait-{n}"
            await svc.lobby.open(channel, "g", CREATOR, "Ann", "toy_stubborn", {}, clock="fast")
            for name in ("Bob", "Cy"):
                await svc.lobby.join(channel, user(name), name)
            started = await svc.lobby.start(channel, CREATOR, seed=3)
            row = started.game_row or 0
            clock.advance(12 * HOUR)
            [expiry] = await svc.timeouts.expire_due()
            offer = expiry.offer
            assert offer is not None
            others = [s.user_id for s in await svc.store.seats(row) if s.user_id != offer.user_id]
            gate = "deadlines.set_state" if lockstep else None
            answers = racers.race(
                {
                    name: call(svc, "wait", row, gate, game=row, version=offer.version, seat=offer.seat, user=who)
                    for name, who in zip(WORKERS, others, strict=True)
                }
            )
            if lockstep:
                held_both(answers)
            done, refused = split(answers)
            assert len(done) == 1, answers
            assert answers[refused[0]]["error"] == "stale", answers
            assert await timeout_rows(svc, row) == [(0, "offered"), (0, "wait")]
            mine = (await svc.core.deadlines.of_game(row))[offer.seat]
            assert mine.state == "running" and seconds_between(svc.now(), mine.due_at or "") == 12 * HOUR
            await check_books(svc, row)
            racers.tally["one wait" + (" (lockstep)" if lockstep else "")] += 1
            await svc.admin.end(channel, CREATOR, "Ann")
            clock.advance(1)


# --- a handover made in one process, a click in the other --------------------------------------------
async def test_a_seat_handed_over_in_one_process_is_seen_by_the_other(racers: Racers, database: str) -> None:
    """An admin in process A gives the mover's seat to Cy; process B, which drew the game before (its
    seats are cached), never stores the old player's click (at first refused as outdated by the
    store's check of the seats, then as not seated) and takes the new holder's."""
    async with racing(racers, database) as (svc, _):
        for n in range(4):
            channel = f"handover-{n}"
            row, mover = await admin_game(svc, channel)
            warm = call(svc, "act", row, channel=channel, user=user("Zed"), text="step")
            assert racers.one("B", warm)["error"] == "not_seated"  # B has drawn the game: seats cached
            replace = admin_request(svc, "replace", CREATOR, row, channel, mover, False)
            assert "ok" in racers.one("A", replace)
            old = racers.one("B", call(svc, "act", row, channel=channel, user=mover, text="step"))
            if old.get("error") == "stale":  # refused by the store's check of the seats: B reads them anew
                old = racers.one("B", call(svc, "act", row, channel=channel, user=mover, text="step"))
            assert old.get("error") == "not_seated", old
            new = racers.one("B", call(svc, "act", row, channel=channel, user=user("Cy"), text="step"))
            assert new.get("ok", {}).get("version") == 2, new
            assert [a.user_id for a in await svc.store.actions(row)] == [mover, user("Cy")]
            await check_books(svc, row)


async def test_handover_while_the_player_moves(racers: Racers, database: str) -> None:
    """An admin in process A hands the mover's seat to Cy while the mover's click arrives in process B:
    either the move is stored and the handover comes after it (``from_version`` is the move's version)
    or the handover comes first and the move is refused; never the old player's move after the
    handover, nor a handover dated before a move it did not see."""
    async with racing(racers, database) as (svc, _):
        for n in range(ROUNDS):
            lockstep = n % 2 == 1
            channel = f"handover-race-{n}"
            row, mover = await admin_game(svc, channel)
            replace = admin_request(svc, "replace", CREATOR, row, channel, mover, lockstep)
            move = call(svc, "act", row, "store.append" if lockstep else None, channel=channel, user=mover)
            move["args"].update(text="step", expected_version=1)
            answers = racers.race({"A": replace, "B": move})
            if lockstep:
                held_both(answers)
            done, refused = split(answers)
            assert done, answers  # one of them always gets through
            for name in refused:
                assert answers[name]["error"] in ("stale", "not_seated"), answers[name]
            record = await check_books(svc, row)
            log = await svc.store.actions(row)
            holders = [(u, v) for _, u, v, _ in await svc.core.deadlines.holders(row)]
            if "A" in done:
                [(new, since)] = holders
                assert new == user("Cy") and since == record.version
                assert all(a.user_id == mover for a in log if a.version <= since), (log, since)
            else:
                assert holders == []
            if "B" in done:
                assert answers["B"]["ok"]["version"] == 2 and log[-1].user_id == mover
            racers.tally[" and ".join(sorted(done)) + (" (lockstep)" if lockstep else "")] += 1


# --- a vote's last yes while the player moves ---------------------------------------------------------
async def test_last_yes_of_an_undo_vote_while_the_player_moves(racers: Racers, database: str) -> None:
    """Ann proposed going back one step and Bob agreed; Cy's yes (process A) would pass it while Ann's
    next move arrives in process B: either the table goes back (a ``rollback`` row; Ann's move is
    outdated) or Ann's move is stored and the vote does not count as passed; never both."""
    async with racing(racers, database) as (svc, _):
        for n in range(ROUNDS):
            lockstep = n % 2 == 1
            channel = f"vote-{n}"
            started = await start_game(svc, ("Ann", "Bob", "Cy"), channel=channel)
            row, mover = started.game_row or 0, started.waiting[0]
            voters = [u for u in (user("Ann"), user("Bob"), user("Cy")) if u != mover]
            await svc.play.act(channel, mover, "step", expected_version=0)
            ballot = await svc.consent.propose(channel, mover)
            assert (await svc.consent.vote(ballot.vote_id, voters[0], True)).status == "open"
            gate = "store.append" if lockstep else None
            yes = call(svc, "vote", row, gate, vote=ballot.vote_id, user=voters[1], yes=True)
            move = call(svc, "act", row, gate, channel=channel, user=mover, text="step", expected_version=1)
            answers = racers.race({"A": yes, "B": move})
            if lockstep:
                held_both(answers)
            done, refused = split(answers)
            assert len(done) == 1, answers
            for name in refused:
                assert answers[name]["error"] == "stale", answers[name]
            await check_books(svc, row)
            log = await svc.store.actions(row)
            status = (await Votes(svc.store).get(ballot.vote_id) or pytest.fail("vote gone")).status
            if done == ["A"]:
                assert answers["A"]["ok"] == {"status": "passed", "version": 2}
                assert [a.kind for a in log] == ["action", "rollback"] and status == "passed"
            else:
                assert [a.kind for a in log] == ["action", "action"] and status != "passed", (status, answers)
            racers.tally[("vote" if done == ["A"] else "move") + (" (lockstep)" if lockstep else "")] += 1
