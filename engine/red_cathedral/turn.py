"""A player's turn (teaching script §手番; Dized rules 'A player's turn'): exactly one main action
(claim a section, build and/or decorate, or the market), free actions at any moment, and an explicit
end of the turn (free actions may still follow the main action). The end of the turn is asked only
while a free action is possible; otherwise the turn ends by itself.

After the end is triggered (:mod:`.build`) every other player takes exactly one more turn,
clockwise from the trigger; then final scoring (:mod:`.scoring`).
"""

from __future__ import annotations

from ..core.steps import never
from . import board, build, claim, free, market
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Events, State, Step

MAIN = ("claim", "build", "market")


@step("turn")
def _turn(state: State, s: Step, events: Events) -> None:
    p = s["player"]
    state["turn"] = {"player": p, "sold": False, "rerolled": False, "main": None}
    events.append({"type": "turn", "player": p, "last": state["end"] is not None})
    then(state, {"step": "main", "player": p})


@step("main")
def _main_step(state: State, s: Step, events: Events) -> None:
    ask(state, "main", s["player"])


def main_options(state: State, p: int) -> list[Action]:
    """The main actions open to ``p`` (the market always is: some die always has a legal move), then free actions."""
    out: list[Action] = [{"verb": "claim"}] if claim.can_claim(state, p) else []
    out += [{"verb": "build"}] if build.can_build(state, p) else []
    return out + [{"verb": "market"}] + free.free_options(state, p)


def _main(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    if free.is_free(action):
        free.take_free(state, p, action, {"step": "main", "player": p})
        return
    board.turn(state)["main"] = action["verb"]
    events.append({"type": "main", "player": p, "action": action["verb"]})
    then(state, {"step": action["verb"], "player": p}, {"step": "end", "player": p})


@step("end")
def _end_step(state: State, s: Step, events: Events) -> None:
    ask(state, "end", s["player"])


def _end_options(state: State, asked: Decision) -> list[Action]:
    end: list[Action] = [{"verb": "end"}]
    return end + free.free_options(state, asked["player"])


def _end(state: State, asked: Decision, action: Action, events: Events) -> None:
    p = asked["player"]
    if free.is_free(action):
        free.take_free(state, p, action, {"step": "end", "player": p})
        return
    events.append({"type": "end_turn", "player": p})
    then(state, {"step": "next"})


@step("next")
def _next(state: State, s: Step, events: Events) -> None:
    end = state["end"]
    if end is None:
        then(state, {"step": "turn", "player": (board.turn(state)["player"] + 1) % len(state["players"])})
    elif end["left"]:
        then(state, {"step": "turn", "player": end["left"].pop(0)})
    else:
        then(state, {"step": "final"})


kind(
    "main",
    lambda state, asked: main_options(state, asked["player"]),
    _main,
    msg("Choose your main action"),
    default=never,
)
kind("end", _end_options, _end, msg("End your turn, or take a free action first?"))
__all__ = ["market"]
