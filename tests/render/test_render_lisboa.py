"""Lisboa board images: they open, stay small, show what the public view shows and nothing hidden.

States come from the engine's internal driver (Lisboa is not a registered game yet); stores,
public buildings and a follow window are set directly, as the engine does not build them yet.
"""

from __future__ import annotations

import copy
import io
import random
from typing import Any

import pytest
from PIL import Image, ImageChops

from engine.lisboa import views
from render import render_board, render_player_board, renderer
from tests.engine.lisboa import lisboa_driver as driver

State = dict[str, Any]
MAX_BYTES = 1 << 20
NAMES = ["Ana", "Ben", "Cy", "Di"]
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def _open(png: bytes) -> Image.Image:
    assert png.startswith(PNG_MAGIC)
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def _game(players: int, steps: int, seed: int = 3) -> State:
    """Setup (every seat keeps its first clergy tile) then up to ``steps`` random legal actions."""
    state = driver.new_game(NAMES[:players], {}, seed=seed)
    for seat in range(players):
        driver.apply(state, seat, driver.legal_actions(state, seat)[0])
    chooser = random.Random(seed)
    for _ in range(steps):
        seats = driver.waiting(state)
        if not seats:
            break
        seat = chooser.choice(seats)
        legal = driver.legal_actions(state, seat)
        if not legal:
            break
        driver.apply(state, seat, chooser.choice(legal))
    return state


def _dress(state: State) -> State:
    """Stores, public buildings, a cleared site, sailing ship, court visit and an open follow window."""
    n = len(state["players"])
    city = state["city"]
    city["lots"]["A2"] = {"owner": 0, "type": "gold", "street": "S2"}
    city["lots"]["B1"] = {"owner": 1, "type": "gold", "street": "S1"}
    city["lots"]["C4"] = {"owner": n - 1, "type": "books", "street": "S3"}
    city["lots"]["D5"] = {"owner": 1, "type": "tools", "street": "S4"}
    empty = {d: 0 for d in ("earthquake", "fire", "tsunami")}
    city["sites"]["L-B"] = {"rubble": dict(empty), "building": {"id": "PB05", "face": "blue"}}
    city["sites"]["T3"] = {"rubble": dict(empty), "building": {"id": "PB12", "face": "green"}}
    city["sites"]["R-A"]["rubble"] = dict(empty)
    city["tile_display"]["D-cloth"] = False
    board = state["boards"][0]
    board["portfolio"]["top"] = ["ship-blue-1"] + board["portfolio"]["top"][:1]
    board["holds"] = {"ship-blue-1": {"goods": ["gold"], "sailing": True}}
    state["court"] = {"card": "red-07", "player": 0, "noble": "marquis"}
    answers = {"1": {"verb": "decline"}} if n > 2 else {}
    state["frames"] = [
        {
            "kind": "follow",
            "mode": "chain",
            "seats": list(range(1, n)),
            "answers": answers,
            "resume": "follow_done",
            "data": {"noble": "marquis", "visitor": 0},
        }
    ]
    state["decision"], state["active"] = None, 0
    return state


@pytest.fixture(scope="module")
def games() -> dict[tuple[int, int], State]:
    return {(n, steps): _game(n, steps) for n in (2, 3, 4) for steps in (0, 40)}


def _view(games: dict[tuple[int, int], State], players: int, steps: int = 40, dressed: bool = True) -> State:
    state = copy.deepcopy(games[(players, steps)])
    return views.public_view(_dress(state) if dressed else state)


def _private(state: State, seat: int) -> State:
    """A player's own view: the public view with that seat's hand as card ids."""
    view = views.public_view(state)
    view["seat"] = seat
    view["boards"][seat]["hand"] = sorted(state["boards"][seat]["hand"])
    return view


def test_lisboa_is_registered():
    assert hasattr(renderer("lisboa"), "board") and hasattr(renderer("lisboa"), "player_board")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("dressed", [False, True])
def test_board_images_open_and_are_bounded(games, players, dressed):
    png = render_board(_view(games, players, dressed=dressed))
    assert len(png) <= MAX_BYTES
    im = _open(png)
    assert im.format == "PNG"
    assert im.width == 1600 and 1000 <= im.height <= 2400  # the key of card and tile effects below the table


@pytest.mark.parametrize("players", [2, 3, 4])
def test_after_a_short_random_game(players):
    state = _game(players, 80, seed=11)
    view = views.public_view(state)
    _open(render_board(view))
    for seat in range(players):
        im = _open(render_player_board(view, seat))
        assert 900 <= im.width <= 1300 and 400 <= im.height <= 1000
        _open(render_player_board(_private(state, seat), seat))


def test_two_player_map_covers_row_e(games):
    view = _view(games, 2)
    assert view["city"]["covered_rows"] == ["E"] and "E1" not in view["city"]["lots"]
    _open(render_board(view))
    view4 = _view(games, 4)
    assert view4["city"]["covered_rows"] == []


def test_rendering_is_deterministic(games):
    view = _view(games, 3)
    assert render_board(view) == render_board(copy.deepcopy(view))


def _set(view: State, path: str, value: Any) -> None:
    *keys, last = path.split(".")
    node: Any = view
    for key in keys:
        node = node[int(key)] if isinstance(node, list) else node[key]
    if isinstance(node, list):
        node[int(last)] = value
    else:
        node[last] = value


@pytest.mark.parametrize(
    ("path", "value"),
    [
        ("boards.2.reis", 99),
        ("boards.1.influence", 10),
        ("boards.3.wigs", 30),
        ("boards.0.hand", 9),
        ("boards.1.goods.cloth", 3),
        ("boards.2.rubble.fire", 2),
        ("boards.2.sets", 1),
        ("boards.3.officials", 2),
        ("boards.1.houses.middle", 1),
        ("boards.2.completed_plans", ["B1"]),
        ("boards.3.decrees", ["D01", "D02"]),
        ("boards.0.holds.ship-blue-1.sailing", False),
        ("city.lots.E3", {"owner": 3, "type": "cloth", "street": "S2"}),
        ("city.sites.R-C.building", {"id": "PB01", "face": "green"}),
        ("city.row_rubble.B.fire", 0),
        ("city.column_rubble.2.tsunami", 0),
        ("city.tile_display.D-gold", False),
        ("treasury", 6),
        ("prices.gold", 2),
        ("favors.king", 0),
        ("offices.maia", {"2": 2}),
        ("plaza", {"3": 1}),
        ("church.cardinal", "P07"),
        ("church.lying", True),
        ("church.spaces.C3", None),
        ("decrees.display", ["D01"]),
        ("shipyard", []),
        ("plans.blue", []),
        ("buildings.green.buildable", None),
        ("active", 2),
        ("frames.0.answers", {"1": {"verb": "follow", "action": {}}}),
        ("court", None),
        ("era", 2),
        ("round", 7),
        ("turn", 30),
        ("political.display.marquis.count", 1),
        ("players.1", "Bernadette"),
    ],
)
def test_public_changes_change_the_image(games, path, value):
    view = _view(games, 4)
    before = render_board(view)
    _set(view, path, value)
    assert render_board(view) != before, path


def test_the_follow_window_is_highlighted(games):
    view = _view(games, 4)
    following = render_board(view)
    view["frames"] = []
    assert render_board(view) != following
    view["frames"] = [
        {
            "kind": "church",
            "mode": "parallel",
            "seats": [0, 2],
            "answers": {"2": {"verb": "church"}},
            "resume": "church_resume",
            "data": {},
        }
    ]
    _open(render_board(view))


def test_game_over_and_era_end(games):
    view = _view(games, 3)
    view["era_end"] = {"by": 1}
    _open(render_board(view))
    view["over"], view["frames"], view["decision"] = True, [], None
    view["result"] = {
        "scores": [{"total": 41}, {"total": 52}, {"total": 38}],
        "ranking": [[1], [0], [2]],
        "winners": [1],
    }
    over = render_board(view)
    view["result"]["winners"] = [0]
    assert render_board(view) != over


def test_provisional_line_only_when_the_pack_is_provisional(games):
    view = _view(games, 4)
    assert view["pack"]["provisional"] > 0
    with_line = render_board(view)
    view["pack"] = dict(view["pack"], provisional=0)
    assert render_board(view) != with_line


def test_setup_phase_and_odd_values_do_not_break(games):
    state = driver.new_game(NAMES[:3], {}, seed=5)  # clergy keep still open
    view = views.public_view(state)
    _open(render_board(view))
    view = _view(games, 4)
    view["players"] = ["A very long player name indeed, far too long for a panel " * 2] * 4
    view["boards"][0]["reis"] = 1234
    view["boards"][1]["portfolio"] = {"top": ["red-01", "red-02", "red-03", "red-04"], "bottom": ["red-16"] * 4}
    view["boards"][2]["clergy"] = ["T01", "T02", "T03", "T04"]
    view["boards"][3]["favors"] = ["maia", "marquis", "king", "king"]
    view["offices"]["king"] = {"0": 4, "1": 4}
    view["city"]["sites"]["L-A"]["rubble"] = {"earthquake": 5, "fire": 5, "tsunami": 5}
    view["decrees"]["display"] = ["D999"] + view["decrees"]["display"]
    _open(render_board(view))
    for seat in range(4):
        _open(render_player_board(view, seat))


# --- hidden information ---------------------------------------------------------------------------
def _hide_differently(state: State) -> State:
    """The same public position with different hidden data: hand contents, every deck's order,
    the face-down display and building stacks, the church bag, the box, the clergy offers, the rng."""
    other = copy.deepcopy(state)
    pol = other["political"]
    for board in other["boards"]:  # swap each hand for cards from the (hidden) purple deck
        n = len(board["hand"])
        board["hand"], pol["purple"][:n] = pol["purple"][:n], board["hand"]
    for deck in ("purple", "brown"):
        pol[deck].reverse()
    for cards in pol["display"].values():
        cards[1:] = cards[:0:-1]
    other["decrees"]["deck"].reverse()
    other["church"]["bag"].reverse()
    for colour in other["buildings"].values():
        colour["stack"][1:] = colour["stack"][:0:-1]
    for items in other["box"].values():
        if isinstance(items, list):
            items.reverse()
    other["setup"]["clergy_offers"] = [list(reversed(o)) for o in other["setup"]["clergy_offers"]]
    other["rng"] = (state["rng"] + 12345) % (1 << 64)
    other["seed"] = state["seed"] + 1
    return other


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("steps", [0, 40])
def test_public_image_ignores_hidden_state(games, players, steps, lang):
    state = _dress(copy.deepcopy(games[(players, steps)]))
    other = _hide_differently(state)
    assert [b["hand"] for b in other["boards"]] != [b["hand"] for b in state["boards"]]
    assert other["political"]["purple"] != state["political"]["purple"]
    assert other["decrees"]["deck"] != state["decrees"]["deck"]
    assert other["church"]["bag"] != state["church"]["bag"]
    assert other["rng"] != state["rng"]
    assert render_board(views.public_view(state), lang) == render_board(views.public_view(other), lang)
    for seat in range(players):
        assert render_player_board(views.public_view(state), seat, lang) == render_player_board(
            views.public_view(other), seat, lang
        )


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_private_extras_do_not_reach_the_table_image(games, lang):
    state = _dress(copy.deepcopy(games[(4, 40)]))
    public = render_board(views.public_view(state), lang)
    for seat in range(4):
        assert render_board(_private(state, seat), lang) == public


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_hand_ids_only_on_the_owners_board(games, lang):
    state = _dress(copy.deepcopy(games[(3, 40)]))
    assert state["boards"][0]["hand"], "the test needs a hand to hide"
    mine = _private(state, 0)
    public = views.public_view(state)
    own = render_player_board(mine, 0, lang)
    assert own != render_player_board(public, 0, lang)  # the ids appear only with the hand as a list
    other = _private(_hide_differently(state), 0)
    assert render_player_board(other, 0, lang) != own  # and they are the hand's own ids
    for seat in (1, 2):  # someone else's board from my view: their hand is a count, as in public
        assert render_player_board(mine, seat, lang) == render_player_board(public, seat, lang)
    stranger = copy.deepcopy(mine)
    stranger["seat"] = 1  # a list hand in a view that belongs to another seat is not shown
    assert render_player_board(stranger, 0, lang) == render_player_board(public, 0, lang)


def test_fixed_palette_keeps_colours(games):
    """The PNG maps onto a fixed 256-colour palette; no pixel may move far from the drawing."""
    from render import lisboa

    for players in (2, 3, 4):
        view = _view(games, players)
        for drawn, png in (
            (lisboa.board(view), render_board(view)),
            (lisboa.player_board(view, 0), render_player_board(view, 0)),
        ):
            stored = _open(png).convert("RGB")
            assert stored.size == drawn.size
            histogram = ImageChops.difference(drawn, stored).convert("L").histogram()
            assert sum(histogram[33:]) == 0, "a colour is missing from render.lisboa.parts.PALETTE"


def test_every_decision_is_named_for_people_paying_the_rest_of_an_influence_cost_too(monkeypatch):
    from engine.lisboa import flow
    from render import common
    from render.lisboa.view import DECISION_NAMES, decision_name

    assert set(flow.KINDS) <= set(DECISION_NAMES)  # no decision shows its raw key
    assert all(name.isascii() for name in DECISION_NAMES.values())  # the bundled font has no accents
    assert decision_name("influence_rest") == "pay reis or wigs"
    view = views.public_view(_game(3, 20))
    view["frames"], view["decision"] = [], {"player": 1, "kind": "influence_rest"}
    drawn: list[str] = []
    text = common.Canvas.text

    def record(canvas, x, y, s, *args, **kwargs):
        drawn.append(s)
        return text(canvas, x, y, s, *args, **kwargs)

    monkeypatch.setattr(common.Canvas, "text", record)  # every word drawn, status strip and panels
    render_board(view)
    shown = " ".join(drawn)
    assert "pay reis or wigs" in shown and "influence rest" not in shown and "influence_rest" not in shown
