"""The end of era 1 (rulebook p. 22, D24) and the end of the game (pp. 22-23).

Era 1 ends at the end of the turn in which it was triggered (a 2nd rubble set, even a follower's,
or 3 of the 4 display stacks empty), after that turn's draw and refills (⚠ this project's order:
the rulebook says only "at the end of the turn"). Then, in this order (rulebook p. 22): the
political display is discarded; every player gains 3 wigs per rubble set (CL-34 +1 per set); the
shipyard's leftover ships leave the game and the era-2 ships (purple on top of brown) take their
place; the discard round (D24) goes clockwise from the player who *triggered* the end (the
rulebook p. 22 and its example; the Bodoge summary starts with the active player: this project
follows the rulebook); each player then draws purple cards *up to* 5 (the rulebook; the Bodoge
summary "deal 5" ⚠), the rest of the purple deck is boxed; the brown cards form the four display
stacks; the church and decree displays are refilled; play goes on with the seat after the active
one.

Discard round (D24): a player discards hand cards one at a time (``discard <card>``) and ends
with ``done`` (the deadline default: keep what is left). For each noble among the discarded noble
cards that carry a *reward*, they take the reward of one such card (``reward <card>``, auto when
one); penalties and treasury cards give nothing.

Game end: in era 2, a 4th rubble set or 3 empty display stacks again (rulebook p. 22). The current round
is finished (it ends with the seat before the start player) and then one more full round is
played, then final scoring (:mod:`.scoring`) and the game is over.
"""

from __future__ import annotations

from . import flow
from .effects import REGISTRY
from .i18n import msg
from .rules import board, pack_of
from .scoring import era_rubble_wigs, final_scoring, ranking
from .setup import fill_church, refill_decrees
from .types import Events, LDecision, LStep, later_deck
from .types import LAction as Action
from .types import LState as State


def check_display(state: State, events: Events) -> None:
    """3 of the 4 display stacks empty: era 1 ends, or (era 2) the game end is triggered (rulebook p. 22)."""
    pack = pack_of(state)
    empty = sum(1 for k in pack.setup.display_order if not state["political"]["display"].get(k))
    if empty < 3:
        return
    if state["era"] == 1 and not state["era_end"]:
        state["era_end"] = {"by": state["active"]}
        events.append({"kind": "era_end_triggered", "player": state["active"], "why": "display"})
    elif state["era"] == 2 and not state["end"]:
        state["end"] = {"by": state["active"]}
        events.append({"kind": "game_end_triggered", "player": state["active"], "why": "display"})


def after_turn(state: State) -> list[LStep]:
    """The steps that close a turn: the era-1 end if due, then the next turn or final scoring."""
    steps: list[LStep] = []
    if state["era"] == 1 and state["era_end"]:
        steps.append({"step": "era_end"})
    return steps + [{"step": "game_end_check"}]


def last_turn_played(state: State) -> bool:
    """True when the active seat closed the extra round after the end was triggered (rulebook p. 22)."""
    end = state["end"]
    if not end:
        return False
    n = len(state["players"])
    end.setdefault("last_round", state["round"] + 1)
    last_seat = (state["start_player"] - 1) % n
    return bool(state["active"] == last_seat and state["round"] >= end["last_round"])


@flow.step("game_end_check")
def _game_end_check(state: State, s: LStep, events: Events) -> None:
    if not last_turn_played(state):
        flow.then(state, {"step": "next_turn"})
        return
    scores = final_scoring(state)
    places = ranking(state, scores)
    state["result"] = {"scores": scores, "ranking": places, "winners": places[0]}
    state["over"] = True
    state["decision"], state["queue"] = None, []
    events.append({"kind": "game_over", "winners": places[0], "totals": [row["total"] for row in scores]})


# --- era 1 end ---------------------------------------------------------------------------------
@flow.step("era_end")
def _era_end(state: State, s: LStep, events: Events) -> None:
    pack, n = pack_of(state), len(state["players"])
    display = state["political"]["display"]
    for kind in pack.setup.display_order:
        state["box"]["political"] += display.get(kind, [])
        display[kind] = []
    for seat in range(n):
        wigs = era_rubble_wigs(state, seat)
        board(state, seat)["wigs"] += wigs
        events.append({"kind": "era_wigs", "player": seat, "wigs": wigs, "sets": board(state, seat)["sets"]})
    state["box"]["ships"] = sorted(state["box"]["ships"] + state["shipyard"])
    state["shipyard"], state["ships_era2"] = state["ships_era2"], []
    ending = state["era_end"]
    assert ending is not None, "era_end runs only once the era end was triggered"
    first = ending["by"]
    events.append({"kind": "era_end", "by": first, "shipyard": state["shipyard"][:1]})
    order = [(first + k) % n for k in range(n)]
    flow.then(
        state,
        *[_discard_step(seat) for seat in order],
        {"step": "era_two", "order": order},
    )


def _discard_step(seat: int) -> LStep:
    return {"step": "era_discard", "player": seat, "discarded": []}


@flow.step("era_discard")
def _era_discard(state: State, s: LStep, events: Events) -> None:
    flow.ask(state, "era_discard", s["player"], discarded=list(s["discarded"]))


def discard_options(state: State, d: LDecision) -> list[Action]:
    hand = sorted(board(state, d["player"])["hand"])
    opts: list[Action] = [{"verb": "discard", "card": c} for c in hand]
    return opts + [{"verb": "done"}]


def discard_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    seat = d["player"]
    if action["verb"] == "done":
        events.append({"kind": "era_discards", "player": seat, "cards": list(d["discarded"])})
        flow.then(state, {"step": "era_rewards", "player": seat, "cards": list(d["discarded"])})
        return
    board(state, seat)["hand"].remove(action["card"])
    state["box"]["political"].append(action["card"])
    flow.then(state, {"step": "era_discard", "player": seat, "discarded": d["discarded"] + [action["card"]]})


flow.kind(
    "era_discard",
    discard_options,
    discard_act,
    msg("End of era 1: discard hand cards one at a time for their rewards (one per noble), then done."),
)


def _reward_cards(state: State, cards: list[str]) -> dict[str, list[str]]:
    """Discarded noble cards with a reward bottom, by noble in pack order (penalties give nothing)."""
    pack = pack_of(state)
    by_noble: dict[str, list[str]] = {}
    for noble in pack.nobles:
        found = sorted(
            c
            for c in cards
            if pack.cards[c].kind == noble and pack.cards[c].bottom and not REGISTRY[str(pack.cards[c].bottom)].penalty
        )
        if found:
            by_noble[noble] = found
    return by_noble


@flow.step("era_rewards")
def _era_rewards(state: State, s: LStep, events: Events) -> None:
    by_noble = _reward_cards(state, s["cards"])
    if not by_noble:
        return
    noble, cards = next(iter(by_noble.items()))
    rest = [c for c in s["cards"] if pack_of(state).cards[c].kind != noble]
    flow.then(state, {"step": "era_rewards", "player": s["player"], "cards": rest})
    flow.ask(state, "era_reward", s["player"], cards=cards)


def reward_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "reward", "card": c} for c in d["cards"]]


def reward_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    events.append({"kind": "era_reward", "player": d["player"], "card": action["card"]})
    flow.then(state, {"step": "bottom", "player": d["player"], "card": action["card"]})


flow.kind(
    "era_reward",
    reward_options,
    reward_act,
    msg("End of era 1: take the reward of one discarded card of this noble."),
    default_first=True,
)


@flow.step("era_two")
def _era_two(state: State, s: LStep, events: Events) -> None:
    """Hands up to 5 from purple (rest boxed), the brown display, refills; era 2 begins."""
    pack, pol = pack_of(state), state["political"]
    refill = later_deck(next(d.id for d in pack.decks.values() if d.use == "refill"))
    brown = later_deck(next(d.id for d in pack.decks.values() if d.use == "display" and d.era == 2))
    for seat in s["order"]:
        hand = board(state, seat)["hand"]
        drawn = 0
        while len(hand) < pack.player.hand and pol[refill]:
            hand.append(pol[refill].pop(0))
            drawn += 1
        events.append({"kind": "era_draw", "player": seat, "cards": drawn})
    state["box"]["political"] += pol[refill]
    pol[refill] = []
    for kind in pack.setup.display_order:
        pol["display"][kind] = [c for c in pol[brown] if pack.cards[c].kind == kind]
    pol[brown] = []
    fill_church(state)
    refill_decrees(state, pack)
    state["era"] = 2
    events.append({"kind": "era_two", "random": True})
