"""A public view's two images (issue 25): the turn image a turn message shows and the full board.
A renderer's ``board`` is its full board; its optional ``turn`` its turn image, which is the full
board until it offers one. This module is itself a renderer with a turn image of its own."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

import render
from render import offers, pool, render_board, render_image, render_player_board, render_turn
from tests.render.sample_views import text_view

GAME = "toy_with_a_turn_image"


def board(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return Image.new("RGB", (64, 32), (200, 0, 0))


def turn(view: dict[str, Any], lang: str = "en") -> Image.Image:
    return Image.new("RGB", (16, 8), (0, 0, 200) if lang == "en" else (0, 200, 0))


def player_board(view: dict[str, Any], seat: int, lang: str = "en") -> Image.Image:
    return Image.new("RGB", (8, 8), (0, 0, 0))


def size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as im:
        return im.size


def test_without_a_turn_image_of_its_own_a_turn_message_shows_the_full_board() -> None:
    """Every game of the project draws a turn image of its own (tests/render/test_turn_images.py); a
    game drawn by the text fallback, which has none, shows its full board in turn messages."""
    view = text_view()
    assert offers(str(view["game"])) == ("full",)
    for lang in ("en", "ja"):
        assert render_turn(view, lang) == render_board(view, lang) == render_image(view, "full", lang)


def test_a_renderer_with_a_turn_image_draws_it_for_turn_messages_only() -> None:
    view = {"game": GAME, "players": ["Ann", "Bob"]}
    with render.registered(GAME, __name__):
        assert offers(GAME) == ("turn", "full")
        assert size(render_turn(view)) == (16, 8) and size(render_board(view)) == (64, 32)
        assert render_turn(view, "ja") != render_turn(view, "en")  # drawn in the language asked
        assert size(render_player_board(view, 1)) == (8, 8)
        expected = pool.renderer_name(view)
        assert pool.draw(view, None, "en", expected, "turn") == render_turn(view)  # what a worker draws
        assert pool.draw(view, None, "en", expected, "full") == render_board(view)
        assert pool.draw(view, None, "en", expected) == render_board(view)  # the full board by default
        with pytest.raises(ValueError, match="no image of kind"):
            render_image(view, "thumbnail", "en")  # type: ignore[arg-type]


def test_a_worker_warms_up_every_kind_a_renderer_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn: list[tuple[str, str, str]] = []
    monkeypatch.setattr(pool, "render_image", lambda view, kind, lang: drawn.append((view["game"], kind, lang)))
    with render.registered(GAME, __name__):
        pool.warm_up([{"game": GAME}, text_view()])
    assert drawn == [
        (GAME, "turn", "en"),
        (GAME, "full", "en"),
        (GAME, "turn", "ja"),
        (GAME, "full", "ja"),
        (text_view()["game"], "full", "en"),  # one image: its turn image is its full board
        (text_view()["game"], "full", "ja"),
    ]
