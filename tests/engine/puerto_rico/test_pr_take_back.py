"""Taking back an answer to a parallel decision (issue 11): the Mayor's layout and the
Captain's storage, while the window is open; the rule itself is the core's."""

from __future__ import annotations

import random

from pr_exp_helpers import exp_game
from pr_helpers import (
    NAMES,
    G,
    act,
    asked,
    check_invariants,
    goods_of,
    illegal,
    make_game,
    of_kind,
    set_board,
    set_cargo,
    set_colonist_supply,
    set_noble_supply,
    start_role,
    texts,
)

from engine.core import play


def _mayor_window():
    """4p Mayor: seats 0 and 2 place colonists (2 and 1 people); seats 1 and 3 are forced."""
    s = make_game(4)
    set_board(s, 0, island={"corn": (2, 1), "indigo": (1, 0)}, city={"small-market": 0, "indigo-plant": 0})
    set_board(s, 2, island={"corn": (1, 0), "sugar": (1, 0)}, city={"small-sugar-mill": 0})
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    assert sorted(asked(s)) == [("mayor_layout", 0), ("mayor_layout", 2)]
    return s


def test_a_layout_is_taken_back_and_the_window_closes_with_the_new_one():
    s = _mayor_window()
    s, _ = act(s, 0, "layout corn 2")
    assert texts(s, 0) == ["take back"] and G.view(s, 0)["my_layout"] == {"corn": 2}
    s, events = act(s, 0, "take back")
    assert [play.event_text(G, s, e).public for e in events] == ["Ann takes back their answer."]
    assert sorted(asked(s)) == [("mayor_layout", 0), ("mayor_layout", 2)]
    assert "my_layout" not in G.view(s, 0) and G.public_view(s)["submitted"] == []
    assert s["boards"][0]["island"]["corn"] == [2, 1]  # nothing placed yet
    s, _ = act(s, 0, "place small-market")  # answered differently, step by step
    s, _ = act(s, 0, "place indigo")
    s, events = act(s, 2, "layout sugar 1")
    assert of_kind(events, "layouts")[0]["layouts"]["0"] == {"small-market": 1, "indigo": 1}
    b0 = s["boards"][0]
    assert b0["island"] == {"corn": [2, 0], "indigo": [1, 1]} and b0["city"]["small-market"] == 1
    assert asked(s) == [("role", 1)]
    check_invariants(s)


def test_nothing_is_taken_back_after_the_last_layout_and_nobody_takes_back_for_another():
    s = _mayor_window()
    s, _ = act(s, 0, "layout corn 2")
    err = illegal(s, 2, "take back")  # Cy still owes hers: nothing to take back
    assert err.code == "nothing_to_take_back" and "`place sugar`" in err.message
    assert illegal(s, 1, "take back").code == "nothing_to_take_back"  # forced, never asked
    assert texts(s, 1) == [] and texts(s, 3) == []
    s, _ = act(s, 2, "layout corn 1")
    for seat in (0, 2):
        err = illegal(s, seat, "take back")
        assert err.code == "nothing_to_take_back" and "Waiting for Bob" in err.message
    assert s["boards"][0]["island"]["corn"] == [2, 2]


def test_a_taken_back_noble_placement_is_replaced():
    s = exp_game(4, 1, expansions="nobles")
    set_board(s, 0, island={"corn": (2, 0)}, city={"chapel": 0}, san_juan=2, nobles={"san_juan": 1})
    set_board(s, 1, island={"corn": (1, 0), "sugar": (1, 0)}, san_juan=1)
    set_colonist_supply(s, ship=0)
    set_noble_supply(s, ship=0)
    s, _ = start_role(s, 0, "mayor")
    s, _ = act(s, 0, "pass")
    s, _ = act(s, 0, "layout corn 1 chapel 1 nobles chapel 1")
    s, _ = act(s, 0, "take back")
    s, _ = act(s, 0, "layout corn 1 chapel 1 nobles corn 1")
    s, events = act(s, 1, "layout sugar 1")
    assert of_kind(events, "layouts")[0]["nobles"] == {"0": {"corn": 1}}
    assert s["boards"][0]["nobles"] == {"corn": 1}
    check_invariants(s)


def test_storage_is_held_until_the_last_choice_so_it_can_be_changed():
    s = make_game(4)
    set_cargo(s, (None, 0), ("indigo", 6), ("corn", 7))
    set_board(s, 0, goods={"corn": 2, "sugar": 2, "coffee": 1})
    set_board(s, 3, goods={"indigo": 1, "tobacco": 1})
    s, _ = start_role(s, 0, "captain")
    s, _ = act(s, 0, "ship coffee 5")
    s, _ = act(s, 3, "keep 1 tobacco")
    assert goods_of(s, 3) == {"indigo": 1, "tobacco": 1}  # stored only once everybody has chosen
    s, _ = act(s, 3, "take back")
    assert sorted(asked(s)) == [("keep", 0), ("keep", 3)]
    s, _ = act(s, 3, "keep 1 indigo")
    s, _ = act(s, 0, "keep 1 sugar")
    assert goods_of(s, 0) == {"sugar": 1} and goods_of(s, 3) == {"indigo": 1}
    assert illegal(s, 3, "take back").code == "nothing_to_take_back"
    check_invariants(s)


def test_a_game_with_take_backs_replays_exactly_from_its_log():
    """A random 4p game up to its first Mayor window with two players asked: the first
    answers, takes it back and answers differently; the log replays to the same state."""
    rnd = random.Random(5)
    state, _ = play.new_game(G, NAMES[:4], {}, 3)
    log: list[tuple[int, str]] = []

    def play_text(seat: int, text: str) -> None:
        nonlocal state
        log.append((seat, text))
        state, _ = play.apply(G, state, seat, play.parse_action(G, state, seat, text))

    while not (state["frames"] and state["frames"][-1]["kind"] == "mayor_layout" and len(asked(state)) >= 2):
        d = rnd.choice(play.pending(G, state))
        play_text(d.player, play.action_text(G, d.options[0] if d.kind == "mayor_layout" else rnd.choice(d.options)))
    first, seat = play.pending(G, state)[0], asked(state)[0][1]
    play_text(seat, play.action_text(G, first.options[0]))
    play_text(seat, "take back")
    while state["frames"]:  # the window closes: place step by step (the last option each time)
        d = play.pending(G, state)[0]
        play_text(d.player, play.action_text(G, d.options[-1] if d.player == seat else d.options[0]))
    assert (seat, "take back") in log
    assert play.dumps(play.replay(G, NAMES[:4], {}, 3, log)) == play.dumps(state)
