"""Lorenzo il Magnifico board images: they open, stay small, and never show hidden information
(leader hands, draft packets, deck order, unrevealed Vatican answers); a player's own board shows
their hand only to them."""

from __future__ import annotations

import copy
import io
import random

import pytest
from PIL import Image

from engine.core import play
from engine.lorenzo import GAME
from render import render_board, render_player_board

MAX_BYTES = 1 << 20


def _play(players: int, steps: int, advanced: bool, seed: int = 3) -> dict:
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {"advanced": advanced}, seed)
    rnd = random.Random(seed)
    for _ in range(steps):
        waiting = play.waiting_players(GAME, state)
        if not waiting:
            break
        seat = rnd.choice(waiting)
        state, _ = play.apply(GAME, state, seat, rnd.choice(play.legal_actions(GAME, state, seat)))
    return state


def _hidden_otherwise(state: dict) -> dict:
    """The same public position with other hidden data: decks, hands, packets, the generator."""
    other = copy.deepcopy(state)
    for deck in other["decks"].values():
        deck.reverse()
    out = other["setup"]["out"]
    for board in other["boards"]:
        if board["hand"] and out:
            board["hand"][0], out[0] = out[0], board["hand"][0]
    other["rng"] = (other["rng"] + 99) % (1 << 64)
    return other


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("advanced", [False, True])
def test_images_open_and_stay_small(players: int, advanced: bool) -> None:
    state = _play(players, 90, advanced)
    png = render_board(GAME.public_view(state))
    image = Image.open(io.BytesIO(png))
    assert image.width == 1600 and 900 < image.height < 1400 and len(png) < MAX_BYTES
    mine = Image.open(io.BytesIO(render_player_board(GAME.view(state, 0), 0)))
    assert mine.width < image.width


def test_the_final_board_draws() -> None:
    state = _play(3, 5000, True)
    assert GAME.is_over(state)
    assert render_board(GAME.public_view(state)).startswith(b"\x89PNG")


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("steps", [20, 120])
def test_hidden_data_never_changes_the_table_image(steps: int, lang: str) -> None:
    state = _play(4, steps, True)
    other = _hidden_otherwise(state)
    assert other["decks"] != state["decks"]
    assert render_board(GAME.public_view(state), lang) == render_board(GAME.public_view(other), lang)
    for seat in range(4):  # a private view draws the same table
        assert render_board(GAME.view(state, seat), lang) == render_board(GAME.public_view(state), lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_an_unrevealed_vatican_answer_is_not_drawn(lang: str) -> None:
    state = _play(3, 0, False)
    for board in state["boards"]:
        board["res"]["fp"] = 6
    state["queue"], state["decision"], state["round"] = [{"step": "vatican"}], None, 2
    GAME.steps.run(state, [])
    asked, _ = play.apply(GAME, state, state["order"][0], {"do": "vatican", "support": True})
    refused, _ = play.apply(GAME, state, state["order"][0], {"do": "vatican", "support": False})
    assert render_board(GAME.public_view(asked), lang) == render_board(GAME.public_view(refused), lang)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_my_board_shows_my_hand_only_to_me(lang: str) -> None:
    state = _play(3, 30, True)
    seat = next(s for s in range(3) if state["boards"][s]["hand"])
    view = GAME.view(state, seat)
    mine = render_player_board(view, seat, lang)
    other_seat = (seat + 1) % 3
    theirs = render_player_board(view, other_seat, lang)
    changed = _hidden_otherwise(state)
    assert render_player_board(GAME.view(changed, seat), seat, lang) != mine  # my own hand is drawn
    assert render_player_board(GAME.view(changed, seat), other_seat, lang) == theirs
    assert render_player_board(GAME.public_view(state) | {"seat": seat}, seat, lang) != mine
