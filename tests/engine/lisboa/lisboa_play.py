"""Helpers for the Lisboa rules-layer tests: a table in play, a decision opened directly, texts."""

from __future__ import annotations

import json
from typing import Any

import lisboa_driver as driver

from engine.core import Outcome
from engine.lisboa import flow, scoring
from engine.lisboa.actions import action_text
from engine.lisboa.game import GAME
from engine.lisboa.rules import pack_of

NAMES = ["Green", "Purple", "Yellow", "Orange"]
GOODS = ("gold", "books", "cloth", "tools")


def table(n: int = 3, seed: int = 1) -> dict[str, Any]:
    """A table past setup (everyone kept their first clergy tile): seat 0's main decision is open."""
    state = driver.new_game(NAMES[:n], {}, seed)
    for seat in range(n):
        driver.apply(state, seat, driver.legal_actions(state, seat)[0])
    assert state["phase"] == "play" and state["decision"]["kind"] == "main"
    return state


def open_decision(
    state: dict[str, Any], kind: str, seat: int, queue: list[dict[str, Any]] | None = None, **data: Any
) -> None:
    """Replace whatever is open by decision ``kind`` for ``seat``, with ``queue`` to run after it."""
    state["decision"], state["frames"], state["queue"] = None, [], list(queue or [])
    flow.ask(state, kind, seat, **data)


def run_step(state: dict[str, Any], step: dict[str, Any], queue: list[dict[str, Any]] | None = None) -> list:
    """Run ``step`` (then ``queue``) from a clean stack; return its events."""
    state["decision"], state["frames"], state["queue"] = None, [], [step] + list(queue or [])
    events: list = []
    flow.run(state, events)
    return events


def texts(state: dict[str, Any], seat: int) -> list[str]:
    return [action_text(a) for a in driver.legal_actions(state, seat)]


def do(state: dict[str, Any], seat: int, text: str) -> list[dict[str, Any]]:
    return driver.act_text(state, seat, text)


def goods(state: dict[str, Any], seat: int, **counts: int) -> None:
    """Set ``seat``'s warehouse: named goods to the given counts, the others to 0."""
    state["boards"][seat]["goods"] = {g: counts.get(g, 0) for g in GOODS}


def give_ship(
    state: dict[str, Any], seat: int, ship: str, cargo: list[str] | None = None, sailing: bool = False
) -> None:
    b = state["boards"][seat]
    b["portfolio"]["top"].append(ship)
    b["holds"][ship] = {"goods": list(cargo or []), "sailing": sailing}


def stores(state: dict[str, Any], seat: int, **counts: int) -> None:
    """Give ``seat`` stores of the given types on free lots (row-major order)."""
    free = [lot for lot in sorted(state["city"]["lots"]) if state["city"]["lots"][lot] is None]
    for good, n in counts.items():
        for _ in range(n):
            state["city"]["lots"][free.pop(0)] = {"owner": seat, "type": good, "street": "S1"}


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]


def check_outcome(state: dict[str, Any]) -> Outcome:
    """The finished game's typed outcome agrees with final scoring: every seat once under its name,
    total = board wigs + categories, the pack's tie-break keys and values, ranks following (total,
    tie-break values) with equal keys sharing a rank, the rank-1 seats win; and it survives JSON."""
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.tie_break == ""
    rows = scoring.final_scoring(state)
    assert rows == state["result"]["scores"]
    assert sorted(r.seat for r in outcome.results) == list(range(len(state["players"])))
    labels = [key.replace("_", " ") for key in pack_of(state).final_scoring.tie_break]
    for r in outcome.results:
        assert r.name == state["players"][r.seat] and r.total == rows[r.seat]["total"] == sum(r.breakdown.values())
        assert list(r.breakdown)[0] == "board wigs" and list(r.breakdown)[1:] == list(rows[r.seat]["categories"])
        assert r.tie_break == dict(zip(labels, scoring.tie_break_values(state, r.seat).values(), strict=True))
    keys = [(r.total, *r.tie_break.values()) for r in outcome.results]
    assert keys == sorted(keys, reverse=True)
    for place, r in enumerate(outcome.results):
        assert r.rank == (outcome.results[place - 1].rank if place and keys[place] == keys[place - 1] else place + 1)
    assert outcome.winners == tuple(r.seat for r in outcome.results if r.rank == 1) == tuple(state["result"]["winners"])
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    return outcome
