"""Lorenzo's AI hooks (:mod:`engine.lorenzo.ai`): a determinization reads only the seat's view (two
states that differ only in what the seat cannot see give the same copy and the same choice), keeps
the view, the legal moves and every size and period split; the evaluation prefers a better position;
a whole game of AI seats plays legal moves to the end."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from engine.ai import choose
from engine.core import play
from engine.lorenzo import GAME
from engine.lorenzo.ai import evaluate

State = dict[str, Any]


def _advance(players: int, advanced: bool, seed: int, until: Callable[[State], bool]) -> State:
    """A game played with random legal moves (seeded) until ``until`` holds at a decision."""
    state, _ = play.new_game(GAME, [f"P{i + 1}" for i in range(players)], {"advanced": advanced}, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        assert not GAME.is_over(state), "the position looked for never came"
        if until(state):
            return state
        seat = rng.choice(GAME.waiting(state))
        legal = GAME.legal_actions(state, seat)
        state, _ = play.apply(GAME, state, seat, legal[rng.randrange(len(legal))])
    raise AssertionError("the position looked for never came")


def _answered_frame(kind: str) -> Callable[[State], bool]:
    """An open ``kind`` frame in which somebody has answered and somebody is still asked."""

    def found(state: State) -> bool:
        frames = state["frames"]
        return bool(frames) and frames[-1]["kind"] == kind and bool(frames[-1]["answers"]) and bool(GAME.waiting(state))

    return found


def _round(n: int, placed: int) -> Callable[[State], bool]:
    """Round ``n`` with ``placed`` members placed by the seat to move."""

    def found(state: State) -> bool:
        waiting = GAME.waiting(state)
        return state["round"] == n and len(waiting) == 1 and len(state["boards"][waiting[0]]["placed"]) == placed

    return found


# (players, advanced, seed, position): the seat asked there decides
POSITIONS = [
    (2, False, 5, _round(1, 0)),
    (3, True, 6, _round(2, 1)),
    (4, True, 7, _round(3, 2)),
    (2, True, 8, _answered_frame("draft")),
    (4, True, 9, _answered_frame("draft")),
    (3, False, 10, _answered_frame("vatican")),
    (4, True, 12, _answered_frame("vatican")),
]
IDS = [f"{p}p-{'adv' if a else 'basic'}-{s}" for p, a, s, _ in POSITIONS]


def _position(index: int) -> tuple[State, int]:
    players, advanced, seed, until = POSITIONS[index]
    state = _advance(players, advanced, seed, until)
    asked = GAME.waiting(state)
    return state, asked[-1]


def _hidden_changed(state: State, seat: int) -> State:
    """The same position for ``seat`` with everything it cannot see changed: each deck's periods
    reversed in place, the unseen leaders dealt again in another order, the others' held answers
    changed, another generator."""
    other = GAME.copy_state(state)
    cards = GAME.packs.shipped().cards
    for tower, deck in other["decks"].items():
        periods = sorted({cards[c].period for c in deck})
        other["decks"][tower] = [c for p in periods for c in reversed([c for c in deck if cards[c].period == p])]
    boards, setup = other["boards"], other["setup"]
    others = [s for s in range(len(boards)) if s != seat]
    packets = setup["packets"]
    pool = setup["out"] + [c for s in others for c in boards[s]["hand"] + (packets[s] if packets else [])]
    pool = pool[1:] + pool[:1]
    for s in others:
        boards[s]["hand"], pool = pool[: len(boards[s]["hand"])], pool[len(boards[s]["hand"]) :]
        if packets:
            packets[s], pool = pool[: len(packets[s])], pool[len(packets[s]) :]
    setup["out"] = pool
    leaders = GAME.packs.shipped().leaders
    for frame in other["frames"]:
        for key, answer in frame["answers"].items():
            if int(key) == seat:
                continue
            if frame["kind"] == "vatican":
                answer["support"] = not answer["support"]
            else:
                answer["leader"] = leaders[packets[int(key)][-1]].key
    other["rng"] = (other["rng"] * 6364136223846793005 + 1) % (1 << 64)
    return other


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=IDS)
def test_a_determinization_depends_only_on_the_seats_view(index: int) -> None:
    state, seat = _position(index)
    other = _hidden_changed(state, seat)
    assert GAME.view(other, seat) == GAME.view(state, seat) and other != state
    for seed in (1, 2, 3):
        assert GAME.determinize(state, seat, seed) == GAME.determinize(other, seat, seed)
    assert GAME.determinize(state, seat, 1) != GAME.determinize(state, seat, 2)


@pytest.mark.parametrize("index", range(len(POSITIONS)), ids=IDS)
def test_a_determinization_keeps_the_view_the_moves_and_every_size(index: int) -> None:
    state, seat = _position(index)
    cards = GAME.packs.shipped().cards
    for seed in (4, 5):
        world = GAME.determinize(state, seat, seed)
        assert GAME.view(world, seat) == GAME.view(state, seat)
        assert GAME.legal_actions(world, seat) == GAME.legal_actions(state, seat)
        for tower, deck in world["decks"].items():
            assert sorted(deck) == sorted(state["decks"][tower])
            assert [cards[c].period for c in deck] == sorted(cards[c].period for c in deck)
        hidden = [b["hand"] for b in world["boards"]] + world["setup"]["packets"] + [world["setup"]["out"]]
        before = [b["hand"] for b in state["boards"]] + state["setup"]["packets"] + [state["setup"]["out"]]
        assert [len(h) for h in hidden] == [len(h) for h in before]
        assert sorted(c for h in hidden for c in h) == sorted(c for h in before for c in h)
        for frame in world["frames"]:
            for key, answer in frame["answers"].items():
                if frame["kind"] == "draft":
                    leader = GAME.packs.shipped().leader_by_key(answer["leader"]).id
                    assert leader in world["setup"]["packets"][int(key)]


@pytest.mark.parametrize("level", ["easy", "greedy"])
@pytest.mark.parametrize("index", [0, 2, 3, 6], ids=[IDS[i] for i in (0, 2, 3, 6)])
def test_hidden_parts_never_change_the_choice(index: int, level: str) -> None:
    state, seat = _position(index)
    other = _hidden_changed(state, seat)
    for seed in (1, 2):
        assert choose("lorenzo", state, seat, seed=seed, level=level) == choose(
            "lorenzo", other, seat, seed=seed, level=level
        )


def test_evaluate_prefers_the_richer_position_and_knows_the_final_tally() -> None:
    state = _advance(2, False, 5, _round(2, 0))
    cards = GAME.packs.shipped().cards
    better = GAME.copy_state(state)
    territories = sorted(c.id for c in cards.values() if c.type == "territory" and c.period == 1)[:3]
    owned = len(better["boards"][0]["cards"]["territory"])
    better["boards"][0]["cards"]["territory"] += territories
    table = GAME.packs.shipped().rules.territory_vp
    land = evaluate(better)[0]
    assert land > evaluate(state)[0] + table[owned + 3] - table[owned] + 3  # the final table, and harvests to come
    better["boards"][0]["res"]["c"] += 6
    better["boards"][0]["res"]["mp"] += 4
    base, rich = evaluate(state), evaluate(better)
    assert rich[0] > land + 2 and rich[0] - rich[1] > base[0] - base[1] + 5  # seat 1 loses the military lead
    poor = GAME.copy_state(state)
    poor["boards"][1]["res"] |= {"c": 0, "w": 0, "s": 0, "sv": 0}
    assert evaluate(poor)[1] < base[1] and evaluate(poor)[0] == base[0]


def test_evaluate_counts_faith_short_of_the_report_as_a_loss() -> None:
    state = _advance(2, False, 6, _round(2, 3))
    short, safe = GAME.copy_state(state), GAME.copy_state(state)
    short["boards"][0]["res"]["fp"] = 0
    safe["boards"][0]["res"]["fp"] = 3
    assert evaluate(safe)[0] - evaluate(short)[0] >= 5  # 3 faith VP and no excommunication


def test_evaluate_of_a_finished_game_is_its_outcome() -> None:
    state, _ = play.new_game(GAME, ["P1", "P2", "P3"], {}, 3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        seat = rng.choice(GAME.waiting(state))
        legal = GAME.legal_actions(state, seat)
        state, _ = play.apply(GAME, state, seat, legal[rng.randrange(len(legal))])
    outcome = GAME.outcome(state)
    assert outcome is not None
    totals = {r.seat: float(r.total) for r in outcome.results}
    assert evaluate(state) == [totals[s] for s in range(3)]


def test_a_whole_game_of_easy_seats_plays_legal_moves_to_the_end() -> None:
    state, _ = play.new_game(GAME, ["P1", "P2"], {"advanced": True}, 21)
    rng = random.Random(21)
    for _ in range(1000):
        if GAME.is_over(state):
            break
        seat = rng.choice(GAME.waiting(state))
        text = choose("lorenzo", state, seat, seed=rng.getrandbits(32), level="easy")
        assert text in play.legal_texts(GAME, state, seat)
        state, _ = play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))
    assert GAME.is_over(state) and GAME.outcome(state) is not None
