"""Races on a game's clock between two service processes (issue 17; how a round races: see
``test_pg_races.py``): a deadline firing while the player acts, two timer passes firing one
deadline, a slow process's clock update after a newer one, and two players answering a timed-out
seat's offer at once.
"""

from __future__ import annotations

import asyncio

import race_worker
from bot_helpers import user
from races import (
    CREATOR,
    ROUNDS,
    WORKERS,
    Racers,
    call,
    check_books,
    held_both,
    racing,
    split,
    timeout_rows,
)

from bot.service.clock import HOUR
from bot.store.times import seconds_between


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
