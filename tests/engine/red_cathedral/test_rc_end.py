"""The end trigger, final scoring in the teaching script's order, the winner and tie-breaks (teaching
script §ゲームの終了, §最終得点計算; Dized rules 'End of the game', 'Additional scoring', 'Special
rules for two-player games' and their examples)."""

from __future__ import annotations

from rc_helpers import act, give, kind, new_game, own, prestige, set_card, start_turn, table_with_tower, texts

from engine.core import play
from engine.red_cathedral import GAME, board, scoring
from engine.red_cathedral.scoring import tower_scores


def _ready_to_trigger(state: dict, seat: int) -> str:
    """Give ``seat`` 5 completed sections and a 6th needing one brick; return its name."""
    names = [s["name"] for s in state["sections"]]
    for name in names[:5]:
        own(state, name, seat, done=True)
    last = names[5]
    set_card(state, last, "base-08")  # brick 3
    own(state, last, seat)
    sec = state["sections"][board.section_at(state, last)]
    sec["delivered"] = {"brick": 2}
    state["supply"]["brick"] -= 2
    give(state, seat, brick=1)
    return last


def _end_turn(state: dict) -> dict:
    """End the turn where it is asked (a free action was still possible)."""
    if not GAME.is_over(state) and kind(state) == "end":
        state, _ = act(state, "end turn")
    return state


def _quiet_turn(state: dict) -> tuple[dict, list[dict]]:
    """The player to move goes to the market and takes the first option of every prompt."""
    seat = state["turn"]["player"]
    state, events = act(state, "market")
    while not GAME.is_over(state) and state["turn"]["player"] == seat:
        state, more = act(state, texts(state)[0])
        events += more
    return state, events


def test_s33_the_sixth_section_gives_3_prestige_and_everyone_else_one_last_turn() -> None:
    state = new_game(4)
    _ready_to_trigger(state, 1)
    start_turn(state, 1)
    state, events = act(state, "build")
    assert [e["type"] for e in events if e["type"] in ("complete", "trigger")] == ["complete", "trigger"]
    assert state["end"] == {"trigger": 1, "left": [2, 3, 0]} and state["turn"]["player"] == 1
    state = _end_turn(state)  # the trigger player finishes their turn
    assert state["end"] == {"trigger": 1, "left": [3, 0]} and state["turn"]["player"] == 2
    turns = [2]
    while not GAME.is_over(state):
        state, events = _quiet_turn(state)
        turns += [e["player"] for e in events if e["type"] == "turn"]
        assert all(e["last"] for e in events if e["type"] == "turn")
    assert turns == [2, 3, 0] and state["result"] is not None


def test_the_trigger_bonus_is_3_prestige_after_the_sections_rp() -> None:
    state = new_game(2)
    _ready_to_trigger(state, 0)
    state["seats"][0]["pos"] = 2
    start_turn(state, 0)
    state, _ = act(state, "build")
    rp = board.pack_of(state).sections["base-08"].rp
    assert state["seats"][0]["pos"] == prestige(state, 3) and 2 + rp < prestige(state, 1)


def test_a_later_sixth_section_gives_no_bonus() -> None:
    state = new_game(2)
    last = _ready_to_trigger(state, 1)
    state["end"] = {"trigger": 0, "left": []}  # seat 1 is taking the last of the final turns
    start_turn(state, 1)
    state, events = act(state, "build")
    assert not any(e["type"] == "trigger" for e in events) and state["end"]["trigger"] == 0
    assert state["sections"][board.section_at(state, last)]["done"]
    assert GAME.is_over(_end_turn(state))  # the last of the final turns


def test_s35_leftovers_one_prestige_per_five_materials_and_rubles() -> None:
    state = new_game(2)
    give(state, 0, lumber=3, green=2, gold=2)  # 7 materials, jewels included
    state["seats"][0]["rubles"] = 8
    state["seats"][1]["rubles"] = 4
    result = scoring.final_scores(state)
    assert [s["leftovers"] for s in result["seats"]] == [3, 0]


def test_leftovers_leave_out_materials_on_unfinished_sections() -> None:
    state, (base, *_) = table_with_tower(2, 3)
    own(state, base, 0)
    state["sections"][board.section_at(state, base)]["delivered"] = {"lumber": 2}
    state["seats"][0]["rubles"] = 4
    assert scoring.final_scores(state)["seats"][0]["leftovers"] == 0


def test_s36_tower_value_two_per_completed_section_one_per_ornament() -> None:
    state, tower = table_with_tower(3, 4)
    for name in tower[:3]:
        own(state, name, 0, done=True)
    for name in tower[:2]:
        state["sections"][board.section_at(state, name)]["ornament"] = {"seat": 1, "kind": "x", "jewels": []}
    own(state, tower[3], 2)  # unfinished: no value, no presence
    index = [board.section_at(state, n) for n in tower]
    assert scoring.tower_value(state, index) == 8
    assert scoring.presence(state, index) == {0: 3, 1: 2, 2: 0}


def test_s37_halving_with_a_tie_for_third() -> None:
    assert tower_scores(8, {0: 4, 1: 2, 2: 1, 3: 1}, "halving") == {0: 8, 1: 4, 2: 1, 3: 1}


def test_s38_a_tie_for_first_shares_first_and_second() -> None:
    assert tower_scores(11, {0: 3, 1: 3, 2: 1}, "halving") == {0: 8, 1: 8, 2: 2}


def test_pitfall_21_nobody_without_presence_scores() -> None:
    assert tower_scores(6, {0: 2, 1: 0, 2: 0}, "halving") == {0: 6}
    assert tower_scores(4, {0: 0, 1: 0}, "two_player") == {}


def test_the_halving_table_rounds_down_at_each_place() -> None:
    assert scoring.payouts(7, 4) == [7, 3, 1, 0]
    assert scoring.payouts(16, 4) == [16, 8, 4, 2]


def test_p06_two_players_second_gets_a_third() -> None:
    green, yellow = 0, 1
    assert tower_scores(8, {green: 2, yellow: 0}, "two_player") == {green: 8}
    assert tower_scores(6, {green: 1, yellow: 2}, "two_player") == {yellow: 6, green: 2}
    assert tower_scores(8, {green: 1, yellow: 3}, "two_player") == {yellow: 8, green: 2}
    assert tower_scores(5, {green: 2, yellow: 1}, "two_player") == {green: 5, yellow: 1}


def test_p07_two_players_tied_both_score_nothing() -> None:
    assert tower_scores(8, {0: 2, 1: 2}, "two_player") == {}


def test_final_scoring_runs_in_the_teaching_scripts_order() -> None:
    state, tower = table_with_tower(2, 3)
    for name in tower:
        own(state, name, 0, done=True)  # value 6, Red alone: 6 PP
    state["seats"][0]["pos"] = prestige(state, 3) + 1  # rounds down to 3 PP
    state["seats"][0]["rubles"] = 10  # 2 PP
    state["seats"][1]["pos"] = 4  # no prestige space behind: 0 PP
    result = scoring.final_scores(state)
    assert result["seats"][0] == {"track": 3, "leftovers": 2, "towers": 6, "total": 11, "sections": 3, "ornaments": 0}
    assert result["seats"][1]["track"] == 0 and result["seats"][1]["total"] == 0
    assert state["seats"][0]["pos"] == prestige(state, 11)


def test_the_towers_use_the_two_player_rule_only_at_two_players() -> None:
    for players, rule in ((2, "two_player"), (3, "halving"), (4, "halving")):
        assert board.pack_of(new_game(players)).setups[players].tower_rule == rule


def _result(totals: list[int], sections: list[int], ornaments: list[int]) -> dict:
    seats = [
        {"track": t, "leftovers": 0, "towers": 0, "total": t, "sections": s, "ornaments": o}
        for t, s, o in zip(totals, sections, ornaments, strict=True)
    ]
    return {"seats": seats, "towers": []}


def test_pitfall_24_ties_go_to_sections_then_ornaments_then_are_shared() -> None:
    names = ["Ann", "Bob", "Cy", "Dee"]
    outcome = scoring.outcome_of(_result([20, 20, 20, 25], [4, 5, 5, 1], [0, 1, 2, 0]), names)
    assert [(r.name, r.rank) for r in outcome.results] == [("Dee", 1), ("Cy", 2), ("Bob", 3), ("Ann", 4)]
    shared = scoring.outcome_of(_result([20, 20], [4, 4], [1, 1]), names[:2])
    assert shared.winners == (0, 1) and shared.shared
    assert outcome.seat(2).tie_break == {"sections completed": 5, "ornaments placed": 2}
    assert outcome.seat(3).breakdown == {"track": 25, "leftovers": 0, "towers": 0}


def test_a_finished_game_has_its_outcome_and_no_decision() -> None:
    state = new_game(2)
    _ready_to_trigger(state, 0)
    start_turn(state, 0)
    state, _ = act(state, "build")
    state, events = _quiet_turn(_end_turn(state))
    assert GAME.is_over(state) and play.pending(GAME, state) == []
    final = next(e for e in events if e["type"] == "final")
    assert GAME.event_text(state, final).public.startswith("Final scoring: Ann ")
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.seat(0).total == state["result"]["seats"][0]["total"]
