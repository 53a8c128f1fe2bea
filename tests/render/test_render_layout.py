"""Every board, asked through its layout (what its Canvas recorded, :mod:`render.layout`) rather than
guessed from pixels: texts lie in the image and in the box they were given, no text is cut, no two
markers overlap, no text runs over a marker.

Boards are those of :mod:`tests.render.sample_views` (seeded random games of each game at every
player count, sampled up to the end), the table and seat 0's own board, in English and Japanese.
The turn images are asked the same way, with their own size rules, in ``test_turn_images.py``.
"""

from __future__ import annotations

from functools import cache

import pytest
from PIL import Image

from render import drawer
from render.common import Canvas, fit, layout_of
from render.layout import Layout
from tests.render.boxes import overlap, within
from tests.render.sample_views import sample_views

GAMES = ("puerto_rico", "lisboa", "lorenzo", "red_cathedral")
LANGS = ("en", "ja")


@cache
def _boards(game: str, lang: str) -> tuple[tuple[str, tuple[int, int], Layout], ...]:
    """(label, image size, layout) of every sample board of ``game`` in ``lang``."""
    out = []
    for label, public, mine in sample_views():
        if public["game"] != game:
            continue
        module = drawer(game)
        for kind, im in (("board", module.board(public, lang)), ("mine", module.player_board(mine, 0, lang))):
            out.append((f"{label}/{kind}", im.size, layout_of(im)))
    return tuple(out)


def _cases() -> list[tuple[str, str]]:
    return [(game, lang) for game in GAMES for lang in LANGS]


@pytest.mark.parametrize(("game", "lang"), _cases())
def test_every_board_records_what_it_draws(game: str, lang: str) -> None:
    for label, _, layout in _boards(game, lang):
        assert len(layout.texts) > 5, label  # a player's own board has a dozen texts
    assert any(layout.markers for _, _, layout in _boards(game, lang))


@pytest.mark.parametrize(("game", "lang"), _cases())
def test_every_text_lies_in_the_image_and_its_box(game: str, lang: str) -> None:
    outside = []
    for label, (w, h), layout in _boards(game, lang):
        for t in layout.texts:
            if not within(t.extent, (0, 0, w, h), 0) or (t.box is not None and not within(t.extent, t.box)):
                outside.append((label, t.text, t.extent, t.box))
    assert not outside, outside[:5]


@pytest.mark.parametrize(("game", "lang"), _cases())
def test_no_text_is_cut(game: str, lang: str) -> None:
    cut = [(label, t.text, t.full) for label, _, layout in _boards(game, lang) for t in layout.texts if t.full]
    assert not cut, f"{len(cut)} texts cut, e.g. {cut[:3]}"


@pytest.mark.parametrize(("game", "lang"), _cases())
def test_no_two_markersoverlap(game: str, lang: str) -> None:
    hidden = []
    for label, _, layout in _boards(game, lang):
        marks = layout.markers
        for i, a in enumerate(marks):
            hidden += [(label, a, b) for b in marks[i + 1 :] if overlap(a.rect, b.rect)]
    assert not hidden, hidden[:5]


@pytest.mark.parametrize(("game", "lang"), _cases())
def test_no_text_runs_over_a_marker(game: str, lang: str) -> None:
    """A text on a marker is its label (wholly inside it); one partly over it covers or is covered."""
    covered = []
    for label, _, layout in _boards(game, lang):
        for t in layout.texts:
            covered += [
                (label, t.text, m.who)
                for m in layout.markers
                if overlap(t.extent, m.rect) and not within(t.extent, m.rect)
            ]
    assert not covered, covered[:5]


def test_a_copy_of_a_drawn_image_keeps_its_layout_and_its_own_drawing() -> None:
    base = Canvas(Image.new("RGB", (200, 60)))
    base.text(4, 20, "base", 14)
    base.circle(150, 30, 8, who="seat 0")
    copy = Canvas(base.im.copy())
    copy.text(4, 44, "turn", 14, box=(0, 30, 100, 60))
    assert [t.text for t in layout_of(copy.im).texts] == ["base", "turn"]
    assert [t.text for t in layout_of(base.im).texts] == ["base"]
    assert [m.who for m in layout_of(copy.im).markers] == ["seat 0"]
    drawn = layout_of(copy.im).texts[1]
    assert drawn.box == (0, 30, 100, 60) and drawn.size == 14 and within(drawn.extent, (4, 30, 60, 60))
    assert layout_of(Image.new("RGB", (1, 1))).texts == []


def test_a_text_fit_cut_keeps_its_full_text() -> None:
    c = Canvas(Image.new("RGB", (300, 40)))
    whole = "a sentence far too long for forty pixels"
    c.text(2, 20, fit(whole, 12, 40), 12)
    c.text(2, 30, fit("ok", 12, 40), 12)
    cut, kept = layout_of(c.im).texts
    assert cut.text.endswith("…") and cut.full == whole
    assert kept.full is None


def test_red_cathedral_markers_sharing_a_space_are_fanned_out() -> None:
    """Every seat on one space (as at the start, and often later): no marker covers another."""
    label, public, _ = next(v for v in sample_views() if v[1]["game"] == "red_cathedral" and len(v[1]["players"]) == 4)
    view = dict(public, seats=[dict(s, space=7 if k else 8) for k, s in enumerate(public["seats"])])
    layout = layout_of(drawer("red_cathedral").board(view, "en"))
    track = [m for m in layout.markers if m.who.endswith(" score")]
    assert len(track) == 4, label
    assert not [(a, b) for i, a in enumerate(track) for b in track[i + 1 :] if overlap(a.rect, b.rect)]
