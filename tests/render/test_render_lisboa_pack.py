"""The Lisboa image draws card faces from the pack the game was set up with, never the shipped one
by default: a server owner's transcription shows its own values."""

from __future__ import annotations

import shutil
from pathlib import Path

from engine.lisboa import views
from engine.lisboa.data import DATA_DIR, load_pack, register_pack
from render import render_board, render_player_board
from tests.engine.lisboa import lisboa_driver as driver


def test_a_server_owners_pack_shows_its_own_card_values(tmp_path: Path):
    folder = tmp_path / "pack"
    shutil.copytree(DATA_DIR, folder)
    cards = folder / "political_cards.toml"
    text = cards.read_text(encoding="utf-8")
    old = '{ id = "blue-05", deck = "blue", kind = "maia", influence = 4,'  # a penalty card: may rise
    assert old in text
    cards.write_text(text.replace(old, old.replace("influence = 4", "influence = 6")), encoding="utf-8")
    mine = load_pack(folder)
    register_pack(mine)
    assert mine.cards["blue-05"].influence == 6

    state = driver.new_game(["Ana", "Ben"], {}, 3)
    state["boards"][0]["portfolio"]["top"] = ["blue-05"]  # a card face drawn on the board
    shipped_view = views.public_view(state)
    own_view = views.public_view(state)
    own_view["pack"]["fingerprint"] = mine.fingerprint
    assert render_board(shipped_view) != render_board(own_view)
    assert render_player_board(shipped_view, 0) != render_player_board(own_view, 0)
    assert render_board(shipped_view) == render_board(views.public_view(state))  # the shipped pack again
