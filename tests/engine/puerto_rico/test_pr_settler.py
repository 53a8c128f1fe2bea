"""Settler: the role, Hacienda, Construction Hut and Hospice."""

from __future__ import annotations

from pr_helpers import (
    act,
    asked,
    check_invariants,
    illegal,
    kinds,
    make_game,
    of_kind,
    set_board,
    set_colonist_supply,
    start_role,
    texts,
)


def _game(faceup, deck=None, discard=None, n=4):
    s = make_game(n)
    s["plantations"]["faceup"] = list(faceup)
    if deck is not None:
        s["plantations"]["deck"] = list(deck)
    if discard is not None:
        s["plantations"]["discard"] = list(discard)
    return s


def test_only_the_chooser_may_take_a_quarry():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    s, _ = start_role(s, 1, "settler")
    assert asked(s) == [("settle", 1)]
    assert texts(s, 1) == [
        "take corn",
        "take indigo",
        "take sugar",
        "take tobacco",
        "take coffee",
        "take quarry",
        "pass",
    ]
    s, _ = act(s, 1, "take corn")
    assert asked(s) == [("settle", 2)]
    assert "take quarry" not in texts(s, 2)
    assert illegal(s, 2, "take quarry").code == "unknown"
    s, _ = act(s, 2, "pass")
    s, _ = act(s, 3, "pass")
    assert "take quarry" not in texts(s, 0)


def test_chooser_takes_quarry_instead_of_a_plantation():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "take quarry")
    assert s["supply"]["quarries"] == 7
    assert s["boards"][0]["island"]["quarry"] == [1, 0]
    assert of_kind(events, "settle") == [{"kind": "settle", "player": 0, "tile": "quarry", "hospice": False}]
    # the face-up row is untouched by a quarry pick
    assert s["plantations"]["faceup"] == ["corn", "indigo", "sugar", "tobacco", "coffee"]
    assert asked(s) == [("settle", 1)]


def test_construction_hut_lets_others_take_a_quarry_only_when_occupied():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 2, city={"construction-hut": 1})
    set_board(s, 3, city={"construction-hut": 0})
    s, _ = start_role(s, 1, "settler")
    s, _ = act(s, 1, "take corn")
    assert "take quarry" in texts(s, 2)
    s, _ = act(s, 2, "take quarry")
    assert s["boards"][2]["island"]["quarry"] == [1, 0]
    assert "take quarry" not in texts(s, 3)  # hut without a colonist does nothing


def test_no_quarry_when_none_remain():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    s["supply"]["quarries"] = 0
    s, _ = start_role(s, 0, "settler")
    assert "take quarry" not in texts(s, 0)


def test_two_player_game_has_five_quarries_then_none():
    s = make_game(2)
    assert s["supply"]["quarries"] == 5
    for _ in range(5):
        s, _ = start_role(s, 0, "settler")
        s, _ = act(s, 0, "take quarry")
        s, _ = act(s, 1, "pass")
    assert s["boards"][0]["island"]["quarry"] == [5, 0]
    s, _ = start_role(s, 0, "settler")
    assert "take quarry" not in texts(s, 0)


def test_taken_tiles_leave_the_row_which_refills_only_at_phase_end():
    s = _game(
        ["tobacco", "tobacco", "corn", "sugar", "coffee"],
        deck=["indigo"] * 3 + ["sugar", "corn", "coffee", "tobacco", "indigo"],
    )
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take tobacco")
    assert s["plantations"]["faceup"] == ["tobacco", "corn", "sugar", "coffee"]
    assert s["boards"][0]["island"] == {"indigo": [1, 0], "tobacco": [1, 0]}
    assert texts(s, 1) == ["take corn", "take sugar", "take tobacco", "take coffee", "pass"]
    s, _ = act(s, 1, "take tobacco")
    assert "take tobacco" not in texts(s, 2)
    s, _ = act(s, 2, "take coffee")
    assert s["plantations"]["faceup"] == ["corn", "sugar"]  # not refilled yet
    s, events = act(s, 3, "pass")
    # phase over: the 2 untaken tiles are discarded, players + 1 = 5 new ones drawn
    tiles = s["plantations"]
    assert sorted(tiles["discard"]) == ["corn", "sugar"]
    assert len(tiles["faceup"]) == 5
    # all five come from the stack (the discards are only used once it runs out)
    assert sorted(tiles["faceup"] + tiles["deck"]) == sorted(["indigo"] * 4 + ["sugar", "corn", "coffee", "tobacco"])
    assert len(tiles["deck"]) == 3
    assert of_kind(events, "faceup")[0]["tiles"] == tiles["faceup"]
    assert asked(s) == [("role", 1)]
    check_invariants(s)


def test_row_refill_reshuffles_discards_when_the_stack_runs_out():
    s = _game(
        ["corn", "corn", "corn", "corn", "corn"],
        deck=["sugar", "sugar"],
        discard=["coffee", "coffee", "coffee", "coffee"],
    )
    s, _ = start_role(s, 0, "settler")
    for seat in range(4):
        s, events = act(s, seat, "pass")
    tiles = s["plantations"]
    assert "reshuffle" in kinds(events)
    assert len(tiles["faceup"]) == 5
    # 2 sugar from the stack, then 3 from the reshuffled discards (4 coffee + 5 corn)
    assert tiles["faceup"][:2] == ["sugar", "sugar"]
    assert sorted(tiles["faceup"] + tiles["deck"]) == sorted(["sugar"] * 2 + ["coffee"] * 4 + ["corn"] * 5)
    assert tiles["discard"] == []
    assert len(tiles["deck"]) == 6


def test_row_refills_partially_when_tiles_run_out():
    s = _game(["corn"], deck=["sugar"], discard=[])
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "take corn")  # the others have nothing to take: forced passes
    assert asked(s) == [("role", 1)]
    assert s["plantations"]["faceup"] == ["sugar"]
    assert s["plantations"]["deck"] == [] and s["plantations"]["discard"] == []
    assert of_kind(events, "faceup")[0]["tiles"] == ["sugar"]


def test_player_with_nothing_to_take_is_not_asked():
    """No face-up tile and no quarry right: the only option is pass, auto-resolved."""
    s = _game(["corn"], deck=["sugar"] * 10)
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "take corn")
    # seats 1-3 have nothing to do: their passes are forced, the phase is over
    assert asked(s) == [("role", 1)]
    passes = of_kind(events, "pass")
    assert [e["player"] for e in passes] == [1, 2, 3]
    assert all(e.get("forced") for e in passes)


def test_full_island_is_skipped():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 1, island={"corn": 6, "indigo": 6})
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "take corn")
    assert asked(s) == [("settle", 2)]
    assert {"kind": "island_full", "player": 1} in events
    assert sum(t for t, _ in s["boards"][1]["island"].values()) == 12


def test_full_island_chooser_is_skipped_too():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 0, island={"corn": 11, "quarry": 1})
    s, events = start_role(s, 0, "settler")
    assert asked(s) == [("settle", 1)]
    assert {"kind": "island_full", "player": 0} in events


def test_hospice_puts_a_colonist_on_the_taken_tile():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 1, city={"hospice": 1})
    supply = s["supply"]["colonists"]
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take corn")
    s, events = act(s, 1, "take coffee")
    assert s["boards"][1]["island"]["coffee"] == [1, 1]
    assert s["supply"]["colonists"] == supply - 1
    assert of_kind(events, "settle")[0]["hospice"] is True
    check_invariants(s)


def test_unoccupied_hospice_does_nothing():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 1, city={"hospice": 0})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "pass")
    s, _ = act(s, 1, "take coffee")
    assert s["boards"][1]["island"]["coffee"] == [1, 0]


def test_hospice_colonist_also_goes_on_a_quarry():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 0, city={"hospice": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take quarry")
    assert s["boards"][0]["island"]["quarry"] == [1, 1]


def test_hospice_with_construction_hut_quarry():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 1, city={"hospice": 1, "construction-hut": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "pass")
    s, _ = act(s, 1, "take quarry")
    assert s["boards"][1]["island"]["quarry"] == [1, 1]


def test_hospice_takes_from_the_ship_when_the_supply_is_empty():
    """README's reading of the official rule (Hospice ⚠)."""
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 0, city={"hospice": 1})
    set_colonist_supply(s, supply=0, ship=4)
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take sugar")
    assert s["boards"][0]["island"]["sugar"] == [1, 1]
    assert s["supply"]["ship"] == 3
    check_invariants(s)


def test_hospice_with_no_colonist_anywhere_leaves_the_tile_empty():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    set_board(s, 0, city={"hospice": 1})
    set_colonist_supply(s, supply=0, ship=0)
    s, events = start_role(s, 0, "settler")
    s, events = act(s, 0, "take sugar")
    assert s["boards"][0]["island"]["sugar"] == [1, 0]
    assert of_kind(events, "settle")[0]["hospice"] is False
    check_invariants(s)


def test_hacienda_draws_from_the_stack_before_the_pick():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=["tobacco", "tobacco", "tobacco"])
    set_board(s, 1, city={"hacienda": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take corn")
    assert texts(s, 1)[0] == "hacienda"
    s, events = act(s, 1, "hacienda")
    # one tile from the face-down stack, not from the row
    assert of_kind(events, "hacienda") == [{"kind": "hacienda", "player": 1, "tile": "tobacco", "random": True}]
    assert s["plantations"]["deck"] == ["tobacco", "tobacco"]
    assert s["boards"][1]["island"]["tobacco"] == [1, 0]
    assert s["plantations"]["faceup"] == ["indigo", "sugar", "tobacco", "coffee"]
    # then the normal pick, same player, without a second Hacienda draw
    assert asked(s) == [("settle", 1)]
    assert texts(s, 1) == ["take indigo", "take sugar", "take tobacco", "take coffee", "pass"]
    s, _ = act(s, 1, "take tobacco")
    assert s["boards"][1]["island"]["tobacco"] == [2, 0]
    assert asked(s) == [("settle", 2)]


def test_hacienda_is_optional_and_never_a_quarry_even_for_the_chooser():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=["sugar", "sugar"])
    set_board(s, 0, city={"hacienda": 1, "construction-hut": 1})
    s, _ = start_role(s, 0, "settler")
    assert texts(s, 0) == [
        "hacienda",
        "take corn",
        "take indigo",
        "take sugar",
        "take tobacco",
        "take coffee",
        "take quarry",
        "pass",
    ]
    quarries = s["supply"]["quarries"]
    s, _ = act(s, 0, "hacienda")
    assert s["supply"]["quarries"] == quarries
    assert s["boards"][0]["island"]["sugar"] == [1, 0]
    # still at most one quarry, and the quarry pick is still open after the draw
    s, _ = act(s, 0, "take quarry")
    assert s["boards"][0]["island"]["quarry"] == [1, 0]
    assert asked(s) == [("settle", 1)]


def test_hacienda_then_pass_skips_the_pick():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=["sugar", "sugar"])
    set_board(s, 0, city={"hacienda": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "take corn")
    s, _ = act(s, 1, "pass")
    s, _ = act(s, 2, "pass")
    s, _ = act(s, 3, "pass")
    assert asked(s) == [("role", 1)]
    assert s["boards"][0]["island"]["corn"] == [1, 0]


def test_hacienda_tile_gets_no_hospice_colonist():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=["coffee", "sugar"])
    set_board(s, 0, city={"hacienda": 1, "hospice": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "hacienda")
    assert s["boards"][0]["island"]["sugar"] == [1, 0]
    s, _ = act(s, 0, "take sugar")
    assert s["boards"][0]["island"]["sugar"] == [2, 1]  # only the picked tile is manned


def test_hacienda_reshuffles_discards_and_is_not_offered_when_nothing_is_left():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=[], discard=["coffee"])
    set_board(s, 0, city={"hacienda": 1})
    s, _ = start_role(s, 0, "settler")
    s, events = act(s, 0, "hacienda")
    assert "reshuffle" in kinds(events)
    assert s["boards"][0]["island"]["coffee"] == [1, 0]
    s2 = _game(["corn"], deck=[], discard=[])
    set_board(s2, 0, city={"hacienda": 1})
    s2, _ = start_role(s2, 0, "settler")
    assert "hacienda" not in texts(s2, 0)


def test_hacienda_filling_the_island_ends_the_turn():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"], deck=["coffee"])
    set_board(s, 1, island={"corn": 11}, city={"hacienda": 1})
    s, _ = start_role(s, 0, "settler")
    s, _ = act(s, 0, "pass")
    s, _ = act(s, 1, "hacienda")
    assert s["boards"][1]["island"]["coffee"] == [1, 0]
    assert asked(s) == [("settle", 2)]  # island full: no normal pick


def test_settler_gives_no_doubloons_and_tiles_start_empty():
    s = _game(["corn", "indigo", "sugar", "tobacco", "coffee"])
    money = [b["doubloons"] for b in s["boards"]]
    s, _ = start_role(s, 0, "settler")
    for seat, tile in enumerate(["quarry", "corn", "indigo", "sugar"]):
        s, _ = act(s, seat, f"take {tile}")
    assert [b["doubloons"] for b in s["boards"]] == money
    for seat, tile in enumerate(["quarry", "corn", "indigo", "sugar"]):
        assert s["boards"][seat]["island"][tile][1] == 0
