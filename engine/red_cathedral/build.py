"""Main action B, build and/or decorate (teaching script §大聖堂の建築, §大聖堂の装飾; Dized rules 'Build
sections of the Cathedral', 'Decorate the Cathedral'): up to 3 deliveries from the inventory, each
either one material a claimed unfinished section of one's own still needs, or the material of an
ornament placed on any completed section without one (door on a base: lumber; arch on a middle:
stone; cross on a dome: gold), followed at once by 0-2 jewels set into it (each a delivery; 1 jewel
+1 PP, two of a colour +2, one of each +3).

A section holding all its materials is completed at once (the materials go back to the supply,
its owner gains its RP and rubles, and every unfinished section below it in the tower costs its
owner 1 RP per completed section above it built by someone else); the first player to complete a
6th section gains +3 PP and triggers the end. Deliveries may go on after a completion (⚠).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from . import board, score
from . import model as m
from .flow import ask, kind, step, then
from .i18n import msg
from .types import Action, Decision, Events, Jewel, State, Step


def delivery_options(state: State, p: int) -> list[Action]:
    """Every single delivery ``p`` could make now (materials to own sections, then ornaments)."""
    inventory = board.seat(state, p)["inventory"]
    pack = board.pack_of(state)
    out: list[Action] = []
    for sec in state["sections"]:
        if sec["owner"] == p and not sec["done"]:
            delivered = sec["delivered"]
            for mat, n in pack.sections[sec["card"]].cost.items():  # board.missing, in its order
                if n > delivered.get(mat, 0) and inventory[mat] > 0:
                    out.append({"verb": "deliver", "material": mat, "section": sec["name"]})
    for i, sec in enumerate(state["sections"]):
        if sec["done"] and sec["ornament"] is None:
            ornament = pack.ornaments[board.ornament_kind(state, i)]
            if board.seat(state, p)["ornaments"][ornament.id] > 0 and inventory[ornament.material] > 0:
                out.append({"verb": "decorate", "section": sec["name"]})
    return out


def can_build(state: State, p: int) -> bool:
    return bool(delivery_options(state, p))


@step("build")
def _build(state: State, s: Step, events: Events) -> None:
    then(state, {"step": "deliver", "player": s["player"], "left": board.pack_of(state).rules.deliveries, "made": 0})


@step("deliver")
def _deliver_step(state: State, s: Step, events: Events) -> None:
    if s["left"] > 0 and delivery_options(state, s["player"]):
        ask(state, "deliver", s["player"], left=s["left"], made=s["made"])


def _deliver_options(state: State, asked: Decision) -> list[Action]:
    done: list[Action] = [{"verb": "done"}] if asked["made"] else []
    return done + delivery_options(state, asked["player"])


def _deliver(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, left, made = asked["player"], asked["left"], asked["made"]
    if action["verb"] == "done":
        return
    index = board.section_at(state, action["section"])
    if action["verb"] == "deliver":
        mat = action["material"]
        board.seat(state, p)["inventory"][mat] -= 1
        section = state["sections"][index]
        section["delivered"][mat] = section["delivered"].get(mat, 0) + 1
        events.append({"type": "deliver", "player": p, "material": mat, "section": action["section"]})
        if not board.missing(state, index):
            complete(state, index, events)
    else:
        _decorate(state, p, index, events)
        if left > 1 and any(board.seat(state, p)["inventory"][j] for j in m.JEWELS):
            then(state, {"step": "jewels", "player": p, "section": index, "left": left - 1, "made": made + 1})
            return
        events.append({"type": "jewels", "player": p, "section": action["section"], "jewels": [], "pp": 0})
    then(state, {"step": "deliver", "player": p, "left": left - 1, "made": made + 1})


def _decorate(state: State, p: int, index: int, events: Events) -> None:
    ornament = board.pack_of(state).ornaments[board.ornament_kind(state, index)]
    board.pay(state, p, {ornament.material: 1})
    board.seat(state, p)["ornaments"][ornament.id] -= 1
    state["sections"][index]["ornament"] = {"seat": p, "kind": ornament.id, "jewels": []}
    name = state["sections"][index]["name"]
    events.append({"type": "decorate", "player": p, "section": name, "ornament": ornament.id})


@step("jewels")
def _jewels_step(state: State, s: Step, events: Events) -> None:
    ask(state, "jewels", s["player"], section=s["section"], left=s["left"], made=s["made"])


def _jewels_options(state: State, asked: Decision) -> list[Action]:
    have = board.seat(state, asked["player"])["inventory"]
    out: list[Action] = [{"verb": "jewels", "jewels": []}]
    for k in range(1, min(2, asked["left"]) + 1):
        for combo in combinations_with_replacement(m.JEWELS, k):
            if all(have[j] >= combo.count(j) for j in combo):
                out.append({"verb": "jewels", "jewels": list(combo)})
    return out


def jewel_pp(state: State, jewels: list[Jewel]) -> int:
    rules = board.pack_of(state).rules
    if not jewels:
        return 0
    if len(jewels) == 1:
        return rules.jewel_one
    return rules.jewel_pair_same if jewels[0] == jewels[1] else rules.jewel_pair_mixed


def _jewels(state: State, asked: Decision, action: Action, events: Events) -> None:
    p, index, jewels = asked["player"], asked["section"], action["jewels"]
    for j in jewels:
        board.pay(state, p, {j: 1})
    ornament = state["sections"][index]["ornament"]
    assert ornament is not None, "jewels go into the ornament just placed"
    ornament["jewels"] = list(jewels)
    gained = jewel_pp(state, jewels)
    me = board.seat(state, p)
    me["pos"] = score.gain_pp(board.lap(state), me["pos"], gained)
    name = state["sections"][index]["name"]
    events.append({"type": "jewels", "player": p, "section": name, "jewels": list(jewels), "pp": gained})
    then(
        state,
        {"step": "deliver", "player": p, "left": asked["left"] - len(jewels), "made": asked["made"] + len(jewels)},
    )


def complete(state: State, index: int, events: Events) -> None:
    """Complete section ``index``: supply back, reward, the Tsar's penalty below, the end trigger."""
    section = state["sections"][index]
    owner, card = section["owner"], board.card(state, index)
    assert owner is not None, "only a claimed section is built"
    for mat, n in section["delivered"].items():
        state["supply"][mat] += n
    section["delivered"], section["done"] = {}, True
    me = board.seat(state, owner)
    me["pos"] += card.rp
    me["rubles"] += card.rubles
    events.append(
        {"type": "complete", "player": owner, "section": section["name"], "rp": card.rp, "rubles": card.rubles}
    )
    _penalties(state, index, events)
    _trigger(state, owner, events)


def penalty_of(state: State, index: int) -> int:
    """RP the owner of unfinished section ``index`` loses now: completed sections above it in its
    tower built by other players (their own never count)."""
    section = state["sections"][index]
    above = state["towers"][section["tower"]][section["level"] + 1 :]
    return sum(1 for u in above if state["sections"][u]["done"] and state["sections"][u]["owner"] != section["owner"])


def _penalties(state: State, completed: int, events: Events) -> None:
    """Charge the owner of every unfinished section below ``completed`` (all levels below)."""
    done = state["sections"][completed]
    for index in state["towers"][done["tower"]][: done["level"]]:
        section = state["sections"][index]
        if section["done"]:
            continue
        due = penalty_of(state, index)
        if due:
            owner = section["owner"]
            assert owner is not None, "a section below a completed one is claimed"
            lost = board.lose_rp(state, owner, due)
            events.append({"type": "penalty", "player": owner, "section": section["name"], "rp": due, "lost": lost})


def _trigger(state: State, owner: int, events: Events) -> None:
    rules = board.pack_of(state).rules
    if state["end"] is not None or board.completed(state, owner) < rules.sections_to_end:
        return
    me = board.seat(state, owner)
    me["pos"] = score.gain_pp(board.lap(state), me["pos"], rules.end_bonus)
    n = len(state["players"])
    state["end"] = {"trigger": owner, "left": [(owner + k) % n for k in range(1, n)]}
    events.append({"type": "trigger", "player": owner, "pp": rules.end_bonus})


kind("deliver", _deliver_options, _deliver, msg("Deliver what where? (up to 3 deliveries)"), default_first=True)
kind("jewels", _jewels_options, _jewels, msg("Set jewels into the ornament?"), default_first=True)
