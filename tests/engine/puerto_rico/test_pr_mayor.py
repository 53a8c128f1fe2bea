"""Mayor: the role and the wiki page's distribution example."""

from __future__ import annotations

import pytest
from pr_helpers import (
    G,
    act,
    asked,
    check_city,
    check_invariants,
    circles_of,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_colonist_supply,
    start_role,
    texts,
)

from engine.core import play


def _colonists(board):
    return sum(o for _, o in board["island"].values()) + sum(board["city"].values()) + board["san_juan"]


def test_privilege_is_offered_to_the_chooser_and_comes_from_the_supply():
    s = make_game(4)
    s, _ = start_role(s, 1, "mayor")
    assert asked(s) == [("mayor_privilege", 1)]
    assert texts(s, 1) == ["take colonist", "pass"]
    supply, ship = s["supply"]["colonists"], s["supply"]["ship"]
    s, events = act(s, 1, "take colonist")
    assert of_kind(events, "mayor_privilege") == [{"kind": "mayor_privilege", "player": 1}]
    # privilege from the supply; the ship's 4 go out one each
    assert of_kind(events, "colonists")[0]["shares"] == [1, 1, 1, 1]
    assert _colonists(s["boards"][1]) == 2
    assert [_colonists(b) for b in s["boards"]] == [1, 2, 1, 1]
    # ship refilled to the minimum of 4 from the supply, which also paid the privilege
    assert s["supply"]["colonists"] == supply - 1 - 4
    assert ship == 4 and s["supply"]["ship"] == 4
    check_invariants(s)


def test_privilege_is_optional():
    s = make_game(4)
    supply = s["supply"]["colonists"]
    s, _ = start_role(s, 1, "mayor")
    s, events = act(s, 1, "pass")
    assert [_colonists(b) for b in s["boards"]] == [1, 1, 1, 1]
    assert s["supply"]["colonists"] == supply - 4
    assert not of_kind(events, "mayor_privilege")


def test_privilege_impossible_when_the_supply_is_empty_so_nobody_is_asked():
    s = make_game(4)
    set_colonist_supply(s, supply=0)
    s, events = start_role(s, 1, "mayor")
    assert ("mayor_privilege", 1) not in asked(s)
    assert of_kind(events, "colonists")[0]["shares"] == [1, 1, 1, 1]
    assert [_colonists(b) for b in s["boards"]] == [1, 1, 1, 1]


@pytest.mark.parametrize(
    "ship,expected", [(5, [1, 1, 1, 1, 1]), (7, [2, 2, 1, 1, 1]), (3, [1, 1, 1, 0, 0]), (11, [3, 2, 2, 2, 2])]
)
def test_distribution_other_counts(ship, expected):
    s = make_game(5)
    set_colonist_supply(s, ship=ship)
    s, events = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    assert of_kind(events, "colonists")[0]["shares"] == expected


def test_forced_layouts_are_auto_resolved_and_fill_every_circle():
    s = make_game(4)
    set_board(s, 0, island={"corn": (1, 0), "indigo": (1, 0)}, city={"small-indigo-plant": 0}, san_juan=3)
    set_colonist_supply(s, ship=4)
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    # 4 colonists, 3 circles: everything is filled, 1 waits in San Juan; nobody is asked
    board = s["boards"][0]
    assert board["island"] == {"corn": [1, 1], "indigo": [1, 1]}
    assert board["city"] == {"small-indigo-plant": 1}
    assert board["san_juan"] == 1
    assert asked(s) == [("role", 1)]
    check_invariants(s)


def test_single_place_to_stand_is_not_asked():
    s = make_game(4)
    set_board(s, 3, island={"corn": (3, 0)})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert s["boards"][3]["island"]["corn"] == [3, 1]
    assert asked(s) == [("role", 1)]


def _two_boards():
    """4p game: seat 0 and seat 2 have real choices, seats 1 and 3 are forced."""
    s = make_game(4)
    set_board(s, 0, island={"corn": (2, 1), "indigo": (1, 0)}, city={"small-market": 0, "indigo-plant": 0})
    set_board(s, 2, island={"corn": (1, 0), "sugar": (1, 0)}, city={"small-sugar-mill": 0})
    return s


def test_layout_is_parallel_and_boards_change_only_when_all_are_in():
    s = _two_boards()
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert sorted(asked(s)) == [("mayor_layout", 0), ("mayor_layout", 2)]
    assert texts(s, 1) == [] and texts(s, 3) == []
    assert illegal(s, 1, "pass").code == "not_your_turn"
    # seat 0 has 2 colonists (1 on corn + 1 new) for 6 circles
    s, events = act(s, 0, "layout indigo 1 indigo-plant 1")
    assert of_kind(events, "layout_done") == [{"kind": "layout_done", "player": 0}]
    assert s["boards"][0]["island"]["corn"] == [2, 1]  # unchanged until everyone is done
    assert asked(s) == [("mayor_layout", 2)]
    assert illegal(s, 0, "layout corn 2").code == "not_your_turn"
    s, events = act(s, 2, "layout sugar 1")
    assert of_kind(events, "layouts")
    b0, b2 = s["boards"][0], s["boards"][2]
    # seat 0 moved its old corn colonist off the corn: rearranging is allowed
    assert b0["island"] == {"corn": [2, 0], "indigo": [1, 1]}
    assert b0["city"] == {"small-market": 0, "indigo-plant": 1}
    assert b2["island"] == {"corn": [1, 0], "sugar": [1, 1]}
    assert asked(s) == [("role", 1)]
    check_invariants(s)
    check_city(s)


def test_layout_must_place_as_many_as_possible():
    s = _two_boards()
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    # seat 0 has 2 colonists and 6 circles: placing 1 leaves one idle, which is illegal [S]
    assert illegal(s, 0, "layout corn 1").code == "illegal_action"
    assert illegal(s, 0, "layout none").code == "illegal_action"
    # overfilling: small market has 1 circle
    assert illegal(s, 0, "layout small-market 2").code == "illegal_action"
    # more than the player has
    assert illegal(s, 0, "layout corn 2 indigo 1").code == "illegal_action"
    # a place the player does not have
    assert illegal(s, 0, "layout coffee 2").code in ("illegal_action", "unknown")
    s, _ = act(s, 0, "layout corn 2")
    assert asked(s) == [("mayor_layout", 2)]


def test_place_step_path():
    s = _two_boards()
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert "place small-market" in texts(s, 0) and "place corn" in texts(s, 0)
    s, events = act(s, 0, "place small-market")
    assert G.view(s, 0)["my_draft"] == {"small-market": 1}
    assert G.view(s, 2)["my_draft"] == {}
    assert sorted(asked(s)) == [("mayor_layout", 0), ("mayor_layout", 2)]
    assert s["boards"][0]["city"]["small-market"] == 0  # only a draft so far
    assert "place small-market" not in texts(s, 0)  # its one circle is taken in the draft
    s, events = act(s, 0, "place indigo")  # 2nd and last colonist: done
    assert of_kind(events, "layout_done")
    assert asked(s) == [("mayor_layout", 2)]
    s, _ = act(s, 2, "place sugar")
    b0 = s["boards"][0]
    assert b0["city"]["small-market"] == 1
    assert b0["island"] == {"corn": [2, 0], "indigo": [1, 1]}
    assert b0["san_juan"] == 0
    check_invariants(s)


def test_layout_replaces_a_draft():
    s = _two_boards()
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    s, _ = act(s, 0, "place small-market")
    s, _ = act(s, 0, "layout corn 2")
    s, _ = act(s, 2, "layout corn 1")
    assert s["boards"][0]["city"]["small-market"] == 0
    assert s["boards"][0]["island"]["corn"] == [2, 2]


def test_default_layout_is_a_legal_complete_layout():
    s = _two_boards()
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    for seat in (0, 2):
        d = next(d for d in play.pending(G, s) if d.player == seat)
        assert d.default is not None and d.default["verb"] == "layout"
        play.check(G, s, seat, d.default)  # raises if not legal
        assert sum(d.default["layout"].values()) == _colonists(s["boards"][seat])


def test_colonists_beyond_the_circles_wait_in_san_juan_and_are_placed_later():
    s = make_game(4)
    set_board(s, 1, island={"corn": (1, 1)}, san_juan=2)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert s["boards"][1]["san_juan"] == 3
    set_board(s, 1, city={"sugar-mill": 0})  # later the player builds a 3-circle building
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    # 1 + 3 + 1 new = 5 colonists for 4 circles: forced, San Juan's colonists move in
    assert s["boards"][1]["city"] == {"sugar-mill": 3}
    assert s["boards"][1]["san_juan"] == 1


def test_refill_counts_empty_building_circles_only_with_the_player_minimum():
    s = make_game(4)
    # plenty of empty plantation circles, which do not count
    set_board(s, 0, island={"corn": (5, 0), "quarry": (3, 0)})
    set_colonist_supply(s, ship=4)
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    assert asked(s) == [("mayor_layout", 0)]  # 1 colonist, corn or quarry
    s, events = act(s, 0, "layout quarry 1")
    refill = of_kind(events, "ship_refill")[0]
    assert refill == {"kind": "ship_refill", "colonists": 4, "needed": 4}
    assert s["supply"]["ship"] == 4


def _finish_layouts(s, events=None):
    """Answer every open Mayor layout with its proposed default."""
    events = list(events or [])
    while asked(s) and asked(s)[0][0] == "mayor_layout":
        d = play.pending(G, s)[0]
        s, more = play.apply(G, s, d.player, d.default)
        events += more
    return s, events


def _empty_building_circles(s):
    return sum(circles_of(b) - n for board in s["boards"] for b, n in board["city"].items())


def test_refill_is_the_sum_of_empty_building_circles_over_all_players():
    s = make_game(4)
    # seat 0: indigo tile + 3 + 2 circles; seat 1: storage with 1 of 3; seat 2: hospice
    set_board(s, 0, city={"sugar-mill": 0, "coffee-roaster": 0})
    set_board(s, 1, island={"indigo": (1, 1)}, city={"tobacco-storage": 1})
    set_board(s, 2, city={"hospice": 0})
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")  # 4 colonists, one each
    s, events = _finish_layouts(s, events)
    assert asked(s) == [("role", 1)]
    empty = _empty_building_circles(s)
    # 1 colonist each went somewhere: at least 3 + 2 + 2 + 1 - 3 = 5 circles stay empty
    assert empty >= 5
    assert of_kind(events, "ship_refill")[0] == {"kind": "ship_refill", "colonists": empty, "needed": empty}
    assert s["supply"]["ship"] == empty


def test_shortfall_loads_what_is_left_and_triggers_the_end_at_round_end():
    s = make_game(4)
    set_colonist_supply(s, supply=5, ship=4)
    set_board(s, 0, city={"coffee-roaster": 0, "sugar-mill": 0, "tobacco-storage": 0})
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "take colonist")  # supply 5 → 4
    # seat 0 has 2 colonists (privilege + share) for 1 + 8 circles: asked
    s, events = act(s, 0, "layout coffee-roaster 2")
    refill = of_kind(events, "ship_refill")[0]
    # empty circles: 3 + 3 left on seat 0's buildings; only 4 colonists remain
    assert refill == {"kind": "ship_refill", "colonists": 4, "needed": 6}
    assert s["supply"]["colonists"] == 0 and s["supply"]["ship"] == 4
    assert {"kind": "end_triggered", "reason": "colonists"} in events
    assert s["end"] == ["colonists"]
    assert not s["over"]
    assert asked(s) == [("role", 1)]  # the round goes on
    check_invariants(s)


def test_exact_refill_does_not_trigger_the_end():
    s = make_game(4)
    set_colonist_supply(s, supply=4, ship=4)
    s, _ = start_role(s, 0, "mayor")
    s, events = act(s, 0, "pass")
    assert s["supply"]["colonists"] == 0 and s["supply"]["ship"] == 4
    assert s["end"] == []
    # next Mayor: no privilege possible (supply empty) and the refill fails
    s, _ = start_role(s, 1, "mayor")
    assert asked(s) != [("mayor_privilege", 1)]
    assert s["end"] == ["colonists"]
