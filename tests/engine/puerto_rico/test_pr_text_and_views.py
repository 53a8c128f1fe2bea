"""Action texts, forgiving parsing, errors, immutability, and hidden VP chips."""

from __future__ import annotations

import json

import pytest
from pr_helpers import (
    G,
    act,
    asked,
    illegal,
    make_game,
    random_game,
    set_board,
    set_cargo,
    start_role,
)

from engine.core import IllegalAction, play

# --- canonical texts --------------------------------------------------------------------


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13), (5, 14)])
def test_every_legal_action_round_trips_through_its_text_and_texts_are_unique(players, seed):
    checked = 0
    for state, *_ in random_game(players, seed):
        for seat in play.waiting_players(G, state):
            legal = play.legal_actions(G, state, seat)
            names = [G.action_text(a) for a in legal]
            assert len(set(names)) == len(names), names
            for action, text in zip(legal, names, strict=True):
                assert play.parse_action(G, state, seat, text) == action
                # and in capitals with underscores
                shouted = text.upper().replace("-", "_")
                assert play.parse_action(G, state, seat, shouted) == action
                checked += 1
    assert checked > 200


def test_forgiving_parsing_case_separators_and_prefixes():
    s = make_game(4)
    set_board(s, 0, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    want = {"verb": "build", "building": "large-market"}
    for typed in (
        "build large-market",
        "BUILD LARGE MARKET",
        "Build_Large_Market",
        "  build   large--market ",
        "build large-m",
        "bu large-ma",
        "b l m",
    ):
        assert play.parse_action(G, s, 0, typed) == want, typed
    assert play.parse_action(G, s, 0, "build coffee") == {"verb": "build", "building": "coffee-roaster"}
    assert play.parse_action(G, s, 0, "pa") == {"verb": "pass"}


def test_role_texts_parse_forgivingly():
    s = make_game(4)
    assert play.parse_action(G, s, 0, "Role Settler") == {"verb": "role", "role": "settler"}
    assert play.parse_action(G, s, 0, "role cap") == {"verb": "role", "role": "captain"}
    assert play.parse_action(G, s, 0, "r pr") == {"verb": "role", "role": "prospector"}


@pytest.mark.parametrize("typed", ["build small", "bu la", "build large"])
def test_ambiguous_texts_are_refused_with_the_choices(typed):
    s = make_game(4)
    set_board(s, 0, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    err = illegal(s, 0, typed)
    assert err.code == "ambiguous"
    assert len(err.legal) >= 2
    assert all(t.startswith("build ") for t in err.legal)


def test_two_prospectors_make_a_prefix_ambiguous_but_the_exact_text_is_fine():
    s = make_game(5)
    err = illegal(s, 0, "role prosp")
    assert err.code == "ambiguous"
    assert sorted(err.legal) == ["role prospector", "role prospector-2"]
    assert play.parse_action(G, s, 0, "role prospector") == {"verb": "role", "role": "prospector"}


@pytest.mark.parametrize("typed", ["build castle", "", "   ", "sell corn", "role king", "ship corn 9"])
def test_unknown_texts_are_refused_listing_what_is_legal(typed):
    s = make_game(4)
    set_board(s, 0, doubloons=20)
    s, _ = start_role(s, 0, "builder")
    err = illegal(s, 0, typed)
    assert err.code == "unknown"
    assert "pass" in err.legal
    assert "Legal now: `build small-indigo-plant`" in str(err)


def test_wrong_player_gets_not_your_turn_and_nothing_changes():
    s = make_game(4)
    for typed in ("role settler", "pass"):
        err = illegal(s, 2, typed)
        assert err.code == "not_your_turn"
        assert "Ann" in str(err)  # names who we are waiting for
    before = play.dumps(s)
    with pytest.raises(IllegalAction) as err:
        play.apply(G, s, 1, {"verb": "role", "role": "settler"})
    assert err.value.code == "not_your_turn"
    assert play.dumps(s) == before


def test_illegal_action_object_is_refused_and_the_input_is_untouched():
    s = make_game(4)
    set_board(s, 0, goods={"corn": 2})
    s, _ = start_role(s, 0, "captain")
    before = play.dumps(s)
    for bad in (
        {"verb": "pass"},
        {"verb": "ship", "good": "corn", "ship": 9},
        {"verb": "ship", "good": "coffee", "ship": 5},
        {"verb": "build", "building": "harbor"},
        {"verb": "ship", "good": "corn", "ship": "wharf"},
    ):
        with pytest.raises(IllegalAction) as err:
            play.apply(G, s, 0, bad)
        assert err.value.code == "illegal_action"
        assert sorted(err.value.legal) == ["ship corn 5", "ship corn 6", "ship corn 7"]
        assert play.dumps(s) == before


def test_apply_never_mutates_its_input_over_a_whole_game():
    for state, seat, action, _ in random_game(3, seed=5):
        if seat is None:
            prev = state
            continue
        # random_game applies from `prev`; replay that step and compare
        before = play.dumps(prev)
        play.apply(G, prev, seat, action)
        assert play.dumps(prev) == before
        prev = state


def test_layout_text_parsing_with_abbreviations():
    s = make_game(4)
    set_board(s, 0, island={"corn": (2, 0), "indigo": (1, 0)}, city={"small-market": 0, "indigo-plant": 0}, san_juan=1)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert asked(s) == [("mayor_layout", 0)]
    action = play.parse_action(G, s, 0, "Layout Indigo-Plant 1 small_m 1")
    assert action == {"verb": "layout", "layout": {"indigo-plant": 1, "small-market": 1}}
    assert play.parse_action(G, s, 0, G.action_text(action)) == action
    s, _ = play.apply(G, s, 0, action)
    assert s["boards"][0]["city"] == {"small-market": 1, "indigo-plant": 1}


# --- hidden VP chips --------------------------------------------------------------------


def _numbers(obj):
    """Every int anywhere inside a JSON-like value."""
    if isinstance(obj, bool):
        return
    if isinstance(obj, int):
        yield obj
    elif isinstance(obj, dict):
        for v in obj.values():
            yield from _numbers(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from _numbers(v)


def test_views_never_show_another_players_chips():
    s = make_game(4)
    set_board(s, 1, vp=37, goods={"corn": 1})
    set_board(s, 2, vp=58)
    set_board(s, 0, vp=3)
    public = G.public_view(s)
    json.dumps(public)
    assert 37 not in set(_numbers(public)) and 58 not in set(_numbers(public))
    assert "my_vp" not in public
    for seat in (0, 3):
        view = G.view(s, seat)
        json.dumps(view)
        assert 37 not in set(_numbers(view)) and 58 not in set(_numbers(view))
        assert view["my_vp"] == s["boards"][seat]["vp"]
        assert "37" not in G.view_text(view) and "58" not in G.view_text(view)
    assert G.view(s, 1)["my_vp"] == 37
    assert "37" in G.view_text(G.view(s, 1))


def test_views_do_not_depend_on_other_players_chips():
    """Two states that differ only in how the chips are split give equal views."""
    a, b = make_game(4), make_game(4)
    set_board(a, 1, vp=30)
    set_board(a, 2, vp=10)
    set_board(b, 1, vp=10)
    set_board(b, 2, vp=30)
    assert a["supply"]["vp"] == b["supply"]["vp"]
    assert G.public_view(a) == G.public_view(b)
    assert G.view(a, 0) == G.view(b, 0) and G.view(a, 3) == G.view(b, 3)
    assert G.view(a, 1) != G.view(b, 1)


def test_public_event_texts_never_carry_chips_private_ones_go_to_the_shipper():
    s = make_game(4)
    set_cargo(s, (None, 0), ("corn", 5), (None, 0))
    set_board(s, 0, goods={"sugar": 6, "corn": 1}, city={"harbor": 1}, vp=37)
    s, _ = start_role(s, 0, "captain")
    s, events = act(s, 0, "ship sugar 7")
    ships = [e for e in events if e["kind"] == "ship"]
    assert ships and s["boards"][0]["vp"] == 37 + 8 + 2
    for e in events:
        text = G.event_text(s, e)
        if text.public is not None:
            for secret in ("37", "45", "47", "VP", "chip"):
                assert secret not in text.public, (secret, text.public)
    for e in ships:
        text = G.event_text(s, e)
        assert str(e["vp"]) in text.private and text.player == e["player"]
    assert G.event_text(s, ships[0]).private.startswith("You score 8 VP")  # 6 + Harbor + Captain


@pytest.mark.parametrize("players,seed", [(2, 21), (5, 22)])
def test_no_public_text_or_view_reveals_chips_over_a_random_game(players, seed):
    for state, _seat, _action, events in random_game(players, seed):
        for e in events:
            text = G.event_text(state, e)
            if text.public is not None and e["kind"] != "end_triggered":  # "VP chips have run out"
                assert "VP" not in text.public and "chip" not in text.public.lower(), text.public
        if state["over"]:
            continue
        public = G.public_view(state)
        for board in public["boards"]:
            assert "vp" not in board
        assert "my_vp" not in public
        me = state["step"] % players
        assert G.view(state, me)["my_vp"] == state["boards"][me]["vp"]


def test_mayor_drafts_are_private():
    s = make_game(4)
    set_board(s, 0, island={"corn": (2, 0), "indigo": (1, 0)}, city={"small-market": 0}, san_juan=1)
    set_board(s, 2, island={"corn": (1, 0), "sugar": (1, 0)}, city={"small-sugar-mill": 0})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    s, events = act(s, 0, "place small-market")
    text = G.event_text(s, events[0])
    assert text.public is None and text.player == 0
    assert G.view(s, 0)["my_draft"] == {"small-market": 1}
    assert G.view(s, 2)["my_draft"] == {}
    assert "small-market" not in json.dumps(G.public_view(s)["waiting"])
    s, _ = act(s, 0, "layout corn 2")
    # seat 0 has answered: others see that, not what
    assert G.public_view(s)["submitted"] == [0]
    assert G.view(s, 0)["my_layout"] == {"corn": 2}
    assert "my_layout" not in G.view(s, 2)
    assert s["boards"][0]["island"]["corn"] == [2, 0]


@pytest.mark.parametrize(
    "bad", [{}, {"verb": "ship", "good": "corn"}, {"verb": "build"}, {"verb": "role"}, {"verb": "ship", "ship": 5}]
)
def test_malformed_action_dicts_raise_illegal_action(bad):
    """play.apply promises IllegalAction for anything not legal, also for a malformed
    action object from a buggy front end (not a KeyError from building the message)."""
    s = make_game(4)
    set_board(s, 0, goods={"corn": 2})
    s, _ = start_role(s, 0, "captain")
    before = play.dumps(s)
    with pytest.raises(IllegalAction) as err:
        play.apply(G, s, 0, bad)
    assert err.value.code == "illegal_action"
    assert play.dumps(s) == before
