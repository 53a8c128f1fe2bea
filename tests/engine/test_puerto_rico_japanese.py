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


# (event, public English, private English) as the English texts were before the catalogue.
EVENTS: list[tuple[dict[str, Any], str | None, str | None]] = [
    ({"kind": "role", "player": 0, "role": "captain", "doubloons": 0}, "Ann chooses the Captain.", None),
    ({"kind": "role", "player": 1, "role": "settler", "doubloons": 1}, "Bob chooses the Settler (+1 doubloon).", None),
    (
        {"kind": "role", "player": 2, "role": "prospector-2", "doubloons": 2},
        "Cy chooses the Prospector (+2 doubloons).",
        None,
    ),
    ({"kind": "prospect", "player": 0}, "Ann gains 1 doubloon.", None),
    ({"kind": "prospect", "player": 0, "doubloons": 2}, "Ann gains 2 doubloons.", None),
    ({"kind": "pass", "player": 1}, "Bob passes.", None),
    ({"kind": "island_full", "player": 1}, "Bob's island is full.", None),
    ({"kind": "hacienda", "player": 0, "tile": "indigo"}, "Ann draws an indigo plantation with the Hacienda.", None),
    ({"kind": "hacienda", "player": 0, "tile": None}, "Ann draws nothing with the Hacienda.", None),
    ({"kind": "settle", "player": 0, "tile": "quarry", "hospice": False}, "Ann takes a quarry.", None),
    (
        {"kind": "settle", "player": 0, "tile": "corn", "hospice": True},
        "Ann takes a corn plantation and a colonist for it (Hospice).",
        None,
    ),
    ({"kind": "reshuffle"}, "The plantation discards are reshuffled.", None),
    ({"kind": "faceup", "tiles": ["corn", "indigo", "coffee"]}, "New plantations: corn, indigo, coffee.", None),
    ({"kind": "faceup", "tiles": []}, "New plantations: none left.", None),
    ({"kind": "mayor_privilege", "player": 0}, "Ann takes a colonist from the supply.", None),
    ({"kind": "mayor_privilege", "player": 0, "count": 2}, "Ann takes 2 colonists from the supply.", None),
    ({"kind": "colonists", "shares": [2, 1, 0]}, "Colonists arrive: Ann 2, Bob 1.", None),
    (
        {"kind": "colonists", "shares": [2, 1, 1], "nobles": [1, 0, 1]},
        "Colonists arrive: Ann 2, Bob 1, Cy 1 (Ann gets 1 noble of them) (Cy gets 1 noble of them).",
        None,
    ),
    (
        {"kind": "place", "player": 0, "target": "small-market", "left": 2},
        None,
        "One colonist on small market; 2 still to place.",
    ),
    (
        {"kind": "place", "player": 0, "target": "corn", "left": 0, "noble": True},
        None,
        "One noble on corn; 0 still to place.",
    ),
    ({"kind": "layout_done", "player": 2}, "Cy has placed their colonists.", None),
    ({"kind": "layouts"}, "All colonists are placed.", None),
    ({"kind": "layouts_forced", "players": [0, 2]}, "Colonists placed (no choice): Ann, Cy.", None),
    ({"kind": "ship_refill", "colonists": 4, "needed": 4}, "The colonist ship is refilled with 4.", None),
    (
        {"kind": "ship_refill", "colonists": 2, "needed": 5},
        "The colonist ship is refilled with 2 of the 5 needed.",
        None,
    ),
    (
        {"kind": "ship_refill", "colonists": 3, "nobles": 1, "needed": 4},
        "The colonist ship is refilled with 3 colonists and 1 noble.",
        None,
    ),
    (
        {"kind": "ship_refill", "colonists": 1, "nobles": 1, "needed": 5},
        "The colonist ship is refilled with 1 colonists and 1 noble of the 5 needed.",
        None,
    ),
    (
        {"kind": "build", "player": 0, "building": "large-market", "cost": 5, "university": False},
        "Ann builds the large market for 5.",
        None,
    ),
    (
        {"kind": "build", "player": 0, "building": "coffee-roaster", "cost": 4, "university": True},
        "Ann builds the coffee roaster for 4 and a colonist moves in (University).",
        None,
    ),
    (
        {"kind": "produce", "player": 1, "goods": [2, 0, 1, 0, 0], "factory": 1},
        "Bob produces 2 corn, 1 sugar; Factory pays 1.",
        None,
    ),
    ({"kind": "produce", "player": 1, "goods": [0, 0, 0, 0, 0], "factory": 0}, "Bob produces nothing.", None),
    ({"kind": "craft_bonus", "player": 1, "good": "coffee"}, "Bob takes 1 extra coffee (privilege).", None),
    ({"kind": "sell", "player": 0, "good": "corn", "price": 0}, "Ann sells corn for 0 doubloons.", None),
    ({"kind": "sell", "player": 0, "good": "indigo", "price": 1}, "Ann sells indigo for 1 doubloon.", None),
    (
        {"kind": "sell", "player": 0, "good": "coffee", "price": 5, "post": True},
        "Ann sells coffee for 5 doubloons at their Trading Post.",
        None,
    ),
    (
        {"kind": "house_emptied", "goods": ["corn", "sugar", "coffee", "indigo"]},
        "The trading house is full and is emptied.",
        None,
    ),
    (
        {"kind": "ship", "player": 0, "good": "sugar", "amount": 3, "ship": 6, "vp": 3, "bonus": 1, "harbor": True},
        "Ann ships 3 sugar on the 6-ship.",
        "You score 3 VP (Captain +1, Harbor +1).",
    ),
    (
        {"kind": "ship", "player": 1, "good": "corn", "amount": 2, "ship": 5, "vp": 2, "bonus": 0, "harbor": False},
        "Bob ships 2 corn on the 5-ship.",
        "You score 2 VP.",
    ),
    (
        {
            "kind": "ship",
            "player": 1,
            "good": "tobacco",
            "amount": 4,
            "ship": "wharf",
            "vp": 5,
            "bonus": 0,
            "harbor": True,
            "lighthouse": True,
        },
        "Bob ships 4 tobacco on their Wharf; Lighthouse +1 doubloon.",
        "You score 5 VP (Harbor +1).",
    ),
    (
        {
            "kind": "ship",
            "player": 2,
            "good": "corn",
            "amount": 1,
            "ship": 7,
            "vp": 2,
            "bonus": 1,
            "harbor": False,
            "lighthouse": True,
        },
        "Cy ships 1 corn on the 7-ship; Lighthouse +1 doubloon.",
        "You score 2 VP (Captain +1).",
    ),
    (
        {
            "kind": "ship",
            "player": 2,
            "good": "indigo",
            "amount": 1,
            "ship": "wharf",
            "vp": 1,
            "bonus": 0,
            "harbor": False,
        },
        "Cy ships 1 indigo on their Wharf.",
        "You score 1 VP.",
    ),
    (
        {"kind": "keep", "player": 0, "kept": [1, 0, 0, 0, 2], "lost": [0, 0, 3, 0, 0]},
        "Ann keeps 1 corn, 2 coffee; 3 sugar go back to the supply.",
        None,
    ),
    (
        {"kind": "keep", "player": 0, "kept": [0, 1, 0, 0, 0], "lost": [0, 0, 0, 0, 0]},
        "Ann keeps 1 indigo; nothing go back to the supply.",
        None,
    ),
    ({"kind": "unload", "ship": 5, "amount": 5, "good": "corn"}, "The 5-ship sails with 5 corn.", None),
    ({"kind": "round", "round": 2, "governor": 1, "bonus_roles": []}, "Round 2: Bob is Governor.", None),
    (
        {"kind": "round", "round": 3, "governor": 2, "bonus_roles": ["trader", "prospector", "prospector-2"]},
        "Round 3: Cy is Governor. +1 doubloon on Trader, Prospector, Prospector.",
        None,
    ),
    (
        {"kind": "end_triggered", "reason": "city"},
        "Game end triggered: a city is full. The round is played to its end.",
        None,
    ),
    (
        {"kind": "end_triggered", "reason": "colonists"},
        "Game end triggered: the colonist ship could not be refilled. The round is played to its end.",
        None,
    ),
    (
        {"kind": "end_triggered", "reason": "vp"},
        "Game end triggered: the VP chips have run out. The round is played to its end.",
        None,
    ),
    ({"kind": "game_over", "winners": [1]}, "Game over. Winner: Bob.", None),
    ({"kind": "game_over", "winners": [0, 2]}, "Game over. Winner: Ann and Cy.", None),
    ({"kind": "game_over", "winners": [0, 1, 2]}, "Game over. Winner: Ann and Bob and Cy.", None),
    ({"kind": "draft", "player": 0, "building": "hunting-lodge"}, "Ann drafts the Hunting Lodge.", None),
    (
        {"kind": "market_auto", "buildings": ["aqueduct", "guest-house"]},
        "In the game without a pick (no other choice at that cost): Aqueduct, Guest House.",
        None,
    ),
    (
        {"kind": "market", "buildings": ["aqueduct", "small-market", "statue"]},
        "The buildings of this game: Aqueduct, Small Market, Statue.",
        None,
    ),
    ({"kind": "market", "buildings": []}, "The buildings of this game: none.", None),
    (
        {"kind": "black_market", "player": 0, "item": "colonist", "place": "san_juan", "noble": False},
        "Ann returns a colonist from san juan to the supply (Black Market).",
        None,
    ),
    (
        {"kind": "black_market", "player": 0, "item": "colonist", "place": "chapel", "noble": True},
        "Ann returns a noble from chapel to the supply (Black Market).",
        None,
    ),
    (
        {"kind": "black_market", "player": 0, "item": "good", "good": "tobacco"},
        "Ann returns 1 tobacco to the supply (Black Market).",
        None,
    ),
    (
        {"kind": "black_market", "player": 0, "item": "vp"},
        "Ann returns a victory point to the supply (Black Market).",
        "You return 1 VP chip to the supply (Black Market).",
    ),
    (
        {"kind": "church", "player": 1, "vp": 2},
        "Bob's Church rewards the new building.",
        "You score 2 VP chips (Church).",
    ),
    (
        {"kind": "income", "player": 1, "specialty_factory": 2, "chapel": 1, "jeweler": 0},
        "Bob earns doubloons: Specialty Factory 2, Chapel 1.",
        None,
    ),
    ({"kind": "chapel_vp", "player": 1, "vp": 1}, "Bob's noble prays in the Chapel.", "You score 1 VP chip (Chapel)."),
    (
        {"kind": "forest", "player": 0, "discarded": "indigo", "hospice": False},
        "Ann takes a forest, discarding an indigo plantation.",
        None,
    ),
    (
        {"kind": "forest", "player": 0, "discarded": "sugar", "hospice": True},
        "Ann takes a forest, discarding a sugar plantation; the Hospice colonist waits in San Juan.",
        None,
    ),
    (
        {"kind": "forest_swap", "player": 0, "tile": "tobacco"},
        "Ann discards the tobacco plantation just drawn for a forest.",
        None,
    ),
    (
        {"kind": "land_draw", "player": 2, "tile": "coffee"},
        "Cy pays 1 doubloon at the Land Office and draws a coffee plantation.",
        None,
    ),
    (
        {"kind": "land_discard", "player": 2, "tile": "quarry", "moved": False},
        "Cy discards a quarry at the Land Office for 1 doubloon.",
        None,
    ),
    (
        {"kind": "land_discard", "player": 2, "tile": "indigo", "moved": True},
        "Cy discards an indigo plantation at the Land Office for 1 doubloon; its colonist goes to San Juan.",
        None,
    ),
    (
        {"kind": "lodge_discard", "player": 1, "tile": "corn", "moved": False},
        "Bob discards a corn plantation (Hunting Lodge).",
        None,
    ),
    (
        {"kind": "lodge_discard", "player": 1, "tile": "sugar", "moved": True},
        "Bob discards a sugar plantation (Hunting Lodge); its colonist goes to San Juan.",
        None,
    ),
    (
        {"kind": "lodge_vp", "player": 1, "vp": 2},
        "Bob alone has the most empty island spaces (Hunting Lodge).",
        "You score 2 VP chips (Hunting Lodge).",
    ),
    ({"kind": "villa", "player": 0, "noble": True}, "Ann's Villa brings a noble.", None),
    ({"kind": "villa", "player": 0, "noble": False}, "Ann's Villa brings a colonist (no nobles left).", None),
    (
        {"kind": "union_hall", "player": 2, "vp": 3},
        "Cy's Union Hall counts their goods.",
        "You score 3 VP chips (Union Hall).",
    ),
    (
        {"kind": "royal_supply", "player": 2, "good": "coffee", "vp": 1},
        "Cy ships 1 coffee with the Royal Supplier.",
        "You score 1 VP chip (Royal Supplier).",
    ),
    (
        {"kind": "small_wharf", "player": 0, "goods": [3, 0, 1, 2, 0], "vp": 4, "bonus": 1, "harbor": False},
        "Ann ships 3 corn, 1 sugar, 2 tobacco on their Small Wharf.",
        "You score 4 VP (Captain +1).",
    ),
    (
        {
            "kind": "small_wharf",
            "player": 0,
            "goods": [0, 2, 0, 0, 0],
            "vp": 1,
            "bonus": 0,
            "harbor": True,
            "lighthouse": True,
        },
        "Ann ships 2 indigo on their Small Wharf; Lighthouse +1 doubloon.",
        "You score 1 VP (Harbor +1).",
    ),
    ({"kind": "lighthouse", "player": 1}, "Bob's Lighthouse pays the Captain 1 doubloon.", None),
    (
        {"kind": "guest", "player": 0, "target": "harbor", "noble": False},
        "Ann moves a colonist from the Guest House to harbor.",
        None,
    ),
    (
        {"kind": "guest", "player": 0, "target": "coffee", "noble": True},
        "Ann moves a noble from the Guest House to coffee.",
        None,
    ),
    ({"kind": "guests_stay", "player": 0}, "Ann leaves the guests in the Guest House.", None),
]
# (action, English label) as the labels were before the catalogue.
LABELS: list[tuple[dict[str, Any], str]] = [
    ({"verb": "role", "role": "settler"}, "Settler"),
    ({"verb": "role", "role": "prospector-2"}, "Prospector 2"),
    ({"verb": "take", "tile": "quarry"}, "Take a quarry"),
    ({"verb": "take", "tile": "indigo"}, "Take an indigo plantation"),
    ({"verb": "take", "tile": "tobacco"}, "Take a tobacco plantation"),
    ({"verb": "privilege"}, "Take a colonist"),
    ({"verb": "privilege", "count": 2}, "Take 2 colonists"),
    ({"verb": "build", "building": "small-indigo-plant"}, "Build Small Indigo Plant"),
    ({"verb": "sell", "good": "coffee"}, "Sell coffee"),
    ({"verb": "bonus", "good": "sugar"}, "Take 1 extra sugar"),
    ({"verb": "ship", "good": "corn", "ship": 7}, "Ship corn on the 7-ship"),
    ({"verb": "ship", "good": "corn", "ship": "wharf"}, "Ship corn on your wharf"),
    ({"verb": "keep", "goods": [1, 0, 2, 0, 0]}, "Keep 1 corn, 2 sugar"),
    ({"verb": "keep", "goods": [0, 0, 0, 0, 0]}, "Keep nothing"),
    ({"verb": "place", "target": "indigo-plant"}, "Put a colonist on indigo plant"),
    ({"verb": "place", "target": "quarry", "noble": True}, "Put a noble on quarry"),
    ({"verb": "draft", "building": "royal-garden"}, "Use Royal Garden this game"),
    ({"verb": "forest", "tile": "corn"}, "Take the corn plantation as a forest"),
    ({"verb": "swap"}, "Swap it for a forest"),
    ({"verb": "return", "item": "colonist", "place": "san_juan", "noble": False}, "Return a colonist from san juan"),
    (
        {"verb": "return", "item": "colonist", "place": "forest-house", "noble": True},
        "Return a noble from forest house",
    ),
    ({"verb": "return", "item": "good", "good": "indigo"}, "Return a barrel of indigo"),
    ({"verb": "return", "item": "vp"}, "Return a VP chip"),
    ({"verb": "discard", "tile": "indigo"}, "Discard an indigo plantation"),
    ({"verb": "land", "mode": "draw"}, "Land Office: draw"),
    ({"verb": "land", "mode": "discard", "tile": "quarry"}, "Land Office: discard a quarry"),
    ({"verb": "post", "good": "tobacco"}, "Trading post: sell tobacco"),
    ({"verb": "supply", "good": "sugar"}, "Royal Supplier: ship sugar"),
    ({"verb": "load", "amount": 2, "good": "corn"}, "Load 2 corn"),
    ({"verb": "guest", "target": "office"}, "Move a guest to office"),
    ({"verb": "guest", "target": "zoning-office", "noble": True}, "Move a noble to zoning office"),
    ({"verb": "stay"}, "Leave the guests where they are"),
    (
        {"verb": "layout", "layout": {"corn": 1, "small-market": 1, "chapel": 1}, "nobles": {"chapel": 1}},
        "Place: 1 on corn, 1 on small market, 1 on chapel (1 noble)",
    ),
    ({"verb": "layout", "layout": {}}, "Place: nobody"),
    ({"verb": "pass"}, "Pass"),
    ({"verb": "hacienda"}, "Hacienda: draw a plantation"),
    ({"verb": "small-wharf"}, "Load the Small Wharf"),
    ({"verb": "sail"}, "Sail the Small Wharf"),
]
PROMPTS = {
    "build": "Build one building, or pass.",
    "black_market": "Pay the rest with the Black Market: return a colonist, a good or a VP chip.",
    "ship": "Load goods on a ship.",
    "royal": "Royal Supplier: ship one good (1 VP), or pass.",
    "small_wharf": "Load the Small Wharf, then sail (1 VP per 2 goods).",
    "keep": "Choose the goods to keep.",
    "craft_bonus": "Take one extra good (Craftsman privilege).",
    "draft": "Choose a building for this game.",
    "lodge": "Hunting Lodge: discard a tile from your island, or pass.",
    "mayor_privilege": "Take a colonist from the supply (Mayor privilege)?",
    "mayor_layout": "Place your colonists.",
    "role": "Choose a role.",
    "settle": "Take a plantation (or quarry), or pass.",
    "trade": "Sell one good, or pass.",
}
OPTIONS = [
    (
        "variant",
        "Variant rule",
        {"off": "off", "on": "corn starters 1 doubloon less, Factory 8 / University 7"},
        "The seed's variant rule (ヴァリアントルール).",
    ),
    (
        "two_player",
        "2 players",
        {"official": "official: A,B,A,B,A,B", "five_choices": "5 choices: A,B,A,B,A then B,A,B,A,B"},
        "2-player role order; five_choices is the seed's recommended 監督の苦悩.",
    ),
    (
        "expansions",
        "Expansions",
        {"none": "none", "new_buildings": "New Buildings", "nobles": "Nobles", "both": "New Buildings and Nobles"},
        "",
    ),
    (
        "selection",
        "Building selection",
        {"draft": "draft, one building at a time", "random": "random per cost"},
        "How the buildings for an expansion game are chosen.",
    ),
    (
        "draft_restrictions",
        "BGA restrictions",
        {"off": "off", "on": "no Office with Trading Post, no Hacienda with Forest House"},
        "Board Game Arena's pairs that never appear in the same game.",
    ),
]


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
