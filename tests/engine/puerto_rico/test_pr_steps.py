"""Puerto Rico on the core step queue: its order of play is a program of steps and decision kinds
declared on its own registry (:mod:`engine.puerto_rico.flow`), and a game at rest looks exactly as
it did before the queue (no ``queue`` key, the phase keeps its place), so stored games and records
go on. Every frame names a step that is registered (never a dead string)."""

from __future__ import annotations

import random

from engine import get_game
from engine.core import play
from engine.core.stepgame import StepGame
from engine.lisboa.flow import STEPS as LISBOA_STEPS
from engine.puerto_rico.flow import STEPS

RESUMES = {"mayor_refill", "captain_unload", "role", "storage", "lodge", "final"}
ROLES = {"settler", "mayor", "builder", "craftsman", "trader", "captain", "prospector"}
KINDS = {
    "role",
    "settle",
    "mayor_privilege",
    "mayor_layout",
    "build",
    "craft_bonus",
    "trade",
    "ship",
    "keep",
    "draft",
    "black_market",
    "lodge",
    "royal",
    "small_wharf",
    "guests",
}
GAME = get_game("puerto_rico")


def test_every_resume_step_is_registered_and_the_registry_is_puerto_ricos():
    assert set(STEPS.steps) >= RESUMES | ROLES | {"choose_role", "end_role", "end_round", "finish_round"}
    assert set(STEPS.kinds) == KINDS
    assert STEPS is not LISBOA_STEPS and not RESUMES & set(LISBOA_STEPS.steps)
    assert isinstance(GAME, StepGame) and GAME.steps is STEPS


def _generic(state):
    """Who is asked what, derived the slow way (every Asked of StepGame.asked)."""
    asked = GAME.asked(state)
    return (
        [a.seat for a in asked],
        {a.seat: GAME.options_of(state, a) for a in asked},
        {a.seat: GAME.decision_for(state, a) for a in asked},
    )


def test_random_games_rest_without_a_queue_and_answer_as_derived_from_asked():
    game, seen = GAME, set()
    for seed, options in enumerate(({}, {"expansions": "new_buildings"}, {"expansions": "both"})):
        state, _ = play.new_game(game, ["A", "B", "C", "D"], options, seed)
        chooser = random.Random(seed)
        while not game.is_over(state):
            assert "queue" not in state  # nothing waits in the queue between two actions
            assert state["decision"] is None or not state["frames"]  # one decision, or a frame
            seen.update(frame["resume"] for frame in state["frames"])
            seats, options_of, decisions = _generic(state)
            assert game.waiting(state) == seats
            for seat in range(4):
                assert game.legal_actions(state, seat) == options_of.get(seat, [])
                assert game.decision(state, seat) == decisions.get(seat)
            assert game.pending(state) == list(decisions.values())
            seat = chooser.choice(seats)
            play.apply_in_place(game, state, seat, chooser.choice(game.legal_actions(state, seat)))
        assert "queue" not in state
    assert {"mayor_refill", "captain_unload"} <= seen <= set(STEPS.steps)


def test_a_state_stored_before_the_queue_plays_on():
    """A state at rest has the layout it always had: a mid-phase state written as JSON (as the
    store keeps it) plays on from its decision and its phase."""
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 3)
    for text in ("role builder", "pass", "pass"):
        seat = play.waiting_players(GAME, state)[0]
        state, _ = play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))
    stored = play.loads(play.dumps(state))
    assert set(stored) >= {"decision", "phase", "frames"} and "queue" not in stored
    assert stored["decision"] == {"kind": "build", "player": 2} and stored["phase"]["idx"] == 2
    after, _ = play.apply(GAME, stored, 2, {"verb": "pass"})
    assert after["decision"]["kind"] == "role" and after["role"] is None and "queue" not in after
