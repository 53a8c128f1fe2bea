"""The score track and the two free actions (teaching script §得点トラック, §手番; Dized rules 'When
can a player execute an optional action'; review minarinbg.com for the first prestige spaces)."""

from __future__ import annotations

import pytest
from rc_helpers import act, kind, new_game, pp, prestige, start_turn, texts

from engine.core import IllegalAction, play
from engine.red_cathedral import GAME, board, score


def test_the_published_prestige_spaces_and_the_start() -> None:
    state = new_game(2)
    assert (prestige(state, 1), prestige(state, 2)) == (5, 9)
    assert pp(state, 0) == 0
    lap = board.lap(state)
    assert score.gain_pp(lap, 2, 1) == 5  # 3 RP reach the first prestige space (space 5)


def test_pitfall_1_gaining_prestige_jumps_to_the_next_prestige_space() -> None:
    lap = board.lap(new_game(2))
    assert score.gain_pp(lap, 7, 1) == 9  # RP progress towards it is absorbed
    assert score.gain_pp(lap, 9, 2) == 17
    assert score.pp_at(lap, 8) == 1 and score.pp_at(lap, 9) == 2


def test_p12_past_40_prestige_the_track_goes_round() -> None:
    state = new_game(2)
    lap = board.lap(state)
    top = prestige(state, 40)
    assert score.pp_at(lap, top) == 40
    assert score.gain_pp(lap, top, 1) == top + 5 and score.pp_at(lap, top + 5) == 41
    assert score.pp_at(lap, top + 4) == 40  # the "+40" side, then the lap's own spaces


def test_s34_final_rounding_moves_back_to_the_prestige_space_behind() -> None:
    state = new_game(2)
    lap = board.lap(state)
    p12 = prestige(state, 12)
    assert score.round_down(lap, p12 + 1) == p12 and score.round_down(lap, p12) == p12
    assert score.round_down(lap, 4) == 0


def _on(state: dict, seat: int, pos: int, rubles: int | None = None) -> None:
    state["seats"][seat]["pos"] = pos
    if rubles is not None:
        state["seats"][seat]["rubles"] = rubles


def test_s05_selling_two_prestige_in_one_burst() -> None:
    state = new_game(2)
    _on(state, 0, prestige(state, 3), rubles=1)
    start_turn(state, 0)
    assert "sell prestige" in texts(state)
    state, _ = act(state, "sell prestige")
    assert kind(state) == "sell" and texts(state) == ["sell 1", "sell 2"]
    state, events = act(state, "sell 2")
    assert state["seats"][0]["pos"] == prestige(state, 1) and state["seats"][0]["rubles"] == 5
    assert events[0] == {"type": "sell", "player": 0, "pp": 2, "rubles": 4}
    assert kind(state) == "main"  # the interrupted question again


def test_s06_a_second_burst_in_the_same_turn_is_refused() -> None:
    state = new_game(2)
    _on(state, 0, prestige(state, 3))
    start_turn(state, 0)
    state, _ = act(state, "sell prestige", "sell 1")
    assert "sell prestige" not in texts(state)
    with pytest.raises(IllegalAction):
        play.apply(GAME, state, 0, {"verb": "free", "what": "sell"})
    state, _ = act(state, "market")
    while kind(state) != "end" and kind(state) != "main":
        state, _ = act(state, texts(state)[0])
    assert state["turn"]["sold"] is True


def test_s07_a_reroll_costs_one_prestige_and_is_once_a_turn() -> None:
    state = new_game(2, seed=3)
    _on(state, 0, prestige(state, 2))
    space = next(i for i, s in enumerate(state["spaces"]) if s["dice"])
    start_turn(state, 0)
    state, events = act(state, "reroll a space", f"reroll {space + 1}")
    assert state["seats"][0]["pos"] == prestige(state, 1)
    roll = next(e for e in events if e["type"] == "roll")
    assert set(roll["faces"]) == set(state["spaces"][space]["dice"]) and roll["random"]
    assert GAME.undo_barrier(events)
    assert "reroll a space" not in texts(state)


def test_s08_neither_free_action_before_the_marker_passes_the_first_prestige_space() -> None:
    state = new_game(2)
    for pos in (0, 2, 4, 5):  # on the first prestige space there is none behind to fall back to
        _on(state, 0, pos)
        start_turn(state, 0)
        assert not {"sell prestige", "reroll a space"} & set(texts(state)), pos
    _on(state, 0, 6)
    start_turn(state, 0)
    assert {"sell prestige", "reroll a space"} <= set(texts(state))


def test_free_actions_are_offered_inside_the_turns_prompts() -> None:
    state = new_game(2)
    _on(state, 0, prestige(state, 4))
    start_turn(state, 0)
    state, _ = act(state, "market")
    assert kind(state) == "die" and texts(state)[-2:] == ["sell prestige", "reroll a space"]


def test_the_end_of_the_turn_is_asked_while_a_free_action_is_possible() -> None:
    state = new_game(2)
    _on(state, 0, prestige(state, 3))
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", "section A1", "tile down white-1")
    assert kind(state) == "end" and texts(state) == ["end turn", "sell prestige", "reroll a space"]
    state, _ = act(state, "sell prestige", "sell 1")
    assert kind(state) == "end" and texts(state) == ["end turn", "reroll a space"]
    state, events = act(state, "end turn")
    assert state["turn"]["player"] == 1 and any(e["type"] == "end_turn" for e in events)


def test_without_a_free_action_the_turn_ends_by_itself() -> None:
    state = new_game(2)
    start_turn(state, 0)
    state, events = act(state, "claim", "banner from board", "section A1", "tile down white-1")
    assert [e for e in events if e["type"] == "end_turn"][0].get("forced")
    assert kind(state) == "main" and state["turn"]["player"] == 1
