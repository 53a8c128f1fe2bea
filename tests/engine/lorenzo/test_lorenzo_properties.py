"""Random full games at 2, 3 and 4 players, basic and advanced: at every step the core's API
promises hold (the conformance checks), no count goes negative, every card and leader is somewhere
exactly once, and the public view names nothing hidden; at the end the log replays to the same
state and the outcome ranks every seat."""

from __future__ import annotations

import json
import random

import pytest

from bench.random_checks import state_problem
from engine.core import play
from engine.lorenzo import GAME
from tests.engine.test_conformance import _check_step

CASES = [(n, adv, seed) for n in (2, 3, 4) for adv in (False, True) for seed in (11, 12)]


def _cards_conserved(state):
    cards = [c for deck in state["decks"].values() for c in deck]
    cards += [c for tower in state["towers"].values() for c in tower if c is not None]
    cards += [c for b in state["boards"] for kind in b["cards"].values() for c in kind]
    cards += state["discarded"]
    assert sorted(cards) == list(range(1, 97)), "a development card was lost or doubled"


def _leaders_conserved(state):
    if not state["options"]["advanced"] or not state["setup"]["out"] and not state["setup"]["packets"]:
        return
    leaders = [i for b in state["boards"] for i in b["hand"]] + [e["id"] for b in state["boards"] for e in b["leaders"]]
    leaders += [i for p in state["setup"]["packets"] for i in p] + state["setup"]["out"] + state["leader_discards"]
    assert sorted(leaders) == sorted(GAME.packs.shipped().leaders), "a leader was lost or doubled"


def _nothing_hidden_in_public(state):
    public = play.dumps(GAME.public_view(state))
    for board in state["boards"]:
        for leader in board["hand"]:
            assert f'"{leader}"' not in public, f"hand leader {leader} in the public view"
    for packet in state["setup"]["packets"]:
        for leader in packet:
            assert f'"{leader}"' not in public
    assert '"rng"' not in public and '"answers"' not in public
    decks = GAME.public_view(state)["decks"]
    assert all(isinstance(n, int) for n in decks.values())


@pytest.mark.parametrize(("players", "advanced", "seed"), CASES)
def test_random_games_keep_every_property(players, advanced, seed):
    names = [f"P{i + 1}" for i in range(players)]
    options = {"advanced": advanced}
    state, _ = play.new_game(GAME, names, options, seed)
    rnd = random.Random(seed)
    log = []
    for _ in range(5000):
        if GAME.is_over(state):
            break
        _check_step(GAME, state, play.dumps(state), players, rnd)
        assert state_problem(state, "lorenzo") is None
        _cards_conserved(state)
        _leaders_conserved(state)
        _nothing_hidden_in_public(state)
        for d in play.pending(GAME, state):  # every decision but the placement has a default
            assert d.default is not None or d.kind in ("turn", "space"), d.kind
        seat = rnd.choice(play.waiting_players(GAME, state))
        action = rnd.choice(play.legal_actions(GAME, state, seat))
        state, _ = play.apply(GAME, state, seat, action)
        log.append((seat, play.action_text(GAME, action)))
    assert GAME.is_over(state) and state["round"] == 6
    _cards_conserved(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and sorted(r.seat for r in outcome.results) == list(range(players))
    assert json.loads(json.dumps(outcome.to_dict())) == outcome.to_dict()
    assert play.dumps(play.replay(GAME, names, options, seed, log)) == play.dumps(state)


def test_the_text_board_reads_the_views():
    state, _ = play.new_game(GAME, ["Ann", "Bob", "Cy"], {"advanced": True}, 3)
    text = GAME.view_text(GAME.public_view(state))
    assert "Lorenzo il Magnifico" in text and "Ann" in text
    mine = GAME.view_text(GAME.view(state, 0))
    assert mine.startswith("Lorenzo il Magnifico")
