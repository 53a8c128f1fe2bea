"""Counts are said with the catalogue's plural forms ("1 wig", "2 wigs"), in English and Japanese: wigs,
officials, cards in a hand and in a display stack."""

from __future__ import annotations

import pytest
from lisboa_helpers import new_game
from PIL import Image

from engine.lisboa import GAME
from render.common import Canvas
from render.i18n import tr
from render.lisboa import compact


def test_wigs_paid_and_gained_are_counted_with_plural_forms():
    state = new_game(2)
    who = state["players"][0]
    for n, word in ((1, "wig"), (2, "wigs")):
        paid = {"kind": "pay_influence", "player": 0, "influence": 0, "reis": 0, "wigs": n, "why": "card reward"}
        line = GAME.event_text(state, paid).public
        assert f"{n} {word}" in str(line) and f"{n} {word}s" not in str(line) and f"{n}かつら" in tr(line, "ja")
        gained = {"kind": "influence", "player": 0, "gain": 3, "wigs": n, "why": "card reward"}
        line = GAME.event_text(state, gained).public
        assert str(line) == f"{who} gains 3 influence and {n} {word} at the maximum (card reward)."
        assert f"上限到達による{n}かつら" in tr(line, "ja")


#: Events that count wigs or officials, and the words their lines must say for 1 and for 2.
COUNTED = [
    ({"kind": "sail", "ship": "ship-red-1"}, "wigs", "wig", "かつら"),
    ({"kind": "church_discard", "tiles": ["T01"]}, "wigs", "wig", "かつら"),
    ({"kind": "era_wigs", "sets": 1}, "wigs", "wig", "かつら"),
    ({"kind": "rubble_discard", "rubble": "fire"}, "wigs", "wig", "かつら"),
    (
        {"kind": "store_built", "type": "gold", "lot": "A1", "cost": 3, "related": 1},
        "wigs",
        "wig",
        "かつら",
    ),
    ({"kind": "store_scored", "lot": "A1", "site": "S1"}, "wigs", "wig", "かつら"),
    ({"kind": "building_wigs"}, "wigs", "wig", "かつら"),
    ({"kind": "plan_completed", "plan": "P1"}, "officials", "official", "役人"),
]


def test_counted_event_lines_say_one_wig_and_one_official():
    state = new_game(2)
    for fields, key, word, ja in COUNTED:
        for n in (1, 2):
            line = GAME.event_text(state, {**fields, "player": 0, key: n}).public
            said = str(line)
            assert f"{n} {word}" in said and (f"{n} {word}s" in said) == (n > 1), said
            assert ja in tr(line, "ja") and str(n) in tr(line, "ja")


def test_hand_and_display_counts_say_one_card():
    state = new_game(2)
    view = GAME.public_view(state)
    view["boards"][0]["hand"], view["boards"][1]["hand"] = 1, 2
    view["boards"][0]["sets"], view["boards"][1]["sets"] = 1, 2
    text = GAME.view_text(view)
    assert "hand 1 card," in text and "hand 2 cards," in text and "(1 set)" in text and "(2 sets)" in text
    said: list[str] = []

    def lines(c, x, y, texts, width):  # what the compact court writes, instead of drawing it
        said.extend(texts)
        return y + 10

    kinds = list(view["political"]["display"])
    view["political"]["display"][kinds[0]]["count"] = 1
    view["political"]["display"][kinds[1]]["count"] = 2
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(compact.icons, "lines", lines)
        compact.court(Canvas(Image.new("RGB", (10, 10))), 0, view, None)
    assert any(s.startswith("1 card, top ") for s in said) and any(s.startswith("2 cards, top ") for s in said)
