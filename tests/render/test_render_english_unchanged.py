"""English board images are byte-identical to those of the code before the images spoke Japanese.

``english_images.json`` holds the SHA-256 of every image of :mod:`sample_views` (each game, several
states up to the end) as drawn by the renderers of main at d5e3865, before language support. With
the same Pillow and FreeType, any change to an English pixel (or to the PNG encoding) fails here.
The Lorenzo and Red Cathedral entries were drawn again in issue 23 with the renderers unchanged:
their sample games play on differently since Lorenzo's round end no longer follows dict order and
The Red Cathedral's market offers moves past a die's own space. Every game's entries were drawn
again in issue 25: each seat's panel came to show its colour's mark (and Puerto Rico's and
Lorenzo's a badge in the seat's colour), Lisboa's church key moved off the top tile and the
Cardinal, and The Red Cathedral's score markers fanned out so none covers another; recording the
layout (:mod:`render.layout`) changed no image. Every game's entries were drawn again later in issue 25,
when the full boards were redesigned beside the new turn images: every seat marker carries its colour's
letter, each board has a legend of its abbreviations, Lisboa's cards show effects instead of effect ids
with a key below the table, Lorenzo's panels the effects of every card, The Red Cathedral's sections
and cards wrap instead of being cut, and a finished game draws the shared final panel.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import PIL
import pytest
from PIL import features

from render import render_board, render_player_board
from tests.render.sample_views import sample_views, text_view

RECORD = json.loads((Path(__file__).with_name("english_images.json")).read_text())


def _digest(png: bytes) -> str:
    return hashlib.sha256(png).hexdigest()


def _drawn() -> dict[str, str]:
    out = {}
    for label, public, mine in sample_views():
        out[f"{label}/board"] = _digest(render_board(public))
        out[f"{label}/mine"] = _digest(render_player_board(mine, 0))
    out["text/board"] = _digest(render_board(text_view()))
    out["text/mine"] = _digest(render_player_board(text_view(), 1))
    return out


def test_english_images_are_unchanged() -> None:
    drawn = _drawn()
    assert set(drawn) == set(RECORD["images"])
    changed = sorted(k for k, v in drawn.items() if RECORD["images"][k] != v)
    versions = f"recorded with Pillow {RECORD['pillow']} / FreeType {RECORD['freetype']}, "
    versions += f"now Pillow {PIL.__version__} / FreeType {features.version('freetype2')}"
    assert not changed, f"{len(changed)} English images changed ({versions}): {changed[:8]}"


@pytest.mark.parametrize("lang", ["en"])
def test_english_is_the_default_language(lang: str) -> None:
    """``lang="en"`` and no language draw the same bytes."""
    label, public, mine = sample_views()[2]
    assert render_board(public, lang=lang) == render_board(public)
    assert render_player_board(mine, 0, lang=lang) == render_player_board(mine, 0)
