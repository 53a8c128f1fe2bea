"""The turn skeleton (rulebook pp. 8-9, p. 22): dock, main action (D03), end of turn (D25).

State added once play starts: ``active`` (the seat whose turn it is), ``turn`` (turns started,
the first is 1), ``queue`` (steps, :mod:`.flow`), ``icons`` ({state action: good} covered by a
trade this turn), ``era_end`` (None or {"by": seat}, the triggerer of the era-1 end).

Main action (D03), canonical texts: ``portfolio <card>`` (then Sell or Trade, mandatory, rulebook
p. 9), ``gold <card>`` (discard it and take 1 gold, rulebook p. 8), ``visit <card>`` (a noble card
to the court, :mod:`.visit`), ``sponsor <card>`` (a treasury card, :mod:`.sponsor`). Get 1 gold is
always allowed unless the table option ``gold_only_when_stuck`` is set (the Bodoge summary lists it
as a plain option, the rulebook p. 8 frames it as a last resort).

End of turn in this project's order (⚠ the rulebook p. 22 lists the steps without an order): church
scoring if the Cardinal lies (:mod:`.church`), the draw (D25: the top card of any non-empty display
stack, auto if one), the refills (city-tile display, church track, decree display), the icon goods
back to the supply, the era and game-end checks (:mod:`.era`), then the next seat. A player whose
hand is empty (only possible once the display has run dry) passes the turn.
"""

from __future__ import annotations

from ..core.steps import never
from . import era, flow, portfolio, sponsor, visit
from .i18n import msg
from .rules import board, gain_goods, pack_of
from .setup import fill_church, refill_decrees
from .types import Events, LDecision, LStep
from .types import LAction as Action
from .types import LState as State


def begin(state: State, events: Events) -> None:
    """Setup is over: the start player's first turn."""
    state.update(
        {"active": state["start_player"], "turn": 0, "queue": [], "icons": {}, "era_end": state.get("era_end")}
    )
    flow.then(state, {"step": "start_turn"})
    flow.run(state, events)


@flow.step("start_turn")
def _start_turn(state: State, s: LStep, events: Events) -> None:
    seat = state["active"]
    state["turn"] += 1
    events.append({"kind": "turn", "player": seat, "turn": state["turn"], "round": state["round"]})
    dock(state, seat, events)
    if board(state, seat)["hand"]:
        flow.ask(state, "main", seat)
    else:  # nothing to play (possible only once the display has run dry): the turn passes
        events.append({"kind": "no_cards", "player": seat})
        flow.then(state, {"step": "end_turn"})


def dock(state: State, seat: int, events: Events) -> None:
    """Your sailing ships return: their goods go back to the supply (rulebook p. 9, p. 11)."""
    holds = board(state, seat)["holds"]
    for ship in sorted(holds):
        if holds[ship]["sailing"]:
            events.append({"kind": "dock", "player": seat, "ship": ship, "goods": holds[ship]["goods"]})
            holds[ship] = {"goods": [], "sailing": False}


def main_options(state: State, d: LDecision) -> list[Action]:
    seat = d["player"]
    hand = sorted(board(state, seat)["hand"])
    position = portfolio.Position(state, seat)
    opts: list[Action] = [
        {"verb": "portfolio", "card": c} for c in hand if portfolio.can_play(state, seat, c, position)
    ]
    opts += visit.main_options(state, seat) + sponsor.main_options(state, seat)
    if not opts or not state["options"].get("gold_only_when_stuck"):
        opts += [{"verb": "gold", "card": c} for c in hand]
    return opts


def main_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat, card = d["player"], action["card"]
    flow.then(state, {"step": "end_turn"})  # then() runs first what is pushed last
    if action["verb"] == "portfolio":
        portfolio.play(state, seat, card, events)
        return
    if action["verb"] == "visit":
        visit.start(state, seat, card, events)
        return
    if action["verb"] == "sponsor":
        sponsor.start(state, seat, card, events)
        return
    board(state, seat)["hand"].remove(card)
    events.append({"kind": "discard_for_gold", "player": seat, "card": card})
    gain_goods(state, seat, "gold", 1, events, "get 1 gold")


flow.kind(
    "main", main_options, main_act, msg("Play a card: to your portfolio, or discard it for 1 gold."), default=never
)  # never automatic


@flow.step("end_turn")
def _end_turn(state: State, s: LStep, events: Events) -> None:
    steps: list[LStep] = [{"step": "draw"}, {"step": "refill"}, {"step": "close_turn"}]
    if state["church"]["lying"]:
        steps.insert(0, {"step": "church_scoring"})
    flow.then(state, *steps)


def draw_options(state: State, d: LDecision) -> list[Action]:
    display = state["political"]["display"]
    return [{"verb": "draw", "stack": k} for k in pack_of(state).setup.display_order if display.get(k)]


def draw_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    stack = state["political"]["display"][action["stack"]]
    card = stack.pop(0)
    board(state, d["player"])["hand"].append(card)
    events.append(
        {
            "kind": "draw",
            "player": d["player"],
            "stack": action["stack"],
            "card": card,
            "revealed": stack[0] if stack else None,
            "reveals": bool(stack),
        }
    )


flow.kind("draw", draw_options, draw_act, msg("Draw the top card of a display stack."), default_first=True)


@flow.step("draw")
def _draw(state: State, s: LStep, events: Events) -> None:
    seat = state["active"]
    asked: LDecision = {"kind": "draw", "player": seat}  # what the draw's options read
    if len(board(state, seat)["hand"]) < pack_of(state).player.hand and draw_options(state, asked):
        flow.ask(state, "draw", seat)


@flow.step("refill")
def _refill(state: State, s: LStep, events: Events) -> None:
    """City tiles, church track, decree display; icon goods back to the supply (rulebook p. 22)."""
    pack, city = pack_of(state), state["city"]
    for space in pack.tile_display.values():
        if not city["tile_display"][space.id] and city["tiles"][space.size] > 0:
            city["tiles"][space.size] -= 1
            city["tile_display"][space.id] = True
    before = (len(state["church"]["bag"]), len(state["decrees"]["deck"]))
    fill_church(state)
    refill_decrees(state, pack)
    state["icons"] = {}
    events.append({"kind": "refill", "random": before != (len(state["church"]["bag"]), len(state["decrees"]["deck"]))})
    era.check_display(state, events)


@flow.step("close_turn")
def _close_turn(state: State, s: LStep, events: Events) -> None:
    """The era-1 end if it was triggered this turn, then the next turn or final scoring."""
    flow.then(state, *era.after_turn(state))


@flow.step("next_turn")
def _next_turn(state: State, s: LStep, events: Events) -> None:
    n = len(state["players"])
    state["active"] = (state["active"] + 1) % n
    if state["active"] == state["start_player"]:
        state["round"] += 1
    flow.then(state, {"step": "start_turn"})
