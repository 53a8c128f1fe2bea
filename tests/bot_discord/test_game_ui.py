"""The service's words of a table (suggestions, option parsing, pings, prompts) and the Discord layer's
layout of a turn message under Discord's limits (its text and the control plan)."""

from __future__ import annotations

import doctest
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.discord.views.layout as layout
import bot.service.results
import bot.service.turn_text as turn_text
import bot.service.typed as typed
import bot.settings
from engine.core import GameSpec, OptionSpec
from engine.core.shapes import ChooseOne, ChooseSeveral, Distribute, Item, Option, Shape


def test_doctests() -> None:
    for module in (typed, turn_text, bot.settings, layout, bot.service.results):
        assert doctest.testmod(module).failed == 0


def test_suggest_ranks_filters_and_caps() -> None:
    texts = [f"build b{i:02d}" for i in range(30)] + ["pass", "bonus corn"]
    assert len(typed.suggest(texts, "")) == len(texts)  # every match, ranked: the front end shows its share
    assert typed.suggest(texts, "bu b0")[:3] == ["build b00", "build b01", "build b02"]
    assert typed.suggest(["pass", "take corn", "take quarry"], "", last="pass") == ["take corn", "take quarry", "pass"]
    assert typed.suggest(["take corn", "ship corn 4", "pass"], "corn") == ["take corn", "ship corn 4"]
    assert typed.suggest(["take corn"], "coffee") == []


def test_long_texts_travel_as_version_and_index() -> None:
    long = "layout " + " ".join(f"place-{i} 1" for i in range(20))
    assert len(long) > layout.MAX_CHOICE
    assert layout.choice_value("pass", 7, 3) == "pass"
    value = layout.choice_value(long, 7, 1)
    assert value == "#7.1"
    table: Any = StubTable(version=7, legal=["pass", long])
    assert typed.resolve_value(value, table, 0) == (long, 7)
    assert typed.resolve_value("#6.1", table, 0) == ("#6.1", 6)  # another version: the service says outdated
    assert typed.resolve_value("ro se", table, 0) == ("ro se", None)


def test_options_parse_and_suggest() -> None:
    assert typed.parse_options(None) == {} and typed.parse_options(" ") == {}
    assert typed.parse_options("A=1 b = two,c=3") == {"a": "1", "b": "two", "c": "3"}
    with pytest.raises(ValueError, match="key=value"):
        typed.parse_options("fast")
    spec = GameSpec(
        "g",
        "G",
        2,
        4,
        1,
        (
            OptionSpec("variant", "Variant", "base", {"base": "Base", "big": "Big"}),
            OptionSpec("fast", "Fast", False, {False: "no", True: "yes"}),
        ),
    )
    every = ["variant=base", "variant=big", "fast=false", "fast=true"]
    assert [v for _, v in typed.option_suggestions(spec, "")] == every
    assert [v for _, v in typed.option_suggestions(spec, "variant=big f")] == [
        "variant=big fast=false",
        "variant=big fast=true",
    ]
    assert typed.option_suggestions(GameSpec("h", "H", 2, 4, 1), "") == []


def test_to_ping_skips_idle_players_already_asked() -> None:
    assert turn_text.to_ping(["b"], [], None) == ["b"]
    assert turn_text.to_ping(["b", "c"], ["a", "b", "c"], "a") == []
    assert turn_text.to_ping(["a", "d"], ["a"], "a") == ["a", "d"]


@dataclass
class StubDecision:
    kind: str
    player: int
    prompt: str = "Decide."
    mode: str = "single"
    shape: Shape | None = None


TITLES = {"keep": "Choose goods to keep"}  # as a game's shapes title these kinds
LAYOUT = Distribute(
    options=(Option("layout corn 1", "Place: 1 on corn"), Option("place corn", "Put one on corn")),
    title="Place colonists",
    verb="layout",
    pieces=(Item("colonist", "colonist", 1),),
    slots=(Item("corn", "corn", 1),),
    total=1,
    proposal={"colonist": {"corn": 1}},
)


@dataclass
class StubTable:
    """Just what :func:`plan_controls` and :func:`turn_text` read from a :class:`Table`."""

    version: int = 3
    legal: list[str] = field(default_factory=list)
    kind: str = "build"
    seats: tuple[int, ...] = (0,)
    row: int = 1
    active: bool = True
    rematch: bool = False
    finished: bool = False
    users: tuple[str, ...] = ("11", "22", "33")
    names: tuple[str, ...] = ("Ann", "Bob", "Cy")
    stand_ins: tuple[str | None, ...] = (None, None, None)
    record: Any = None
    due: dict[int, str] = field(default_factory=dict)
    given: Shape | None = None  # the decision's shape, if not a ChooseOne of ``legal``

    def texts(self, seat: int | None) -> list[str]:
        return self.legal if seat in self.seats else []

    def decisions(self, seat: int | None = None) -> list[StubDecision]:
        return [StubDecision(self.kind, s, shape=self.shape(s)) for s in self.seats if seat is None or s == seat]

    def shape(self, seat: int | None) -> Shape | None:
        """What a game would give: a ChooseOne of the texts (``pass`` its pass option), or the Mayor's layout."""
        if seat not in self.seats:
            return None
        if self.given is not None:
            return self.given
        if self.kind == "mayor_layout":
            return LAYOUT
        return ChooseOne(
            options=tuple(Option(t, t) for t in self.legal),
            title=TITLES.get(self.kind, ""),
            pass_text="pass" if "pass" in self.legal else None,
        )

    def labels(self, seat: int | None) -> list[str]:
        shape = self.shape(seat)
        return [shape.label(t) for t in self.texts(seat)] if shape is not None else []

    def pass_text(self, seat: int | None) -> str | None:
        shape = self.shape(seat)
        return shape.pass_text if shape is not None else None

    def editor(self, seat: int | None) -> bool:
        return isinstance(self.shape(seat), Distribute)

    data_notice: str | None = None

    answered: tuple[int, ...] = ()

    def waiting_seats(self) -> list[int]:
        return list(self.seats)

    def answered_seats(self) -> list[int]:
        return list(self.answered)

    def secret(self, seat: int) -> bool:
        return bool(self.given is not None and self.given.secret)

    def notice(self) -> str | None:
        return self.data_notice


def test_few_options_become_buttons_with_my_board_last() -> None:
    table: Any = StubTable(legal=["role settler", "role mayor", "pass"])
    plan = layout.plan_controls(table)
    assert [(c.kind, c.label, c.index) for c in plan[:3]] == [
        ("choice", "role settler", 0),
        ("choice", "role mayor", 1),
        ("choice", "pass", 2),
    ]
    assert (
        plan[2].style == "secondary"
        and [c.kind for c in plan[-2:]] == ["board", "full"]
        and plan[-1].row == plan[-2].row == 4
    )
    assert layout.plan_controls(StubTable(active=False)) == []  # type: ignore[arg-type]
    over: Any = StubTable(active=False, rematch=True, finished=True)
    assert [(c.kind, c.label) for c in layout.plan_controls(over)] == [("rematch", "Rematch"), ("full", "Full board")]
    assert layout.plan_controls(over, 0) == []  # not on a player's own panel
    imported: Any = StubTable(active=False, finished=True)  # a finished game with no rematch: its full board
    assert [c.kind for c in layout.plan_controls(imported)] == ["full"]


def test_many_options_become_selects_of_25_plus_pass() -> None:
    legal = [f"build b{i:02d}" for i in range(60)] + ["pass"]
    plan = layout.plan_controls(StubTable(legal=legal))  # type: ignore[arg-type]
    selects = [c for c in plan if c.kind == "select"]
    assert [len(s.options) for s in selects] == [25, 25, 10] and len({s.row for s in selects}) == 3
    assert [c.label for c in plan if c.kind == "choice"] == ["pass"]
    assert all(len(label) <= 100 for s in selects for _, label in s.options)
    assert max(c.row for c in plan) <= 4
    eleven = layout.plan_controls(StubTable(legal=[f"build b{i:02d}" for i in range(11)]))  # type: ignore[arg-type]
    assert [c.kind for c in eleven] == ["select", "board", "full"] and len(eleven[0].options) == 11


def test_parallel_decisions_get_one_panel_and_the_mayor_an_editor() -> None:
    plan = layout.plan_controls(StubTable(legal=["keep 1 corn"], kind="keep", seats=(0, 2)))  # type: ignore[arg-type]
    assert [(c.kind, c.label) for c in plan] == [
        ("panel", "Choose goods to keep"),
        ("board", "My board"),
        ("full", "Full board"),
    ]
    mayor = layout.plan_controls(StubTable(legal=["layout corn 1"], kind="mayor_layout"))  # type: ignore[arg-type]
    assert mayor[0].kind == "panel" and mayor[0].label == "Place colonists"


def test_turn_text_mentions_new_players_names_idle_ones_and_fits_2000() -> None:
    record = type("R", (), {"title": "Puerto Rico", "clock": "none"})()
    table: Any = StubTable(kind="mayor_layout", seats=(0, 1), record=record)
    text = layout.turn_text(table, ["Ann placed her colonists."], ping=["22"])
    assert text.splitlines()[0] == "**Puerto Rico** · move 3"
    assert "<@22>" in text and "**Ann**" in text and "<@11>" not in text
    long = layout.turn_text(table, [f"event number {i} " + "x" * 80 for i in range(60)], ping=["11"])
    assert len(long) <= 2000 and "more (see /game log)" in long and long.endswith("Decide.")
    assert "event number 59" in long and "event number 0 " not in long  # the newest lines stay
    assert "… 3 more (see /game log)" in layout.turn_text(table, ["a", "b"], ping=[], hidden=3)
    answered: Any = StubTable(kind="mayor_layout", seats=(1, 2), record=record, answered=(0,))
    assert "✅ Answered: Ann." in layout.turn_text(answered, [], ping=[])


def test_timed_game_header_shows_the_clock_and_each_prompt_its_deadline() -> None:
    record = type("R", (), {"title": "Puerto Rico", "clock": "daily"})()
    table: Any = StubTable(
        kind="mayor_layout",
        seats=(0, 1),
        record=record,
        due={0: "2030-01-02T00:00:00.000+00:00", 1: "2030-01-01T12:00:00.000+00:00"},
    )
    text = layout.turn_text(table, [], ["11"])
    assert text.splitlines()[0] == (
        "**Puerto Rico** · move 3 · ⏱ 1 move/day (bank 3 days, +24 h per move, capped at 3 days)"
    )
    assert text.splitlines()[-1].endswith("(due <t:1893499200:R>)")  # the earliest of the group


def test_a_list_too_long_for_four_selects_continues_with_more_options() -> None:
    legal = [f"church discard t{i:03d}" for i in range(130)] + ["pass"]
    table: Any = StubTable(legal=legal)
    public = layout.plan_controls(table)
    selects = [c for c in public if c.kind == "select"]
    assert [c.page for c in selects] == [0, 1, 2, 3] and selects[0].label == "Choose (1/6)"
    more = [c for c in public if c.kind == "more"]
    assert len(more) == 1 and more[0].page == 4 and more[0].seat == 0 and more[0].row == 4
    assert "5–6 of 6" in more[0].label and [c.kind for c in public if c.row == 4] == ["choice", "more", "board", "full"]
    rest = layout.plan_controls(table, 0, first=more[0].page)  # the seat's private panel from page 5 on
    assert [(c.kind, c.page) for c in rest if c.kind != "choice"] == [("select", 4), ("select", 5)]
    offered = {i for c in public + rest for i, _ in c.options} | {c.index for c in public if c.kind == "choice"}
    assert offered == set(range(131))


def discard(tiles: int, high: int | None = None) -> StubTable:
    """A seat discarding none, one or two of ``tiles`` clergy tiles (pairs only of the first four),
    at most ``high`` of them."""
    keys = [f"T{i:02d}" for i in range(tiles)]
    sets = [(), *((k,) for k in keys)] + [(a, b) for a in keys[:4] for b in keys[:4] if a < b]
    sets = [p for p in sets if len(p) <= (2 if high is None else high)]
    shape = ChooseSeveral(
        options=tuple(
            Option(" ".join(["discard", *p]) if p else "discard none", " ".join(["Discard", *p]) if p else "None", p)
            for p in sets
        ),
        items=tuple(Item(k, f"Tile {k}") for k in keys),
        low=0,
        high=max(len(p) for p in sets),
    )
    return StubTable(legal=list(shape.texts), given=shape)


def test_a_choice_of_several_is_one_multi_select_with_the_empty_answer_as_a_button() -> None:
    table: Any = discard(4)
    plan = layout.plan_controls(table)
    assert [(c.kind, c.row) for c in plan] == [("several", 0), ("choice", 1), ("board", 4), ("full", 4)]
    menu, none = plan[0], plan[1]
    assert menu.options == tuple((i, f"Tile T{i:02d}") for i in range(4)) and (menu.low, menu.high) == (1, 2)
    assert menu.label == "Choose 1–2…" and menu.seat == 0
    assert (none.label, none.index, none.style) == ("None", 0, "secondary")
    assert [c.kind for c in layout.plan_controls(table, 0)] == ["several", "choice"]  # the player's own panel


def test_a_choice_of_several_that_does_not_fit_one_menu_keeps_the_listed_options() -> None:
    many: Any = discard(30, high=2)  # more than 25 items: the listed sets in selects of 25, as before
    plan = layout.plan_controls(many)
    assert "several" not in {c.kind for c in plan} and "select" in {c.kind for c in plan}
    offered = {i for c in plan for i, _ in c.options} | {c.index for c in plan if c.kind == "choice"}
    assert offered == set(range(len(many.legal)))
    single: Any = discard(3, high=1)  # at most one item: a plain choice, one button each
    assert [c.kind for c in layout.plan_controls(single)] == ["choice"] * 4 + ["board", "full"]


def hand(secret: bool) -> StubTable:
    """A seat choosing between two cards, the decision flagged secret or not."""
    texts = ["portfolio red-04", "gold red-04"]
    shape = ChooseOne(options=tuple(Option(t, t) for t in texts), secret=secret)
    return StubTable(legal=texts, given=shape)


def test_a_decision_flagged_secret_goes_to_a_private_panel() -> None:
    table: Any = hand(secret=True)
    assert [(c.kind, c.label) for c in layout.plan_controls(table)] == [
        ("panel", "Your options (private)"),
        ("board", "My board"),
        ("full", "Full board"),
    ]
    assert [c.kind for c in layout.plan_controls(table, 0)] == ["choice", "choice"]  # the player's own panel


def test_secrecy_comes_from_the_flag_alone() -> None:
    """Options naming a card are drawn publicly unless the decision is flagged secret: the flag is
    the only judge (the engine flags every decision whose options name something private)."""
    table: Any = hand(secret=False)
    assert [c.kind for c in layout.plan_controls(table)] == ["choice", "choice", "board", "full"]
    flagged: Any = StubTable(legal=["draw"], given=ChooseOne(options=(Option("draw", "Draw"),), secret=True))
    assert layout.plan_controls(flagged)[0].kind == "panel"  # even options naming nothing hidden


def test_header_and_status_carry_the_data_notice_in_one_line() -> None:
    record = type("R", (), {"title": "Lisboa", "clock": "none", "status": "active"})()
    table: Any = StubTable(record=record, data_notice="Card values partly provisional (3 of 9 rows).")
    text = layout.turn_text(table, ["Ann visits."], ping=[])
    assert text.splitlines()[:2] == ["**Lisboa** · move 3", "⚠️ Card values partly provisional (3 of 9 rows)."]
    assert "\n".join(turn_text.status_lines(table)).splitlines()[1] == "⚠️ Card values partly provisional (3 of 9 rows)."
