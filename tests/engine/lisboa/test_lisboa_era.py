"""End of era 1 (rulebook p. 22 and its example, D24) and the end of the game (p. 22)."""

from __future__ import annotations

from typing import Any

import lisboa_driver as driver
from lisboa_play import do, kinds, table, texts

from engine.lisboa.data import default_pack

PACK = default_pack()
YELLOW, ORANGE, GREEN, PURPLE = 0, 1, 2, 3


def cards(kind: str, effect: str, n: int = 1) -> list[str]:
    found = sorted(c.id for c in PACK.cards.values() if c.kind == kind and effect in (c.bottom, c.centre))
    assert len(found) >= n
    return found[:n]


def sets(s: dict[str, Any], seat: int, n: int) -> None:
    b = s["boards"][seat]
    b["rubble"] = {d: n for d in b["rubble"]}
    b["sets"] = n


def e28_table() -> tuple[dict[str, Any], dict[str, list[str]]]:
    """4p, Yellow to act; Green completed his 2nd set during Yellow's turn (a follow, E28)."""
    s = table(4)
    for b in s["boards"]:
        b.update(wigs=0, clergy=[], influence=3)
    sets(s, GREEN, 2)
    sets(s, PURPLE, 1)
    s["era_end"] = {"by": GREEN}
    king_a, king_b = cards("king", "NB-05", 2)
    maia_a, maia_b = cards("maia", "NB-09") + cards("maia", "NB-08")
    hands = {
        "green": [king_a, king_b, cards("treasury", "TC-03")[0]],
        "purple": [cards("king", "NB-09")[0], cards("marquis", "NB-05")[0], maia_a, maia_b],
        "yellow": cards("treasury", "TC-04", 2) + cards("marquis", "NB-06"),
        "orange": cards("maia", "NB-10", 3),
    }
    keep = cards("marquis", "NB-12", 2)  # a card Green and Purple each keep
    for seat, who in ((GREEN, "green"), (PURPLE, "purple"), (YELLOW, "yellow"), (ORANGE, "orange")):
        s["boards"][seat]["hand"] = list(hands[who]) + ([keep.pop()] if who in ("green", "purple") else [])
    return s, hands


def test_e28_era_one_ends_after_the_active_turn_and_discards_start_with_the_triggerer():
    s, hands = e28_table()
    purple_deck = len(s["political"]["purple"])
    do(s, YELLOW, f"gold {hands['yellow'][2]}")
    events = do(s, YELLOW, "draw maia")  # the draw and the refills come first (rulebook p. 22 order)
    assert s["era"] == 1 and "era_end" in kinds(events)
    # rulebook p. 22: 3 wigs per set for everyone, at once
    assert [b["wigs"] for b in s["boards"]] == [0, 0, 6, 3]
    assert all(not stack for stack in s["political"]["display"].values())  # the display is discarded
    assert s["shipyard"] and all(sh.split("-")[1] in ("purple", "brown") for sh in s["shipyard"])
    assert s["decision"] == {"kind": "era_discard", "player": GREEN, "discarded": []}
    # Green: 2 King + 1 Treasury -> the reward of one King card (he picks which)
    for card in hands["green"]:
        do(s, GREEN, f"discard {card}")
    influence = s["boards"][GREEN]["influence"]
    do(s, GREEN, "done")
    assert texts(s, GREEN) == [f"reward {c}" for c in sorted(hands["green"][:2])]
    do(s, GREEN, f"reward {hands['green'][1]}")
    gain = PACK.cards[hands["green"][1]].bottom_params["n"]
    assert s["boards"][GREEN]["influence"] == influence + gain
    # Purple next (clockwise from Green): King, Marquis and 2 Maia -> 3 rewards, one per noble
    assert s["decision"]["kind"] == "era_discard" and s["decision"]["player"] == PURPLE
    before = dict(s["boards"][PURPLE]["goods"])
    for card in hands["purple"]:
        do(s, PURPLE, f"discard {card}")
    do(s, PURPLE, "done")  # maia first (pack order): two Maia cards, so a choice
    assert texts(s, PURPLE) == [f"reward {c}" for c in sorted(hands["purple"][2:])]
    do(s, PURPLE, f"reward {hands['purple'][2]}")  # the Maia gold card
    assert s["boards"][PURPLE]["goods"]["gold"] == before["gold"] + 2  # Maia gold + King gold
    # Yellow discards 2 treasury cards: nothing; Orange discards nothing
    assert s["decision"]["player"] == YELLOW
    for card in hands["yellow"][:2]:
        do(s, YELLOW, f"discard {card}")
    events = do(s, YELLOW, "done")
    assert not [e for e in events if e["kind"] == "era_reward"]
    events = do(s, ORANGE, "done")
    # all draw purple up to 5; the rest of purple is boxed; brown forms the display; Orange plays next
    assert [len(b["hand"]) for b in s["boards"]] == [5, 5, 5, 5]
    drawn = sum(e["cards"] for e in events if e["kind"] == "era_draw")
    # Green and Purple kept 1 card, Yellow 1 (she drew a display card first), Orange 3
    assert drawn == 4 + 4 + 4 + 2 and s["political"]["purple"] == [] and purple_deck >= drawn
    assert s["era"] == 2 and s["active"] == ORANGE and s["decision"]["kind"] == "main"
    assert all(len(stack) == 5 for stack in s["political"]["display"].values())
    assert all(PACK.cards[c].deck == "brown" for st in s["political"]["display"].values() for c in st)


def test_era_discard_penalty_cards_give_nothing_and_done_is_the_default():
    s, hands = e28_table()
    penalty = cards("king", "NB-01")[0]
    s["boards"][GREEN]["hand"] = [penalty] + cards("marquis", "NB-12")
    do(s, YELLOW, f"gold {hands['yellow'][2]}")
    do(s, YELLOW, "draw maia")
    from engine.lisboa.game import GAME

    decision = GAME.pending(s)[0]
    assert decision.kind == "era_discard" and decision.default == {"verb": "done"}
    do(s, GREEN, f"discard {penalty}")
    events = do(s, GREEN, "done")
    assert not [e for e in events if e["kind"] in ("era_reward", "recall", "card_bottom")]


def test_a_display_trigger_in_era_one_starts_discards_with_the_active_player():
    s = table(3)
    for kind in ("maia", "marquis", "king"):
        s["political"]["display"][kind] = []
    do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    assert s["era_end"] == {"by": 0} and s["decision"]["player"] == 0


# --- game end (E29) ----------------------------------------------------------------------------
def era_two(n: int = 4) -> dict[str, Any]:
    s = table(n)
    s["era"] = 2
    return s


def play_turn(s: dict[str, Any]) -> None:
    seat = s["active"]
    do(s, seat, f"gold {sorted(s['boards'][seat]['hand'])[0]}")
    while not s["over"] and s["decision"] and s["decision"]["kind"] != "main":
        driver.apply(s, driver.waiting(s)[0], driver.legal_actions(s, driver.waiting(s)[0])[0])


def test_e29_a_trigger_by_the_last_seat_plays_one_more_full_round():
    s = era_two()
    for _ in range(3):
        play_turn(s)
    assert s["active"] == 3 and s["round"] == 1
    s["end"] = {"by": 3}  # Green, to the right of the start player, triggers during his turn
    play_turn(s)
    assert not s["over"] and s["active"] == 0 and s["round"] == 2
    for _ in range(3):
        play_turn(s)
    assert not s["over"] and s["active"] == 3
    play_turn(s)
    assert s["over"] and s["result"]["winners"] and s["decision"] is None


def test_e29_variant_an_earlier_trigger_finishes_the_round_then_plays_one_more():
    s = era_two()
    play_turn(s)
    s["end"] = {"by": 1}  # seat 1 triggers in round 1
    turns = 0
    while not s["over"]:
        play_turn(s)
        turns += 1
    assert turns == 3 + 4  # seats 1-3 of round 1 (seat 1 included), then round 2


def test_the_game_end_scores_every_player_and_names_the_winners():
    s = era_two(2)
    s["end"] = {"by": 0}
    while not s["over"]:
        play_turn(s)
    result = s["result"]
    assert len(result["scores"]) == 2 and result["ranking"][0] == result["winners"]
    best = max(row["total"] for row in result["scores"])
    assert all(result["scores"][w]["total"] == best for w in result["winners"])
    assert driver.waiting(s) == []


def test_three_empty_stacks_in_era_two_trigger_the_game_end():
    s = era_two(3)
    for kind in ("maia", "marquis", "king"):
        s["political"]["display"][kind] = []
    events = do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    assert s["end"]["by"] == 0 and "game_end_triggered" in kinds(events) and not s["over"]


def test_an_empty_hand_passes_the_turn():
    s = era_two(2)
    s["boards"][1]["hand"] = []
    for kind in ("maia", "marquis", "king", "treasury"):
        s["political"]["display"][kind] = []
    events = do(s, 0, f"gold {sorted(s['boards'][0]['hand'])[0]}")
    assert "no_cards" in kinds(events) and s["active"] == 0
