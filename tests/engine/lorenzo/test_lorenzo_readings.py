"""The open points (⚠) not already covered by the scenario and mistakes tests: the reading taken for
each (docs/rules/lorenzo.md lists them all with their tests)."""

from __future__ import annotations

from lorenzo_helpers import act, decision, excommunicate, give, new_game, occupy, res, run, table, texts, tower, turn

from engine.core import play
from engine.lorenzo import GAME
from engine.lorenzo.scoring import military_vp, seat_parts
from engine.lorenzo.spaces import member_spaces


def test_a_player_with_no_legal_placement_skips_the_turn():
    state = table(2)
    occupy(state, "council", 0, "black")
    occupy(state, "council", 0, "white")
    occupy(state, "council", 0, "orange")
    res(state, 0, sv=0)  # the neutral member (value 0) needs a servant everywhere
    events = run(state, {"step": "turn", "player": 0}, {"step": "turn", "player": 1})
    assert [e["type"] for e in events][:1] == ["skip"] and state["decision"]["player"] == 1


def test_a_player_who_can_place_must_unless_the_table_allows_passing():
    state = table(2)
    turn(state, 0)
    assert "pass" not in texts(state, 0)
    assert play.pending(GAME, state)[0].default is None  # the placement goes to the table
    state = table(2, voluntary_pass=True)
    turn(state, 0)
    assert texts(state, 0)[-1] == "pass"
    state, events = act(state, 0, "pass")
    assert [e["type"] for e in events] == ["pass"] and state["boards"][0]["placed"] == []


def test_a_value_equal_to_the_space_is_enough():
    state = table(2, dice=(5, 1, 1))
    tower(state, "green", None, None, 5)
    res(state, 0, sv=0)
    assert "green-3" in [s.id for s in member_spaces(state, 0, "black")]


def test_excommunication_1_4_takes_one_wood_or_stone_the_player_choosing_stone_by_default():
    state = table(2)
    excommunicate(state, 0, "1.4")
    res(state, 0, w=0, s=0, sv=0)
    run(state, {"step": "harvest", "player": 0, "value": 1})  # the tile: 1W 1S 1Sv
    assert decision(state) == "reduce" and texts(state, 0) == ["reduce stone", "reduce wood"]
    assert play.pending(GAME, state)[0].default == {"do": "reduce", "res": "s"}
    state, _ = act(state, 0, "reduce wood")
    assert (res(state, 0)["w"], res(state, 0)["s"], res(state, 0)["sv"]) == (0, 1, 1)


def test_a_space_emptied_by_a_card_action_stays_closed_this_round():
    state = table(2)
    tower(state, "green", 1, 2)
    run(state, {"step": "grant_take", "player": 0, "tower": "green", "value": 4, "card": 56})
    state, _ = act(state, 0, "take green-1")
    assert "green-1" not in [s.id for s in member_spaces(state, 1, "black")]
    assert "green-2" in [s.id for s in member_spaces(state, 1, "black")]


def test_faith_is_scored_by_the_last_report_only_and_excommunicated_faith_scores_nothing():
    state = table(2)
    res(state, 0, fp=9, vp=0, w=0, s=0, sv=0, c=0)
    excommunicate(state, 0, "3.1")
    assert "faith" not in seat_parts(state, 0, 0) and sum(seat_parts(state, 0, 0).values()) == 0


def test_zero_military_points_still_rank_and_two_players_share_first_and_second():
    state = table(2)
    res(state, 0, mp=0)
    res(state, 1, mp=4)
    assert military_vp(state) == {0: 2, 1: 5}


def test_leader_packets_pass_to_the_previous_seat():
    state = new_game(3, seed=4, advanced=True)
    while state["decision"] is not None:  # the tile picks
        seat = state["decision"]["player"]
        state, _ = act(state, seat, texts(state, seat)[0])
    packets = [list(p) for p in state["setup"]["packets"]]
    for seat in play.waiting_players(GAME, state):
        state, _ = act(state, seat, texts(state, seat)[0])
    kept = [b["hand"][0] for b in state["boards"]]
    for seat in range(3):
        assert state["setup"]["packets"][seat] == [c for c in packets[(seat + 1) % 3] if c != kept[(seat + 1) % 3]]


def test_draft_picks_and_vatican_answers_stay_private_until_revealed():
    state = new_game(3, seed=4, advanced=True)
    while state["decision"] is not None:
        seat = state["decision"]["player"]
        state, _ = act(state, seat, texts(state, seat)[0])
    seat = play.waiting_players(GAME, state)[0]
    packet = list(state["setup"]["packets"][seat])
    assert all(d.shape.secret for d in play.pending(GAME, state))
    state, events = act(state, seat, texts(state, seat)[0])
    public = play.dumps(GAME.public_view(state))
    assert all(f'"{leader}"' not in public for leader in packet)
    assert GAME.event_text(state, events[0]).public == f"{state['players'][seat]} has picked a leader."
    assert GAME.view(state, seat)["my_answer"] is not None


def test_privileges_from_separate_effects_may_repeat():
    state = table(2)
    give(state, 0)
    state = turn(state, 0)
    state, _ = act(state, 0, "place black", "council", "privilege coins")
    state = turn(state, 0)
    state, _ = act(state, 0, "place white", "council")
    assert "privilege coins" in texts(state, 0)
