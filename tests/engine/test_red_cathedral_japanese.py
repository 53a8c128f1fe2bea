"""The Red Cathedral in Japanese (issue 16): whole seeded games translated with ``render.i18n.tr``
leave no English word in what players read, and key sentences read as the catalogue says.

Every event sentence (public and private), every open decision's prompt, shape title, option and
item labels, the errors of a few bad inputs, the spec's title and options, the data notice and the
outcome's labels are translated to Japanese; what is left once backticked spans (canonical action
texts, which players type and which stay English) and player names are taken out must hold no run
of two Latin letters. Section names such as ``A2`` (one letter and a digit) pass.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.core import IllegalAction, play
from engine.core.i18n import Msg
from engine.red_cathedral.flow import STEPS
from engine.red_cathedral.game import GAME
from engine.red_cathedral.texts import event_text
from render.i18n import tr, tr_id

NAMES = ["Ana", "Ben", "Cy", "Di"]
ENGLISH = re.compile(r"[A-Za-z]{2,}")
BACKTICKED = re.compile(r"`[^`]*`")
PACKAGE = "engine.red_cathedral"


def english_left(text: str) -> list[str]:
    """The English words of ``text`` once backticked spans and player names are taken out."""
    plain = BACKTICKED.sub(" ", text)
    for name in NAMES:
        plain = plain.replace(name, " ")
    return ENGLISH.findall(plain)


class Reader:
    """Collects every Japanese text a game shows, and the ones with English left in them."""

    def __init__(self) -> None:
        self.seen = 0
        self.bad: dict[str, str] = {}

    def read(self, value: Any, where: str) -> str:
        ja = tr(value, "ja")
        self.seen += 1
        if english_left(ja):
            self.bad.setdefault(ja, f"{where}: {str(value)!r}")
        return ja

    def events(self, state: dict[str, Any], events: list[dict[str, Any]]) -> None:
        for e in events:
            text = play.event_text(GAME, state, e)
            assert text.public is not None, e  # every event of the game is told
            for part in (text.public, text.private):
                if part:
                    self.read(part, f"event {e['type']}")

    def decisions(self, state: dict[str, Any]) -> None:
        for d in play.pending(GAME, state):
            self.read(d.prompt, f"prompt {d.kind}")
            shape = d.shape
            assert shape is not None
            if getattr(shape, "title", ""):
                self.read(shape.title, f"title {d.kind}")
            for option in shape.options:
                self.read(option.label, f"label {d.kind} {option.text}")
            for item in getattr(shape, "items", ()):
                self.read(item.label, f"item {d.kind} {item.key}")


def bad_inputs(reader: Reader, state: dict[str, Any]) -> None:
    """A wrong player, an unknown text and an illegal action: their errors in Japanese."""
    waiting = play.waiting_players(GAME, state)
    idle = [seat for seat in range(len(state["players"])) if seat not in waiting]
    seat = waiting[0]
    tries: list[tuple[int, Any]] = [(seat, "fly to the moon"), (seat, {"verb": "section", "section": "Z9"})]
    if idle:
        tries.append((idle[0], "market"))
    for who, attempt in tries:
        with pytest.raises(IllegalAction) as caught:
            if isinstance(attempt, str):
                play.parse_action(GAME, state, who, attempt)
            else:
                play.check(GAME, state, who, attempt)
        ja = reader.read(caught.value.message, f"error {caught.value.code}")
        assert ja != str(caught.value.message)


def play_translated(players: int, seed: int, options: dict[str, Any]) -> tuple[Reader, dict[str, Any]]:
    reader = Reader()
    state, events = play.new_game(GAME, NAMES[:players], options, seed)
    reader.events(state, events)
    rnd = random.Random(seed)
    for step in range(6000):
        if GAME.is_over(state):
            break
        reader.decisions(state)
        if step % 97 == 0:
            bad_inputs(reader, state)
        seat = rnd.choice(play.waiting_players(GAME, state))
        events = play.apply_in_place(GAME, state, seat, rnd.choice(play.legal_actions(GAME, state, seat)))
        reader.events(state, events)
    assert GAME.is_over(state)
    return reader, state


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 3, {}), (3, 11, {"workshop": "advanced"}), (4, 5, {}), (4, 8, {"workshop": "advanced"})],
)
def test_a_whole_game_reads_in_japanese(players: int, seed: int, options: dict[str, Any]) -> None:
    reader, state = play_translated(players, seed, options)
    assert reader.seen > 1000
    assert not reader.bad, "\n".join(f"{ja}  ← {where}" for ja, where in list(reader.bad.items())[:30])
    outcome = GAME.outcome(state)
    assert outcome is not None
    labels = [outcome.tie_break]
    for result in outcome.results:
        labels += [*result.breakdown, *result.tie_break]
    for label in labels:
        assert type(label) is str  # an outcome is data: plain ids, translated at the edge
        ja = tr_id(PACKAGE, label, "ja")
        assert ja != label and not english_left(ja), label


def test_every_decision_kind_asks_in_japanese() -> None:
    """Each decision kind's prompt, even those random games rarely reach."""
    assert len(STEPS.kinds) >= 15
    for name, kind in STEPS.kinds.items():
        assert isinstance(kind.prompt, Msg), name
        ja = tr(kind.prompt, "ja")
        assert ja != str(kind.prompt) and not english_left(ja), (name, ja)


def test_the_spec_and_the_notice_read_in_japanese() -> None:
    spec = GAME.spec
    assert tr(spec.title, "ja") == "赤の大聖堂"
    texts = [spec.title] + [t for o in spec.options for t in (o.label, o.help, *o.choices.values())]
    for text in texts:
        ja = tr(text, "ja")
        assert ja != str(text), text
        assert not english_left(ja.replace("S004", "")), text  # the seed's id is a citation
    assert tr(spec.options[0].choices["advanced"], "ja") == "上級面"
    state, _ = play.new_game(GAME, NAMES[:2], {}, 1)
    notice = GAME.notice(state)
    assert notice and "provisional" in notice  # the shipped pack has provisional rows...
    ja = tr(notice, "ja")
    assert "暫定" in ja and not english_left(ja)  # ...and the Japanese notice says so


def sentence(state: dict[str, Any], **event: Any) -> str:
    text = event_text(state, event)
    assert text.public is not None
    return tr(text.public, "ja")


def test_key_sentences_in_japanese() -> None:
    state, _ = play.new_game(GAME, NAMES[:3], {}, 1)
    assert sentence(state, type="turn", player=0, last=True) == "Anaの最後の手番。"
    assert sentence(state, type="deliver", player=1, material="brick", section="A2") == ("Benはレンガ1個をA2に運んだ。")
    assert sentence(state, type="complete", player=2, section="B1", rp=3, rubles=2) == (
        "CyはB1を完成させた：+3評価点、+2ルーブル。"
    )
    assert sentence(state, type="jewels", player=0, section="A1", jewels=["green", "purple"], pp=3) == (
        "Anaは緑の宝石1個、紫の宝石1個を追加した：+3名声点。"
    )
    assert sentence(state, type="penalty", player=1, section="C1", rp=2, lost=1) == (
        "皇帝の罰：Benは未完成のC1により2評価点を失う（減らせるのは1点のみ）。"
    )
    assert sentence(state, type="decorate", player=2, section="A1", ornament="door") == "CyはA1にドアを置いた。"
    assert sentence(state, type="sell", player=0, pp=2, rubles=4) == "Anaは2名声点を売って4ルーブルを得た。"
    assert sentence(state, type="roll", space=2, faces={"red": 3, "white": 6}) == "区画3のサイコロの出目：赤3、白6。"
    assert sentence(state, type="trigger", player=1, pp=3) == (
        "Benが6枚目の大聖堂カードを完成させた：+3名声点。他のプレイヤーは最後の手番を1回ずつ行う。"
    )


def test_english_is_unchanged_by_translation_machinery() -> None:
    """The same sentences in English are the game's own words (a Msg is its English text)."""
    state, _ = play.new_game(GAME, NAMES[:3], {}, 1)
    text = event_text(state, {"type": "jewels", "player": 0, "section": "A1", "jewels": ["green", "purple"], "pp": 3})
    assert text.public == "Ana sets 1 green jewel and 1 purple jewel into it: +3 PP."
    assert tr(text.public, "en") == "Ana sets 1 green jewel and 1 purple jewel into it: +3 PP."
    move = event_text(state, {"type": "move", "player": 1, "die": "white", "from": 0, "to": 2, "paid": 1}).public
    assert move is not None and move.startswith("Ben moves the white die from space 1 to space 3 (")
    assert move.endswith("), paying 1 ruble.")
