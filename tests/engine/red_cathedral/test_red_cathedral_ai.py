"""The AI player's hooks for The Red Cathedral (:mod:`engine.red_cathedral.ai`): the only hidden part
is the random generator (the future dice), so positions that differ in it alone look the same to
every seat and give the same determinizations and the same choices; a determinization is what the
seat sees, with the same legal moves; the evaluation prefers a position that is plainly better; and
whole games of AI players end with every move legal."""

from __future__ import annotations

import marshal
import random
from typing import Any

import pytest
from rc_helpers import clear_board, give, new_game, own, prestige

from engine.ai import choose
from engine.core import play
from engine.red_cathedral import GAME, board
from engine.red_cathedral.ai import evaluate, time_left, track_pp
from engine.red_cathedral.flow import STEPS

State = dict[str, Any]


def walked(players: int, seed: int, steps: int) -> State:
    """A seeded position ``steps`` random legal moves into a game (or its end, if sooner)."""
    state = new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = play.waiting_players(GAME, state)[0]
        legal = GAME.legal_actions(state, seat)
        play.apply_in_place(GAME, state, seat, legal[rng.randrange(len(legal))])
    return state


def with_other_dice(state: State) -> State:
    """The same position with another generator: everything hidden (the dice to come) changed."""
    other = GAME.copy_state(state)
    other["rng"] = (state["rng"] * 6364136223846793005 + 1442695040888963407) % (1 << 64)
    return other


POSITIONS = [(2, 11, 40), (3, 12, 120), (4, 13, 260), (2, 14, 400)]


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
def test_positions_differing_only_in_hidden_parts_determinize_alike(players: int, seed: int, steps: int) -> None:
    state = walked(players, seed, steps)
    other = with_other_dice(state)
    assert other != state
    for seat in range(players):
        assert GAME.view(other, seat) == GAME.view(state, seat)
        for world_seed in (0, 7, 2**40 + 3):
            assert GAME.determinize(other, seat, world_seed) == GAME.determinize(state, seat, world_seed)


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
@pytest.mark.parametrize("level", ["easy", "greedy"])
def test_hidden_parts_never_change_the_choice(players: int, seed: int, steps: int, level: str) -> None:
    state = walked(players, seed, steps)
    other = with_other_dice(state)
    seat = play.waiting_players(GAME, state)[0]
    for choice_seed in range(3):
        mine = choose("red_cathedral", state, seat, seed=choice_seed, level=level)
        assert choose("red_cathedral", other, seat, seed=choice_seed, level=level) == mine
        assert mine in play.legal_texts(GAME, state, seat)


@pytest.mark.parametrize(("players", "seed", "steps"), POSITIONS)
def test_a_determinization_looks_the_same_and_offers_the_same_moves(players: int, seed: int, steps: int) -> None:
    state = walked(players, seed, steps)
    before = GAME.copy_state(state)
    for seat in range(players):
        world = GAME.determinize(state, seat, 99)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert play.legal_texts(GAME, world, seat) == play.legal_texts(GAME, state, seat)
        assert GAME.waiting(world) == GAME.waiting(state)
    assert state == before  # the position itself is left alone
    assert GAME.determinize(state, 0, 1) != GAME.determinize(state, 0, 2)  # the seed draws the dice


def _shared(a: Any, b: Any) -> list[str]:
    """Paths where two copies hold the very same list or dict."""
    if not isinstance(a, (dict, list)):
        return []
    here = ["."] if a is b else []
    items = a.items() if isinstance(a, dict) else enumerate(a)
    return here + [f"{k}/{p}" for k, v in items for p in _shared(v, b[k])]


@pytest.mark.parametrize(("players", "seed", "steps"), [*POSITIONS, (3, 15, 900), (4, 16, 1200), (2, 17, 99_999)])
def test_the_games_copy_is_exact_and_shares_nothing(players: int, seed: int, steps: int) -> None:
    state = walked(players, seed, steps)
    assert GAME.is_over(state) == (steps == 99_999)  # the last one is a finished game
    copied = GAME.copy_state(state)
    assert copied == marshal.loads(marshal.dumps(state)) and list(copied) == list(state)
    assert _shared(copied, state) == []


def _lead(state: State, seat: int) -> float:
    points = evaluate(state)
    return points[seat] - max(p for i, p in enumerate(points) if i != seat)


def _even(players: int = 2) -> State:
    """A fresh table with nothing claimed and nothing held: the seats' estimates are alike."""
    state = new_game(players, 5)
    clear_board(state)
    for me in state["seats"]:
        me["rubles"] = 4
    return state


def test_an_even_table_is_even() -> None:
    points = evaluate(_even(3))
    assert max(points) - min(points) < 1e-9


def test_a_completed_section_is_worth_more_than_a_claimed_one_and_that_more_than_none() -> None:
    done, claimed, free = _even(), _even(), _even()
    for state, finished in ((done, True), (claimed, False)):
        own(state, "A1", 0, done=finished)
        state["seats"][0]["banners"]["inventory"] -= 1
    assert _lead(done, 0) > _lead(claimed, 0) > _lead(free, 0) == 0


def test_materials_delivered_or_held_for_a_section_bring_it_closer() -> None:
    bare, held, delivered = _even(), _even(), _even()
    for state in (bare, held, delivered):
        own(state, "A1", 0)
    index = board.section_at(held, "A1")
    mat = next(iter(board.card(held, index).cost))
    give(held, 0, **{mat: 1})
    delivered["sections"][index]["delivered"] = {mat: 1}
    delivered["supply"][mat] -= 1
    assert _lead(delivered, 0) > _lead(held, 0) > _lead(bare, 0)


def test_recognition_counts_the_way_the_track_makes_prestige_of_it() -> None:
    ahead, behind = _even(), _even()
    ahead["seats"][0]["pos"] = prestige(ahead, 6)
    behind["seats"][0]["pos"] = prestige(behind, 4)
    assert _lead(ahead, 0) > _lead(behind, 0) > 0
    lap = GAME.pack_for_new_games().prestige
    assert track_pp(lap, prestige(ahead, 6), 1.0) == 6
    assert 6 < track_pp(lap, prestige(ahead, 6) + 1, 1.0) < 7  # on the way to the 7th
    assert track_pp(lap, prestige(ahead, 6) + 1, 0.0) == 6  # rounded down at the end


def test_the_clock_runs_with_the_race_to_the_trigger() -> None:
    state = _even()
    assert time_left(state) == 1.0
    for name in ("A1", "B1", "C1"):
        own(state, name, 1, done=True)
    assert time_left(state) == pytest.approx(0.5)
    state["end"] = {"trigger": 1, "left": [0]}
    assert 0 < time_left(state) < 0.5


def test_a_finished_game_is_worth_its_final_totals() -> None:
    state = walked(2, 21, 100)
    for seat_score, total in zip(state["seats"], (30, 20), strict=True):
        seat_score["pos"] = prestige(state, total)
    state["queue"], state["decision"] = [{"step": "final"}], None
    STEPS.run(state, [])
    assert state["over"]
    assert evaluate(state) == [float(s["total"]) for s in state["result"]["seats"]]


@pytest.mark.parametrize(
    ("players", "seed"),
    # two easy players build slowly: their game is some 1500 moves (half a minute of thinking)
    [pytest.param(2, 31, marks=pytest.mark.slow), (3, 32)],
)
def test_a_whole_game_of_easy_players_ends_with_every_move_legal(players: int, seed: int) -> None:
    state = new_game(players, seed)
    for turn in range(5000):
        if GAME.is_over(state):
            break
        seat = play.waiting_players(GAME, state)[0]
        text = choose("red_cathedral", state, seat, seed=turn, level="easy")
        assert text in play.legal_texts(GAME, state, seat)
        state, _ = play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))
    assert GAME.is_over(state) and GAME.outcome(state) is not None
