"""Captain [S]: loading laps from the chooser until nobody can load; one kind per turn,
as many as fit; a kind already aboard may only go to its own ship; a new kind must use
the empty ship that takes the most. 1 VP a barrel, +1 Harbor per load, +1 for the
chooser's first load. Wharf: once, all of one kind, instead of a cargo ship. Then
storage (1 barrel + warehouse kinds) and full ships are unloaded.

Expansions [S]: at each player's first turn the Union Hall scores and the Royal Supplier
may ship (:mod:`captain_extras`); the Small Wharf ships any goods at 1 VP per 2; the
Lighthouse pays a doubloon per shipment and one to the Captain; the Library doubles the
Captain's +1; the Storehouse keeps 3 more barrels. A Guest House owner whose goods would be
settled without a prompt, and who could keep more with a guest in an empty warehouse or
Storehouse, gets the Guest House window before storage (:mod:`guest_window`)."""

from __future__ import annotations

from itertools import combinations

from ..core import PARALLEL
from ..core.frames import is_complete, record_answer, top_frame
from ..core.steps import first
from . import captain_extras as extras
from .board import active
from .data import EFFECTS, GOODS
from .flow import STEPS, ask, kind, step, then
from .guest_window import open_window
from .i18n import msg
from .new_buildings import lighthouse
from .options import has_expansions
from .rounds import END_ROLE, role_chooser, seats_from
from .types import Board, Events, PRAction, PREvent, PRState, PRStep

STOREHOUSE_BARRELS: int = EFFECTS["storehouse_barrels"]


@step("captain")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    chooser = role_chooser(state)
    n = len(state["boards"])
    state["phase"] = {"chooser": chooser, "bonus_taken": False, "wharf_used": [False] * n, "out": [False] * n}
    if has_expansions(state):
        state["phase"].update({"met": [False] * n, "small_wharf_used": [False] * n})
        if lighthouse(state["boards"][chooser]):  # the Captain's own +1, even without shipping [S]
            state["boards"][chooser]["doubloons"] += 1
            events.append({"kind": "lighthouse", "player": chooser})
    then(state, {"step": "ship_turn", "first": chooser})


def cargo_options(state: PRState, player: int) -> list[PRAction]:
    goods = state["boards"][player]["goods"]
    opts: list[PRAction] = []
    ships = state["cargo"]
    empty = [s for s in ships if s["good"] is None]
    for i, have in enumerate(goods):
        if not have:
            continue
        kind = GOODS[i]
        own = next((s for s in ships if s["good"] == kind), None)
        if own is not None:
            if own["load"] < own["size"]:
                opts.append({"verb": "ship", "good": kind, "ship": own["size"]})
        elif empty:
            best = max(min(have, s["size"]) for s in empty)
            opts += [{"verb": "ship", "good": kind, "ship": s["size"]} for s in empty if min(have, s["size"]) == best]
    return opts


def options(state: PRState, player: int) -> list[PRAction]:
    """Loading is mandatory; the Wharf (or Small Wharf) may replace it; pass only when no
    cargo ship can load."""
    phase = state["phase"]
    if phase["out"][player]:
        return []
    board = state["boards"][player]
    cargo = cargo_options(state, player)
    private: list[PRAction] = []
    if active(board, "wharf") and not phase["wharf_used"][player]:
        private = [{"verb": "ship", "good": g, "ship": "wharf"} for i, g in enumerate(GOODS) if board["goods"][i]]
    private += extras.small_wharf_start(state, player)
    if cargo:
        return cargo + private
    return private + [{"verb": "pass"}] if private else []


def next_turn(state: PRState, first: int) -> None:
    """The next loading turn: the first seat from ``first`` (clockwise) who can load."""
    then(state, {"step": "ship_turn", "first": first})


@step("ship_turn")
def _turn(state: PRState, s: PRStep, events: Events) -> None:
    met = state["phase"].get("met")
    for player in seats_from(state, s["first"]):
        if met is not None and not met[player]:
            met[player] = True
            if extras.first_turn(state, player, events):
                ask(state, "royal", player)  # the Royal Supplier asks first
                return
        if options(state, player):
            ask(state, "ship", player)
            return
    # Who is asked what to keep has the moves in that prompt; the others' goods are settled
    # without one, so they get the window first.
    settled = [p for p in seats_from(state, state["phase"]["chooser"]) if len(keep_options(state["boards"][p])) == 1]
    if not open_window(state, "storage", settled, storage_outcome, STORAGE_PLACES, "storage"):
        then(state, {"step": "storage"})


def act_royal(state: PRState, player: int, action: PRAction, events: Events) -> None:
    """A Royal Supplier step; once done, back to the owner's own turn."""
    if extras.royal_step(state, player, action, events):
        next_turn(state, player)
    else:
        ask(state, "royal", player)


def act_small_wharf(state: PRState, player: int, action: PRAction, events: Events) -> None:
    """A Small Wharf step; once it sails, the next player's turn."""
    if extras.small_wharf_step(state, player, action, events):
        next_turn(state, (player + 1) % len(state["boards"]))
    else:
        ask(state, "small_wharf", player)


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    phase = state["phase"]
    n = len(state["boards"])
    if action["verb"] == "pass":
        phase["out"][player] = True
        events.append({"kind": "pass", "player": player, "role": "captain"})
        next_turn(state, (player + 1) % n)
        return
    if action["verb"] == "small-wharf":
        extras.small_wharf_begin(state, player)
        ask(state, "small_wharf", player)
        return
    board = state["boards"][player]
    i = GOODS.index(action["good"])
    if action["ship"] == "wharf":
        amount = board["goods"][i]
        state["supply"]["goods"][i] += amount
        phase["wharf_used"][player] = True
    else:
        ship = next(s for s in state["cargo"] if s["size"] == action["ship"])
        amount = min(board["goods"][i], ship["size"] - ship["load"])
        ship["good"] = action["good"]
        ship["load"] += amount
    board["goods"][i] -= amount
    event: PREvent = {
        "kind": "ship",
        "player": player,
        "good": action["good"],
        "ship": action["ship"],
        "amount": amount,
    }
    extras.shipped(state, player, amount, event, events)
    next_turn(state, (player + 1) % n)


def keep_options(board: Board) -> list[PRAction]:
    """Every maximal way to keep goods: whole kinds in warehouses plus one barrel [S],
    plus 3 more barrels of any kinds with the Storehouse [S]."""
    goods = board["goods"]
    kinds = [i for i, g in enumerate(goods) if g]
    rooms = active(board, "small-warehouse") + 2 * active(board, "large-warehouse")
    singles = 1 + (STOREHOUSE_BARRELS if active(board, "storehouse") else 0)
    if len(kinds) <= rooms:
        return [{"verb": "keep", "goods": list(goods)}]
    outcomes = set()
    for stored in combinations(kinds, rooms):
        rest = [k for k in kinds if k not in stored]
        base = [goods[k] if k in stored else 0 for k in range(len(goods))]
        for kept in _barrels(rest, goods, min(singles, sum(goods[k] for k in rest)), base):
            outcomes.add(tuple(kept))
    ranked = sorted(outcomes, key=lambda kept: (-_value(kept), kept))
    return [{"verb": "keep", "goods": list(kept)} for kept in ranked]


def _barrels(rest: list[int], goods: list[int], count: int, kept: list[int]) -> list[list[int]]:
    """Every way to add exactly ``count`` single barrels of the kinds in ``rest``."""
    if count == 0:
        return [list(kept)]
    if not rest:
        return []
    first, others = rest[0], rest[1:]
    found: list[list[int]] = []
    for take in range(min(count, goods[first]), -1, -1):
        kept[first] += take
        found += _barrels(others, goods, count - take, kept)
        kept[first] -= take
    return found


def _value(kept: tuple[int, ...]) -> int:
    return sum((i + 1) * n for i, n in enumerate(kept))


# The Guest House window before storage: a guest in an empty warehouse or Storehouse keeps more.
STORAGE_PLACES = ("small-warehouse", "large-warehouse", "storehouse")


def storage_outcome(state: PRState, player: int, board: Board) -> tuple[int, int]:
    """The most barrels, and the most valuable goods, ``board`` could keep now."""
    opts = keep_options(board)
    return max(sum(o["goods"]) for o in opts), _value(tuple(opts[0]["goods"]))


@step("storage")
def _storage(state: PRState, s: PRStep, events: Events) -> None:
    """Storage: those with one way to keep their goods keep it; the others choose at once (a
    parallel frame). Also the step the Guest House window before storage resumes with."""
    chooser = state["phase"]["chooser"]
    asked = []
    for player in seats_from(state, chooser):
        opts = keep_options(state["boards"][player])
        if len(opts) == 1:
            _keep(state, player, opts[0]["goods"], events)
        else:
            asked.append(player)
    if asked:
        STEPS.open_frame(state, "keep", asked, PARALLEL, "captain_unload")
    else:
        then(state, {"step": "unload"})


def _lost(state: PRState, player: int, kept: list[int]) -> list[int]:
    return [have - keep for have, keep in zip(state["boards"][player]["goods"], kept, strict=True)]


def _keep_events(state: PRState, player: int, kept: list[int]) -> Events:
    lost = _lost(state, player, kept)
    return [{"kind": "keep", "player": player, "kept": list(kept), "lost": lost}] if any(lost) else []


def _keep(state: PRState, player: int, kept: list[int], events: Events) -> None:
    events += _keep_events(state, player, kept)
    for i, n in enumerate(_lost(state, player, kept)):
        state["supply"]["goods"][i] += n
    state["boards"][player]["goods"] = list(kept)


def act_keep(state: PRState, player: int, action: PRAction, events: Events) -> None:
    """Record what ``player`` keeps; the storage of everybody asked happens once the last one
    has chosen, so until then a choice may be taken back (see :mod:`engine.core.frames`)."""
    frame = top_frame(state)
    assert frame is not None
    events += _keep_events(state, player, action["goods"])
    record_answer(frame, player, action["goods"])
    if is_complete(frame):
        STEPS.close(state)  # queues its resume step, captain_unload


@step("captain_unload")
def _stored(state: PRState, s: PRStep, events: Events) -> None:
    """Every storage choice is in: keep them all, then unload the full ships."""
    frame = s["frame"]
    for seat in frame["seats"]:
        _keep(state, seat, frame["answers"][str(seat)], [])
    then(state, {"step": "unload"})


@step("unload")
def _unload(state: PRState, s: PRStep, events: Events) -> None:
    """Full ships go back to the supply; partly loaded ships keep their cargo [S]."""
    for ship in state["cargo"]:
        if ship["good"] is not None and ship["load"] >= ship["size"]:
            state["supply"]["goods"][GOODS.index(ship["good"])] += ship["load"]
            events.append({"kind": "unload", "ship": ship["size"], "good": ship["good"], "amount": ship["load"]})
            ship["good"], ship["load"] = None, 0
    then(state, END_ROLE)


def _keep_options(state: PRState, player: int) -> list[PRAction]:
    return keep_options(state["boards"][player])


kind("ship", options, act, msg("Load goods on a ship."))
kind("royal", extras.royal_options, act_royal, msg("Royal Supplier: ship one good (1 VP), or pass."))
kind(
    "small_wharf",
    extras.small_wharf_options,
    act_small_wharf,
    msg("Load the Small Wharf, then sail (1 VP per 2 goods)."),
)
# Storage is a frame whose kind records the answers (act_keep); a Guest House move that leaves
# one way to keep the goods settles it.
kind("keep", _keep_options, act_keep, msg("Choose the goods to keep."), default=first, frame=True, last=act_keep)
