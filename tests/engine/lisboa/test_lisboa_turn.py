"""The turn skeleton (engine/lisboa/turn.py, flow.py, driver.py): rulebook p. 8, p. 22, D03, D25.
The driver resolves every decision with exactly one option, as engine.core.play does."""

from __future__ import annotations

import json

import lisboa_driver as driver
from lisboa_play import do, give_ship, table, texts


def test_setup_keep_then_first_turn():  # D01 then the start player's main action (D03)
    s = driver.new_game(["A", "B", "C"], {}, 3)
    assert driver.waiting(s) == [0, 1, 2]
    for seat in range(3):
        driver.apply(s, seat, driver.legal_actions(s, seat)[-1])
    assert s["phase"] == "play" and s["active"] == 0 and s["turn"] == 1
    assert driver.waiting(s) == [0] and s["decision"]["kind"] == "main"
    assert driver.legal_actions(s, 1) == []


def test_e01_get_one_gold():  # E01: discard a card, +1 gold, draw back to 5, the card is gone
    s = table(3)
    b = s["boards"][0]
    card = sorted(b["hand"])[0]
    gold = b["goods"]["gold"]
    do(s, 0, f"gold {card}")
    assert s["decision"]["kind"] == "draw"  # four stacks to choose from (D25)
    do(s, 0, "draw maia")
    assert b["goods"]["gold"] == gold + 1 and card not in b["hand"] and len(b["hand"]) == 5
    assert all(card not in cards for cards in s["political"]["display"].values())
    assert s["active"] == 1 and s["decision"] == {"kind": "main", "player": 1}


def test_get_one_gold_respects_the_warehouse_cap():  # rulebook p. 8: subject to the warehouse cap
    s = table(3)
    b = s["boards"][0]
    b["goods"]["gold"] = 2
    do(s, 0, f"gold {sorted(b['hand'])[0]}")
    assert b["goods"]["gold"] == 2


def test_draw_takes_the_face_up_top_and_reveals_the_next():  # D25, rulebook p. 22
    s = table(3)
    stack = s["political"]["display"]["king"]
    top, below = stack[0], stack[1]
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    do(s, 0, "draw king")
    assert top in s["boards"][0]["hand"] and s["political"]["display"]["king"][0] == below


def test_draw_is_automatic_with_one_stack_left():  # D25: auto if 1
    s = table(3)
    for kind in ("maia", "marquis", "king"):
        s["political"]["display"][kind] = []
    top = s["political"]["display"]["treasury"][0]
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    assert top in s["boards"][0]["hand"]
    # 3 empty stacks end era 1 after that draw: the discard round starts with seat 0 (rulebook p. 22)
    assert s["decision"]["kind"] == "era_discard" and s["decision"]["player"] == 0


def test_three_empty_stacks_trigger_the_era_end():  # rulebook p. 22: 3 of the 4 display stacks empty
    s = table(3)
    for kind in ("maia", "marquis"):
        s["political"]["display"][kind] = []
    s["political"]["display"]["king"] = s["political"]["display"]["king"][:1]
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    do(s, 0, "draw king")
    assert s["era_end"] == {"by": 0}


def test_round_advances_after_the_last_seat():
    s = table(3)
    for seat in range(3):
        do(s, seat, f"gold {sorted(s['boards'][seat]['hand'])[0]}")
        do(s, seat, "draw maia")
    assert s["active"] == 0 and s["round"] == 2 and s["turn"] == 4


def test_sailing_ship_docks_only_at_its_owners_turn():  # rulebook p. 8
    s = table(3)
    give_ship(s, 1, "ship-red-1", ["gold", "books"], sailing=True)
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    do(s, 0, "draw maia")
    hold = s["boards"][1]["holds"]["ship-red-1"]
    assert hold == {"goods": [], "sailing": False}


def test_gold_only_when_stuck_option():  # rulebook p. 8: behind a flag, off by default
    s = driver.new_game(["A", "B", "C"], {"gold_only_when_stuck": True}, 1)
    for seat in range(3):
        driver.apply(s, seat, driver.legal_actions(s, seat)[0])
    opts = texts(s, 0)
    assert opts and not any(t.startswith("gold") for t in opts)


def test_state_is_json_and_random_play_survives_round_trips():  # plain JSON, no dict-order dependence
    import random

    for n in (2, 3, 4):
        s = table(n, seed=n)
        r = random.Random(n)
        for _ in range(150):
            if s["over"]:
                break
            seat = driver.waiting(s)[0]
            opts = driver.legal_actions(s, seat)
            if not opts:
                break
            driver.apply(s, seat, r.choice(opts))
            s = json.loads(json.dumps(s, sort_keys=True))
        assert all(v >= 0 for b in s["boards"] for v in b["goods"].values())
        assert all(b["reis"] >= 0 and b["wigs"] >= 0 and 0 <= b["influence"] <= 10 for b in s["boards"])


def test_same_seed_and_answers_replay_identically():
    def play(seed):
        s = table(3, seed=seed)
        for _ in range(60):
            seat = driver.waiting(s)[0]
            opts = driver.legal_actions(s, seat)
            if not opts:
                break
            driver.apply(s, seat, opts[len(opts) // 2])
        return json.dumps(s, sort_keys=True)

    assert play(7) == play(7)
