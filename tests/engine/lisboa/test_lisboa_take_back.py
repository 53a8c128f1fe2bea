"""Taking back an answer to Lisboa's parallel decisions (issue 11) through the core: the set-up
clergy keep and draft (held in the set-up state) and church scoring (a parallel frame)."""

from __future__ import annotations

import pytest
from lisboa_play import run_step, table

from engine.core import IllegalAction, play
from engine.lisboa.game import GAME

NAMES = ["Ana", "Ben", "Cy"]


def act(state, seat, text):
    return play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))


def test_the_clergy_keep_is_taken_back_and_changed_until_everyone_kept():
    state, _ = play.new_game(GAME, NAMES, {}, 2)
    first, second = sorted(state["setup"]["clergy_offers"][0])
    state, _ = act(state, 0, f"keep {first}")
    assert play.legal_texts(GAME, state, 0) == ["take back"]
    state, events = act(state, 0, "take back")
    said = play.event_text(GAME, state, events[0])
    assert said.public == "Ana takes back their answer." and first not in said.public
    assert sorted(play.waiting_players(GAME, state)) == [0, 1, 2]
    assert GAME.view(state, 1)["setup"]["clergy_kept"][0] is False  # others see no answer any more
    state, _ = act(state, 0, f"keep {second}")
    log = [(0, f"keep {first}"), (0, "take back"), (0, f"keep {second}")]
    for seat in (1, 2):
        text = play.legal_texts(GAME, state, seat)[0]
        state, _ = act(state, seat, text)
        log.append((seat, text))
    assert state["boards"][0]["clergy"] == [second] and state["phase"] == "play"
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "take back")
    assert err.value.code == "nothing_to_take_back"
    assert play.dumps(play.replay(GAME, NAMES, {}, 2, log)) == play.dumps(state)


def test_a_draft_pick_is_taken_back_within_its_pass_only():
    state, _ = play.new_game(GAME, NAMES, {"starting_draft": True}, 4)
    for seat in range(3):
        state, _ = act(state, seat, play.legal_texts(GAME, state, seat)[0])
    opts = play.legal_texts(GAME, state, 0)
    state, _ = act(state, 0, opts[0])
    state, _ = act(state, 0, "take back")
    state, _ = act(state, 0, opts[-1])
    for seat in (1, 2):
        state, _ = act(state, seat, play.legal_texts(GAME, state, seat)[0])
    assert state["setup"]["draft_pass"] == 1
    assert state["setup"]["draft_kept"][0] == opts[-1].split()[1:]
    assert not play.may_take_back(GAME, state, 0)  # the pass is over: its picks are passed on


def test_church_scoring_answers_are_held_until_the_last_one():
    state = table(3)
    for seat, board in enumerate(state["boards"]):
        board["clergy"], board["influence"] = ["T0" + str(seat + 1)], 2
    state["church"]["lying"], state["church"]["trigger"] = True, 0
    run_step(state, {"step": "church_scoring"})
    state = play.loads(play.dumps(state))
    state, _ = act(state, 0, "church discard T01")
    assert state["boards"][0]["clergy"] == ["T01"]  # nothing applied before the last answer
    state, _ = act(state, 0, "take back")
    state, _ = act(state, 0, "church discard none")
    with pytest.raises(IllegalAction) as err:
        act(state, 1, "take back")
    assert err.value.code == "nothing_to_take_back" and "`church discard T02`" in err.value.message
    state, _ = act(state, 1, "church discard T02")
    state, _ = act(state, 2, "church discard none")
    assert [b["clergy"] for b in state["boards"]] == [["T01"], [], ["T03"]]
    assert not state["frames"] and not play.may_take_back(GAME, state, 0)
