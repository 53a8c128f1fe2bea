"""Puerto Rico board images: they open, stay small, and react to what they should."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image

from render import (
    UnknownGame,
    drawer,
    registered,
    render_board,
    render_player_board,
    renderer,
    renderer_ids,
    text_board,
)
from render.common import encode_png

MAX_BYTES = 1 << 20
POINTS = [0, 40, 150, 300, None]  # random actions played; None = to the end


def _open(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", POINTS)
def test_board_images_open_and_are_bounded(pr_game, play_to, players, steps):
    state = play_to(players, steps)
    png = render_board(pr_game.public_view(state))
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    assert len(png) <= MAX_BYTES
    im = _open(png)
    assert im.format == "PNG"
    assert 800 <= im.width <= 1600 and 600 <= im.height <= 2200  # a final board: the final panel on top
    for seat in range(players):
        mine = _open(render_player_board(pr_game.view(state, seat), seat))
        assert 400 <= mine.width <= 1000 and 300 <= mine.height <= 1000


def test_finished_games_show_a_banner(pr_game, play_to):
    for players in (2, 5):
        state = play_to(players, None)
        assert state["over"]
        view = pr_game.public_view(state)
        over = _open(render_board(view))
        view["over"], view["end"], view["result"] = False, [], None
        running = _open(render_board(view))
        assert over.height > running.height  # the banner adds a strip


def test_last_round_banner(pr_game, play_to):
    view = pr_game.public_view(play_to(4, 150))
    plain = render_board(view)
    view["end"] = ["city"]
    assert _open(render_board(view)).height > _open(plain).height


def test_rendering_is_deterministic(pr_game, play_to):
    view = pr_game.public_view(play_to(3, 150))
    assert render_board(view) == render_board(copy.deepcopy(view))


def test_doubloons_change_the_image(pr_game, play_to):
    view = pr_game.public_view(play_to(4, 150))
    before = render_board(view)
    view["boards"][2]["doubloons"] += 1
    assert render_board(view) != before


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_player_to_act_is_highlighted(pr_game, play_to, players):
    view = pr_game.public_view(play_to(players, 40))
    assert view["waiting"], "a running game waits for someone"
    first = view["waiting"][0]
    others = [p for p in range(players) if p not in {d["player"] for d in view["waiting"]}]
    before = render_board(view)
    view["waiting"] = [dict(first, player=others[0])]
    assert render_board(view) != before
    view["waiting"] = []
    assert render_board(view) != before


def test_governor_role_and_supply_change_the_image(pr_game, play_to):
    view = pr_game.public_view(play_to(4, 40))
    before = render_board(view)
    for change in (
        lambda v: v.update(governor=(v["governor"] + 1) % 4),
        lambda v: v["supply"].update(colonists=v["supply"]["colonists"] + 1),
        lambda v: v["cargo"][0].update(good="coffee", load=1),
        lambda v: v["house"].append("coffee"),
        lambda v: v["buildings"].update(wharf=0),
        lambda v: v["boards"][0]["island"].update(coffee=[1, 1]),
    ):
        changed = copy.deepcopy(view)
        change(changed)
        assert render_board(changed) != before


def test_long_names_and_odd_values_do_not_break(pr_game, play_to):
    view = pr_game.public_view(play_to(5, 150))
    view["players"] = ["A very long player name indeed, far too long for a panel " * 2] * 5
    view["boards"][0]["doubloons"] = 123
    view["boards"][0]["island"] = {"corn": [12, 12]}
    view["boards"][1]["city"] = {
        b: 0 for b in ("guild-hall", "residence", "fortress", "customs-house", "city-hall", "harbor", "wharf")
    }
    _open(render_board(view))


def test_registry_dispatches_and_draws_unknown_games_as_text(pr_game, play_to):
    assert hasattr(renderer("puerto_rico"), "board")
    view = pr_game.public_view(play_to(2, 0))
    view["game"] = "no_such_game"
    with pytest.raises(UnknownGame):
        renderer("no_such_game")
    assert drawer("no_such_game") is text_board  # no renderer of its own: its view as text
    assert render_board(view) == encode_png(text_board.board(view))
    with registered("no_such_game", "render.puerto_rico"):  # a stand-in module, for this block only
        assert "no_such_game" in renderer_ids()
        assert render_board(view) == render_board(dict(view, game="puerto_rico"))
    assert "no_such_game" not in renderer_ids() and drawer("no_such_game") is text_board


def test_player_board_rejects_a_missing_seat(pr_game, play_to):
    view = pr_game.view(play_to(2, 0), 0)
    with pytest.raises(ValueError):
        render_player_board(view, 2)


@pytest.mark.parametrize("players", [2, 5])
def test_fixed_palette_keeps_colours(pr_game, play_to, players):
    """The PNG maps onto a fixed 256-colour palette; no pixel may move far from the drawing."""
    from PIL import ImageChops

    from render import puerto_rico as pr

    state = play_to(players, 150)
    view = pr_game.public_view(state)
    view["end"] = ["vp"]  # the banner colours too
    drawn = pr.board(view)
    stored = _open(render_board(view)).convert("RGB")
    assert stored.size == drawn.size
    histogram = ImageChops.difference(drawn, stored).convert("L").histogram()
    assert sum(histogram[33:]) == 0, "a colour is missing from render.puerto_rico.parts.PALETTE"
