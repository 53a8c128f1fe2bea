"""The core step queue (engine.core.steps, engine.core.stepgame): a tiny auction game declared by its
decision kinds and steps only, played through engine.core.play. It needs nothing else: a nested
sub-decision, a parallel frame (answers held, take back), a chain frame (each answer applied at
once, with its own sub-decision), deadline defaults, forced steps, illegal answers and replay."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import CHAIN, PARALLEL, SINGLE, EventText, GameSpec, IllegalAction, play
from engine.core.outcome import Outcome, SeatResult, place_ranks
from engine.core.stepgame import StepGame
from engine.core.steps import Steps, first

State = dict[str, Any]
Events = list[dict[str, Any]]
PASS = {"verb": "pass"}
STEPS = Steps("auction", default=lambda options: PASS if PASS in options else None)


@STEPS.step("turn")
def _turn(state: State, s: dict[str, Any], events: Events) -> None:
    STEPS.ask(state, "offer", state["active"])


def _offer_options(state: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    return [{"verb": "sell", "item": item} for item in state["items"]] + [dict(PASS)]


def _offer_act(state: State, d: dict[str, Any], action: dict[str, Any], events: Events) -> None:
    events.append({"player": d["player"], "says": action["verb"]})
    steps: list[dict[str, Any]] = [{"step": "end_turn"}]
    if action["verb"] == "sell":  # a nested sub-decision (the price), then the vote, then the turn ends
        steps[0:0] = [
            {"step": "price", "player": d["player"], "item": action["item"]},
            {"step": "vote", "item": action["item"]},
        ]
    STEPS.then(state, *steps)


@STEPS.step("price")
def _price(state: State, s: dict[str, Any], events: Events) -> None:
    STEPS.ask(state, "price", s["player"], item=s["item"])


def _price_options(state: State, d: dict[str, Any]) -> list[dict[str, Any]]:
    # A one-coin item has a single price: a forced step, resolved by engine.core.play.
    return [{"verb": "price", "coins": c} for c in (1, 2) if c <= len(d["item"])]


def _price_act(state: State, d: dict[str, Any], action: dict[str, Any], events: Events) -> None:
    state["price"] = action["coins"]
    events.append({"player": d["player"], "price": action["coins"]})


@STEPS.step("vote")
def _vote(state: State, s: dict[str, Any], events: Events) -> None:
    others = [seat for seat in range(len(state["players"])) if seat != state["active"]]
    STEPS.open_frame(state, "approve", others, PARALLEL, resume="tally", data={"item": s["item"]})


@STEPS.step("tally")
def _tally(state: State, s: dict[str, Any], events: Events) -> None:
    frame = s["frame"]
    yes = [seat for seat in frame["seats"] if frame["answers"][str(seat)]["verb"] == "yes"]
    events.append({"approved": yes})
    if len(yes) * 2 >= len(frame["seats"]):
        n = len(state["players"])
        bidders = [(state["active"] + k) % n for k in range(1, n)]
        STEPS.open_frame(
            state, "bid", bidders, CHAIN, resume="sold", data={"item": frame["data"]["item"]}, each="bid_one"
        )


@STEPS.step("bid_one")
def _bid_one(state: State, s: dict[str, Any], events: Events) -> None:
    if s["answer"]["verb"] == "bid":  # applied at once: the bidder pays now, then chooses a raise
        state["coins"][s["player"]] -= state["price"]
        state["bids"][str(s["player"])] = state["price"]
        STEPS.then(state, {"step": "raise", "player": s["player"]}, {"step": "bid_done"})
    else:
        STEPS.then(state, {"step": "bid_done"})


@STEPS.step("raise")
def _raise(state: State, s: dict[str, Any], events: Events) -> None:
    STEPS.ask(state, "raise", s["player"])


def _raise_act(state: State, d: dict[str, Any], action: dict[str, Any], events: Events) -> None:
    state["coins"][d["player"]] -= action["coins"]
    state["bids"][str(d["player"])] += action["coins"]


@STEPS.step("bid_done")
def _bid_done(state: State, s: dict[str, Any], events: Events) -> None:
    STEPS.applied(state)


@STEPS.step("sold")
def _sold(state: State, s: dict[str, Any], events: Events) -> None:
    bids = state.pop("bids")
    if bids:
        winner = max(sorted(bids), key=lambda seat: bids[seat])
        state["won"][int(winner)].append(s["frame"]["data"]["item"])
        state["items"].remove(s["frame"]["data"]["item"])
    state["bids"] = {}


@STEPS.step("end_turn")
def _end_turn(state: State, s: dict[str, Any], events: Events) -> None:
    state["turns"] += 1
    if state["turns"] == len(state["players"]) or not state["items"]:
        state["over"] = True
        return
    state["active"] = (state["active"] + 1) % len(state["players"])
    STEPS.then(state, {"step": "turn"})


STEPS.kind("offer", _offer_options, _offer_act, "Sell an item, or pass.")
STEPS.kind("price", _price_options, _price_act, "Set the price.", default_first=True)
STEPS.kind("approve", lambda s, d: [{"verb": "yes"}, {"verb": "no"}], None, "Approve the sale?", default=first)
STEPS.kind(
    "bid",
    lambda s, d: [{"verb": "decline"}, {"verb": "bid"}],
    None,
    lambda s, d: f"Bid for {s['frames'][-1]['data']['item']}?",
    default=first,
)  # a prompt from the state
STEPS.kind("raise", lambda s, d: [{"verb": "raise", "coins": c} for c in (0, 1)], _raise_act, "Raise?")


class Auction(StepGame):
    spec = GameSpec("auction_test", "Auction test", 2, 4, 1)
    steps = STEPS

    def setup(self, players: list[str], options: dict[str, Any], seed: int) -> State:
        n = len(players)
        state = {
            "players": players,
            "coins": [9] * n,
            "items": ["a", "bb", "cc"],
            "won": [[] for _ in players],
            "active": 0,
            "turns": 0,
            "price": 0,
            "bids": {},
            "queue": [],
            "decision": None,
            "frames": [],
            "over": False,
        }
        STEPS.then(state, {"step": "turn"})
        STEPS.run(state, [])
        return state

    def action_text(self, action: dict[str, Any]) -> str:
        return " ".join(str(v) for v in action.values())

    def event_text(self, state: State, event: dict[str, Any]) -> EventText:
        return EventText(str(event))

    def public_view(self, state: State) -> dict[str, Any]:
        return {"coins": state["coins"], "won": state["won"]}

    def view(self, state: State, player: int) -> dict[str, Any]:
        return self.public_view(state)

    def outcome(self, state: State) -> Outcome | None:
        if not state["over"]:
            return None
        totals = [len(w) for w in state["won"]]
        places = [[seat for seat, t in enumerate(totals) if t == total] for total in sorted(set(totals), reverse=True)]
        ranks = place_ranks(places)
        return Outcome(
            tuple(
                SeatResult(
                    seat,
                    state["players"][seat],
                    totals[seat],
                    ranks[seat],
                    {"items": totals[seat]},
                    winner=ranks[seat] == 1,
                )
                for group in places
                for seat in group
            )
        )


GAME = Auction()


def _do(state: State, seat: int, text: str) -> tuple[State, Events]:
    return play.apply(GAME, state, seat, play.parse_action(GAME, state, seat, text))


def _kinds(state: State) -> list[tuple[int, str, str]]:
    return [(d.player, d.kind, d.mode) for d in play.pending(GAME, state)]


def test_a_game_declared_by_kinds_and_steps_plays_through_the_core():
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
    [offer] = play.pending(GAME, state)
    assert (offer.kind, offer.player, offer.mode, offer.prompt) == ("offer", 0, SINGLE, "Sell an item, or pass.")
    assert offer.default == PASS  # the registry's rule
    state, _ = _do(state, 0, "sell bb")
    [price] = play.pending(GAME, state)  # a nested sub-decision of the same seat
    assert (price.kind, price.player, price.default) == ("price", 0, {"verb": "price", "coins": 1})
    state, _ = _do(state, 0, "price 2")
    assert _kinds(state) == [(1, "approve", PARALLEL), (2, "approve", PARALLEL)]
    assert state["decision"] is None and state["queue"] == [{"step": "end_turn"}]

    # parallel: answers are held until the last one, and may be taken back until then
    state, _ = _do(state, 1, "no")
    assert play.legal_texts(GAME, state, 1) == ["take back"] and _kinds(state) == [(2, "approve", PARALLEL)]
    state, _ = _do(state, 1, "take back")
    assert _kinds(state) == [(1, "approve", PARALLEL), (2, "approve", PARALLEL)]
    state, _ = _do(state, 2, "yes")
    state, events = _do(state, 1, "yes")
    assert {"approved": [1, 2]} in events

    # chain: one seat at a time from the seller's left; each answer is applied at once, and its
    # own sub-decision runs while the frame waits
    [bid] = play.pending(GAME, state)
    assert (bid.player, bid.kind, bid.mode, bid.prompt, bid.default) == (
        1,
        "bid",
        CHAIN,
        "Bid for bb?",
        {"verb": "decline"},
    )
    state, _ = _do(state, 1, "bid")
    assert state["coins"][1] == 7 and _kinds(state) == [(1, "raise", SINGLE)]
    assert play.pending(GAME, state)[0].default is None  # neither its own rule nor the game's gives one
    state, _ = _do(state, 1, "raise 1")
    assert _kinds(state) == [(2, "bid", CHAIN)] and state["coins"][1] == 6
    state, _ = _do(state, 2, "bid")
    state, _ = _do(state, 2, "raise 0")
    assert state["won"] == [[], ["bb"], []] and state["frames"] == []
    assert _kinds(state) == [(1, "offer", SINGLE)]

    # the one-price item: the price is a forced step; a rejected sale ends the turn
    state, events = _do(state, 1, "sell a")
    assert {"player": 1, "price": 1, "forced": True} in events
    state, _ = _do(state, 0, "no")
    state, _ = _do(state, 2, "no")
    assert _kinds(state) == [(2, "offer", SINGLE)] and state["items"] == ["a", "cc"]
    state, _ = _do(state, 2, "pass")
    assert GAME.is_over(state) and play.pending(GAME, state) == []
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners == (1,)


def test_illegal_answers_raise_illegal_action():
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
    with pytest.raises(IllegalAction) as err:
        play.apply(GAME, state, 1, {"verb": "pass"})
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction) as err:
        play.apply(GAME, state, 0, {"verb": "sell", "item": "zz"})
    assert err.value.code == "illegal_action" and "pass" in err.value.legal
    with pytest.raises(IllegalAction):
        play.parse_action(GAME, state, 0, "buy")
    with pytest.raises(IllegalAction):  # the game itself refuses a seat it does not ask
        GAME.apply_action(GAME.copy_state(state), 2, {"verb": "pass"})


def test_options_the_caller_listed_are_what_the_check_reads():
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 1)
    options = GAME.legal_actions(state, 0)
    sell = {"verb": "sell", "item": "a"}
    assert sell in options
    with pytest.raises(IllegalAction) as err:  # not among the options given: they are not listed again
        play.apply(GAME, state, 0, sell, [o for o in options if o != sell])
    assert err.value.code == "illegal_action" and "sell a" not in err.value.legal
    given, _ = play.apply(GAME, state, 0, sell, options)
    assert play.dumps(given) == play.dumps(play.apply(GAME, state, 0, sell)[0])
    state, _ = _do(given, 1, "no")  # the one-price item: its price was a forced step
    assert GAME.legal_actions(state, 1) == []  # answered: the game lists nothing, the core adds take back
    back, _ = play.apply(GAME, state, 1, play.take_back_action(), [])
    assert GAME.waiting(back) == [1, 2]


def test_replay_rebuilds_the_same_state():
    state, _ = play.new_game(GAME, ["A", "B", "C"], {}, 4)
    log = [
        (0, "sell cc"),
        (0, "price 1"),
        (2, "yes"),
        (1, "yes"),
        (1, "bid"),
        (1, "raise 1"),
        (2, "decline"),
        (1, "sell a"),
        (0, "no"),
    ]
    for seat, text in log:
        state, _ = _do(state, seat, text)
    assert play.dumps(play.replay(GAME, ["A", "B", "C"], {}, 4, log)) == play.dumps(state)
    assert play.dumps(play.loads(play.dumps(state))) == play.dumps(state)  # plain JSON


def test_registries_are_per_game_and_refuse_unknown_names():
    other = Steps("other")
    assert "turn" in STEPS.steps and "turn" not in other.steps and other.kinds == {}
    with pytest.raises(ValueError, match="registered twice"):
        STEPS.step("turn")(_turn)
    with pytest.raises(ValueError, match="registered twice"):
        STEPS.kind("offer", _offer_options, _offer_act, "again")
    state: State = {"queue": [], "decision": None, "frames": [], "over": False}
    with pytest.raises(KeyError, match="unknown step"):
        STEPS.open_frame(state, "approve", [0], PARALLEL, resume="nowhere")
    with pytest.raises(KeyError, match="unknown decision kind"):
        STEPS.ask(state, "nothing", 0)
    STEPS.ask(state, "raise", 0)
    with pytest.raises(RuntimeError, match="still open"):
        STEPS.ask(state, "raise", 1)


class Overriding(Auction):
    """Overrides asked() (as a game asking questions kept elsewhere does): the generic derivation."""

    def asked(self, state: State) -> list[Any]:
        return super().asked(state)


def test_the_direct_answers_are_those_derived_from_asked():
    """waiting, asked_of, legal_actions, decision and apply read the decision and the top frame
    directly unless a game overrides asked, is_over or options_of; the answers are the same."""
    slow = Overriding()
    assert GAME._direct and not slow._direct
    for seed in range(30):
        state, _ = play.new_game(GAME, ["A", "B", "C"], {}, seed)
        walk = random.Random(seed)
        while not GAME.is_over(state):
            asked = GAME.asked(state)
            assert GAME.waiting(state) == slow.waiting(state) == list(dict.fromkeys(a.seat for a in asked))
            for seat in range(3):
                mine = next((a for a in asked if a.seat == seat), None)
                assert GAME.asked_of(state, seat) == slow.asked_of(state, seat) == mine
                assert GAME.legal_actions(state, seat) == slow.legal_actions(state, seat)
                assert GAME.decision(state, seat) == slow.decision(state, seat)
                assert GAME.decision(state, seat) == next((d for d in GAME.pending(state) if d.player == seat), None)
            seat = walk.choice(GAME.waiting(state))
            action = walk.choice(play.legal_actions(GAME, state, seat))
            mine, _ = play.apply(GAME, state, seat, action)
            theirs, _ = play.apply(slow, state, seat, action)
            assert play.dumps(mine) == play.dumps(theirs)
            state = mine
