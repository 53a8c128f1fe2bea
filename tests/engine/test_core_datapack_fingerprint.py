"""The fingerprint a state records on the tiny pack of :mod:`datapack_tiny`: it names the pack's game
values only (comments, provenance and the title aside), a pack answers to the former fingerprints
its ``fingerprints.toml`` lists while its values are the ones they were computed for, and
``python -m engine.core.datapack.former`` finds them in a repository's history."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from datapack_tiny import FILES, edited, spec, write

from engine.core.datapack import DataPacks, PackError, load
from engine.core.datapack.fingerprint import byte_fingerprint
from engine.core.datapack.former import former_fingerprints, main

THINGS, EXTRA, META, FORMER = "things.toml", "extra.toml", "pack.toml", "fingerprints.toml"
OLD, OLDER = "0123456789abcdef", "fedcba9876543210"

SAME_VALUES = {
    "a comment": edited(EXTRA, "version = 7", "version = 7  # read off the box"),
    "a comment line": {**FILES, THINGS: "# The things of the tiny game.\n" + FILES[THINGS]},
    "a source": edited(THINGS, 'source = "book p1"', 'source = "book p1 (checked again)"'),
    "a why": edited(THINGS, 'why = "guessed from the art"', 'why = "guessed from the box art"'),
    "provisional": edited(THINGS, ', provisional = true, why = "guessed from the art"', ""),
    "provisional fields": edited(THINGS, ', provisional_fields = ["weight"]', ""),
    "a note": edited(THINGS, 'source = "book p1"', 'source = "book p1", note = "faded print"'),
    "the title": edited(META, 'title = "A tiny pack"', 'title = "A tiny pack, second printing"'),
    "the spacing": edited(THINGS, "max_things = 3", "max_things   =   3"),
}
OTHER_VALUES = {
    "a number": edited(THINGS, "hue = 240", "hue = 241"),
    "the name": edited(META, "tiny-1", "tiny-2"),
    "a list's order": edited(THINGS, "hand = [1, 1, 2]", "hand = [1, 2, 1]"),
    "a table's entry": edited(EXTRA, '"1" = 2', '"1" = 1'),
    "a flag": edited(THINGS, "open = true", "open = false"),
    "an effect parameter": edited(THINGS, "power_params = { n = 2 }", "power_params = { n = 3 }"),
    "a field given": edited(THINGS, 'tags = ["c"]', 'tags = ["c"], weight = 2'),
}


@pytest.mark.parametrize("change", sorted(SAME_VALUES))
def test_an_edit_of_comments_or_provenance_keeps_the_fingerprint(tmp_path: Path, change: str) -> None:
    one = load(spec(write(tmp_path / "a")))
    other = load(spec(write(tmp_path / "b", SAME_VALUES[change])))
    assert re.fullmatch(r"[0-9a-f]{16}", one.fingerprint)
    assert other.fingerprint == one.fingerprint
    assert byte_fingerprint(spec(tmp_path / "a"), _bytes(tmp_path / "a")) != byte_fingerprint(
        spec(tmp_path / "b"), _bytes(tmp_path / "b")
    )  # what the fingerprint was before: every byte counted


@pytest.mark.parametrize("change", sorted(OTHER_VALUES))
def test_an_edit_of_a_game_value_changes_the_fingerprint(tmp_path: Path, change: str) -> None:
    one = load(spec(write(tmp_path / "a")))
    assert load(spec(write(tmp_path / "b", OTHER_VALUES[change]))).fingerprint != one.fingerprint


def test_the_schema_is_part_of_the_fingerprint(tmp_path: Path) -> None:
    one = load(spec(write(tmp_path / "a")))
    four = load(spec(write(tmp_path / "b", edited(META, "schema = 3", "schema = 4")), schema=4))
    assert four.fingerprint != one.fingerprint


def _bytes(root: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in root.glob("*.toml")}


def _formers(values: str, *former: str) -> dict[str, str]:
    listed = ", ".join(f'"{f}"' for f in former)
    return {**FILES, FORMER: f'# computed for the test\nvalues = "{values}"\nformer = [{listed}]\n'}


def test_a_pack_answers_to_its_former_fingerprints_while_its_values_are_theirs(tmp_path: Path) -> None:
    current = load(spec(write(tmp_path / "plain"))).fingerprint
    shelf = DataPacks(spec(write(tmp_path / "shipped", _formers(current, OLD, OLDER))))
    shipped = shelf.shipped()
    assert shipped.fingerprint == current and shipped.former == (OLD, OLDER)
    old = {"pack": {"name": "tiny-1", "fingerprint": OLD, "provisional": 1}}
    assert shelf.of_state(old) is shipped and shelf.by_fingerprint(OLDER) is shipped
    assert shelf.current(old) == {"pack": DataPacks.record(shipped)} and old["pack"]["fingerprint"] == OLD
    with pytest.raises(ValueError, match="^game uses data pack 1111111111111111, which is not loaded$"):
        shelf.by_fingerprint("1" * 16)

    # A server owner's copy with other values keeps the file: it answers to none of them...
    copy = tmp_path / "mine"
    shutil.copytree(tmp_path / "shipped", copy)
    (copy / THINGS).write_text(FILES[THINGS].replace("hue = 240", "hue = 200"), encoding="utf-8")
    mine = shelf.load(copy)
    assert mine.former == () and mine.fingerprint != current
    shelf.register(mine)
    assert shelf.by_fingerprint(OLD) is shipped
    # ... and lists its own former fingerprints the same way.
    write(copy, {FORMER: f'values = "{mine.fingerprint}"\nformer = ["{"2" * 16}"]\n'})
    again = shelf.load(copy)
    shelf.register(again)
    assert again.former == ("2" * 16,) and shelf.by_fingerprint("2" * 16) is again
    assert shelf.by_fingerprint(OLD) is shipped and shelf.by_fingerprint(again.fingerprint) is again


@pytest.mark.parametrize(
    "body,message",
    [
        ('former = ["0123456789abcdef"]\n', "field 'values': must be the values fingerprint"),
        ('values = "x"\nformer = []\n', "field 'values': must be 16 hexadecimal digits, got 'x'"),
        ('values = "0123456789abcdef"\nformer = "0123456789abcdef"\n', "field 'former': must be a list"),
        ('values = "0123456789abcdef"\nformer = ["0123456789ABCDEF"]\n', "item '0123456789ABCDEF': must be 16"),
        ('values = "0123456789abcdef"\nformer = []\nold = 1\n', "unknown field 'old' (known: former, values)"),
        ("values = \n", "not valid TOML"),
    ],
)
def test_a_bad_fingerprints_file_is_refused(tmp_path: Path, body: str, message: str) -> None:
    with pytest.raises(PackError, match=f"^fingerprints.toml: .*{re.escape(message)}"):
        load(spec(write(tmp_path, {**FILES, FORMER: body})))


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True, text=True).stdout


@pytest.mark.skipif(shutil.which("git") is None, reason="needs git")
def test_the_former_fingerprints_are_found_in_the_history(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every earlier version whose values are today's gives its byte fingerprint; a version with
    other values gives none, even though a later one has its bytes' neighbours."""
    repo = tmp_path / "repo"
    root = repo / "packs" / "tiny"
    _git(tmp_path, "init", "-q", "-b", "trunk", str(repo))
    _git(repo, "config", "user.email", "t@example.org")
    _git(repo, "config", "user.name", "T")
    versions = [FILES, SAME_VALUES["a comment"], OTHER_VALUES["a number"], SAME_VALUES["a source"]]
    for number, files in enumerate(versions):
        write(root, files)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-q", "-m", f"version {number}")
    (repo / "elsewhere.txt").write_text("not the pack\n")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-q", "-m", "not the pack")
    tiny = spec(root)
    found = former_fingerprints(tiny)
    bytes_of = [byte_fingerprint(tiny, {k: v.encode() for k, v in files.items()}) for files in versions]
    assert [v.byte for v in found.versions] == bytes_of[::-1]  # newest first, one per commit of the pack
    assert [v.same for v in found.versions] == [True, False, True, True]
    assert found.former == tuple(sorted({bytes_of[0], bytes_of[1], bytes_of[3]}))
    assert found.values == load(tiny).fingerprint

    DataPacks(tiny)  # the command line finds the tiny game's packs like a game's
    assert main(["tiny"]) == 0
    out = capsys.readouterr().out
    assert f"values fingerprint {found.values}" in out and "3 former fingerprints" in out
    assert not (root / FORMER).exists()
    assert main(["tiny", "--write"]) == 0
    assert load(tiny).former == found.former
    text = (root / FORMER).read_text(encoding="utf-8")
    assert text.startswith("# ") and "#   python -m engine.core.datapack.former tiny --write\n" in text


def test_an_owners_pack_lists_the_fingerprint_an_earlier_bot_gave_its_files(tmp_path: Path) -> None:
    """A server owner's folder (no repository): its files as they stand are the version an earlier
    bot loaded, whose byte fingerprint its games recorded; once listed, they go on with it."""
    owners = write(tmp_path / "owners", OTHER_VALUES["a number"])
    tiny = spec(tmp_path / "shipped")
    shelf = DataPacks(tiny)
    recorded = byte_fingerprint(tiny, _bytes(owners))
    assert main(["tiny", "--pack", str(owners), "--write"]) == 0
    text = (owners / FORMER).read_text(encoding="utf-8")
    assert f"#   python -m engine.core.datapack.former tiny --pack {owners.resolve()} --write\n" in text
    mine = shelf.load(owners)
    assert mine.former == (recorded,)
    shelf.register(mine)
    assert shelf.by_fingerprint(recorded) is mine
    assert main(["tiny", "--pack", str(tmp_path / "nowhere")]) == 1
