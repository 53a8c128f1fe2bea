"""Action 1, Sell Goods (engine/lisboa/sell.py): rulebook p. 11 and its example, D08."""

from __future__ import annotations

from lisboa_play import do, give_ship, goods, open_decision, table, texts


def _e09():
    s = table(3)
    s["prices"] = {"books": 5, "cloth": 4, "gold": 4, "tools": 3}
    give_ship(s, 0, "ship-red-1")  # Green's red hull-2 ship, +1
    give_ship(s, 1, "ship-purple-1")  # Purple's hull-3 ship, +2
    goods(s, 0, gold=2, books=2, tools=1)
    open_decision(s, "sell", 0, sold=0)
    return s


def test_e09_sell_goods():  # E09
    s = _e09()
    green, purple = s["boards"][0], s["boards"][1]
    reis, wigs, purple_wigs = green["reis"], green["wigs"], purple["wigs"]
    assert "done" not in texts(s, 0)  # at least one good (rulebook p. 11)
    do(s, 0, "sell gold ship-red-1")
    do(s, 0, "sell gold ship-red-1")
    assert green["reis"] == reis + 10
    assert green["holds"]["ship-red-1"] == {"goods": ["gold", "gold"], "sailing": True}
    assert green["wigs"] == wigs + 2
    assert "sell books ship-red-1" not in texts(s, 0)  # a sailing ship takes no goods
    do(s, 0, "sell books ship-purple-1")
    do(s, 0, "sell books ship-purple-1")
    assert green["reis"] == reis + 10 + 14
    assert purple["holds"]["ship-purple-1"] == {"goods": ["books", "books"], "sailing": False}
    assert purple["wigs"] == purple_wigs
    assert s["prices"] == {"books": 5, "cloth": 4, "gold": 4, "tools": 3}  # selling moves no price
    assert texts(s, 0) == ["sell tools ship-purple-1", "done"]
    do(s, 0, "done")
    assert s["decision"] is None


def test_the_owner_scores_when_another_player_fills_the_ship():
    s = _e09()
    purple = s["boards"][1]
    wigs = purple["wigs"]
    for good in ("gold", "gold", "books"):
        do(s, 0, f"sell {good} ship-purple-1")
    assert purple["holds"]["ship-purple-1"]["sailing"] and purple["wigs"] == wigs + 3


def test_own_sale_bonuses_add_up():  # TP-04 (+2 its good), CL-12 (+2 gold), CL-16 (+1 any)
    s = _e09()
    green = s["boards"][0]
    green["portfolio"]["bottom"] = ["blue-17"]  # TP-04 gold (provisional card)
    green["clergy"] = ["T12", "T16"]
    reis = green["reis"]
    do(s, 0, "sell gold ship-red-1")
    assert green["reis"] == reis + 4 + 1 + 2 + 2 + 1


def test_cl17_adds_two_wigs_when_your_ship_sails():  # CL-17 (this project's reading: per sailing)
    s = _e09()
    green = s["boards"][0]
    green["clergy"] = ["T17"]
    wigs = green["wigs"]
    do(s, 0, "sell gold ship-red-1")
    do(s, 0, "sell gold ship-red-1")
    assert green["wigs"] == wigs + 4


def test_only_after_the_last_possible_sale_is_done_forced():
    s = _e09()
    goods(s, 0, gold=1)
    do(s, 0, "sell gold ship-red-1")
    assert s["decision"] is None  # "done" was the only option left and resolved itself
