"""Puerto Rico's turn image and final board, asked through their layouts: what changed since the turn
began is marked (and nothing when nothing did), a finished game's totals come from the table's
outcome, a tie the tie-break decided is named, and every seat marker carries its colour's letter."""

from __future__ import annotations

import copy
import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.core.outcome import Outcome, SeatResult
from render import puerto_rico, render_image
from render.final import OUTCOME_KEY, with_outcome
from render.layout import Layout, layout_of
from render.puerto_rico.parts import seat_colour
from render.turn import BEFORE_KEY
from tests.render.boxes import within
from tests.render.sample_views import turn_views

View = dict[str, Any]
TIE_BREAK = "doubloons + goods"  # the engine's tie-break label (engine.puerto_rico.scoring)


def _view(label: str) -> View:
    return copy.deepcopy(dict(turn_views())[f"puerto_rico-{label}"])


def _changed(layout: Layout) -> list[str]:
    return [m.who for m in layout.markers if m.who.endswith(" changed")]


def _texts(layout: Layout) -> str:
    return " | ".join(t.text for t in layout.texts)


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_change_since_the_turn_began_is_marked_and_nothing_else(lang: str) -> None:
    view = _view("4p-step150")
    same = dict(view, **{BEFORE_KEY: copy.deepcopy({k: v for k, v in view.items() if k != BEFORE_KEY})})
    assert _changed(layout_of(puerto_rico.turn(same, lang))) == []
    earlier = dict(same, **{BEFORE_KEY: copy.deepcopy(same[BEFORE_KEY])})
    earlier[BEFORE_KEY]["boards"][1]["doubloons"] -= 2
    earlier[BEFORE_KEY]["supply"]["ship"] += 3
    earlier[BEFORE_KEY]["cargo"][0] = {"size": earlier["cargo"][0]["size"], "good": "corn", "load": 1}
    layout = layout_of(puerto_rico.turn(earlier, lang))
    assert sorted(_changed(layout)) == sorted(
        ["seat 1 doubloons changed", "supply ship changed", f"ship {view['cargo'][0]['size']} changed"]
    )
    assert "+2" in _texts(layout)  # the difference, next to Bob's doubloons


def test_without_the_turn_s_start_nothing_is_marked() -> None:
    view = _view("4p-step150")
    del view[BEFORE_KEY]
    assert _changed(layout_of(puerto_rico.turn(view, "en"))) == []


def _tied(view: View) -> View:
    """The finished 4-player game with a hand-made outcome: Bob and Dee tied on 50, Bob ahead on
    the tie-break, so Bob alone wins."""
    rows = [
        SeatResult(1, "Bob", 50, 1, {"vp chips": 30, "buildings": 20}, {TIE_BREAK: 9}, winner=True),
        SeatResult(3, "Dee", 50, 2, {"vp chips": 25, "buildings": 25}, {TIE_BREAK: 4}),
        SeatResult(0, "Ann", 31, 3, {"vp chips": 11, "buildings": 20}, {TIE_BREAK: 2}),
        SeatResult(2, "Cy", 12, 4, {"vp chips": 2, "buildings": 10}, {TIE_BREAK: 0}),
    ]
    return with_outcome({k: v for k, v in view.items() if k != OUTCOME_KEY}, Outcome(tuple(rows), TIE_BREAK))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_final_images_show_the_outcome_s_totals(lang: str) -> None:
    view = _tied(_view("4p-end"))
    board = _texts(layout_of(puerto_rico.board(view, lang)))
    turn = layout_of(puerto_rico.turn(view, lang))
    if lang == "en":
        for total in (50, 31, 12):
            assert f"TOTAL {total} VP" in board  # each seat's panel, from the outcome
    strip_numbers = {t.text for t in turn.texts}
    assert {"50", "31", "12"} <= strip_numbers


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tie_decided_by_the_tie_break_names_it(lang: str) -> None:
    view = _tied(_view("4p-end"))
    for im in (puerto_rico.turn(view, lang), puerto_rico.board(view, lang)):
        drawn = _texts(layout_of(im))
        if lang == "en":
            assert "Bob wins" in drawn
            assert "Tied at 50; the tie-break decided: doubloons + goods" in drawn
        else:
            assert "Bob" in drawn and "50" in drawn
            assert "doubloons" not in drawn  # the rule, named in Japanese


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("label", ["4p-step150", "5p-step90", "2p-expansions=new_buildings-step5", "5p-end"])
def test_every_seat_marker_carries_its_colour_letter(label: str, lang: str) -> None:
    view = _view(label)
    for im in (puerto_rico.turn(view, lang), puerto_rico.board(view, lang)):
        layout = layout_of(im)
        seats = [m for m in layout.markers if m.who.startswith("seat ") and not m.who.endswith(" changed")]
        assert seats
        for m in seats:
            mark = seat_colour(view, int(m.who.split()[1])).mark  # type: ignore[arg-type]
            assert any(t.text == mark and within(t.extent, m.rect) for t in layout.texts), m.who


def test_a_role_taken_shows_who_took_it() -> None:
    view = _view("4p-step150")
    layout = layout_of(puerto_rico.turn(view, "en"))
    for role, seat in view["taken"].items():
        assert any(m.who == f"seat {seat} role {role}" for m in layout.markers)


def test_a_build_shows_the_buildings_on_offer_and_other_decisions_do_not() -> None:
    view = _view("4p-step150")
    assert "Buildings in the supply" not in _texts(layout_of(puerto_rico.turn(view, "en")))
    view["waiting"] = [{"player": 2, "kind": "build", "prompt": "Build."}]
    view["acting"] = [{"seat": 2, "prompt": "Build a building, or pass."}]
    drawn = _texts(layout_of(puerto_rico.turn(view, "en")))
    assert "Buildings in the supply: cost, VP, copies left" in drawn
    assert "Coffee roaster" in drawn and "×3" in drawn


@pytest.mark.parametrize("label", ["4p-step150", "5p-end", "3p-expansions=both-step120"])
def test_the_fixed_palette_keeps_the_turn_image_s_colours(label: str) -> None:
    view = _view(label)
    drawn = puerto_rico.turn(view, "en")
    with Image.open(io.BytesIO(render_image(view, "turn", "en"))) as png:
        stored = png.convert("RGB")
    histogram = ImageChops.difference(drawn, stored).convert("L").histogram()
    assert sum(histogram[33:]) == 0, "a colour is missing from render.puerto_rico.palette.PALETTE"


def test_a_japanese_turn_image_draws_the_catalogue_s_words() -> None:
    view = _view("4p-step150")
    drawn = _texts(layout_of(puerto_rico.turn(view, "ja")))
    for word in ("プエルトリコ", "勝利点", "貨物船", "商店", "総督"):
        assert word in drawn
    for english in ("Cargo ships", "Trading house", "Governor", "doubloons"):
        assert english not in drawn
