"""The game registry: exact ids for stored records, forgiving titles for what people type."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.core import Game, IllegalAction, all_games, find_game, get_game, register, registered, registry
from engine.core.i18n import listing
from engine.core.text import QUOTE_CHARS
from render.i18n import tr


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


def test_unknown_and_ambiguous_names_list_the_games_by_title() -> None:
    with pytest.raises(IllegalAction) as err:
        find_game("Agricola")
    assert err.value.code == "unknown_game"
    assert "There is no game `Agricola`" in err.value.message and "Lisboa" in err.value.message
    assert "Puerto Rico" in err.value.message and "puerto_rico" not in err.value.message
    with pytest.raises(IllegalAction) as err:
        find_game("  ")
    assert "Say which game" in err.value.message and "Puerto Rico" in err.value.message
    with registered(_named("lisbon_tram", "Lisbon Tram")):
        with pytest.raises(IllegalAction) as err:
            find_game("lis")
        assert err.value.code == "unknown_game"
        assert "`lis` could be Lisboa or Lisbon Tram" in err.value.message
        assert find_game("Lisboa").spec.id == "lisboa" and find_game("Lisbon").spec.id == "lisbon_tram"
        assert find_game("lisboa") is get_game("lisboa")  # an exact id wins outright


def _named(game_id: str, title: str) -> Game:
    """A stand-in game: the registry reads only its spec's id and title."""
    return SimpleNamespace(spec=SimpleNamespace(id=game_id, title=title))  # type: ignore[return-value]


def test_get_game_wants_the_exact_id_and_quotes_little() -> None:
    with pytest.raises(IllegalAction) as err:
        get_game("Puerto Rico")
    assert "`puerto_rico`" in err.value.message
    with pytest.raises(IllegalAction) as err:
        find_game("x" * 10_000)
    quoted = err.value.message.split("`")[1]
    assert len(quoted) <= QUOTE_CHARS and quoted.endswith("…")
    titles = listing([g.spec.title for g in all_games()])
    assert err.value.message == f"There is no game `{quoted}`. Games: {titles}."  # and nothing else


def test_a_long_list_of_games_names_the_first_and_counts_the_others() -> None:
    extra = [_named(f"game_{i:02}", f"Game {i:02}") for i in range(20)]
    with registered(*extra):
        total = len(all_games())
        assert total > registry.LISTED
        with pytest.raises(IllegalAction) as err:
            find_game("chess")
        message = err.value.message
        others = total - (registry.LISTED - 1)
        assert message.endswith(f" and {others} others.") and message.count(",") == registry.LISTED - 2
        assert tr(err.value.message, "ja").endswith(f"ほか{others}件。")
        with pytest.raises(IllegalAction) as err:
            get_game("chess")
        assert "`game_00`, `game_01`" in err.value.message and err.value.message.endswith(f", {others} others.")
    assert len(all_games()) == total - len(extra)


def test_a_registered_game_is_there_for_its_block_only() -> None:
    discovered = [g.spec.id for g in all_games()]
    tram = _named("lisbon_tram", "Lisbon Tram")
    with registered(tram):
        assert get_game("lisbon_tram") is tram and "lisbon_tram" in [g.spec.id for g in all_games()]
        with pytest.raises(ValueError, match="registered twice"):
            register(_named("lisbon_tram", "Another Tram"))
        with pytest.raises(ValueError, match="registered twice"):
            register(_named("lisboa", "Not Lisboa"))  # a discovered game's id is taken too
    assert [g.spec.id for g in all_games()] == discovered
    with registry.scope():  # what tests/conftest.py wraps around every test
        register(tram)  # as the terminal's --load does: for as long as the process lives
        assert registry.current().added() == ["lisbon_tram"]
    assert [g.spec.id for g in all_games()] == discovered and registry.current().added() == []


def test_a_test_may_register_the_toy_games(toy_games: tuple[Game, ...]) -> None:
    assert {"toy_race", "toy_stubborn", "toy_done"} <= {g.spec.id for g in all_games()}
    assert get_game("toy_race") is toy_games[0]


def test_after_a_test_that_registered_toys_only_the_discovered_games_are_left() -> None:
    """Runs after the test above. (On another worker too: tests/conftest.py fails any test that
    starts with a game left registered, and forgets after each test what it registered.)"""
    found = registry.current().found
    assert found is not None and registry.current().added() == []
    assert [g.spec.id for g in all_games()] == found.names()
