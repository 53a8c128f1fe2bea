"""Player colours: each game declares its own (enough for its largest table, distinct ids, names
and one-letter marks), and a table's stored choice is read the same way everywhere (issue 25)."""

from __future__ import annotations

import pytest

from engine import all_games
from engine.core.colours import DEFAULT_COLOURS, VIEW_KEY, colours_of, fill_choices, seat_colours, with_colours
from engine.red_cathedral.data import load_pack as red_cathedral_pack
from render.i18n import tr

GAMES = {g.spec.id: g for g in all_games()}


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_has_a_colour_and_a_distinct_mark_for_every_seat(game_id: str) -> None:
    spec = GAMES[game_id].spec
    colours = spec.player_colours
    assert len(colours) >= spec.max_players
    assert len({c.id for c in colours}) == len(colours)
    assert len({c.rgb for c in colours}) == len(colours)
    marks = [c.mark for c in colours]
    assert len(set(marks)) == len(marks) and all(len(m) == 1 and m.isalpha() and m.isupper() for m in marks)
    for lang in ("en", "ja"):
        names = [tr(c.name, lang) for c in colours]
        assert len(set(names)) == len(names) and all(names), (lang, names)
    assert all(tr(c.name, "ja") != str(c.name) for c in colours)  # every colour's name is in Japanese


def test_each_of_the_four_games_declares_its_own() -> None:
    assert {g for g, game in GAMES.items() if game.spec.colours} >= {
        "lisboa",
        "lorenzo",
        "puerto_rico",
        "red_cathedral",
    }


def test_the_red_cathedral_seats_take_its_pack_s_player_colours_in_order() -> None:
    spec = GAMES["red_cathedral"].spec
    pack = red_cathedral_pack()
    assert spec.colours_fixed
    assert [c.id for c in spec.colours] == [c.id for c in pack.colours.values() if c.player]


def test_a_stored_choice_counts_only_when_it_names_distinct_colours_of_the_game() -> None:
    red, blue, green = DEFAULT_COLOURS[:3]
    declared = (red, blue, green)
    assert seat_colours(declared, ["green", "red"]) == [green, red]
    assert seat_colours(declared, [None, None, None]) == [red, blue, green]  # nobody chose: the order
    assert seat_colours(declared, ["red", "red"]) == [red, blue]  # not one per seat
    assert seat_colours(declared, ["purple", "blue"]) == [red, blue]  # a generic id of an older table
    assert seat_colours(declared, ["green", "red"], fixed=True) == [red, blue]  # the rules decide
    with pytest.raises(ValueError, match="only 3 player colours"):
        seat_colours(declared, [None] * 4)


def test_a_view_carries_the_table_s_colours_and_a_bare_view_the_declared_order() -> None:
    red, blue, green = DEFAULT_COLOURS[:3]
    view = {"game": "g", "players": ["Ann", "Bob"]}
    coloured = with_colours(view, [green, red])
    assert coloured[VIEW_KEY] == ["green", "red"] and VIEW_KEY not in view
    assert colours_of(coloured, (red, blue, green)) == [green, red]
    assert colours_of(view, (red, blue, green)) == [red, blue, green]
    assert colours_of({VIEW_KEY: ["pink"]}, (red, blue)) == [red, blue]


def test_a_starting_table_keeps_each_free_choice_and_fills_the_rest_in_order() -> None:
    red, blue, green, yellow = DEFAULT_COLOURS[:4]
    declared = (red, blue, green, yellow)
    assert fill_choices(declared, ["green", None, "red"]) == [green, blue, red]
    assert fill_choices(declared, ["blue", "blue", None]) == [blue, red, green]  # the first to choose keeps it
    assert fill_choices(declared, ["pink", None]) == [red, blue]  # not one of the game's: the next free one
    assert fill_choices(declared, ["green", None], fixed=True) == [red, blue]
    with pytest.raises(ValueError, match="only 4 player colours"):
        fill_choices(declared, [None] * 5)
