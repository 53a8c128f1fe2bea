"""Main action C, the market (teaching script §財物の獲得, §市場アクション; Dized rules 'Move dice
around the market', 'Use influence' and their examples). Spaces are 0-7 here, 1-8 in texts."""

from __future__ import annotations

from rc_helpers import act, give, kind, new_game, place_dice, set_tile, start_turn, texts

from engine.red_cathedral import board, market, workshop
from engine.red_cathedral import model as m

RED, BLUE = 0, 1


def _table(**dice: tuple[int, int]) -> dict:
    """A 2-player table with every die placed: white, red, blue, yellow, green."""
    state = new_game(2, seed=5)
    defaults = {"white": (0, 1), "red": (1, 1), "blue": (2, 1), "yellow": (3, 1), "green": (5, 1)}
    place_dice(state, {**defaults, **dice})
    return state


def _guild_at(state: dict, space: int, guild: str, card: str) -> None:
    quadrant = space // 2
    other = state["quadrants"].index(guild)
    state["quadrants"][other], state["quadrants"][quadrant] = state["quadrants"][quadrant], guild
    state["influence"][guild] = card


def test_s24_the_white_die_moves_its_face_plus_paid_spaces() -> None:
    state = _table(white=(0, 4))
    start_turn(state, RED)
    state, _ = act(state, "market", "die white")
    assert kind(state) == "extra" and texts(state) == ["extra 0", "extra 1", "extra 2", "extra 3"]
    state, events = act(state, "extra 2")
    move = next(e for e in events if e["type"] == "move")
    assert (move["from"], move["to"], move["paid"]) == (0, 6, 2) and "white" in state["spaces"][6]["dice"]
    assert state["seats"][RED]["rubles"] == 1


def test_s25_only_the_white_die_and_ones_own_may_be_paid_further() -> None:
    state = _table()
    assert [e for e, _ in market.moves(state, RED, "blue")] == [0]
    assert [e for e, _ in market.moves(state, RED, "red")] == list(range(4))
    assert [e for e, _ in market.moves(state, BLUE, "red")] == [0]


def test_pitfall_26_dice_nobody_plays_move_but_are_never_paid_further() -> None:
    state = _table(yellow=(3, 2))
    assert [e for e, _ in market.moves(state, RED, "yellow")] == [0]
    start_turn(state, RED)
    state, events = act(state, "market", "die yellow")  # its one move is made by itself
    assert next(e for e in events if e["type"] == "move")["to"] == 5


def test_s26_a_space_with_3_dice_cannot_be_entered() -> None:
    state = _table(white=(0, 3), red=(3, 1), blue=(3, 2), yellow=(3, 3), green=(6, 1))
    assert (0, 3) not in market.moves(state, RED, "white")
    assert [d for e, d in market.moves(state, RED, "white")] == [4, 5, 6]  # 3 rubles
    state["seats"][RED]["rubles"] = 0
    assert market.moves(state, RED, "white") == []
    start_turn(state, RED)
    state, _ = act(state, "market")
    assert "die white" not in texts(state) and "die red" in texts(state)


def test_pitfall_13_passing_through_a_full_space_is_fine() -> None:
    state = _table(white=(0, 5), red=(3, 1), blue=(3, 2), yellow=(3, 3), green=(6, 1))
    assert (0, 5) in market.moves(state, BLUE, "white")


def test_pitfall_25_the_market_is_always_open() -> None:
    state = _table(red=(3, 1), blue=(3, 2), yellow=(3, 3))
    state["seats"][RED]["rubles"] = 0
    for colour in ("red", "blue", "yellow"):  # dice on the full space can always leave it
        assert market.moves(state, RED, colour)
    start_turn(state, RED)
    assert "market" in texts(state)


def test_s27_repetitions_up_to_the_dice_and_no_more_than_can_be_kept() -> None:
    state = _table(white=(0, 4), red=(4, 1), blue=(4, 2))
    set_tile(state, 4, "rt-gold")  # 1 gold
    state["supply"]["gold"] = 5
    give(state, RED, lumber=4)  # 2 of 6 spaces free
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0")
    assert texts(state)[:1] == ["take resources"]
    state, _ = act(state, "take resources")
    assert texts(state) == ["take 1", "take 2"]  # 3 dice, but room for 2
    state, events = act(state, "take 2")
    assert state["seats"][RED]["inventory"]["gold"] == 2
    assert next(e for e in events if e["type"] == "gain")["got"] == {"gold": 2}


def test_s28_a_short_supply_gives_what_is_left() -> None:
    state = _table(white=(0, 4))
    set_tile(state, 4, "rt-stone")  # 2 stone
    state["supply"]["stone"] = 1
    start_turn(state, RED)
    state, events = act(state, "market", "die white", "extra 0", "take resources")
    assert state["seats"][RED]["inventory"]["stone"] == 1 and state["supply"]["stone"] == 0


def test_pitfall_15_what_does_not_fit_is_not_taken() -> None:
    state = _table(white=(0, 4))
    set_tile(state, 4, "rt-lumber")  # 2 lumber
    give(state, RED, brick=5)
    start_turn(state, RED)
    state, events = act(state, "market", "die white", "extra 0", "take resources")
    assert state["seats"][RED]["inventory"]["lumber"] == 1 and board.room(state, RED) == 0


def test_p08_two_lumber_times_two_dice() -> None:
    state = _table(white=(0, 4), red=(4, 3))
    set_tile(state, 4, "rt-lumber")
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "take resources")
    assert texts(state) == ["take 1", "take 2"]  # pitfall 14: the moved die counts
    state, _ = act(state, "take 2")
    assert state["seats"][RED]["inventory"]["lumber"] == 4


def test_rubles_and_recognition_are_not_limited_by_the_inventory() -> None:
    state = _table(white=(0, 4), red=(4, 3))
    set_tile(state, 4, "rt-rubles")
    give(state, RED, brick=6)
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "take resources", "take 2")
    assert state["seats"][RED]["rubles"] == 3 + 6


def test_s29_and_p09_influence_once_or_repeated_one_action_a_market_turn() -> None:
    state = _table(white=(0, 4))
    _guild_at(state, 4, "merchants", "merchants-1")  # 1) once: 1 gold -> 3 rubles; 2) repeat: 2 brick -> 1 green
    give(state, RED, brick=6, gold=1)
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "use influence")
    assert texts(state) == ["influence 1", "influence 2"]
    state, _ = act(state, "influence 2")
    assert kind(state) == "times" and texts(state) == ["times 1", "times 2", "times 3"]
    state, events = act(state, "times 3")
    me = state["seats"][RED]["inventory"]
    assert (me["brick"], me["green"], me["gold"]) == (0, 3, 1)
    used = next(e for e in events if e["type"] == "influence")
    assert used["paid"] == {"brick": 6} and used["got"] == {"green": 3} and used["times"] == 3
    assert kind(state) == "market_action" and "use influence" not in texts(state)


def test_a_once_action_is_applied_once() -> None:
    state = _table(white=(0, 4))
    _guild_at(state, 4, "merchants", "merchants-1")
    give(state, RED, gold=2)
    start_turn(state, RED)
    state, events = act(state, "market", "die white", "extra 0", "use influence")  # only action 1 is payable
    assert state["seats"][RED]["inventory"]["gold"] == 1 and state["seats"][RED]["rubles"] == 3 + 3


def test_an_unpayable_influence_card_is_not_offered() -> None:
    state = _table(white=(0, 4))
    _guild_at(state, 4, "clergy", "clergy-1")  # needs a purple or a green jewel
    set_tile(state, 4, "rt-brick")
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0")
    assert "use influence" not in texts(state) and "take resources" in texts(state)


def test_pitfall_16_the_influence_card_is_the_destinations_quadrants() -> None:
    state = _table(white=(0, 4))
    for space in range(8):
        assert state["influence"][state["quadrants"][space // 2]] == market_card(state, space)


def market_card(state: dict, space: int) -> str:
    from engine.red_cathedral import market_actions

    return market_actions.card_of(state, space)


def _tile_up(state: dict, seat: int, slot: str, tile: str) -> None:
    state["seats"][seat]["slots"][slot] = {"tile": tile, "up": True}


def test_s30_a_workshop_activation_gives_once_whatever_the_dice() -> None:
    state = _table(white=(7, 1), red=(0, 4), blue=(4, 1), yellow=(4, 2))
    _tile_up(state, RED, "red", "tile-03")  # 1 brick
    start_turn(state, RED)
    state, _ = act(state, "market", "die red", "extra 0", "activate workshop")
    assert state["seats"][RED]["inventory"]["brick"] == 1


def test_s31_two_white_tiles_but_only_one_fires() -> None:
    state = _table(white=(0, 4))
    _tile_up(state, RED, "white-1", "tile-03")  # 1 brick
    _tile_up(state, RED, "white-2", "tile-05")  # 1 stone
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "activate workshop")
    assert kind(state) == "workshop" and texts(state) == ["activate white-1", "activate white-2"]
    state, _ = act(state, "activate white-2")
    assert state["seats"][RED]["inventory"]["stone"] == 1 and state["seats"][RED]["inventory"]["brick"] == 0
    assert "activate workshop" not in texts(state)


def test_a_die_tile_gives_the_yield_of_that_dies_space_once() -> None:
    state = _table(white=(0, 4), blue=(6, 1))
    set_tile(state, 6, "rt-lumber")
    _tile_up(state, RED, "white-1", "tile-24")  # the blue die's space
    assert workshop.yield_of(state, "tile-24") == ("lumber", 2)
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "activate workshop")
    assert state["seats"][RED]["inventory"]["lumber"] == 2


def test_only_the_movers_board_triggers_and_face_down_never() -> None:
    state = _table(white=(0, 4))
    _tile_up(state, BLUE, "white-1", "tile-03")
    state["seats"][RED]["slots"]["white-1"] = {"tile": "tile-05", "up": False}
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0")
    assert "activate workshop" not in texts(state)


def test_market_actions_in_any_order_then_done_then_the_space_is_rerolled() -> None:
    state = _table(white=(0, 4))
    set_tile(state, 4, "rt-brick")
    _guild_at(state, 4, "craftsmen", "craftsmen-1")  # once: +2 brick
    _tile_up(state, RED, "white-1", "tile-05")
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0")
    assert texts(state) == ["take resources", "use influence", "activate workshop", "done"]
    state, _ = act(state, "activate workshop", "use influence")  # craftsmen-1's once action alone is payable
    assert texts(state) == ["take resources", "done"]
    state, events = act(state, "take resources")
    inv = state["seats"][RED]["inventory"]
    assert (inv["stone"], inv["brick"]) == (1, 4)
    roll = next(e for e in events if e["type"] == "roll")  # the destination is re-rolled
    assert roll["space"] == 4 and list(roll["faces"]) == state["spaces"][4]["dice"] == ["white"]


def test_done_ends_the_market_actions_at_once() -> None:
    state = _table(white=(0, 4))
    start_turn(state, RED)
    state, _ = act(state, "market", "die white", "extra 0", "done")
    assert state["turn"]["player"] == BLUE


def test_every_die_colour_is_on_the_market() -> None:
    state = _table()
    assert sorted(c for s in state["spaces"] for c in s["dice"]) == sorted(m.DICE)
