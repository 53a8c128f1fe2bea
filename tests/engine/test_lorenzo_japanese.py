"""Lorenzo il Magnifico in Japanese (issue 16): whole seeded games played at random, every word the
engine gives people translated with ``render.i18n.tr`` (``tr_id`` for the outcome's labels), and no
English word may be left. Backticked spans (canonical action texts, typed input) and player names
are the only Latin text allowed; a handful of sentences are pinned exactly. The machinery is
:mod:`japanese_games`, shared with the other games' Japanese tests."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from japanese_games import Reader, play_translated

from engine.core import IllegalAction, play
from engine.core.decisions import Decision
from engine.lorenzo import GAME
from render.i18n import tr, tr_id

NAMES = ["Ann", "Bob", "Cy", "Di"]
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


def new_reader() -> Reader:
    return Reader(GAME, NAMES, "engine.lorenzo", event_key="type")


def pick(game: Any, state: dict[str, Any], decisions: list[Decision], rng: random.Random) -> tuple[int, Any]:
    """A random decision and a random option, a leader's more often than the others (leaders are
    rarely playable)."""
    decision = rng.choice(decisions)
    leaders = [a for a in decision.options if a["do"] in ("copy", "boost") or a.get("act") in ("play", "activate")]
    return decision.player, rng.choice(leaders if leaders and rng.random() < 0.7 else decision.options)


def enrich_once() -> Callable[[dict[str, Any]], None]:
    """Gives every player :data:`RICH` resources and points once, when the draft is over."""
    given = False

    def enrich(state: dict[str, Any]) -> None:
        nonlocal given
        if not given and state["phase"] == "play":
            given = True
            for board in state["boards"]:
                board["res"].update(RICH)

    return enrich


@pytest.fixture(scope="module")
def games() -> tuple[Reader, list[dict[str, Any]]]:
    """The tables' games, all read by one reader."""
    reader, states = new_reader(), []
    for players, options, seed, rich in TABLES:
        before_step = enrich_once() if rich else None
        states.append(
            play_translated(reader, players, options, seed, steps=MAX_ACTIONS, choose=pick, before_step=before_step)
        )
    return reader, states


def test_whole_games_leave_no_english_word(games: tuple[Reader, list[dict[str, Any]]]) -> None:
    reader, _ = games
    # The games went through the parts worth reading: placements, cards, harvests and productions,
    # privileges, the Vatican report with its answers and excommunications, leaders, bonus tiles.
    wanted = {"place", "card", "gain", "privilege", "harvest", "production", "vatican", "vatican_answer"}
    wanted |= {"excommunicated", "late", "support", "round_end", "final", "draft_pick", "tile", "deal", "lapse"}
    wanted |= {"leader_play", "leader_activate", "leader_copy", "leader_discard", "pass", "produce", "decline"}
    assert wanted <= reader.kinds, sorted(wanted - reader.kinds)
    assert reader.total > 1000
    assert not reader.bad, reader.report()
    assert not reader.untranslated()


def test_the_spec_and_its_options_are_japanese() -> None:
    reader = new_reader()
    assert reader.read(GAME.spec.title) == "ロレンツォ・イル・マニフィコ"
    for option in GAME.spec.options:
        reader.read(option.label)
        reader.read(option.help)
        for label in option.choices.values():
            reader.read(label)
    assert not reader.bad, reader.report()
    assert not reader.untranslated()
    assert [tr(o.label, "ja") for o in GAME.spec.options] == ["応用ルール", "任意のパス"]


def test_refused_inputs_explain_themselves_in_japanese() -> None:
    reader = new_reader()
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
    assert not reader.bad, reader.report()
    assert not reader.untranslated()
    assert "ロレンツォ・イル・マニフィコ" in refusals[-1]
    assert "応用" in refusals[-2] and "基本" in refusals[-2]


def test_outcome_labels_are_catalogue_ids(games: tuple[Reader, list[dict[str, Any]]]) -> None:
    _, states = games
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


def test_pinned_sentences(games: tuple[Reader, list[dict[str, Any]]]) -> None:
    _, states = games
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
        "Ann places the black member on the green tower, floor 3 (value 6, paying 1 servant)."
    )
    assert play.event_text(GAME, state, forced).public == "Bob is excommunicated (tile 1.3): not enough faith."
