"""Decision shapes (engine.core.shapes): each shape accepts exactly its answers, refuses malformed
shapes, keeps its secret flag and pass option through JSON; a Distribute reads and writes its
actions and texts; the Mayor's shape accepts exactly the layouts the rules allow."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import get_game, play
from engine.core import shapes as sh
from engine.core.shapes import Amount, ChooseOne, ChooseSeveral, Confirm, Distribute, Item, Option
from engine.core.text import normalize
from engine.puerto_rico.layouts import valid_layout


def opts(*texts: str) -> tuple[Option, ...]:
    return tuple(Option(t, t.capitalize()) for t in texts)


def read(shape: Distribute, text: str) -> dict[str, Any] | None:
    return sh.parse_distribute(shape, normalize(text).split(" "))


def roundtrip(shape: sh.Shape) -> sh.Shape:
    return sh.from_dict(json.loads(json.dumps(sh.to_dict(shape))))


def test_choose_one_accepts_its_texts_and_names_its_pass_option() -> None:
    shape = ChooseOne(options=opts("build hut", "pass"), pass_text="pass", secret=True, title="Build")
    assert sh.accepts(shape, "build hut") and sh.accepts(shape, "pass")
    assert not sh.accepts(shape, "build palace") and not sh.accepts(shape, 0) and not sh.accepts(shape, None)
    assert shape.label("build hut") == "Build hut" and shape.label("other") == "other"
    assert roundtrip(shape) == shape and roundtrip(shape).secret and roundtrip(shape).pass_text == "pass"
    assert not ChooseOne(options=opts("a", "b")).secret and ChooseOne(options=opts("a")).pass_text is None
    with pytest.raises(ValueError, match="pass option"):
        ChooseOne(options=opts("build hut"), pass_text="pass")
    with pytest.raises(ValueError, match="duplicate"):
        ChooseOne(options=opts("a", "a"))
    with pytest.raises(ValueError, match="label"):
        ChooseOne(options=(Option("a", ""),))


def test_confirm_is_yes_or_its_pass_option() -> None:
    shape = Confirm(options=opts("pass", "take colonist"), pass_text="pass")
    assert shape.yes.text == "take colonist"
    assert sh.option_index(shape, True) == 1 and sh.option_index(shape, False) == 0
    assert not sh.accepts(shape, "take colonist") and not sh.accepts(shape, 1)
    assert roundtrip(shape) == shape
    with pytest.raises(ValueError):
        Confirm(options=opts("a", "b"))  # no pass option: which one is "no"?
    with pytest.raises(ValueError):
        Confirm(options=opts("a", "b", "pass"), pass_text="pass")


def several(low: int, high: int) -> ChooseSeveral:
    items = (Item("T1", "tile 1"), Item("T2", "tile 2"), Item("T3", "tile 3"))
    subsets = [(), ("T1",), ("T2",), ("T1", "T2"), ("T1", "T2", "T3")]
    return ChooseSeveral(
        options=tuple(
            Option("discard " + (" ".join(p) or "none"), f"Discard {len(p)}", p)
            for p in subsets
            if low <= len(p) <= high
        ),
        items=items,
        low=low,
        high=high,
    )


def test_choose_several_keeps_to_its_bounds_and_listed_sets() -> None:
    shape = several(0, 3)
    assert sh.accepts(shape, []) and sh.accepts(shape, ["T2", "T1"]) and sh.accepts(shape, ("T1", "T2", "T3"))
    assert sh.option_index(shape, ["T2", "T1"]) == 3
    assert not sh.accepts(shape, ["T1", "T1"]) and not sh.accepts(shape, ["T9"]) and not sh.accepts(shape, "T1")
    assert not sh.accepts(shape, ["T3"])  # within the bounds, but not a listed choice
    tight = several(1, 2)
    assert not sh.accepts(tight, []) and not sh.accepts(tight, ["T1", "T2", "T3"]) and sh.accepts(tight, ["T1"])
    assert roundtrip(tight) == tight
    with pytest.raises(ValueError):
        ChooseSeveral(
            options=(Option("x", "X", ("T1", "T2")),), items=(Item("T1", "t"), Item("T2", "t")), low=0, high=1
        )  # an option picks more than the maximum
    with pytest.raises(ValueError):
        ChooseSeveral(options=(), items=(Item("T1", "t"),), low=0, high=2)  # more than there are items


def test_amount_is_a_listed_number_within_bounds() -> None:
    shape = Amount(options=tuple(Option(f"cover {n}", f"Cover {n}", amount=n) for n in (1, 2, 3)), low=1, high=3)
    assert sh.accepts(shape, 2) and sh.option_index(shape, 3) == 2
    assert not sh.accepts(shape, 0) and not sh.accepts(shape, 4) and not sh.accepts(shape, True)
    assert not sh.accepts(shape, "2")
    assert roundtrip(shape) == shape
    with pytest.raises(ValueError):
        Amount(options=(Option("cover 5", "Cover 5", amount=5),), low=1, high=3)


def layout_shape(nobles: int = 1) -> Distribute:
    pieces = (Item("colonist", "colonist", 4 - nobles),) + ((Item("nobles", "noble", nobles),) if nobles else ())
    slots = (Item("corn", "corn", 1), Item("small-market", "small market", 1), Item("chapel", "chapel", 2))
    proposal = {"colonist": {"corn": 1, "chapel": 2}, **({"nobles": {"small-market": 1}} if nobles else {})}
    if not nobles:
        proposal["colonist"]["small-market"] = 1
    return Distribute(
        options=(
            Option("layout corn 1 small-market 1 chapel 2 nobles small-market 1", "Proposal"),
            Option("place corn", "Put one on corn"),
        ),
        title="Place colonists",
        verb="layout",
        pieces=pieces,
        slots=slots,
        total=4,
        proposal=proposal,
    )


def test_distribute_keeps_caps_piece_counts_and_the_total() -> None:
    shape = layout_shape()
    assert sh.accepts(shape, shape.proposal)
    assert sh.accepts(shape, {"colonist": {"corn": 1, "small-market": 1, "chapel": 1}, "nobles": {"chapel": 1}})
    assert not sh.accepts(shape, {"colonist": {"corn": 2, "chapel": 2}})  # corn holds one
    assert not sh.accepts(shape, {"colonist": {"corn": 1, "chapel": 2}})  # one too few placed
    assert not sh.accepts(shape, {"nobles": {"corn": 1, "small-market": 1, "chapel": 2}})  # one noble only
    assert not sh.accepts(shape, {"colonist": {"corn": 1, "chapel": 2, "harbor": 1}})  # no such slot
    assert not sh.accepts(shape, {"colonist": {"corn": 1, "chapel": 2, "small-market": 0}, "nobles": {}})
    assert not sh.accepts(shape, {"settlers": {"corn": 1}}) and not sh.accepts(shape, [])
    assert not sh.is_forced(shape) and sh.is_forced(ChooseOne(options=opts("only")))
    assert roundtrip(shape) == shape
    with pytest.raises(ValueError, match="proposal"):
        Distribute(
            options=opts("layout none"),
            verb="layout",
            pieces=(Item("colonist", "colonist", 1),),
            slots=(Item("corn", "corn", 1),),
            total=1,
            proposal={},
        )
    with pytest.raises(ValueError, match="cannot place"):
        Distribute(
            options=opts("layout corn 1"),
            verb="layout",
            pieces=(Item("colonist", "colonist", 1),),
            slots=(Item("corn", "corn", 1),),
            total=2,
            proposal={"colonist": {"corn": 1}},
        )


def test_distribute_actions_and_texts_read_both_ways() -> None:
    shape = layout_shape()
    action = sh.distribute_action(shape, shape.proposal)
    assert action == {
        "verb": "layout",
        "layout": {"corn": 1, "small-market": 1, "chapel": 2},
        "nobles": {"small-market": 1},
    }
    assert sh.distribute_answer(shape, action) == shape.proposal and sh.accepts_action(shape, action)
    assert read(shape, "layout corn 1 small m 1 chap 2 nobles small_market 1") == action  # unique prefixes
    assert read(shape, "layout none") == {"verb": "layout", "layout": {}}
    assert read(shape, "layout c 1") is None  # corn or chapel?
    assert read(shape, "layout corn") is None  # a slot without a count
    assert read(shape, "place corn") is None
    assert not sh.accepts_action(shape, {"verb": "layout", "layout": {"corn": 1}, "nobles": {"corn": 2}})
    assert not sh.accepts_action(shape, {"verb": "layout", "layout": {"corn": True}})
    assert not sh.accepts_action(ChooseOne(options=opts("a")), action)
    plain = layout_shape(nobles=0)
    assert sh.distribute_action(plain, plain.proposal) == {
        "verb": "layout",
        "layout": {"corn": 1, "small-market": 1, "chapel": 2},
    }


def _mayor_decisions(seed: int) -> list[tuple[dict[str, Any], Any]]:
    """(board, decision) of Mayor layouts met in a random Puerto Rico game with both expansions."""
    game = get_game("puerto_rico")
    state, _ = play.new_game(game, ["A", "B", "C"], {"expansions": "both"}, seed)
    rnd, found = random.Random(seed), []
    while not game.is_over(state) and len(found) < 12:
        for d in play.pending(game, state):
            if d.kind == "mayor_layout":
                found.append((state["boards"][d.player], d))
        seat = rnd.choice(play.waiting_players(game, state))
        state, _ = play.apply(game, state, seat, rnd.choice(play.legal_actions(game, state, seat)))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_mayor_shape_accepts_exactly_the_layouts_the_rules_allow(seed: int) -> None:
    rnd = random.Random(seed)
    found = _mayor_decisions(seed)
    assert found
    for board, decision in found:
        shape = decision.shape
        assert isinstance(shape, Distribute) and shape.title == "Place colonists"
        slots = [s.key for s in shape.slots]
        for _ in range(60):
            layout = {t: rnd.randint(1, 3) for t in rnd.sample(slots, rnd.randint(0, len(slots)))}
            nobles = {t: rnd.randint(1, 2) for t in rnd.sample(list(layout), rnd.randint(0, len(layout)))}
            action = {"verb": "layout", "layout": layout, **({"nobles": nobles} if nobles else {})}
            assert sh.accepts_action(shape, action) == valid_layout(board, layout, nobles), action
