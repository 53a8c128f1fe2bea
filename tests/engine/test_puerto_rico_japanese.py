"""Puerto Rico in Japanese (issue 16): everything the package says to people goes through its
catalogue (``engine/puerto_rico/locale/ja``), and its English is what it was before.

Seeded random games (every player count, base game and both expansions) are played to the end;
every event sentence (public and private), every pending decision's prompt, shape title, option
and item labels, the errors for a few bad inputs, the table options and the outcome's labels are
translated with :func:`render.i18n.tr` / :func:`render.i18n.tr_id` and must hold no English word
(backticked canonical texts and player names aside). Tables below pin the English of every event
sentence form and every label form, as they were before the catalogue, and a few exact Japanese
sentences show what players get. The whole games are played and read by :mod:`japanese_games`,
shared with the other games' Japanese tests."""

from __future__ import annotations

import re
from typing import Any

import pytest
from babel.messages.pofile import read_po
from japanese_games import BACKTICKED, ENGLISH, BadInputs, Reader, in_japanese, play_translated, random_decision
from puerto_rico_english import EVENTS, LABELS, OPTIONS, PROMPTS

from engine.core import IllegalAction
from engine.puerto_rico import GAME as G
from engine.puerto_rico.labels import label
from render.i18n import catalogue_path, tr

PACKAGE = "engine.puerto_rico"
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve"]
FIELDS = re.compile(r"\{[a-z_]+\}")


def japanese(value: Any) -> str:
    """``value`` in Japanese; it must be a message of the catalogue whose English is its own text,
    with no English word left (backticked canonical texts and player names aside)."""
    text, wrong = in_japanese(value, NAMES)
    assert text and not wrong, f"{str(value)!r} → {text!r}: {wrong}"
    return text


# --- the catalogue itself ---------------------------------------------------------------


def test_every_japanese_entry_is_japanese() -> None:
    """No entry is left in English (canonical texts in backticks and ``{fields}`` aside)."""
    path = catalogue_path(PACKAGE, "ja")
    assert path is not None and path.is_file()
    with path.open("rb") as handle:
        catalog = read_po(handle, locale="ja")
    entries = [m for m in catalog if m.id]
    assert len(entries) > 250
    for m in entries:
        strings = m.string if isinstance(m.string, tuple | list) else (m.string,)
        for text in strings:
            assert text and not ENGLISH.findall(FIELDS.sub(" ", BACKTICKED.sub(" ", text))), (m.id, text)


# --- every sentence form, label form and prompt -------------------------------------------

STATE = {"players": NAMES[:3]}


@pytest.mark.parametrize(("event", "public", "private"), EVENTS, ids=[e["kind"] for e, _, _ in EVENTS])
def test_event_sentences_keep_their_english_and_speak_japanese(
    event: dict[str, Any], public: str | None, private: str | None
) -> None:
    text = G.event_text(STATE, event)
    assert (text.public, text.private) == (public, private)
    for said in (text.public, text.private):
        if said is not None:
            japanese(said)


def test_every_event_kind_is_in_the_table() -> None:
    from engine.puerto_rico import events, events_expansions

    kinds = set(events._TEXT) | set(events_expansions._TEXT) | {"place"}
    assert kinds == {e["kind"] for e, _, _ in EVENTS}


@pytest.mark.parametrize(("action", "english"), LABELS, ids=[G.action_text(a) for a, _ in LABELS])
def test_labels_keep_their_english_and_speak_japanese(action: dict[str, Any], english: str) -> None:
    assert label(action) == english
    japanese(label(action))


def test_every_label_verb_is_in_the_table() -> None:
    from engine.puerto_rico.labels import LABELS as BY_VERB

    assert set(BY_VERB) == {a["verb"] for a, _ in LABELS}


def test_prompts_keep_their_english_and_speak_japanese() -> None:
    fixed = {name: k.prompt for name, k in G.steps.kinds.items() if isinstance(k.prompt, str)}
    assert fixed == PROMPTS
    for prompt in fixed.values():
        japanese(prompt)


def test_the_table_options_and_title_speak_japanese() -> None:
    assert G.spec.title == "Puerto Rico" and japanese(G.spec.title) == "プエルトリコ"
    assert [(o.name, o.label, {str(k): v for k, v in o.choices.items()}, o.help) for o in G.spec.options] == OPTIONS
    for option in G.spec.options:
        japanese(option.label)
        for choice in option.choices.values():
            japanese(choice)
        if option.help:
            japanese(option.help)


@pytest.mark.parametrize(
    ("players", "given"),
    [
        (3, {"two_player": "five_choices"}),
        (4, {"selection": "random"}),
        (4, {"expansions": "nobles", "draft_restrictions": "on"}),
    ],
)
def test_option_errors_speak_japanese(players: int, given: dict[str, str]) -> None:
    with pytest.raises(IllegalAction) as err:
        G.spec.resolve_options(given, players)
    assert err.value.code == "bad_option"
    japanese(err.value.message)


def test_key_sentences_in_japanese() -> None:
    """What players read for a role choice, a build, a sale, a shipment and its private score."""

    def said(event: dict[str, Any]) -> Any:
        return G.event_text(STATE, event)

    role = said({"kind": "role", "player": 0, "role": "captain", "doubloons": 0})
    build = said({"kind": "build", "player": 0, "building": "large-market", "cost": 5, "university": False})
    sell = said({"kind": "sell", "player": 0, "good": "corn", "price": 0})
    ship = said(
        {"kind": "ship", "player": 0, "good": "sugar", "amount": 3, "ship": 6, "vp": 3, "bonus": 1, "harbor": True}
    )
    assert tr(role.public, "ja") == "Annが役割「船長」を選びました。"
    assert tr(build.public, "ja") == "Annが5ダブロンで大きい市場を建てました。"
    assert tr(sell.public, "ja") == "Annがコーンを売却し、0ダブロンを得ました。"
    assert tr(ship.public, "ja") == "Annが砂糖3個を6個積みの船に出荷しました。"
    assert tr(ship.private, "ja") == "勝利点チップを3点獲得しました（船長+1、港+1）。"
    rich = G.event_text(STATE, {"kind": "round", "round": 3, "governor": 2, "bonus_roles": ["trader", "captain"]})
    assert (
        tr(rich.public, "ja")
        == "ラウンド3：Cyが総督です。選ばれなかった役割（商人、船長）に1ダブロンずつ置かれました。"
    )
    layout = {"verb": "layout", "layout": {"corn": 1, "small-market": 1}}
    assert tr(label(layout), "ja") == "配置：コーンのプランテーションに1、小さい市場に1"
    assert tr(label({"verb": "build", "building": "guest-house"}), "ja") == "下宿を建てる"


# --- whole games ---------------------------------------------------------------------------

GAMES = [
    (2, {}, 1),
    (3, {}, 2),
    (4, {"variant": "on"}, 3),
    (5, {}, 4),
    (2, {"expansions": "both", "two_player": "five_choices"}, 5),
    (3, {"expansions": "both", "selection": "random"}, 6),
    (4, {"expansions": "both"}, 7),
    (5, {"expansions": "both", "selection": "random"}, 8),
    (4, {"expansions": "new_buildings", "draft_restrictions": "on"}, 9),
    (3, {"expansions": "nobles"}, 10),
]


BAD = BadInputs(unknown="castle", illegal={"verb": "build", "building": "castle"}, idle="pass")


@pytest.mark.parametrize(("players", "options", "seed"), GAMES)
def test_a_whole_game_speaks_japanese(players: int, options: dict[str, str], seed: int) -> None:
    reader = Reader(G, NAMES, PACKAGE)
    play_translated(reader, players, options, seed, steps=5000, choose=random_decision, bad=BAD, bad_every=20)
    assert not reader.bad, reader.report()
    assert {"role", "build", "ship", "game_over"} <= reader.kinds
    assert reader.seen["event"] > 100 and reader.seen["decision"] > 500 and reader.seen["error"] > 20
    assert {"vp chips", "buildings", "doubloons + goods"} <= reader.labels
