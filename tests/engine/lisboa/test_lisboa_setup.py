"""Setup for 2, 3 and 4 players (rulebook pp. 5-7): every number below is typed in from the rules,
independently of the pack's setup tables."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from lisboa_helpers import NAMES, new_game, placed_rubble, rubble_total

from engine.lisboa.data import default_pack, load_pack
from engine.lisboa.setup import keep_clergy, setup, setup_pending
from engine.lisboa.views import public_view

INFLUENCE = {2: [4, 5], 3: [4, 5, 6], 4: [4, 5, 6, 7]}  # rulebook p. 5
SHIPS_PER_COLOUR = {2: 1, 3: 2, 4: 3}  # rulebook pp. 5-7 (players - 1)
RUBBLE_PLACED = {2: 56, 3: 63, 4: 63}  # rulebook pp. 6-7
LOTS = {2: 20, 3: 25, 4: 25}  # row E covered in 2p
SITES = {2: 12, 3: 14, 4: 14}
N = [2, 3, 4]


@pytest.mark.parametrize("n", N)
def test_starting_resources(n):  # rulebook p. 5
    s = new_game(n)
    assert s["phase"] == "setup" and s["era"] == 1 and s["round"] == 1 and s["turn"] == 0
    for seat, b in enumerate(s["boards"]):
        assert (b["reis"], b["wigs"], b["influence"]) == (10, 5, INFLUENCE[n][seat])
        assert b["goods"] == {"gold": 1, "books": 1, "cloth": 1, "tools": 1}
        assert b["officials"] == 7 and b["houses"] == {"left": 2, "middle": 3, "right": 3}
        assert b["set_markers"] == 5 and b["marquis_markers"] == 0 and b["sets"] == 0
        assert b["rubble"] == {"earthquake": 0, "fire": 0, "tsunami": 0}
        assert len(b["hand"]) == 5 and all(c.startswith("blue-") for c in b["hand"])
        assert len(b["favors"]) == 1 and len(b["plans"]) == 1
        assert b["portfolio"] == {"top": [], "bottom": []} and b["clergy"] == [] and b["decrees"] == []


@pytest.mark.parametrize("n", N)
def test_officials_and_dummies(n):  # rulebook p. 5
    s = new_game(n)
    assert s["offices"]["marquis"] == {str(seat): 1 for seat in range(n)} | ({"dummy": 1} if n == 2 else {})
    for noble in ("maia", "king"):
        assert s["offices"][noble] == ({"dummy": 1} if n == 2 else {})
    assert s["plaza"] == {}


@pytest.mark.parametrize("n", N)
def test_royal_favors(n):  # rulebook pp. 5-7: one set per player in the bag, each draws one
    s = new_game(n)
    held = Counter(f for b in s["boards"] for f in b["favors"])
    for noble in ("maia", "marquis", "king"):
        assert s["favors"][noble] + held[noble] == n
    assert sum(s["favors"].values()) == 3 * n - n


@pytest.mark.parametrize("n", N)
def test_ships(n):  # rulebook p. 7: players - 1 per colour; blue on top of red
    s = new_game(n)
    k = SHIPS_PER_COLOUR[n]
    assert [x.rsplit("-", 1)[0] for x in s["shipyard"]] == ["ship-blue"] * k + ["ship-red"] * k
    assert [x.rsplit("-", 1)[0] for x in s["ships_era2"]] == ["ship-purple"] * k + ["ship-brown"] * k
    assert len(s["shipyard"] + s["ships_era2"] + s["box"]["ships"]) == 12
    assert len(set(s["shipyard"] + s["ships_era2"] + s["box"]["ships"])) == 12


@pytest.mark.parametrize("n", N)
def test_rubble(n):  # rulebook p. 7
    s, pack = new_game(n), default_pack()
    placed = placed_rubble(s)
    assert sum(placed.values()) == RUBBLE_PLACED[n]
    assert rubble_total(s["city"]["spare_rubble"]) == 6
    assert all(rubble_total(site["rubble"]) == 2 for site in s["city"]["sites"].values())
    assert all(rubble_total(r) == 3 for r in s["city"]["row_rubble"].values())
    assert [rubble_total(s["city"]["column_rubble"][c]) for c in "12345"] == [3, 3, 3, 3, 2]
    for disaster, cubes in pack.rubble.items():
        assert placed[disaster] + s["box"]["rubble"][disaster] == cubes.cubes
    assert sum(s["box"]["rubble"].values()) == 63 - RUBBLE_PLACED[n]


@pytest.mark.parametrize("n", N)
def test_city_and_two_player_cover(n):  # rulebook pp. 5-7
    s = new_game(n)
    city = s["city"]
    assert len(city["lots"]) == LOTS[n] and all(v is None for v in city["lots"].values())
    assert len(city["sites"]) == SITES[n]
    assert city["covered_rows"] == (["E"] if n == 2 else [])
    assert ("E" in city["row_rubble"]) is (n != 2)
    assert not any(lot.startswith("E") for lot in city["lots"]) if n == 2 else True
    assert city["tile_display"] == {"D-gold": True, "D-cloth": True, "D-books": True, "D-tools": True, "D-small": True}
    assert city["tiles"] == {"large": 22 - 4, "small": 5 - 1}
    assert sorted(city["scoring"]) == ["1", "2", "3", "4"]
    assert sorted(city["scoring"].values()) == sorted(t.value for t in default_pack().scoring_tiles.values())


@pytest.mark.parametrize("n", N)
def test_decrees_and_two_player_filtering(n):  # rulebook p. 7
    s, pack = new_game(n), default_pack()
    d = s["decrees"]
    assert len(d["display"]) == 8
    assert sorted(d["deck"] + d["display"] + d["removed"]) == sorted(pack.decrees)
    if n == 2:
        assert not any(pack.decrees[x].two_player for x in d["display"])
        assert all(pack.decrees[x].two_player for x in d["removed"])
    else:
        assert d["removed"] == []


def test_two_player_filter_boxes_every_revealed_symbol_card():
    pack = default_pack()
    removed_seen = 0
    for seed in range(40):
        d = new_game(2, seed=seed)["decrees"]
        revealed = 70 - len(d["deck"])
        assert revealed == 8 + len(d["removed"])
        removed_seen += len(d["removed"])
        assert all(pack.decrees[x].two_player for x in d["removed"])
    assert removed_seen > 0  # the filter did fire on some seeds


@pytest.mark.parametrize("n", N)
def test_political_cards(n):  # rulebook pp. 5-7
    s, pack = new_game(n), default_pack()
    display = s["political"]["display"]
    assert list(display) == ["maia", "marquis", "king", "treasury"]
    for kind, stack in display.items():
        assert len(stack) == 5 and all(pack.cards[c].deck == "red" and pack.cards[c].kind == kind for c in stack)
    assert sorted(s["political"]["purple"]) == sorted(c for c in pack.cards if c.startswith("purple-"))
    assert sorted(s["political"]["brown"]) == sorted(c for c in pack.cards if c.startswith("brown-"))
    hands = [c for b in s["boards"] for c in b["hand"]]
    assert len(s["box"]["political"]) == pack.decks["blue"].cards - 5 * n
    everything = hands + s["box"]["political"] + [c for st in display.values() for c in st]
    everything += s["political"]["purple"] + s["political"]["brown"]
    assert sorted(everything) == sorted(pack.cards)


@pytest.mark.parametrize("n", N)
def test_buildings_plans_prices_treasury(n):  # rulebook pp. 5-7
    s, pack = new_game(n), default_pack()
    b = s["buildings"]
    assert len(b["blue"]["stack"]) == len(b["green"]["stack"]) == 7
    tiles = [b[c]["buildable"] for c in ("blue", "green")] + b["blue"]["stack"] + b["green"]["stack"]
    assert sorted(tiles) == sorted(pack.buildings)
    for colour in ("blue", "green"):
        stack = s["plans"][colour]
        officials = [pack.plans[p].officials for p in stack]
        assert officials == sorted(officials)  # fewest on top
        assert all(pack.plans[p].colour == colour and not pack.plans[p].starting for p in stack)
    starting = [b["plans"][0] for b in s["boards"]] + s["box"]["plans"]
    assert sorted(starting) == sorted(p.id for p in pack.plans.values() if p.starting)
    assert len(set(starting)) == 4
    assert s["prices"] == {"gold": 6, "books": 5, "cloth": 5, "tools": 4}
    assert pack.treasury_spaces[s["treasury"]].right == 3


@pytest.mark.parametrize("n", N)
def test_clergy_keep_then_church(n):  # rulebook pp. 5-6 (D01): players draw first, then 6 for the track
    s = new_game(n)
    assert setup_pending(s) == ["keep_clergy"]
    assert all(len(o) == 2 for o in s["setup"]["clergy_offers"])
    assert set(s["church"]["spaces"].values()) == {None} and len(s["church"]["bag"]) == 37 - 2 * n
    assert s["church"]["cardinal"] == "P01" and s["church"]["lying"] is False
    offers = [list(o) for o in s["setup"]["clergy_offers"]]
    for seat in range(n):
        keep_clergy(s, seat, offers[seat][1])
    assert [b["clergy"] for b in s["boards"]] == [[o[1]] for o in offers]
    assert all(t is not None for t in s["church"]["spaces"].values()) and len(s["church"]["spaces"]) == 6
    assert len(s["church"]["bag"]) == 37 - 6 - n
    every = s["church"]["bag"] + list(s["church"]["spaces"].values()) + [b["clergy"][0] for b in s["boards"]]
    assert sorted(every) == sorted(default_pack().clergy)
    assert s["phase"] == "play" and setup_pending(s) == []


def test_keep_clergy_refuses_bad_answers():
    s = new_game(3)
    with pytest.raises(ValueError, match="not offered"):
        keep_clergy(s, 0, "T99")
    keep_clergy(s, 0, s["setup"]["clergy_offers"][0][0])
    with pytest.raises(ValueError, match="already kept"):
        keep_clergy(s, 0, s["setup"]["clergy_offers"][0][1])
    assert set(s["church"]["spaces"].values()) == {None}  # not filled until everyone kept


def test_draft_option_is_stored_and_keeps_setup_open():  # rulebook p. 7 (the draft itself comes with the rules)
    s = new_game(3, keep=True, starting_draft=True)
    assert s["options"]["starting_draft"] is True and s["setup"]["draft"] == "pending"
    assert setup_pending(s) == ["draft"] and s["phase"] == "setup"
    assert new_game(3)["options"] == {"starting_draft": False, "gold_only_when_stuck": False}


def test_randomness_only_through_the_core_generator():
    import inspect

    import engine.lisboa.setup as module

    source = inspect.getsource(module)
    assert "import random" not in source and "from random" not in source and "rng.randbelow" in source


def test_bad_player_counts_and_options():
    for n in (1, 5):
        with pytest.raises(ValueError, match="2-4 players"):
            setup(NAMES[:1] * n, {}, 1)
    with pytest.raises(ValueError, match="unknown Lisboa option"):
        setup(NAMES[:3], {"queen": True}, 1)


@pytest.mark.parametrize("n", N)
def test_same_seed_same_table_and_different_seeds_differ(n):
    a, b = new_game(n, seed=42, keep=True), new_game(n, seed=42, keep=True)
    assert a == b and json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    tables = {
        json.dumps(
            {k: v for k, v in new_game(n, seed=seed, keep=True).items() if k not in ("seed", "rng")}, sort_keys=True
        )
        for seed in range(12)
    }
    assert len(tables) == 12


def _plain(x):
    if isinstance(x, dict):
        return all(isinstance(k, str) and _plain(v) for k, v in x.items())
    if isinstance(x, list):
        return all(_plain(v) for v in x)
    return x is None or isinstance(x, (str, int, bool))


@pytest.mark.parametrize("n", N)
def test_json_round_trip_is_exact(n):
    for keep in (False, True):
        s = new_game(n, seed=7, keep=keep)
        assert _plain(s)
        assert json.loads(json.dumps(s, sort_keys=True)) == s
    # a round-tripped (key-sorted) state finishes setup exactly like the original
    s = new_game(n, seed=9)
    t = json.loads(json.dumps(s, sort_keys=True))
    for state in (s, t):
        for seat in range(n):
            keep_clergy(state, seat, state["setup"]["clergy_offers"][seat][0])
    assert s == t


def test_state_records_the_pack(pack_dir):
    s = new_game(4)
    pack = default_pack()
    assert s["pack"] == {"name": pack.name, "fingerprint": pack.fingerprint, "provisional": pack.provisional_rows}
    text = (pack_dir / "player.toml").read_text(encoding="utf-8").replace("reis = 10", "reis = 12")
    (pack_dir / "player.toml").write_text(text, encoding="utf-8")
    mine = load_pack(pack_dir)
    t = setup(NAMES[:4], {}, 1, pack=mine)
    assert all(b["reis"] == 12 for b in t["boards"]) and t["pack"]["fingerprint"] == mine.fingerprint


@pytest.mark.parametrize("n", N)
def test_public_view_hides_hands_decks_bags_and_offers(n):
    s = new_game(n, seed=3)
    view = public_view(s)
    text = json.dumps(view)
    hidden = [c for b in s["boards"] for c in b["hand"]] + s["box"]["political"]
    hidden += s["political"]["purple"] + s["political"]["brown"]
    hidden += [c for st in s["political"]["display"].values() for c in st[1:]]
    hidden += s["decrees"]["deck"] + [t for o in s["setup"]["clergy_offers"] for t in o] + s["church"]["bag"]
    hidden += s["buildings"]["blue"]["stack"][1:] + s["buildings"]["green"]["stack"][1:]
    for item in hidden:
        assert f'"{item}"' not in text, item
    assert "rng" not in view and [b["hand"] for b in view["boards"]] == [5] * n
    assert view["political"]["display"]["maia"] == {"top": s["political"]["display"]["maia"][0], "count": 5}
    assert view["decrees"]["display"] == s["decrees"]["display"]
    assert s["boards"][0]["hand"] and isinstance(s["boards"][0]["hand"], list)  # the state itself is untouched
