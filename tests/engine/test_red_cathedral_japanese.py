"""The Red Cathedral in Japanese (issue 16): whole seeded games translated with ``render.i18n.tr``
leave no English word in what players read, and key sentences read as the catalogue says.

Every event sentence (public and private), every open decision's prompt, shape title, option and
item labels, the errors of a few bad inputs, the spec's title and options, the data notice and the
outcome's labels are translated to Japanese; what is left once backticked spans (canonical action
texts, which players type and which stay English) and player names are taken out must hold no run
of two Latin letters. Section names such as ``A2`` (one letter and a digit) pass. The machinery is
:mod:`japanese_games`, shared with the other games' Japanese tests.
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
    english_left,
    play_translated,
    provisional_notice,
    public_sentence,
)

from engine.core import play
from engine.red_cathedral.flow import STEPS
from engine.red_cathedral.game import GAME
from engine.red_cathedral.texts import event_text
from render.i18n import tr

NAMES = ["Ana", "Ben", "Cy", "Di"]
BAD = BadInputs(unknown="fly to the moon", illegal={"verb": "section", "section": "Z9"}, idle="market")


@pytest.mark.parametrize(
    ("players", "seed", "options"),
    [(2, 3, {}), (3, 11, {"workshop": "advanced"}), (4, 5, {}), (4, 8, {"workshop": "advanced"})],
)
def test_a_whole_game_reads_in_japanese(players: int, seed: int, options: dict[str, Any]) -> None:
    reader = Reader(GAME, NAMES, "engine.red_cathedral", event_key="type")
    play_translated(reader, players, options, seed, steps=6000, bad=BAD)
    assert not reader.untold, reader.untold  # every event of the game is told
    assert reader.total > 1000
    assert not reader.bad, reader.report()  # the outcome's labels among them, plain ids translated at the edge


def test_every_decision_kind_asks_in_japanese() -> None:
    """Each decision kind's prompt, even those random games rarely reach."""
    assert len(STEPS.kinds) >= 15
    assert_prompts_in_japanese(STEPS.kinds, NAMES)


def test_the_spec_and_the_notice_read_in_japanese() -> None:
    spec = GAME.spec
    assert tr(spec.title, "ja") == "赤の大聖堂"
    assert_spec_in_japanese(spec, NAMES)
    assert tr(spec.options[0].choices["advanced"], "ja") == "上級面"
    assert not english_left(provisional_notice(GAME, NAMES), NAMES)


sentence = partial(public_sentence, event_text)


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
