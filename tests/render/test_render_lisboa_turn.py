"""Lisboa's turn image and full board as issue 25 asks: what changed this turn is marked, the final
board shows the outcome's totals and names the tie-break that decided, every seat marker carries its
colour's letter, and cards and tiles are drawn with their effects rather than their effect ids."""

from __future__ import annotations

import copy
import re
from typing import Any

from engine.core.outcome import Outcome, SeatResult
from engine.lisboa.colours import COLOURS
from render import lisboa
from render.final import with_outcome
from render.layout import layout_of
from render.lisboa.key import entries
from render.turn import BEFORE_KEY, with_table
from tests.render.sample_views import turn_views

View = dict[str, Any]
EFFECT_ID = re.compile(r"\b(NB|TP|TC|CL)-\d\d\b")


def _view(label: str) -> View:
    return copy.deepcopy(next(v for name, v in turn_views() if name == label))


def _texts(im: Any) -> list[str]:
    return [t.text for t in layout_of(im).texts]


def _changed(im: Any) -> list[str]:
    return [m.who for m in layout_of(im).markers if m.who.endswith(" changed")]


def test_a_score_changed_since_the_turn_began_is_marked_and_an_unchanged_one_is_not() -> None:
    view = _view("lisboa-4p-step200")
    same = with_table(view, [(2, "trade")], copy.deepcopy(view))
    assert not _changed(lisboa.turn(same, "en"))
    old = copy.deepcopy(view)
    old["boards"][1]["wigs"] -= 3
    marked = _changed(lisboa.turn(with_table(view, [(2, "trade")], old), "en"))
    assert marked == ["seat 1 wigs changed"]
    assert "+3" in _texts(lisboa.turn(with_table(view, [(2, "trade")], old), "en"))


def test_a_changed_place_of_the_board_is_outlined() -> None:
    view = _view("lisboa-4p-step200")
    old = copy.deepcopy(view)
    old["favors"]["king"] += 1
    old["treasury"] = (view["treasury"] + 1) % 8
    marked = _changed(lisboa.turn(with_table(view, [], old), "en"))
    assert "king row changed" in marked and "treasury changed" in marked
    assert "maia row changed" not in marked


def test_without_a_before_view_nothing_is_marked() -> None:
    view = _view("lisboa-3p-step120")
    view.pop(BEFORE_KEY, None)
    assert not _changed(lisboa.turn(view, "en"))


def _tied(view: View, rule: str) -> View:
    """``view`` ended with seats 0 and 1 tied on 40 wigs, seat 1 winning on the tie-break ``rule``."""
    names = view["players"]
    results = (
        SeatResult(1, names[1], 40, 1, {"board wigs": 30, "stores": 10}, {"reis": 9}, True),
        SeatResult(0, names[0], 40, 2, {"board wigs": 28, "stores": 12}, {"reis": 4}, False),
    )
    return with_outcome(view, Outcome(results, rule))


def test_the_final_images_show_the_outcome_totals_and_the_tie_break() -> None:
    view = _tied(_view("lisboa-2p-end"), "reis")
    for im in (lisboa.turn(view, "en"), lisboa.board(view, "en")):
        texts = _texts(im)
        assert any("Bob wins" in t for t in texts)
        assert any("tie-break decided" in t for t in texts)
        assert texts.count("40") >= 2  # both totals in the score table
        assert any(m.who == "seat 1 final" for m in layout_of(im).markers)
    strip = _texts(lisboa.turn(view, "en"))
    assert "final" in strip  # the strip shows the final totals, not the board's wigs
    assert "TOTAL 40" in _texts(lisboa.board(view, "en"))  # and so do the full board's panels


def test_every_seat_marker_carries_its_colour_letter() -> None:
    view = _view("lisboa-4p-step200")
    letters = {c.mark for c in COLOURS}
    for im in (lisboa.turn(view, "en"), lisboa.board(view, "en")):
        layout = layout_of(im)
        discs = [
            m
            for m in layout.markers
            if (m.who.startswith("seat ") or " office " in m.who) and not m.who.endswith(" changed")
        ]
        assert discs
        for m in discs:
            x0, y0, x1, y1 = m.rect
            inside = [
                t.text
                for t in layout.texts
                if x0 <= (t.extent[0] + t.extent[2]) / 2 <= x1 and y0 <= (t.extent[1] + t.extent[3]) / 2 <= y1
            ]
            assert any(t in letters or t == "D" for t in inside), (m.who, inside)


def test_cards_and_tiles_show_their_effects_not_their_ids() -> None:
    view = _view("lisboa-4p-step200")
    for lang in ("en", "ja"):
        for im in (lisboa.turn(view, lang), lisboa.board(view, lang)):
            assert not [t for t in _texts(im) if EFFECT_ID.search(t)], lang
    key = entries(view, "en")
    assert key and all(":" in line for line in key)
    assert any("influence" in line or "reis" in line for line in key)
