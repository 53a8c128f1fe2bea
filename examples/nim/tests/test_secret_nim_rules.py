"""Secret Nim's own tests: the rules worked through small positions, secrecy, and the catalogues.
They run with the game installed (``tests/e2e/test_example_game.py`` runs them that way, beside the
project's conformance suite)."""

from __future__ import annotations

import pytest
from secret_nim import GAME
from secret_nim.types import NimState

from engine.core import IllegalAction, play
from engine.core.shapes import Amount, Confirm
from engine.core.takeback import take_back_action
from render import render_board
from render.catalogue import problems
from render.i18n import tr


def new(pile: int, players: int = 2, seed: int = 1) -> NimState:
    """A fresh game whose pile is set to ``pile`` (the first round's choice is open)."""
    state, _ = play.new_game(GAME, ["Ann", "Bob", "Cy"][:players], {}, seed)
    state["pile"] = pile
    return state


def choose(state: NimState, *amounts: int) -> tuple[NimState, list[str]]:
    """Every seat answers the secret choice in turn; the English lines of the events."""
    lines: list[str] = []
    for seat, n in enumerate(amounts):
        state, events = play.apply(GAME, state, seat, {"do": "take", "n": n})
        lines += [str(play.event_text(GAME, state, e).public) for e in events]
    return state, lines


def test_the_pile_is_drawn_from_the_seed() -> None:
    sizes = {play.new_game(GAME, ["Ann", "Bob"], {}, seed)[0]["pile"] for seed in range(40)}
    assert sizes == set(range(12, 18))
    assert {play.new_game(GAME, ["Ann", "Bob", "Cy"], {}, s)[0]["pile"] for s in range(40)} == set(range(16, 22))
    assert play.dumps(play.new_game(GAME, ["Ann", "Bob"], {}, 5)[0]) == play.dumps(
        play.new_game(GAME, ["Ann", "Bob"], {}, 5)[0]
    )


def test_the_secret_amount_is_an_amount_for_everyone_at_once() -> None:
    state = new(2)
    decisions = play.pending(GAME, state)
    assert [d.player for d in decisions] == [0, 1] and {d.mode for d in decisions} == {"parallel"}
    shape = decisions[0].shape
    assert isinstance(shape, Amount) and shape.secret and (shape.low, shape.high) == (1, 2)
    assert shape.texts == ["take 1", "take 2"] and shape.pass_text is None


def test_the_smaller_amount_goes_first_and_whoever_empties_the_pile_takes_the_last_stone() -> None:
    state, lines = choose(new(5), 3, 1)
    assert lines[-4:] == [
        "Revealed: Ann 3 and Bob 1.",
        "Bob takes 1 stone.",
        "Ann takes 3 stones.",
        "Round 2: 1 stone on the pile.",
    ]
    state, lines = choose(new(4), 3, 2)
    assert state["stones"] == [2, 2] and state["last"] == 0 and state["over"]
    assert "Ann takes the last stone (+3)." in lines
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (0,)
    assert dict(outcome.seat(0).breakdown) == {"stones": 2, "last stone": 3} and outcome.seat(1).total == 2


def test_equal_amounts_clash_into_the_river_and_a_lone_stone_rolls_away() -> None:
    state, lines = choose(new(3, players=3), 1, 1, 2)
    assert "Several chose 1: 1 stone falls into the river." in lines and "Cy takes 2 stones." in lines
    assert state["over"] and state["last"] == 2 and state["river"] == 1
    state, _ = choose(new(2), 2, 2)  # a clash that empties the pile: nobody takes the last stone
    assert state["over"] and state["last"] is None and state["river"] == 2
    state, lines = choose(new(3), 2, 2)  # one stone left and nobody holds one to put back
    assert lines[-2:] == ["The lone last stone rolls into the river.", "The pile is gone: the game is over."]
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.shared and outcome.winners == (0, 1)


def test_a_stone_may_be_put_back_once_a_game_in_the_endgame() -> None:
    state, _ = choose(new(6), 1, 2)  # 3 left: both hold stones, the endgame has begun
    [asked] = play.pending(GAME, state)
    assert (asked.kind, asked.player, asked.default) == ("put_back", 0, {"do": "keep"})
    assert isinstance(asked.shape, Confirm) and asked.shape.pass_text == "keep" and asked.shape.yes.text == "put back"
    state, events = play.apply(GAME, state, 0, {"do": "put back"})
    assert state["pile"] == 4 and state["stones"] == [0, 2] and state["put_back"] == [True, False]
    state, _ = play.apply(GAME, state, 1, {"do": "keep"})
    state, _ = choose(state, 1, 2)  # 1 left: Ann has used hers and holds a stone, Bob has not
    [asked] = play.pending(GAME, state)
    assert (asked.kind, asked.player) == ("put_back", 1)


def test_nobody_sees_a_choice_before_the_reveal() -> None:
    state = new(9)
    took_one, _ = play.apply(GAME, state, 0, {"do": "take", "n": 1})
    took_three, events = play.apply(GAME, state, 0, {"do": "take", "n": 3})
    said = play.event_text(GAME, took_three, events[0])
    assert (said.public, said.private, said.player) == ("Ann has chosen.", "You take 3.", 0)
    assert GAME.public_view(took_one) == GAME.public_view(took_three) and GAME.public_view(took_one)["chosen"] == [0]
    assert GAME.view(took_three, 0)["my_take"] == 3 and GAME.view(took_three, 1)["my_take"] is None
    assert render_board(dict(GAME.public_view(took_one))) == render_board(dict(GAME.public_view(took_three)))
    again, _ = play.apply(GAME, took_three, 0, take_back_action())  # until the last choice is in
    assert 0 in play.waiting_players(GAME, again)
    with pytest.raises(IllegalAction):
        play.apply(GAME, took_three, 0, {"do": "take", "n": 2})


@pytest.mark.parametrize("package", ["secret_nim", "secret_nim_render"])
def test_every_message_has_a_japanese_entry(package: str) -> None:
    assert problems(package, "ja") == []


def test_the_words_come_from_the_game_s_own_catalogue() -> None:
    state, events = play.apply(GAME, new(9), 0, {"do": "take", "n": 2})
    said = play.event_text(GAME, state, events[0])
    assert tr(said.public, "ja") == "Annが選びました。" and tr(said.private, "ja") == "あなたは2個取ります。"
