"""Puerto Rico expansion parts on the board image: draft, market, nobles and forests."""

from __future__ import annotations

import copy
import io
import random
import time

import pytest
from PIL import Image

from engine import get_game
from engine.core import play
from render import render_board, render_player_board
from render.puerto_rico.parts import KIND_NAMES

NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
_CACHE: dict[tuple[str, int, int], dict] = {}


def _state(expansions: str, players: int, steps: int, seed: int = 3) -> dict:
    key = (expansions, players, steps)
    if key not in _CACHE:
        game = get_game("puerto_rico")
        state, _ = play.new_game(game, NAMES[:players], {"expansions": expansions}, seed)
        chooser = random.Random(seed)
        for _ in range(steps):
            if state["over"]:
                break
            seat = chooser.choice(game.waiting(state))
            state, _ = play.apply(game, state, seat, chooser.choice(game.legal_actions(state, seat)))
        _CACHE[key] = state
    return _CACHE[key]


def _open(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


@pytest.mark.parametrize("expansions", ["new_buildings", "nobles", "both"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", [0, 30, 200])
def test_expansion_images_open_and_are_bounded(pr_game, expansions, players, steps):
    state = _state(expansions, players, steps)
    png = render_board(pr_game.public_view(state))
    assert len(png) <= 1 << 20
    im = _open(png)
    assert 800 <= im.width <= 1600 and 600 <= im.height <= 2000
    mine = _open(render_player_board(pr_game.view(state, 0), 0))
    assert 400 <= mine.width <= 1000 and 300 <= mine.height <= 1000


def _mid_game(pr_game) -> dict:
    view = pr_game.public_view(_state("both", 4, 200))
    assert "market" in view and "nobles" in view and "draft" not in view
    return view


def test_forest_changes_the_image(pr_game):
    view = _mid_game(pr_game)
    before = render_board(view)
    view = copy.deepcopy(view)
    board = view["boards"][0]
    board["island"]["forest"] = [board["island"].get("forest", [0, 0])[0] + 1, 0]
    board["forests"] = board["island"]["forest"][0]
    assert render_board(view) != before


def test_nobles_change_the_image(pr_game):
    view = _mid_game(pr_game)
    before = render_board(view)
    moved = copy.deepcopy(view)
    moved["boards"][1]["nobles"] = {"san_juan": moved["boards"][1]["san_juan"]}
    assert render_board(moved) != before
    supply = copy.deepcopy(view)
    supply["nobles"]["supply"] += 1
    assert render_board(supply) != before


def test_a_noble_is_not_drawn_as_a_colonist(pr_game):
    view = copy.deepcopy(_mid_game(pr_game))
    board = view["boards"][0]
    kind = next(k for k, (_, occ) in board["island"].items() if occ and k != "forest")
    board["nobles"] = {}
    plain = render_board(view)
    board["nobles"] = {kind: 1}
    assert render_board(view) != plain


def test_draft_panel_follows_the_picks(pr_game):
    state = _state("both", 4, 5)
    view = pr_game.public_view(state)
    assert view.get("draft") and view["draft"]["picks"]
    before = render_board(view)
    changed = copy.deepcopy(view)
    changed["draft"]["open"] = changed["draft"]["open"][1:]
    assert render_board(changed) != before
    slots = copy.deepcopy(view)
    slots["draft"]["slots"]["10"][0] += 1
    assert render_board(slots) != before


def test_market_replaces_the_base_list(pr_game):
    view = _mid_game(pr_game)
    before = render_board(view)
    fewer = copy.deepcopy(view)
    fewer["market"] = fewer["market"][:-1]
    assert render_board(fewer) != before


def test_new_decision_kinds_have_labels():
    for kind in ("draft", "black_market", "lodge", "royal", "small_wharf"):
        assert kind in KIND_NAMES and len(KIND_NAMES[kind]) <= 16


def test_base_game_view_has_no_expansion_parts(pr_game, play_to):
    view = pr_game.public_view(play_to(4, 150))
    assert not {"market", "draft", "nobles", "options"} & set(view)


def test_warm_expansion_render_is_fast(pr_game):
    for steps in (0, 200):
        view = pr_game.public_view(_state("both", 5, steps))
        render_board(view)
        start = time.perf_counter()
        render_board(view)
        assert time.perf_counter() - start < 0.15
