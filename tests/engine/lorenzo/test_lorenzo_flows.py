"""Nested decisions in one turn: chains of granted actions, privileges from a
production, taking back a Vatican answer, and the deadline default of every kind but the placement."""

from __future__ import annotations

from lorenzo_helpers import act, decision, gains, give, lead, res, run, table, texts, tower, turn

from engine.core import play
from engine.lorenzo import GAME


def test_repairing_the_cathedral_chains_to_the_ambassador_and_another_take():
    state = table(2)
    tower(state, "purple", None, None, None, 90)  # Repairing the Cathedral: take any, value 7
    tower(state, "blue", None, None, None, 72)  # Ambassador: 1 privilege, take any, value 7
    tower(state, "green", None, None, None, 2)
    res(state, 0, w=3, s=3, c=9, sv=1, mp=0)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "purple-4")
    assert decision(state) == "take" and "take blue-4" in texts(state, 0)
    state, events = act(state, 0, "take blue-4")
    assert decision(state) == "privilege"  # the Ambassador's privilege comes before his action
    state, events = act(state, 0, "privilege coins")
    assert decision(state) == "take" and texts(state, 0) == ["decline", "take green-4"]
    state, events = act(state, 0, "take green-4")
    cards = state["boards"][0]["cards"]
    assert (cards["venture"], cards["character"], cards["territory"]) == ([90], [72], [2])
    assert state["decision"] is None


def test_a_production_privilege_is_asked_after_every_building_is_settled():
    state = table(2, dice=(6, 6, 6))
    give(state, 0, 32, 44)  # Residence (1C -> 1 privilege), Fortress (+2VP +1 privilege)
    res(state, 0, c=1, sv=0)
    state = turn(state, 0)
    state, events = act(state, 0, "place black", "production-small", "use 1c for 1cp")
    assert decision(state) == "privilege"
    state, events = act(state, 0, "privilege military", "privilege faith")
    assert res(state, 0)["mp"] == 1 + 2 and res(state, 0)["fp"] == 1 and res(state, 0)["vp"] == 2


def test_a_vatican_answer_may_be_taken_back_until_the_last_one_is_in():
    state = table(2)
    res(state, 0, fp=5)
    res(state, 1, fp=5)
    state["round"], state["period"] = 2, 1
    run(state, {"step": "vatican"})
    state, _ = act(state, 0, "accept excommunication")
    assert play.may_take_back(GAME, state, 0)
    state, events = act(state, 0, "take back")
    assert 0 in play.waiting_players(GAME, state)
    state, _ = act(state, 0, "support the church")
    state, _ = act(state, 1, "support the church")
    assert res(state, 0)["vp"] == 5 and not play.may_take_back(GAME, state, 0)


def test_every_decision_but_the_placement_has_a_deadline_default():
    state = table(4)
    give(state, 0, 29, 30)
    tower(state, "purple", 80)  # two costs
    res(state, 0, w=3, s=3, c=5, mp=5, sv=5)
    state = turn(state, 0)
    assert play.pending(GAME, state)[0].default is None  # the member: the table decides
    state, _ = act(state, 0, "place black")
    assert play.pending(GAME, state)[0].default is None  # the space too
    state, _ = act(state, 0, "purple-1")
    pending = play.pending(GAME, state)[0]
    assert pending.kind == "pay" and pending.default == pending.options[0]  # the cheapest
    state, _ = act(state, 0, play.action_text(GAME, pending.default))
    state = turn(state, 0)
    state, _ = act(state, 0, "place white", "production-small")
    pending = play.pending(GAME, state)[0]
    assert pending.kind == "produce" and play.action_text(GAME, pending.default) == "skip"
    state, _ = act(state, 0, "skip")
    state = turn(state, 0)
    state, _ = act(state, 0, "place orange", "market-privileges")
    pending = play.pending(GAME, state)[0]
    assert play.action_text(GAME, pending.default) == "privileges coins servants"


def test_card_gains_double_with_santa_rita_through_a_card_action():
    state = table(2, advanced=True)
    lead(state, 0, "santa-rita")
    tower(state, "green", 4)  # Gravel Pit: +2S immediate
    res(state, 0, s=0)
    run(state, {"step": "grant_take", "player": 0, "tower": "any", "value": 4, "card": 56})
    state, events = act(state, 0, "take green-1")
    assert gains(events, 0) == [{"s": 4}]


def test_a_cards_harvest_action_may_be_declined_a_leaders_was_chosen_by_activating_it():
    state = table(2, advanced=True)
    tower(state, "blue", 69)  # Cardinal: 2 FP, harvest at value 4
    give(state, 0, 1)  # Commercial Hub: harvest 1C at value 1
    res(state, 0, c=4, sv=0)
    state = turn(state, 0)
    state, _ = act(state, 0, "place black", "blue-1")
    assert decision(state) == "boost" and texts(state, 0) == ["servants 0", "decline"]
    assert play.pending(GAME, state)[0].default == {"do": "servants", "n": 0}
    state, events = act(state, 0, "decline")
    assert [e["type"] for e in events] == ["decline"] and res(state, 0)["c"] == 0
    lead(state, 0, "sforza")
    run(state, {"step": "turn", "player": 0})
    state, events = act(state, 0, "activate sforza")
    assert [e["value"] for e in events if e["type"] == "harvest"] == [1]  # nothing to ask
