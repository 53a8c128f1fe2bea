"""Hunting Lodge [S], at the **end** of the Settler phase. First every owner with
a colonist in it may discard a tile from their island (no compensation; in turn order from
the chooser); then every owner with a noble in it scores 2 VP chips if they alone have the
most empty island spaces, counted after those discards. Then the face-up row refills.
Before all that, a Guest House owner who could man an empty Lodge gets the Guest House window."""

from __future__ import annotations

from .board import island_tiles
from .data import EFFECTS, ISLAND_SPACES
from .flow import ask, kind, step, then
from .guest_window import open_window
from .i18n import msg
from .nobles import colonist_in, noble_in
from .rounds import END_ROLE, award_vp, check_vp_supply, role_chooser, seats_from
from .tiles import discard, discardable, refill_faceup
from .types import Board, Events, PRAction, PRState, PRStep

LODGE_VP: int = EFFECTS["hunting_lodge_vp"]


def outcome(state: PRState, player: int, board: Board) -> tuple[bool, bool]:
    """What the Lodge would do for ``board`` now: a discard to offer, the noble's 2 VP."""
    return (
        colonist_in(board, "hunting-lodge") and bool(discardable(board)),
        noble_in(board, "hunting-lodge") and _sole_most_empty(state, player),
    )


@step("hunting_lodge")
def _start(state: PRState, s: PRStep, events: Events) -> None:
    """The end of the Settler phase: the Guest House window first, if anyone could gain."""
    seats = seats_from(state, role_chooser(state))
    if not open_window(state, "lodge", seats, outcome, ("hunting-lodge",), "lodge"):
        then(state, {"step": "lodge"})


@step("lodge")
def _resolve(state: PRState, s: PRStep, events: Events) -> None:
    """The discards in turn order from the chooser, then the nobles' VP and the refill (also
    the step the Guest House window before the Lodge resumes with)."""
    seats = [
        p
        for p in seats_from(state, role_chooser(state))
        if colonist_in(state["boards"][p], "hunting-lodge") and discardable(state["boards"][p])
    ]
    if seats:
        state["phase"]["lodge"] = seats
    then(state, {"step": "lodge_turn"})


@step("lodge_turn")
def _turn(state: PRState, s: PRStep, events: Events) -> None:
    waiting = state["phase"].get("lodge")
    if waiting:
        ask(state, "lodge", waiting[0])
        return
    _nobles(state, events)
    refill_faceup(state, events)
    then(state, END_ROLE)


def options(state: PRState, player: int) -> list[PRAction]:
    board = state["boards"][player]
    opts: list[PRAction] = [{"verb": "discard", "tile": t} for t in discardable(board)]
    return opts + [{"verb": "pass"}]


def act(state: PRState, player: int, action: PRAction, events: Events) -> None:
    if action["verb"] == "discard":
        moved = discard(state, player, action["tile"])
        events.append({"kind": "lodge_discard", "player": player, "tile": action["tile"], "moved": moved})
    else:
        events.append({"kind": "pass", "player": player, "role": "hunting-lodge"})
    state["phase"]["lodge"].pop(0)
    then(state, {"step": "lodge_turn"})


kind("lodge", options, act, msg("Hunting Lodge: discard a tile from your island, or pass."))


def _sole_most_empty(state: PRState, seat: int) -> bool:
    empty = [ISLAND_SPACES - island_tiles(b) for b in state["boards"]]
    return all(empty[seat] > e for other, e in enumerate(empty) if other != seat)


def _nobles(state: PRState, events: Events) -> None:
    for seat in seats_from(state, role_chooser(state)):
        if not noble_in(state["boards"][seat], "hunting-lodge"):
            continue
        if _sole_most_empty(state, seat):
            award_vp(state, seat, LODGE_VP)
            events.append({"kind": "lodge_vp", "player": seat, "vp": LODGE_VP})
            check_vp_supply(state, events)
