"""Lisboa's copying path: the options memo finds a state's copy (the service copies before every
action), so a main action's options, simulated on copies, are listed once per position."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest
from lisboa_helpers import new_game

from engine.core import play
from engine.lisboa import flow
from engine.lisboa.game import GAME


def test_a_copy_of_a_state_finds_its_options_in_the_memo(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new_game(3, seed=4)
    for seat in range(3):
        play.apply_in_place(GAME, state, seat, GAME.legal_actions(state, seat)[0])  # the clergy keep
    assert state["decision"]["kind"] == "main"
    listed: list[int] = []
    main = flow.KINDS["main"]

    def counting(s: Any, d: Any) -> Any:
        listed.append(d["player"])
        return main.options(s, d)

    monkeypatch.setitem(flow.KINDS, "main", dataclasses.replace(main, options=counting))
    options = GAME.legal_actions(state, 0)
    copied = GAME.copy_state(state)
    assert GAME.legal_actions(copied, 0) == options and listed == [0]
    copied["boards"][0]["reis"] += 1  # another position: listed again
    GAME.legal_actions(copied, 0)
    assert listed == [0, 0]
