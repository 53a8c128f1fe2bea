"""New Buildings for the Captain: Small Wharf, Lighthouse and Union Hall, driven
through play.apply with canonical texts."""

from __future__ import annotations

from pr_exp_helpers import exp_game
from pr_helpers import (
    G,
    act,
    asked,
    check_invariants,
    of_kind,
    set_board,
    set_cargo,
    start_role,
    texts,
)

from engine.core import play


def _nb(players=4, seed=1, **options):
    return exp_game(players, seed, expansions="new_buildings", **options)


# --- Small Wharf and Lighthouse ---------------------------------------------------------


def test_small_wharf_ships_any_mix_for_one_vp_per_two():
    s = _nb()
    set_cargo(s, ("indigo", 5), ("coffee", 6), ("sugar", 7))  # every ship full
    set_board(s, 0, goods={"corn": 3, "sugar": 1, "tobacco": 2}, city={"small-wharf": 1})
    s, _ = start_role(s, 1, "captain")
    while asked(s)[0] != ("ship", 0):
        d = play.pending(G, s)[0]
        s, _ = play.apply(G, s, d.player, d.options[0])
    assert texts(s, 0) == ["small-wharf", "pass"]
    s, _ = act(s, 0, "small-wharf")
    s, _ = act(s, 0, "load 3 corn")
    s, _ = act(s, 0, "load 1 sugar")
    s, events = act(s, 0, "load 2 tobacco")
    assert s["boards"][0]["vp"] == 3 and s["boards"][0]["goods"] == [0] * 5
    assert of_kind(events, "small_wharf")[0]["goods"] == [3, 0, 1, 2, 0]
    check_invariants(s)


def test_lighthouse_pays_the_captain_and_each_shipment():
    s = _nb()
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 0, doubloons=0, goods={"corn": 2, "indigo": 3}, city={"lighthouse": 1, "wharf": 1})
    s, events = start_role(s, 0, "captain")
    assert s["boards"][0]["doubloons"] == 1 and of_kind(events, "lighthouse")
    s, events = act(s, 0, "ship indigo 5")
    assert s["boards"][0]["doubloons"] == 2
    s2 = _nb()
    set_board(s2, 0, doubloons=0, goods={}, city={"lighthouse": 1})
    s2, _ = start_role(s2, 0, "captain")
    assert s2["boards"][0]["doubloons"] == 1  # the Captain's +1 even without shipping
    s3 = _nb()
    set_board(s3, 1, doubloons=0, goods={}, city={"lighthouse": 1})
    s3, _ = start_role(s3, 0, "captain")
    assert s3["boards"][1]["doubloons"] == 0


# --- Union Hall -------------------------------------------------------------------------


def test_union_hall_scores_pairs_of_each_kind_at_the_first_captain_turn():
    s = _nb()
    set_cargo(s, (None, 0), (None, 0), (None, 0))
    set_board(s, 1, goods={"corn": 3, "indigo": 2, "coffee": 1}, city={"union-hall": 1})
    s, events = start_role(s, 0, "captain")
    while not of_kind(events, "union_hall"):
        d = play.pending(G, s)[0]
        s, events = play.apply(G, s, d.player, d.options[0])
    assert of_kind(events, "union_hall")[0]["vp"] == 2
    text = G.event_text(s, of_kind(events, "union_hall")[0])
    assert "VP" not in text.public and text.private.startswith("You score 2 VP")
