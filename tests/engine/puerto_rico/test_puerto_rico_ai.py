"""Puerto Rico's AI hooks (:mod:`engine.puerto_rico.ai`): determinize depends only on the seat's
view, keeps the seat's own view and legal moves; evaluate prefers a better position; AI seats play
whole games with legal moves.

A position and its *hidden twin* differ only in what the seat cannot see: the plantation stack's
order and the split between stack and discards, the others' VP chips, the generator and set-up
seed, and the others' answers in an open parallel window (given differently through the rules)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from pr_helpers import G, make_game, set_board

from engine.ai import choose
from engine.core import play
from engine.puerto_rico.ai import rounds_left
from engine.puerto_rico.board import circles, colonists

State = dict[str, Any]


def walk(state: State, rnd: random.Random, until: Callable[[State], bool], limit: int = 3000) -> State:
    """Random legal moves until ``until(state)`` holds."""
    for _ in range(limit):
        if until(state):
            return state
        if G.is_over(state):
            break
        seat = rnd.choice(G.waiting(state))
        play.apply_in_place(G, state, seat, rnd.choice(G.legal_actions(state, seat)))
    raise AssertionError("position not reached")


def redeal(state: State, seat: int, rnd: random.Random) -> State:
    """A copy differing from ``state`` in the hidden parts the rules keep outside windows."""
    twin = G.copy_state(state)
    tiles = twin["plantations"]
    pool = tiles["deck"] + tiles["discard"]
    for _ in range(20):
        rnd.shuffle(pool)
        if pool[: len(tiles["deck"])] != tiles["deck"]:
            break
    tiles["deck"], tiles["discard"] = pool[: len(tiles["deck"])], pool[len(tiles["deck"]) :]
    others = [s for s in range(len(twin["players"])) if s != seat]
    rich = [s for s in others if twin["boards"][s]["vp"] > 0]
    if len(others) > 1 and rich:  # one chip changes hands between two others
        giver = rich[0]
        taker = next(s for s in others if s != giver)
        twin["boards"][giver]["vp"] -= 1
        twin["boards"][taker]["vp"] += 1
    twin["rng"] ^= 0x5DEECE66D
    twin["seed"] += 1
    return twin


def choice(state: State, seat: int) -> tuple[int, int]:
    """How many colonists ``seat`` places in an open Mayor window, and on how many circles."""
    board = state["boards"][seat]
    return colonists(board), sum(circles(board).values())


def in_frame(kind: str, seat: int) -> Callable[[State], bool]:
    """The top window is ``kind``, asks ``seat`` and two more seats; in a Mayor window the first
    of them has more circles than colonists (a choice), the second two colonists or more."""

    def reached(state: State) -> bool:
        frames = state.get("frames") or []
        if not frames or frames[-1]["kind"] != kind or frames[-1]["answers"]:
            return False
        others = [s for s in frames[-1]["seats"] if s != seat]
        if seat not in frames[-1]["seats"] or len(others) < 2:
            return False
        if kind != "mayor_layout":
            return True
        people, room = choice(state, others[0])
        return 0 < people < room and min(choice(state, others[1])) > 1

    return reached


def answer_frame(state: State, seat: int, pick: int, partly: bool = False) -> None:
    """``seat`` answers the open window, each time with its ``pick``-th option (Guest House moves
    aside); ``partly``: one action only (in a Mayor window, one colonist placed)."""
    for _ in range(1 if partly else 100):
        if seat not in G.waiting(state):
            return
        legal = [a for a in G.legal_actions(state, seat) if a["verb"] != "guest"]
        play.apply_in_place(G, state, seat, legal[pick])
    assert not partly or seat in G.waiting(state)


def window_twins(players: int, seed: int, kind: str, **options: Any) -> tuple[State, State, int]:
    """A window of ``kind`` asking the seat and two others: one other has answered and one is
    part way, differently in the two states (by the rules), the rest of the hidden parts too."""
    rnd = random.Random(seed)
    seat = seed % players
    for game in range(seed, seed + 50):
        try:
            start = walk(make_game(players, game, **options), rnd, in_frame(kind, seat))
            break
        except AssertionError:
            continue
    first, second = [s for s in start["frames"][-1]["seats"] if s != seat][:2]
    a, b = G.copy_state(start), G.copy_state(start)
    answer_frame(a, first, 0)  # the proposed layout, the most valuable goods to keep
    answer_frame(b, first, 1)  # colonists placed one by one at the first place with room; other goods
    assert a["frames"][-1]["answers"] != b["frames"][-1]["answers"]
    if kind == "mayor_layout":
        answer_frame(a, second, -1, partly=True)
    return a, redeal(b, seat, rnd), seat


def plain_twins(players: int, seed: int, **options: Any) -> tuple[State, State, int]:
    """A position some way into a game and its hidden twin, for a seat asked something."""
    rnd = random.Random(seed)
    state = walk(make_game(players, seed, **options), rnd, lambda s: s["step"] >= 120 + 30 * players)
    seat = G.waiting(state)[0]
    return state, redeal(state, seat, rnd), seat


CASES = [
    pytest.param(lambda: plain_twins(2, 11), id="2p"),
    pytest.param(lambda: plain_twins(3, 12), id="3p"),
    pytest.param(lambda: plain_twins(4, 13), id="4p"),
    pytest.param(lambda: plain_twins(5, 14), id="5p"),
    pytest.param(lambda: plain_twins(4, 15, expansions="both"), id="4p-expansions"),
    pytest.param(lambda: window_twins(4, 21, "mayor_layout"), id="4p-mayor"),
    pytest.param(lambda: window_twins(5, 22, "mayor_layout", expansions="nobles"), id="5p-mayor-nobles"),
    pytest.param(lambda: window_twins(4, 23, "keep"), id="4p-storage"),
]


def texts(state: State, seat: int) -> list[str]:
    return [G.action_text(a) for a in G.legal_actions(state, seat)]


@pytest.mark.parametrize("make", CASES)
def test_hidden_parts_never_change_a_determinization_or_a_choice(make: Callable[[], Any]) -> None:
    state, twin, seat = make()
    assert G.view(twin, seat) == G.view(state, seat)
    assert play.dumps(twin) != play.dumps(state)
    for seed in (1, 2, 99):
        assert play.dumps(G.determinize(twin, seat, seed)) == play.dumps(G.determinize(state, seat, seed))
    assert G.determinize(state, seat, 1) != G.determinize(state, seat, 2)
    for level in ("easy", "greedy"):
        assert choose("puerto_rico", twin, seat, seed=5, level=level) == choose(
            "puerto_rico", state, seat, seed=5, level=level
        )


@pytest.mark.parametrize("make", CASES)
def test_a_determinization_looks_the_same_to_the_seat(make: Callable[[], Any]) -> None:
    state, _, seat = make()
    for seed in (3, 4):
        world = G.determinize(state, seat, seed)
        assert G.view(world, seat) == G.view(state, seat)
        assert G.public_view(world) == G.public_view(state)
        assert texts(world, seat) == texts(state, seat)
        assert sorted(world["plantations"]["deck"] + world["plantations"]["discard"]) == sorted(
            state["plantations"]["deck"] + state["plantations"]["discard"]
        )
        assert sum(b["vp"] for b in world["boards"]) + max(0, world["supply"]["vp"]) == state["totals"]["vp"]


def test_a_better_position_is_valued_higher() -> None:
    state = make_game(3, seed=4)
    set_board(state, 0, vp=6, doubloons=6, island={"corn": (2, 2), "indigo": (2, 2)}, city={"indigo-plant": 2})
    set_board(state, 1, vp=2, doubloons=2, island={"corn": (1, 1)})
    set_board(state, 2, vp=2, doubloons=2, island={"corn": (1, 1), "indigo": (1, 0)})
    value = G.evaluate(state)
    assert value[0] > value[1] + 5
    assert value[2] >= value[1]
    # the same money promises less once the game's end is near
    early = value[0]
    state["end"] = ["vp"]
    assert G.evaluate(state)[0] < early
    assert rounds_left(state) == 0


def test_an_occupied_large_building_counts_its_bonus_now_and_an_empty_one_some_of_it() -> None:
    empty = make_game(3, seed=5)
    set_board(empty, 0, city={"fortress": 0}, island={"corn": (3, 3)}, san_juan=3)
    occupied = G.copy_state(empty)
    set_board(occupied, 0, city={"fortress": 1}, island={"corn": (3, 3)}, san_juan=2)
    gain = G.evaluate(occupied)[0] - G.evaluate(empty)[0]
    assert 0 < gain < 2  # the bonus is 2 (6 colonists); an empty Fortress promises most of it


@pytest.mark.parametrize(("players", "seed"), [(2, 7), (3, 8)])
def test_a_game_of_easy_ai_seats_ends_with_every_move_legal(players: int, seed: int) -> None:
    state = make_game(players, seed)
    order = random.Random(seed)
    moves = 0
    while not G.is_over(state):
        seat = order.choice(G.waiting(state))
        text = choose("puerto_rico", state, seat, seed=order.getrandbits(32), level="easy")
        state, _ = play.apply(G, state, seat, play.parse_action(G, state, seat, text))
        moves += 1
        assert moves < 3000
    assert G.outcome(state) is not None
