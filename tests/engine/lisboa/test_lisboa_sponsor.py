"""Action 4: Sponsor an Event (rulebook p. 21; TC-01..TC-04 of the Bodoge summary; CL-06, TP-03, CL-31)."""

from __future__ import annotations

from typing import Any

from lisboa_play import do, goods, kinds, table, texts

from engine.lisboa.sponsor import can_sponsor

TOOLS, PLAN, DECREE = "blue-16", "blue-20", "red-18"  # TC-03: a good / a plan / a decree
OFFICIALS_2, OFFICIALS_4 = "blue-19", "brown-18"  # TC-04 n=2 / n=4
DECREE_CHOICE, STORE_OR_BUILDING = "red-17", "red-16"  # TC-02 / TC-01


def sponsor_table(*hand: str, reis: int = 10, influence: int = 0) -> dict[str, Any]:
    """3 players, seat 0 to act with ``hand``; treasury value 3 (the start space); no clergy."""
    s = table(3)
    for b in s["boards"]:
        b.update(clergy=[], reis=reis, influence=influence, favors=["marquis"], wigs=0)
    s["boards"][0]["hand"] = list(hand)
    goods(s, 0)
    return s


def test_tc03_pays_the_treasury_value_and_gives_the_printed_good():
    s = sponsor_table(TOOLS)
    events = do(s, 0, f"sponsor {TOOLS}")
    b = s["boards"][0]
    assert b["reis"] == 10 - 3 and b["goods"]["tools"] == 1
    assert TOOLS in s["box"]["political"] and "court" not in s
    assert "follow_skipped" not in kinds(events) and not s["frames"]  # nothing sponsored is followed (rulebook p. 16)


def test_tc03_plan_and_decree():
    s = sponsor_table(PLAN, DECREE)
    plans = len(s["boards"][0]["plans"])
    do(s, 0, f"sponsor {PLAN}")
    if s["decision"] and s["decision"]["kind"] == "plan":
        do(s, 0, texts(s, 0)[0])
    assert len(s["boards"][0]["plans"]) == plans + 1


def test_tc03_decree_opens_the_decree_choice():
    s = sponsor_table(DECREE)
    do(s, 0, f"sponsor {DECREE}")
    assert s["decision"]["kind"] == "decree"
    card = s["decrees"]["display"][0]
    do(s, 0, f"decree {card}")
    assert card in s["boards"][0]["decrees"]


def test_the_fee_must_be_payable_influence_may_cover_a_shortfall():
    s = sponsor_table(TOOLS, reis=1, influence=0)
    assert not can_sponsor(s, 0, TOOLS) and f"sponsor {TOOLS}" not in texts(s, 0)
    s["boards"][0]["influence"] = 5  # icons below 5 (0, 2, 4) cover 3 réis
    assert can_sponsor(s, 0, TOOLS)
    do(s, 0, f"sponsor {TOOLS}")
    # D21: short by 2, so influence covers 2 or (all it can) 3; the least is the default
    assert texts(s, 0) == ["cover 2 with influence", "cover 3 with influence"]
    do(s, 0, "cover 3 with influence")
    assert s["boards"][0]["reis"] == 1 and s["boards"][0]["influence"] == 0  # 5 -> 4 -> 2 -> 0


def test_d21_is_not_asked_when_the_reis_suffice():
    s = sponsor_table(TOOLS, reis=3, influence=10)
    events = do(s, 0, f"sponsor {TOOLS}")
    assert [(e["reis"], e["by_influence"]) for e in events if e["kind"] == "pay_reis"] == [(3, 0)]


def test_cl06_makes_the_fee_zero_and_tp03_cl31_reduce_it():
    s = sponsor_table(TOOLS)
    from engine.lisboa.data import default_pack

    pack = default_pack()
    by_effect = {t.effect: t.id for t in pack.clergy.values()}
    s["boards"][0]["clergy"] = [by_effect["CL-06"]]
    do(s, 0, f"sponsor {TOOLS}")
    assert s["boards"][0]["reis"] == 10
    s = sponsor_table(TOOLS)
    s["boards"][0]["clergy"] = [by_effect["CL-31"]]
    do(s, 0, f"sponsor {TOOLS}")
    assert s["boards"][0]["reis"] == 10 - 2


def test_tc04_places_up_to_n_officials_one_per_office():
    s = sponsor_table(OFFICIALS_2)
    do(s, 0, f"sponsor {OFFICIALS_2}")
    opts = texts(s, 0)
    assert "place maia marquis" in opts and "place none" in opts
    assert all(len(t.split()) <= 3 for t in opts)  # at most 2 offices, never the same twice
    before = s["boards"][0]["officials"]
    do(s, 0, "place maia king")
    assert s["offices"]["maia"]["0"] == 1 and s["offices"]["king"]["0"] == 1
    assert s["boards"][0]["officials"] == before - 2


def test_tc04_only_the_fourth_official_may_reuse_an_office():
    s = sponsor_table(OFFICIALS_4)
    do(s, 0, f"sponsor {OFFICIALS_4}")
    opts = texts(s, 0)
    assert opts[0].split()[1:4] == ["maia", "marquis", "king"] and len(opts[0].split()) == 5
    assert not [t for t in opts if len(t.split()) == 4 and len(set(t.split()[1:])) < 3]
    do(s, 0, "place maia marquis king marquis")
    assert s["offices"]["marquis"]["0"] == 1 + 2  # the starting Marquis official + 2


def test_tc02_take_a_decree_is_a_sponsored_noble_action_without_follow():
    s = sponsor_table(DECREE_CHOICE)
    s["boards"][1]["favors"] = ["marquis"]
    do(s, 0, f"sponsor {DECREE_CHOICE}")
    if s["decision"]["kind"] == "sponsor_event":
        assert "event take-decree" in texts(s, 0)
        do(s, 0, "event take-decree")
    card = s["decrees"]["display"][0]
    events = do(s, 0, f"decree {card}")
    assert card in s["boards"][0]["decrees"] and not s["frames"]
    assert "follow" not in kinds(events) and s["boards"][1]["favors"] == ["marquis"]


def test_a_centre_action_that_cannot_be_done_is_not_offered():
    s = sponsor_table(DECREE_CHOICE, STORE_OR_BUILDING)
    s["decrees"]["display"] = []
    for colour in s["buildings"].values():
        colour["buildable"] = None
    for lot in s["city"]["lots"]:
        s["city"]["lots"][lot] = {"owner": 1, "type": "gold", "street": "S1"}
    assert not can_sponsor(s, 0, DECREE_CHOICE) and not can_sponsor(s, 0, STORE_OR_BUILDING)


def test_t04_a_sponsored_store_pays_the_treasury_value_twice():  # T04
    from lisboa_city import city_table, cubes

    s = city_table(reis=30)  # treasury right value v = 3
    s["boards"][0]["hand"] = [STORE_OR_BUILDING]
    s["city"]["row_rubble"]["E"] = cubes(earthquake=3)
    s["city"]["column_rubble"]["3"] = cubes(tsunami=3)
    events = do(s, 0, f"sponsor {STORE_OR_BUILDING}")
    if s["decision"]["kind"] == "sponsor_event":
        events += do(s, 0, "event build-store")
    events += do(s, 0, "tile D-books")
    events += do(s, 0, "lot E3 S3")
    if s["decision"]["kind"] == "store_rubble":
        events += do(s, 0, "rubble row earthquake")
    paid = [(e["cost"], e["why"]) for e in events if e["kind"] == "pay_reis"]
    assert paid == [(3, "sponsor"), (3 + 6 + 3, "land cost")]  # v, then v + the cubes left
    assert s["boards"][0]["reis"] == 30 - 3 - 12


def test_d21_choices_that_would_break_what_follows_are_not_offered():
    from engine.lisboa import payment

    s = sponsor_table(reis=1, influence=5)
    payment.KEEP_CHECKS["test_keep_influence"] = lambda sim, seat, step: sim["boards"][seat]["influence"] >= 2
    try:
        pay = payment.step(0, 3, "test", keep="test_keep_influence")
        assert payment.choices(s, pay) == [2]  # covering 3 would leave 0 influence
        assert payment.choices(s, payment.step(0, 3, "test")) == [2, 3]
    finally:
        del payment.KEEP_CHECKS["test_keep_influence"]
