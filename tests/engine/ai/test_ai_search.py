"""The AI player (:mod:`engine.ai`) on two tiny games: it finds the winning moves of a game whose
theory is known, it is deterministic for a seed, it decides from the seat's view alone, and every
level answers with a legal move's canonical text."""

from __future__ import annotations

import pytest

from engine.ai import LEVELS, choose, plays
from engine.core import Game, GameSpec, play, registered
from tests.engine.ai.ai_toys import Peek, Take


@pytest.fixture(autouse=True)
def toys():
    with registered(Take(), Peek()):
        yield


@pytest.mark.parametrize(("pile", "best"), [(5, "take 1"), (6, "take 2"), (7, "take 3"), (3, "take 3")])
def test_normal_finds_the_winning_move(pile: int, best: str) -> None:
    state, _ = play.new_game(Take(), ["Ann", "Bob"], {}, 1)
    state["pile"] = pile
    for seed in range(4):
        assert choose("ai_take", state, 0, seed=seed, level="normal") == best


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_answers_a_legal_move(level: str) -> None:
    game = Peek()
    state, _ = play.new_game(game, ["Ann", "Bob"], {}, 5)
    while not game.is_over(state):
        seat = state["turn"]
        text = choose("ai_peek", state, seat, seed=len(state["deck"]), level=level)
        assert text in play.legal_texts(game, state, seat)
        state, _ = play.apply(game, state, seat, play.parse_action(game, state, seat, text))


def test_the_same_seed_gives_the_same_move_and_others_may_differ() -> None:
    game = Peek()
    state, _ = play.new_game(game, ["Ann", "Bob"], {}, 9)
    chosen = {choose("ai_peek", state, 0, seed=s, level="easy") for s in range(12)}
    assert all(
        choose("ai_peek", state, 0, seed=s, level="easy") == choose("ai_peek", state, 0, seed=s, level="easy")
        for s in range(3)
    )
    assert chosen <= set(play.legal_texts(game, state, 0))


@pytest.mark.parametrize("level", ["easy", "normal", "greedy", "random"])
def test_hidden_parts_never_change_the_choice(level: str) -> None:
    """The deck's order and the other hand differ; the seat's view is the same: so is the move."""
    game = Peek()
    state, _ = play.new_game(game, ["Ann", "Bob"], {}, 3)
    other = game.copy_state(state)
    pool = other["deck"] + other["hands"][1]
    pool.reverse()
    other["hands"][1], other["deck"] = sorted(pool[:2]), pool[2:]
    assert game.view(other, 0) == game.view(state, 0) and other != state
    for seed in range(5):
        assert choose("ai_peek", state, 0, seed=seed, level=level) == choose(
            "ai_peek", other, 0, seed=seed, level=level
        )


def test_a_seat_with_nothing_to_decide_is_refused_and_a_level_must_exist() -> None:
    state, _ = play.new_game(Take(), ["Ann", "Bob"], {}, 1)
    with pytest.raises(ValueError, match="nothing to decide"):
        choose("ai_take", state, 1, seed=1)
    with pytest.raises(ValueError, match="levels: easy, normal, strong"):
        choose("ai_take", state, 0, seed=1, level="genius")


class Blind(Peek):
    """Peek without its own determinize: the AI would have to read the hidden hands."""

    spec = GameSpec("ai_blind", "Blind Peek", 2, 2, 1, has_hidden_info=True)
    determinize = Game.determinize


def test_the_ai_refuses_a_game_that_hides_cards_it_cannot_sample() -> None:
    assert plays(Take()) and plays(Peek()) and not plays(Blind())
    with registered(Blind()):
        state, _ = play.new_game(Blind(), ["Ann", "Bob"], {}, 1)
        with pytest.raises(ValueError, match="does not play Blind Peek"):
            choose("ai_blind", state, 0, seed=1, level="random")
