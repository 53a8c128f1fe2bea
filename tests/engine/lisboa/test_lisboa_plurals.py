"""Wigs are counted with the catalogue's plural forms ("1 wig", "2 wigs"), in English and Japanese."""

from __future__ import annotations

from lisboa_helpers import new_game

from engine.lisboa import GAME
from render.i18n import tr


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
