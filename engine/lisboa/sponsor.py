"""Action 4: Sponsor an Event (rulebook p. 21; Bodoge summary §個別アクション > 投資,
§コスト・ボーナス・特殊効果 > 資金カード).

A treasury card goes to the court, its sponsor pays réis equal to the treasury's right value
(CL-06: 0; TP-03, CL-31 and influence substitution apply through :func:`.rules.pay_reis`), then
does the card's centre action, and the card leaves the game. Nothing sponsored can be followed
(rulebook p. 16: only visits are; TC-02 says so). A sponsored store pays the treasury value twice: here and
in its land cost (BGG Lisboa forum).

Centre actions: TC-01 Build a Store or Open a Public Building; TC-02 any one noble action;
TC-03 the printed goods, plan (the top of either stack, as Obtain a Plan) and/or decree; TC-04
up to N officials into offices, one per office, only a 4th may go to an office already used.
The sponsorship is offered only when the fee is payable and the centre action can then be done
(checked after paying, the state put back after; TC-03 and TC-04 can always be done).

Texts: ``sponsor <card>`` (main action), ``event build-store`` (TC-01/02 choice), ``place maia king``.
"""

from __future__ import annotations

from itertools import combinations

from . import flow, payment, state_actions  # noqa: F401  (registers the state_action step)
from .i18n import msg
from .noble_pay import NOBLE_ACTIONS
from .rules import board, can_pay_reis, clergy_effects, gain_goods, pack_of, pay_reis, place_official, treasury_value
from .types import Events, LDecision, LStep, ReisPayment, named
from .types import LAction as Action
from .types import LState as State

CENTRE_CHOICES = {
    "TC-01": ("build_store", "open_public_building"),
    "TC-02": ("build_store", "take_decree", "open_public_building"),
}


def fee(state: State, seat: int) -> int:
    """The sponsoring cost before discounts: the treasury value, 0 with CL-06."""
    return 0 if "CL-06" in clergy_effects(pack_of(state), board(state, seat)) else treasury_value(state)


def noble_choices(state: State, seat: int, centre: str) -> list[str]:
    return [a for a in CENTRE_CHOICES.get(centre, ()) if a in NOBLE_ACTIONS and NOBLE_ACTIONS[a][0](state, seat)]


def can_sponsor(state: State, seat: int, card_id: str, judged: dict[str, bool] | None = None) -> bool:
    """The fee is payable and the card's centre action can then be done. ``judged``: the noble
    actions already judged possible or not after the fee in this position (the fee is the same
    for every card, and the hand plays no part in them), filled in as they are judged."""
    card = pack_of(state).cards[card_id]
    if card.is_noble or not card.centre or not can_pay_reis(state, seat, fee(state, seat)):
        return False
    if card.centre not in CENTRE_CHOICES:  # TC-03 and TC-04 can always be done
        return True
    judged = {} if judged is None else judged
    # Judged on the state itself, put back after: the fee changes only réis and influence (the
    # card leaves the hand too), and a copy would cost more than the whole check.
    b = board(state, seat)
    reis, influence, hand = b["reis"], b["influence"], b["hand"].copy()
    b["hand"].remove(card_id)
    try:
        pay_reis(state, seat, fee(state, seat), [], "sponsor")
        return any(_possible(state, seat, action, judged) for action in CENTRE_CHOICES[card.centre])
    finally:
        b["reis"], b["influence"], b["hand"][:] = reis, influence, hand


def _possible(state: State, seat: int, action: str, judged: dict[str, bool]) -> bool:
    if action not in judged:
        judged[action] = action in NOBLE_ACTIONS and NOBLE_ACTIONS[action][0](state, seat)
    return judged[action]


def main_options(state: State, seat: int) -> list[Action]:
    """Sponsorships: the fee and the noble actions possible after it depend on the card's centre
    only (the hand plays no part in them), so each centre is judged once, and each noble action
    once for TC-01 and TC-02 together."""
    pack, ok, judged = pack_of(state), {}, dict[str, bool]()
    hand = sorted(board(state, seat)["hand"])
    for card in hand:
        centre = pack.cards[card].centre
        if centre and not pack.cards[card].is_noble and centre not in ok:
            ok[centre] = can_sponsor(state, seat, card, judged)
    return [
        {"verb": "sponsor", "card": c}
        for c in hand
        if not pack.cards[c].is_noble and ok.get(pack.cards[c].centre or "", False)
    ]


def start(state: State, seat: int, card_id: str, events: Events) -> None:
    """Queue the whole sponsorship (the caller queued the end of turn behind it)."""
    board(state, seat)["hand"].remove(card_id)
    state["court"] = {"card": card_id, "player": seat, "noble": None}
    centre = pack_of(state).cards[card_id].centre
    events.append({"kind": "sponsor", "player": seat, "card": card_id, "centre": centre})
    flow.then(
        state, {"step": "sponsor_pay", "player": seat}, {"step": "sponsor_centre", "player": seat, "card": card_id}
    )


@flow.step("sponsor_pay")
def _sponsor_pay(state: State, s: LStep, events: Events) -> None:
    centre = pack_of(state).cards[state["court"]["card"]].centre
    flow.then(state, payment.step(s["player"], fee(state, s["player"]), "sponsor", keep="sponsor", centre=centre))


def _centre_still_possible(state: State, seat: int, s: ReisPayment) -> bool:
    """D21 choices for the fee must leave the sponsored noble action possible."""
    centre = s["centre"]
    return centre is None or centre not in CENTRE_CHOICES or bool(noble_choices(state, seat, centre))


payment.KEEP_CHECKS["sponsor"] = _centre_still_possible


@flow.step("sponsor_centre")
def _sponsor_centre(state: State, s: LStep, events: Events) -> None:
    seat, card = s["player"], pack_of(state).cards[s["card"]]
    centre, params = str(card.centre), card.centre_params
    flow.then(state, {"step": "sponsor_close", "player": seat})
    if centre in CENTRE_CHOICES:
        flow.ask(state, "sponsor_event", seat, centre=centre)
    elif centre == "TC-03":
        for good in params.get("goods", []):
            gain_goods(state, seat, good, 1, events, "sponsored event")
        plan: LStep = {"step": "state_action", "player": seat, "action": "obtain_plan"}
        steps = [plan] * params.get("plans", 0)
        steps += [{"step": "decree", "player": seat}] * params.get("decrees", 0)
        flow.then(state, *steps)
    elif centre == "TC-04" and board(state, seat)["officials"]:
        flow.ask(state, "sponsor_officials", seat, n=params["n"])


def event_options(state: State, d: LDecision) -> list[Action]:
    return [{"verb": "event", "action": a} for a in noble_choices(state, d["player"], d["centre"])]


def event_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    name = named(action)
    events.append({"kind": "noble_action", "player": d["player"], "action": name, "sponsored": True})
    flow.then(state, {"step": NOBLE_ACTIONS[name][1], "player": d["player"]})


flow.kind("sponsor_event", event_options, event_act, msg("Sponsored event: choose the noble action to perform."))


def officials_options(state: State, d: LDecision) -> list[Action]:
    """TC-04: up to N officials, one per office; a 4th only after all three offices got one."""
    nobles = list(pack_of(state).nobles)
    have = board(state, d["player"])["officials"]
    most = min(d["n"], have, len(nobles))
    opts: list[Action] = []
    if d["n"] > len(nobles) and have > len(nobles):
        opts += [{"verb": "place", "offices": nobles + [extra]} for extra in nobles]
    return opts + [{"verb": "place", "offices": list(c)} for k in range(most, -1, -1) for c in combinations(nobles, k)]


def officials_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    for noble in action["offices"]:
        place_official(state, d["player"], noble, events, "sponsored event")


flow.kind(
    "sponsor_officials",
    officials_options,
    officials_act,
    msg("Sponsored event: place officials into offices, one per office."),
    default_first=True,
)


@flow.step("sponsor_close")
def _sponsor_close(state: State, s: LStep, events: Events) -> None:
    court = state.pop("court")
    state["box"]["political"].append(court["card"])
    events.append({"kind": "court_cleared", "player": court["player"], "card": court["card"]})
