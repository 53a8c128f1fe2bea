"""The Red Cathedral's turn image and full board (issue 25), asked through their layouts: what changed
since the turn began is marked and nothing else is, a finished game's boards show the outcome's
totals and name the tie-break when it decided, every player marker carries its seat colour's letter."""

from __future__ import annotations

import copy
from functools import cache
from typing import Any

import pytest

from engine.core.outcome import Outcome, SeatResult
from engine.red_cathedral.colours import COLOURS
from render import drawer
from render.final import with_outcome
from render.layout import Layout, layout_of
from render.turn import BEFORE_KEY
from tests.render.boxes import within
from tests.render.sample_views import turn_views

MARKS = {c.id: c.mark for c in COLOURS}
TIE_BREAK = "most completed sections, then most ornaments placed"


@cache
def _views() -> dict[str, dict[str, Any]]:
    return {label: view for label, view in turn_views() if view["game"] == "red_cathedral"}


def _mid_game() -> dict[str, Any]:
    return copy.deepcopy(_views()["red_cathedral-4p-workshop=basic-step90"])


def _ended() -> dict[str, Any]:
    return copy.deepcopy(_views()["red_cathedral-3p-workshop=advanced-end"])


def _turn(view: dict[str, Any], lang: str = "en") -> Layout:
    return layout_of(drawer("red_cathedral").turn(view, lang))


def _board(view: dict[str, Any], lang: str = "en") -> Layout:
    return layout_of(drawer("red_cathedral").board(view, lang))


def _changed(layout: Layout) -> list[str]:
    return [m.who for m in layout.markers if m.who.endswith(" changed")]


def test_an_identical_board_before_the_turn_marks_nothing() -> None:
    view = _mid_game()
    view[BEFORE_KEY] = {k: copy.deepcopy(v) for k, v in view.items() if k != BEFORE_KEY}
    assert _changed(_turn(view)) == []


def test_a_score_changed_this_turn_is_marked_in_the_strip_and_on_the_track() -> None:
    view = _mid_game()
    view[BEFORE_KEY] = {k: copy.deepcopy(v) for k, v in view.items() if k != BEFORE_KEY}
    view["seats"][2]["pp"] += 3
    view["seats"][2]["space"] += 9
    layout = _turn(view)
    marked = _changed(layout)
    assert "seat 2 PP changed" in marked
    assert "seat 2 score changed" in marked
    assert "+3" in [t.text for t in layout.texts]
    assert not [w for w in marked if w.startswith(("seat 0", "seat 1", "seat 3"))]


def test_a_die_moved_and_a_section_claimed_are_outlined() -> None:
    view = _mid_game()
    old = {k: copy.deepcopy(v) for k, v in view.items() if k != BEFORE_KEY}
    old["market"][0]["dice"] = [{"colour": "white", "face": 2}]
    old["towers"][0][3]["owner"] = None if view["towers"][0][3]["owner"] is not None else 1
    view[BEFORE_KEY] = old
    marked = _changed(_turn(view))
    assert "space 1 changed" in marked
    assert f"section {view['towers'][0][3]['name']} changed" in marked
    assert "space 2 changed" not in marked


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_final_boards_show_the_outcomes_totals(lang: str) -> None:
    view = _ended()
    names = view["players"]
    totals = [51, 47, 12]  # not the track's PP: the boards must read the outcome
    result = Outcome(
        tuple(
            SeatResult(p, names[p], totals[p], k + 1, {"track": totals[p]}, winner=k == 0)
            for k, p in enumerate((0, 1, 2))
        ),
        TIE_BREAK,
    )
    view = with_outcome(view, result)
    turn_texts = [t.text for t in _turn(view, lang).texts]
    board_texts = " ".join(t.text for t in _board(view, lang).texts)
    for total in totals:
        assert turn_texts.count(str(total)) >= 2  # the strip's PP and the final table's total
        assert str(total) in board_texts
    if lang == "en":
        assert "51 PP · space" in board_texts  # Ann's panel shows her final total


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tie_decided_by_the_tie_break_names_it(lang: str) -> None:
    view = _ended()
    names = view["players"]
    result = Outcome(
        (
            SeatResult(1, names[1], 30, 1, {"track": 30}, {"sections completed": 5}, winner=True),
            SeatResult(0, names[0], 30, 2, {"track": 30}, {"sections completed": 3}),
            SeatResult(2, names[2], 20, 3, {"track": 20}, {"sections completed": 1}),
        ),
        TIE_BREAK,
    )
    view = with_outcome(view, result)
    rule = "most completed sections" if lang == "en" else "完成"
    for layout in (_turn(view, lang), _board(view, lang)):
        drawn = " ".join(t.text for t in layout.texts)
        assert names[1] in drawn and rule in drawn


def _letters_on_markers(layout: Layout, view: dict[str, Any], suffix: str) -> list[tuple[int, str]]:
    out = []
    for m in layout.markers:
        if not m.who.endswith(suffix) or m.who.endswith(" changed"):
            continue
        seat = int(m.who.split()[1])
        inside = [t.text for t in layout.texts if within(t.extent, m.rect)]
        out.append((seat, " ".join(inside)))
        assert any(text.startswith(MARKS[view["seats"][seat]["colour"]]) for text in inside), (m.who, inside)
    return out


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_every_player_marker_carries_its_seats_colour_letter(lang: str) -> None:
    view = _mid_game()
    turn = _turn(view, lang)
    board = _board(view, lang)
    assert len(_letters_on_markers(turn, view, " score")) == 4
    assert len(_letters_on_markers(board, view, " score")) == 4
    assert _letters_on_markers(turn, view, " strip")
    assert _letters_on_markers(board, view, " section")
