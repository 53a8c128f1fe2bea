"""Who decides what: one active player, one prompt chain per turn in the right
shapes, forced steps resolving themselves, legal-only options, a deadline default for every
decision but the main action; texts, labels and the provisional-data notice."""

from __future__ import annotations

from rc_helpers import (
    act,
    decision_of,
    give,
    kind,
    new_game,
    own,
    place_dice,
    prestige,
    set_card,
    start_turn,
    texts,
    tower_of,
)

from engine.core import play
from engine.core.shapes import Amount, ChooseOne
from engine.red_cathedral import GAME


def test_only_the_active_player_is_ever_asked() -> None:
    state = new_game(4)
    assert play.waiting_players(GAME, state) == [0]
    for seat in (1, 2, 3):
        assert play.legal_actions(GAME, state, seat) == []


def test_the_main_action_has_no_default_and_goes_to_the_table() -> None:
    decision = decision_of(new_game(3))
    assert decision.kind == "main" and decision.default is None
    assert isinstance(decision.shape, ChooseOne) and decision.shape.pass_text is None
    assert [o.label for o in decision.shape.options] == [
        "Claim a cathedral section",
        "Market: move a die, then its space's actions",
    ]


def test_a_claim_is_banner_then_section_then_tile() -> None:
    state = new_game(2)
    start_turn(state, 0)
    state, _ = act(state, "claim")
    assert kind(state) == "banner" and decision_of(state).default == {"verb": "banner", "from": "inventory"}
    state, _ = act(state, "banner from board")
    assert kind(state) == "section"
    labels = [o.label for o in decision_of(state).shape.options]
    assert all(" for " in lb and "its tile gives" in lb for lb in labels)
    state, _ = act(state, f"section {tower_of(state, 0)[0]}")
    assert kind(state) == "tile" and decision_of(state).default["up"] is False


def test_amounts_are_amount_shapes_with_their_defaults() -> None:
    state = new_game(2)
    state["seats"][0]["pos"] = prestige(state, 3)
    start_turn(state, 0)
    state, _ = act(state, "sell prestige")
    decision = decision_of(state)
    assert isinstance(decision.shape, Amount) and (decision.shape.low, decision.shape.high) == (1, 2)
    assert decision.default == {"verb": "sell", "n": 1}
    assert decision.shape.options[1].label == "Sell 2 prestige points for 4 rubles"


def test_the_market_menu_finishes_by_default_and_takes_all_by_default() -> None:
    state = new_game(2, seed=5)
    place_dice(state, {"white": (0, 4), "red": (4, 1), "blue": (4, 2), "yellow": (1, 1), "green": (2, 1)})
    start_turn(state, 0)
    state, _ = act(state, "market", "die white", "extra 0")
    menu = decision_of(state)
    assert menu.shape.pass_text == "done" and menu.default == {"verb": "done"}
    state, _ = act(state, "take resources")
    assert decision_of(state).default == {"verb": "reps", "n": 3}


def test_deliveries_finish_by_default_once_one_is_made() -> None:
    state = new_game(2)
    base = tower_of(state, 0)[0]
    set_card(state, base, "base-01")  # lumber 2, brick 1
    own(state, base, 0)
    give(state, 0, lumber=2, brick=1)
    start_turn(state, 0)
    state, _ = act(state, "build")
    first = decision_of(state)
    assert first.shape.pass_text is None and first.default == first.options[0]
    assert texts(state) == [f"deliver lumber {base}", f"deliver brick {base}"]
    state, _ = act(state, f"deliver lumber {base}")
    then = decision_of(state)
    assert then.default == {"verb": "done"} and then.shape.pass_text == "done"
    assert [o.label for o in then.shape.options][1] == f"Lumber to {base} (it needs 1 lumber, 1 brick)"


def test_every_prompt_kind_but_the_main_action_has_a_default() -> None:
    seen: set[str] = set()
    for seed in range(3):
        state = new_game(3, seed)
        for _ in range(400):
            if GAME.is_over(state):
                break
            decision = decision_of(state)
            seen.add(decision.kind)
            assert (decision.default is None) == (decision.kind == "main"), decision.kind
            state, _ = play.apply(GAME, state, decision.player, decision.options[seed % len(decision.options)])
    assert {"main", "banner", "section", "tile", "die", "market_action", "end"} <= seen


def test_event_sentences_name_what_happened() -> None:
    state = new_game(2)
    start_turn(state, 0)
    base = tower_of(state, 0)[0]
    state["sections"][0]["tile"] = "tile-01"
    state, events = act(state, "claim", "banner from inventory", f"section {base}", "tile up red")
    lines = [GAME.event_text(state, e).public for e in events]
    assert lines[:4] == [
        "Ann claims a cathedral section.",
        "Ann takes a banner from their inventory.",
        f"Ann claims {base}.",
        "Ann places the tile (1 lumber) face up for 2 rubles on red.",
    ]
    assert lines[4] == "Ann gains 1 lumber."


def test_the_lobby_and_status_say_the_values_are_partly_provisional() -> None:
    assert GAME.notice() == "Card values partly provisional (146 of 168 rows)."
    assert GAME.notice(new_game(2)) == GAME.notice()


def test_the_text_board_shows_the_market_towers_and_players() -> None:
    text = GAME.view_text(GAME.public_view(new_game(3)))
    assert "space 1 [" in text and "tower A:" in text and "Cy (yellow): 0 PP (space 2), 4 rubles" in text
