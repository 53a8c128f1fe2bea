"""Rounds and periods (BGA help page §遊び方, §議会; excommunication 2.7).

Six rounds in three periods. A round starts (the first player "rolls": a one-option decision
that plays itself, so the chance events are logged) with four cards dealt from each tower's deck onto its
floors, bottom first, and the three dice rolled (both logged as chance events); then the players
place one member per turn in turn order, four laps. Under excommunication 2.7 a player loses the
first lap and places their last member once everybody else has placed all theirs (several such
players in turn order). The Vatican report follows rounds 2, 4 and 6. At the end of a round the
leaders turn face up, the cards left on the towers are discarded (tower by tower in id order,
never the dict's order, see :func:`tower_ids`), the new turn order is set by the
council palace (in the order of each player's *first* member there, then the others in their
previous order) and the members come home; after round 6 comes final scoring.
"""

from __future__ import annotations

from ..core.rng import randbelow
from .board import COLOURED, State, has_excomm, pack, seat_member
from .flow import ask, kind, step, then
from .i18n import msg
from .types import LAction, LDecision, LEvent, LStep, TowerId

Events = list[LEvent]
DIE_FACES = 6


@step("round_start")
def _round_start(state: State, s: LStep, events: Events) -> None:
    """The first player in turn order deals and rolls: a decision with one option, so it plays
    itself and its chance events are logged even for the first round, set up with the game."""
    ask(state, "roll", state["order"][0])


def _roll(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    rules = pack(state).rules
    state["round"] += 1
    state["period"] = (state["round"] - 1) // rules.rounds_per_period + 1
    events.append({"type": "round", "round": state["round"], "period": state["period"]})
    dealt: dict[TowerId, list[int]] = {}
    for tower in tower_ids(state):
        deck = state["decks"][tower]
        dealt[tower] = deck[: rules.cards_per_tower]
        state["towers"][tower] = [*dealt[tower]]  # a floor holds None once its card is taken
        state["decks"][tower] = deck[rules.cards_per_tower :]
    events.append({"type": "deal", "towers": {t: list(dealt[t]) for t in tower_ids(state)}, "random": True})
    state["dice"] = {m: randbelow(state, DIE_FACES) + 1 for m in COLOURED}
    events.append({"type": "dice", "dice": dict(state["dice"]), "random": True})
    then(state, *turn_sequence(state, events), *report_steps(state), {"step": "round_end"})


kind("roll", lambda state, asked: [{"do": "roll"}], _roll, msg("Deal the cards and roll the dice"))


def tower_ids(state: State) -> list[TowerId]:
    """The towers in one fixed order, whatever order the state's dict holds them in: by id, the
    order a stored game (canonical JSON, sorted keys) has always been played in."""
    return sorted(state["towers"])


def turn_sequence(state: State, events: Events) -> list[LStep]:
    """The round's turns in order: one per lap per player, 2.7's lost first turn moved to the end."""
    laps, order = pack(state).rules.laps, state["order"]
    late = [p for p in order if has_excomm(state, p, "skip_first_turn")]
    for seat in late:
        events.append({"type": "late", "player": seat})
    turns: list[LStep] = [{"step": "turn", "player": p} for lap in range(laps) for p in order if lap or p not in late]
    return turns + [{"step": "turn", "player": p} for p in late]


def report_steps(state: State) -> list[LStep]:
    return [{"step": "vatican"}] if state["round"] % pack(state).rules.rounds_per_period == 0 else []


def new_order(state: State) -> list[int]:
    """Players in the council palace by their first member there, then the rest as before."""
    first: list[int] = []
    for seat, _member in map(seat_member, state["spaces"].get("council", [])):
        if seat not in first:
            first.append(seat)
    return first + [p for p in state["order"] if p not in first]


@step("round_end")
def _round_end(state: State, s: LStep, events: Events) -> None:
    for mine in state["boards"]:
        for entry in mine["leaders"]:
            entry["up"] = True
        mine["placed"] = []
        mine["value6"] = None
    discarded = [c for t in tower_ids(state) for c in state["towers"][t] if c is not None]
    state["discarded"] += discarded
    state["towers"] = {t: [None] * len(state["towers"][t]) for t in tower_ids(state)}
    state["order"] = new_order(state)
    state["spaces"] = {}
    state["active"] = None
    events.append({"type": "round_end", "round": state["round"], "order": list(state["order"]), "discarded": discarded})
    if state["round"] < pack(state).rules.rounds:
        then(state, {"step": "round_start"})
    else:
        then(state, {"step": "final"})
