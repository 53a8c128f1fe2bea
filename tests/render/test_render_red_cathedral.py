"""The Red Cathedral board image: drawn from the public view only, bounded, deterministic."""

from __future__ import annotations

import copy
import random

import pytest

from engine.core import play
from engine.red_cathedral import GAME
from render import render_board, render_player_board, renderer
from render.common import MAX_PNG_BYTES

PNG = b"\x89PNG\r\n\x1a\n"


def _game(players: int, side: str, steps: int, seed: int = 4) -> dict:
    state, _ = play.new_game(GAME, ["Ann", "Bob", "Cy", "Dee"][:players], {"workshop": side}, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        (decision,) = play.pending(GAME, state)
        state, _ = play.apply(GAME, state, decision.player, rnd.choice(list(decision.options)))
    return state


def test_red_cathedral_is_registered() -> None:
    module = renderer("red_cathedral")
    assert hasattr(module, "board") and hasattr(module, "player_board")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("side", ["basic", "advanced"])
@pytest.mark.parametrize("steps", [0, 300, 5000])
def test_board_images_open_and_are_bounded(players: int, side: str, steps: int) -> None:
    view = GAME.public_view(_game(players, side, steps))
    png = render_board(view)
    assert png.startswith(PNG) and len(png) < MAX_PNG_BYTES
    for seat in range(players):
        assert render_player_board(view, seat).startswith(PNG)
    with pytest.raises(ValueError):
        render_player_board(view, players)


def test_rendering_is_deterministic_and_follows_public_changes() -> None:
    view = GAME.public_view(_game(3, "basic", 200))
    assert render_board(view) == render_board(copy.deepcopy(view))
    changed = copy.deepcopy(view)
    changed["market"][0]["dice"] = [{"colour": "white", "face": 6}]
    changed["seats"][0]["rubles"] += 7
    assert render_board(changed) != render_board(view)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_players_view_draws_the_same_table(lang: str) -> None:
    state = _game(4, "advanced", 250)
    public = render_board(GAME.public_view(state), lang)
    for seat in range(4):
        assert render_board(GAME.view(state, seat), lang) == public


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_generator_state_never_changes_a_pixel(lang: str) -> None:
    state = _game(2, "basic", 150)
    other = copy.deepcopy(state)
    other["rng"] = (other["rng"] + 12345) % (1 << 64)
    assert render_board(GAME.public_view(state), lang) == render_board(GAME.public_view(other), lang)
