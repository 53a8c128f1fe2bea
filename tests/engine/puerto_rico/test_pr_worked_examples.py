"""The worked examples of the Japanese Board Game Arena wiki page (base game), each as a scenario
driven through play.apply, plus the page's round-1 walkthrough (ゲームの進行例)."""

from __future__ import annotations

import pytest
from pr_helpers import (
    G,
    act,
    asked,
    cargo_of,
    check_invariants,
    final,
    goods_of,
    make_game,
    of_kind,
    role_turn,
    set_board,
    set_cargo,
    set_colonist_supply,
    set_house,
    start_role,
    texts,
    vps,
)

from engine.core import play


def _build(s, seat, building):
    before = s["boards"][seat]["doubloons"]
    s, events = act(s, seat, f"build {building}")
    return s, before - s["boards"][seat]["doubloons"]


def _colonists(board):
    return sum(o for _, o in board["island"].values()) + sum(board["city"].values()) + board["san_juan"]


def _finish(s):
    s["end"] = ["city"]
    role_turn(s, 3, choice=3)
    s, _ = act(s, 3, "role prospector")
    assert s["over"]
    return s


def _total(s, seat):
    return final(s, seat).total


# --- 1. Mayor --------------------------------------------------------------------------


def test_1_mayor_distribution_2_2_1_1():
    """4 players, 6 colonists on the ship: 2, 2, 1, 1 from the Mayor onward."""
    s = make_game(4)
    set_colonist_supply(s, ship=6)
    s, _ = start_role(s, 2, "mayor")
    s, events = act(s, 2, "pass")
    assert of_kind(events, "colonists")[0]["shares"] == [1, 1, 2, 2]
    assert [_colonists(b) for b in s["boards"]] == [1, 1, 2, 2]
    check_invariants(s)


@pytest.mark.parametrize("empty,expected", [(2, 4), (8, 8)])
def test_1_mayor_refill_2_empty_circles_give_4_and_8_give_8(empty, expected):
    s = make_game(4)
    # after the Mayor, `empty` building circles stay empty across two boards (no spare
    # colonists anywhere: the ship brings exactly enough to man the plantations)
    set_board(s, 0, island={"indigo": (1, 0)}, city={"indigo-plant": 3 - min(empty, 3)})
    set_board(
        s,
        1,
        island={"indigo": (1, 0)},
        city={"sugar-mill": 3 - min(max(empty - 3, 0), 3), "tobacco-storage": 3 - max(empty - 6, 0)},
    )
    set_colonist_supply(s, ship=4)
    s, _ = start_role(s, 3, "mayor")
    s, events = act(s, 3, "pass")
    while asked(s) and asked(s)[0][0] == "mayor_layout":  # everyone keeps what they have
        seat = asked(s)[0][1]
        board = s["boards"][seat]
        layout = {k: v for k, (_, v) in board["island"].items() if v} | {k: v for k, v in board["city"].items() if v}
        layout["indigo"] = 1
        text = "layout " + " ".join(f"{k} {v}" for k, v in layout.items())
        s, more = act(s, seat, text)
        events += more
    empty_now = sum(
        {"indigo-plant": 3, "sugar-mill": 3, "tobacco-storage": 3}[b] - n
        for board in s["boards"]
        for b, n in board["city"].items()
    )
    assert empty_now == empty
    assert of_kind(events, "ship_refill")[0]["needed"] == expected
    assert s["supply"]["ship"] == expected


# --- 2. production ----------------------------------------------------------------------


def test_2_production_example():
    """1 indigo plantation + 1 indigo plant, both manned; sugar the same; tobacco: 1 manned
    plantation and 2 colonists in the storage; 1 manned corn → 1 of each."""
    s = make_game(4)
    set_board(
        s,
        0,
        island={"indigo": (1, 1), "sugar": (1, 1), "tobacco": (1, 1), "corn": (1, 1)},
        city={"small-indigo-plant": 1, "small-sugar-mill": 1, "tobacco-storage": 2},
    )
    s, events = start_role(s, 1, "craftsman")
    produced = [e for e in of_kind(events, "produce") if e["player"] == 0][0]
    assert produced["goods"] == [1, 1, 1, 1, 0]
    assert goods_of(s, 0) == {"corn": 1, "indigo": 1, "sugar": 1, "tobacco": 1}


# --- 3. trading house -------------------------------------------------------------------


def test_3_trading_house_holds_corn_indigo_tobacco_only_sugar_or_coffee():
    s = make_game(4)
    set_house(s, ["corn", "indigo", "tobacco"])
    set_board(s, 0, goods={"corn": 1, "indigo": 1, "sugar": 1, "tobacco": 1, "coffee": 1})
    s, _ = start_role(s, 0, "trader")
    assert texts(s, 0) == ["sell sugar", "sell coffee", "pass"]
    s, _ = act(s, 0, "sell coffee")
    assert s["boards"][0]["doubloons"] == 3 + 4 + 1
    # that was the 4th good: the house is emptied and the phase is over
    assert s["house"] == [] and asked(s) == [("role", 1)]


# --- 4. Captain -------------------------------------------------------------------------


def test_4_captain_example_four_players():
    """Digest 6 item 4. A=0, B=1, C=2, D=3; ships 5/6/7 with 3 corn on the 6-ship."""
    s = make_game(4)
    set_cargo(s, (None, 0), ("corn", 3), (None, 0))
    set_board(s, 0, goods={"corn": 2, "sugar": 6})
    set_board(s, 1, goods={"sugar": 2, "tobacco": 2})
    set_board(s, 2, goods={"corn": 2, "tobacco": 2})
    set_board(s, 3, goods={"corn": 2, "indigo": 5})
    supply = list(s["supply"]["goods"])
    s, _ = act(s, 0, "role captain")
    # A: corn only onto the 6-ship, sugar only onto the 7-ship (6 fit there, 5 on the 5-ship)
    assert texts(s, 0) == ["ship corn 6", "ship sugar 7"]
    s, ev = act(s, 0, "ship sugar 7")
    assert of_kind(ev, "ship")[0]["vp"] == 7
    # B: sugar onto the 7-ship (1 space) or tobacco onto the 5-ship
    assert texts(s, 1) == ["ship sugar 7", "ship tobacco 5"]
    s, ev = act(s, 1, "ship sugar 7")
    assert of_kind(ev, "ship")[0]["vp"] == 1
    # C: corn onto the 6-ship or tobacco onto the 5-ship
    assert texts(s, 2) == ["ship corn 6", "ship tobacco 5"]
    s, ev = act(s, 2, "ship tobacco 5")
    # D's 2 corn (his only option), A's 1 corn and B's 2 tobacco follow automatically
    loads = [(e["player"], e["good"], e["ship"], e["amount"], e["vp"]) for e in of_kind(ev, "ship")]
    assert loads == [(2, "tobacco", 5, 2, 2), (3, "corn", 6, 2, 2), (0, "corn", 6, 1, 1), (1, "tobacco", 5, 2, 2)]
    assert all(e.get("forced") for e in of_kind(ev, "ship")[1:])
    assert vps(s) == [8, 3, 2, 2]
    # storage: A 1 corn, B 1 sugar, C 1 corn (1 lost), D 1 indigo (4 lost)
    assert [goods_of(s, p) for p in range(4)] == [{"corn": 1}, {"sugar": 1}, {"corn": 1}, {"indigo": 1}]
    # the 6- and 7-ships are emptied, the 5-ship keeps its 4 tobacco
    assert cargo_of(s) == [(5, "tobacco", 4), (6, None, 0), (7, None, 0)]
    # back to the supply: 6 corn from the 6-ship + C's lost corn, D's 4 indigo, 7 sugar
    assert s["supply"]["goods"] == [supply[0] + 6 + 1, supply[1] + 4, supply[2] + 7, supply[3], supply[4]]
    assert asked(s) == [("role", 1)]
    check_invariants(s)


# --- 5. Builder -------------------------------------------------------------------------


def test_5_tobacco_storage_with_4_quarries_costs_2_and_with_3_and_the_privilege_1():
    s = make_game(4)
    set_board(s, 1, doubloons=10, island={"quarry": (4, 4)})
    set_board(s, 0, doubloons=10, island={"quarry": (3, 3)})
    s, _ = start_role(s, 0, "builder")
    s, paid = _build(s, 0, "tobacco-storage")
    assert paid == 1  # 5 − 3 quarries − 1 privilege
    s, paid = _build(s, 1, "tobacco-storage")
    assert paid == 2  # 5 − min(4, column 3)


# --- 6. Harbor --------------------------------------------------------------------------


def test_6_harbor_two_shipments_give_7_plus_2():
    s = make_game(4)
    set_cargo(s, (None, 0), ("corn", 5), (None, 0))
    set_board(s, 0, goods={"sugar": 6, "corn": 1}, city={"harbor": 1})
    s, _ = start_role(s, 3, "captain")  # seat 3, with nothing to ship, is the Captain
    assert texts(s, 0) == ["ship corn 6", "ship sugar 7"]
    s, events = act(s, 0, "ship sugar 7")
    loads = of_kind(events, "ship")
    assert [(e["good"], e["amount"], e["vp"], e["harbor"]) for e in loads] == [("sugar", 6, 7, 1), ("corn", 1, 2, 1)]
    assert vps(s)[0] == 9


# --- 7. end bonuses ---------------------------------------------------------------------


def test_7_guild_hall_with_small_indigo_sugar_mill_tobacco_storage_is_5():
    s = make_game(4)
    set_board(s, 0, city={"guild-hall": 1, "small-indigo-plant": 0, "sugar-mill": 0, "tobacco-storage": 0})
    s = _finish(s)
    assert _total(s, 0) == (4 + 1 + 2 + 3) + 5


def test_7_customs_house_with_23_chips_is_5():
    s = make_game(4)
    set_board(s, 0, vp=23, city={"customs-house": 1})
    s = _finish(s)
    assert _total(s, 0) == 23 + 4 + 5


def test_7_city_hall_example_is_6():
    s = make_game(4)
    set_board(
        s,
        0,
        city={
            "small-indigo-plant": 0,
            "small-market": 0,
            "hacienda": 0,
            "harbor": 0,
            "wharf": 0,
            "residence": 0,
            "city-hall": 1,
        },
    )
    s = _finish(s)
    assert _total(s, 0) == (1 + 1 + 1 + 3 + 3 + 4 + 4) + 6


def test_7_fortress_with_18_placed_and_2_in_san_juan_is_6():
    s = make_game(4)
    set_board(
        s,
        0,
        island={"corn": (6, 6), "sugar": (5, 5)},
        city={"fortress": 1, "sugar-mill": 3, "coffee-roaster": 2, "hospice": 1},
        san_juan=2,
    )
    assert _colonists(s["boards"][0]) == 20
    s = _finish(s)
    assert _total(s, 0) == (4 + 2 + 3 + 2) + 6


# --- the wiki page's round-1 walkthrough -------------------------------------------------


def test_seed_round_one_walkthrough():
    """A builds the indigo plant for 2 (privilege); B, C, D pay 1 for a small indigo plant
    or small markets. B: Settler, picks in order B, C, D, A (no quarry). C: Mayor, takes
    the privilege colonist, the ship's 4 go C, D, A, B. D: Craftsman, takes a corn with the
    privilege. Then Trader, Captain and Prospector get a doubloon; B becomes Governor."""
    s = make_game(4)
    s, _ = act(s, 0, "role builder")
    s, paid = _build(s, 0, "indigo-plant")
    assert paid == 2
    s, paid = _build(s, 1, "small-indigo-plant")
    assert paid == 1
    s, paid = _build(s, 2, "small-market")
    assert paid == 1
    s, paid = _build(s, 3, "small-market")
    assert paid == 1
    assert [b["doubloons"] for b in s["boards"]] == [1, 2, 2, 2]

    s, _ = act(s, 1, "role settler")
    order = []
    while asked(s) and asked(s)[0][0] == "settle":
        seat = asked(s)[0][1]
        order.append(seat)
        legal = texts(s, seat)
        if seat == 1:
            assert "take quarry" in legal
        else:
            assert "take quarry" not in legal
        pick = "take corn" if seat == 3 and "take corn" in legal else legal[0]
        s, _ = act(s, seat, pick)
    assert order == [1, 2, 3, 0]
    assert all(sum(t for t, _ in b["island"].values()) == 2 for b in s["boards"])
    assert len(s["plantations"]["faceup"]) == 5

    s, _ = act(s, 2, "role mayor")
    s, events = act(s, 2, "take colonist")
    assert of_kind(events, "colonists")[0]["shares"] == [1, 1, 1, 1]
    while asked(s) and asked(s)[0][0] == "mayor_layout":
        seat = asked(s)[0][1]
        # D mans his corn; everyone else takes the proposed layout
        if seat == 3:
            s, _ = act(s, 3, "layout corn 1")
        else:
            d = next(d for d in play.pending(G, s) if d.player == seat)
            s, _ = play.apply(G, s, seat, d.default)
    assert [_colonists(b) for b in s["boards"]] == [1, 1, 2, 1]
    assert s["boards"][3]["island"]["corn"][1] == 1

    s, events = act(s, 3, "role craftsman")
    assert asked(s) == [("craft_bonus", 3)]
    s, events = act(s, 3, "bonus corn")
    assert s["boards"][3]["goods"][0] == 2  # 1 produced + 1 privilege
    assert s["round"] == 2 and s["governor"] == 1
    assert s["role_money"] == {
        "settler": 0,
        "mayor": 0,
        "builder": 0,
        "craftsman": 0,
        "trader": 1,
        "captain": 1,
        "prospector": 1,
    }
    assert asked(s) == [("role", 1)]
    check_invariants(s)
