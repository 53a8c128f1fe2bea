"""Main action C, the market (the rulebook's "Acquire resources"; Dized rules 'Move dice around the
market'): move one die clockwise exactly its face value, plus any number of spaces paid for at 1
ruble each with the white die or one's own colour's die, never onto a space that already holds 3
dice; then the market actions of the destination, each at most once, in any order
(:mod:`.market_actions`); then every die there is re-rolled.

The ring has 8 spaces, so paid spaces may take a die past its own space, and a move of exactly 8
brings it back to its own space: a legal move (the die is in the hand while it moves, so its own
space always has room for it), after which the market actions are those of that space. Each
reachable space is offered once, at its cheapest price: paying 8 more reaches the same space one
lap later and is never offered. ``extra n`` (n rubles, n extra spaces) names a move.
"""

from __future__ import annotations

from . import board, free, market_actions
from . import model as m
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Die, Events, State, Step


def payable(state: State, p: int, colour: Die) -> bool:
    """May ``p`` pay to move this die further? (the white die, or the die of their own colour)."""
    return colour == "white" or colour == board.seat(state, p)["colour"]


def moves(state: State, p: int, colour: Die, here: int | None = None) -> list[tuple[int, int]]:
    """Every legal move of die ``colour`` for ``p``: (extra spaces paid, destination), cheapest
    first. Extra spaces 0 to 7 reach each of the 8 spaces once (its own after exactly 8 spaces),
    so more is never offered; the player's rubles are the only other limit. ``here``: the die's
    space, when the caller knows it."""
    rules = board.pack_of(state).rules
    ring, spaces = rules.market_spaces, state["spaces"]
    if here is None:
        here = board.die_space(state, colour)
    start = here + state["faces"][colour]
    most = 0
    if payable(state, p, colour):
        most = min(ring - 1, board.seat(state, p)["rubles"])
    out = []
    for extra in range(most + 1):
        dest = (start + extra) % ring
        dice = spaces[dest]["dice"]
        # the moving die is in the hand: only the others on its destination count
        if len(dice) - (dest == here) < rules.dice_per_space:
            out.append((extra, dest))
    return out


@step("market")
def _market(state: State, s: Step, events: Events) -> None:
    ask(state, "die", s["player"])


def _die_options(state: State, asked: Decision) -> list[Action]:
    p = asked["player"]
    where = {c: i for i, space in enumerate(state["spaces"]) for c in space["dice"]}
    dice: list[Action] = [{"verb": "die", "colour": c} for c in m.DICE if moves(state, p, c, where[c])]
    return dice + free.free_options(state, p)


def _die(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    if free.is_free(action):
        free.take_free(state, p, action, {"step": "market", "player": p})
        return
    then(state, {"step": "extra", "player": p, "colour": action["colour"]})


@step("extra")
def _extra_step(state: State, s: Step, events: Events) -> None:
    ask(state, "extra", s["player"], colour=s["colour"])


def _extra_options(state: State, asked: Decision) -> list[Action]:
    return [{"verb": "extra", "n": extra} for extra, _ in moves(state, asked["player"], asked["colour"])]


def _extra(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, colour, extra = asked["player"], asked["colour"], action["n"]
    dest = dict(moves(state, p, colour))[extra]
    here = board.die_space(state, colour)
    board.seat(state, p)["rubles"] -= extra
    state["spaces"][here]["dice"].remove(colour)
    state["spaces"][dest]["dice"].append(colour)
    events.append({"type": "move", "player": p, "die": colour, "from": here, "to": dest, "paid": extra})
    then(
        state,
        {"step": "market_menu", "player": p, "space": dest, "die": colour, "used": []},
        {"step": "market_reroll", "space": dest},
    )


@step("market_reroll")
def _market_reroll(state: State, s: Step, events: Events) -> None:
    free.roll_space(state, s["space"], events)


kind("die", _die_options, _die, msg("Move which die?"), default_first=True)
kind("extra", _extra_options, _extra, msg("Pay for how many extra spaces (1 ruble each)?"), default_first=True)
__all__ = ["market_actions"]
