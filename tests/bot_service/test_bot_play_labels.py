"""``act`` with typed text reads an option's label as well as its canonical text (issue 23): a label
typed in full, in English or Japanese, whatever its case and spacing, plays that option's canonical
text; a label two options share is refused as ambiguous, naming their canonical texts."""

from __future__ import annotations

import pytest
import toy_game
from bot_helpers import CHANNEL, refused, start_game

from bot.service.service import GameService

PLAYERS = ("Ann", "Bob", "Cy")


async def played_since(svc: GameService, version: int) -> list[str]:
    record = await svc.store.live_game(CHANNEL)
    assert record is not None
    return [a.text for a in await svc.store.actions(record.id) if a.version > version]


@pytest.mark.parametrize(
    ("typed", "text"),
    [
        ("Settler", "role settler"),
        ("  bUILDER ", "role builder"),
        ("開拓者", "role settler"),
        (" 建築家　", "role builder"),
    ],
)
async def test_a_role_label_typed_in_full_plays_its_role(svc: GameService, typed: str, text: str) -> None:
    start = await start_game(svc, PLAYERS, game_id="puerto_rico")
    [governor] = start.waiting
    step = await svc.play.act(CHANNEL, governor, typed)
    assert step.played == text
    assert await played_since(svc, start.version) == [text]


async def test_a_label_of_several_words_plays_its_option(svc: GameService) -> None:
    start = await start_game(svc, game_id="toy_done")
    [mover] = start.waiting
    assert (await svc.play.act(CHANNEL, mover, "step   FORWARD")).played == "step"
    assert (await svc.play.act(CHANNEL, mover, "End my turn")).played == "done"
    assert await played_since(svc, start.version) == ["step", "done"]


async def test_a_label_two_options_share_is_refused_naming_their_texts(
    svc: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(toy_game.DoneRace.LABELS, "draw", "Step forward")
    start = await start_game(svc, game_id="toy_done")
    [mover] = start.waiting
    said = await refused("ambiguous", svc.play.act(CHANNEL, mover, "step forward"))
    assert "`step`" in said and "`draw`" in said
    record = await svc.store.live_game(CHANNEL)
    assert record is not None and record.version == start.version and await played_since(svc, start.version) == []
    assert (await svc.play.act(CHANNEL, mover, "step")).played == "step"  # the canonical text still plays
