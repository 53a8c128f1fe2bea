"""Subtleties implementations easily get wrong, each as a short test (the others are named
``test_pitfall_N_…`` beside the rule they belong to: 4-6, 8, 9, 12, 13, 15, 16, 21, 24-26)."""

from __future__ import annotations

import pytest
from rc_helpers import (
    act,
    give,
    kind,
    new_game,
    own,
    place_dice,
    pp,
    prestige,
    set_card,
    start_turn,
    table_with_tower,
    texts,
)

from engine.core import IllegalAction, play
from engine.red_cathedral import GAME, board, scoring, workshop
from engine.red_cathedral.build import complete, jewel_pp
from engine.red_cathedral.flow import STEPS
from engine.red_cathedral.scoring import tower_scores


def test_pitfall_2_the_marker_starts_on_2_and_no_free_action_before_the_first_prestige_space() -> None:
    state = new_game(2)
    assert state["seats"][0]["pos"] == 2 and pp(state, 0) == 0
    assert "sell prestige" not in texts(state) and "reroll a space" not in texts(state)


def test_pitfall_3_selling_is_one_burst_and_the_reroll_once() -> None:
    state = new_game(2)
    state["seats"][0]["pos"] = prestige(state, 5)
    start_turn(state, 0)
    state, _ = act(state, "sell prestige", "sell 1", "reroll a space", texts_after_reroll(state))
    assert "sell prestige" not in texts(state) and "reroll a space" not in texts(state)
    with pytest.raises(IllegalAction):
        play.apply(GAME, state, 0, {"verb": "free", "what": "reroll"})


def texts_after_reroll(state: dict) -> str:
    space = next(i for i, s in enumerate(state["spaces"]) if s["dice"])
    return f"reroll {space + 1}"


def test_pitfall_7_the_advanced_side_changes_all_four_things() -> None:
    state = new_game(2, workshop="advanced")
    me = state["seats"][0]
    assert set(me["ornaments"].values()) == {0}  # ornaments locked
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", "section A1")
    assert "tile down white-1" not in texts(state)  # white locked under its banners
    assert "tile up red" in texts(state)  # 3 rubles flat (the pack prints 2 for red)
    state, _ = act(state, "tile up red")
    assert state["seats"][0]["rubles"] == 0 and state["seats"][0]["ornaments"]["door"] == 1


def test_pitfall_10_two_jewels_of_one_colour_give_2_of_two_colours_3() -> None:
    state = new_game(2)
    assert [jewel_pp(state, j) for j in ([], ["green"], ["purple", "purple"], ["green", "purple"])] == [0, 1, 2, 3]


def test_pitfall_11_the_penalty_is_charged_again_at_every_completion_above() -> None:
    state, (s1, s2, s3, s4) = table_with_tower(3, 4)
    for name, seat in ((s1, 1), (s2, 0), (s3, 2), (s4, 0)):
        own(state, name, seat)
    state["seats"][1]["pos"] = 30
    for name in (s2, s3, s4):
        index = board.section_at(state, name)
        cost = dict(board.card(state, index).cost)
        state["sections"][index]["delivered"] = cost  # its last delivery has just arrived
        complete(state, index, [])
    assert state["seats"][1]["pos"] == 30 - 1 - 2 - 3


def test_pitfall_14_the_multiplier_counts_the_moved_die_and_the_workshop_is_x1() -> None:
    state = new_game(2, seed=5)
    place_dice(state, {"white": (0, 4), "red": (4, 1), "blue": (4, 2), "yellow": (1, 1), "green": (2, 1)})
    state["seats"][0]["slots"]["white-1"] = {"tile": "tile-03", "up": True}
    start_turn(state, 0)
    state, _ = act(state, "market", "die white", "extra 0", "take resources")
    assert texts(state)[-1] == "take 3"
    state, _ = act(state, "take 1", "activate workshop")
    assert state["seats"][0]["inventory"]["brick"] >= 1


def test_pitfall_17_the_white_workshop_holds_two_tiles_and_fires_one() -> None:
    state = new_game(2)
    for slot, tile in (("white-1", "tile-03"), ("white-2", "tile-05")):
        state["seats"][0]["slots"][slot] = {"tile": tile, "up": True}
    assert workshop.activatable(state, 0, "white") == ["white-1", "white-2"]
    assert workshop.open_slots(state, 0) == ["red", "blue", "yellow", "green"]


def test_pitfall_18_the_destination_is_rerolled_after_the_market_actions() -> None:
    state = new_game(2, seed=5)
    place_dice(state, {"white": (0, 4), "red": (4, 1), "blue": (6, 2), "yellow": (1, 1), "green": (2, 1)})
    start_turn(state, 0)
    state, events = act(state, "market", "die white", "extra 0", "take resources", "take 2")
    kinds = [e["type"] for e in events]
    assert kinds.index("gain") < kinds.index("roll")
    roll = next(e for e in events if e["type"] == "roll")
    assert roll["space"] == 4 and set(roll["faces"]) == {"red", "white"}


def test_pitfall_19_no_round_completion_after_the_trigger() -> None:
    state = new_game(3)
    state["end"] = {"trigger": 1, "left": [2, 0]}
    state["turn"] = {"player": 1, "sold": False, "rerolled": False, "main": "build"}
    seen = []
    state["decision"], state["queue"] = None, [{"step": "next"}]
    STEPS.run(state, [])
    while not GAME.is_over(state):
        seen.append(state["turn"]["player"])
        while not GAME.is_over(state) and state["turn"]["player"] == seen[-1]:
            state, _ = act(state, "market" if kind(state) == "main" else texts(state)[0])
    assert seen == [2, 0]


def test_pitfall_20_leftovers_count_jewels_and_round_down() -> None:
    state = new_game(2)
    give(state, 0, green=2, purple=2)
    state["seats"][0]["rubles"] = 5
    assert scoring.final_scores(state)["seats"][0]["leftovers"] == 1


def test_pitfall_22_halving_floors_at_each_step_and_ties_round_down() -> None:
    assert tower_scores(9, {0: 3, 1: 2, 2: 2, 3: 1}, "halving") == {0: 9, 1: 3, 2: 3, 3: 1}
    assert tower_scores(5, {0: 1, 1: 1, 2: 1}, "halving") == {0: 2, 1: 2, 2: 2}


def test_pitfall_23_two_player_towers_are_not_halved() -> None:
    assert tower_scores(9, {0: 3, 1: 1}, "two_player") == {0: 9, 1: 3}
    assert tower_scores(9, {0: 3, 1: 1}, "halving") == {0: 9, 1: 4}


def test_pitfall_27_any_of_the_six_materials_may_be_in_a_cost() -> None:
    state, (base, middle, _) = table_with_tower(2, 3)
    set_card(state, middle, "middle-07")  # stone 2, green 1
    own(state, base, 0)
    own(state, middle, 0)
    give(state, 0, green=1)
    start_turn(state, 0)
    state, events = act(state, "build")
    assert next(e for e in events if e["type"] == "deliver")["material"] == "green"
