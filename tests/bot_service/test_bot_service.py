"""GameService: lobby rules, friendly errors with nothing changed, mentions, privacy, replay."""

from __future__ import annotations

import asyncio
import random

import pytest
from bot_helpers import (
    CHANNEL,
    TOY,
    play_random,
    start_game,
    stored_state,
    user,
    waiting_users,
)

from bot.service.results import ServiceError
from bot.service.service import GameService
from bot.store.rows import VersionConflict
from engine.core import play


async def expect_error(svc: GameService, code: str, call: object, *words: str) -> ServiceError:
    """Await ``call``; it must raise ServiceError ``code`` mentioning ``words`` and change nothing."""
    games = await svc.store.all_games()
    before = [(g.id, g.status, g.version, await svc.store.snapshot(g.id, g.version)) for g in games]
    with pytest.raises(ServiceError) as info:
        await call  # type: ignore[misc]
    assert info.value.code == code, info.value.message
    for word in words:
        assert word.lower() in info.value.message.lower(), info.value.message
    after = [
        (g.id, g.status, g.version, await svc.store.snapshot(g.id, g.version)) for g in await svc.store.all_games()
    ]
    assert after == before
    return info.value


async def test_lobby_lifecycle(svc: GameService) -> None:
    created = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": "15"})
    assert "Toy Race" in created.public[0] and "length=15" in created.public[0]
    await expect_error(svc, "channel_busy", svc.lobby.open(CHANNEL, "g", user("Bob"), "Bob", "toy_race"), "already")
    await expect_error(svc, "bad_option", svc.lobby.start(CHANNEL, user("Ann")), "2–4 players")
    await svc.lobby.join(CHANNEL, user("Bob"), "Ann")  # same display name gets a suffix
    await expect_error(svc, "already_joined", svc.lobby.join(CHANNEL, user("Bob"), "Bob"))
    await expect_error(svc, "not_creator", svc.lobby.start(CHANNEL, user("Bob")), "creator")
    for name in ("Cy", "Dee"):
        await svc.lobby.join(CHANNEL, user(name), name)
    await expect_error(svc, "lobby_full", svc.lobby.join(CHANNEL, user("Eve"), "Eve"), "full")
    left = await svc.lobby.leave(CHANNEL, user("Ann"))
    assert "Ann 2 now starts" in left.public[0]
    started = await svc.lobby.start(CHANNEL, user("Bob"), seed=4)
    assert started.status == "active" and started.version == 0 and len(started.state_view["players"]) == 3
    assert sorted(started.state_view["players"]) == ["Ann 2", "Cy", "Dee"]
    await expect_error(svc, "not_lobby", svc.lobby.join(CHANNEL, user("Eve"), "Eve"), "started")


async def test_last_member_leaving_closes_the_lobby(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")
    closed = await svc.lobby.leave(CHANNEL, user("Ann"))
    assert "closed" in closed.public[0]
    assert [g.status for g in await svc.store.all_games()] == ["abandoned"]
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")


async def test_unknown_game_and_bad_options_are_friendly(svc: GameService) -> None:
    err = await expect_error(
        svc, "unknown_game", svc.lobby.open(CHANNEL, "g", "u", "U", "chess"), "no game `chess`", "Toy Race"
    )
    assert "Games:" in err.message
    await expect_error(
        svc, "bad_option", svc.lobby.open(CHANNEL, "g", "u", "U", "toy_race", {"length": 7}), "`length`", "`10`"
    )
    await expect_error(
        svc,
        "bad_option",
        svc.lobby.open(CHANNEL, "g", "u", "U", "toy_race", {"speed": 1}),
        "no option `speed`",
        "`length`",
    )
    assert await svc.store.all_games() == []


async def test_play_errors_change_nothing(svc: GameService) -> None:
    await expect_error(svc, "no_game", svc.play.act("nowhere", user("Ann"), "step"), "no game")
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")
    await expect_error(svc, "not_started", svc.play.act(CHANNEL, user("Ann"), "step"), "not started")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=2)
    mover = started.waiting[0]
    other = user("Bob") if mover == user("Ann") else user("Ann")
    await expect_error(svc, "not_seated", svc.play.act(CHANNEL, user("Zed"), "step"), "not playing", "Ann", "Bob")
    await expect_error(svc, "not_your_turn", svc.play.act(CHANNEL, other, "step"), "not your turn", "waiting for")
    err = await expect_error(svc, "unknown", svc.play.act(CHANNEL, mover, "fly away"), "not a legal", "step")
    assert "step" in err.legal
    await expect_error(
        svc, "illegal_action", svc.play.act(CHANNEL, mover, action={"do": "pass"}), "not legal", "Legal now"
    )
    await expect_error(
        svc, "illegal_action", svc.play.act(CHANNEL, mover, action={"nonsense": 1}), "not legal", "`step`"
    )
    await expect_error(svc, "malformed", svc.play.act(CHANNEL, mover, "   "), "type an action")
    moved = await svc.play.act(CHANNEL, mover, "st", expected_version=0)  # unique prefix is fine
    assert moved.version == 1
    await expect_error(svc, "stale", svc.play.act(CHANNEL, mover, "step", expected_version=0), "outdated", "version 1")
    await expect_error(svc, "stale", svc.play.undo(CHANNEL, mover, expected_version=0), "outdated")
    # the version is checked first: anyone answering an outdated prompt hears so, seated or not
    await expect_error(svc, "stale", svc.play.act(CHANNEL, user("Zed"), "step", expected_version=0), "outdated")
    await expect_error(svc, "stale", svc.play.undo(CHANNEL, user("Zed"), expected_version=0), "outdated")
    await expect_error(svc, "not_seated", svc.play.act(CHANNEL, user("Zed"), "step", expected_version=1), "not playing")
    await expect_error(svc, "not_allowed", svc.lobby.abandon(CHANNEL, other), "creator")
    await expect_error(svc, "no_game", svc.play.status("elsewhere"))
    await expect_error(svc, "not_seated", svc.play.view(CHANNEL, user("Zed"), private=True))


async def test_concurrent_acts_at_the_same_version(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob", "Cy"))
    mover = started.waiting[0]
    outcomes = await asyncio.gather(
        svc.play.act(CHANNEL, mover, "step", expected_version=0),
        svc.play.act(CHANNEL, mover, "step", expected_version=0),
        return_exceptions=True,
    )
    wins = [o for o in outcomes if not isinstance(o, BaseException)]
    errors = [o for o in outcomes if isinstance(o, ServiceError)]
    assert len(wins) == 1 and len(errors) == 1
    assert errors[0].code == "stale" and "outdated" in errors[0].message
    version, snap = await stored_state(svc, started.game_row or 0)
    assert version == 1 and play.loads(snap)["pos"].count(1) == 1


async def test_parallel_answers_without_version_both_land(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob", "Cy"), {"cards": "no"})
    result = started
    while len(result.waiting) < 3:  # walk to the parallel push/rest phase
        result = await svc.play.act(CHANNEL, result.waiting[0], "step")
    outcomes = await asyncio.gather(*(svc.play.act(CHANNEL, u, "rest") for u in result.waiting))
    assert sorted(o.version for o in outcomes) == [result.version + 1, result.version + 2, result.version + 3]


async def test_mentions_are_exactly_who_must_act_and_secrets_stay_private(svc: GameService) -> None:
    rng = random.Random(7)
    started = await start_game(svc, ("Ann", "Bob", "Cy"), seed=11)
    users = [s.user_id for s in await svc.store.seats(started.game_row or 0)]
    results = [started] + await play_random(svc, started, rng)
    saw_parallel = False
    for result in results:
        state = play.loads(await svc.store.snapshot(result.game_row or 0, result.version or 0) or "{}")
        assert result.mention == waiting_users(state, users)
        assert set(result.legal) == set(result.mention)
        saw_parallel |= len(result.mention) > 1
        for who, lines in result.private.items():
            for line in lines:
                assert line not in result.public and who in users
    assert saw_parallel and results[-1].game_over and results[-1].mention == []
    secret = [r for r in results if any("You chose" in x for xs in r.private.values() for x in xs)]
    assert secret and all(
        "push" not in line and "rest" not in line for r in secret for line in r.public if "has chosen" in line
    )


async def test_game_over_posts_scores_and_frees_the_channel(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"length": 6}, seed=5)
    final = (await play_random(svc, started, random.Random(3)))[-1]
    assert final.game_over and final.status == "finished" and final.outcome is not None
    assert "Final scores:" in final.public and any(line.startswith("Winner") for line in final.public)
    winners = final.outcome.winners
    names = final.state_view["players"] if final.state_view else []
    assert any(names[winners[0]] in line for line in final.public if line.startswith(("Winner", "Shared")))
    record = await svc.store.game(final.game_row or 0)
    assert record is not None and record.status == "finished" and record.waiting == []
    status = await svc.play.status(CHANNEL)
    assert "finished" in status.lines[0] and "Final scores:" in status.lines
    await expect_error(svc, "no_game", svc.play.act(CHANNEL, user("Ann"), "step"), "finished")
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
async def test_replay_equals_stored_snapshot(svc: GameService, seed: int) -> None:
    names = ("Ann", "Bob", "Cy", "Dee")[: 2 + seed % 3]
    started = await start_game(svc, names, {"actions": 3}, seed=seed)
    rng = random.Random(seed)
    results = await play_random(svc, started, rng, max_actions=25, undo_rate=0.3)
    assert any(r.public and "took back" in r.public[0] for r in results)
    row = started.game_row or 0
    _, snap = await stored_state(svc, row)
    assert play.dumps(await svc.archive.rebuild(row)) == snap
    await play_random(svc, results[-1], rng, undo_rate=0.2)
    version, snap = await stored_state(svc, row)
    assert play.dumps(await svc.archive.rebuild(row)) == snap and play.loads(snap)["phase"] == "over"
    assert version == len(await svc.store.actions(row))


async def test_views_log_and_my_games(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"), {"length": 15}, seed=9)
    await svc.lobby.open("chan-2", "g", user("Ann"), "Ann", "toy_race")
    await start_game(svc, ("Cy", "Ann"), channel="chan-3", seed=1)
    mover = started.waiting[0]
    public = await svc.play.view(CHANNEL)
    mine = await svc.play.view(CHANNEL, mover, private=True)
    assert "hand" not in public.text and "hand" in mine.text
    assert "hand" not in public.view and "hand" in mine.view
    for _ in range(30):
        status = await svc.play.status(CHANNEL)
        who = status.waiting[0]
        await svc.play.act(CHANNEL, who, "step" if "step" in status.legal[who] else "rest")
    log = await svc.archive.log(CHANNEL)
    pages = int(log.lines[0].split(" of ")[1].rstrip(":"))
    assert pages >= 2 and log.lines[0] == f"Log, page {pages} of {pages}:" and log.pages == pages
    every = [line for n in range(1, pages + 1) for line in (await svc.archive.log(CHANNEL, page=n)).lines[1:]]
    assert every[0].startswith("#0 Toy Race started") and every[-len(log.lines) + 1 :] == log.lines[1:]
    versions = [int(line[1:].split(" ")[0]) for line in every]
    assert versions == sorted(versions) and versions[-1] == 30 and set(range(31)) == set(versions)
    assert len((await svc.archive.log(CHANNEL, page=1)).lines) == 21
    assert all("You drew" not in line for line in every)
    listing = await svc.away.my_games(user("Ann"))
    channels = [g.channel_id for g in listing.games]
    assert sorted(channels) == [CHANNEL, "chan-2", "chan-3"]
    owed = [g.your_turn for g in listing.games]
    assert owed == sorted(owed, reverse=True)  # games awaiting Ann come first
    for game in listing.games:
        status = await svc.play.status(game.channel_id)
        assert game.your_turn == (user("Ann") in status.waiting)


async def test_abandon_by_channel_manager_and_clock_timestamps(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"))
    record = await svc.store.game(started.game_row or 0)
    assert record is not None and record.created_at.startswith("2030-01-01T00:00:0")
    await expect_error(svc, "not_allowed", svc.lobby.abandon(CHANNEL, user("Bob")))
    done = await svc.lobby.abandon(CHANNEL, user("Bob"), can_manage_channel=True)
    assert "abandoned" in done.public[0] and done.game_row == started.game_row
    assert (await svc.store.game(started.game_row or 0)).status == "abandoned"  # type: ignore[union-attr]


async def test_toy_game_text_round_trips() -> None:
    state, _ = play.new_game(TOY, ["A", "B"], {}, 3)
    for text in play.legal_texts(TOY, state, 0):
        assert TOY.action_text(play.parse_action(TOY, state, 0, text)) == text


async def test_join_or_leave_racing_start_never_leaves_an_unseated_member(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    await svc.lobby.join(CHANNEL, user("Cy"), "Cy")
    outcomes = await asyncio.gather(
        svc.lobby.start(CHANNEL, user("Ann"), seed=1),
        svc.lobby.join(CHANNEL, user("Dee"), "Dee"),
        svc.lobby.leave(CHANNEL, user("Cy")),
        return_exceptions=True,
    )
    assert all(isinstance(o, ServiceError) or not isinstance(o, BaseException) for o in outcomes), outcomes
    record = await svc.store.live_game(CHANNEL)
    assert record is not None
    seats = await svc.store.seats(record.id)
    if record.status == "active":
        state = play.loads(await svc.store.snapshot(record.id, 0) or "{}")
        assert sorted(s.seat for s in seats) == list(range(len(state["players"])))  # type: ignore[type-var]
        assert [s.name for s in seats] == state["players"]


async def test_store_refuses_lobby_writes_once_started(svc: GameService) -> None:
    started = await start_game(svc, ("Ann", "Bob"))
    row = started.game_row or 0
    with pytest.raises(VersionConflict):
        await svc.core.lobbies.add_seat(row, user("Cy"), "Cy", "t")
    with pytest.raises(VersionConflict):
        await svc.core.lobbies.remove_seat(row, user("Bob"), "t")
    await svc.lobby.open("chan-2", "g", user("Cy"), "Cy", "toy_race")
    await svc.lobby.join("chan-2", user("Dee"), "Dee")
    lobby = await svc.store.live_game("chan-2")
    assert lobby is not None
    with pytest.raises(VersionConflict):  # a member list that no longer matches the lobby
        await svc.store.start_game(
            lobby.id,
            seats=[(user("Cy"), 0, "red")],
            spec="x",
            rules_version=1,
            seed=1,
            state_json="{}",
            waiting=[],
            now="t",
        )
    assert (await svc.store.game(lobby.id)).status == "lobby"  # type: ignore[union-attr]
    assert [s.seat for s in await svc.store.seats(lobby.id)] == [None, None]
