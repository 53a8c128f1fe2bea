"""Scenario helpers for the Puerto Rico engine tests.

Style: build a game with :func:`make_game`, edit the plain-dict state into the exact
position (:func:`set_board`, :func:`set_cargo`, ...), then drive it *only* through
``play.parse_action``/``play.apply`` with canonical texts (:func:`act`), asserting who is
asked what (:func:`asked`, :func:`texts`) and the state after each answer.

Board edits keep the conservation totals honest: goods, colonists and VP chips given to
a player are taken from the supply (and buildings from the copies on the board), so
:func:`check_invariants` (in :mod:`pr_checks`) can be asserted in scenarios as well as in random games.
"""

from __future__ import annotations

import json
from typing import Any

from pr_checks import (  # noqa: F401  (the checks are part of the helpers' interface)
    BUILDING_TABLE,
    EXPANSION_TABLE,
    GI,
    GOODS,
    _colonists,
    _nobles,
    check_city,
    check_invariants,
    circles_of,
    city_spaces,
)

from engine import get_game
from engine.core import IllegalAction, Outcome, SeatResult, play
from engine.core.outcome import Number
from engine.puerto_rico.scoring import BONUSES

G = get_game("puerto_rico")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]

State = dict[str, Any]


def make_game(players: int = 4, seed: int = 1, **options: Any) -> State:
    """A new game; keyword arguments are table options (``expansions="both"``...)."""
    state, _ = play.new_game(G, NAMES[:players], options, seed)
    return state


def goods_vec(goods: Any) -> list[int]:
    """``{"corn": 2}`` or a 5-list → a 5-list in price order."""
    if isinstance(goods, dict):
        unknown = set(goods) - set(GOODS)
        assert not unknown, unknown
        return [int(goods.get(g, 0)) for g in GOODS]
    assert len(goods) == 5
    return list(goods)


def set_board(
    state: State,
    seat: int,
    *,
    doubloons: int | None = None,
    vp: int | None = None,
    goods: Any = None,
    island: dict[str, Any] | None = None,
    city: dict[str, int] | None = None,
    san_juan: int | None = None,
    nobles: dict[str, int] | None = None,
) -> dict[str, Any]:
    """Set parts of one board. ``island`` maps a tile kind to ``tiles`` or
    ``(tiles, occupied)``; ``city`` maps building ids to colonists (and nobles);
    ``nobles`` (Nobles games) says how many of the people at a place (``san_juan``
    included) are nobles. A building missing from the copies on the board (not drafted)
    is put on it for the scenario.

    Goods, colonists (island, city, San Juan), nobles, VP chips, quarries and building
    copies are taken from (or returned to) the supply, so the conservation totals still hold.
    """
    board = state["boards"][seat]
    supply = state["supply"]
    if doubloons is not None:
        board["doubloons"] = doubloons
    if vp is not None:
        supply["vp"] -= vp - board["vp"]
        board["vp"] = vp
    if goods is not None:
        new = goods_vec(goods)
        for i, n in enumerate(new):
            supply["goods"][i] -= n - board["goods"][i]
            assert supply["goods"][i] >= 0, f"not enough {GOODS[i]} in the supply for this set-up"
        board["goods"] = new
    before = _colonists(board) - _nobles(board)
    nobles_before = _nobles(board)
    if island is not None:
        old_q = board["island"].get("quarry", [0, 0])[0]
        board["island"] = {}
        for kind, spec in island.items():
            tiles, occ = (spec, 0) if isinstance(spec, int) else spec
            assert 0 <= occ <= tiles
            if tiles:
                board["island"][kind] = [tiles, occ]
        supply["quarries"] -= board["island"].get("quarry", [0, 0])[0] - old_q
    if city is not None:
        for b in board["city"]:
            state["buildings"][b] += 1
        for b in city:
            if b not in state["buildings"]:
                offer(state, b)
            state["buildings"][b] -= 1
            assert state["buildings"][b] >= 0, f"no copy of {b} left"
        board["city"] = dict(city)
    if san_juan is not None:
        board["san_juan"] = san_juan
    if nobles is not None:
        assert "nobles" in board, "nobles need the Nobles expansion"
        board["nobles"] = {k: n for k, n in nobles.items() if n}
        supply["nobles"] -= _nobles(board) - nobles_before
        assert supply["nobles"] >= 0, "not enough nobles in the supply for this set-up"
    supply["colonists"] -= _colonists(board) - _nobles(board) - before
    assert supply["colonists"] >= 0, "not enough colonists in the supply for this set-up"
    return board


def set_noble_supply(state: State, supply: int | None = None, ship: int | None = None) -> None:
    """Move nobles between the supply/ship and 'elsewhere' (the totals follow)."""
    s = state["supply"]
    if supply is not None:
        state["totals"]["nobles"] += supply - s["nobles"]
        s["nobles"] = supply
    if ship is not None:
        state["totals"]["nobles"] += ship - s["ship_nobles"]
        s["ship_nobles"] = ship


def set_cargo(state: State, *loads: tuple[str | None, int]) -> None:
    """Cargo ships in size order: ``set_cargo(s, (None, 0), ("corn", 3), (None, 0))``.
    Barrels aboard come out of the goods supply."""
    assert len(loads) == len(state["cargo"])
    for ship, (good, load) in zip(state["cargo"], loads, strict=True):
        if ship["good"] is not None:
            state["supply"]["goods"][GI[ship["good"]]] += ship["load"]
        ship["good"], ship["load"] = (good, load) if load else (None, 0)
        if good is not None and load:
            state["supply"]["goods"][GI[good]] -= load
            assert state["supply"]["goods"][GI[good]] >= 0


def set_house(state: State, goods: list[str]) -> None:
    """Goods already in the trading house (taken from the supply)."""
    for good in state["house"]:
        state["supply"]["goods"][GI[good]] += 1
    for good in goods:
        state["supply"]["goods"][GI[good]] -= 1
    state["house"] = list(goods)


def set_colonist_supply(state: State, supply: int | None = None, ship: int | None = None) -> None:
    """Move colonists between the supply/ship and 'elsewhere' (the totals follow)."""
    s = state["supply"]
    if supply is not None:
        state["totals"]["colonists"] += supply - s["colonists"]
        s["colonists"] = supply
    if ship is not None:
        state["totals"]["colonists"] += ship - s["ship"]
        s["ship"] = ship


def set_goods_supply(state: State, goods: Any) -> None:
    """Set the goods supply directly (the totals follow)."""
    new = goods_vec(goods)
    for i, n in enumerate(new):
        state["totals"]["goods"][i] += n - state["supply"]["goods"][i]
    state["supply"]["goods"] = new


def set_vp_supply(state: State, vp: int) -> None:
    state["totals"]["vp"] += vp - state["supply"]["vp"]
    state["supply"]["vp"] = vp


def role_turn(state: State, seat: int, choice: int = 0) -> State:
    """Make it ``seat``'s role choice, as the ``choice``-th choice of the round."""
    n = len(state["boards"])
    state["choice"] = choice
    state["governor"] = (seat - state["choosers"][choice]) % n
    state["taken"] = {}
    state["role"] = None
    state["phase"] = {}
    state["frames"] = []
    state["decision"] = {"kind": "role", "player": seat}
    return state


def act(state: State, seat: int, text: str) -> tuple[State, list[dict[str, Any]]]:
    """Parse ``text`` for ``seat`` and apply it; also checks that the input state is
    left untouched (the engine's promise)."""
    before = play.dumps(state)
    action = play.parse_action(G, state, seat, text)
    new, events = play.apply(G, state, seat, action)
    assert play.dumps(state) == before, "play.apply mutated its input state"
    return new, events


def start_role(state: State, seat: int, role: str, choice: int = 0) -> tuple[State, list[dict[str, Any]]]:
    """``seat`` chooses ``role`` (made their turn first)."""
    role_turn(state, seat, choice)
    return act(state, seat, f"role {role}")


def asked(state: State) -> list[tuple[str, int]]:
    """Every open decision as (kind, seat)."""
    return [(d.kind, d.player) for d in play.pending(G, state)]


def texts(state: State, seat: int) -> list[str]:
    return play.legal_texts(G, state, seat)


def illegal(state: State, seat: int, text: str) -> IllegalAction:
    """Assert ``text`` is refused for ``seat`` and return the error."""
    before = play.dumps(state)
    try:
        action = play.parse_action(G, state, seat, text)
        play.apply(G, state, seat, action)
    except IllegalAction as err:
        assert play.dumps(state) == before
        return err
    raise AssertionError(f"{text!r} was accepted for seat {seat}")


def kinds(events: list[dict[str, Any]]) -> list[str]:
    return [e["kind"] for e in events]


def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["kind"] == kind]


def vps(state: State) -> list[int]:
    """Every player's VP chips, in seat order."""
    return [b["vp"] for b in state["boards"]]


def final(state: State, seat: int) -> SeatResult:
    """``seat``'s result in the finished game's typed outcome."""
    outcome = G.outcome(state)
    assert outcome is not None, "the game is not over"
    return outcome.seat(seat)


def bonuses(state: State, seat: int) -> dict[str, Number]:
    """The bonuses of ``seat``'s occupied large buildings in its final breakdown."""
    return {k: v for k, v in final(state, seat).breakdown.items() if k in BONUSES}


def check_outcome(state: State) -> Outcome:
    """The finished game's typed outcome agrees with its boards: every seat once under its name,
    the breakdown sums to the total, the tie-break is doubloons + goods, ranks follow (total,
    tie-break) with equal keys sharing a rank, the rank-1 seats win; and it survives JSON."""
    outcome = G.outcome(state)
    assert outcome is not None
    assert sorted(r.seat for r in outcome.results) == list(range(len(state["players"])))
    for r in outcome.results:
        board = state["boards"][r.seat]
        assert r.name == state["players"][r.seat] and r.total == sum(r.breakdown.values())
        assert r.tie_break == {"doubloons + goods": board["doubloons"] + sum(board["goods"])}
    keys = [(r.total, *r.tie_break.values()) for r in outcome.results]
    assert keys == sorted(keys, reverse=True)
    for place, r in enumerate(outcome.results):
        assert r.rank == (outcome.results[place - 1].rank if place and keys[place] == keys[place - 1] else place + 1)
    assert outcome.winners == tuple(r.seat for r in outcome.results if r.rank == 1)
    assert outcome.shared == state["result"]["shared"] and outcome.tie_break == "doubloons + goods"
    assert Outcome.from_dict(json.loads(json.dumps(outcome.to_dict()))) == outcome
    return outcome


def cargo_of(state: State) -> list[tuple[int, Any, int]]:
    """Each cargo ship as (size, good, load)."""
    return [(c["size"], c["good"], c["load"]) for c in state["cargo"]]


def goods_of(state: State, seat: int) -> dict[str, int]:
    return {g: n for g, n in zip(GOODS, state["boards"][seat]["goods"], strict=True) if n}


def answer_defaults(
    state: State, until: Any = None, chooser_roles: list[str] | None = None, max_steps: int = 500
) -> State:
    """Answer every decision with its default (or first option) until ``until(state)``.
    Role choices take the first legal role unless ``chooser_roles`` lists preferences."""
    for _ in range(max_steps):
        if state["over"] or (until is not None and until(state)):
            return state
        d = play.pending(G, state)[0]
        if d.kind == "role" and chooser_roles:
            legal = texts(state, d.player)
            pick = next((f"role {r}" for r in chooser_roles if f"role {r}" in legal), legal[0])
            state, _ = play.apply(G, state, d.player, play.parse_action(G, state, d.player, pick))
            continue
        action = d.default if d.default is not None else d.options[0]
        state, _ = play.apply(G, state, d.player, action)
    raise AssertionError("did not reach the target state")


def random_game(players: int, seed: int, max_steps: int = 5000, options: dict[str, Any] | None = None):
    """Yield ``(state, seat, action, events)`` along a random game, choosing uniformly among
    the open decisions and their options (Mayor layouts: the proposed one or a place step).
    The first item has ``seat``/``action`` ``None`` and the set-up events."""
    import random

    rnd = random.Random(seed * 7919 + players)
    state, events = play.new_game(G, NAMES[:players], options or {}, seed)
    yield state, None, None, events
    for _ in range(max_steps):
        if state["over"]:
            return
        decisions = play.pending(G, state)
        d = rnd.choice(decisions)
        action = rnd.choice(d.options)
        state, events = play.apply(G, state, d.player, action)
        yield state, d.player, action, events
    raise AssertionError(f"random game {players}p seed {seed} did not finish")


def offer(state: State, *buildings: str) -> None:
    """Put buildings on the board for a scenario (as if drafted), with their full copies."""
    from engine.puerto_rico.data import BUILDINGS

    two = len(state["boards"]) == 2
    for b in buildings:
        state["buildings"][b] = BUILDINGS[b].copies_two_player if two else BUILDINGS[b].copies
