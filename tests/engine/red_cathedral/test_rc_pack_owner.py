"""A server owner's own pack (``DATA_PACKS``), the provenance command line, and games bound to the
pack they were set up with."""

from __future__ import annotations

from pathlib import Path

import pytest
from rc_helpers import edit

from engine.core import play
from engine.core.datapack import PackError
from engine.red_cathedral import GAME, provenance
from engine.red_cathedral.data import PACKS


def test_the_provenance_command_prints_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    assert provenance.main([]) == 0
    out = capsys.readouterr().out
    assert "section                 40           40" in out
    assert "prestige_space          40           38" in out
    assert "partly provisional: 146 of 168 rows" in out


def test_the_provenance_command_refuses_a_bad_pack(pack_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    edit(pack_dir, "score.toml", "lap = 80", "lap = 81")
    assert provenance.main(["--pack", str(pack_dir)]) == 1
    assert "invalid The Red Cathedral data pack: score.toml: [track]" in capsys.readouterr().err


def test_an_owners_pack_is_validated_and_used_for_new_games(pack_dir: Path) -> None:
    rows = (pack_dir / "market.toml").read_text(encoding="utf-8")
    owned = rows.replace(
        'amount = 2, cross = false, source = "review gamersalliance.com/the-red-cathedral (item); no public source '
        'for the amount", '
        'provisional = true, provisional_fields = ["amount"], why = "amount not in any source; 2 like the one '
        'published tile (lumber 2) for the building materials" },\n  { id = "rt-stone"',
        'amount = 3, cross = false, source = "printed component (my own copy of the game)" },\n  { id = "rt-stone"',
    )
    assert owned != rows
    (pack_dir / "market.toml").write_text(owned, encoding="utf-8")
    shipped = GAME.pack
    try:
        line = GAME.load_data_pack(str(pack_dir))
        assert line.endswith("Card values partly provisional (145 of 168 rows).")
        state, _ = play.new_game(GAME, ["A", "B"], {}, 1)
        assert state["pack"]["fingerprint"] != PACKS.shipped().fingerprint
        assert PACKS.of_state(state).resource_tiles["rt-brick"].amount == 3
        assert GAME.notice(state) == "Card values partly provisional (145 of 168 rows)."
    finally:
        GAME.pack = shipped


def test_a_bad_owners_pack_is_refused_and_changes_nothing(pack_dir: Path) -> None:
    edit(
        pack_dir,
        "workshop.toml",
        '{ slot = "red", colour = "red", cost = 2',
        '{ slot = "red", colour = "red", cost = 20',
    )
    with pytest.raises(PackError, match=r"workshop\.toml: basic row 1 \(slot 'red'\): field 'cost': must be 0\.\.10"):
        GAME.load_data_pack(str(pack_dir))
    assert GAME.pack is None


def test_a_game_set_up_with_an_unknown_pack_is_refused() -> None:
    state, _ = play.new_game(GAME, ["A", "B"], {}, 1)
    state["pack"]["fingerprint"] = "0" * 16
    with pytest.raises(ValueError, match="not loaded"):
        GAME.legal_actions(state, 0)
