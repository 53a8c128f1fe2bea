"""The shipped packs of Lisboa, Lorenzo il Magnifico and The Red Cathedral keep every game in
progress playable across an upgrade that only touches their comments or provenance: a state set up
with main's pack (before its sources were rewritten) is played with the shipped pack, and an edited
copy keeps the shipped fingerprint unless a game value changes."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from engine.core import get_game, play
from engine.core.datapack import DataPacks, packs_of

#: What a game set up on main before the provenance rewrite recorded as its ``"pack"`` (the byte
#: fingerprint of ``git show main:<pack files>``, computed by the loader main shipped).
MAIN = {
    "lisboa": {"name": "lisboa-shipped-1", "fingerprint": "53d2b01507c6bd0e", "provisional": 312},
    "lorenzo": {"name": "lorenzo-base", "fingerprint": "b539bba4e7bf3b97", "provisional": 0},
    "red_cathedral": {"name": "red-cathedral-shipped-1", "fingerprint": "8fcad79e814d4479", "provisional": 146},
}

#: One game value per pack, changed in a way the pack's checks accept: (file, old, new).
VALUE_EDITS = {
    "lisboa": ("ships.toml", "sale_bonus = 3, influence = 4,", "sale_bonus = 2, influence = 4,"),
    "lorenzo": ("lorenzo.toml", "tower_tax = 3", "tower_tax = 2"),
    "red_cathedral": ("market.toml", '"brick", amount = 2,', '"brick", amount = 3,'),
}


def copy_of(game: str, tmp_path: Path) -> Path:
    target = tmp_path / game
    shutil.copytree(packs_of(game).spec.default_dir, target)
    return target


@pytest.mark.parametrize("game", sorted(MAIN))
def test_a_game_set_up_with_mains_pack_is_played_with_the_shipped_pack(game: str) -> None:
    packs = packs_of(game)
    shipped = packs.shipped()
    assert shipped.fingerprint != MAIN[game]["fingerprint"]  # the values fingerprint is new
    state, _ = play.new_game(get_game(game), ["Ann", "Bob"], {}, 5)
    state["pack"] = dict(MAIN[game])
    assert packs.of_state(state) is shipped
    rules = get_game(game)
    assert all(play.legal_actions(rules, state, seat) for seat in play.waiting_players(rules, state))
    assert packs.current(state)["pack"] == DataPacks.record(shipped)
    assert DataPacks.record(shipped) == {**MAIN[game], "fingerprint": shipped.fingerprint}
    assert state["pack"] == MAIN[game]  # current() gives a copy


@pytest.mark.parametrize("game", sorted(MAIN))
def test_a_comment_or_provenance_edit_keeps_the_fingerprint_a_value_edit_changes_it(game: str, tmp_path: Path) -> None:
    packs = packs_of(game)
    shipped = packs.shipped()
    copy = copy_of(game, tmp_path)
    touched = 0
    for path in sorted(copy.glob("*.toml")):
        text = path.read_text(encoding="utf-8")
        edited = "# Checked again against the printed copy.\n" + text
        edited = re.sub(r'(\bsource = "[^"]*)"', r'\1 (checked again)"', edited, count=1)
        edited = re.sub(r'\bwhy = "', 'why = "rechecked: ', edited, count=1)
        edited = re.sub(r'^title = "', 'title = "Retitled: ', edited, count=1, flags=re.M)
        touched += edited.count("(checked again)") + edited.count("rechecked: ")
        path.write_text(edited, encoding="utf-8")
    assert touched >= (1 if game == "lorenzo" else 2)
    reread = packs.load(copy)
    assert reread.fingerprint == shipped.fingerprint and reread.former == shipped.former
    assert reread.rows != shipped.rows  # the provenance did change

    file, old, new = VALUE_EDITS[game]
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path.write_text(text.replace(old, new), encoding="utf-8")
    changed = packs.load(copy)
    assert changed.fingerprint != shipped.fingerprint
    assert changed.former == ()  # the former fingerprints named other values: this copy answers to none
    with pytest.raises(ValueError, match="which is not loaded"):
        packs.by_fingerprint(changed.fingerprint)
