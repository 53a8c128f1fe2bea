"""Redesign issue 12's acceptance test: a game defined only by kinds, steps and a tiny data pack, in
the tests (:mod:`toy_pack_game`, Little Orchard), runs end to end through the service and through
discord.py's real objects on the Discord fakes, so a new game needs nothing in ``bot/``."""

from __future__ import annotations

import re
import sys
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

TESTS = Path(__file__).resolve().parents[1]
for folder in ("bot_service", "bot_discord"):  # their helpers, imported as the suites there import them
    if str(TESTS / folder) not in sys.path:
        sys.path.insert(0, str(TESTS / folder))

from bot_helpers import CHANNEL, refused, service_at, stored_state, user  # noqa: E402
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
    values_to_click,
)
from toy_pack_game import GAME_ID, ORCHARD, PACKS  # noqa: E402

from bot.service.change import Step  # noqa: E402
from bot.service.service import GameService  # noqa: E402
from engine.core import Outcome, find_game, play, registered  # noqa: E402
from engine.core.datapack import load  # noqa: E402

TITLE = "Little Orchard"
NOTICE = "Fruit values partly provisional (1 of 3 rows)."
PLAYERS = ("Ann", "Bob", "Cy")
SEED = 5


@pytest.fixture(autouse=True)
def orchard() -> Iterator[None]:
    """Register the game for this test only (the registry is the one place the bot finds games)."""
    with registered(ORCHARD):
        yield


def choose(texts: list[str], uid: str = "") -> str:
    """The test's players: Cy saves coins (the first, safe answer) to cash them in at the end; the
    others give the boldest answer (the last one listed). Never ``take back``."""
    texts = [t for t in texts if t != "take back"]
    if uid == user("Cy"):
        return "cash in" if "cash in" in texts else texts[0]
    return texts[-1]


# --- the game in the engine ----------------------------------------------------------------------
def test_the_game_is_declared_by_kinds_steps_and_a_pack() -> None:
    pack = load(PACKS.spec)  # the core loader: validated, fingerprinted, provenance kept
    assert [r["id"] for r in pack.rows["fruit"]] == ["apple", "pear", "plum"]  # type: ignore[index]
    assert [(r.source, r.provisional) for r in pack.rows["fruit"]][-1] == ("rules p.2", True)
    assert set(ORCHARD.steps.kinds) == {"pick", "bid", "tend", "cash"}
    assert ORCHARD.notice() == NOTICE and find_game(TITLE) is ORCHARD
    state, _ = play.new_game(ORCHARD, list(PLAYERS), {}, SEED)
    assert state["pack"]["fingerprint"] == pack.fingerprint
    again, _ = play.new_game(ORCHARD, list(PLAYERS), {}, SEED)
    assert play.dumps(state) == play.dumps(again)  # the deck is shuffled by the core rng in the state
    [decision] = play.pending(ORCHARD, state)
    assert decision.shape is not None and decision.shape.pass_text == "pass"


# --- through the service ---------------------------------------------------------------------------
@pytest.fixture
async def svc(tmp_path: Path) -> AsyncIterator[GameService]:
    async with service_at(tmp_path / "games.sqlite3") as service:
        yield service


async def buttons(svc: GameService, uid: str) -> list[str]:
    """The texts the seat's buttons play (what a front end offers)."""
    table = await svc.table_in(CHANNEL)
    assert table is not None
    return table.texts(table.seat_of(uid))


async def test_a_whole_game_through_the_service(svc: GameService) -> None:
    lobby = await svc.lobby.open(CHANNEL, "guild", user("Ann"), "Ann", TITLE)  # named by its title
    assert f"⚠️ {NOTICE}" in lobby.public
    for name in PLAYERS[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)
    assert f"⚠️ {NOTICE}" in (await svc.play.status(CHANNEL)).lines
    result = await svc.lobby.start(CHANNEL, user("Ann"), seed=SEED)
    row = result.game_row or 0
    assert (await svc.store.game(row)).game_id == GAME_ID  # type: ignore[union-attr]
    assert f"⚠️ {NOTICE}" in (await svc.play.status(CHANNEL)).lines
    assert result.public[0].startswith(f"{TITLE} starts!")  # set-up's own events are not shown (a finding)

    # A bad input is refused kindly, naming what is legal, and changes nothing.
    mover = result.waiting[0]
    before = await stored_state(svc, row)
    message = await refused("unknown", svc.play.act(CHANNEL, mover, "eat the plum"))
    assert message.startswith("`eat the plum` is not a legal action here. Legal now: `pass`, `pick ")
    idle = next(u for u in map(user, PLAYERS) if u not in result.waiting)
    message = await refused("not_your_turn", svc.play.act(CHANNEL, idle, "pass"))
    assert "not your turn" in message.lower()
    assert await stored_state(svc, row) == before

    seen: set[str] = set()
    took_back = False
    for _ in range(200):
        if result.game_over:
            break
        seen |= {d.shape.type for d in play.pending(ORCHARD, await svc.archive.rebuild(row)) if d.shape is not None}
        uid = result.waiting[0]
        assert await buttons(svc, uid) == result.legal[uid]
        if len(result.waiting) > 1 and not took_back:  # the parallel bid: answer, take back, answer again
            result = await take_back_a_bid(svc, result)
            took_back = True
            continue
        result = await svc.play.act(CHANNEL, uid, choose(result.legal[uid], uid), expected_version=result.version)
    assert result.game_over and took_back
    assert seen == {"choose_one", "amount", "choose_several", "confirm"}
    assert isinstance(result.outcome, Outcome)
    lines = result.public[result.public.index("Final scores:") :]
    assert len([line for line in lines if re.match(r"\d\. \w+ — \d+ \(fruit \d+, polish \d+, cashed \d+", line)]) == 3
    assert any(line.startswith(("Winner:", "Shared win:")) for line in lines)
    assert "Tie-break: most coins left." in lines
    assert "The orchard is harvested." in result.public and "Cy trades 2 coins for a point." in result.public

    # The stored log replays to the stored final state, in the service and in the engine alone.
    final = (await stored_state(svc, row))[1]
    assert play.dumps(await svc.archive.rebuild(row)) == final
    record = await svc.store.game(row)
    assert record is not None and record.seed is not None
    seated = [s.name for s in sorted(await svc.store.seats(row), key=lambda s: s.seat or 0)]
    log = [(a.seat, a.text) for a in await svc.store.actions(row) if a.kind == "action"]
    assert "take back" in [text for _, text in log]
    assert play.dumps(play.replay(ORCHARD, seated, record.options, record.seed, log)) == final
    assert ORCHARD.outcome(play.loads(final)) == result.outcome


async def take_back_a_bid(svc: GameService, opened: Step) -> Step:
    first, *others = opened.waiting
    bid = choose(opened.legal[first])
    answered = await svc.play.act(CHANNEL, first, bid, expected_version=opened.version)
    name = first.removeprefix("u-").capitalize()
    assert f"{name} has bid." in answered.public and not any(bid in line for line in answered.public)
    assert answered.private[first] == [f"You {bid}."]
    assert first not in answered.waiting and await buttons(svc, first) == ["take back"]
    taken = await svc.play.act(CHANNEL, first, "take back", expected_version=answered.version)
    assert f"{name} takes back their answer." in taken.public
    assert sorted(taken.waiting) == sorted(opened.waiting) and first not in taken.mention
    again = await svc.play.act(CHANNEL, first, "bid 0", expected_version=taken.version)
    for uid in others:
        again = await svc.play.act(CHANNEL, uid, choose(again.legal[uid], uid), expected_version=again.version)
    assert any(line.startswith("Bids: ") and f"{name} 0" in line for line in again.public)
    return again


# --- through the Discord fakes ---------------------------------------------------------------------
@pytest.fixture
async def guild(tmp_path: Path) -> AsyncIterator[Guild]:
    fake = FakeDiscord()
    bot = await start_bot(tmp_path / "games.sqlite3", fake)
    try:
        yield Guild(bot, fake)
    finally:
        await bot.close()


def components(call: Call) -> list[dict[str, Any]]:
    rows = call.payload.get("components") or call.payload.get("data", {}).get("components") or []
    return [c for row in rows for c in row["components"]]


async def click_last(guild: Guild, call: Call) -> tuple[int, list[Call]]:
    """Click the last option the message offers to a seat (opening the first waiting player's
    panel when it offers none itself); returns the clicking user and the requests made."""
    items = components(call)
    playable = [c for c in items if PLAYABLE.match(c.get("custom_id", ""))]
    if playable:  # a multi-select first (its last listed set), else the last button or select option
        item = next((c for c in playable if c["custom_id"].endswith(":k")), playable[-1])
        seat = int(PLAYABLE.match(item["custom_id"])[1])  # type: ignore[index]
        table = await table_now(guild)
        who = int(table.users[seat])
        values = values_to_click(table, item, lambda listed: listed[-1])
        return who, await guild.click(who, NAMES[who], call.reply, item["custom_id"], values)
    who = int((await table_now(guild)).waiting_users()[0])
    panel = next(c["custom_id"] for c in items if c.get("custom_id", "").endswith(":panel"))
    opened = await guild.click(who, NAMES[who], call.reply, panel)
    assert opened[-1].ephemeral
    who, more = await click_last(guild, opened[-1])
    return who, opened + more


async def test_a_whole_game_through_discord(guild: Guild) -> None:
    post = await open_table(guild, (ANN, BOB, CY), game=TITLE)  # /game new typed by the title
    table = await table_now(guild)
    assert table.game.spec.id == GAME_ID and NOTICE in post.content
    assert pinged(post) == set(table.waiting_users())
    parallel, seen = 0, set()
    for _ in range(200):
        before = await table_now(guild)
        if not before.active:
            break
        parallel += len(before.waiting_seats()) > 1
        seen |= {d.shape.type for d in before.decisions() if d.shape is not None}
        actor, calls = await click_last(guild, post)
        post = shown(calls)  # a new turn message, or the current one edited in place
        after = await table_now(guild)
        assert after.version == before.version + 1
        assert [name for name, _ in post.files] == [f"board-{after.row}-{after.version}.png"]  # its text board
        expected = turn_pings(before, after, actor)  # only who newly owes a decision, in a new message
        assert post.new == (expected is not None) and pinged(post) == (expected or set())
    final = await table_now(guild)
    assert final.record.status == "finished" and parallel
    assert {"choose_one", "amount", "choose_several"} <= seen
    assert "Final scores:" in post.content and "Tie-break: most coins left." in post.content
    assert not pinged(post)
    assert await guild.bot.service.archive.rebuild(final.row) == final.state


def test_nothing_in_bot_names_the_game() -> None:
    bot = TESTS.parent / "bot"
    words = (GAME_ID, TITLE.lower(), "orchard", "toy_pack_game")
    named = [
        str(path.relative_to(bot))
        for path in bot.rglob("*.py")
        if any(word in path.read_text(encoding="utf-8").lower() for word in words)
    ]
    assert not named
