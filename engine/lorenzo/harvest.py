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

from typing import Any

from .board import State, board, can_pay, cards_of, pack, pay, res, servant_price
from .flow import ask, kind, step, then
from .gains import gain_step
from .i18n import msg
from .spaces import boost_choices
from .values import action_modifier
from .words import card_name

Data = dict[str, Any]
Events = list[dict[str, Any]]


@step("harvest")
def _harvest(state: State, s: Data, events: Events) -> None:
    seat, value, rules = s["player"], s["value"], pack(state).rules
    events.append({"type": "harvest", "player": seat, "value": value})
    steps = []
    if value >= rules.tile_value:
        tile = pack(state).tiles[board(state, seat)["tile"]]
        steps.append(gain_step(seat, tile.harvest, "tile", action="harvest"))
    for card_id in cards_of(state, seat, "territory"):
        card = pack(state).cards[card_id]
        if card.harvest_value <= value:
            steps.append(gain_step(seat, card.harvest, "harvest", card=card_id))
    then(state, *steps)


@step("production")
def _production(state: State, s: Data, events: Events) -> None:
    seat, value, cards = s["player"], s["value"], pack(state).cards
    events.append({"type": "production", "player": seat, "value": value})
    state["work"] = {"player": seat, "budget": dict(res(state, seat)), "chosen": [], "value": value}
    steps = []
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


def _committed(state: State) -> dict[str, int]:
    """What the chosen options pay in total so far."""
    return _committed_of(pack(state).cards, state["work"]["chosen"])


def _produce_options(state: State, asked: Data) -> list[dict[str, Any]]:
    card = pack(state).cards[asked["card"]]
    committed, budget = _committed(state), state["work"]["budget"]
    left = {k: v - committed.get(k, 0) for k, v in budget.items()}
    out: list[dict[str, Any]] = [{"do": "skip", "card": card.id}]
    for index, option in enumerate(card.outputs):
        if can_pay(left, option.get("pay", {})):
            out.append({"do": "produce", "card": card.id, "option": index, "pay": option.get("pay", {})} | _get(option))
    return out


def _get(option: dict[str, Any]) -> dict[str, Any]:
    return {"get": option["get"]} | ({"per": option["per"]} if "per" in option else {})


@step("produce_choice")
def _produce_choice(state: State, s: Data, events: Events) -> None:
    asked = {"player": s["player"], "card": s["card"]}
    if len(_produce_options(state, asked)) > 1:
        ask(state, "produce", s["player"], card=s["card"])


def _produce_act(state: State, asked: Data, action: dict[str, Any], events: Events) -> None:
    if action["do"] == "produce":
        state["work"]["chosen"].append([action["card"], action["option"]])


kind(
    "produce",
    _produce_options,
    _produce_act,
    lambda state, asked: msg("Production: use {card}?", card=card_name(state, asked["card"])),
)


@step("produce_finish")
def _produce_finish(state: State, s: Data, events: Events) -> None:
    seat, cards, work = s["player"], pack(state).cards, state.pop("work")
    paid = _committed_of(cards, work["chosen"])
    if paid:
        pay(state, seat, paid)
    steps = []
    if work["value"] >= pack(state).rules.tile_value:
        tile = pack(state).tiles[board(state, seat)["tile"]]
        steps.append(gain_step(seat, tile.production, "tile", action="production"))
    for card_id, index in sorted(work["chosen"], key=lambda c: cards_of(state, seat, "building").index(c[0])):
        option = cards[card_id].outputs[index]
        times = len(cards_of(state, seat, option["per"])) if "per" in option else 1
        got = {k: v * times for k, v in option["get"].items()}
        events.append({"type": "produce", "player": seat, "card": card_id, "paid": option.get("pay", {}), "got": got})
        if times:
            steps.append(gain_step(seat, got, "production", card=card_id))
    then(state, *steps)


def _committed_of(cards: Any, chosen: list[list[int]]) -> dict[str, int]:
    total: dict[str, int] = {}
    for card_id, index in chosen:
        for key, amount in cards[card_id].outputs[index].get("pay", {}).items():
            total[key] = total.get(key, 0) + amount
    return total


# --- a card's or leader's harvest or production action -------------------------------------------------
def grant_base(state: State, seat: int, s: Data) -> int:
    return int(s["value"]) + action_modifier(state, seat, s["action"], bool(s.get("servants_only")))


@step("grant_action")
def _grant_action(state: State, s: Data, events: Events) -> None:
    """A card's action may be declined (asked even without a servants choice); a leader's was
    chosen by activating it (asked only when servants can add value)."""
    seat = s["player"]
    base = grant_base(state, seat, s)
    choices = boost_choices(state, seat, base, 0, s["action"])
    if len(choices) <= 1 and s.get("servants_only"):
        then(state, {"step": s["action"], "player": seat, "value": base})
        return
    ask(state, "boost", seat, **{k: v for k, v in s.items() if k not in ("step", "player")})


def _boost_options(state: State, asked: Data) -> list[dict[str, Any]]:
    seat = asked["player"]
    base = grant_base(state, seat, asked)
    out = [{"do": "servants", "n": n} for n in boost_choices(state, seat, base, 0, asked["action"])]
    return out if asked.get("servants_only") else out + [{"do": "decline"}]


def _boost_act(state: State, asked: Data, action: dict[str, Any], events: Events) -> None:
    seat = asked["player"]
    if action["do"] == "decline":
        events.append({"type": "decline", "player": seat, "card": asked["card"]})
        return
    n = action["n"]
    if n:
        pay(state, seat, {"sv": n * servant_price(state, seat)})
        events.append({"type": "servants", "player": seat, "servants": n * servant_price(state, seat)})
    then(state, {"step": asked["action"], "player": seat, "value": grant_base(state, seat, asked) + n})


def _boost_prompt(state: State, asked: Data) -> str:
    value = grant_base(state, asked["player"], asked)
    if asked["action"] == "harvest":
        return msg("Harvest action at value {value}: how many servants do you add?", value=value)
    return msg("Production action at value {value}: how many servants do you add?", value=value)


kind("boost", _boost_options, _boost_act, _boost_prompt)
