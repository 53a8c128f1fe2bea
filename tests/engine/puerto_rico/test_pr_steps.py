"""Puerto Rico's reaction frames resume through its registry on the core step queue: every
frame names a step that is registered (never a dead string), and Puerto Rico's registry is its own."""

from __future__ import annotations

import random

from engine import get_game
from engine.core import play
from engine.lisboa.flow import STEPS as LISBOA_STEPS
from engine.puerto_rico.flow import STEPS

RESUMES = {"mayor_refill", "captain_unload", "role", "storage", "lodge", "final"}


def test_every_resume_step_is_registered_and_the_registry_is_puerto_ricos():
    assert set(STEPS.steps) >= RESUMES
    assert STEPS is not LISBOA_STEPS and not RESUMES & set(LISBOA_STEPS.steps)


def test_random_games_resume_every_frame_through_a_registered_step():
    game, seen = get_game("puerto_rico"), set()
    for seed, options in enumerate(({}, {"expansions": "new_buildings"}, {"expansions": "both"})):
        state, _ = play.new_game(game, ["A", "B", "C", "D"], options, seed)
        chooser = random.Random(seed)
        while not game.is_over(state):
            seen.update(frame["resume"] for frame in state["frames"])
            seat = chooser.choice(game.waiting(state))
            play.apply_in_place(game, state, seat, chooser.choice(game.legal_actions(state, seat)))
    assert {"mayor_refill", "captain_unload"} <= seen <= set(STEPS.steps)
