"""Prospector, game end and final scoring (large buildings; the wiki page's end-bonus examples)."""

from __future__ import annotations

import pytest
from pr_helpers import (
    BUILDING_TABLE,
    G,
    act,
    asked,
    check_invariants,
    final,
    illegal,
    make_game,
    of_kind,
    role_turn,
    set_board,
    set_colonist_supply,
    set_vp_supply,
    start_role,
    texts,
)

from engine.core import IllegalAction, play


def _finish(s, reason="city"):
    """Mark an end condition and play the round's last role (the Prospector, 4p)."""
    s["end"] = [reason]
    role_turn(s, 3, choice=3)
    s, events = act(s, 3, "role prospector")
    assert s["over"]
    return s, events


def _row(s, seat):
    return final(s, seat)


# --- Prospector -------------------------------------------------------------------------


def test_prospector_gives_the_chooser_one_doubloon_and_nobody_else_acts():
    s = make_game(4)
    s["role_money"]["prospector"] = 2
    money = [b["doubloons"] for b in s["boards"]]
    s, events = start_role(s, 1, "prospector")
    assert [b["doubloons"] for b in s["boards"]] == [money[0], money[1] + 1 + 2, money[2], money[3]]
    assert asked(s) == [("role", 2)]
    assert [e["kind"] for e in events] == ["role", "prospect"]


def test_five_players_have_two_prospectors_both_pay():
    s = make_game(5)
    s, _ = act(s, 0, "role prospector")
    assert "role prospector-2" in texts(s, 1) and "role prospector" not in texts(s, 1)
    s, _ = act(s, 1, "role prospector-2")
    assert [b["doubloons"] for b in s["boards"]][:2] == [5, 5]


# --- game end ---------------------------------------------------------------------------


def _play_out_round(s):
    """Answer everything with defaults/first options until the round is over."""
    start = s["round"]
    while not s["over"] and s["round"] == start:
        d = play.pending(G, s)[0]
        s, _ = play.apply(G, s, d.player, d.default or d.options[0])
    return s


def test_city_full_ends_the_game_only_at_the_end_of_the_round():
    s = make_game(4)
    set_board(s, 0, doubloons=30, city={b: 0 for b in list(BUILDING_TABLE)[:10]})
    for seat in (1, 2, 3):
        set_board(s, seat, doubloons=0)
    s, _ = act(s, 0, "role builder")
    s, events = act(s, 0, "build fortress")
    assert {"kind": "end_triggered", "reason": "city"} in events
    # the other players still build (they cannot afford anything: forced passes), and the
    # three remaining role choices of the round are still played
    assert asked(s) == [("role", 1)]
    s, _ = act(s, 1, "role prospector")
    assert not s["over"]
    s, _ = act(s, 2, "role settler")
    while asked(s) and asked(s)[0][0] == "settle":
        seat = asked(s)[0][1]
        s, _ = act(s, seat, "pass")
    assert asked(s) == [("role", 3)] and not s["over"]
    s, events = act(s, 3, "role trader")
    assert s["over"]
    assert s["round"] == 1 and s["governor"] == 0
    assert of_kind(events, "game_over")[0]["reasons"] == ["city"]
    assert play.pending(G, s) == []
    assert texts(s, 0) == []
    with pytest.raises(IllegalAction) as err:
        play.parse_action(G, s, 0, "role mayor")
    assert err.value.code == "game_over"
    with pytest.raises(IllegalAction) as err:
        play.apply(G, s, 0, {"verb": "pass"})
    assert err.value.code == "game_over"


def test_colonist_shortage_ends_the_game_at_the_end_of_the_round():
    s = make_game(4)
    set_colonist_supply(s, supply=2)
    s, _ = act(s, 0, "role mayor")
    s, events = act(s, 0, "pass")
    assert s["end"] == ["colonists"] and not s["over"]
    s = _play_out_round(s)
    assert s["over"]
    assert s["result"]["players"][0]["total"] >= 0


def test_vp_exhaustion_ends_the_game_at_the_end_of_the_round():
    s = make_game(4)
    set_vp_supply(s, 1)
    set_board(s, 1, goods={"corn": 2})
    s, _ = start_role(s, 1, "captain", choice=0)
    s, _ = act(s, 1, "ship corn 5")
    assert s["end"] == ["vp"] and not s["over"]
    assert s["supply"]["vp"] == 1 - 3
    s = _play_out_round(s)
    assert s["over"]
    assert _row(s, 1).breakdown["vp chips"] == 3
    check_invariants(s)


def test_two_end_conditions_are_both_reported():
    s = make_game(4)
    set_colonist_supply(s, supply=0)
    set_vp_supply(s, 1)
    set_board(s, 0, goods={"corn": 1})
    s, _ = act(s, 0, "role captain")
    s, _ = act(s, 0, "ship corn 5")
    s, _ = act(s, 1, "role mayor")
    assert s["end"] == ["vp", "colonists"]
    s = _play_out_round(s)
    assert s["over"] and s["result"] is not None


def test_game_over_not_reached_without_a_trigger():
    s = make_game(4)
    s = _play_out_round(s)
    assert not s["over"] and s["round"] == 2 and s["result"] is None
    assert G.outcome(s) is None


# --- scoring ----------------------------------------------------------------------------


def test_score_is_chips_plus_printed_vp_even_unoccupied():
    s = make_game(4)
    set_board(s, 0, vp=7, city={"harbor": 0, "small-market": 1, "coffee-roaster": 0})
    s, _ = _finish(s)
    row = _row(s, 0)
    assert row.breakdown["vp chips"] == 7
    assert row.breakdown["buildings"] == 3 + 1 + 3
    assert row.total == 14


def test_guild_hall_counts_coffee_roaster_as_large_and_small_sugar_as_small():
    s = make_game(4)
    set_board(
        s,
        0,
        city={"guild-hall": 1, "small-sugar-mill": 0, "coffee-roaster": 0, "indigo-plant": 0, "small-indigo-plant": 1},
    )
    s, _ = _finish(s)
    assert _row(s, 0).total == (4 + 1 + 3 + 2 + 1) + (1 + 2 + 2 + 1)


@pytest.mark.parametrize("tiles,bonus", [(3, 4), (9, 4), (10, 5), (11, 6), (12, 7)])
def test_residence_by_island_tiles(tiles, bonus):
    s = make_game(4)
    quarries = 3 if tiles > 3 else 1
    # quarries and empty plantations count
    set_board(s, 0, island={"quarry": (quarries, 0), "corn": (tiles - quarries, 1)}, city={"residence": 1})
    s, _ = _finish(s)
    assert _row(s, 0).total == 4 + bonus


@pytest.mark.parametrize("placed,san_juan,bonus", [(18, 2, 6), (17, 1, 6), (17, 0, 5), (2, 0, 0)])
def test_fortress_counts_colonists_on_board_and_in_san_juan(placed, san_juan, bonus):
    s = make_game(4)
    # the Fortress's own colonist is one of `placed`
    set_board(s, 0, island={"corn": (placed - 1, placed - 1)}, city={"fortress": 1}, san_juan=san_juan)
    s, _ = _finish(s)
    assert _row(s, 0).total == 4 + bonus


@pytest.mark.parametrize("chips,bonus", [(23, 5), (24, 6), (3, 0), (0, 0)])
def test_customs_house_per_four_chips(chips, bonus):
    s = make_game(4)
    set_board(s, 0, vp=chips, city={"customs-house": 1})
    s, _ = _finish(s)
    assert _row(s, 0).total == chips + 4 + bonus


def test_all_five_large_buildings_only_when_occupied():
    s = make_game(4)
    larges = ["guild-hall", "residence", "fortress", "customs-house", "city-hall"]
    set_board(s, 0, vp=8, island={"corn": (6, 6)}, city={b: 1 for b in larges} | {"sugar-mill": 0})
    s, _ = _finish(s)
    row = _row(s, 0)
    printed = 5 * 4 + 2
    # guild 2; residence 4 (6 tiles ≤ 9); fortress (6 + 5) // 3 = 3;
    # customs 8 // 4 = 2; city hall 5
    assert row.breakdown["buildings"] == printed
    assert row.total == 8 + printed + 2 + 4 + 3 + 2 + 5
    s2 = make_game(4)
    set_board(s2, 0, vp=8, island={"corn": (6, 6)}, city={b: 0 for b in larges} | {"sugar-mill": 0})
    s2, _ = _finish(s2)
    assert _row(s2, 0).total == 8 + printed


def test_winner_and_tie_break_doubloons_plus_goods():
    s = make_game(4)
    set_board(s, 0, vp=10, doubloons=1, goods={"corn": 3})  # 10, tie-break 4
    set_board(s, 1, vp=10, doubloons=5, goods={})  # 10, tie-break 5
    set_board(s, 2, vp=9, doubloons=20)
    set_board(s, 3, vp=0, doubloons=0)
    s, _ = _finish(s)
    outcome = G.outcome(s)
    assert outcome.winners == (1,)
    assert [(r.seat, r.rank, r.tie_break) for r in outcome.results[:2]] == [
        (1, 1, {"doubloons + goods": 5}),
        (0, 2, {"doubloons + goods": 4}),
    ]
    assert not outcome.shared


def test_goods_break_the_tie():
    s = make_game(4)
    set_board(s, 0, vp=10, doubloons=1, goods={"coffee": 2, "corn": 3})  # tie-break 6
    set_board(s, 1, vp=10, doubloons=5, goods={})  # tie-break 5
    s, _ = _finish(s)
    assert G.outcome(s).winners == (0,)


def test_further_tie_is_shared():
    s = make_game(4)
    # seat 3 takes the last Prospector (+1): 3 + 1 doubloons against 3 + 1 corn
    set_board(s, 1, vp=10, doubloons=3, goods={"corn": 1})
    set_board(s, 3, vp=10, doubloons=3)
    s, events = _finish(s)
    outcome = G.outcome(s)
    assert outcome.winners == (1, 3) and [r.rank for r in outcome.results] == [1, 1, 3, 3]
    assert outcome.shared is True
    assert sorted(of_kind(events, "game_over")[0]["winners"]) == [1, 3]


def test_scores_visible_in_every_view_after_the_game():
    s = make_game(4)
    set_board(s, 2, vp=37)
    s, _ = _finish(s)
    assert G.public_view(s)["result"]["players"][2]["vp_chips"] == 37
    assert illegal(s, 0, "pass").code == "game_over"
