"""Main action A, claim a cathedral section (teaching script §建築場所の確保, §上級ルール; Dized
rules 'Claim a Cathedral section')."""

from __future__ import annotations

from rc_helpers import act, decision_of, give, kind, new_game, own, place_dice, start_turn, texts, tower_of

from engine.red_cathedral import board


def _tile_on(state: dict, name: str, tile: str) -> None:
    state["sections"][board.section_at(state, name)]["tile"] = tile


def test_s09_only_bases_and_sections_above_a_banner_are_available() -> None:
    state = new_game(2)
    base, middle, *_ = tower_of(state, 0)
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory")
    assert kind(state) == "section"
    assert f"section {middle}" not in texts(state) and f"section {base}" in texts(state)
    assert all(t.endswith("1") for t in texts(state))  # only bases at first
    state, _ = act(state, f"section {base}", "tile down white-1")
    start_turn(state, 1)
    state, _ = act(state, "claim", "banner from inventory")
    assert f"section {middle}" in texts(state)
    dome = tower_of(state, 0)[-1]
    assert dome == middle or f"section {dome}" not in texts(state)


def test_s10_anyone_may_claim_above_any_banner_finished_or_not() -> None:
    state = new_game(2)
    base, middle = tower_of(state, 0)[:2]
    own(state, base, 0)
    start_turn(state, 1)
    state, _ = act(state, "claim", "banner from inventory")
    assert f"section {middle}" in texts(state)
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory")
    assert f"section {middle}" in texts(state)  # above one's own banner too


def test_pitfall_4_a_section_above_an_unclaimed_one_is_not_available() -> None:
    state = new_game(4)
    tower = next(t for t in state["towers"] if len(t) >= 3)
    names = [state["sections"][i]["name"] for i in tower]
    own(state, names[0], 0)
    available = {state["sections"][i]["name"] for i in board.available(state)}
    assert names[1] in available and names[2] not in available


def test_the_banner_goes_on_the_section_and_the_tile_into_the_workshop() -> None:
    state = new_game(2)
    base = tower_of(state, 0)[0]
    _tile_on(state, base, "tile-01")  # 1 lumber
    start_turn(state, 0)
    state, events = act(state, "claim", "banner from inventory", f"section {base}", "tile up red")
    me = state["seats"][0]
    assert state["sections"][board.section_at(state, base)]["owner"] == 0
    assert state["sections"][board.section_at(state, base)]["tile"] is None
    assert me["slots"]["red"] == {"tile": "tile-01", "up": True}
    assert me["banners"] == {"inventory": 3, "board": 2} and board.capacity(state, 0) == 7
    assert me["rubles"] == 1 and me["inventory"]["lumber"] == 1


def test_s11_a_face_down_tile_is_free_and_never_gives_anything() -> None:
    state = new_game(2)
    base = tower_of(state, 0)[0]
    _tile_on(state, base, "tile-01")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {base}", "tile down red")
    assert state["seats"][0]["rubles"] == 3 and board.held(state, 0) == 0
    place_dice(state, {"red": (0, 1)})
    start_turn(state, 0)
    state, _ = act(state, "market", "die red")
    assert "activate workshop" not in texts(state)


def test_s12_a_face_up_tile_costs_the_slot_and_gives_now_and_at_each_activation() -> None:
    state = new_game(2)
    base = tower_of(state, 0)[0]
    _tile_on(state, base, "tile-03")  # 1 brick
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {base}")
    options = texts(state)
    assert {"tile up red", "tile up blue", "tile up yellow", "tile up white-1"} <= set(options)
    assert "tile up green" in options and "tile down white-2" not in options  # one of two empty white slots
    state, _ = act(state, "tile up yellow")
    assert state["seats"][0]["rubles"] == 0 and state["seats"][0]["inventory"]["brick"] == 1
    place_dice(state, {"yellow": (0, 2)})
    start_turn(state, 0)
    state, events = act(state, "market", "die yellow", "activate workshop")
    assert state["seats"][0]["inventory"]["brick"] == 2
    assert events[-1]["why"] == "workshop" and events[-1]["got"] == {"brick": 1}


def test_a_face_up_option_needs_the_rubles() -> None:
    state = new_game(2)
    state["seats"][0]["rubles"] = 2
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 0)[0]}")
    options = texts(state)
    assert "tile up red" in options and "tile up yellow" not in options and "tile down yellow" in options
    assert decision_of(state).default == {"verb": "tile", "slot": "white-1", "up": False}


def test_s13_advanced_face_up_costs_3_and_releases_the_ornament_there() -> None:
    state = new_game(2, workshop="advanced")
    state["seats"][0]["rubles"] = 5
    base = tower_of(state, 0)[0]
    start_turn(state, 0)
    state, events = act(state, "claim", "banner from inventory", f"section {base}")
    assert "tile up red" in texts(state)
    state, events = act(state, "tile up red")  # the door lies on red (provisional layout)
    me = state["seats"][0]
    assert me["rubles"] == 2 and me["ornaments"] == {"door": 1, "arch": 0, "cross": 0}
    assert next(e for e in events if e["type"] == "tile")["ornament"] == "door"


def test_s14_advanced_face_down_loses_the_ornament_for_good() -> None:
    state = new_game(2, workshop="advanced")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 0)[0]}", "tile down blue")
    me = state["seats"][0]
    assert me["ornaments"]["arch"] == 0 and me["lost"]["arch"] == 1


def test_s15_advanced_white_slots_open_only_as_their_banners_are_used() -> None:
    state = new_game(2, workshop="advanced")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 0)[0]}")
    assert not any("white" in t for t in texts(state))
    state, _ = act(state, "tile down red")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from board", f"section {tower_of(state, 1)[0]}")
    assert "tile down white-1" in texts(state) and "tile down white-2" not in texts(state)
    state, _ = act(state, "tile down white-1")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 2)[0]}")
    assert not any("white" in t for t in texts(state))  # white-2 still lies under a banner


def test_basic_white_slots_are_open_from_the_start() -> None:
    state = new_game(2)
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 0)[0]}")
    assert "tile down white-1" in texts(state)


def test_pitfall_5_an_inventory_banner_frees_its_space_before_the_tile_gives() -> None:
    for source, kept in (("inventory", 1), ("board", 0)):
        state = new_game(2)
        give(state, 0, stone=6)  # the inventory is full
        base = tower_of(state, 0)[0]
        _tile_on(state, base, "tile-01")  # 1 lumber
        start_turn(state, 0)
        state, _ = act(state, "claim", f"banner from {source}", f"section {base}", "tile up white-1")
        assert state["seats"][0]["inventory"]["lumber"] == kept, source


def test_pitfall_6_a_face_down_tile_stays_face_down() -> None:
    state = new_game(2)
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 0)[0]}", "tile down red")
    start_turn(state, 0)
    state, _ = act(state, "claim", "banner from inventory", f"section {tower_of(state, 1)[0]}")
    assert not any(t.endswith(" red") for t in texts(state))


def test_no_claim_without_a_banner() -> None:
    state = new_game(2)
    state["seats"][0]["banners"] = {"inventory": 0, "board": 0}
    start_turn(state, 0)
    assert "claim" not in texts(state)


def test_the_banner_choice_is_skipped_when_only_one_kind_is_left() -> None:
    state = new_game(2)
    state["seats"][0]["banners"] = {"inventory": 0, "board": 2}
    start_turn(state, 0)
    state, events = act(state, "claim")
    assert kind(state) == "section" and events[-1] == {
        "type": "banner",
        "player": 0,
        "from": "board",
        "forced": True,
    }
