"""Set-up per player count (teaching script §ゲームの準備)."""

from __future__ import annotations

from collections import Counter

import pytest
from rc_helpers import new_game, prompt

from engine.core import IllegalAction, play
from engine.red_cathedral import GAME, board
from engine.red_cathedral import model as m


def test_s01_starting_rubles_by_seat() -> None:
    assert [s["rubles"] for s in new_game(4)["seats"]] == [3, 4, 4, 5]
    assert [s["rubles"] for s in new_game(3)["seats"]] == [3, 4, 4]
    assert [s["rubles"] for s in new_game(2)["seats"]] == [3, 4]


def test_s02_every_marker_starts_on_space_2() -> None:
    for n in (2, 3, 4):
        assert [s["pos"] for s in new_game(n)["seats"]] == [2] * n


@pytest.mark.parametrize("seed", range(6))
def test_s03_dice_start_one_each_from_the_cross_tile_clockwise(seed: int) -> None:
    state = new_game(3, seed)
    pack = board.pack_of(state)
    cross = next(i for i, s in enumerate(state["spaces"]) if pack.resource_tiles[s["tile"]].cross)
    counts = [len(state["spaces"][(cross + k) % 8]["dice"]) for k in range(8)]
    assert counts == [1, 1, 1, 1, 1, 0, 0, 0]
    assert sorted(c for s in state["spaces"] for c in s["dice"]) == sorted(m.DICE)
    assert all(1 <= f <= 6 for f in state["faces"].values())


def test_s03_the_roll_order_varies_with_the_seed() -> None:
    firsts = set()
    for seed in range(12):
        state = new_game(2, seed)
        cross = next(i for i, s in enumerate(state["spaces"]) if s["tile"] == "rt-rp")
        firsts.add(state["spaces"][cross]["dice"][0])
    assert len(firsts) > 1


@pytest.mark.parametrize("seed", range(5))
def test_s04_two_players_never_see_a_3plus_tile(seed: int) -> None:
    state = new_game(2, seed)
    pack = board.pack_of(state)
    assert len(state["sections"]) == 12
    assert not any(pack.tiles[s["tile"]].three_plus for s in state["sections"])


@pytest.mark.parametrize(("players", "towers"), [(2, 4), (3, 5), (4, 6)])
def test_the_cathedral_follows_a_plan_of_the_player_count(players: int, towers: int) -> None:
    state = new_game(players)
    pack = board.pack_of(state)
    plan = pack.plans[state["plan"]]
    assert plan.players == players and len(state["towers"]) == towers
    assert len(state["sections"]) == 6 * players
    for tower, middles in zip(state["towers"], plan.middles, strict=True):
        levels = [pack.sections[state["sections"][i]["card"]].level for i in tower]
        assert levels == ["base"] + ["middle"] * middles + ["dome"]
    cards = [s["card"] for s in state["sections"]]
    tiles = [s["tile"] for s in state["sections"]]
    assert len(set(cards)) == len(cards) and len(set(tiles)) == len(tiles)


def test_three_plus_tiles_are_used_from_three_players() -> None:
    pack = board.pack_of(new_game(3))
    seen = {s["tile"] for seed in range(10) for s in new_game(3, seed)["sections"]}
    assert any(pack.tiles[t].three_plus for t in seen)


def test_one_influence_card_per_guild_and_the_guilds_dealt_to_quadrants() -> None:
    state = new_game(2)
    pack = board.pack_of(state)
    assert sorted(state["quadrants"]) == sorted(m.GROUPS)
    assert all(pack.influence[c].group == g for g, c in state["influence"].items())
    orders = {tuple(new_game(2, seed)["quadrants"]) for seed in range(10)}
    assert len(orders) > 1  # ⚠ dealt at random


def test_each_space_gets_one_resource_tile() -> None:
    state = new_game(4)
    assert sorted(s["tile"] for s in state["spaces"]) == sorted(board.pack_of(state).resource_tiles)


@pytest.mark.parametrize("workshop", ["basic", "advanced"])
def test_each_player_starts_with_banners_ornaments_and_an_empty_workshop(workshop: str) -> None:
    state = new_game(4, workshop=workshop)
    for p, me in enumerate(state["seats"]):
        assert me["colour"] == ("red", "blue", "yellow", "green")[p]
        assert me["banners"] == {"inventory": 4, "board": 2}
        assert board.capacity(state, p) == 6 and board.held(state, p) == 0
        assert set(me["slots"].values()) == {None}
        expected = {"door": 1, "arch": 2, "cross": 1} if workshop == "basic" else {"door": 0, "arch": 0, "cross": 0}
        assert me["ornaments"] == expected
    assert state["supply"] == {"lumber": 20, "brick": 20, "stone": 20, "gold": 15, "green": 10, "purple": 10}


def test_the_first_seat_is_asked_the_main_action() -> None:
    seat, kind, options = prompt(new_game(3))
    assert (seat, kind) == (0, "main")
    assert options == ["claim", "market"]  # nothing to build yet, nothing to sell


def test_solo_and_five_players_are_refused() -> None:
    for names in (["Ann"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(IllegalAction, match="needs 2–4 players"):
            play.new_game(GAME, names, {}, 1)


def test_the_workshop_side_is_a_table_option() -> None:
    state, _ = play.new_game(GAME, ["A", "B"], {"workshop": "advanced"}, 1)
    assert state["options"] == {"workshop": "advanced"}
    with pytest.raises(IllegalAction, match="cannot be `expert`"):
        play.new_game(GAME, ["A", "B"], {"workshop": "expert"}, 1)


def test_the_same_seed_deals_the_same_table() -> None:
    assert play.dumps(new_game(3, 9)) == play.dumps(new_game(3, 9))
    assert play.dumps(new_game(3, 9)) != play.dumps(new_game(3, 10))


def test_levels_counter_matches_plan() -> None:
    state = new_game(4)
    pack = board.pack_of(state)
    levels = Counter(pack.sections[s["card"]].level for s in state["sections"])
    plan = pack.plans[state["plan"]]
    assert levels == {"base": 6, "middle": sum(plan.middles), "dome": 6}
