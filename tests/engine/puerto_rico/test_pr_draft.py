"""Choosing the buildings of an expansion game: the draft as a prompt
sequence in cyclic order, slots per cost, automatic fills, the Board Game Arena
restrictions, and the random selection."""

from __future__ import annotations

import pytest
from pr_helpers import G, act, asked, check_invariants, make_game, of_kind, texts

from engine.core import play
from engine.puerto_rico.data import BUILDINGS

# Slots per cost, typed in from boardgamers/puerto-rico's MARKET_SLOTS (not read from the engine).
SLOTS = {1: 1, 2: 2, 3: 1, 4: 1, 5: 2, 6: 1, 7: 1, 8: 2, 9: 1, 10: 5}


def _per_cost(buildings):
    counts = {}
    for b in buildings:
        counts[BUILDINGS[b].cost] = counts.get(BUILDINGS[b].cost, 0) + 1
    return counts


def _draft_to_end(s, pick=lambda opts: opts[0]):
    seats = []
    while asked(s) and asked(s)[0][0] == "draft":
        seat = asked(s)[0][1]
        seats.append(seat)
        s, _ = act(s, seat, pick(texts(s, seat)))
    return s, seats


def test_draft_starts_with_the_governor_and_is_cyclic_not_snake():
    s = make_game(4, expansions="both")
    assert asked(s) == [("draft", 0)]
    s, seats = _draft_to_end(s)
    assert seats == [i % 4 for i in range(len(seats))]
    assert asked(s) == [("role", 0)]


def test_a_filled_slot_removes_the_other_candidates_of_that_cost():
    s = make_game(3, expansions="new_buildings")
    assert "draft aqueduct" in texts(s, 0) and "draft small-market" in texts(s, 0)
    s, events = act(s, 0, "draft aqueduct")
    assert of_kind(events, "draft") == [{"kind": "draft", "player": 0, "building": "aqueduct"}]
    assert not any(t in texts(s, 1) for t in ("draft small-market", "draft aqueduct"))
    assert s["buildings"]["aqueduct"] == 2 and "small-market" not in s["buildings"]


def test_draft_fills_every_slot_with_copies_and_production_buildings_stay():
    s = make_game(4, expansions="both")
    s, _ = _draft_to_end(s, pick=lambda opts: opts[-1])
    market = G.public_view(s)["market"]
    assert _per_cost(market) == SLOTS
    for b in market:
        assert s["buildings"][b] == BUILDINGS[b].copies
    for b in ("small-indigo-plant", "indigo-plant", "coffee-roaster"):
        assert s["buildings"][b] == BUILDINGS[b].copies
    check_invariants(s)


def test_a_cost_with_no_choice_left_is_filled_without_a_pick():
    """Nobles only: the 1-cost slot has just the Small Market and the 9-cost just the Wharf."""
    s = make_game(4, expansions="nobles")
    view = G.public_view(s)
    assert {"small-market", "wharf"} <= set(view["market"])
    assert view["draft"]["slots"]["1"] == [1, 1]
    assert "draft small-market" not in texts(s, 0)


def test_draft_view_lists_picks_open_candidates_and_slots():
    s = make_game(4, expansions="new_buildings")
    s, _ = act(s, 0, "draft library")
    draft = G.public_view(s)["draft"]
    assert draft["picks"][-1] == ["library", 0]
    assert "library" not in draft["open"] and "harbor" in draft["open"]
    assert draft["slots"]["8"] == [1, 2]
    assert "Draft: still open" in G.view_text(G.view(s, 1))


def test_jeweler_competes_for_an_eight_cost_slot():
    """⚠ the Jeweler is drafted like a violet building (docs/rules/puerto-rico.md)."""
    s = make_game(4, expansions="nobles")
    assert "draft jeweler" in texts(s, 0)
    s, _ = act(s, 0, "draft jeweler")
    s, _ = act(s, 1, "draft harbor")
    assert not any(t in texts(s, 2) for t in ("draft university", "draft jeweler"))


def test_variant_swap_keeps_factory_and_university_in_their_printed_slots():
    """⚠ the slot is the printed cost, also under the cost swap."""
    s = make_game(4, expansions="new_buildings", variant="on")
    s, _ = act(s, 0, "draft lighthouse")  # the 7-cost slot
    assert "draft factory" not in texts(s, 1)  # the Factory (now 8) stayed at 7
    assert "draft university" in texts(s, 1)  # the University (now 7) still at 8


@pytest.mark.parametrize(
    "first,barred",
    [
        ("trading-post", "office"),
        ("office", "trading-post"),
        ("forest-house", "hacienda"),
        ("hacienda", "forest-house"),
    ],
)
def test_bga_restrictions_keep_pairs_apart(first, barred):
    s = make_game(4, expansions="new_buildings", draft_restrictions="on")
    assert f"draft {barred}" in texts(s, 0)
    s, _ = act(s, 0, f"draft {first}")
    assert f"draft {barred}" not in texts(s, 1)
    plain = make_game(4, expansions="new_buildings")
    plain, _ = act(plain, 0, f"draft {first}")
    assert f"draft {barred}" in texts(plain, 1)


def test_random_selection_fills_every_slot_and_respects_restrictions():
    seen = set()
    for seed in range(30):
        s = make_game(4, seed, expansions="both", selection="random", draft_restrictions="on")
        market = G.public_view(s)["market"]
        assert _per_cost(market) == SLOTS and asked(s) == [("role", 0)]
        assert not {"office", "trading-post"} <= set(market)
        assert not {"hacienda", "forest-house"} <= set(market)
        seen |= set(market)
    assert {"aqueduct", "small-market", "royal-garden", "statue"} <= seen
    a = make_game(4, 5, expansions="both", selection="random")
    b = make_game(4, 5, expansions="both", selection="random")
    assert play.dumps(a) == play.dumps(b)


def test_draft_game_start_events_and_market_event_at_the_end():
    s = make_game(2, expansions="new_buildings")
    events = []
    while asked(s)[0][0] == "draft":
        seat = asked(s)[0][1]
        s, more = act(s, seat, texts(s, seat)[0])
        events += more
    assert of_kind(events, "market")[0]["buildings"] == G.public_view(s)["market"]
    assert all(s["buildings"][b] == 1 for b in G.public_view(s)["market"])  # 2 players: 1 each
