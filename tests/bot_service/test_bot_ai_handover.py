"""A seat handed to the AI and taken back (issue 26): by its player, by the host for an absent player
and by an admin, through ``/game substitute`` and ``/admin replace`` (service side); AI seats
without clocks or reminders; the seats line, ``/game status`` and ``/mygames`` saying who the AI plays."""

from __future__ import annotations

import random
from collections.abc import AsyncIterator

import pytest
from bot_helpers import CHANNEL, refused, user

from bot.service.change import Step
from bot.service.clock import DAY, HOUR, ManualClock, TableClock, preset
from bot.service.notices import Notice
from bot.service.service import GameService
from bot.service.turn_text import prompt_lines
from bot.store.records import Records
from bot.store.store import GameStore
from render.i18n import tr

DEE, CY = "u-dee", "u-cy"


@pytest.fixture
async def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
async def svc(database: str, clock: ManualClock) -> AsyncIterator[GameService]:
    store = await GameStore.open(database)
    try:
        yield GameService(store, clock=clock, rng=random.Random(0))
    finally:
        await store.close()


async def begin(svc: GameService, clock: str = "daily") -> Step:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 6}, clock=clock)
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    return await svc.lobby.start(CHANNEL, user("Ann"), seed=4)


async def stand_ins(svc: GameService, row: int) -> dict[str, str | None]:
    return {s.user_id: s.stand_in for s in await svc.store.seats(row)}


async def until_bob_owes(svc: GameService, step: Step) -> Step:
    while user("Bob") not in step.waiting:
        step = await svc.play.act(CHANNEL, step.waiting[0], "step")
    return step


async def test_a_player_hands_their_seat_to_the_ai_and_takes_it_back(svc: GameService) -> None:
    started = await begin(svc)
    row = started.game_row or 0
    assert started.waiting == [user("Ann")]
    assert "strong" in await refused("bad_level", svc.seats.to_ai(CHANNEL, user("Ann"), "brilliant"))
    await refused("not_seated", svc.seats.to_ai(CHANNEL, DEE, "easy"))
    handed = await svc.seats.to_ai(CHANNEL, user("Ann"), "Easy")
    assert handed.public == [
        "Ann handed their seat to the AI (easy), which plays for them until they act again or say `/back`."
    ]
    assert handed.mention == [] and handed.ping == [] and not handed.board_changed
    assert await stand_ins(svc, row) == {user("Ann"): "easy", user("Bob"): None}
    assert "already plays for Ann" in await refused("already_ai", svc.seats.to_ai(CHANNEL, user("Ann"), "normal"))
    assert await svc.ai.due() == [row]
    played = [step async for step in svc.ai.turns(limit=1)]
    assert played and played[0].public[0].startswith("🤖 The AI (easy) played for Ann")
    back = await svc.seats.substitute(CHANNEL, user("Ann"), user("Ann"), "Ann")  # the seat to herself
    assert back.public == ["Ann took their seat back from the AI."]
    assert await stand_ins(svc, row) == {user("Ann"): None, user("Bob"): None}
    await refused("already_seated", svc.seats.substitute(CHANNEL, user("Ann"), user("Ann"), "Ann"))
    trail = await Records(svc.store).audit_trail(row)
    assert [(by, what, detail.split(": ", 1)[1]) for _, by, what, detail in trail] == [
        (user("Ann"), "self", f"{user('Ann')} -> AI (easy)"),
        (user("Ann"), "self", f"AI (easy) -> {user('Ann')}"),
    ]


async def test_the_host_hands_an_absent_players_seat_to_the_ai(svc: GameService, clock: ManualClock) -> None:
    started = await until_bob_owes(svc, await begin(svc))
    row = started.game_row or 0
    await refused("not_host", svc.seats.to_ai(CHANNEL, user("Bob"), "easy", for_user=user("Ann")))
    assert "less than a day" in await refused(
        "not_absent", svc.seats.to_ai(CHANNEL, user("Ann"), "easy", for_user=user("Bob"))
    )
    clock.advance(DAY + HOUR)
    handed = await svc.seats.to_ai(CHANNEL, user("Ann"), "normal", for_user=user("Bob"))
    assert handed.public == [
        "The host (Ann) handed Bob's seat to the AI (normal) (Bob was absent); it plays for them until they "
        "act again or say `/back`."
    ]
    assert await stand_ins(svc, row) == {user("Ann"): None, user("Bob"): "normal"}
    await refused("already_ai", svc.seats.to_ai(CHANNEL, user("Ann"), "easy", for_user=user("Bob")))
    await svc.core.notify.hold(user("Bob"), row, started.version, svc.core.now())  # held by quiet hours
    clock.advance(HOUR)
    assert await svc.notify.held_due() == []  # the AI plays for Bob: no late ping for him
    back = await svc.seats.substitute(CHANNEL, user("Ann"), user("Bob"), "Bob", for_user=user("Bob"))
    assert back.public == ["The host (Ann) took Bob's seat back from the AI: Bob plays it again."]
    assert back.mention == [user("Bob")]  # Bob owes the decision again and is told so
    assert await stand_ins(svc, row) == {user("Ann"): None, user("Bob"): None}
    # handed to a person while the AI stands in: the new holder plays it, not the AI
    await svc.seats.to_ai(CHANNEL, user("Ann"), "easy", for_user=user("Bob"))
    await svc.seats.substitute(CHANNEL, user("Ann"), DEE, "Dee", for_user=user("Bob"))
    assert await stand_ins(svc, row) == {user("Ann"): None, DEE: None}
    assert await svc.ai.due() == []


async def test_an_admin_hands_a_present_players_seat_to_the_ai_and_back(svc: GameService) -> None:
    started = await begin(svc)
    row = started.game_row or 0
    await refused("not_allowed", svc.admin.to_ai(CHANNEL, CY, "Cy", user("Bob"), "easy"))
    handed = await svc.admin.to_ai(CHANNEL, CY, "Cy", user("Bob"), "strong", can_manage=True)
    assert handed.public == [
        "🛠 Cy (admin) handed Bob's seat to the AI (strong): it plays for them until they act again or say `/back`."
    ]
    await refused("already_ai", svc.admin.to_ai(CHANNEL, CY, "Cy", user("Bob"), "easy", can_manage=True))
    back = await svc.admin.replace(CHANNEL, CY, "Cy", user("Bob"), user("Bob"), "Bob", can_manage=True)
    assert back.public == ["🛠 Cy (admin) took Bob's seat back from the AI: Bob plays it again."]
    assert back.mention == []  # Bob owes nothing now
    assert await stand_ins(svc, row) == {user("Ann"): None, user("Bob"): None}
    await refused("already_seated", svc.admin.replace(CHANNEL, CY, "Cy", user("Bob"), user("Bob"), "Bob", True))
    [*_, (_, by, what, detail)] = await Records(svc.store).audit_trail(row)
    assert (by, what) == (CY, "admin") and detail.endswith(f"AI (strong) -> {user('Bob')}")


async def test_an_ai_seat_has_no_clock_nor_reminders_while_a_stand_in_keeps_its_players(
    svc: GameService, clock: ManualClock
) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 15}, clock="fast")
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    row = (await svc.lobby.start(CHANNEL, user("Ann"), seed=4)).game_row or 0
    await svc.seats.to_ai(CHANNEL, user("Bob"), "easy")  # Bob lets the AI play for him
    table = await svc.table(row)
    ai, bob = table.users.index("ai:easy:1"), table.users.index(user("Bob"))
    seen: set[int] = set()
    for _ in range(30):  # Ann plays by hand; the AI's turns wait until the checks are made
        table = await svc.table(row)
        clocks = await svc.core.deadlines.of_game(row)
        assert ai not in clocks and ai not in table.due  # never a deadline for an AI seat
        owing = set(table.waiting_seats())
        if bob in owing:  # the seat the AI stands in for keeps its player's clock
            assert clocks[bob].state == "running" and bob in table.due
            seen.add(bob)
        if owing == {ai}:
            clock.advance(7 * HOUR)  # past the half-time reminder of a 12 h clock
            assert [n for n in await svc.reminders.due() if n.user_id == "ai:easy:1"] == []
            clock.advance(6 * HOUR)  # and past the deadline
            assert await svc.timeouts.expire_due() == []
            seen.add(ai)
        if seen == {ai, bob}:
            break
        if table.seats[table.waiting_seats()[0]].user_id == user("Ann"):
            await svc.play.act_in(row, user("Ann"), table.texts(svc.core.seat_of(table.seats, user("Ann")))[0])
        else:
            assert [step async for step in svc.ai.turns(limit=1)]
    assert seen == {ai, bob}
    assert (await svc.pings.plan(table.record, ["ai:easy:1"])).ping == []
    notice = Notice("half", row, CHANNEL, "g", "Toy Race", "a reminder", "ai:easy:1", "🤖 AI 1 (easy)", ai, ping=True)
    assert await svc.pings.route(notice) is None  # never pinged, nor counted against a budget
    assert await svc.core.notify.pings_since("ai:easy:1", "2000-01-01T00:00:00.000+00:00") == 0


async def test_a_clock_an_ai_seat_had_anyway_reminds_nobody_and_plays_no_default(
    svc: GameService, clock: ManualClock
) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 15}, clock="fast")
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    row = (await svc.lobby.start(CHANNEL, user("Ann"), seed=4)).game_row or 0
    table = await svc.table(row)
    ai = table.users.index("ai:easy:1")
    while table.waiting_seats() != [ai]:
        await svc.play.act_in(row, user("Ann"), table.texts(svc.core.seat_of(table.seats, user("Ann")))[0])
        table = await svc.table(row)
    # e.g. stored by a version of the bot that gave AI seats clocks
    await svc.core.deadlines.sync(row, TableClock(preset("fast")), [ai], svc.core.now())
    clock.advance(7 * HOUR)
    assert [n.user_id for n in await svc.reminders.due()] == []
    clock.advance(6 * HOUR)
    assert await svc.timeouts.expire_due() == []
    assert (await svc.core.deadlines.of_game(row))[ai].state == "idle"
    assert (await svc.table(row)).version == table.version  # no default played for the AI


async def test_status_and_my_games_say_which_seats_the_ai_plays(svc: GameService) -> None:
    await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": 15})
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob")
    await svc.lobby.add_ai(CHANNEL, user("Ann"), "easy")
    lobby = (await svc.away.my_games(user("Bob"))).lines
    assert lobby[0].startswith("Toy Race lobby in chan-1 · with 🤖 AI 1 (easy)")
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=4)
    await until_bob_owes(svc, started)
    mine = await svc.away.my_games(user("Bob"))
    assert mine.games[0].your_turn and "**your turn** in Toy Race" in mine.lines[0]
    await svc.seats.to_ai(CHANNEL, user("Bob"), "easy")
    status = await svc.play.status(CHANNEL)
    assert "Bob (🤖 AI standing in) to decide: " in "\n".join(status.lines)
    [seats] = [line for line in status.lines if line.startswith("Seats: ")]
    assert "Bob (🤖 AI standing in) (" in seats and "🤖 AI 1 (easy) (" in seats and "Ann (" in seats
    assert "Ann (🤖" not in seats
    table = await svc.table(status.game_row)
    [prompt] = prompt_lines(table, [])  # the turn message's prompt: Bob's decision is the AI's now
    assert prompt.startswith("➡️ **Bob** (🤖 the AI plays for them): ")
    assert tr(prompt, "ja").startswith("➡️ **Bob**（🤖 AIが代わりに打ちます）：")
    mine = await svc.away.my_games(user("Bob"))
    assert not mine.games[0].your_turn  # the AI's to play, not his: not in his digest either
    assert mine.lines == [
        f"Toy Race in chan-1 (move {status.version}): 🤖 the AI (easy) plays for you until you act or say `/back` "
        "· AI seats: 2. 🤖 AI 1 (easy), 3. Bob (🤖 AI standing in)"
    ]
    assert tr(mine.lines[0], "ja").endswith("AIの席：2. 🤖 AI 1 (easy)、3. Bob（🤖 AIが代わりに打っています）")
    ann = (await svc.away.my_games(user("Ann"))).lines[0]
    assert "plays for you" not in ann and ann.endswith(" · AI seats: 2. 🤖 AI 1 (easy), 3. Bob (🤖 AI standing in)")
    await svc.ai.back(user("Bob"))
    status = await svc.play.status(CHANNEL)
    assert not any("standing in" in line for line in status.lines)
    back = (await svc.away.my_games(user("Bob"))).lines[0]
    assert "**your turn** in Toy Race" in back and back.endswith(" · AI seats: 2. 🤖 AI 1 (easy)")
    assert not any("the AI plays for them" in line for line in prompt_lines(await svc.table(status.game_row), []))
