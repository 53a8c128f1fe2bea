"""Little Orchard: a toy game declared only with the core's kinds, steps and a tiny data pack.

It lives in the tests to prove that a new game needs nothing in ``bot/`` (redesign issue 12). Two
rounds; each round a market of ``players + 1`` fruit cards is dealt from a deck shuffled by the
core rng in the state (its kinds and copies come from the data pack ``data/orchard``, one row of
which is provisional). In turn every player picks a fruit or passes for a coin (ChooseOne with a
pass option); then all players with coins secretly bid for the leftover fruit at once (an Amount
in a parallel frame, so a bid may be taken back until the last one is in); then each may polish up
to two kinds of fruit in their basket for a coin each (ChooseSeveral: +1 point per fruit of that
kind). At the end everyone with two coins may trade them for a point (Confirm). Most points wins;
most coins left breaks ties. Its id is ``e2e_orchard``; the tests register it while they run.
"""

from __future__ import annotations

from itertools import combinations, groupby
from pathlib import Path

from orchard_types import OrchardAction, OrchardEvent, OrchardState, OrchardStep, OrchardView

from engine.core import PARALLEL, EventText, GameSpec, Options, Outcome, SeatResult, place_ranks
from engine.core.datapack import DataPacks, Family, Pack, PackGame, PackSpec, Record, Sources, integer, text
from engine.core.frames import top_frame
from engine.core.records import DecisionData, FrameData
from engine.core.rng import seed_state, shuffle
from engine.core.shapes import Amount, ChooseOne, ChooseSeveral, Confirm, Item, Option, Shape
from engine.core.stepgame import Asked, StepGame
from engine.core.steps import Steps, first

Events = list[OrchardEvent]

GAME_ID = "e2e_orchard"
PACK_DIR = Path(__file__).parent / "data" / "orchard"
ROUNDS, START_COINS, MAX_BID, MAX_POLISH = 2, 2, 2, 2

FRUIT = Family(
    "fruit", "fruit.toml", "fruit", None, (text("id"), text("label"), integer("points", 1, 9), integer("copies", 1, 6))
)
SPEC: PackSpec[Pack] = PackSpec(
    game=GAME_ID,
    families=(FRUIT,),
    default_dir=PACK_DIR,
    assemble=lambda p: p,
    sources=Sources(prefixes=("rules",), examples="rules p.2"),
    values="Fruit values",
)
PACKS = DataPacks(SPEC)
# every kind lists its safe answer first
STEPS: Steps[OrchardState, OrchardAction, OrchardEvent, DecisionData, OrchardStep, FrameData]
STEPS = Steps(GAME_ID, default=first)


def fruit(state: OrchardState) -> dict[str, Record]:
    """The fruit rows of the pack this game was set up with (refused if that pack is not loaded)."""
    return {r["id"]: r for r in PACKS.of_state(state).rows["fruit"] if isinstance(r, Record)}


def order(state: OrchardState) -> list[int]:
    n = len(state["players"])
    return [(state["first"] + i) % n for i in range(n)]


# --- steps -----------------------------------------------------------------------------------------
@STEPS.step("round")
def _round(state: OrchardState, s: OrchardStep, events: Events) -> None:
    state["round"] += 1
    size = len(state["players"]) + 1
    state["market"], state["deck"] = state["deck"][:size], state["deck"][size:]
    events.append(
        {"type": "market", "round": state["round"], "fruit": list(state["market"]), "random": state["round"] > 1}
    )
    seats = order(state)
    picks: list[OrchardStep] = [{"step": "pick", "player": p} for p in seats]
    tends: list[OrchardStep] = [{"step": "tend", "player": p} for p in seats]
    STEPS.then(state, *picks, {"step": "bid"}, *tends, {"step": "end_round"})


@STEPS.step("pick")
def _pick(state: OrchardState, s: OrchardStep, events: Events) -> None:
    STEPS.ask(state, "pick", s["player"])


@STEPS.step("bid")
def _bid(state: OrchardState, s: OrchardStep, events: Events) -> None:
    bidders = [p for p in order(state) if state["coins"][p] > 0]
    if bidders and state["market"]:
        STEPS.open_frame(state, "bid", bidders, PARALLEL, "auction")


@STEPS.step("auction")
def _auction(state: OrchardState, s: OrchardStep, events: Events) -> None:
    bids = {int(p): a["n"] for p, a in s["frame"]["answers"].items()}
    top = max(bids.values())
    best = [p for p, n in bids.items() if n == top]
    winner = best[0] if top > 0 and len(best) == 1 else None
    prize = state["market"][0]
    if winner is not None:
        state["coins"][winner] -= top
        state["baskets"][winner].append(state["market"].pop(0))
    events.append(
        {
            "type": "auction",
            "bids": {str(p): n for p, n in sorted(bids.items())},
            "winner": winner,
            "fruit": prize,
            "paid": top,
            "reveals": True,
        }
    )


@STEPS.step("tend")
def _tend(state: OrchardState, s: OrchardStep, events: Events) -> None:
    if polishable(state, s["player"]) and state["coins"][s["player"]] > 0:
        STEPS.ask(state, "tend", s["player"])


@STEPS.step("end_round")
def _end_round(state: OrchardState, s: OrchardStep, events: Events) -> None:
    state["market"] = []
    state["first"] = (state["first"] + 1) % len(state["players"])
    if state["round"] < ROUNDS:
        STEPS.then(state, {"step": "round"})
    else:
        cash: list[OrchardStep] = [{"step": "cash", "player": p} for p in order(state)]
        STEPS.then(state, *cash, {"step": "score"})


@STEPS.step("cash")
def _cash(state: OrchardState, s: OrchardStep, events: Events) -> None:
    if state["coins"][s["player"]] >= 2:
        STEPS.ask(state, "cash", s["player"])


@STEPS.step("score")
def _score(state: OrchardState, s: OrchardStep, events: Events) -> None:
    state["over"] = True
    events.append({"type": "over"})


# --- decision kinds --------------------------------------------------------------------------------
def polishable(state: OrchardState, player: int) -> list[str]:
    return sorted(set(state["baskets"][player]) - set(state["polished"][player]))


def _pick_options(state: OrchardState, asked: DecisionData) -> list[OrchardAction]:
    picks: list[OrchardAction] = [{"do": "pick", "fruit": f} for f in sorted(set(state["market"]))]
    return [{"do": "pass"}, *picks]


def _pick_act(state: OrchardState, asked: DecisionData, action: OrchardAction, events: Events) -> None:
    p = asked["player"]
    if action["do"] == "pass":
        state["coins"][p] += 1
        events.append({"type": "pass", "player": p})
    else:
        state["market"].remove(action["fruit"])
        state["baskets"][p].append(action["fruit"])
        events.append({"type": "pick", "player": p, "fruit": action["fruit"]})


def _bid_options(state: OrchardState, asked: DecisionData) -> list[OrchardAction]:
    return [{"do": "bid", "n": n} for n in range(min(MAX_BID, state["coins"][asked["player"]]) + 1)]


def _bid_act(state: OrchardState, asked: DecisionData, action: OrchardAction, events: Events) -> None:
    """A bid is only held by the frame (the auction reads them all); say who has bid, secretly what."""
    events.append({"type": "bid", "player": asked["player"], "n": action["n"]})


def _tend_options(state: OrchardState, asked: DecisionData) -> list[OrchardAction]:
    p = asked["player"]
    kinds = polishable(state, p)
    most = min(MAX_POLISH, state["coins"][p], len(kinds))
    polish: list[OrchardAction] = [
        {"do": "polish", "fruits": list(c)} for k in range(1, most + 1) for c in combinations(kinds, k)
    ]
    return [{"do": "skip"}, *polish]


def _tend_act(state: OrchardState, asked: DecisionData, action: OrchardAction, events: Events) -> None:
    p = asked["player"]
    if action["do"] == "polish":
        state["coins"][p] -= len(action["fruits"])
        state["polished"][p] += action["fruits"]
        events.append({"type": "polish", "player": p, "fruits": action["fruits"]})


def _cash_act(state: OrchardState, asked: DecisionData, action: OrchardAction, events: Events) -> None:
    if action["do"] == "cash":
        state["coins"][asked["player"]] -= 2
        state["cashed"][asked["player"]] += 1
        events.append({"type": "cash", "player": asked["player"]})


STEPS.kind("pick", _pick_options, _pick_act, "Pick a fruit from the market, or pass for a coin")
STEPS.kind("bid", _bid_options, _bid_act, lambda state, asked: f"Bid for the leftover {state['market'][0]}")
STEPS.kind("tend", _tend_options, _tend_act, "Polish up to two kinds of fruit (1 coin each)?")
STEPS.kind("cash", lambda state, asked: [{"do": "keep"}, {"do": "cash"}], _cash_act, "Trade 2 coins for 1 point?")


# --- the game --------------------------------------------------------------------------------------
class LittleOrchard(
    StepGame[OrchardState, OrchardAction, OrchardEvent, OrchardView, DecisionData],
    PackGame[OrchardState, OrchardAction, OrchardEvent, OrchardView, Pack],
):
    spec = GameSpec(
        id=GAME_ID,
        title="Little Orchard",
        min_players=2,
        max_players=3,
        rules_version=1,
        has_hidden_info=True,
        has_chance=True,
        has_simultaneous=True,
    )
    packs = PACKS
    steps = STEPS

    def setup(self, players: list[str], options: Options, seed: int) -> OrchardState:
        pack = self.pack_for_new_games()
        n = len(players)
        state: OrchardState = {
            "players": list(players),
            "rng": seed_state(seed),
            "pack": PACKS.record(pack),
            "deck": [r["id"] for r in pack.rows["fruit"] if isinstance(r, Record) for _ in range(r["copies"])],
            "market": [],
            "baskets": [[] for _ in range(n)],
            "polished": [[] for _ in range(n)],
            "coins": [START_COINS] * n,
            "cashed": [0] * n,
            "round": 0,
            "first": 0,
            "queue": [{"step": "round"}],
            "decision": None,
            "frames": [],
            "over": False,
        }
        shuffle(state, state["deck"])
        STEPS.run(state, [])
        return state

    def shape_of(self, state: OrchardState, asked: Asked[DecisionData], options: list[OrchardAction]) -> Shape:
        labels = {f: r["label"] for f, r in fruit(state).items()}
        texts = [self.action_text(a) for a in options]
        if asked.kind == "pick":
            named = {f: f"{r['label']} ({r['points']} pt)" for f, r in fruit(state).items()}
            return ChooseOne(
                pass_text="pass",
                options=tuple(
                    Option(t, named[a["fruit"]] if a["do"] == "pick" else "Pass: take a coin")
                    for t, a in zip(texts, options, strict=True)
                ),
            )
        if asked.kind == "bid":
            return Amount(
                title="Bid",
                low=0,
                high=options[-1]["n"],
                options=tuple(Option(t, f"Bid {a['n']}", amount=a["n"]) for t, a in zip(texts, options, strict=True)),
            )
        if asked.kind == "tend":
            kinds = polishable(state, asked.seat)
            return ChooseSeveral(
                title="Polish",
                pass_text="skip",
                items=tuple(Item(f, labels[f]) for f in kinds),
                low=0,
                high=max(len(a.get("fruits", ())) for a in options),
                options=tuple(
                    Option(
                        t,
                        "Polish " + " and ".join(labels[f] for f in a["fruits"])
                        if a["do"] == "polish"
                        else "Polish nothing",
                        picks=tuple(a.get("fruits", ())),
                    )
                    for t, a in zip(texts, options, strict=True)
                ),
            )
        return Confirm(
            pass_text="keep coins",
            options=(Option("keep coins", "Keep my coins"), Option("cash in", "Trade 2 coins for 1 point")),
        )

    # --- text ---------------------------------------------------------------------------------------
    def action_text(self, action: OrchardAction) -> str:
        do = action["do"]
        if do == "pick":
            return f"pick {action['fruit']}"
        if do == "bid":
            return f"bid {action['n']}"
        if do == "polish":
            return "polish " + " ".join(action["fruits"])
        return str({"keep": "keep coins", "cash": "cash in"}.get(do, do))

    def event_text(self, state: OrchardState, event: OrchardEvent) -> EventText:
        names, kind = state["players"], event["type"]
        who = names[event["player"]] if "player" in event else ""
        if kind == "market":
            return EventText(f"Round {event['round']}: the market offers {', '.join(event['fruit'])}.")
        if kind == "pick":
            return EventText(f"{who} picks a {event['fruit']}.")
        if kind == "pass":
            return EventText(f"{who} passes and takes a coin.")
        if kind == "bid":
            return EventText(f"{who} has bid.", f"You bid {event['n']}.", event["player"])
        if kind == "auction":
            shown = ", ".join(f"{names[int(p)]} {n}" for p, n in event["bids"].items())
            won = (
                f"{names[event['winner']]} takes the {event['fruit']} for {event['paid']}."
                if event["winner"] is not None
                else f"Nobody takes the {event['fruit']}."
            )
            return EventText(f"Bids: {shown}. {won}")
        if kind == "polish":
            return EventText(f"{who} polishes {' and '.join(event['fruits'])}.")
        if kind == "cash":
            return EventText(f"{who} trades 2 coins for a point.")
        if kind == "over":
            return EventText("The orchard is harvested.")
        return EventText(None)

    # --- views and results --------------------------------------------------------------------------
    def public_view(self, state: OrchardState) -> OrchardView:
        frame = top_frame(state)
        return {
            "game": GAME_ID,
            "players": list(state["players"]),
            "round": state["round"],
            "market": list(state["market"]),
            "deck": len(state["deck"]),
            "baskets": [list(b) for b in state["baskets"]],
            "polished": [list(p) for p in state["polished"]],
            "coins": list(state["coins"]),
            "cashed": list(state["cashed"]),
            "bids_in": sorted(int(p) for p in frame["answers"]) if frame else [],
            "over": state["over"],
        }

    def view(self, state: OrchardState, player: int) -> OrchardView:
        frame = top_frame(state)
        held = frame["answers"].get(str(player)) if frame else None
        return {**self.public_view(state), "you": player, "my_bid": held["n"] if held else None}

    def view_text(self, view: OrchardView) -> str:
        lines = [f"Little Orchard, round {view['round']}: market {', '.join(view['market']) or 'empty'}"]
        for seat, name in enumerate(view["players"]):
            lines.append(f"  {name:<6} coins {view['coins'][seat]}  basket {', '.join(view['baskets'][seat]) or '-'}")
        if view.get("my_bid") is not None:
            lines.append(f"  your bid: {view['my_bid']}")
        return "\n".join(lines)

    def outcome(self, state: OrchardState) -> Outcome | None:
        if not state["over"]:
            return None
        points = {f: r["points"] for f, r in fruit(state).items()}
        parts = []
        for p, basket in enumerate(state["baskets"]):
            polish = sum(basket.count(f) for f in state["polished"][p])
            parts.append({"fruit": sum(points[f] for f in basket), "polish": polish, "cashed": state["cashed"][p]})
        total = [sum(b.values()) for b in parts]
        coins = state["coins"]
        seats = sorted(range(len(parts)), key=lambda p: (-total[p], -coins[p]))
        ranks = place_ranks([list(g) for _, g in groupby(seats, key=lambda p: (total[p], coins[p]))])
        return Outcome(
            tuple(
                SeatResult(
                    p, state["players"][p], total[p], ranks[p], parts[p], {"coins": coins[p]}, winner=ranks[p] == 1
                )
                for p in seats
            ),
            "most coins left",
        )


#: The game, not registered on import: a test registers it for its own duration (see the tests), so
#: the other suites' lists of games stay as they were.
ORCHARD = LittleOrchard()
