"""One colour per player everywhere (issue 25): for every game, player count and language, over
seeded random games, the colour the lobby gives each seat is the one named (with its mark) when
the game starts, in ``/game status`` and in the log, the one the bot's views carry, and the one the
game's renderer draws the seat in, with the same name and mark on the board. The renderer is asked
for the seat's colour (it draws from the view it is given); a view carrying another choice is drawn
in that choice; a table stored before the colours were the game's own shows the game's order."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from bot_helpers import CHANNEL, play_random, refused, user

from bot.service.service import GameService
from engine import all_games
from engine.core.colours import VIEW_KEY, PlayerColour, with_colours
from render import renderer
from render.i18n import tr
from render.lisboa import parts as lisboa_parts
from render.lorenzo import parts as lorenzo_parts
from render.puerto_rico import parts as puerto_rico_parts
from render.red_cathedral import parts as red_cathedral_parts

GAMES = {g.spec.id: g for g in all_games() if g.spec.id in ("lisboa", "lorenzo", "puerto_rico", "red_cathedral")}
CASES = [
    (game_id, n, lang)
    for game_id, game in sorted(GAMES.items())
    for n in range(game.spec.min_players, game.spec.max_players + 1)
    for lang in ("en", "ja")
]
NAMES = ("Ann", "Bob", "Cy", "Dee", "Eve")


def drawn(game_id: str, view: dict[str, object], seat: int, lang: str) -> tuple[str, tuple[int, int, int], str, str]:
    """(id, RGB, name in ``lang``, mark) of the colour the game's renderer drew ``seat`` in, drawing
    the board from ``view`` first; the name and mark as the board writes them (Lorenzo writes no
    colour names: its badge carries the mark)."""
    renderer(game_id).board(view, lang)
    if game_id == "lisboa":
        colour = lisboa_parts.seat_colour(seat)
        assert lisboa_parts.seat_style(seat)[0] == colour.rgb  # discs, houses and officials
    elif game_id == "lorenzo":
        colour = lorenzo_parts.seat_colour(seat)
        assert lorenzo_parts.player_colour(seat) == colour.rgb  # badges, markers, panel frame
    elif game_id == "puerto_rico":
        colour = puerto_rico_parts.seat_colour(view, seat)  # type: ignore[arg-type]
    else:
        seats = view["seats"]
        assert isinstance(seats, list)
        id_ = str(seats[seat]["colour"])  # the engine's seat colour, which the die rules use
        rgb, name, mark = (
            red_cathedral_parts.COLOURS[id_],
            red_cathedral_parts.PLAYER_NAMES[id_],
            red_cathedral_parts.MARKS[id_],
        )
        return id_, rgb, tr(name, lang), mark
    return colour.id, colour.rgb, tr(colour.name, lang), colour.mark


def seat_named(lines: list[str], n: int, name: str, colour: PlayerColour, lang: str) -> bool:
    """Some line names seat ``n`` (from 1) as ``name`` with ``colour``'s name and mark."""
    said = (
        rf"{n}\. {name} \({re.escape(tr(colour.name, lang))} · {colour.mark}\)"
        if lang == "en"
        else rf"{n}\. {name}（{re.escape(tr(colour.name, lang))}・{colour.mark}）"
    )
    return any(re.search(said, line) for line in lines)


@pytest.mark.parametrize(("game_id", "n", "lang"), CASES)
async def test_the_colour_named_for_each_seat_is_the_colour_drawn(
    svc: GameService, game_id: str, n: int, lang: str
) -> None:
    spec = GAMES[game_id].spec
    names = NAMES[:n]
    await svc.lobby.open(CHANNEL, "g", user(names[0]), names[0], game_id, {}, language=lang)
    for name in names[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)
    seed = 1000 + 10 * n + len(lang)
    started = await svc.lobby.start(CHANNEL, user(names[0]), seed=seed)
    await play_random(svc, started, random.Random(seed), max_actions=12)

    seats = await svc.store.seats(started.game_row or 0)
    seated = sorted((s for s in seats if s.seat is not None), key=lambda s: s.seat or 0)
    stored = [s.colour for s in seated]
    assert stored == [c.id for c in spec.player_colours[:n]]  # the lobby offers the game's own, in its order
    by_id = {c.id: c for c in spec.player_colours}
    status = [tr(line, lang) for line in (await svc.play.status(CHANNEL)).lines]
    log = [tr(line, lang) for line in (await svc.archive.log(CHANNEL, 1)).lines]
    start = [tr(line, lang) for line in started.public]
    table = await svc.table_in(CHANNEL)
    assert table is not None
    view = table.public_view()
    assert view[VIEW_KEY] == stored and table.private_view(0)[VIEW_KEY] == stored
    for seat, member in enumerate(seated):
        colour = by_id[str(stored[seat])]
        for where, lines in (("lobby", start), ("status", status), ("log", log)):
            assert seat_named(lines, seat + 1, member.name, colour, lang), (where, lines)
        assert drawn(game_id, view, seat, lang) == (colour.id, colour.rgb, tr(colour.name, lang), colour.mark)

    if not spec.colours_fixed:  # a view carrying another choice is drawn in that choice
        other = list(reversed(spec.player_colours[:n]))
        for seat in range(n):
            assert drawn(game_id, with_colours(view, other), seat, lang)[0] == other[seat].id
    # A table stored before issue 25 holds ids from one generic list: every surface shows the game's order.
    old = replace(
        table, seats=[replace(s, colour=("purple", "pink", "red", "teal", "grey")[i]) for i, s in enumerate(seated)]
    )
    assert [c.id for c in old.colours] == [c.id for c in spec.player_colours[:n]]
    assert old.public_view()[VIEW_KEY] == stored


async def open_lobby(svc: GameService, game_id: str, names: tuple[str, ...]) -> None:
    await svc.lobby.open(CHANNEL, "g", user(names[0]), names[0], game_id, {})
    for name in names[1:]:
        await svc.lobby.join(CHANNEL, user(name), name)


async def test_a_player_picks_one_of_the_game_s_colours_and_is_seated_in_it(svc: GameService) -> None:
    await open_lobby(svc, "lisboa", ("Ann", "Bob", "Cy"))
    said = await svc.lobby.choose_colour(CHANNEL, user("Bob"), "Orange")
    assert said.public == ["Bob will play orange (O)."]
    assert tr(said.public[0], "ja") == "Bobは橙（O）でプレイします。"
    await svc.lobby.choose_colour(CHANNEL, user("Cy"), "red")
    assert "Another player has chosen orange." in await refused(
        "colour_taken", svc.lobby.choose_colour(CHANNEL, user("Ann"), "orange")
    )
    no = await refused("bad_colour", svc.lobby.choose_colour(CHANNEL, user("Ann"), "purple"))
    assert (
        no == "Lisboa has no colour `purple`: choose `red` (red), `blue` (blue), `green` (green) or `orange` (orange)."
    )
    await refused("not_seated", svc.lobby.choose_colour(CHANNEL, user("Zed"), "blue"))
    await svc.lobby.choose_colour(CHANNEL, user("Cy"), "blue")  # a player may change their mind: red is free again
    started = await svc.lobby.start(CHANNEL, user("Ann"), seed=3)
    seats = {s.name: s.colour for s in await svc.store.seats(started.game_row or 0)}
    assert seats == {"Ann": "red", "Bob": "orange", "Cy": "blue"}  # Ann chose none: the first free colour
    table = await svc.table_in(CHANNEL)
    assert table is not None and [c.id for c in table.colours] == [seats[n] for n in table.names]
    view = table.public_view()
    for seat, name in enumerate(table.names):
        assert drawn("lisboa", view, seat, "en")[0] == seats[name]
    await refused("not_lobby", svc.lobby.choose_colour(CHANNEL, user("Ann"), "green"))


async def test_the_red_cathedral_s_seating_decides_the_colours(svc: GameService) -> None:
    await open_lobby(svc, "red_cathedral", ("Ann", "Bob"))
    said = await refused("bad_colour", svc.lobby.choose_colour(CHANNEL, user("Bob"), "green"))
    assert said == "In The Red Cathedral the seating decides each player's colour."
