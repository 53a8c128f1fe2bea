"""Captain: the role, Harbor, Wharf and warehouses, and the points engines commonly get wrong."""

from __future__ import annotations

from pr_helpers import (
    act,
    asked,
    cargo_of,
    check_invariants,
    goods_of,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_cargo,
    set_vp_supply,
    start_role,
    texts,
    vps,
)


def test_loading_is_mandatory_even_when_the_player_would_rather_keep():
    s = make_game(4)
    set_cargo(s, ("corn", 1), ("indigo", 2), ("sugar", 1))
    set_board(s, 2, goods={"corn": 3, "coffee": 2})
    s, events = start_role(s, 1, "captain")
    # the only legal move is to load the corn: done for the player, no pass offered
    load = of_kind(events, "ship")[0]
    assert (load["player"], load["good"], load["ship"], load["amount"], load["forced"]) == (2, "corn", 5, 3, True)
    assert goods_of(s, 2) == {"coffee": 1}  # and then only 1 barrel may be kept


def test_free_choice_when_several_empty_ships_take_everything():
    s = make_game(4)
    set_board(s, 0, goods={"coffee": 3, "corn": 1})
    s, _ = start_role(s, 0, "captain")
    assert texts(s, 0) == [
        "ship corn 5",
        "ship corn 6",
        "ship corn 7",
        "ship coffee 5",
        "ship coffee 6",
        "ship coffee 7",
    ]
    assert "pass" not in texts(s, 0)
    assert illegal(s, 0, "pass").code == "unknown"
    s, events = act(s, 0, "ship coffee 6")
    assert cargo_of(s) == [(5, None, 0), (6, "coffee", 3), (7, None, 0)]
    assert of_kind(events, "ship")[0]["vp"] == 3 + 1


def test_new_kind_must_use_the_empty_ship_that_takes_the_most():
    """Seed: 6 sugar must go on the 7-ship, not the 5-ship ..."""
    s = make_game(4)
    set_cargo(s, (None, 0), ("corn", 3), (None, 0))
    set_board(s, 0, goods={"sugar": 6})
    s2 = make_game(4)
    set_cargo(s2, (None, 0), ("corn", 3), ("coffee", 1))
    set_board(s2, 0, goods={"sugar": 6})
    s, events = start_role(s, 0, "captain")
    # one option only → loaded automatically
    ship = of_kind(events, "ship")[0]
    assert (ship["good"], ship["ship"], ship["amount"], ship.get("forced")) == ("sugar", 7, 6, True)
    # "... unless the 7-ship already holds another kind": then the 5-ship, 5 barrels
    s2, events = start_role(s2, 0, "captain")
    ship = of_kind(events, "ship")[0]
    assert (ship["good"], ship["ship"], ship["amount"]) == ("sugar", 5, 5)
    assert goods_of(s2, 0) == {"sugar": 1}


def test_largest_ship_rule_with_8_barrels():
    s = make_game(5)  # ships 6, 7, 8
    set_board(s, 0, goods={"indigo": 9, "corn": 2})
    s, _ = start_role(s, 0, "captain")
    assert texts(s, 0) == ["ship corn 6", "ship corn 7", "ship corn 8", "ship indigo 8"]


def test_kind_already_aboard_only_goes_to_its_own_ship():
    s = make_game(4)
    set_cargo(s, ("corn", 1), (None, 0), (None, 0))
    set_board(s, 1, goods={"corn": 6})
    s, events = start_role(s, 1, "captain")
    # corn is on the 5-ship: only there, 4 fit, though the 6- and 7-ships are empty
    ship = of_kind(events, "ship")[0]
    assert (ship["ship"], ship["amount"], ship["vp"]) == (5, 4, 4 + 1)
    assert goods_of(s, 1) == {"corn": 1}


def test_kind_whose_ship_is_full_cannot_be_loaded_at_all():
    s = make_game(4)
    set_cargo(s, ("corn", 5), (None, 0), (None, 0))
    set_board(s, 1, goods={"corn": 3, "sugar": 1})
    s, events = start_role(s, 1, "captain")
    # corn's ship is full: only the sugar, onto the 6 or the 7 (a real choice)
    assert asked(s) == [("ship", 1)]
    assert texts(s, 1) == ["ship sugar 6", "ship sugar 7"]
    s, events = act(s, 1, "ship sugar 7")
    # nothing else can load; storage keeps 1 corn automatically
    assert goods_of(s, 1) == {"corn": 1}
    assert asked(s) == [("role", 2)]


def test_player_chooses_the_kind_and_need_not_maximise():
    s = make_game(4)
    set_board(s, 2, goods={"corn": 1, "tobacco": 5})
    s, _ = start_role(s, 2, "captain")
    assert "ship corn 5" in texts(s, 2)
    s, events = act(s, 2, "ship corn 7")
    assert of_kind(events, "ship")[0]["amount"] == 1
    # the tobacco waits for a later turn
    assert goods_of(s, 2) == {"tobacco": 5}
    assert texts(s, 2) == ["ship tobacco 5", "ship tobacco 6"]


def test_one_kind_per_turn_as_many_as_fit_and_laps_repeat():
    s = make_game(4)
    set_board(s, 0, goods={"corn": 2, "sugar": 2})
    set_board(s, 1, goods={"indigo": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship corn 5")
    assert goods_of(s, 0) == {"sugar": 2}
    # seat 1: indigo on the 6 or the 7
    assert asked(s) == [("ship", 1)]
    s, events = act(s, 1, "ship indigo 6")
    # seat 0 again (second lap): sugar onto the 7-ship, forced
    ship = of_kind(events, "ship")
    assert [(e["player"], e["good"], e["ship"], e["amount"]) for e in ship] == [(1, "indigo", 6, 1), (0, "sugar", 7, 2)]
    assert vps(s)[:2] == [2 + 1 + 2, 1]  # Captain +1 on the first load only


def test_captain_bonus_only_on_the_first_load_and_only_for_the_chooser():
    s = make_game(4)
    set_board(s, 1, goods={"corn": 1, "coffee": 1})
    set_board(s, 2, goods={"sugar": 1})
    s, _ = start_role(s, 1, "captain")
    s, ev1 = act(s, 1, "ship corn 5")
    s, ev2 = act(s, 2, "ship sugar 6")
    loads = of_kind(ev1 + ev2, "ship")
    assert [(e["player"], e["vp"], e["bonus"]) for e in loads] == [(1, 2, 1), (2, 1, 0), (1, 1, 0)]
    assert vps(s) == [0, 3, 1, 0]


def test_chooser_who_cannot_load_gets_no_bonus():
    s = make_game(4)
    set_board(s, 2, goods={"sugar": 2})
    s, events = start_role(s, 1, "captain")
    assert asked(s) == [("ship", 2)]
    s, events = act(s, 2, "ship sugar 7")
    ship = of_kind(events, "ship")[0]
    assert ship["player"] == 2 and ship["vp"] == 2 and ship["bonus"] == 0
    assert vps(s) == [0, 0, 2, 0]


def test_unmanned_harbor_gives_nothing():
    s = make_game(4)
    set_board(s, 0, goods={"sugar": 2}, city={"harbor": 0})
    s, _ = start_role(s, 3, "captain")
    s, _ = act(s, 0, "ship sugar 5")
    assert vps(s)[0] == 2


def test_harbor_and_captain_bonus_stack():
    s = make_game(4)
    set_board(s, 0, goods={"sugar": 2}, city={"harbor": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship sugar 5")
    assert vps(s)[0] == 2 + 1 + 1


def test_wharf_is_offered_instead_of_a_cargo_ship_and_ships_all_of_one_kind():
    s = make_game(4)
    set_cargo(s, ("corn", 1), (None, 0), (None, 0))
    set_board(s, 0, goods={"corn": 8, "indigo": 2}, city={"wharf": 1})
    supply = list(s["supply"]["goods"])
    s, _ = start_role(s, 0, "captain")
    assert texts(s, 0) == ["ship corn 5", "ship indigo 6", "ship indigo 7", "ship corn wharf", "ship indigo wharf"]
    # corn is already aboard the 5-ship: the Wharf takes it anyway, all 8
    s, events = act(s, 0, "ship corn wharf")
    load = of_kind(events, "ship")[0]
    assert (load["good"], load["ship"], load["amount"], load["vp"]) == ("corn", "wharf", 8, 9)
    assert goods_of(s, 0) == {"indigo": 2}
    assert asked(s) == [("ship", 0)]  # next lap: the indigo, and no second Wharf
    assert texts(s, 0) == ["ship indigo 6", "ship indigo 7"]
    assert s["supply"]["goods"][0] == supply[0] + 8  # straight back to the supply
    assert cargo_of(s)[0] == (5, "corn", 1)  # the cargo ship is untouched
    check_invariants(s)


def test_wharf_once_per_phase():
    s = make_game(4)
    set_board(s, 0, goods={"corn": 2, "indigo": 2, "sugar": 1}, city={"wharf": 1})
    set_board(s, 1, goods={"coffee": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship indigo wharf")  # not the largest pile: fine
    assert goods_of(s, 0) == {"corn": 2, "sugar": 1}
    s, _ = act(s, 1, "ship coffee 5")
    assert asked(s) == [("ship", 0)]
    assert not any(t.endswith("wharf") for t in texts(s, 0))


def test_player_with_an_unused_wharf_keeps_getting_turns_and_may_pass():
    s = make_game(4)
    set_cargo(s, ("tobacco", 5), ("sugar", 6), ("indigo", 7))
    set_board(s, 2, goods={"corn": 3, "sugar": 1}, city={"wharf": 1})
    s, _ = start_role(s, 0, "captain")
    # every ship is full or holds another kind, but the Wharf is still open
    assert asked(s) == [("ship", 2)]
    assert texts(s, 2) == ["ship corn wharf", "ship sugar wharf", "pass"]
    s, events = act(s, 2, "pass")
    assert of_kind(events, "pass")[0]["player"] == 2
    # storage: 1 barrel of corn or sugar
    assert asked(s) == [("keep", 2)]


def test_wharf_counts_as_the_captains_first_load_and_for_the_harbor():
    s = make_game(4)
    set_board(s, 1, goods={"coffee": 3}, city={"wharf": 1, "harbor": 1})
    s, _ = start_role(s, 1, "captain")
    s, events = act(s, 1, "ship coffee wharf")
    load = of_kind(events, "ship")[0]
    assert (load["vp"], load["bonus"], load["harbor"]) == (3 + 1 + 1, 1, 1)


def test_wharf_with_a_kind_on_another_players_wharf_and_after_cargo():
    s = make_game(4)
    for seat in (0, 1):
        set_board(s, seat, goods={"sugar": 3, "corn": 1}, city={"wharf": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship sugar wharf")
    assert "ship sugar wharf" in texts(s, 1)
    s, _ = act(s, 1, "ship sugar wharf")
    assert vps(s)[:2] == [4, 3]


def test_captain_phase_with_no_goods_is_skipped():
    s = make_game(4)
    s, events = start_role(s, 0, "captain")
    assert asked(s) == [("role", 1)]
    assert not of_kind(events, "ship")


def test_vp_chips_count_after_the_supply_runs_out_and_end_the_game_at_round_end():
    s = make_game(4)
    set_vp_supply(s, 3)
    set_board(s, 0, goods={"coffee": 5})
    s, events = start_role(s, 0, "captain", choice=1)
    s, more = act(s, 0, "ship coffee 5")
    events += more
    assert vps(s)[0] == 6  # all 6 count
    assert s["supply"]["vp"] == -3
    assert {"kind": "end_triggered", "reason": "vp"} in events
    assert s["end"] == ["vp"] and not s["over"]
    check_invariants(s)


def test_wharf_turn_comes_back_after_cargo_loads_are_exhausted():
    s = make_game(4)
    set_cargo(s, (None, 0), ("sugar", 6), ("indigo", 7))  # only the 5-ship is open
    set_board(s, 1, goods={"corn": 2, "coffee": 3}, city={"wharf": 1})
    set_board(s, 2, goods={"tobacco": 5})
    s, _ = start_role(s, 1, "captain")
    assert texts(s, 1) == ["ship corn 5", "ship coffee 5", "ship corn wharf", "ship coffee wharf"]
    s, events = act(s, 1, "ship corn 5")
    # seat 2's tobacco has nowhere to go (the 5-ship holds corn); seat 1 comes round again:
    # coffee has no cargo ship left, but the Wharf is unused
    assert asked(s) == [("ship", 1)]
    assert texts(s, 1) == ["ship coffee wharf", "pass"]
    s, events = act(s, 1, "ship coffee wharf")
    assert vps(s)[1] == 2 + 1 + 3  # Captain +1 on the first load only
    assert goods_of(s, 1) == {}
    assert goods_of(s, 2) == {"tobacco": 1}


def test_two_player_game_has_only_the_4_and_6_ships():
    s = make_game(2)
    set_board(s, 0, goods={"corn": 5, "sugar": 3})
    s, _ = start_role(s, 0, "captain")
    # 5 corn: the 6-ship takes them all, the 4-ship only 4 → the 6-ship; 3 sugar: either
    assert texts(s, 0) == ["ship corn 6", "ship sugar 4", "ship sugar 6"]
    s, _ = act(s, 0, "ship sugar 6")
    # corn now only fits the 4-ship: 4 of the 5 go (forced); the full 4-ship then sails,
    # the 6-ship keeps its sugar
    assert vps(s)[0] == 3 + 1 + 4
    assert cargo_of(s) == [(4, None, 0), (6, "sugar", 3)]
    assert goods_of(s, 0) == {"corn": 1}
