"""Scenario tests T23–T43: leader actions, the Vatican report, rounds, final scoring,
excommunication tiles and the advanced set-up."""

from __future__ import annotations

from lorenzo_helpers import (
    act,
    decision,
    excommunicate,
    gains,
    give,
    lead,
    new_game,
    res,
    run,
    table,
    texts,
)

from engine.core import play
from engine.lorenzo import GAME
from engine.lorenzo.rounds import report_steps
from engine.lorenzo.scoring import military_vp, outcome_of, seat_parts, total
from engine.lorenzo.spaces import member_spaces
from engine.lorenzo.values import member_value
from engine.lorenzo.vatican import threshold


def test_t23_two_leaders_discarded_in_one_turn_give_two_privileges_chosen_apart():
    state = table(2, advanced=True)
    lead(state, 0, "sforza", "ariosto", hand=True)
    held = dict(res(state, 0))
    run(state, {"step": "turn", "player": 0})
    assert {"discard sforza", "discard ariosto"} <= set(texts(state, 0))
    state, _ = act(state, 0, "discard sforza", "privilege coins", "discard ariosto", "privilege coins")
    assert res(state, 0)["c"] == held["c"] + 4 and state["boards"][0]["hand"] == []
    assert decision(state) == "turn"  # the placement is still to come


def test_t24_a_played_leader_stays_and_acts_once_per_round():
    state = table(2, advanced=True)
    lead(state, 0, "michelangelo", hand=True)
    res(state, 0, s=10, c=0)
    run(state, {"step": "turn", "player": 0})
    state, _ = act(state, 0, "play michelangelo")
    res(state, 0, s=0)  # losing the requirement later changes nothing
    state, events = act(state, 0, "activate michelangelo")
    assert res(state, 0)["c"] == 3 and gains(events, 0) == [{"c": 3}]
    assert "activate michelangelo" not in texts(state, 0)
    run(state, {"step": "round_end"})
    assert state["boards"][0]["leaders"][0]["up"] is True
    run(state, {"step": "turn", "player": 0})
    assert "activate michelangelo" in texts(state, 0)


def _report(state, round_no):
    state["round"], state["period"] = round_no, (round_no + 1) // 2
    return run(state, {"step": "vatican"})


def test_t25_vatican_report_excommunicates_the_faithless_and_asks_the_others_in_secret():
    state = table(3)
    for seat, faith in enumerate((2, 3, 9)):
        res(state, seat, fp=faith)
    events = _report(state, 2)
    assert state["boards"][0]["excomm"] == [1] and res(state, 0)["fp"] == 2
    assert play.waiting_players(GAME, state) == [1, 2]
    assert all(d.shape.secret for d in play.pending(GAME, state))
    state, first = act(state, 1, "support the church")
    assert GAME.event_text(state, first[0]).public == "P2 has answered the Vatican report."
    assert GAME.public_view(state)["window"]["answered"] == [1]
    assert "my_answer" not in GAME.public_view(state)
    state, events = act(state, 2, "support the church")
    assert (res(state, 1)["vp"], res(state, 1)["fp"]) == (3, 0)
    assert (res(state, 2)["vp"], res(state, 2)["fp"]) == (13, 0)
    assert any(e.get("reveals") for e in events)


def test_t25_refusing_keeps_the_faith_points_and_takes_the_tile():
    state = table(2)
    res(state, 0, fp=3)
    res(state, 1, fp=0)
    _report(state, 2)
    state, _ = act(state, 0, "accept excommunication")
    assert state["boards"][0]["excomm"] == [1] and res(state, 0)["fp"] == 3 and res(state, 0)["vp"] == 0


def test_t26_thresholds_of_periods_2_and_3():
    state = table(2)
    for round_no, need in ((2, 3), (4, 4), (6, 5)):
        state["round"], state["period"] = round_no, round_no // 2
        assert threshold(state) == need


def test_t27_no_report_after_odd_rounds():
    state = table(2)
    for round_no in (1, 3, 5):
        state["round"] = round_no
        assert report_steps(state) == []
    state["round"] = 4
    assert report_steps(state) == [{"step": "vatican"}]


def test_t28_cards_left_on_the_board_are_discarded_and_16_new_period_1_cards_come():
    state = new_game(2)
    old = [c for cards in state["towers"].values() for c in cards]
    run(state, {"step": "round_end"})
    new = [c for cards in state["towers"].values() for c in cards]
    cards = GAME.packs.shipped().cards
    assert state["round"] == 2 and len(new) == 16 and not set(old) & set(new)
    assert {cards[c].period for c in new} == {1} and sorted(state["discarded"]) == sorted(old)


def test_the_round_end_discards_tower_by_tower_in_id_order_whatever_the_dict_order():
    """A state kept in memory holds the towers in the board's order (green, blue, yellow, purple), a
    stored one reloaded from canonical JSON in sorted order: both play on alike."""
    state = new_game(2)
    assert list(state["towers"]) == ["green", "blue", "yellow", "purple"]
    on_board = {t: list(c) for t, c in state["towers"].items()}
    reloaded = play.loads(play.dumps(state))
    run(state, {"step": "round_end"})
    run(reloaded, {"step": "round_end"})
    assert state["discarded"] == [c for t in sorted(on_board) for c in on_board[t]]
    assert play.dumps(state) == play.dumps(reloaded)


def test_t29_t30_territory_and_character_scores():
    state = table(2)
    for n, vp in ((2, 0), (3, 1), (4, 4), (5, 10), (6, 20)):
        state["boards"][0]["cards"]["territory"] = list(range(1, n + 1))
        assert seat_parts(state, 0, 0)["territories"] == vp
    for n, vp in enumerate((1, 3, 6, 10, 15, 21), start=1):
        state["boards"][0]["cards"]["character"] = list(range(49, 49 + n))
        assert seat_parts(state, 0, 0)["characters"] == vp


def test_t31_t32_military_ranking():
    state = table(4)
    for mp, want in (((10, 10, 7, 3), [5, 5, 0, 0]), ((12, 7, 7, 3), [5, 2, 2, 0])):
        for seat, points in enumerate(mp):
            res(state, seat, mp=points)
        assert [military_vp(state)[s] for s in range(4)] == want


def test_t33_one_vp_per_five_resources():
    state = table(2)
    res(state, 0, w=3, s=2, sv=4, c=7)
    assert seat_parts(state, 0, 0)["resources"] == 3


def test_t34_a_tie_goes_to_the_player_earlier_in_the_final_turn_order():
    state = table(3)
    for seat in range(3):
        res(state, seat, w=0, s=0, sv=0, c=0, vp=10 if seat != 1 else 3)
    state["order"] = [2, 0, 1]
    run(state, {"step": "final"})
    outcome = outcome_of(state)
    assert outcome.winners == (2,) and [r.seat for r in outcome.results] == [2, 0, 1]
    assert outcome.seat(0).total == outcome.seat(2).total == 15  # 10 VP + 5 for the shared first military place


def test_t35_excommunication_1_7_takes_1_off_coloured_members():
    state = table(2, dice=(5, 2, 4))
    excommunicate(state, 0, "1.7")
    assert member_value(state, 0, "black") == 4 and member_value(state, 0, "neutral") == 0


def _parts_with(tile, **held):
    state = table(2)
    excommunicate(state, 0, tile)
    res(state, 0, **held)
    return state, seat_parts(state, 0, 0)


def test_t36_to_t39_period_3_excommunications_at_final_scoring():
    _, parts = _parts_with("3.4", vp=26, w=0, s=0, sv=0, c=0)
    assert parts["vp lost (3.4)"] == 5 and total(parts) == 21
    _, parts = _parts_with("3.5", mp=12, w=0, s=0, sv=0, c=0)
    assert parts["mp lost (3.5)"] == 12
    state = table(2)
    excommunicate(state, 0, "3.6")
    give(state, 0, 25, 26, 33, 39)  # printed costs 1W3S, 3W1S, 2W1S, 1W1S: 7W 6S
    assert seat_parts(state, 0, 0)["buildings lost (3.6)"] == 13
    _, parts = _parts_with("3.7", w=3, s=1, c=4, sv=2)
    assert parts["resources lost (3.7)"] == 10 and parts["resources"] == 2


def test_t40_excommunication_1_5_with_the_large_space_needs_servants():
    state = table(3, dice=(6, 1, 1))
    excommunicate(state, 0, "1.5")
    res(state, 0, sv=0)
    assert "harvest-large" not in [s.id for s in member_spaces(state, 0, "black")]
    res(state, 0, sv=1)
    assert "harvest-large" in [s.id for s in member_spaces(state, 0, "black")]


def test_t41_excommunication_1_1_counts_each_card_as_a_source():
    state = table(2, dice=(5, 5, 5))
    excommunicate(state, 0, "1.1")
    give(state, 0, 7, 24)  # Citadel (1S 2MP), Fortified Town (2Sv 1MP)
    res(state, 0, sv=0, mp=0)
    events = run(state, {"step": "harvest", "player": 0, "value": 5})
    assert res(state, 0)["mp"] == 1
    assert [e["lost"] for e in events if e["type"] == "gain" and e.get("card")] == [{"mp": 1}, {"mp": 1}]


def test_t42_bonus_tiles_are_picked_in_reverse_turn_order():
    state = new_game(4, seed=5, advanced=True)
    pickers = []
    while state["phase"] == "setup" and state["decision"] and state["decision"]["kind"] == "tile":
        seat = state["decision"]["player"]
        pickers.append(seat)
        state, _ = act(state, seat, texts(state, seat)[0])
    assert pickers == list(reversed(state["order"]))[:3]  # the last player's tile is forced
    assert sorted(b["tile"] for b in state["boards"]) == ["a1", "a2", "a3", "a4"]


def test_t43_three_player_leader_draft_ends_with_four_each_and_eight_unused():
    state = new_game(3, seed=2, advanced=True)
    while state["phase"] == "setup":
        seat = play.waiting_players(GAME, state)[0]
        state, _ = act(state, seat, texts(state, seat)[0])
    hands = [b["hand"] for b in state["boards"]]
    assert [len(h) for h in hands] == [4, 4, 4] and len(state["setup"]["out"]) == 8
    assert len({i for h in hands for i in h} | set(state["setup"]["out"])) == 20
