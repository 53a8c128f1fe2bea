"""Action 2, Trade with Nobles, and the portfolio play before it (engine/lisboa/trade.py,
portfolio.py, state_actions.py, room.py): rulebook pp. 9-13 and their examples, D04, D07, D09, D12."""

from __future__ import annotations

from lisboa_play import do, give_ship, goods, open_decision, table, texts

from engine.lisboa import rules


def test_e10_build_a_ship_after_a_king_card():  # E10
    s = table(3)
    y = s["boards"][0]  # Yellow
    y["hand"][0] = "blue-11"  # a King card, reward 1 gold
    y["portfolio"]["top"] = ["blue-08"]  # another noble card already there (influence 2)
    goods(s, 0, books=2, cloth=1, tools=1)
    s["shipyard"] = ["ship-red-1", "ship-red-2"]
    treasury, influence = s["treasury"], y["influence"] = 2, 3
    do(s, 0, "portfolio blue-11")
    assert y["goods"]["gold"] == 1 and y["portfolio"]["top"] == ["blue-08", "blue-11"]
    assert s["decision"]["kind"] == "trade"  # no docked ship anywhere: Trade is forced (D07)
    do(s, 0, "trade build-ship books")
    assert "ship new pay gold cloth" in texts(s, 0) and "ship new pay gold" not in texts(s, 0)
    do(s, 0, "ship new pay gold cloth")
    assert texts(s, 0) == ["discard blue-08", "discard blue-11"]  # total reached: either card (D04)
    do(s, 0, "discard blue-11")
    assert y["portfolio"]["top"] == ["blue-08", "ship-red-1"]
    assert y["influence"] == influence + 4  # noble 2 + the new red ship 2 (provisional value)
    assert s["treasury"] == treasury + 1
    assert s["icons"] == {"build_ship": "books"}
    opts = texts(s, 0)
    assert "done" in opts and "trade obtain-plan tools" in opts  # a 2nd, different action
    assert not any(t.startswith("trade build-ship") for t in opts)


def test_e11_upgrade_moves_the_goods_and_gains_influence():  # E11: hull 1 -> 3, 2 goods, +6 influence
    s = table(3)
    o = s["boards"][0]
    o["portfolio"]["top"] = ["blue-09"]  # influence 3
    give_ship(s, 0, "ship-blue-1", ["tools"])
    s["shipyard"] = ["ship-purple-1"]
    goods(s, 0, gold=1, books=1, cloth=1)
    o["influence"] = 2
    treasury = s["treasury"]
    open_decision(s, "trade", 0, done=[])
    do(s, 0, "trade build-ship gold")  # a new hull 3 would need 3 different goods: the upgrade is forced
    assert o["portfolio"]["top"] == ["blue-09", "ship-purple-1"] and "ship-blue-1" not in o["holds"]
    assert o["holds"]["ship-purple-1"]["goods"] == ["tools"] and o["goods"] == {
        "gold": 0,
        "books": 0,
        "cloth": 0,
        "tools": 0,
    }
    assert o["influence"] == 2 + 6 and s["treasury"] == treasury + 1


def test_e18_two_middle_houses_save_one_good():  # E18: SG-M1 (houses 1-2 of the middle group)
    s = table(3)
    g = s["boards"][0]
    g["houses"]["middle"] = 1
    s["shipyard"] = ["ship-purple-1"]
    goods(s, 0, gold=1, books=1, cloth=1, tools=1)
    open_decision(s, "ship", 0)
    assert all(len(a["pay"]) == 2 for a in __import__("lisboa_driver").legal_actions(s, 0))
    g["houses"]["middle"] = 0  # SG-M3: no goods
    assert texts(s, 0) == ["ship new pay nothing"]


def test_ship_goods_must_all_differ():
    s = table(3)
    s["shipyard"] = ["ship-red-1"]
    goods(s, 0, gold=2)
    open_decision(s, "trade", 0, done=[])
    assert not any("build-ship" in t for t in texts(s, 0))


def test_e04_the_cards_own_reward_pays_the_trade():  # E04 / rulebook p. 13: +1 gold first, then trade with it
    s = table(3)
    p = s["boards"][0]
    p["hand"][0] = "blue-01"  # Maia, influence 3, reward 1 gold
    goods(s, 0)
    assert "portfolio blue-01" in texts(s, 0)
    assert not any(
        t == f"portfolio {c}"
        for c in p["hand"]
        if c != "blue-01"
        for t in texts(s, 0)
        if rules.pack_of(s).cards[c].bottom != "NB-09"
    )  # nothing to sell or pay otherwise
    do(s, 0, "portfolio blue-01")
    assert p["goods"]["gold"] == 1 and p["portfolio"]["top"] == ["blue-01"]
    assert rules.top_influence(s, 0) == 3
    assert s["decision"]["kind"] == "trade"  # no docked ship: Trade is the only action (D07 auto)
    do(s, 0, "trade obtain-plan gold")
    do(s, 0, "plan green")
    assert len(p["plans"]) == 2 and p["goods"]["gold"] == 0


def test_trade_offers_the_wanted_good_or_gold_and_at_most_two():  # rulebook p. 12
    s = table(3)
    goods(s, 0, gold=2, tools=1, books=1, cloth=1)
    open_decision(s, "trade", 0, done=[])
    opts = texts(s, 0)
    assert "trade hire-officials tools" in opts and "trade hire-officials gold" in opts
    assert "trade hire-officials books" not in opts and "done" not in opts
    do(s, 0, "trade obtain-plan tools")
    do(s, 0, "plan blue")
    assert "done" in texts(s, 0) and not any("obtain-plan" in t for t in texts(s, 0))
    do(s, 0, "trade royal-favor cloth")
    if s["decision"] and s["decision"]["kind"] == "favor":
        do(s, 0, texts(s, 0)[0])
    assert s["decision"] is None and set(s["icons"]) == {"obtain_plan", "royal_favor"}  # no 3rd trade


def test_icon_goods_return_at_the_end_of_the_turn():  # rulebook p. 22
    s = table(3)
    s["icons"] = {"obtain_plan": "tools"}
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    do(s, 0, "draw maia")
    assert s["icons"] == {}
