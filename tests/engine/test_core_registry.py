"""The game registry: exact ids for stored records, forgiving titles for what people type."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

import engine  # noqa: F401  (registers every game)
from engine.core import IllegalAction, find_game, get_game, registry


@pytest.mark.parametrize(
    "typed",
    [
        "puerto_rico",
        "Puerto Rico",
        "puerto rico",
        "Puerto-Rico",
        "PUERTO_RICO",
        "  puerto   rico ",
        "puer",
        "Puerto R",
        "pu ri",
    ],
)
def test_find_game_reads_ids_titles_and_unique_prefixes(typed: str) -> None:
    assert find_game(typed).spec.id == "puerto_rico"


@pytest.mark.parametrize("typed", ["lisboa", "Lisboa", "LIS", "li"])
def test_find_game_finds_lisboa(typed: str) -> None:
    assert find_game(typed).spec.id == "lisboa"


@pytest.mark.parametrize("typed", ["lorenzo", "Lorenzo il Magnifico", "lorenzo-il-magnifico", "lo"])
def test_find_game_finds_lorenzo(typed: str) -> None:
    assert find_game(typed).spec.id == "lorenzo"


def test_a_prefix_of_two_titles_names_both() -> None:
    with pytest.raises(IllegalAction) as err:
        find_game("l")
    assert "`l` could be Lisboa or Lorenzo il Magnifico" in err.value.message


def test_unknown_and_ambiguous_names_list_the_games_by_title(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(IllegalAction) as err:
        find_game("Agricola")
    assert err.value.code == "unknown_game"
    assert "There is no game `Agricola`" in err.value.message and "Lisboa" in err.value.message
    assert "Puerto Rico" in err.value.message and "puerto_rico" not in err.value.message
    with pytest.raises(IllegalAction) as err:
        find_game("  ")
    assert "Say which game" in err.value.message and "Puerto Rico" in err.value.message
    tram = SimpleNamespace(spec=SimpleNamespace(id="lisbon_tram", title="Lisbon Tram"))
    monkeypatch.setitem(registry._GAMES, "lisbon_tram", tram)
    with pytest.raises(IllegalAction) as err:
        find_game("lis")
    assert err.value.code == "unknown_game"
    assert "`lis` could be Lisboa or Lisbon Tram" in err.value.message
    assert find_game("Lisboa").spec.id == "lisboa" and find_game("Lisbon").spec.id == "lisbon_tram"
    assert find_game("lisboa") is get_game("lisboa")  # an exact id wins outright


def test_get_game_wants_the_exact_id_and_quotes_little() -> None:
    with pytest.raises(IllegalAction) as err:
        get_game("Puerto Rico")
    assert "`puerto_rico`" in err.value.message
    with pytest.raises(IllegalAction) as err:
        find_game("x" * 10_000)
    assert len(err.value.message) < 200
