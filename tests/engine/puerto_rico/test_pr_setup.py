"""Set-up by player count and the order of role choices (with the 2-player variants)."""

from __future__ import annotations

from collections import Counter

import pytest
from pr_helpers import BUILDING_TABLE, NAMES, G, act, answer_defaults, illegal, make_game, texts

from engine.core import IllegalAction, play

# [P] per-count table, typed in independently of buildings.toml
DOUBLOONS = {2: 3, 3: 2, 4: 3, 5: 4}
START = {
    2: ["indigo", "corn"],
    3: ["indigo", "indigo", "corn"],
    4: ["indigo", "indigo", "corn", "corn"],
    5: ["indigo", "indigo", "indigo", "corn", "corn"],
}
COLONISTS = {2: 40, 3: 55, 4: 75, 5: 95}  # supply, NOT counting the ship
SHIP = {2: 2, 3: 3, 4: 4, 5: 5}
VP_CHIPS = {2: 65, 3: 75, 4: 100, 5: 122}
CARGO = {2: [4, 6], 3: [4, 5, 6], 4: [5, 6, 7], 5: [6, 7, 8]}
QUARRIES = {2: 5, 3: 8, 4: 8, 5: 8}
PLANTATIONS = {"corn": 10, "indigo": 12, "sugar": 11, "tobacco": 9, "coffee": 8}
GOODS_SUPPLY = [10, 11, 11, 9, 9]
BASE_ROLES = {"settler", "mayor", "builder", "craftsman", "trader", "captain"}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_doubloons_and_starting_plantations(n):
    s = make_game(n)
    assert s["governor"] == 0
    for seat, board in enumerate(s["boards"]):
        assert board["doubloons"] == DOUBLOONS[n]
        assert board["vp"] == 0
        assert board["goods"] == [0, 0, 0, 0, 0]
        assert board["city"] == {}
        assert board["san_juan"] == 0
        # exactly one starting tile, unoccupied, by seat from the Governor
        assert board["island"] == {START[n][seat]: [1, 0]}


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_colonists_vp_chips_ships_quarries(n):
    s = make_game(n)
    assert s["supply"]["colonists"] == COLONISTS[n]
    assert s["supply"]["ship"] == SHIP[n]
    assert s["totals"]["colonists"] == COLONISTS[n] + SHIP[n]
    assert s["supply"]["vp"] == VP_CHIPS[n]
    assert [c["size"] for c in s["cargo"]] == CARGO[n]
    assert all(c["good"] is None and c["load"] == 0 for c in s["cargo"])
    assert s["supply"]["quarries"] == QUARRIES[n]
    assert s["house"] == []


def test_five_players_use_all_hundred_colonists():
    s = make_game(5)
    assert s["supply"]["colonists"] + s["supply"]["ship"] == 100


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_plantation_deck_and_goods(n):
    s = make_game(n)
    removed = 3 if n == 2 else 0
    tiles = s["plantations"]
    assert len(tiles["faceup"]) == n + 1
    assert tiles["discard"] == []
    everything = Counter(tiles["deck"]) + Counter(tiles["faceup"]) + Counter(START[n])
    assert everything == Counter({k: v - removed for k, v in PLANTATIONS.items()})
    assert "quarry" not in tiles["deck"] and "quarry" not in tiles["faceup"]
    goods_removed = 2 if n == 2 else 0
    assert s["supply"]["goods"] == [g - goods_removed for g in GOODS_SUPPLY]
    assert s["totals"]["goods"] == s["supply"]["goods"]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_roles(n):
    s = make_game(n)
    roles = s["role_money"]
    assert all(m == 0 for m in roles.values())
    prospectors = [r for r in roles if r.startswith("prospector")]
    assert set(roles) >= BASE_ROLES
    assert len(prospectors) == {2: 1, 3: 0, 4: 1, 5: 2}[n]
    assert len(roles) == {2: 7, 3: 6, 4: 7, 5: 8}[n]
    legal = texts(s, 0)
    assert ("role prospector" in legal) == (n != 3)
    assert len(legal) == len(roles)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_building_copies(n):
    s = make_game(n)
    assert set(s["buildings"]) == set(BUILDING_TABLE)
    for b, (_cost, _vp, _col, _circ, copies, copies2, _kind) in BUILDING_TABLE.items():
        assert s["buildings"][b] == (copies2 if n == 2 else copies), b


def test_two_player_copies_are_two_per_production_one_per_violet():
    s = make_game(2)
    for b, (*_, kind) in BUILDING_TABLE.items():
        assert s["buildings"][b] == (2 if kind in ("small", "large") else 1), b


def test_building_data_matches_rules_table():
    """Cost, VP, quarry column and circles per the published building table."""
    from engine.puerto_rico.data import BUILDINGS

    assert {b for b, d in BUILDINGS.items() if d.set == "base"} == set(BUILDING_TABLE)
    for b, (cost, vp, column, circles, copies, copies2, kind) in BUILDING_TABLE.items():
        d = BUILDINGS[b]
        assert (d.cost, d.vp, d.column, d.circles, d.copies, d.copies_two_player) == (
            cost,
            vp,
            column,
            circles,
            copies,
            copies2,
        ), b
        assert d.large == (kind == "big"), b
        assert (d.produces is not None) == (kind in ("small", "large")), b


@pytest.mark.parametrize("n", [1, 6])
def test_player_count_out_of_range(n):
    with pytest.raises(IllegalAction) as err:
        play.new_game(G, NAMES[:n] if n <= 5 else NAMES + ["Fay"], {}, 1)
    assert err.value.code == "bad_option"


def test_seed_changes_the_deal_but_setup_is_deterministic():
    a, b = make_game(4, seed=7), make_game(4, seed=7)
    assert play.dumps(a) == play.dumps(b)
    deals = {tuple(make_game(4, seed=k)["plantations"]["deck"]) for k in range(6)}
    assert len(deals) > 1


def _role_choosers(state, rounds):
    """Seats asked to choose a role, per round, choosing the first legal role and
    answering everything else with defaults."""
    seen: dict[int, list[int]] = {}
    while state["round"] <= rounds and not state["over"]:
        d = play.pending(G, state)[0]
        if d.kind == "role":
            seen.setdefault(state["round"], []).append(d.player)
            state, _ = act(state, d.player, texts(state, d.player)[0])
        else:
            state, _ = play.apply(G, state, d.player, d.default or d.options[0])
    return seen, state


def test_two_player_role_order_is_A_B_A_B_A_B_and_the_governor_passes():
    seen, state = _role_choosers(make_game(2), rounds=2)
    assert seen[1] == [0, 1, 0, 1, 0, 1]
    assert seen[2] == [1, 0, 1, 0, 1, 0]
    assert state["governor"] == 0 and state["round"] == 3


@pytest.mark.parametrize("n", [3, 4, 5])
def test_role_order_is_clockwise_from_the_governor(n):
    seen, _ = _role_choosers(make_game(n), rounds=2)
    assert seen[1] == list(range(n))
    assert seen[2] == [(1 + i) % n for i in range(n)]


def test_two_player_round_leaves_one_role_with_a_doubloon():
    s = make_game(2)
    s = answer_defaults(s, until=lambda st: st["round"] == 2)
    money = s["role_money"]
    assert sorted(money.values()) == [0, 0, 0, 0, 0, 0, 1]


def test_unchosen_roles_gain_a_doubloon_and_it_accumulates():
    s = make_game(3)
    prefs = ["settler", "mayor", "builder"]
    s = answer_defaults(s, until=lambda st: st["round"] == 2, chooser_roles=prefs)
    assert s["role_money"] == {"settler": 0, "mayor": 0, "builder": 0, "craftsman": 1, "trader": 1, "captain": 1}
    s = answer_defaults(s, until=lambda st: st["round"] == 3, chooser_roles=prefs)
    assert s["role_money"] == {"settler": 0, "mayor": 0, "builder": 0, "craftsman": 2, "trader": 2, "captain": 2}
    # round 3: the Governor (seat 2) takes the Trader and its 2 doubloons
    assert s["governor"] == 2
    before = s["boards"][2]["doubloons"]
    s, events = act(s, 2, "role trader")
    # nobody has goods (no Craftsman yet), so every sale is a forced pass
    assert s["boards"][2]["doubloons"] == before + 2
    assert events[0] == {"kind": "role", "player": 2, "role": "trader", "doubloons": 2}
    assert s["role_money"]["trader"] == 0


def test_a_role_chosen_this_round_cannot_be_chosen_again():
    s = make_game(4)
    s, _ = act(s, 0, "role prospector")
    assert "role prospector" not in texts(s, 1)
    assert len(texts(s, 1)) == 6
    assert illegal(s, 1, "role prospector").code == "unknown"
    with pytest.raises(IllegalAction) as err:
        play.apply(G, s, 1, {"verb": "role", "role": "prospector"})
    assert err.value.code == "illegal_action"
