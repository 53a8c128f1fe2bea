"""Table options: validation, the variant rule, the 2-player 5-choice
order, expansion set-up, and the expansion building tables."""

from __future__ import annotations

import pytest
from pr_exp_helpers import exp_game
from pr_helpers import (
    EXPANSION_TABLE,
    NAMES,
    G,
    act,
    asked,
    check_invariants,
    make_game,
    of_kind,
    offer,
    set_board,
    start_role,
    texts,
)

from engine.core import IllegalAction, play


def test_options_are_declared_with_defaults_that_give_the_base_game():
    names = {o.name: o for o in G.spec.options}
    assert list(names) == ["variant", "two_player", "expansions", "selection", "draft_restrictions"]
    assert {n: o.default for n, o in names.items()} == {
        "variant": "off",
        "two_player": "official",
        "expansions": "none",
        "selection": "draft",
        "draft_restrictions": "off",
    }
    assert set(names["expansions"].choices) == {"none", "new_buildings", "nobles", "both"}
    base = make_game(4)
    assert "draft" not in base and "nobles" not in base["supply"] and "captain_vp" not in base["boards"][0]


@pytest.mark.parametrize(
    "players,options,needle",
    [
        (3, {"two_player": "five_choices"}, "2 players"),
        (4, {"selection": "random"}, "expansion game"),
        (2, {"draft_restrictions": "on"}, "expansion game"),
        (4, {"expansions": "nobles", "draft_restrictions": "on"}, "New Buildings"),
        (4, {"expansions": "all"}, "cannot be"),
    ],
)
def test_options_that_do_not_apply_are_refused_with_a_friendly_message(players, options, needle):
    with pytest.raises(IllegalAction) as err:
        play.new_game(G, NAMES[:players], options, 1)
    assert err.value.code == "bad_option" and needle in str(err.value)


def test_every_valid_combination_starts():
    for expansions in ("none", "new_buildings", "nobles", "both"):
        for players in (2, 3, 4, 5):
            options = {"expansions": expansions, "variant": "on"}
            if expansions != "none":
                options["selection"] = "random"
            if expansions in ("new_buildings", "both"):
                options["draft_restrictions"] = "on"
            if players == 2:
                options["two_player"] = "five_choices"
            state, _ = play.new_game(G, NAMES[:players], options, 3)
            check_invariants(state)


# --- the variant rule -------------------------------------------------------------------


@pytest.mark.parametrize("players,money", [(2, [3, 2]), (3, [2, 2, 1]), (4, [3, 3, 2, 2]), (5, [4, 4, 4, 3, 3])])
def test_variant_corn_starters_get_one_doubloon_less(players, money):
    s = make_game(players, variant="on")
    assert [b["doubloons"] for b in s["boards"]] == money
    plain = make_game(players)
    assert [b["doubloons"] for b in plain["boards"]] == [money[0]] * players


def test_variant_swaps_factory_and_university_costs():
    s = make_game(4, variant="on")
    set_board(s, 0, doubloons=7)
    s, _ = start_role(s, 3, "builder")
    s, _ = act(s, 3, "pass")
    assert "build university" in texts(s, 0) and "build factory" not in texts(s, 0)
    s, events = act(s, 0, "build university")
    assert of_kind(events, "build")[0]["cost"] == 7
    plain = make_game(4)
    set_board(plain, 0, doubloons=7)
    plain, _ = start_role(plain, 3, "builder")
    plain, _ = act(plain, 3, "pass")
    assert "build factory" in texts(plain, 0) and "build university" not in texts(plain, 0)


# --- 2 players: the 5-choice order -------------------------------------------------------


def test_five_choices_alternate_and_the_next_round_starts_with_the_other_player():
    s = make_game(2, two_player="five_choices")
    order = []
    roles_left = []
    for _ in range(10):
        seat = asked(s)[0][1]
        assert asked(s)[0][0] == "role"
        order.append(seat)
        legal = [t for t in texts(s, seat) if t.startswith("role ")]
        if len(order) == 5:
            roles_left = [t[5:] for t in legal]
        pick = next(t for t in legal if t == "role prospector") if "role prospector" in legal else legal[0]
        s, events = act(s, seat, pick)
        while s["decision"] is None or s["decision"]["kind"] != "role" or s["frames"]:
            d = play.pending(G, s)[0]
            s, more = play.apply(G, s, d.player, d.default if d.default is not None else d.options[0])
            events += more
        if len(order) == 5:
            rnd = of_kind(events, "round")[0]
            assert rnd["governor"] == 1
            assert len(rnd["bonus_roles"]) == 2  # two roles left over each get +1
            assert all(s["role_money"][r] == 1 for r in rnd["bonus_roles"])
            assert len(roles_left) == 3
    assert order == [0, 1, 0, 1, 0, 1, 0, 1, 0, 1]


def test_official_two_player_order_is_unchanged():
    s = make_game(2)
    assert s["choosers"] == [0, 1, 0, 1, 0, 1]
    assert make_game(2, two_player="five_choices")["choosers"] == [0, 1, 0, 1, 0]


# --- expansion set-up -------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 4])
def test_expansion_building_copies(players):
    s = exp_game(players, expansions="both")
    for b, n in s["buildings"].items():
        data = EXPANSION_TABLE.get(b)
        if data is not None:
            assert n == (1 if players == 2 else data[4]), b


def test_expansion_building_data_matches_the_published_tables():
    from engine.puerto_rico.data import BUILDINGS

    assert {b for b, d in BUILDINGS.items() if d.set != "base"} == set(EXPANSION_TABLE)
    for b, (cost, vp, column, circles, copies, large, set_) in EXPANSION_TABLE.items():
        d = BUILDINGS[b]
        assert (d.cost, d.vp, d.column, d.circles, d.copies, d.copies_two_player, d.large, d.set) == (
            cost,
            vp,
            column,
            circles,
            copies,
            1,
            large,
            set_,
        ), b


def test_expansion_games_track_captain_chips_and_forests_in_views():
    s = exp_game(4, expansions="new_buildings")
    view = G.public_view(s)
    assert view["options"] == {"expansions": "new_buildings", "selection": "random"}
    assert len(view["market"]) == 17 and view["boards"][0]["forests"] == 0
    assert "nobles" not in view
    s = exp_game(4, expansions="nobles")
    view = G.public_view(s)
    assert view["nobles"] == {"supply": 19, "ship": 1} and view["boards"][0]["nobles"] == {}
    offer(s, "chapel")
    set_board(s, 0, city={"chapel": 1}, nobles={"chapel": 1})
    assert G.public_view(s)["boards"][0]["nobles"] == {"chapel": 1}
    assert "nobles: chapel 1" in G.view_text(G.view(s, 0))
