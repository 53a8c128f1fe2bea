"""Properties of random full games at 2, 3 and 4 players on both workshop sides: no negative
supply or count, materials conserved, inventories within their room, banners and ornaments
accounted for, a public view with nothing hidden in it, and an exact replay from the log."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from rc_helpers import NAMES, materials_total

from engine.core import play
from engine.red_cathedral import GAME, board

TABLES = [(n, side, seed) for n in (2, 3, 4) for side in ("basic", "advanced") for seed in (11, 12)]
MAX_STEPS = 5000


def _walk(obj: Any, path: str = "$") -> list[tuple[str, Any]]:
    if isinstance(obj, dict):
        return [x for k, v in obj.items() for x in _walk(v, f"{path}.{k}")]
    if isinstance(obj, list):
        return [x for i, v in enumerate(obj) for x in _walk(v, f"{path}[{i}]")]
    return [(path, obj)]


def _check(state: dict[str, Any], start: dict[str, int]) -> None:
    assert materials_total(state) == start, "materials are conserved"
    numbers = [(p, v) for p, v in _walk(state) if isinstance(v, int) and not isinstance(v, bool)]
    assert not [(p, v) for p, v in numbers if v < 0 and not p.endswith(".rng")], "no negative count"
    asked = state["decision"]["kind"] if state["decision"] else None
    in_hand = asked == "section"  # a banner taken, its section not yet chosen
    tile_due = asked == "tile" or any(s["step"] == "tile" for s in state["queue"])
    mover = state["turn"]["player"] if state["turn"] else None
    for p, me in enumerate(state["seats"]):
        assert board.held(state, p) <= board.capacity(state, p)
        placed = sum(1 for s in state["sections"] if s["owner"] == p)
        assert placed + board.banners_left(state, p) == 6 - (in_hand and p == mover)
        slots = sum(1 for v in me["slots"].values() if v)
        assert slots == placed - (tile_due and p == mover), "one workshop tile per claimed section"
        pieces = me["ornaments"]["door"] + me["ornaments"]["arch"] + me["ornaments"]["cross"]
        assert pieces + board.ornaments_placed(state, p) + sum(me["lost"].values()) <= 4
    for i, sec in enumerate(state["sections"]):
        under = board.below(state, i)
        if sec["owner"] is not None and under is not None:
            assert state["sections"][under]["owner"] is not None, "claims go bottom-up"
        if sec["done"]:
            assert sec["owner"] is not None and not sec["delivered"]
        else:
            assert sec["ornament"] is None
            need = board.card(state, i).cost
            assert all(n <= need.get(k, 0) for k, n in sec["delivered"].items())


def _check_views(state: dict[str, Any]) -> None:
    public = GAME.public_view(state)
    text = json.dumps(public)
    assert "rng" not in public and str(state["rng"]) not in text
    for p in range(len(state["players"])):
        view = GAME.view(state, p)
        assert view.pop("you") == p and view == public, "nothing is hidden from anyone"
    assert GAME.view_text(public).startswith("The Red Cathedral")


@pytest.mark.parametrize(("players", "side", "seed"), TABLES, ids=[f"{n}p-{s}-seed{x}" for n, s, x in TABLES])
def test_random_full_games_keep_every_property(players: int, side: str, seed: int) -> None:
    names = NAMES[:players]
    state, _ = play.new_game(GAME, names, {"workshop": side}, seed)
    start = materials_total(state)
    rnd = random.Random(seed)
    log: list[tuple[int, str]] = []
    for step in range(MAX_STEPS):
        if GAME.is_over(state):
            break
        _check(state, start)
        if step % 7 == 0:
            _check_views(state)
        (decision,) = play.pending(GAME, state)
        assert decision.default is not None or decision.kind == "main", decision.kind
        action = rnd.choice(list(decision.options))
        state, events = play.apply(GAME, state, decision.player, action)
        assert all(GAME.event_text(state, e).public for e in events)
        log.append((decision.player, GAME.action_text(action)))
    assert GAME.is_over(state), "random games end"
    _check(state, start)
    _check_views(state)
    assert play.dumps(play.replay(GAME, names, {"workshop": side}, seed, log)) == play.dumps(state)
    outcome = GAME.outcome(state)
    assert outcome is not None and len(outcome.winners) >= 1
    assert state["end"] is not None and board.completed(state, state["end"]["trigger"]) == 6
