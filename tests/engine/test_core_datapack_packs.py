"""The core data-pack machinery on a tiny pack defined in :mod:`datapack_tiny` (no game involved):
optional sources, provisional counting, notice and summary, the fingerprint, the registry of loaded
packs, the spec's own checks, the command line and what :class:`PackGame` gives a game. Loading
and every refusal are in ``test_core_datapack.py``."""

from __future__ import annotations

import re
import shutil
from typing import Any

import pytest
from datapack_tiny import FILES, TinyPack, edited, packs, spec, write

from engine.core import EventText, GameSpec
from engine.core.datapack import (
    DataPacks,
    Family,
    PackError,
    PackGame,
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

THINGS, EXTRA, META = "things.toml", "extra.toml", "pack.toml"


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


def test_the_summary_counts_sources_by_their_full_names(tmp_path):
    """A source named in several words (a rulebook's title) is counted by that name, not its first
    word, so two texts whose names share a first word stay apart."""
    files = {
        name: re.sub(r"\bcard\b", "Tiny rules summary", body.replace('"book p', '"Tiny rulebook p'))
        for name, body in FILES.items()
    }
    named = spec(write(tmp_path, files), sources=Sources(prefixes=("Tiny rulebook", "Tiny rules summary")))
    text = summary(named, load(named))
    assert re.search(r"^thing\s+3\s+2  Tiny rulebook 2, Tiny rules summary 1$", text, re.M)
    assert re.search(r"^total\s+9\s+2  Tiny rulebook 7, Tiny rules summary 3$", text, re.M)


def test_the_fingerprint_is_the_content_not_the_place(tmp_path):
    one = load(spec(write(tmp_path / "a")))
    assert re.fullmatch(r"[0-9a-f]{16}", one.fingerprint)
    shutil.copytree(tmp_path / "a", tmp_path / "b")
    assert load(spec(tmp_path / "b")).fingerprint == one.fingerprint == load(spec(tmp_path / "a")).fingerprint
    changed = load(spec(write(tmp_path / "c", edited(THINGS, "hue = 240", "hue = 241"))))
    commented = load(spec(write(tmp_path / "d", edited(EXTRA, "version = 7", "version = 7  # read off the box"))))
    renamed = load(spec(write(tmp_path / "e", edited(META, "tiny-1", "tiny-2"))))
    assert len({one.fingerprint, changed.fingerprint, renamed.fingerprint}) == 3
    assert commented.fingerprint == one.fingerprint  # values only: see test_core_datapack_fingerprint.py


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


class TinyGame(PackGame[Any, Any, Any, Any, TinyPack]):
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
    sure_things = FILES[THINGS].replace(', provisional = true, why = "guessed from the art"', "")
    sure = write(tmp_path / "sure", {**FILES, THINGS: sure_things.replace("hue = 240", "hue = 200")})
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
