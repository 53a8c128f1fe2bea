"""What people type: games by title, and hostile text (lone surrogates, huge inputs) refused kindly."""

from __future__ import annotations

import pytest
from bot_helpers import CHANNEL, user

from bot.results import ServiceError
from bot.service import GameService


@pytest.mark.parametrize(("typed", "title"), [("Puerto Rico", "Puerto Rico"), ("puerto rico", "Puerto Rico"),
                                              ("Puerto-Rico", "Puerto Rico"), ("PUERTO_RICO", "Puerto Rico"),
                                              ("Lisboa", "Lisboa"), ("lis", "Lisboa"), ("toy race", "Toy Race")])
async def test_a_game_is_named_by_title_as_typed(svc: GameService, typed: str, title: str) -> None:
    result = await svc.create_lobby(CHANNEL, "g", user("Ann"), "Ann", typed)
    assert f"opened a {title} lobby" in result.public[0]
    record = await svc.store.live_game(CHANNEL)
    assert record is not None and record.title == title


async def test_an_unknown_game_lists_the_games_by_title(svc: GameService) -> None:
    with pytest.raises(ServiceError) as err:
        await svc.create_lobby(CHANNEL, "g", user("Ann"), "Ann", "Puerto Ricco")
    assert err.value.code == "unknown_game"
    assert "There is no game `Puerto Ricco`" in err.value.message
    assert all(title in err.value.message for title in ("Lisboa", "Puerto Rico", "Toy Race"))
    assert "puerto_rico" not in err.value.message
    assert await svc.store.all_games() == []
