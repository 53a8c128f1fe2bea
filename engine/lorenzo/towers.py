"""Taking a development card, by a family member or by a card's action (BGA help page
§アクションスペース).

In the BGA help page's order: pay the 3-coin tax if the tower held a member, take the floor bonus, pay the
card (choosing a cost where there are several), put the card on the personal board, resolve its
immediate effect; its permanent effect counts from then on. A card's action to take another card
("take-action") places no member: the colour rule does not apply, but the tax, the floor bonus,
the card limit and the military requirements do; its value gets the character bonuses and the
excommunication penalties and may be raised with servants; the player may decline it, and it
lapses when no card can be taken. Its card leaves the space empty for the rest of the round.
Immediate effects nest: Repairing the Cathedral → Ambassador → another take, each as steps.
"""

from __future__ import annotations

from .board import State, can_pay, cards_of, no_floor_bonus, pack, pay, res, servant_price, tower_card
from .costs import payments, take_payments, tower_tax
from .flow import ask, kind, step, then
from .gains import gain_step
from .i18n import msg
from .model import WORK_ACTIONS
from .types import Bundle, LAction, LDecision, LEvent, LStep, TakeData
from .values import action_modifier, boost_needed, max_boost
from .words import TOWERS, card_name, word

Events = list[LEvent]


def take_step(seat: int, space: str, tax: int, discount: Bundle | None = None, granted: bool = False) -> LStep:
    return {"step": "take", "player": seat, "space": space, "tax": tax, "discount": discount or {}, "granted": granted}


def _take_data(s: LStep) -> TakeData:
    """A take step's data without its name (what the ``pay`` decision carries)."""
    return {
        "player": s["player"],
        "space": s["space"],
        "tax": s["tax"],
        "discount": s["discount"],
        "granted": s["granted"],
    }


@step("take")
def _take(state: State, s: LStep, events: Events) -> None:
    seat, space = s["player"], pack(state).spaces[s["space"]]
    if s["tax"]:
        pay(state, seat, {"c": s["tax"]})
        events.append({"type": "tax", "player": seat, "coins": s["tax"], "tower": space.tower_id})
    bonus = space.reward and not no_floor_bonus(state, seat)  # excommunications act in the gain step
    steps = [gain_step(seat, space.reward, "floor", space=space.id)] if bonus else []
    then(state, *steps, {**s, "step": "take_pay"})


def _affordable(state: State, s: TakeData) -> list[Bundle]:
    space = pack(state).spaces[s["space"]]
    card_id = tower_card(state, space)
    assert card_id is not None, f"the card on {space.id} was taken"
    card = pack(state).cards[card_id]
    return [p for p in payments(state, s["player"], card, s["discount"]) if can_pay(res(state, s["player"]), p)]


@step("take_pay")
def _take_pay(state: State, s: LStep, events: Events) -> None:
    space = pack(state).spaces[s["space"]]
    if tower_card(state, space) is None:  # Ariosto on an occupied space
        return
    take = _take_data(s)
    options = _affordable(state, take)
    assert options, f"a placement on {space.id} was offered that cannot be paid"
    if len(options) == 1:
        _pay_and_take(state, take, options[0], events)
    else:
        ask(state, "pay", s["player"], take=take)


def _pay_and_take(state: State, s: TakeData, cost: Bundle, events: Events) -> None:
    seat, space = s["player"], pack(state).spaces[s["space"]]
    card_id = tower_card(state, space)
    assert card_id is not None, f"the card on {space.id} was taken"
    pay(state, seat, cost)
    state["towers"][space.tower_id][space.floor - 1] = None
    card = pack(state).cards[card_id]
    cards_of(state, seat, card.type).append(card_id)
    events.append({"type": "card", "player": seat, "card": card_id, "paid": cost, "granted": s["granted"]})
    then(state, *immediate_steps(state, seat, card_id))


def immediate_steps(state: State, seat: int, card_id: int) -> list[LStep]:
    """A card's immediate effect as steps: its gain (privileges included), then its action."""
    card = pack(state).cards[card_id]
    steps = [gain_step(seat, card.gain, "card", card=card_id)] if card.gain else []
    params = card.action_params
    if card.action == "take":
        grant: LStep = {
            "step": "grant_take",
            "player": seat,
            "tower": params["tower"],
            "value": params["value"],
            "card": card_id,
        }
        if "discount" in params:
            grant["discount"] = params["discount"]
        steps.append(grant)
    elif card.action in WORK_ACTIONS:
        action = WORK_ACTIONS[card.action]
        steps.append(
            {"step": "grant_action", "player": seat, "action": action, "value": params["value"], "card": card_id}
        )
    elif card.action == "vp_per_card":
        vp = params["vp"] * len(cards_of(state, seat, params["type"]))
        steps += [gain_step(seat, {"vp": vp}, "card", card=card_id)] if vp else []
    elif card.action == "vp_per_mp":
        vp = res(state, seat)["mp"] // params["mp"] * params["vp"]
        steps += [gain_step(seat, {"vp": vp}, "card", card=card_id)] if vp else []
    return steps


def _pay_options(state: State, asked: LDecision) -> list[LAction]:
    return [{"do": "pay", "cost": p} for p in _affordable(state, asked["take"])]


def _pay_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    _pay_and_take(state, asked["take"], action["cost"], events)


kind("pay", _pay_options, _pay_act, msg("How do you pay for the card?"))


# --- a card's action: take another card ---------------------------------------------------------------
def grant_boost(state: State, seat: int, space_id: str, value: int) -> int:
    space = pack(state).spaces[space_id]
    return boost_needed(value + action_modifier(state, seat, pack(state).tower_type(space.tower_id)), space.value)


def grant_options(state: State, asked: LDecision) -> list[LAction]:
    seat, towers = asked["player"], pack(state).towers
    scope = list(towers) if asked["tower"] == "any" else [asked["tower"]]
    out: list[LAction] = [{"do": "decline"}]
    for space in pack(state).spaces.values():
        if space.area != "tower" or space.tower not in scope:
            continue
        if tower_card(state, space) is None:
            continue
        boost = grant_boost(state, seat, space.id, asked["value"])
        if boost <= max_boost(state, seat) and take_payments(state, seat, space, boost, asked.get("discount")):
            out.append({"do": "take", "space": space.id})
    return out


@step("grant_take")
def _grant_take(state: State, s: LStep, events: Events) -> None:
    asked: LDecision = {
        "kind": "take",
        "player": s["player"],
        "tower": s["tower"],
        "value": s["value"],
        "card": s["card"],
    }
    if "discount" in s:
        asked["discount"] = s["discount"]
    if len(grant_options(state, asked)) == 1:
        events.append({"type": "lapse", "player": s["player"], "card": s["card"]})
        return
    ask(state, "take", s["player"], **{k: v for k, v in asked.items() if k not in ("kind", "player")})


def _take_act(state: State, asked: LDecision, action: LAction, events: Events) -> None:
    seat = asked["player"]
    if action["do"] == "decline":
        events.append({"type": "decline", "player": seat, "card": asked["card"]})
        return
    space = pack(state).spaces[action["space"]]
    boost = grant_boost(state, seat, space.id, asked["value"])
    if boost:
        pay(state, seat, {"sv": boost * servant_price(state, seat)})
        events.append({"type": "servants", "player": seat, "servants": boost * servant_price(state, seat)})
    then(state, take_step(seat, space.id, tower_tax(state, seat, space.tower), asked.get("discount"), True))


def _take_prompt(state: State, asked: LDecision) -> str:
    name, value = card_name(state, asked["card"]), asked["value"]
    if asked["tower"] == "any":
        return msg(
            "{card}: take a card from any tower at value {value} (servants may add), or decline", card=name, value=value
        )
    return msg(
        "{card}: take a card from the {tower} tower at value {value} (servants may add), or decline",
        card=name,
        tower=word(TOWERS, asked["tower"]),
        value=value,
    )


kind("take", grant_options, _take_act, _take_prompt)
