"""Lorenzo il Magnifico's turn image and full board as a table draws them (issue 25): what changed
since the turn began is marked and nothing else is; the final board's VP track shows the outcome's
totals; a tie the tie-break decided is named on both images; every player marker carries its seat
colour's mark; the Vatican report shows its tiles; Japanese images draw Japanese."""

from __future__ import annotations

import copy
from functools import cache

import pytest

from engine.core.outcome import Outcome, SeatResult
from engine.lorenzo.colours import COLOURS
from render.final import outcome, with_outcome
from render.layout import Layout, layout_of
from render.lorenzo import board, turn
from render.turn import with_table
from tests.render.sample_views import turn_views

View = dict


@cache
def _views() -> dict[str, View]:
    return {label: view for label, view in turn_views() if view["game"] == "lorenzo"}


def _mid() -> View:
    """A mid-game view (4 players, a member to place) without the table's ``before``."""
    view = dict(_views()["lorenzo-4p-advanced=True-step160"])
    return {k: v for k, v in view.items() if k != "before"}


def _texts(layout: Layout) -> list[str]:
    return [t.text for t in layout.texts]


def _changed(layout: Layout) -> list[str]:
    return [m.who for m in layout.markers if m.who.endswith(" changed")]


def test_a_score_changed_since_the_turn_began_is_marked() -> None:
    view = _mid()
    seat = view["order"][0]
    before = copy.deepcopy(view)
    before["boards"][seat]["res"]["vp"] -= 3
    layout = layout_of(turn(with_table(view, [(seat, "place a member")], before), "en"))
    assert _changed(layout) == [f"seat {seat} vp changed"]
    assert "+3" in _texts(layout)


def test_a_card_taken_since_the_turn_began_outlines_its_floor() -> None:
    view = _mid()
    before = copy.deepcopy(view)
    before["towers"]["blue"][2] = 1 if view["towers"]["blue"][2] != 1 else 2
    assert "blue-3 changed" in _changed(layout_of(turn(with_table(view, [], before), "en")))


def test_an_identical_board_marks_nothing() -> None:
    view = _mid()
    assert _changed(layout_of(turn(with_table(view, [(0, "place a member")], copy.deepcopy(view)), "en"))) == []
    assert _changed(layout_of(turn(view, "en"))) == []  # no ``before``: nothing to compare with


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_final_board_tracks_show_the_outcome_totals(lang: str) -> None:
    view = _views()["lorenzo-4p-advanced=True-end"]
    result = outcome(view)
    assert result is not None
    before_scoring = {seat: b["res"]["vp"] for seat, b in enumerate(view["boards"])}
    assert any(before_scoring[r.seat] != r.total for r in result.results)  # final scoring moved the VP
    layout = layout_of(board(view, lang))
    for r in result.results:
        name = view["players"][r.seat]
        row = next(t for t in layout.texts if t.text == name and t.size == 14)  # the tracks' row of the seat
        on_row = [t.text for t in layout.texts if abs(t.extent[1] - row.extent[1]) < 8 and t.size == 15]
        assert on_row[0] == f"{r.total:g}", (name, on_row)


def _tied(view: View) -> View:
    """The finished view with a hand-made outcome: Ann and Bob tied, Bob first by the tie-break."""
    names = view["players"]
    results = (
        SeatResult(1, names[1], 30, 1, {"vp": 20, "ventures": 10}, winner=True),
        SeatResult(0, names[0], 30, 2, {"vp": 25, "ventures": 5}),
        SeatResult(2, names[2], 12, 3, {"vp": 12, "ventures": 0}),
        SeatResult(3, names[3], 4, 4, {"vp": 4, "ventures": 0}),
    )
    return with_outcome(view, Outcome(results, "earlier in the final turn order"))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_tie_decided_by_the_tie_break_is_named(lang: str) -> None:
    view = _tied(_views()["lorenzo-4p-advanced=True-end"])
    for im in (turn(view, lang), board(view, lang)):
        drawn = " ".join(_texts(layout_of(im)))
        assert "Bob" in drawn
        assert ("earlier in the final turn order" if lang == "en" else "30") in drawn
        if lang == "en":
            assert "Tied at 30" in drawn and "Bob wins" in drawn


def test_the_final_turn_image_shows_the_final_totals_in_the_strip() -> None:
    view = _tied(_views()["lorenzo-4p-advanced=True-end"])
    layout = layout_of(turn(view, "en"))
    assert {"30", "12", "4"} <= set(_texts(layout))
    assert not any(t.startswith("Towers") for t in _texts(layout))  # the final panel takes the table's place


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_player_markers_carry_their_seat_colour_mark(lang: str) -> None:
    view = _views()["lorenzo-4p-advanced=True-step160"]
    for im in (turn(view, lang), board(view, lang)):
        layout = layout_of(im)
        seats = [m for m in layout.markers if m.who.startswith("seat ") and not m.who.endswith(" changed")]
        assert seats
        for m in seats:
            seat = int(m.who.split()[1])
            mark = COLOURS[seat].mark
            inside = [
                t.text
                for t in layout.texts
                if m.rect[0] <= t.extent[0] and t.extent[2] <= m.rect[2] + 1 and m.rect[1] <= t.extent[1] + 1
                if t.extent[3] <= m.rect[3] + 1
            ]
            assert any(text.split()[0] == mark or text == mark for text in inside), (m.who, inside)


def test_the_vatican_report_shows_the_excommunication_tiles() -> None:
    view = copy.deepcopy(_mid())
    view["window"] = {"kind": "vatican", "asked": [0, 1, 2, 3], "answered": []}
    drawn = _texts(layout_of(turn(view, "en")))
    assert any(t.startswith("Vatican report: below") for t in drawn)
    assert {"period 1", "period 2", "period 3"} <= set(drawn)
    assert not any(t.startswith("Towers") for t in drawn)


def test_japanese_images_draw_japanese() -> None:
    view = _views()["lorenzo-4p-advanced=True-step160"]
    drawn = _texts(layout_of(turn(view, "ja")))
    assert "塔: 各階の値・ボーナス・カードのコストと効果" in drawn
    assert "勝利点" in drawn  # the legend
    assert not any(t.startswith("Towers") or t == "victory points" for t in drawn)
