"""Events as sentences. VP chips are secret [S]: they appear only in private sentences."""

from __future__ import annotations

from ..core import EventText
from ..core.i18n import listing
from .events_expansions import SECRET_VP, Sentence, amounts, expansion_text, per_seat
from .i18n import msg, msgn
from .types import PREvent, PRState
from .wording import ROLE_NAMES, building, building_title, good, nobles, place, tile_name, vp_chips
from .wording import goods_text as _goods

END_REASONS = {
    "city": msg("Game end triggered: a city is full. The round is played to its end."),
    "colonists": msg("Game end triggered: the colonist ship could not be refilled. The round is played to its end."),
    "vp": msg("Game end triggered: the VP chips have run out. The round is played to its end."),
}


def _place(event: PREvent) -> str:
    where = place(event["target"])
    if event.get("noble"):
        return msg("One noble on {place}; {left} still to place.", place=where, left=event["left"])
    return msg("One colonist on {place}; {left} still to place.", place=where, left=event["left"])


def _scored(event: PREvent) -> str:
    """The private line of a shipment: its VP with the Captain's and the Harbor's bonus."""
    extras = [msg("Captain +{n}", n=event["bonus"])] if event["bonus"] else []
    if event["harbor"]:
        extras.append(msg("Harbor +1"))
    if extras:
        return msg("You score {vp} VP ({extras}).", vp=event["vp"], extras=listing(extras, ""))
    return msg("You score {vp} VP.", vp=event["vp"])


def event_text(state: PRState, event: PREvent) -> EventText:
    names = state["players"]
    who = names[event["player"]] if "player" in event else ""
    kind = event["kind"]
    if kind == "place":
        return EventText(None, _place(event), event["player"])
    text = _TEXT[kind](event, who, names) if kind in _TEXT else expansion_text(event, who, names)
    if kind in ("ship", "small_wharf"):
        return EventText(text, _scored(event), event["player"])
    if kind in SECRET_VP:
        private = msg(
            "You score {chips} ({building}).", chips=vp_chips(event["vp"]), building=building_title(SECRET_VP[kind])
        )
        return EventText(text, private, event["player"])
    if kind == "black_market" and event["item"] == "vp":
        return EventText(text, msg("You return 1 VP chip to the supply (Black Market)."), event["player"])
    return EventText(text)


def _round(e: PREvent, who: str, names: list[str]) -> str:
    governor = names[e["governor"]]
    if e["bonus_roles"]:
        roles = listing([ROLE_NAMES[r] for r in e["bonus_roles"]], "")
        return msg(
            "Round {round}: {governor} is Governor. +1 doubloon on {roles}.",
            round=e["round"],
            governor=governor,
            roles=roles,
        )
    return msg("Round {round}: {governor} is Governor.", round=e["round"], governor=governor)


def _role(e: PREvent, who: str, names: list[str]) -> str:
    role = ROLE_NAMES[e["role"]]
    if e["doubloons"]:
        return msgn(
            "{player} chooses the {role} (+{n} doubloon).",
            "{player} chooses the {role} (+{n} doubloons).",
            e["doubloons"],
            player=who,
            role=role,
        )
    return msg("{player} chooses the {role}.", player=who, role=role)


def _colonists(e: PREvent, who: str, names: list[str]) -> str:
    shares: str = listing([msg("{player} {n}", player=names[s], n=c) for s, c in enumerate(e["shares"]) if c], "")
    for s, k in enumerate(per_seat(e.get("nobles"))):
        if k:
            shares = msg("{shares} ({player} gets {extra} of them)", shares=shares, player=names[s], extra=nobles(k))
    return msg("Colonists arrive: {shares}.", shares=shares)


def _refill(e: PREvent, who: str, names: list[str]) -> str:
    aboard = e.get("nobles", 0)
    assert isinstance(aboard, int)  # the nobles aboard
    short = e["colonists"] + aboard < e["needed"]
    if "nobles" in e:
        extra = nobles(aboard)
        if short:
            return msg(
                "The colonist ship is refilled with {colonists} colonists and {extra} of the {needed} needed.",
                colonists=e["colonists"],
                extra=extra,
                needed=e["needed"],
            )
        return msg(
            "The colonist ship is refilled with {colonists} colonists and {extra}.",
            colonists=e["colonists"],
            extra=extra,
        )
    if short:
        return msg(
            "The colonist ship is refilled with {colonists} of the {needed} needed.",
            colonists=e["colonists"],
            needed=e["needed"],
        )
    return msg("The colonist ship is refilled with {colonists}.", colonists=e["colonists"])


def _ship(e: PREvent, who: str, names: list[str]) -> str:
    amount, cargo = e["amount"], good(e["good"])
    if e["ship"] == "wharf":
        if e.get("lighthouse"):
            return msg(
                "{player} ships {amount} {good} on their Wharf; Lighthouse +1 doubloon.",
                player=who,
                amount=amount,
                good=cargo,
            )
        return msg("{player} ships {amount} {good} on their Wharf.", player=who, amount=amount, good=cargo)
    if e.get("lighthouse"):
        return msg(
            "{player} ships {amount} {good} on the {ship}-ship; Lighthouse +1 doubloon.",
            player=who,
            amount=amount,
            good=cargo,
            ship=e["ship"],
        )
    return msg(
        "{player} ships {amount} {good} on the {ship}-ship.", player=who, amount=amount, good=cargo, ship=e["ship"]
    )


def _winners(names: list[str]) -> str:
    """``Ann``, ``Ann and Bob``, ``Ann and Bob and Cy``."""
    text = names[0]
    for other in names[1:]:
        text = msg("{first} and {second}", first=text, second=other)
    return text


def _hacienda(e: PREvent, w: str) -> str:
    if e["tile"]:
        return msg("{player} draws {tile} with the Hacienda.", player=w, tile=tile_name(e["tile"]))
    return msg("{player} draws nothing with the Hacienda.", player=w)


def _settle(e: PREvent, w: str) -> str:
    if e["hospice"]:
        return msg("{player} takes {tile} and a colonist for it (Hospice).", player=w, tile=tile_name(e["tile"]))
    return msg("{player} takes {tile}.", player=w, tile=tile_name(e["tile"]))


def _faceup(e: PREvent) -> str:
    if e["tiles"]:
        return msg("New plantations: {tiles}.", tiles=listing([good(t) for t in e["tiles"]], ""))
    return msg("New plantations: none left.")


def _build(e: PREvent, w: str) -> str:
    built = building(e["building"])
    if e["university"]:
        return msg(
            "{player} builds the {building} for {cost} and a colonist moves in (University).",
            player=w,
            building=built,
            cost=e["cost"],
        )
    return msg("{player} builds the {building} for {cost}.", player=w, building=built, cost=e["cost"])


def _produce(e: PREvent, w: str) -> str:
    made = _goods(amounts(e["goods"]))
    if e["factory"]:
        return msg("{player} produces {goods}; Factory pays {factory}.", player=w, goods=made, factory=e["factory"])
    return msg("{player} produces {goods}.", player=w, goods=made)


def _sell(e: PREvent, w: str) -> str:
    sold, price = good(e["good"]), e["price"]
    if e.get("post"):
        return msgn(
            "{player} sells {good} for {n} doubloon at their Trading Post.",
            "{player} sells {good} for {n} doubloons at their Trading Post.",
            price,
            player=w,
            good=sold,
        )
    return msgn(
        "{player} sells {good} for {n} doubloon.",
        "{player} sells {good} for {n} doubloons.",
        price,
        player=w,
        good=sold,
    )


_TEXT: dict[str, Sentence] = {
    "role": _role,
    "prospect": lambda e, w, _: msgn(
        "{player} gains {n} doubloon.", "{player} gains {n} doubloons.", e.get("doubloons", 1), player=w
    ),
    "pass": lambda e, w, _: msg("{player} passes.", player=w),
    "island_full": lambda e, w, _: msg("{player}'s island is full.", player=w),
    "hacienda": lambda e, w, _: _hacienda(e, w),
    "settle": lambda e, w, _: _settle(e, w),
    "reshuffle": lambda e, w, _: msg("The plantation discards are reshuffled."),
    "faceup": lambda e, w, _: _faceup(e),
    "mayor_privilege": lambda e, w, _: (
        msg("{player} takes 2 colonists from the supply.", player=w)
        if e.get("count", 1) == 2
        else msg("{player} takes a colonist from the supply.", player=w)
    ),
    "colonists": _colonists,
    "layout_done": lambda e, w, _: msg("{player} has placed their colonists.", player=w),
    "layouts": lambda e, w, _: msg("All colonists are placed."),
    "layouts_forced": lambda e, w, n: msg(
        "Colonists placed (no choice): {players}.", players=listing([n[s] for s in e["players"]], "")
    ),
    "ship_refill": _refill,
    "build": lambda e, w, _: _build(e, w),
    "produce": lambda e, w, _: _produce(e, w),
    "craft_bonus": lambda e, w, _: msg("{player} takes 1 extra {good} (privilege).", player=w, good=good(e["good"])),
    "sell": lambda e, w, _: _sell(e, w),
    "house_emptied": lambda e, w, _: msg("The trading house is full and is emptied."),
    "ship": _ship,
    "keep": lambda e, w, _: msg(
        "{player} keeps {kept}; {lost} go back to the supply.", player=w, kept=_goods(e["kept"]), lost=_goods(e["lost"])
    ),
    "unload": lambda e, w, _: msg(
        "The {ship}-ship sails with {amount} {good}.", ship=e["ship"], amount=e["amount"], good=good(e["good"])
    ),
    "round": _round,
    "end_triggered": lambda e, w, _: END_REASONS[e["reason"]],
    "game_over": lambda e, w, n: msg("Game over. Winner: {winners}.", winners=_winners([n[s] for s in e["winners"]])),
}
