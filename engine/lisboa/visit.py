"""Action 3 Visit a Noble (rulebook p. 16, D16, D17) and the follow window (p. 16, D22).

Visit, in order: the noble card goes to the court with the visitor's courtier (CL-03/04/05 réis
on this step), the influence cost is paid (D16, :mod:`.noble_pay`: every legal mix of influence,
réis and wigs, grouped by the influence spent, the default first, auto when one), the optional
free state action of that noble (D17, ``free <action>`` or ``no free action``), then the noble
action, then the follow window, then the courtier returns and the card leaves the game. The visit
is offered only when the cost can be paid and the noble action can then be done (rulebook
p. 16): after some legal mix (:func:`.noble_pay.action_payable`), and while the noble
action is at stake only such mixes are offered, and a free state action only if the noble action
stays possible after it (every way of doing a free action, :mod:`.sim`; e.g. a free Meet the
Cardinal passing a treasury icon can price the King's officials out of reach).

Noble actions (``NOBLE_ACTIONS`` of :mod:`.noble_pay`, also used by sponsoring): Build a Store (Maia, :mod:`.store`),
Take a Decree (the Marquis, :mod:`.decree`), Open a Public Building (the King, :mod:`.building`).

Follow window (D22): a CHAIN frame (:mod:`engine.core.frames`) over the other seats that hold the
noble's Royal Favor, clockwise from the visitor's left; seats without the favor are skipped at
once with a ``follow_skipped`` event (``why`` ``no_favor``). Each asked seat is checked when its
turn in the window comes (an earlier follower may have taken the last decree or moved officials):
without any legal, payable follow it is skipped with ``why`` ``no_legal_follow``. An asked seat
answers ``decline`` (the default) or ``follow <action>`` (the noble action or one of the noble's two
state actions). A follow is applied before the next seat is asked (the frame's ``each`` step; the
step queue lets the follow's sub-decisions run while the frame waits): the favor returns to the
portrait, the follower pays their own cost (CL-08: 0; D16 mix), then does the action without a
good. Legality is judged after the favor's return (so a King follower could take Royal Favor, the
King's favor included: the literal order of the rulebook p. 16). After the last seat, the visitor's turn ends.
"""

from __future__ import annotations

from ..core.decisions import CHAIN
from ..core.frames import record_answer, top_frame, waiting_seats
from ..core.records import Frame
from . import building, church, decree, flow, sim, state_actions, store  # noqa: F401  (they register steps)
from .i18n import msg
from .noble_pay import NOBLE_ACTIONS, action_payable, noble_action_possible
from .rules import board, influence_payments, pack_of, visit_cost
from .state_actions import ACTIONS
from .types import Events, LDecision, LFrameData, LStep, named
from .types import LAction as Action
from .types import LState as State

COURT_CLERGY = {"maia": ("CL-03", 2), "marquis": ("CL-04", 3), "king": ("CL-05", 2)}


def court_reis(state: State, seat: int, noble: str) -> int:
    effect, reis = COURT_CLERGY[noble]
    pack = pack_of(state)
    return reis * [pack.clergy[t].effect for t in board(state, seat)["clergy"]].count(effect)


def can_visit(state: State, seat: int, card_id: str) -> bool:
    card = pack_of(state).cards[card_id]
    if not card.is_noble:
        return False
    noble = card.kind
    return action_payable(state, seat, noble, visit_cost(state, seat, noble), court_reis(state, seat, noble))


def main_options(state: State, seat: int) -> list[Action]:
    pack, ok = pack_of(state), {}  # can_visit depends only on the card's noble
    for card in sorted(board(state, seat)["hand"]):
        noble = pack.cards[card].kind
        if noble not in ok:
            ok[noble] = can_visit(state, seat, card)
    return [{"verb": "visit", "card": c} for c in sorted(board(state, seat)["hand"]) if ok[pack.cards[c].kind]]


def start(state: State, seat: int, card_id: str, events: Events) -> None:
    """Queue the whole visit of ``card_id`` (the caller queued the end of turn behind it)."""
    noble = pack_of(state).cards[card_id].kind
    pay: LStep = {"step": "visit_pay", "player": seat, "noble": noble}  # the later steps: the same data
    flow.then(
        state,
        {"step": "visit_court", "card": card_id, "player": seat, "noble": noble},
        pay,
        {**pay, "step": "visit_free"},
        {**pay, "step": "noble_action"},
        {**pay, "step": "follow_open"},
        {**pay, "step": "visit_close"},
    )


@flow.step("visit_court")
def _court(state: State, s: LStep, events: Events) -> None:
    seat, noble = s["player"], s["noble"]
    b = board(state, seat)
    b["hand"].remove(s["card"])
    state["court"] = {"card": s["card"], "player": seat, "noble": noble}
    reis = court_reis(state, seat, noble)
    b["reis"] += reis
    events.append({"kind": "visit", "player": seat, "noble": noble, "card": s["card"], "reis": reis})


@flow.step("visit_pay")
def _visit_pay(state: State, s: LStep, events: Events) -> None:
    flow.then(
        state,
        {
            "step": "influence_pay",
            "player": s["player"],
            "keep": s["noble"],
            "cost": visit_cost(state, s["player"], s["noble"]),
            "why": "visit " + s["noble"],
        },
    )


@flow.step("visit_free")
def _visit_free(state: State, s: LStep, events: Events) -> None:
    flow.ask(state, "visit_free", s["player"], noble=s["noble"])


#: Per noble action, the state actions that change nothing its check reads, so it stays as possible
#: as it is: a decree comes from the display, which only taking a decree and the end-of-turn refill
#: change (no state action leads to either); a store's check reads no office, plaza, plan or favor
#: (Hire Officials, Obtain a Plan); a public building's reads no favor (Royal Favor; the favors of
#: CL-33, taken in its look-ahead of a Cardinal bonus, change none of its end states' verdicts).
UNTOUCHED: dict[str, tuple[str, ...]] = {
    "take_decree": ("hire_officials", "obtain_plan", "build_ship", "produce_goods", "royal_favor", "meet_cardinal"),
    "build_store": ("hire_officials", "obtain_plan"),
    "open_public_building": ("royal_favor",),
}


def keeps_noble_action(state: State, seat: int, noble: str, action: str) -> bool:
    """Every way of doing state action ``action`` leaves ``noble``'s noble action possible."""
    if action in UNTOUCHED.get(pack_of(state).nobles[noble].noble_action, ()):
        return noble_action_possible(state, seat, noble)
    step: LStep = {"step": "state_action", "player": seat, "action": action}
    return all(noble_action_possible(after, seat, noble) for after in sim.outcomes(state, [step]))


def free_options(state: State, d: LDecision) -> list[Action]:
    seat, noble = d["player"], d["noble"]
    names = pack_of(state).nobles[noble].state_actions
    opts: list[Action] = [
        {"verb": "free", "action": a}
        for a in names
        if ACTIONS[a][0](state, seat) and keeps_noble_action(state, seat, noble, a)
    ]
    return opts + [{"verb": "free", "action": None}]


def free_act(state: State, d: LDecision, action: Action, events: Events) -> None:
    name = action["action"]
    if name is None:
        events.append({"kind": "no_free_action", "player": d["player"]})
        return
    flow.then(state, {"step": "state_action", "player": d["player"], "action": name})


flow.kind("visit_free", free_options, free_act, msg("Visit: one of the noble's state actions for free, or none."))


@flow.step("noble_action")
def _noble_action(state: State, s: LStep, events: Events) -> None:
    name = pack_of(state).nobles[s["noble"]].noble_action
    events.append({"kind": "noble_action", "player": s["player"], "action": name})
    flow.then(state, {"step": NOBLE_ACTIONS[name][1], "player": s["player"]})


@flow.step("visit_close")
def _visit_close(state: State, s: LStep, events: Events) -> None:
    court = state.pop("court")
    state["box"]["political"].append(court["card"])  # the visited card leaves the game (rulebook p. 16)
    events.append({"kind": "court_cleared", "player": court["player"], "card": court["card"]})


# --- the follow window (D22) ---------------------------------------------------------------------
def follow_actions(state: State, seat: int, noble: str) -> list[str]:
    """The follows ``seat`` could do now (after returning the favor, and paying), pack order."""
    b = board(state, seat)
    if noble not in b["favors"]:
        return []
    held = b["favors"]
    b["favors"] = [n for n in held if n != noble]
    state["favors"][noble] += 1
    try:
        cost = visit_cost(state, seat, noble, follow=True)
        if not influence_payments(state, seat, cost):
            return []
        spec = pack_of(state).nobles[noble]
        out = [spec.noble_action] if action_payable(state, seat, noble, cost) else []
        return out + [a for a in spec.state_actions if ACTIONS[a][0](state, seat)]
    finally:
        b["favors"] = held
        state["favors"][noble] -= 1


@flow.step("follow_open")
def _follow_open(state: State, s: LStep, events: Events) -> None:
    visitor, noble, n = s["player"], s["noble"], len(state["players"])
    holders = []
    for seat in [(visitor + k) % n for k in range(1, n)]:
        if noble in board(state, seat)["favors"]:
            holders.append(seat)
        else:
            events.append({"kind": "follow_skipped", "player": seat, "noble": noble, "why": "no_favor"})
    if holders:
        frame = flow.STEPS.open_frame(
            state,
            "follow",
            holders,
            CHAIN,
            resume="follow_done",
            data={"noble": noble, "visitor": visitor},
            each="follow_answer",
        )
        _advance(state, frame, events)
    else:
        events.append({"kind": "follow_window_closed", "player": visitor, "noble": noble})


def _advance(state: State, frame: Frame[LFrameData], events: Events) -> None:
    """Skip the asked seats with nothing legal and payable; close the window after the last seat."""
    noble = frame["data"]["noble"]
    while waiting_seats(frame):
        seat = waiting_seats(frame)[0]
        if follow_actions(state, seat, noble):
            break
        record_answer(frame, seat, {"verb": "skip"})
        events.append({"kind": "follow_skipped", "player": seat, "noble": noble, "why": "no_legal_follow"})
    if flow.STEPS.applied(state):  # the next seat is asked, or the window closes after the last
        events.append({"kind": "follow_window_closed", "player": frame["data"]["visitor"], "noble": noble})


def follow_options(state: State, d: LDecision) -> list[Action]:
    frame = top_frame(state)
    assert frame is not None and frame["kind"] == "follow"
    acts = follow_actions(state, d["player"], frame["data"]["noble"])
    decline: list[Action] = [{"verb": "decline"}]
    return decline + [{"verb": "follow", "action": a} for a in acts] if acts else []


flow.kind(
    "follow",
    follow_options,
    None,
    msg("Follow the visit (return the favor, pay influence, do one action), or decline."),
    default_first=True,
)


@flow.step("follow_answer")
def _follow_answer(state: State, s: LStep, events: Events) -> None:
    frame = top_frame(state)
    assert frame is not None
    seat, answer, noble = s["player"], s["answer"], frame["data"]["noble"]
    if answer["verb"] == "decline":
        events.append({"kind": "follow_declined", "player": seat, "noble": noble})
        flow.then(state, {"step": "follow_next"})
        return
    b = board(state, seat)
    b["favors"] = [n for n in b["favors"] if n != noble]
    state["favors"][noble] += 1
    name = named(answer)
    events.append({"kind": "follow", "player": seat, "noble": noble, "action": name})
    cost = visit_cost(state, seat, noble, follow=True)
    act: LStep = (
        {"step": NOBLE_ACTIONS[name][1], "player": seat}
        if name in NOBLE_ACTIONS
        else {"step": "state_action", "player": seat, "action": name}
    )
    pay: LStep = {"step": "influence_pay", "player": seat, "cost": cost, "why": "follow " + noble}
    if name in NOBLE_ACTIONS:
        pay["keep"] = noble
    flow.then(state, pay, act, {"step": "follow_next"})


@flow.step("follow_next")
def _follow_next(state: State, s: LStep, events: Events) -> None:
    frame = top_frame(state)
    assert frame is not None and frame["kind"] == "follow"
    _advance(state, frame, events)


@flow.step("follow_done")
def _follow_done(state: State, s: LStep, events: Events) -> None:
    """Every follow has been applied already, one by one; nothing is left to resolve."""
