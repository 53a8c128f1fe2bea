"""Paying a visit's or follow's influence cost (D16; Bodoge summary §特殊効果 > 建物マス イ)② and
> 教会チップ ノ); rulebook p. 16, p. 18): a réis ability (SG-L2, CL-26) never takes away paying the shortfall with wigs,
every legal mix is offered, grouped by the influence spent."""

from __future__ import annotations

from typing import Any

import lisboa_driver as driver
import pytest
from lisboa_city import city_table
from lisboa_play import do, goods, table, texts

from engine.lisboa import rules

MARQUIS, MAIA = "blue-06", "blue-01"
ABILITIES = {"neither": (False, False), "SG-L2": (True, False), "CL-26": (False, True), "both": (True, True)}
ALL_MIXES = [
    "pay 0 influence 3 reis 0 wigs",
    "pay 0 influence 2 reis 1 wigs",
    "pay 0 influence 1 reis 2 wigs",
    "pay 0 influence 0 reis 3 wigs",
]


def marquis_table(sg_l2: bool, cl26: bool, officials: int = 3, seat: int = 0) -> dict[str, Any]:
    """Seat 0 holds a Marquis card; ``officials`` of seat 2's in the Marquis's office make a visit
    by seat 0 or a follow by seat 1 cost that much (treasury left 0). Seats 0 and 1 have 0
    influence, 5 réis and 5 wigs, no goods; for ``seat``, ``sg_l2`` builds both left-group houses
    and ``cl26`` gives CL-26."""
    s = table(3)
    s["treasury"] = 2
    s["offices"] = {n: {} for n in s["offices"]}
    s["offices"]["marquis"] = {"2": officials}
    for k, b in enumerate(s["boards"]):
        b.update(favors=[], clergy=[], reis=5, wigs=5, influence=0, marquis_markers=0)
        goods(s, k)
    b = s["boards"][seat]
    b["clergy"] = ["T26"] if cl26 else []
    if sg_l2:
        b["houses"]["left"] = 0
    s["boards"][0]["hand"] = [MARQUIS]
    return s


def paid(s: dict[str, Any], seat: int) -> tuple[int, int, int]:
    b = s["boards"][seat]
    return b["influence"], b["reis"], b["wigs"]


@pytest.mark.parametrize("name", list(ABILITIES))
def test_visit_of_cost_3_with_no_influence(name: str) -> None:  # the case, for a visit
    s = marquis_table(*ABILITIES[name])
    do(s, 0, f"visit {MARQUIS}")
    if name == "neither":  # wigs only: one way, paid at once (then no free action is possible)
        assert s["decision"]["kind"] == "decree" and paid(s, 0) == (0, 5, 2)
        return
    assert s["decision"]["kind"] == "influence_rest"  # the one influence amount (0) played itself
    assert texts(s, 0) == ALL_MIXES  # the default first: the most réis
    do(s, 0, "pay 0 influence 0 reis 3 wigs")
    assert paid(s, 0) == (0, 5, 2)


@pytest.mark.parametrize("name", list(ABILITIES))
def test_follow_of_cost_3_with_no_influence(name: str) -> None:  # the case, for a follow
    s = marquis_table(*ABILITIES[name], seat=1)
    s["boards"][1]["favors"] = ["marquis"]
    s["boards"][0]["influence"] = 3
    do(s, 0, f"visit {MARQUIS}")  # 3 influence, paid at once
    do(s, 0, f"decree {s['decrees']['display'][0]}")
    assert texts(s, 1) == ["decline", "follow take-decree"]
    do(s, 1, "follow take-decree")
    if name == "neither":
        assert s["decision"]["kind"] == "decree" and paid(s, 1) == (0, 5, 2)
        return
    assert texts(s, 1) == ALL_MIXES
    do(s, 1, "pay 0 influence 1 reis 2 wigs")
    assert paid(s, 1) == (0, 4, 3) and s["decision"]["kind"] == "decree"


def test_mixes_are_grouped_by_the_influence_spent() -> None:  # D16 with 2 influence: cost 4
    s = marquis_table(False, True, officials=4)
    s["boards"][0]["influence"] = 2
    do(s, 0, f"visit {MARQUIS}")
    # the shortfall is 2, so at most 2 wigs; each amount of influence is one option
    assert texts(s, 0) == [
        "pay 2 influence then 2 reis or wigs",
        "pay 1 influence then 3 reis or wigs",
        "pay 0 influence then 4 reis or wigs",
    ]
    do(s, 0, "pay 1 influence then 3 reis or wigs")
    assert texts(s, 0) == [
        "pay 1 influence 3 reis 0 wigs",
        "pay 1 influence 2 reis 1 wigs",
        "pay 1 influence 1 reis 2 wigs",
    ]
    do(s, 0, "pay 1 influence 1 reis 2 wigs")
    assert paid(s, 0) == (1, 4, 3)


def test_a_group_of_one_mix_shows_it_whole() -> None:  # E17 with CL-26: cost 6, influence 1
    s = marquis_table(False, True, officials=6)
    b = s["boards"][0]
    b.update(influence=1, reis=6, wigs=0)
    do(s, 0, f"visit {MARQUIS}")
    assert texts(s, 0) == ["pay 1 influence 5 reis 0 wigs", "pay 0 influence 6 reis 0 wigs"]
    b.update(reis=5, wigs=1)  # 1 influence: 5 réis or 4 réis and a wig; none: 5 réis and a wig
    assert texts(s, 0) == ["pay 1 influence then 5 reis or wigs", "pay 0 influence 5 reis 1 wigs"]


def test_every_mix_is_legal_and_wigs_never_pay_beyond_the_shortfall() -> None:  # rulebook pp. 10-11
    s = table(3)
    b = s["boards"][0]
    b.update(influence=1, reis=2, wigs=9, clergy=["T26"])
    mixes = rules.influence_payments(s, 0, 4)
    assert mixes[0] == (1, 2, 1)  # the default: influence, then réis, then wigs
    assert sorted(mixes) == sorted([(1, 2, 1), (1, 1, 2), (1, 0, 3), (0, 2, 2), (0, 1, 3)])
    b["wigs"] = 0
    assert rules.influence_payments(s, 0, 4) == []  # 1 influence and 2 réis cannot pay 4


def test_a_wig_mix_keeping_reis_makes_the_visit_legal() -> None:  # rulebook p. 16 with D16's mixes
    # visit cost 3 (left +3), an 8-réis lot with a 5-réis bonus; 3 réis and 3 wigs, no influence:
    # paying in réis would leave 5 réis for the lot, paying in wigs keeps the 8 it needs
    s = city_table(n=3, treasury=7, reis=3, influence=0)
    s["boards"][0].update(hand=[MAIA], clergy=["T26"], wigs=3)
    assert f"visit {MAIA}" in texts(s, 0)
    do(s, 0, f"visit {MAIA}")  # only the wig mix keeps the store payable: paid at once
    assert paid(s, 0) == (0, 3, 0) and s["decision"]["kind"] == "visit_free"
    assert driver.legal_actions(s, 0)
