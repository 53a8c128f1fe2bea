"""A game without a renderer of its own (the end-to-end test's Little Orchard) still gets a board:
its view drawn as text, from the public view alone."""

from __future__ import annotations

import io
import sys
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from engine.core import play
from render import drawer, render_board, render_player_board, renderer_ids, text_board

E2E = str(Path(__file__).resolve().parents[1] / "e2e")
if E2E not in sys.path:
    sys.path.insert(0, E2E)

from toy_pack_game import GAME_ID, ORCHARD  # noqa: E402

State = dict[str, Any]


def played(moves: int, seed: int = 5) -> State:
    state, _ = play.new_game(ORCHARD, ["Ann", "Bob", "Zoë"], {}, seed)
    for _ in range(moves):
        seat = play.waiting_players(ORCHARD, state)[0]
        state, _ = play.apply(ORCHARD, state, seat, play.legal_actions(ORCHARD, state, seat)[-1])
    return state


def image(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def test_a_game_without_a_renderer_is_drawn_as_the_text_of_its_public_view() -> None:
    assert GAME_ID not in renderer_ids() and drawer(GAME_ID) is text_board
    view = ORCHARD.public_view(played(6))
    assert text_board.lines(view) == [
        f"round {view['round']} · market {', '.join(view['market']) or 'none'} · deck {view['deck']}"
        f" · bids in none · over no",
        *(
            f"{name}: baskets {', '.join(view['baskets'][s]) or 'none'} · polished "
            f"{', '.join(view['polished'][s]) or 'none'} · coins {view['coins'][s]} · cashed {view['cashed'][s]}"
            for s, name in enumerate(["Ann", "Bob", "Zoe"])  # accents dropped: the font has none
        ),
    ]
    png = render_board(view)
    im = image(png)
    assert im.format == "PNG" and im.width == text_board.WIDTH and len(png) < 1 << 20
    assert render_board(view) == png  # deterministic
    assert render_board(ORCHARD.public_view(played(7))) != png  # and it follows the game


def test_the_table_image_is_the_public_one_and_a_players_board_their_own_view() -> None:
    state = played(6)
    public = ORCHARD.public_view(state)
    mine = ORCHARD.view(state, 0)
    assert set(mine) - set(public) == {"you", "my_bid"}
    assert not any("my bid" in line for line in text_board.lines(public))
    assert any("my bid" in line for line in text_board.lines(mine))
    assert render_board(public) == render_board(ORCHARD.public_view(state))
    assert image(render_player_board(mine, 0)).format == "PNG"
    assert render_player_board(mine, 0) != render_player_board(mine, 1)  # titled with the seat's name
    with pytest.raises(ValueError):
        render_player_board(mine, 3)


def test_values_read_as_words_and_a_long_view_stays_one_bounded_image() -> None:
    assert text_board.value_text({"apple": 2, "pear_tree": [1, [2, 3]]}) == "apple 2, pear tree 1, (2, 3)"
    assert [text_board.value_text(v) for v in (None, True, False, "", [], {}, "Zoë")] == [
        "none",
        "yes",
        "no",
        "none",
        "none",
        "none",
        "Zoe",
    ]
    huge = {"game": "anything", "players": ["Ann"], **{f"key_{i}": "word " * 40 for i in range(200)}}
    im = image(render_board(huge))
    assert im.height <= 64 + text_board.STEP * (text_board.MAX_LINES + 1) + text_board.MARGIN
    assert image(render_board({"game": "bare"})).width == text_board.WIDTH  # a view with nothing in it
