"""The Guest House window [S]: guests move at the start, in the middle or at the end
of any phase. Where something the owner gets is settled with no prompt of theirs first, the
owner is asked (``guests``) — only when a move could change it — with ``guests stay`` as the
default."""

from __future__ import annotations

import random

from pr_exp_helpers import exp_game, finish_with_prospector
from pr_helpers import (
    NAMES,
    G,
    act,
    asked,
    check_invariants,
    goods_of,
    kinds,
    of_kind,
    role_turn,
    set_board,
    set_cargo,
    start_role,
    texts,
)

from engine.core import play


def _storage_scene(guests: int = 1, city: dict[str, int] | None = None):
    """Seat 0 holds 5 corn that no ship takes; seat 1 calls the Captain."""
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, ("indigo", 1), ("sugar", 1), ("tobacco", 1))
    set_board(
        s, 0, goods={"corn": 5}, island={}, city=city if city is not None else {"guest-house": guests, "storehouse": 0}
    )
    return start_role(s, 1, "captain")[0]


# --- the three situations of the issue -----------------------------------------------------


def test_end_of_captain_a_guest_moved_to_the_storehouse_keeps_the_corn():
    s = _storage_scene()
    assert asked(s) == [("guests", 0)]  # before storage: nobody else is asked anything
    assert texts(s, 0)[0] == "guests stay" and "guest storehouse" in texts(s, 0)
    s, events = act(s, 0, "guest storehouse")  # the only guest moved: the window closes itself
    assert kinds(events)[:2] == ["guest", "keep"]
    assert goods_of(s, 0) == {"corn": 4}  # 1 barrel + 3 in the Storehouse: 1 spoils, not 4
    assert s["boards"][0]["city"] == {"guest-house": 0, "storehouse": 1}
    assert asked(s) == [("role", 2)]
    check_invariants(s)


def test_start_of_captain_a_guest_moved_to_the_wharf_lets_the_owner_ship():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, ("corn", 1), ("indigo", 1), ("sugar", 1))  # no ship takes coffee
    set_board(s, 0, goods={"coffee": 3}, island={}, city={"guest-house": 1, "wharf": 0})
    s, _ = start_role(s, 1, "captain")
    assert asked(s) == [("guests", 0)]
    assert "start of the Captain phase" in play.pending(G, s)[0].prompt
    s, _ = act(s, 0, "guest wharf")
    assert asked(s) == [("ship", 0)]  # asked now: the Wharf works at once
    assert "ship coffee wharf" in texts(s, 0)
    s, events = act(s, 0, "ship coffee wharf")
    assert of_kind(events, "ship")[0]["amount"] == 3 and s["boards"][0]["vp"] == 3
    assert goods_of(s, 0) == {}
    check_invariants(s)


def test_craftsman_chosen_by_another_a_guest_moved_to_the_roaster_produces_coffee():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={"coffee": (1, 1)}, city={"guest-house": 1, "coffee-roaster": 0})
    s, events = start_role(s, 2, "craftsman")
    assert asked(s) == [("guests", 0)] and not of_kind(events, "produce")
    assert "before production" in play.pending(G, s)[0].prompt
    s, events = act(s, 0, "guest coffee-roaster")
    assert {"kind": "produce", "player": 0, "goods": [0, 0, 0, 0, 1], "factory": 0} in events
    assert goods_of(s, 0) == {"coffee": 1}
    check_invariants(s)


# --- moving repeatedly, finishing, the default ----------------------------------------------


def test_two_guests_move_one_at_a_time_when_only_both_together_produce():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={"coffee": (1, 0)}, city={"guest-house": 2, "coffee-roaster": 0})
    s, _ = start_role(s, 2, "craftsman")
    assert asked(s) == [("guests", 0)]  # one guest alone would change nothing
    s, events = act(s, 0, "guest coffee-roaster")
    assert kinds(events) == ["guest"] and asked(s) == [("guests", 0)]  # still open
    s, events = act(s, 0, "guest coffee")  # the last guest: the window closes itself
    assert goods_of(s, 0) == {"coffee": 1} and of_kind(events, "produce")
    check_invariants(s)


def test_guests_stay_finishes_the_window_after_a_move():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={"coffee": (2, 2)}, city={"guest-house": 2, "coffee-roaster": 0})
    s, _ = start_role(s, 2, "craftsman")
    s, _ = act(s, 0, "guest coffee-roaster")
    s, events = act(s, 0, "guests stay")
    assert of_kind(events, "guests_stay") and goods_of(s, 0) == {"coffee": 1}
    assert s["boards"][0]["city"] == {"guest-house": 1, "coffee-roaster": 1}


def test_the_default_leaves_the_guests_where_they_are_and_the_game_moves_on():
    s = _storage_scene()
    decision = play.pending(G, s)[0]
    assert decision.default == {"verb": "stay"} and G.action_text(decision.default) == "guests stay"
    s, events = play.apply(G, s, 0, decision.default)
    assert G.event_text(s, of_kind(events, "guests_stay")[0]).public == "Ann leaves the guests in the Guest House."
    assert goods_of(s, 0) == {"corn": 1}  # settled as before: 4 corn spoil
    assert s["boards"][0]["city"] == {"guest-house": 1, "storehouse": 0}
    assert asked(s) == [("role", 2)]


def test_window_state_is_plain_json_and_replays():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={"coffee": (1, 1)}, city={"guest-house": 1, "coffee-roaster": 0})
    s, _ = start_role(s, 2, "craftsman")
    reloaded = play.loads(play.dumps(s))
    assert reloaded == s and play.legal_texts(G, reloaded, 0) == texts(s, 0)
    frame = s["frames"][-1]
    assert frame["kind"] == "guests" and frame["seats"] == [0] and frame["resume"] == "role"
    after, _ = play.apply(G, reloaded, 0, play.parse_action(G, reloaded, 0, "guest coffee-roaster"))
    direct, _ = act(s, 0, "guest coffee-roaster")
    assert play.dumps(after) == play.dumps(direct)


# --- nobody is asked without a useful move --------------------------------------------------


def test_an_empty_guest_house_is_never_asked():
    s = _storage_scene(guests=0)
    assert ("guests", 0) not in asked(s) and goods_of(s, 0) == {"corn": 1}


def test_a_guest_without_a_relevant_empty_building_is_not_asked():
    # storage: only an empty Harbor and Small Market to move to
    s = _storage_scene(city={"guest-house": 2, "harbor": 0, "small-market": 0})
    assert asked(s) == [("role", 2)] and goods_of(s, 0) == {"corn": 1}
    # production: an empty Coffee Roaster but no coffee plantation
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={"corn": (1, 1)}, city={"guest-house": 2, "coffee-roaster": 0})
    s, events = start_role(s, 2, "craftsman")
    assert ("guests", 0) not in asked(s) and goods_of(s, 0) == {"corn": 1}
    # Captain start: an empty Wharf but no goods to ship
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={}, city={"guest-house": 1, "wharf": 0})
    s, _ = start_role(s, 1, "captain")
    assert ("guests", 0) not in asked(s)


def test_nothing_left_to_lose_in_storage_asks_nobody():
    s = _storage_scene(city={"guest-house": 1, "small-warehouse": 1, "storehouse": 0})
    assert asked(s) == [("role", 2)] and goods_of(s, 0) == {"corn": 5}  # the warehouse keeps all


def test_the_chooser_is_not_asked_again_their_role_prompt_offered_the_move():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 2, island={"coffee": (1, 1)}, city={"guest-house": 1, "coffee-roaster": 0})
    s, _ = start_role(s, 2, "craftsman")
    assert ("guests", 2) not in asked(s) and goods_of(s, 2) == {}
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 2, island={"coffee": (1, 1)}, city={"guest-house": 1, "coffee-roaster": 0})
    role_turn(s, 2)
    assert "guest coffee-roaster" in texts(s, 2)
    s, _ = act(s, 2, "guest coffee-roaster")
    s, _ = act(s, 2, "role craftsman")
    assert goods_of(s, 2) == {"coffee": 1}


def test_phases_settled_by_the_owners_own_prompts_open_no_window():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, doubloons=0, island={"quarry": (1, 0)}, city={"guest-house": 2, "hospice": 0})
    for role in ("settler", "builder", "trader"):
        s2, _ = start_role(s, 1, role)
        assert ("guests", 0) not in asked(s2), role


# --- the other moments ----------------------------------------------------------------------


def test_end_of_the_game_a_guest_mans_an_empty_large_building_before_scoring():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={}, city={"guest-house": 1, "city-hall": 0, "harbor": 1})
    s["end"] = ["city"]
    role_turn(s, 3, choice=3)
    s, _ = act(s, 3, "role prospector")
    assert not s["over"] and asked(s) == [("guests", 0)]
    assert "before scoring" in play.pending(G, s)[0].prompt
    s, events = act(s, 0, "guest city-hall")
    assert s["over"] and of_kind(events, "game_over")
    assert s["result"]["players"][0]["bonuses"] == {"city-hall": 3}  # harbor, guest house, itself


def test_end_of_the_game_without_a_useful_move_ends_at_once():
    s = exp_game(4, expansions="new_buildings")
    set_board(s, 0, island={}, city={"guest-house": 1, "harbor": 0})
    finish_with_prospector(s)


def test_end_of_settler_a_guest_can_man_the_hunting_lodge():
    s = exp_game(4, expansions="both")
    set_board(s, 0, island={"corn": (1, 1), "indigo": 1}, city={"guest-house": 1, "hunting-lodge": 0})
    for seat in (1, 2, 3):
        set_board(s, seat, island={"corn": 12})  # full islands: only Ann picks
    s, _ = start_role(s, 1, "settler")
    s, _ = act(s, 0, "pass")
    assert asked(s) == [("guests", 0)]
    s, _ = act(s, 0, "guest hunting-lodge")
    assert asked(s) == [("lodge", 0)] and "discard indigo" in texts(s, 0)


def test_start_of_mayor_a_guest_mans_an_empty_villa():
    s = exp_game(4, expansions="both")
    set_board(s, 0, island={}, city={"guest-house": 1, "villa": 0})
    s, _ = start_role(s, 1, "mayor")
    assert asked(s) == [("guests", 0)]
    s, _ = act(s, 0, "guest villa")
    assert asked(s) == [("mayor_privilege", 1)]  # the phase starts: the Mayor's privilege first
    s, events = act(s, 1, "pass")
    assert {"kind": "villa", "player": 0, "noble": True} in events


def test_an_owner_asked_what_to_keep_moves_guests_in_that_prompt_not_in_a_window():
    s = exp_game(4, expansions="new_buildings")
    set_cargo(s, ("coffee", 1), ("tobacco", 1), ("sugar", 1))
    set_board(s, 0, goods={"corn": 2, "indigo": 1}, island={}, city={"guest-house": 1, "large-warehouse": 0})
    s, _ = start_role(s, 1, "captain")
    assert asked(s) == [("keep", 0)] and "guest large-warehouse" in texts(s, 0)


# --- random games that keep their guests: the windows under the usual properties -------------


def _guest_keeping_game(players: int, seed: int, expansions: str):
    """Random choices, except that the Guest House is built and filled whenever possible and
    guests move only in the window, so windows open often. Yields (state, decision kinds)."""
    rnd = random.Random(seed)
    options = {"expansions": expansions, "selection": "random"}
    state, _ = play.new_game(G, NAMES[:players], options, seed)
    log = []
    while not state["over"]:
        decisions = play.pending(G, state)
        for d in decisions:
            assert len(d.options) >= 2 and (d.default is None or d.default in d.options or d.kind == "mayor_layout")
            if d.kind == "guests":
                assert d.default == {"verb": "stay"} and d.options[0] == d.default
                assert play.legal_texts(G, play.loads(play.dumps(state)), d.player) == texts(state, d.player)
        yield state, [d.kind for d in decisions]
        d = rnd.choice(decisions)
        wanted = [
            o
            for o in d.options
            if o.get("building") == "guest-house" or (o.get("verb") == "place" and o.get("target") == "guest-house")
        ]
        usual = [o for o in d.options if d.kind == "guests" or o.get("verb") != "guest"]
        action = rnd.choice(wanted or usual or list(d.options))
        log.append((d.player, G.action_text(action)))
        state, _ = play.apply(G, state, d.player, action)
        check_invariants(state)
    assert play.dumps(play.replay(G, NAMES[:players], options, seed, log)) == play.dumps(state)
    yield state, []


def test_random_games_that_keep_their_guests_open_windows_and_replay():
    moments = set()
    for players, seed, expansions in (
        (3, 6, "new_buildings"),
        (4, 4, "new_buildings"),
        (3, 10, "both"),
        (4, 10, "both"),
    ):
        for state, asked_kinds in _guest_keeping_game(players, seed, expansions):
            if "guests" in asked_kinds:
                moments.add(state["frames"][-1]["data"]["moment"])
    assert {"craftsman", "captain", "storage", "mayor", "final"} <= moments, moments
