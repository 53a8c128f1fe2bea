"""Secret Nim's rules as steps and decision kinds on the core's step queue.

A round: each player who may still put a stone back is asked whether to (``put_back``, a confirm
whose pass option is ``keep``), then everyone chooses at once, in secret, how many stones to take
(``take``, an amount in a parallel frame: hidden until the last choice is in, each may be taken
back until then), then the choices are revealed and resolved, smallest first (``reveal``).
"""

from __future__ import annotations

from engine.core import PARALLEL
from engine.core.records import DecisionData, FrameData
from engine.core.steps import Steps, first

from .i18n import msg
from .types import NimAction, NimEvent, NimState, NimStep

Events = list[NimEvent]

GAME_ID = "secret_nim"
MAX_TAKE = 3  # a player takes 1 to 3 stones a round
LAST_STONE = 3  # points for taking the last stone
ENDGAME = 4  # a stone may be put back only while the pile holds this many or fewer

# Every kind lists its safe answer first (keep, take 1): the deadline default.
STEPS: Steps[NimState, NimAction, NimEvent, DecisionData, NimStep, FrameData]
STEPS = Steps(GAME_ID, default=first)


def seats(state: NimState) -> list[int]:
    return list(range(len(state["players"])))


def may_put_back(state: NimState, player: int) -> bool:
    """Once a game, in the endgame, with a stone to put back."""
    return not state["put_back"][player] and state["stones"][player] > 0 and state["pile"] <= ENDGAME


# --- steps -----------------------------------------------------------------------------------------
@STEPS.step("round")
def _round(state: NimState, s: NimStep, events: Events) -> None:
    state["round"] += 1
    events.append({"type": "round", "round": state["round"], "n": state["pile"]})
    offers: list[NimStep] = [{"step": "offer", "player": p} for p in seats(state)]
    STEPS.then(state, *offers, {"step": "take"})


@STEPS.step("offer")
def _offer(state: NimState, s: NimStep, events: Events) -> None:
    if may_put_back(state, s["player"]):
        STEPS.ask(state, "put_back", s["player"])


@STEPS.step("take")
def _take(state: NimState, s: NimStep, events: Events) -> None:
    if state["pile"] == 1:  # a lone stone cannot be shared out: it rolls into the river
        state["pile"], state["river"] = 0, state["river"] + 1
        events.append({"type": "lone"})
        _end(state, events)
        return
    STEPS.open_frame(state, "take", seats(state), PARALLEL, "reveal")


@STEPS.step("reveal")
def _reveal(state: NimState, s: NimStep, events: Events) -> None:
    """Smallest amount first: an amount one player chose is theirs (what is left of it); an amount
    several chose clashes and falls into the river. Whoever empties the pile took the last stone."""
    chosen = {int(seat): int(answer["n"]) for seat, answer in s["frame"]["answers"].items()}
    state["revealed"] = [chosen.get(p) for p in seats(state)]
    events.append({"type": "reveal", "amounts": {str(p): n for p, n in sorted(chosen.items())}, "reveals": True})
    for amount in sorted(set(chosen.values())):
        who = [p for p, n in chosen.items() if n == amount]
        n = min(amount, state["pile"])
        if n == 0:
            break
        state["pile"] -= n
        if len(who) == 1:
            state["stones"][who[0]] += n
            events.append({"type": "take", "player": who[0], "n": n})
            if state["pile"] == 0:
                state["last"] = who[0]
                events.append({"type": "last", "player": who[0]})
        else:
            state["river"] += n
            events.append({"type": "clash", "amount": amount, "n": n})
    if state["pile"] == 0:
        _end(state, events)
    else:
        STEPS.then(state, {"step": "round"})


def _end(state: NimState, events: Events) -> None:
    state["over"] = True
    events.append({"type": "over"})


# --- decision kinds --------------------------------------------------------------------------------
def _put_back_act(state: NimState, asked: DecisionData, action: NimAction, events: Events) -> None:
    if action["do"] == "put back":
        p = asked["player"]
        state["stones"][p] -= 1
        state["pile"] += 1
        state["put_back"][p] = True
        events.append({"type": "put_back", "player": p, "n": state["pile"]})


def _take_options(state: NimState, asked: DecisionData) -> list[NimAction]:
    return [{"do": "take", "n": n} for n in range(1, min(MAX_TAKE, state["pile"]) + 1)]


def _take_act(state: NimState, asked: DecisionData, action: NimAction, events: Events) -> None:
    """The frame holds the amount until the last one is in; say who has chosen, and secretly what."""
    events.append({"type": "chosen", "player": asked["player"], "n": action["n"]})


def _take_prompt(state: NimState, asked: DecisionData) -> str:
    return msg(
        "How many stones do you take from the pile of {pile}? Nobody sees your choice until everyone has chosen.",
        pile=state["pile"],
    )


STEPS.kind(
    "put_back",
    lambda state, asked: [{"do": "keep"}, {"do": "put back"}],
    _put_back_act,
    msg("Put one of your stones back on the pile? You may do this once a game."),
)
STEPS.kind("take", _take_options, _take_act, _take_prompt)
