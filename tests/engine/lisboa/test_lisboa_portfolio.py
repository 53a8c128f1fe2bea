"""Playing a card to the portfolio (engine/lisboa/portfolio.py, decree.py): rulebook pp. 9-10,
p. 19 and their examples, D04-D07, D19."""

from __future__ import annotations

from lisboa_play import do, give_ship, goods, run_step, table, texts

from engine.lisboa import rules


def test_e05_penalty_returns_an_official_then_sell():  # E05: 5-influence-class card with NB-01
    s = table(3)
    o = s["boards"][0]
    o["hand"][0] = "red-15"  # King, influence 4, NB-01 (the pack's era-1 penalty card)
    s["offices"]["marquis"].pop("0")
    s["offices"]["king"] = {"0": 1}
    o["officials"] = 7
    give_ship(s, 1, "ship-red-1")
    goods(s, 0, books=1, tools=1)
    do(s, 0, "portfolio red-15")
    assert s["offices"]["king"] == {} and o["officials"] == 8
    assert s["decision"]["kind"] == "act12" and texts(s, 0) == ["sell goods", "trade with nobles"]


def test_e05_variant_no_officials_out_no_penalty():  # E05 variant: the card is still added
    s = table(3)
    o = s["boards"][0]
    o["hand"][0] = "red-15"
    s["offices"]["marquis"].pop("0")
    goods(s, 0, books=1, tools=1)
    do(s, 0, "portfolio red-15")
    assert "red-15" in o["portfolio"]["top"]


def test_e06_treasury_card_subsidy_and_discount():  # E06
    s = table(3)
    g = s["boards"][0]
    g["hand"][0] = "blue-16"  # TP-03 n=1
    s["treasury"] = 2  # the start space, 3 réis
    reis = g["reis"]
    goods(s, 0, tools=1, books=1)
    do(s, 0, "portfolio blue-16")
    assert g["reis"] == reis + 3 and s["treasury"] == 1 and g["portfolio"]["bottom"] == ["blue-16"]
    assert rules.reis_cost(s, 0, 4) == 3
    assert s["decision"]["kind"] == "trade"


def test_nb02_penalty_skipped_when_unpayable():  # rulebook pp. 10-11: NB-02 skipped if unpayable even with influence
    s = table(3)
    b = s["boards"][0]
    b["hand"][0] = "blue-05"  # NB-02
    b["reis"], b["influence"] = 0, 0
    goods(s, 0, tools=1)
    events = do(s, 0, "portfolio blue-05")
    assert "penalty_skipped" in [e["kind"] for e in events] and "blue-05" in b["portfolio"]["top"]


def test_cl01_and_cl02_on_adding_cards():  # CL-01 +1 wig per political card, CL-02 +2 réis per treasury card
    s = table(3)
    b = s["boards"][0]
    b["hand"][0], b["clergy"] = "blue-16", ["T01", "T02"]
    wigs, reis, value = b["wigs"], b["reis"], rules.treasury_value(s)
    goods(s, 0, tools=1)
    do(s, 0, "portfolio blue-16")
    assert b["wigs"] == wigs + 1 and b["reis"] == reis + value + 2


def test_portfolio_play_needs_a_following_action():  # rulebook pp. 8-9: no option whose mandatory part fails
    s = table(3)
    b = s["boards"][0]
    b["hand"] = ["blue-05", "blue-16", "blue-01"]
    goods(s, 0)
    opts = texts(s, 0)
    assert "portfolio blue-01" in opts  # its gold reward pays a trade
    assert "portfolio blue-05" not in opts and "portfolio blue-16" not in opts


def test_full_bottom_row_discards_a_treasury_card():  # D04: a full row discards from that row
    s = table(3)
    b = s["boards"][0]
    b["sets"] = 4
    b["portfolio"]["bottom"] = ["blue-17", "blue-18", "blue-19"]
    b["hand"][0] = "blue-16"
    goods(s, 0, tools=1)
    do(s, 0, "portfolio blue-16")
    assert texts(s, 0) == ["discard blue-17", "discard blue-18", "discard blue-19"]
    do(s, 0, "discard blue-18")
    assert b["portfolio"]["bottom"] == ["blue-17", "blue-19", "blue-16"]


def test_e23_one_extra_decree_per_action():  # E23: 2 markers; take 1, destroy 1 marker for a 2nd; no 3rd
    s = table(3)
    p = s["boards"][0]
    p["marquis_markers"] = 2
    display = list(s["decrees"]["display"])
    run_step(s, {"step": "decree", "player": 0})
    assert "no extra decree" not in texts(s, 0)
    do(s, 0, f"decree {display[0]}")
    assert "no extra decree" in texts(s, 0)
    do(s, 0, f"decree {display[1]}")
    assert p["decrees"] == display[:2] and p["marquis_markers"] == 1 and s["decision"] is None


def test_decree_display_refills_at_the_end_of_the_turn():  # rulebook p. 19, p. 22
    s = table(3)
    b = s["boards"][0]
    b["hand"][0] = "blue-06"  # Marquis, NB-06 take a decree
    goods(s, 0, books=1, tools=1)
    do(s, 0, "portfolio blue-06")
    card = s["decrees"]["display"][0]
    do(s, 0, f"decree {card}")
    assert len(s["decrees"]["display"]) == 7
    while s["decision"]["kind"] != "draw":
        do(s, 0, texts(s, 0)[0])
    do(s, 0, "draw maia")
    assert len(s["decrees"]["display"]) == 8 and card in b["decrees"]
