"""Lisboa in Japanese (issue 16): whole seeded games translated with ``render.i18n.tr`` leave no
English word in what players read, and key sentences read as the catalogue says.

Every event sentence (public and private), every open decision's prompt, shape title, option and
item labels, the errors of a few bad inputs, the spec's title and options, the data notice and the
outcome's labels are translated to Japanese; what is left once backticked spans (canonical action
texts and ids, which players type and which stay English) and player names are taken out must hold
no run of two Latin letters. Ids such as ``T05``, ``B3`` or ``C2`` (one letter and digits) pass.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from engine.core import IllegalAction, play
from engine.core.i18n import Msg
from engine.lisboa.flow import KINDS
from engine.lisboa.game import GAME
from engine.lisboa.texts import event_text
from render.i18n import tr, tr_id

NAMES = ["Ana", "Ben", "Cy", "Di"]
ENGLISH = re.compile(r"[A-Za-z]{2,}")
BACKTICKED = re.compile(r"`[^`]*`")
PACKAGE = "engine.lisboa"


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
            for part in (text.public, text.private):
                if part:
                    self.read(part, f"event {e['kind']}")

    def decisions(self, state: dict[str, Any]) -> None:
        for d in play.pending(GAME, state):
            self.read(d.prompt, f"prompt {d.kind}")
            shape = d.shape
            assert shape is not None
            if shape.title:
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
    tries: list[tuple[int, Any]] = [(seat, "fly to the moon"), (seat, {"verb": "visit", "card": "no-such-card"})]
    if idle:
        tries.append((idle[0], "done"))
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
    for step in range(4000):
        if GAME.is_over(state):
            break
        reader.decisions(state)
        if step % 97 == 0:
            bad_inputs(reader, state)
        seat = rnd.choice(play.waiting_players(GAME, state))
        state, events = play.apply(GAME, state, seat, rnd.choice(play.legal_actions(GAME, state, seat)))
        reader.events(state, events)
    assert GAME.is_over(state)
    return reader, state


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 3, {}), (3, 11, {"starting_draft": True}), (4, 5, {"gold_only_when_stuck": True})],
)
def test_a_whole_game_reads_in_japanese(players: int, seed: int, options: dict[str, Any]) -> None:
    reader, state = play_translated(players, seed, options)
    assert reader.seen > 1000
    assert not reader.bad, "\n".join(f"{ja}  ← {where}" for ja, where in list(reader.bad.items())[:30])
    outcome = GAME.outcome(state)
    assert outcome is not None
    for result in outcome.results:
        for label in (*result.breakdown, *result.tie_break):
            ja = tr_id(PACKAGE, label, "ja")
            assert ja != label and not english_left(ja), label


def test_every_decision_kind_asks_in_japanese() -> None:
    """Each decision kind's prompt (its name for people), even those random games rarely reach."""
    assert len(KINDS) > 30
    for name, kind in KINDS.items():
        assert isinstance(kind.prompt, Msg), name
        ja = tr(kind.prompt, "ja")
        assert ja != str(kind.prompt) and not english_left(ja), (name, ja)


def test_the_spec_and_the_notice_read_in_japanese() -> None:
    spec = GAME.spec
    assert tr(spec.title, "ja") == "リスボア"
    texts = [spec.title] + [t for o in spec.options for t in (o.label, o.help, *o.choices.values())]
    for text in texts:
        ja = tr(text, "ja")
        assert ja != str(text) and not english_left(ja), text
    assert tr(spec.options[0].choices[True], "ja") == "はい"
    state, _ = play.new_game(GAME, NAMES[:2], {}, 1)
    notice = GAME.notice(state)
    assert notice and "provisional" in notice  # the shipped pack has provisional rows...
    assert "暫定" in tr(notice, "ja")  # ...and the Japanese notice says so


def sentence(state: dict[str, Any], **event: Any) -> str:
    text = event_text(state, event)
    assert text.public is not None
    return tr(text.public, "ja")


def test_key_sentences_in_japanese() -> None:
    state, _ = play.new_game(GAME, NAMES[:3], {}, 1)
    assert sentence(state, kind="visit", player=0, noble="maia", card="red-03", reis=2) == (
        "Anaは赤-03（長官）で長官を訪問した（+2レアル）。"
    )
    assert sentence(state, kind="follow", player=1, noble="marquis", action="build_ship") == (
        "Benは総理への訪問に追従した：造船。"
    )
    assert sentence(state, kind="follow_declined", player=2, noble="maia") == "Cyは長官への訪問に追従しなかった。"
    assert sentence(state, kind="store_built", player=2, type="cloth", lot="B4", cost=9, wigs=3, related=1) == (
        "Cyは9レアルで土地B4に織物の店を建てた：+3かつら（関連する施設タイル1枚）。"
    )
    assert sentence(state, kind="ship", player=0, ship="ship-red-1", old="ship-blue-2", pay=["cloth"]) == (
        "Anaは赤の船1を造船した（青の船2を更新）（支払い：織物）。"
    )
    assert sentence(state, kind="sell", player=1, good="gold", ship="ship-blue-1", reis=6, owner=0) == (
        "Benは金塊を青の船1に売り、6レアルを得た。"
    )
    assert sentence(state, kind="pay_influence", player=1, influence=2, reis=0, wigs=1, why="follow king") == (
        "Benは影響点2＋1かつらを支払った（国王への追従）。"
    )
    assert sentence(state, kind="building_opened", player=0, building="PB03", face="green", site="L-B", plan="G2") == (
        "Anaは計画チップG2を使い、予定地L-Bに施設タイル`PB03`（緑面）を建設した。"
    )
    assert sentence(state, kind="treasury", **{"from": 2, "to": 3, "why": "ship built"}) == (
        "資金トラックのマーカーがマス3から4に移動した（造船）。"
    )
    private = event_text(state, {"kind": "keep_clergy", "player": 0, "tile": "T05"}).private
    assert tr(private, "ja") == "教会チップT05を残しました。"


def test_english_is_unchanged_by_translation_machinery() -> None:
    """The same sentences in English are the game's own words (a Msg is its English text)."""
    state, _ = play.new_game(GAME, NAMES[:3], {}, 1)
    text = event_text(state, {"kind": "follow", "player": 1, "noble": "marquis", "action": "build_ship"})
    assert text.public == "Ben follows the Marquis visit: build ship."
    assert tr(text.public, "en") == "Ben follows the Marquis visit: build ship."
