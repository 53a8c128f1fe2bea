"""Counted words read right in both languages: servants paid (a plural message of the catalogue) and
the text board's card types ("territories", not "territorys")."""

from __future__ import annotations

from lorenzo_helpers import table

from engine.lorenzo import GAME
from engine.lorenzo.data import PACKS
from render.i18n import tr


def test_servants_paid_are_counted_with_plural_forms():
    state = table(2)
    for n, word in ((1, "servant"), (2, "servants")):
        placed = {"type": "place", "player": 0, "member": "black", "space": "green-4", "value": 7, "servants": n}
        line = GAME.event_text(state, placed).public
        assert str(line).endswith(f"(value 7, paying {n} {word}).") and f"使用人{n}個を支払い" in tr(line, "ja")
        paid = GAME.event_text(state, {"type": "servants", "player": 0, "servants": n}).public
        assert str(paid) == f"P1 pays {n} {word}." and tr(paid, "ja") == f"P1が使用人{n}個を支払いました。"


def test_the_text_board_heads_each_card_type_with_its_plural():
    state = table(2)
    pack = PACKS.by_fingerprint(GAME.public_view(state)["pack"])
    for kind in ("territory", "building", "character", "venture"):
        state["boards"][0]["cards"][kind] = [k for k, card in pack.cards.items() if card.type == kind][:1]
    board = GAME.view_text(GAME.public_view(state))
    for plural in ("territories", "buildings", "characters", "ventures"):
        assert f"    {plural}: " in board
    assert "territorys" not in board and "ys:" not in board
