"""What people type: games by title, and hostile text (lone surrogates, huge inputs) refused kindly."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, user

from bot.service.results import ServiceError
from bot.service.service import GameService


@pytest.mark.parametrize(
    ("typed", "title"),
    [
        ("Puerto Rico", "Puerto Rico"),
        ("puerto rico", "Puerto Rico"),
        ("Puerto-Rico", "Puerto Rico"),
        ("PUERTO_RICO", "Puerto Rico"),
        ("Lisboa", "Lisboa"),
        ("lis", "Lisboa"),
        ("toy race", "Toy Race"),
    ],
)
async def test_a_game_is_named_by_title_as_typed(svc: GameService, typed: str, title: str) -> None:
    result = await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", typed)
    assert f"opened a {title} lobby" in result.public[0]
    record = await svc.store.live_game(CHANNEL)
    assert record is not None and record.title == title


async def test_an_unknown_game_lists_the_games_by_title(svc: GameService) -> None:
    with pytest.raises(ServiceError) as err:
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "Puerto Ricco")
    assert err.value.code == "unknown_game"
    assert "There is no game `Puerto Ricco`" in err.value.message
    assert all(title in err.value.message for title in ("Lisboa", "Puerto Rico", "Toy Race"))
    assert "puerto_rico" not in err.value.message
    assert await svc.store.all_games() == []


LONE = "\ud800"
HUGE = "x" * 10_000


async def test_a_lone_surrogate_is_refused_kindly_or_stored_as_a_replacement(svc: GameService) -> None:
    with pytest.raises(ServiceError) as err:
        await svc.play.status(f"chan{LONE}")
    assert err.value.code == "no_game"
    with pytest.raises(ServiceError) as err:
        await svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", f"toy{LONE}")
    assert err.value.code == "unknown_game" and "`toy\ufffd`" in err.value.message
    await svc.lobby.open(CHANNEL, "g", user("Ann"), f"Ann{LONE}", "toy_race")
    joined = await svc.lobby.join(CHANNEL, f"u-bob{LONE}", f"Bob{LONE}")
    assert "Bob\ufffd joined" in joined.public[0]
    pair = await svc.lobby.join(CHANNEL, user("Cy"), "Cy \ud83d\ude00")  # a surrogate pair is the emoji it encodes
    assert "Cy 😀 joined" in pair.public[0]
    assert [s.name for s in await svc.store.seats(1)] == ["Ann\ufffd", "Bob\ufffd", "Cy 😀"]
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    mover = started.waiting[0]
    row = started.game_row or 0
    for text in (LONE, f"st{LONE}", f"step {LONE}"):
        with pytest.raises(ServiceError) as err:
            await svc.play.act(CHANNEL, mover, text)
        assert err.value.code == "unknown" and "Legal now:" in err.value.message
    with pytest.raises(ServiceError) as err:
        await svc.standing.set(CHANNEL, mover, f"move{LONE}")
    assert err.value.code == "bad_kind"
    assert (await svc.store.game(row)).version == 0  # type: ignore[union-attr]
    assert (await svc.play.act(CHANNEL, mover, "step")).version == 1


async def test_replies_quote_only_a_short_prefix_of_huge_input(svc: GameService) -> None:
    async def message(call: object) -> str:
        with pytest.raises(ServiceError) as err:
            await call  # type: ignore[misc]
        assert len(err.value.message) <= 300 and "x" * 60 not in err.value.message, err.value.message
        return err.value.message

    assert "`xxx" in await message(svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", HUGE))
    assert "…" in await message(svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {HUGE: "1"}))
    assert "…" in await message(svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", {"length": HUGE}))
    assert "…" in await message(svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", clock=HUGE))
    assert "…" in await message(svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", hours=HUGE))
    assert "…" in await message(
        svc.lobby.open(CHANNEL, "g", user("Ann"), "Ann", "toy_race", hours="18-23", timezone=HUGE)
    )
    assert "…" in await message(svc.notify.settings(user("Ann"), mode=HUGE))
    assert "…" in await message(svc.notify.settings(user("Ann"), timezone=HUGE))
    assert "…" in await message(svc.away.set(user("Ann"), HUGE))
    lobby = await svc.lobby.open(CHANNEL, "g", user("Ann"), "A" * 10_000, "toy_race")
    assert max(len(line) for line in lobby.public) < 400
    await svc.lobby.join(CHANNEL, user("Bob"), "Bob\n" * 3000)
    assert [len(s.name) for s in await svc.store.seats(1)] == [64, 64]
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    mover = started.waiting[0]
    assert "is not a legal action here" in await message(svc.play.act(CHANNEL, mover, HUGE))
    assert "…" in await message(svc.play.act(CHANNEL, mover, "st " + HUGE))
    assert "…" in await message(svc.standing.set(CHANNEL, mover, HUGE))
    assert len(ServiceError("y" * 5000).message) == 2000  # and no refusal is ever longer than a message
