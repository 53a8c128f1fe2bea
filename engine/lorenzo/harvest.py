"""Harvest and production (BGA help page §収穫, §生産).

A harvest at value V activates the bonus tile's harvest side (value 1) and *every* territory whose
harvest value is at most V: all automatic, each its own source for excommunications 1.1–1.4.
A production at value V activates the tile's production side and each building whose production
value is at most V; the player picks one of the building's options or skips it (a building with one
option that takes nothing just produces). Every input must come from what the player held when the
production began: the sum of the chosen inputs must fit within those holdings, and nothing produced
in this action pays for another building (⚠ this project's reading). The outputs come once every
building is settled, the tile first, each building one source; "per X" counts the cards then.

A card's or leader's harvest or production action places no member; the player may add servants
(character bonuses apply, except to Francesco Sforza's and Leonardo da Vinci's actions, which only
servants may raise; excommunication penalties always apply).
"""

from __future__ import annotations

from collections.abc import Mapping

from .board import State, board, can_pay, cards_of, pack, pay, res, servant_price
from .flow import ask, kind, step, then
from .gains import gain_step
from .i18n import msg
from .model import Card
from .spaces import boost_choices
from .types import Bundle, LAction, LDecision, LEvent, LStep, Output
from .values import action_modifier
from .words import card_name

Events = list[LEvent]


@step("harvest")
def _harvest(state: State, s: LStep, events: Events) -> None:
    seat, value, rules = s["player"], s["value"], pack(state).rules
    events.append({"type": "harvest", "player": seat, "value": value})
    steps: list[LStep] = []
    if value >= rules.tile_value:
        tile = pack(state).tiles[board(state, seat)["tile"]]
        steps.append(gain_step(seat, tile.harvest, "tile", action="harvest"))
    for card_id in cards_of(state, seat, "territory"):
        card = pack(state).cards[card_id]
        if card.harvest_value <= value:
            steps.append(gain_step(seat, card.harvest, "harvest", card=card_id))
    then(state, *steps)


@step("production")
def _production(state: State, s: LStep, events: Events) -> None:
    seat, value, cards = s["player"], s["value"], pack(state).cards
    events.append({"type": "production", "player": seat, "value": value})
    state["work"] = {"player": seat, "budget": dict(res(state, seat)), "chosen": [], "value": value}
    steps: list[LStep] = []
    for card_id in cards_of(state, seat, "building"):
        card = cards[card_id]
        if card.prod_value > value:
            continue
        options = card.outputs
        if len(options) == 1 and not options[0].get("pay"):
            state["work"]["chosen"].append([card_id, 0])
        else:
            steps.append({"step": "produce_choice", "player": seat, "card": card_id})
    then(state, *steps, {"step": "produce_finish", "player": seat})


def _committed(state: State) -> Bundle:
    """What the chosen options pay in total so far."""
    return _committed_of(pack(state).cards, state["work"]["chosen"])


def _produce_options(state: State, asked: LDecision) -> list[LAction]:
    return _produce_choices(state, pack(state).cards[asked["card"]])


def _produce_choices(state: State, card: Card) -> list[LAction]:
    committed, budget = _committed(state), state["work"]["budget"]
    left = {k: v - committed.get(k, 0) for k, v in budget.items()}
    out: list[LAction] = [{"do": "skip", "card": card.id}]
    for index, option in enumerate(card.outputs):
        if can_pay(left, option.get("pay", {})):
            out.append(_produce(card, index, option))
    return out


def _produce(card: Card, index: int, option: Output) -> LAction:
    action: LAction = {"do": "produce", "card": card.id, "option": index, "pay": option.get("pay", {})}
    action["get"] = option["get"]
    if "per" in option:
        action["per"] = option["per"]
    return action


@step("produce_choice")
def _produce_choice(state: State, s: LStep, events: Events) -> None:
    if len(_produce_choices(state, pack(state).cards[s["card"]])) > 1:
        ask(state, "produce", s["player"], card=s["card"])


def _produce_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    if action["do"] == "produce":
        state["work"]["chosen"].append([action["card"], action["option"]])


kind(
    "produce",
    _produce_options,
    _produce_act,
    lambda state, asked: msg("Production: use {card}?", card=card_name(state, asked["card"])),
)


@step("produce_finish")
def _produce_finish(state: State, s: LStep, events: Events) -> None:
    seat, cards, work = s["player"], pack(state).cards, state.pop("work")
    paid = _committed_of(cards, work["chosen"])
    if paid:
        pay(state, seat, paid)
    steps: list[LStep] = []
    if work["value"] >= pack(state).rules.tile_value:
        tile = pack(state).tiles[board(state, seat)["tile"]]
        steps.append(gain_step(seat, tile.production, "tile", action="production"))
    for card_id, index in sorted(work["chosen"], key=lambda c: cards_of(state, seat, "building").index(c[0])):
        option = cards[card_id].outputs[index]
        times = len(cards_of(state, seat, option["per"])) if "per" in option else 1
        got: Bundle = {k: v * times for k, v in option["get"].items()}
        events.append({"type": "produce", "player": seat, "card": card_id, "paid": option.get("pay", {}), "got": got})
        if times:
            steps.append(gain_step(seat, got, "production", card=card_id))
    then(state, *steps)


def _committed_of(cards: Mapping[int, Card], chosen: list[list[int]]) -> Bundle:
    total: Bundle = {}
    for card_id, index in chosen:
        for key, amount in cards[card_id].outputs[index].get("pay", {}).items():
            total[key] = total.get(key, 0) + amount
    return total


# --- a card's or leader's harvest or production action -------------------------------------------------
def grant_base(state: State, seat: int, s: LStep | LDecision) -> int:
    return int(s["value"]) + action_modifier(state, seat, s["action"], bool(s.get("servants_only")))


@step("grant_action")
def _grant_action(state: State, s: LStep, events: Events) -> None:
    """A card's action may be declined (asked even without a servants choice); a leader's was
    chosen by activating it (asked only when servants can add value)."""
    seat = s["player"]
    base = grant_base(state, seat, s)
    choices = boost_choices(state, seat, base, 0, s["action"])
    if len(choices) <= 1 and s.get("servants_only"):
        then(state, {"step": s["action"], "player": seat, "value": base})
        return
    granted: dict[str, object] = {"action": s["action"], "value": s["value"]}  # the decision's own keys
    if "card" in s:
        granted["card"] = s["card"]
    if "servants_only" in s:
        granted["servants_only"] = s["servants_only"]
    ask(state, "boost", seat, **granted)


def _boost_options(state: State, asked: LDecision) -> list[LAction]:
    seat = asked["player"]
    base = grant_base(state, seat, asked)
    out: list[LAction] = [{"do": "servants", "n": n} for n in boost_choices(state, seat, base, 0, asked["action"])]
    return out if asked.get("servants_only") else out + [{"do": "decline"}]


def _boost_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    seat = asked["player"]
    if action["do"] == "decline":
        events.append({"type": "decline", "player": seat, "card": asked["card"]})
        return
    n = action["n"]
    if n:
        pay(state, seat, {"sv": n * servant_price(state, seat)})
        events.append({"type": "servants", "player": seat, "servants": n * servant_price(state, seat)})
    then(state, {"step": asked["action"], "player": seat, "value": grant_base(state, seat, asked) + n})


def _boost_prompt(state: State, asked: LDecision) -> str:
    value = grant_base(state, asked["player"], asked)
    if asked["action"] == "harvest":
        return msg("Harvest action at value {value}: how many servants do you add?", value=value)
    return msg("Production action at value {value}: how many servants do you add?", value=value)


kind("boost", _boost_options, _boost_act, _boost_prompt)
