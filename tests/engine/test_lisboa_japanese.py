"""Lisboa in Japanese (issue 16): whole seeded games translated with ``render.i18n.tr`` leave no
English word in what players read, and key sentences read as the catalogue says.

Every event sentence (public and private), every open decision's prompt, shape title, option and
item labels, the errors of a few bad inputs, the spec's title and options, the data notice and the
outcome's labels are translated to Japanese; what is left once backticked spans (canonical action
texts and ids, which players type and which stay English) and player names are taken out must hold
no run of two Latin letters. Ids such as ``T05``, ``B3`` or ``C2`` (one letter and digits) pass.
The machinery is :mod:`japanese_games`, shared with the other games' Japanese tests.
"""

from __future__ import annotations

from functools import partial
from typing import Any

import pytest
from japanese_games import (
    BadInputs,
    Reader,
    assert_prompts_in_japanese,
    assert_spec_in_japanese,
    play_translated,
    provisional_notice,
    public_sentence,
)

from engine.core import play
from engine.lisboa.flow import KINDS
from engine.lisboa.game import GAME
from engine.lisboa.texts import event_text
from render.i18n import tr

NAMES = ["Ana", "Ben", "Cy", "Di"]
BAD = BadInputs(unknown="fly to the moon", illegal={"verb": "visit", "card": "no-such-card"}, idle="done")


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 3, {}), (3, 11, {"starting_draft": True}), (4, 5, {"gold_only_when_stuck": True})],
)
def test_a_whole_game_reads_in_japanese(players: int, seed: int, options: dict[str, Any]) -> None:
    reader = Reader(GAME, NAMES, "engine.lisboa")
    play_translated(reader, players, options, seed, steps=4000, bad=BAD)
    assert reader.total > 1000
    assert not reader.bad, reader.report()


def test_every_decision_kind_asks_in_japanese() -> None:
    """Each decision kind's prompt (its name for people), even those random games rarely reach."""
    assert len(KINDS) > 30
    assert_prompts_in_japanese(KINDS, NAMES)


def test_the_spec_and_the_notice_read_in_japanese() -> None:
    spec = GAME.spec
    assert tr(spec.title, "ja") == "リスボア"
    assert_spec_in_japanese(spec, NAMES)
    assert tr(spec.options[0].choices[True], "ja") == "はい"
    provisional_notice(GAME, NAMES)


sentence = partial(public_sentence, event_text)


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
