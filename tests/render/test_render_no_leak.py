"""The images never show hidden information: other players' VP chips, the plantation stack
order, the generator state. Proved by rendering states that differ only in hidden data."""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path

import pytest

from render import render_board, render_player_board, render_turn
from render.turn import with_table

RENDER_DIR = Path(__file__).resolve().parents[2] / "render"


def _hide_differently(state: dict) -> dict:
    """The same public position with different hidden data."""
    other = copy.deepcopy(state)
    for seat, board in enumerate(other["boards"]):
        board["vp"] += 5 + seat
    other["plantations"]["deck"].reverse()
    other["rng"] = (other["rng"] + 12345) % (1 << 64) if isinstance(other["rng"], int) else other["rng"]
    return other


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("steps", [40, 150])
def test_public_image_ignores_hidden_state(pr_game, play_to, players, steps, lang):
    state = play_to(players, steps)
    assert not state["over"]
    other = _hide_differently(state)
    assert other["boards"][0]["vp"] != state["boards"][0]["vp"]
    if len(set(state["plantations"]["deck"])) > 1:
        assert other["plantations"]["deck"] != state["plantations"]["deck"]
    for public_image in (render_turn, render_board):  # the turn message's image and the full board
        assert public_image(pr_game.public_view(state), lang) == public_image(pr_game.public_view(other), lang)
    # as a table draws the turn image: who acts, and the board as the turn began (hidden parts differing too)
    earlier = play_to(players, steps - 7)
    acting = [(seat, "choose") for seat in pr_game.waiting(state)]
    drawn = [
        render_turn(with_table(pr_game.public_view(now), acting, pr_game.public_view(began)), lang)
        for now, began in ((state, earlier), (other, _hide_differently(earlier)))
    ]
    assert drawn[0] == drawn[1]


@pytest.mark.parametrize("players", [2, 4, 5])
def test_public_view_carries_no_vp_chips(pr_game, play_to, players):
    view = pr_game.public_view(play_to(players, 150))
    assert "my_vp" not in view and "me" not in view and "my_draft" not in view
    for board in view["boards"]:
        assert "vp" not in board and "my_vp" not in board
    assert "deck" not in view["plantations"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_private_extras_do_not_reach_the_table_image(pr_game, play_to, lang):
    """render_board given a private view draws exactly the public image."""
    for steps in (40, 150):
        state = play_to(4, steps)
        public = render_board(pr_game.public_view(state), lang)
        for seat in range(4):
            assert render_board(pr_game.view(state, seat), lang) == public


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_own_vp_chips_only_on_my_board(pr_game, play_to, lang):
    state = play_to(4, 150)
    view = pr_game.view(state, 0)
    mine, table, seat1 = (
        render_player_board(view, 0, lang),
        render_board(view, lang),
        render_player_board(view, 1, lang),
    )
    view["my_vp"] += 3
    assert render_player_board(view, 0, lang) != mine  # my own chips are on my board
    assert render_board(view, lang) == table  # never on the table image
    assert render_player_board(view, 1, lang) == seat1  # nor on someone else's board


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_other_players_boards_ignore_their_hidden_chips(pr_game, play_to, lang):
    state = play_to(3, 150)
    other = _hide_differently(state)
    for seat in (1, 2):
        assert render_player_board(pr_game.view(state, 0), seat, lang) == render_player_board(
            pr_game.view(other, 0), seat, lang
        )
    # The owner's own board follows the owner's own chips.
    assert render_player_board(pr_game.view(state, 0), 0, lang) != render_player_board(pr_game.view(other, 0), 0, lang)


# Rule constants / data packs, no state: a game's ``data`` module, its ``model`` module, which holds
# only the typed rows of a data pack, its ``types`` module, which holds only TypedDicts (the views'
# types a renderer draws from), and its ``colours`` module, which holds only its player colours
# (whichever game: renderers are found, not listed);
# engine.core.i18n is the message machinery (Msg, domains), which holds no game data at all,
# engine.core.discovery reads installed entry points (how render finds the renderers), and
# engine.core.colours reads a seat's colour from a view, and engine.core.outcome is the typed result of
# a finished game (a shape, no game data), which a final board reads from its view.
PUBLIC_CORE = {"engine.core.i18n", "engine.core.discovery", "engine.core.colours", "engine.core.outcome"}
PUBLIC_DATA = re.compile(r"engine\.\w+\.(data|model|types|colours)")


def test_render_imports_only_public_engine_data():
    """render/ (its shared modules and every renderer package) may read rule constants (the games'
    data modules) but nothing that sees a state."""
    paths = [p for p in RENDER_DIR.rglob("*.py") if "__pycache__" not in p.parts]
    assert len(paths) > len(list(RENDER_DIR.glob("*.py")))  # the renderer packages are read too
    for path in paths:
        name = path.relative_to(RENDER_DIR)
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("engine"):
                public = node.module in PUBLIC_CORE or PUBLIC_DATA.fullmatch(node.module)
                assert public, f"{name} imports {node.module}"
            if isinstance(node, ast.Import):
                for alias in node.names:
                    assert not alias.name.startswith("engine"), f"{name} imports {alias.name}"
