"""Every game's turn image (what a turn message shows) and full board, drawn from views as a table
draws them (:func:`tests.render.sample_views.turn_views`: colours, who acts on what, the board as the
turn began, the outcome at the end), asked through their layouts (:mod:`render.layout`).

A turn image is made for Discord's inline size: no text under :data:`render.turn.SMALL` at
:data:`render.turn.WIDTH` (11 px as shown at 550 px), every text whole and in its box, no two markers
overlapping, at most 300 KB. A finished game's turn image and full board both name the winner.
"""

from __future__ import annotations

from functools import cache

import pytest

from render import drawer, offers, render_image
from render.final import outcome
from render.layout import Layout, layout_of
from render.turn import SMALL, WIDTH
from tests.render.boxes import overlap, within
from tests.render.sample_views import turn_views

GAMES = ("puerto_rico", "lisboa", "lorenzo", "red_cathedral")
LANGS = ("en", "ja")
CASES = [(game, lang) for game in GAMES for lang in LANGS]
MAX_KB = 300


@cache
def _turns(game: str, lang: str) -> tuple[tuple[str, tuple[int, int], Layout], ...]:
    module = drawer(game)
    out = []
    for label, view in turn_views():
        if view["game"] == game:
            im = module.turn(view, lang)
            out.append((label, im.size, layout_of(im)))
    return tuple(out)


@pytest.mark.parametrize("game", GAMES)
def test_every_game_draws_a_turn_image_of_its_own(game: str) -> None:
    assert "turn" in offers(game)


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_turn_images_are_drawn_for_the_inline_size(game: str, lang: str) -> None:
    small = []
    for label, (w, _), layout in _turns(game, lang):
        assert w == WIDTH, label
        small += [(label, t.text, t.size) for t in layout.texts if t.size < SMALL]
    assert not small, f"{len(small)} texts under {SMALL} px, e.g. {small[:5]}"


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_turn_image_texts_are_whole_and_in_their_boxes(game: str, lang: str) -> None:
    bad = []
    for label, (w, h), layout in _turns(game, lang):
        for t in layout.texts:
            if t.full is not None:
                bad.append((label, "cut", t.full))
            elif not within(t.extent, (0, 0, w, h), 0) or (t.box is not None and not within(t.extent, t.box)):
                bad.append((label, t.text, t.extent, t.box))
    assert not bad, bad[:5]


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_no_two_markers_of_a_turn_image_overlap(game: str, lang: str) -> None:
    """Markers never cover each other (an outline marking a changed place surrounds what it marks)."""
    hidden = []
    for label, _, layout in _turns(game, lang):
        marks = [m for m in layout.markers if not m.who.endswith(" changed")]
        for i, a in enumerate(marks):
            hidden += [(label, a.who, b.who) for b in marks[i + 1 :] if overlap(a.rect, b.rect)]
    assert not hidden, hidden[:5]


@pytest.mark.parametrize("game", GAMES)
def test_turn_images_stay_small(game: str) -> None:
    sizes = [
        (label, len(render_image(view, "turn", lang)) // 1024)
        for label, view in turn_views()
        if view["game"] == game
        for lang in LANGS
    ]
    assert max(kb for _, kb in sizes) <= MAX_KB, sizes


@pytest.mark.parametrize(("game", "lang"), CASES)
def test_a_finished_game_names_its_winner_on_both_images(game: str, lang: str) -> None:
    module = drawer(game)
    ended = [(label, view) for label, view in turn_views() if view["game"] == game and outcome(view) is not None]
    assert ended
    for label, view in ended:
        result = outcome(view)
        assert result is not None
        winners = [r.name for r in result.results if r.winner]  # the sample games' names
        for im in (module.turn(view, lang), module.board(view, lang)):
            drawn = " ".join(t.text for t in layout_of(im).texts)
            assert all(name in drawn for name in winners), (label, winners)
            assert any(m.who.endswith(" final") for m in layout_of(im).markers), label
