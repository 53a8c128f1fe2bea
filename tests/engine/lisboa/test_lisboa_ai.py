"""Lisboa's AI hooks (:mod:`engine.lisboa.ai`) and the AI player on Lisboa: a determinization
depends only on the seat's view and the seed, keeps the seat's view and legal moves, the choice of
``easy`` and ``greedy`` never changes with hidden parts, the evaluation prefers a better position,
and a whole game of AI seats ends with every move legal."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.ai import choose
from engine.core import play
from engine.lisboa.ai import evaluate, progress
from engine.lisboa.data import default_pack
from engine.lisboa.game import GAME

State = dict[str, Any]

#: (players, starting draft, random steps played from set-up): set-up, the draft, era 1, era 2.
POSITIONS = [(2, False, 0), (3, True, 2), (4, True, 5), (2, False, 40), (3, False, 70), (4, False, 120), (2, True, 150)]


def position(players: int, draft: bool, steps: int, seed: int = 11) -> State:
    """A seeded random walk of ``steps`` actions from set-up."""
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {"starting_draft": draft}, seed)
    walk = random.Random(seed)
    for _ in range(steps):
        if GAME.is_over(state):
            break
        seat = walk.choice(GAME.waiting(state))
        state, _ = play.apply(GAME, state, seat, walk.choice(GAME.legal_actions(state, seat)))
    return state


def _swap(a: list[str], i: int, b: list[str], j: int) -> None:
    a[i], b[j] = b[j], a[i]


def redeal(state: State, seat: int) -> State:
    """``state`` with only what ``seat`` cannot see changed, within the rules' constraints: each
    hidden stack and deck reversed, a card of each other hand swapped with one of the box (or with
    a same-kind card below a display top), the others' clergy offers swapped with the bag, a draft
    packet's card swapped with the box, the generator moved."""
    other = GAME.copy_state(state)
    pack, pol, box = default_pack(), other["political"], other["box"]
    for stack in pol["display"].values():
        stack[1:] = stack[:0:-1]
    for deck in (pol["purple"], pol["brown"], other["decrees"]["deck"], other["church"]["bag"]):
        deck.reverse()
    for tiles in other["buildings"].values():
        tiles["stack"][1:] = tiles["stack"][:0:-1]
    others = [s for s in range(len(other["boards"])) if s != seat]
    for s in others:
        hand = other["boards"][s]["hand"]
        if hand and box["political"]:
            _swap(hand, 0, box["political"], len(box["political"]) - 1)
        for k, card in enumerate(hand):
            kind = pack.cards[card].kind
            below = pol["display"].get(kind) or []
            match = [i for i, c in enumerate(below[1:], 1) if pack.cards[c].deck == pack.cards[card].deck]
            if match:
                _swap(hand, k, below, match[-1])
                break
    chosen, bag = other["setup"], other["church"]["bag"]
    for s in others:
        offer = chosen["clergy_offers"][s]
        free = [i for i, t in enumerate(offer) if t != chosen["clergy_kept"][s]]
        if free and bag:
            _swap(offer, free[0], bag, 0)
            offer.sort()
    if chosen.get("packets") and box["political"]:
        for s in others:
            packet = chosen["packets"][s]
            if packet and not chosen["draft_picks"][s]:
                _swap(packet, 0, box["political"], 0)
                packet.sort()
    other["rng"] = (other["rng"] * 31 + 7) % (1 << 64)
    return other


@pytest.mark.parametrize(("players", "draft", "steps"), POSITIONS)
def test_a_determinization_depends_only_on_the_view_and_keeps_it(players: int, draft: bool, steps: int) -> None:
    state = position(players, draft, steps)
    for seat in range(players):
        other = redeal(state, seat)
        assert GAME.view(other, seat) == GAME.view(state, seat)
        assert {**other, "rng": 0} != {**state, "rng": 0}  # hidden cards moved, not only the generator
        for seed in (1, 2):
            world = GAME.determinize(state, seat, seed)
            assert world == GAME.determinize(other, seat, seed)
            assert GAME.view(world, seat) == GAME.view(state, seat)
            assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
        assert GAME.determinize(state, seat, 1) != GAME.determinize(state, seat, 2)


@pytest.mark.parametrize(("players", "draft", "steps"), [(2, True, 2), (3, False, 40), (4, False, 70), (2, False, 150)])
def test_a_choice_never_changes_with_hidden_parts(players: int, draft: bool, steps: int) -> None:
    state = position(players, draft, steps)
    seat = GAME.waiting(state)[0]
    other = redeal(state, seat)
    assert GAME.view(other, seat) == GAME.view(state, seat) and {**other, "rng": 0} != {**state, "rng": 0}
    for level in ("easy", "greedy"):
        for seed in (3, 4):
            chosen = choose("lisboa", state, seat, seed=seed, level=level)
            assert chosen == choose("lisboa", other, seat, seed=seed, level=level)
            assert chosen in play.legal_texts(GAME, state, seat)


def test_the_evaluation_prefers_a_better_position_and_ends_at_the_final_score() -> None:
    state = position(3, False, 40)
    richer = GAME.copy_state(state)
    board = richer["boards"][1]
    board["wigs"] += 6
    for good in board["goods"]:
        board["goods"][good] += 2
    before, after = evaluate(state), evaluate(richer)
    assert after[1] > before[1] + 6
    assert after[0] == before[0] and after[2] == before[2]
    late = GAME.copy_state(richer)
    late["era"] = 2  # the same goods are worth less with less of the game left to use them
    assert progress(late) > progress(richer)
    assert evaluate(late)[1] - evaluate(late)[0] < after[1] - after[0]
    done = position(2, False, 2000)
    assert GAME.is_over(done)
    assert evaluate(done) == [float(r["total"]) for r in done["result"]["scores"]]


def test_a_whole_game_of_easy_seats_ends_with_every_move_legal() -> None:
    state, _ = play.new_game(GAME, ["P1", "P2"], {"starting_draft": True}, 5)
    moves = 0
    while not GAME.is_over(state):
        seat = GAME.waiting(state)[0]
        text = choose("lisboa", state, seat, seed=moves, level="easy")
        assert text in play.legal_texts(GAME, state, seat)
        state, _ = play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))
        moves += 1
    assert GAME.outcome(state) is not None and moves > 50
