"""How far a die moves on the market ring of 8 spaces: its face, plus one space per ruble paid
with the white die or one's own, with no upper limit but the player's rubles (issue 23). Paid
spaces take a die past its own space; exactly 8 spaces bring it back to its own space, a legal
move (the reading in docs/rules/red-cathedral.md). Spaces are 0-7 here, 1-8 in texts."""

from __future__ import annotations

import pytest
from rc_helpers import act, kind, new_game, place_dice, sentences, set_tile, start_turn, texts

from engine.core import IllegalAction, play
from engine.red_cathedral import GAME, board, market

RED, BLUE = 0, 1
SPACES = 8


def _table(rubles: int, **dice: tuple[int, int]) -> dict:
    """A 2-player table with every die placed (white, red, blue, yellow, green) and Red's rubles."""
    state = new_game(2, seed=5)
    defaults = {"white": (0, 1), "red": (1, 1), "blue": (2, 1), "yellow": (3, 1), "green": (5, 1)}
    place_dice(state, {**defaults, **dice})
    state["seats"][RED]["rubles"] = rubles
    return state


def test_worked_example_8_spaces_bring_a_die_back_to_its_own_full_space() -> None:
    # White shows 6 on space 1 (index 0), which also holds red and blue: 3 dice, a full space.
    # 6 + 2 paid = 8 spaces, once round the ring: the white die is in the hand while it moves, so
    # space 1 has room for it again; its market actions count all 3 dice, the mover included.
    state = _table(10, white=(0, 6), red=(0, 1), blue=(0, 2))
    set_tile(state, 0, "rt-lumber")  # 2 lumber a repetition
    assert market.moves(state, RED, "white") == [(e, (6 + e) % SPACES) for e in range(SPACES)]
    start_turn(state, RED)
    state, _ = act(state, "market", "die white")
    assert texts(state) == [f"extra {e}" for e in range(SPACES)]  # each space once, at its cheapest
    (decision,) = play.pending(GAME, state)
    assert "Once round the ring" in decision.shape.options[2].label
    state, events = act(state, "extra 2")
    move = next(e for e in events if e["type"] == "move")
    assert (move["from"], move["to"], move["paid"]) == (0, 0, 2)
    assert state["seats"][RED]["rubles"] == 8 and sorted(state["spaces"][0]["dice"]) == ["blue", "red", "white"]
    assert any("once round the ring, back to" in line for line in sentences(state, events))
    assert kind(state) == "market_action"
    state, _ = act(state, "take resources")
    assert texts(state) == ["take 1", "take 2", "take 3"]


def test_paying_enough_takes_a_die_past_its_own_space_to_the_spaces_behind_it() -> None:
    state = _table(7, white=(2, 4))
    reached = dict(market.moves(state, RED, "white"))
    assert sorted(reached.values()) == list(range(SPACES))  # every space, the ones behind it too
    assert reached[3] == 1  # 4 + 3 = 9 spaces: one space behind where it stood
    start_turn(state, RED)
    state, events = act(state, "market", "die white", "extra 3")
    move = next(e for e in events if e["type"] == "move")
    assert (move["from"], move["to"], move["paid"]) == (2, 1, 3)
    assert state["seats"][RED]["rubles"] == 4 and "white" in state["spaces"][1]["dice"]


def test_ones_own_colour_goes_as_far_as_paid_another_colour_never_further() -> None:
    state = _table(9, red=(1, 5))
    assert [d for _, d in market.moves(state, RED, "red")] == [(1 + 5 + e) % SPACES for e in range(SPACES)]
    assert market.moves(state, BLUE, "red") == [(0, 6)]


def test_moves_the_player_cannot_pay_for_or_a_lap_too_many_are_refused_with_what_is_legal() -> None:
    state = _table(2, white=(0, 6))
    start_turn(state, RED)
    state, _ = act(state, "market", "die white")
    assert texts(state) == ["extra 0", "extra 1", "extra 2"]
    before = play.dumps(state)
    for n in (3, 5):
        with pytest.raises(IllegalAction) as err:
            play.apply(GAME, state, RED, {"verb": "extra", "n": n})
        assert err.value.code == "illegal_action" and err.value.legal == ["extra 0", "extra 1", "extra 2"]
    with pytest.raises(IllegalAction) as err:
        play.parse_action(GAME, state, RED, "extra 5")
    assert err.value.legal == ["extra 0", "extra 1", "extra 2"]
    assert play.dumps(state) == before
    state["seats"][RED]["rubles"] = 20  # affordable, but 9 = 1 + a lap: space 7 is offered at 1 ruble
    with pytest.raises(IllegalAction):
        play.apply(GAME, state, RED, {"verb": "extra", "n": 9})


def _move(state: dict, colour: str, extra: int) -> tuple[dict, list[dict]]:
    """Red moves die ``colour`` paying ``extra``; one-option prompts answer themselves."""
    start_turn(state, RED)
    state, events = act(state, "market")
    for prompt, text in (("die", f"die {colour}"), ("extra", f"extra {extra}")):
        if kind(state) == prompt:
            state, more = act(state, text)
            events += more
    return state, events


@pytest.mark.parametrize("face", range(1, 7))
def test_every_move_offered_costs_its_rubles_and_lands_where_counted(face: int) -> None:
    for rubles in range(SPACES + 2):
        for colour in ("white", "red", "blue"):  # Red may pay for white and red, not for blue
            # space 3 (index 2) holds blue, yellow and green: full, never a destination
            state = _table(rubles, white=(0, face), red=(6, face), blue=(2, face), yellow=(2, 3), green=(2, 4))
            here = board.die_space(state, colour)
            offered = market.moves(state, RED, colour)
            most = min(rubles, SPACES - 1) if colour != "blue" else 0
            expected = [(e, (here + face + e) % SPACES) for e in range(most + 1)]
            assert offered == [(e, d) for e, d in expected if d != 2], (rubles, colour)
            for extra, dest in offered:
                after, events = _move(state, colour, extra)
                assert after["seats"][RED]["rubles"] == rubles - extra
                assert colour in after["spaces"][dest]["dice"]
                move = next(e for e in events if e["type"] == "move")
                assert (move["die"], move["to"], move["paid"]) == (colour, dest, extra)


@pytest.mark.parametrize("face", range(1, 7))
def test_every_move_the_old_7_space_cap_allowed_is_still_offered_unchanged(face: int) -> None:
    """Stored games replay: a move legal before issue 23 (at most 7 spaces in all) is still
    offered under the same text, to the same space, at the same price."""
    for rubles in range(SPACES):
        state = _table(rubles, white=(0, face))
        old = [(e, face + e) for e in range(min(SPACES - 1 - face, rubles) + 1)]
        new = market.moves(state, RED, "white")
        assert [m for m in old if len(state["spaces"][m[1]]["dice"]) < 3] == new[: len(old)]
