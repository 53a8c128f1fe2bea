"""Two service processes on one database racing on the same game (issue 17): a double click, two
admins (end, force, replace), a handover or an undo vote's last yes while the player moves (the races
on a game's clock are in ``test_pg_races_clocks.py``; what both share in ``races.py``). Each action
is applied exactly once, versions have no gaps, the log, the snapshots and ``games.version`` agree,
and the loser gets the service's friendly refusal.

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

from typing import Any

import pytest
from bot_helpers import start_game, user
from races import (
    ADMIN,
    ADMIN_NAME,
    CREATOR,
    ROUNDS,
    Racers,
    call,
    check_books,
    held_both,
    racing,
    split,
    timeout_rows,
)

from bot.service.change import CONFLICT
from bot.service.service import GameService
from bot.store.records import Records
from bot.store.votes import Votes


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
