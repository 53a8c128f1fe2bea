"""Lorenzo il Magnifico in Japanese (issue 16): whole seeded games played at random, every word the
engine gives people translated with ``render.i18n.tr`` (``tr_id`` for the outcome's labels), and no
English word may be left. Backticked spans (canonical action texts, typed input) and player names
are the only Latin text allowed; a handful of sentences are pinned exactly."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from babel.messages.pofile import read_po

from engine.core import IllegalAction, play
from engine.core.decisions import Decision
from engine.core.i18n import Listing, Msg
from engine.core.outcome import Outcome
from engine.lorenzo import GAME
from render.i18n import catalogue_path, tr, tr_id

NAMES = ["Ann", "Bob", "Cy", "Di"]
ENGLISH = re.compile(r"[A-Za-z]{2,}")
TICKED = re.compile(r"`[^`]*`")
MAX_ACTIONS = 5000
# (players, options, seed, rich): basic and advanced rules, 2 to 4 players, with and without voluntary
# pass. Random players seldom meet a leader's requirement: at a rich table every player holds plenty
# of resources and points once the draft is over, so leaders are played, activated and copied.
TABLES = [
    (2, {"advanced": False}, 11, False),
    (3, {"advanced": True}, 12, False),
    (4, {"advanced": True, "voluntary_pass": True}, 13, False),
    (4, {"advanced": False}, 14, False),
    (3, {"advanced": True}, 20, True),
    (4, {"advanced": True, "voluntary_pass": True}, 18, True),
]
RICH = {"w": 12, "s": 12, "sv": 16, "c": 20, "vp": 40, "mp": 14, "fp": 9}


def english_words(text: str) -> list[str]:
    """The English words left in ``text`` once backticked spans and player names are taken out."""
    text = TICKED.sub("", text)
    for name in NAMES:
        text = text.replace(name, "")
    return ENGLISH.findall(text)


class Reader:
    """Translates everything it is shown into Japanese and keeps what still holds English."""

    def __init__(self) -> None:
        self.english: dict[str, str] = {}  # English source → its Japanese with English left in
        self.seen: list[str] = []
        self.ids: set[tuple[str, str | None, str]] = set()  # (domain, context, msgid) of every message

    def read(self, value: Any) -> str:
        if value is None or value == "":
            return ""
        assert isinstance(value, Msg), f"not a message: {value!r}"
        self._ids(value)
        japanese = tr(value, "ja")
        self.seen.append(japanese)
        if english_words(japanese):
            self.english.setdefault(str(value), japanese)
        return japanese

    def _ids(self, value: Msg) -> None:
        if isinstance(value, Listing):
            for item in value.items:
                if isinstance(item, Msg):
                    self._ids(item)
            return
        self.ids.add((value.domain, value.context, value.msgid))
        for param in value.params.values():
            if isinstance(param, Msg):
                self._ids(param)

    def untranslated(self) -> list[tuple[str, str | None, str]]:
        """The messages shown whose catalogue has no Japanese for them (e.g. an id the extractor missed)."""
        books: dict[str, Any] = {}
        missing = []
        for domain, context, msgid in sorted(self.ids, key=str):
            if domain not in books:
                path = catalogue_path(domain, "ja")
                assert path is not None and path.is_file(), domain
                with path.open("rb") as handle:
                    books[domain] = read_po(handle, locale="ja")
            entry = books[domain].get(msgid, context=context)
            if entry is None or not entry.string or entry.fuzzy:
                missing.append((domain, context, msgid))
        return missing

    def read_id(self, key: str) -> str:
        japanese = tr_id("engine.lorenzo", key, "ja")
        self.seen.append(japanese)
        if english_words(japanese):
            self.english.setdefault(key, japanese)
        return japanese

    def decision(self, decision: Decision) -> None:
        self.read(decision.prompt)
        shape = decision.shape
        assert shape is not None
        self.read(shape.title)
        for option in shape.options:
            self.read(option.label)
        for item in getattr(shape, "items", ()):
            self.read(item.label)

    def events(self, state: dict[str, Any], events: list[dict[str, Any]]) -> None:
        for event in events:
            text = play.event_text(GAME, state, event)
            self.read(text.public)
            self.read(text.private)

    def outcome(self, outcome: Outcome) -> None:
        self.read_id(outcome.tie_break)
        for result in outcome.results:
            for key in (*result.breakdown, *result.tie_break):
                self.read_id(key)


def pick(rng: random.Random, decision: Decision) -> dict[str, Any]:
    """A random option, a leader's more often than the others (leaders are rarely playable)."""
    leaders = [a for a in decision.options if a["do"] in ("copy", "boost") or a.get("act") in ("play", "activate")]
    return rng.choice(leaders if leaders and rng.random() < 0.7 else decision.options)


def play_game(
    reader: Reader, players: int, options: dict[str, Any], seed: int, rich: bool = False
) -> tuple[dict[str, Any], set[str]]:
    """A whole game, a random waiting seat playing a random legal action; returns the final state
    and the event types seen."""
    rng = random.Random(seed)
    state, events = play.new_game(GAME, NAMES[:players], options, seed)
    kinds = {e["type"] for e in events}
    reader.events(state, events)
    for _ in range(MAX_ACTIONS):
        if GAME.is_over(state):
            break
        if rich and state["phase"] == "play":
            rich = False
            for board in state["boards"]:
                board["res"].update(RICH)
        decisions = play.pending(GAME, state)
        for decision in decisions:
            reader.decision(decision)
        chosen = rng.choice(decisions)
        events = play.apply_in_place(GAME, state, chosen.player, pick(rng, chosen))
        kinds |= {e["type"] for e in events}
        reader.events(state, events)
    assert GAME.is_over(state), "the game did not end"
    outcome = GAME.outcome(state)
    assert outcome is not None
    reader.outcome(outcome)
    return state, kinds


@pytest.fixture(scope="module")
def games() -> tuple[Reader, list[dict[str, Any]], set[str]]:
    reader, states, kinds = Reader(), [], set()
    for players, options, seed, rich in TABLES:
        state, seen = play_game(reader, players, options, seed, rich)
        states.append(state)
        kinds |= seen
    return reader, states, kinds


def test_whole_games_leave_no_english_word(games: tuple[Reader, list[dict[str, Any]], set[str]]) -> None:
    reader, _, kinds = games
    # The games went through the parts worth reading: placements, cards, harvests and productions,
    # privileges, the Vatican report with its answers and excommunications, leaders, bonus tiles.
    wanted = {"place", "card", "gain", "privilege", "harvest", "production", "vatican", "vatican_answer"}
    wanted |= {"excommunicated", "late", "support", "round_end", "final", "draft_pick", "tile", "deal", "lapse"}
    wanted |= {"leader_play", "leader_activate", "leader_copy", "leader_discard", "pass", "produce", "decline"}
    assert wanted <= kinds, sorted(wanted - kinds)
    assert len(reader.seen) > 1000
    assert not reader.english, "\n".join(f"{en!r} → {ja!r}" for en, ja in reader.english.items())
    assert not reader.untranslated()


def test_the_spec_and_its_options_are_japanese() -> None:
    reader = Reader()
    assert reader.read(GAME.spec.title) == "ロレンツォ・イル・マニフィコ"
    for option in GAME.spec.options:
        reader.read(option.label)
        reader.read(option.help)
        for label in option.choices.values():
            reader.read(label)
    assert not reader.english, reader.english
    assert not reader.untranslated()
    assert [tr(o.label, "ja") for o in GAME.spec.options] == ["応用ルール", "任意のパス"]


def test_refused_inputs_explain_themselves_in_japanese() -> None:
    reader = Reader()
    state, _ = play.new_game(GAME, NAMES[:3], {"advanced": True}, 5)
    decision = play.pending(GAME, state)[0]
    idle = next(seat for seat in range(3) if seat not in play.waiting_players(GAME, state))
    refusals = []
    for attempt in (
        lambda: play.parse_action(GAME, state, decision.player, "fly to the moon"),
        lambda: play.parse_action(GAME, state, decision.player, ""),
        lambda: play.check(GAME, state, idle, decision.options[0]),
        lambda: GAME.spec.resolve_options({"advanced": "maybe"}, 3),
        lambda: GAME.spec.resolve_options({}, 5),
    ):
        with pytest.raises(IllegalAction) as refused:
            attempt()
        refusals.append(reader.read(refused.value.message))
    assert not reader.english, reader.english
    assert not reader.untranslated()
    assert "ロレンツォ・イル・マニフィコ" in refusals[-1]
    assert "応用" in refusals[-2] and "基本" in refusals[-2]


def test_outcome_labels_are_catalogue_ids(games: tuple[Reader, list[dict[str, Any]], set[str]]) -> None:
    _, states, _ = games
    outcome = GAME.outcome(states[0])
    assert outcome is not None
    first = outcome.results[0]
    assert all(type(key) is str for key in first.breakdown)  # plain strings in stored data
    shown = {key: tr_id("engine.lorenzo", key, "ja") for key in first.breakdown}
    assert shown["vp"] == "勝利点" and shown["territories"] == "領地" and shown["military"] == "軍事点の順位"
    assert tr_id("engine.lorenzo", "turn order", "ja") == "プレイ順"
    assert tr_id("engine.lorenzo", outcome.tie_break, "ja") == "最終的なプレイ順が先のプレイヤーが上位"


def _said(state: dict[str, Any], event: dict[str, Any]) -> tuple[str, str]:
    text = play.event_text(GAME, state, event)
    return tr(text.public, "ja"), tr(text.private, "ja")


def test_pinned_sentences(games: tuple[Reader, list[dict[str, Any]], set[str]]) -> None:
    _, states, _ = games
    state = states[1]  # three players: Ann, Bob, Cy
    place = {"type": "place", "player": 0, "member": "black", "space": "green-3", "value": 6, "servants": 1}
    assert _said(state, place)[0] == "Annが黒のワーカーを緑の塔の3階に置きました(値6、使用人1個を支払い)。"
    market = {"type": "place", "player": 2, "member": "neutral", "space": "market-coins", "value": 1, "servants": 0}
    assert _said(state, market)[0] == "Cyが無色のワーカーを市場(コイン5枚)に置きました(値1)。"
    vatican = {"type": "vatican", "period": 2, "threshold": 4}
    assert _said(state, vatican)[0] == "第2期の教会の評価: 信仰点4以上が必要です。"
    answer = {"type": "vatican_answer", "player": 1, "support": False}
    assert _said(state, answer) == ("Bobが教会の評価に回答しました。", "破門を受け入れることを選びました。")
    forced = {"type": "excommunicated", "player": 1, "tile": "1.3", "chose": False}
    assert _said(state, forced)[0] == "Bobは信仰点が足りず、破門されました(破門タイル1.3)。"
    chosen = {"type": "excommunicated", "player": 2, "tile": "2.1", "chose": True}
    assert _said(state, chosen)[0] == "Cyが自ら破門を受けました(破門タイル2.1)。"
    support = {"type": "support", "player": 0, "faith": 5, "vp": 7}
    assert _said(state, support)[0] == "Annが信仰を示しました: 信仰点5を勝利点7に換えます。"
    card = {"type": "card", "player": 0, "card": 5, "paid": {}, "granted": False}
    assert _said(state, card)[0] == "Annが森を獲得しました(支払い: なし)。"
    pick = {"type": "draft_pick", "player": 2, "leader": "lorenzo"}
    assert _said(state, pick) == ("Cyが指導者カードを1枚選びました。", "ロレンツォ・デ・メディチを手元に残しました。")
    # The same events in English are the engine's own sentences, unchanged.
    assert play.event_text(GAME, state, place).public == (
        "Ann places the black member on the green tower, floor 3 (value 6, paying 1 servants)."
    )
    assert play.event_text(GAME, state, forced).public == "Bob is excommunicated (tile 1.3): not enough faith."
