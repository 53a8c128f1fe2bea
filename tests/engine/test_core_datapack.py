"""The core data-pack machinery on a tiny pack defined in :mod:`datapack_tiny` (no game involved):
loading, typed and generic rows, every kind of error with its file/row/field message, provisional
counting, the fingerprint, the registry of loaded packs, the spec's own checks, the command line."""

from __future__ import annotations

import re
import shutil

import pytest
from datapack_tiny import FILES, Thing, TinyPack, edited, packs, spec, write

from engine.core import EventText, GameSpec
from engine.core.datapack import (
    PROVENANCE,
    DataPacks,
    Family,
    PackError,
    PackGame,
    Record,
    Sources,
    describe,
    integer,
    load,
    notice,
    packs_of,
    ref,
    summary,
)
from engine.core.datapack.cli import main


def test_a_valid_pack_loads_into_typed_and_generic_rows(tmp_path):
    pack = load(spec(write(tmp_path)))
    assert (pack.name, pack.title, pack.path) == ("tiny-1", "A tiny pack", str(tmp_path))
    t1, t2, t3 = pack.things.values()
    assert isinstance(t1, Thing) and t1.tags == ("a", "b") and t1.power == "E1" and t1.power_params == {"n": 2}
    assert t1.weight is None and t1.source == "book p3" and not t1.provisional
    assert t2.weight == 5 and t2.provisional and t2.provisional_fields == ("weight",) and t2.why.startswith("weight")
    assert t2.power is None and t2.power_params is None and t3.power_params == {}
    (rules,) = pack.rows["rules"]
    assert isinstance(rules, Record) and rules["max_things"] == 3 and rules.get("open") is True
    assert rules.source == "book p5" and "source" not in rules.values
    players = pack.rows["players"]
    assert [(p["count"], p["hand"]) for p in players] == [("2", (1, 1, 2)), ("3", (1, 2))]  # type: ignore[index]
    (extra,) = pack.rows["extra"]
    assert extra.values == {"version": 7, "slots": {"1": 2, "2": 0}, "pairs": (["t1", "t2"],)}  # type: ignore[attr-defined]
    assert pack.total_rows == 9 and pack.provisional_rows == 2
    assert set(PROVENANCE) == {"source", "provisional", "why", "provisional_fields", "note"}


THINGS, EXTRA, META = "things.toml", "extra.toml", "pack.toml"
T1 = 'id = "t1", colour = "red", size = "small", tags = ["a", "b"]'
T2 = 'id = "t2", colour = "blue", size = "large", tags = [], weight = 5'
ROW1 = "things.toml: thing row 1 (id 't1')"
ROW2 = "things.toml: thing row 2 (id 't2')"

CASES = [
    # --- field by field --------------------------------------------------------------------
    ("missing", THINGS, T1, T1.replace('colour = "red", ', ""), f"{ROW1}: field 'colour': missing"),
    (
        "unknown field",
        THINGS,
        T1,
        T1 + ", shape = 3",
        f"{ROW1}: field 'shape': unknown field (known: colour, id, power, power_params, size, tags, weight)",
    ),
    (
        "integer type",
        THINGS,
        T2,
        T2.replace("weight = 5", 'weight = "5"'),
        f"{ROW2}: field 'weight': must be an integer, got '5'",
    ),
    (
        "bool is no integer",
        THINGS,
        T2,
        T2.replace("weight = 5", "weight = true"),
        f"{ROW2}: field 'weight': must be an integer, got True",
    ),
    ("range", THINGS, T2, T2.replace("weight = 5", "weight = 10"), f"{ROW2}: field 'weight': must be 1..9, got 10"),
    (
        "empty string",
        THINGS,
        'id = "t1"',
        'id = " "',
        "things.toml: thing row 1 (id ' '): field 'id': must be a non-empty string, got ' '",
    ),
    ("bool", THINGS, "open = true", "open = 1", "things.toml: [rules]: field 'open': must be true or false, got 1"),
    (
        "enum",
        THINGS,
        T1,
        T1.replace('"small"', '"huge"'),
        f"{ROW1}: field 'size': must be one of small, large, got 'huge'",
    ),
    (
        "ref",
        THINGS,
        T1,
        T1.replace('colour = "red"', 'colour = "green"'),
        f"{ROW1}: field 'colour': unknown colour 'green' (known: blue, red)",
    ),
    ("list type", THINGS, T1, T1.replace('["a", "b"]', '"a"'), f"{ROW1}: field 'tags': must be a list, got 'a'"),
    (
        "list length",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", "b", "c"]'),
        f"{ROW1}: field 'tags': must have 0..2 items, got 3",
    ),
    (
        "list item",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", 2]'),
        f"{ROW1}: field 'tags': item 2: must be a non-empty string, got 2",
    ),
    (
        "list distinct",
        THINGS,
        T1,
        T1.replace('["a", "b"]', '["a", "a"]'),
        f"{ROW1}: field 'tags': items must be distinct, got ['a', 'a']",
    ),
    (
        "int item range",
        THINGS,
        "hand = [1, 2]",
        "hand = [1, 3]",
        "things.toml: [players.3]: field 'hand': item 3: must be 1..2, got 3",
    ),
    (
        "table type",
        EXTRA,
        'slots = { "1" = 2, "2" = 0 }',
        "slots = 2",
        "extra.toml: top level: field 'slots': must be a table, got 2",
    ),
    ("table value", EXTRA, '"2" = 0', '"2" = 6', "extra.toml: top level: field 'slots': '2': must be 0..5, got 6"),
    (
        "list of lists",
        EXTRA,
        '[["t1", "t2"]]',
        '["t1"]',
        "extra.toml: top level: field 'pairs': item 't1': must be a list, got 't1'",
    ),
    (
        "duplicate id",
        THINGS,
        'id = "t2"',
        'id = "t1"',
        "things.toml: thing row 2 (id 't1'): field 'id': duplicate id: row 1 has it too",
    ),
    # --- effects ---------------------------------------------------------------------------
    ("unknown effect", THINGS, 'power = "E1"', 'power = "E9"', f"{ROW1}: field 'power': unknown effect id 'E9'"),
    (
        "effect slot",
        THINGS,
        'power = "E1"',
        'power = "E3"',
        f"{ROW1}: field 'power': effect 'E3' cannot stand here (allowed: E1, E2)",
    ),
    ("effect params", THINGS, "n = 2", "n = 4", f"{ROW1}: field 'power_params': parameter 'n': must be 1..3, got 4"),
    (
        "effect params type",
        THINGS,
        "power_params = { n = 2 }",
        "power_params = 2",
        f"{ROW1}: field 'power_params': must be a table, got 2",
    ),
    (
        "params without effect",
        THINGS,
        "weight = 5",
        "weight = 5, power_params = { n = 1 }",
        f"{ROW2}: field 'power_params': given without 'power'",
    ),
    # --- shapes ----------------------------------------------------------------------------
    ("row not a table", THINGS, "thing = [\n", "thing = [\n  3,\n", "things.toml: thing row 1: must be a table, got 3"),
    ("missing table", THINGS, "thing = [", "thingx = [", "things.toml: missing table 'thing'"),
    (
        "keyed: name repeated",
        THINGS,
        "[players.2]\n",
        '[players.2]\ncount = "2"\n',
        "things.toml: [players.2]: field 'count': is the table's name ('2'); do not repeat it inside",
    ),
    (
        "keyed: bad name",
        THINGS,
        "[players.3]",
        "[players.7]",
        "things.toml: [players.7]: field 'count': must be one of 2, 3, 4, got '7'",
    ),
    (
        "top level: unknown key",
        EXTRA,
        "version = 7",
        "version = 7\nextras = 1",
        "extra.toml: top level: field 'extras': unknown field (known: pairs, slots, version)",
    ),
    # --- provenance ------------------------------------------------------------------------
    (
        "no source",
        THINGS,
        ', source = "book p1"',
        "",
        "things.toml: colour row 1 (id 'red'): field 'source': every row must name its source (book p…, card)",
    ),
    (
        "bad source",
        THINGS,
        'source = "book p2; card"',
        'source = "book p2; web"',
        "things.toml: colour row 2 (id 'blue'): field 'source': each ';'-separated part must start with book or card, "
        "got ' web'",
    ),
    (
        "provisional not bool",
        THINGS,
        'provisional = true, why = "weight',
        'provisional = 1, why = "weight',
        f"{ROW2}: field 'provisional': must be true or false, got 1",
    ),
    (
        "no why",
        THINGS,
        'why = "guessed from the art"',
        'note = "guessed from the art"',
        "things.toml: thing row 3 (id 't3'): field 'why': a provisional row must say why",
    ),
    (
        "provisional field unknown",
        THINGS,
        'provisional_fields = ["weight"]',
        'provisional_fields = ["speed"]',
        f"{ROW2}: field 'provisional_fields': must list fields of this row, got ['speed']",
    ),
    (
        "provisional fields, not provisional",
        THINGS,
        'source = "book p3"',
        'source = "book p3", provisional_fields = ["tags"]',
        f"{ROW1}: field 'provisional_fields': only a provisional row may list provisional fields",
    ),
    (
        "note type",
        THINGS,
        'source = "book p3"',
        'source = "book p3", note = 3',
        f"{ROW1}: field 'note': must be a string, got 3",
    ),
    # --- the game's cross-row rules --------------------------------------------------------
    (
        "cross-row on a single table",
        THINGS,
        "max_things = 3",
        "max_things = 2",
        "things.toml: [rules]: field 'max_things': the pack has 3 things",
    ),
    (
        "cross-row on a row",
        THINGS,
        ', power = "E1", power_params = { n = 2 }',
        "",
        f"{ROW1}: field 'power': a small thing needs a power",
    ),
    # --- files -----------------------------------------------------------------------------
    (
        "unknown table",
        THINGS,
        "[rules]",
        "[boats]\nx = 1\n\n[rules]",
        "things.toml: unknown table 'boats' (known: colour, players, rules, thing)",
    ),
    ("bad TOML", THINGS, "thing = [", "thing = [[", "things.toml: not valid TOML"),
    (
        "schema",
        META,
        "schema = 3",
        "schema = 1",
        "pack.toml: [pack] field 'schema': must be 3 (the schema TINY.md documents)",
    ),
    ("name", META, 'name = "tiny-1"', 'name = ""', "pack.toml: [pack] field 'name': must be a non-empty string"),
]


@pytest.mark.parametrize("name,file,old,new,expected", CASES, ids=[c[0] for c in CASES])
def test_a_bad_pack_is_refused_naming_file_row_and_field(tmp_path, name, file, old, new, expected):
    root = write(tmp_path / "pack", edited(file, old, new))
    with pytest.raises(PackError) as err:
        load(spec(root))
    assert str(err.value).startswith(expected), str(err.value)


def test_a_missing_file_names_the_folder(tmp_path):
    root = write(tmp_path)
    (root / EXTRA).unlink()
    with pytest.raises(PackError, match=rf"^extra\.toml: missing from the pack at {re.escape(str(root))}$"):
        load(spec(root))


def test_shapes_a_file_must_have(tmp_path):
    head = FILES[THINGS][: FILES[THINGS].index("[players.2]")]
    table_of_tables = r"^things\.toml: 'players' must be a table of tables \(\[players\.<count>\]\)$"
    with pytest.raises(PackError, match=table_of_tables):
        load(spec(write(tmp_path / "a", {**FILES, THINGS: "players = 3\n" + head})))
    with pytest.raises(PackError, match=r"^things\.toml: \[players\.2\]: must be a table, got 5$"):
        load(spec(write(tmp_path / "b", {**FILES, THINGS: head + '[players]\n"2" = 5\n'})))
    with pytest.raises(PackError, match=r"^things\.toml: 'thing' must be an array of rows$"):
        load(spec(write(tmp_path / "c", edited(THINGS, "thing = [\n", "thing = 3\nthings = [\n"))))


def _without_provenance(files: dict[str, str]) -> dict[str, str]:
    strip = r',? *(source|why) = "[^"]*"|,? *provisional = true|,? *provisional_fields = \[[^]]*\]'
    return {name: re.sub(strip, "", body) for name, body in files.items() if name != META}


def test_optional_sources_and_no_meta_file(tmp_path):
    """A pack whose citations live in comments: no source needed; name and title from the spec."""
    loose = spec(
        write(tmp_path, _without_provenance(FILES)),
        meta_file=None,
        name="tiny-x",
        title="Tiny X",
        sources=Sources(required=False),
    )
    pack = load(loose)
    assert (pack.name, pack.title, pack.provisional_rows) == ("tiny-x", "Tiny X", 0)
    assert all(r.source == "" for rows in pack.rows.values() for r in rows) and len(pack.fingerprint) == 16
    assert summary(loose, pack).endswith("No provisional rows; 9 of 9 rows name no source (see the files' comments).")
    with pytest.raises(ValueError, match="needs the spec's name and title"):
        spec(tmp_path, meta_file=None)
    with pytest.raises(PackError, match="field 'source': each ';'-separated part must start with book or card"):
        load(
            spec(
                write(tmp_path / "web", edited(THINGS, 'source = "book p1"', 'source = "web"')),
                sources=Sources(prefixes=("book", "card"), required=False),
            )
        )


def test_provisional_counting_notice_and_summary(tmp_path):
    pack = load(spec(write(tmp_path)))
    assert notice(pack, "Thing values") == "Thing values partly provisional (2 of 9 rows)."
    assert notice(pack) == "Card values partly provisional (2 of 9 rows)."
    assert describe(pack) == f"A tiny pack [tiny-1, {pack.fingerprint}]: Card values partly provisional (2 of 9 rows)."
    text = summary(spec(tmp_path), pack)
    assert text.splitlines()[0] == f"A tiny pack [tiny-1, fingerprint {pack.fingerprint}]"
    assert re.search(r"^thing\s+3\s+2  book 2, card 1$", text, re.M)
    assert re.search(r"^colour\s+2\s+0  book 2, card 1$", text, re.M)
    assert re.search(r"^total\s+9\s+2  book 7, card 3$", text, re.M)
    assert text.endswith(
        "Thing values partly provisional: 2 of 9 rows hold values chosen to fit the rules, not "
        "transcribed from the printed game (see each row's 'why')."
    )
    sure = load(
        spec(
            write(
                tmp_path / "sure",
                {
                    **FILES,
                    THINGS: re.sub(
                        r",\s*provisional = true, why = \"[^\"]*\"(, provisional_fields = \[[^]]*\])?",
                        "",
                        FILES[THINGS],
                    ),
                },
            )
        )
    )
    assert sure.provisional_rows == 0 and notice(sure) == ""
    assert describe(sure).endswith(": no provisional rows.")
    assert summary(spec(tmp_path), sure).endswith("No provisional rows: every value cites a source.")


def test_the_fingerprint_is_the_content_not_the_place(tmp_path):
    one = load(spec(write(tmp_path / "a")))
    assert re.fullmatch(r"[0-9a-f]{16}", one.fingerprint)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    assert load(spec(tmp_path / "b")).fingerprint == one.fingerprint == load(spec(tmp_path / "a")).fingerprint
    changed = load(spec(write(tmp_path / "c", edited(THINGS, "hue = 240", "hue = 241"))))
    commented = load(spec(write(tmp_path / "d", edited(EXTRA, "version = 7", "version = 7  # read off the box"))))
    renamed = load(spec(write(tmp_path / "e", edited(META, "tiny-1", "tiny-2"))))
    assert len({one.fingerprint, changed.fingerprint, commented.fingerprint, renamed.fingerprint}) == 4


def test_the_registry_keeps_packs_by_fingerprint(tmp_path):
    shelf = packs(tmp_path / "shipped")
    shipped = shelf.shipped()
    assert shelf.shipped() is shipped and packs_of("tiny") is shelf
    mine = shelf.load(write(tmp_path / "mine", edited(THINGS, "hue = 240", "hue = 200")))
    state = {"pack": DataPacks.record(mine)}
    assert state["pack"] == {"name": "tiny-1", "fingerprint": mine.fingerprint, "provisional": 2}
    with pytest.raises(ValueError, match=rf"^game uses data pack {mine.fingerprint}, which is not loaded$"):
        shelf.of_state(state)
    shelf.register(mine)
    assert shelf.of_state(state) is mine and shelf.by_fingerprint(shipped.fingerprint) is shipped
    assert shelf.notice(mine) == "Thing values partly provisional (2 of 9 rows)."


@pytest.mark.parametrize(
    "families,message",
    [
        (
            (
                Family("a", "f.toml", "a", None, (ref("b", "b"),), key=""),
                Family("b", "f.toml", "b", None, (integer("id", 0, 1),)),
            ),
            "field 'b' names 'b', which is not a family loaded before it",
        ),
        ((Family("a", "f.toml", "a", None, (integer("n", 0, 1),)),), "key 'id' is not one of its fields"),
        (
            (Family("a", "f.toml", "", None, (integer("n", 0, 1),), key=""),),
            "only a single family may be the file's top",
        ),
        (
            (Family("a", "f.toml", "a", None, (integer("n", 0, 1),), key="", single=True, keyed=True),),
            "exclude each other",
        ),
        ((Family("a", "f.toml", "a", None, (integer("n", 0, 1),), key=""),) * 2, "declared twice"),
    ],
)
def test_a_spec_mistake_is_caught_when_the_game_declares_it(tmp_path, families, message):
    with pytest.raises(ValueError, match=message):
        spec(tmp_path, families=families)


def test_an_effect_field_needs_the_games_effect_registry(tmp_path):
    with pytest.raises(ValueError, match="field 'power' is an effect, but the spec has no effect registry"):
        spec(tmp_path, effects=None)


def test_command_line_summary(tmp_path, capsys):
    packs(tmp_path / "shipped")
    assert main(["tiny"]) == 0
    assert "Thing values partly provisional: 2 of 9 rows" in capsys.readouterr().out
    bad = write(tmp_path / "bad", edited(THINGS, "hue = 240", "hue = 400"))
    assert main(["tiny", "--pack", str(bad)]) == 1
    assert capsys.readouterr().err == (
        "invalid tiny data pack: things.toml: colour row 2 (id 'blue'): field 'hue': must be 0..359, got 400\n"
    )


class TinyGame(PackGame[TinyPack]):
    """Just enough of a game to show what :class:`PackGame` gives one."""

    spec = GameSpec(id="tiny", title="Tiny", min_players=1, max_players=2, rules_version=1)

    def __init__(self, shelf: DataPacks[TinyPack]) -> None:
        self.packs = shelf

    def setup(self, players, options, seed):
        return {"pack": DataPacks.record(self.pack_for_new_games()), "players": players}

    def pending(self, state):
        return []

    def legal_actions(self, state, player):
        return []

    def apply_action(self, state, player, action):
        return []

    def action_text(self, action):
        return ""

    def event_text(self, state, event):
        return EventText("")

    def public_view(self, state):
        return {}

    def view(self, state, player):
        return {}

    def is_over(self, state):
        return False

    def outcome(self, state):
        return None


def test_a_pack_game_uses_an_owners_pack_for_new_games_and_each_state_its_own(tmp_path):
    game = TinyGame(packs(tmp_path / "shipped"))
    shipped = game.packs.shipped()
    old = game.setup(["Ana"], {}, 1)
    assert old["pack"]["fingerprint"] == shipped.fingerprint
    assert game.notice() == game.notice(old) == "Thing values partly provisional (2 of 9 rows)."
    sure = write(tmp_path / "sure", edited(THINGS, ', provisional = true, why = "guessed from the art"', ""))
    line = game.load_data_pack(str(sure))
    assert line == f"A tiny pack [tiny-1, {game.pack.fingerprint}]: Thing values partly provisional (1 of 9 rows)."
    new = game.setup(["Ana"], {}, 1)
    assert new["pack"]["fingerprint"] == game.pack.fingerprint != shipped.fingerprint
    assert game.notice() == game.notice(new) == "Thing values partly provisional (1 of 9 rows)."
    assert game.notice(old) == "Thing values partly provisional (2 of 9 rows)."  # replays with its own pack
    lost = {"pack": {**new["pack"], "fingerprint": "0123456789abcdef"}}
    with pytest.raises(ValueError, match="game uses data pack 0123456789abcdef, which is not loaded"):
        game.notice(lost)
    with pytest.raises(PackError, match="things.toml: colour row 2"):
        game.load_data_pack(str(write(tmp_path / "bad", edited(THINGS, "hue = 240", "hue = 400"))))
    assert game.pack.fingerprint == new["pack"]["fingerprint"]  # a refused pack changes nothing
