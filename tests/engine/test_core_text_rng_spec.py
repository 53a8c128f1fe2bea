"""Engine core: forgiving-but-strict text matching, the seeded generator, option schemas."""

from __future__ import annotations

import pytest

from engine.core import GameSpec, IllegalAction, OptionSpec, rng
from engine.core.text import match_text, normalize

TEXTS = ["build large-market", "build large-warehouse", "build small-market", "pass", "ship corn 7"]


def test_normalize_folds_case_and_separators() -> None:
    assert normalize("  Build   LARGE_market ") == "build large market"


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("build large-market", 0),
        ("BUILD LARGE MARKET", 0),
        ("build_large_market", 0),
        ("build large-m", 0),  # unique prefix
        ("bu sm", 2),  # every word abbreviated
        ("pa", 3),
        ("ship corn 7", 4),
    ],
)
def test_match_text_accepts_forgiving_forms(typed: str, expected: int) -> None:
    assert match_text(typed, TEXTS) == expected


def test_ambiguous_text_lists_only_the_candidates() -> None:
    with pytest.raises(IllegalAction) as err:
        match_text("build large", TEXTS)
    assert err.value.code == "ambiguous"
    assert err.value.legal == ["build large-market", "build large-warehouse"]


@pytest.mark.parametrize("typed", ["build palace", "", "ship corn 8", "pass now"])
def test_unknown_text_lists_every_choice(typed: str) -> None:
    with pytest.raises(IllegalAction) as err:
        match_text(typed, TEXTS)
    assert err.value.code == "unknown"
    assert err.value.legal == TEXTS
    assert "Legal now:" in err.value.message


def test_rng_is_deterministic_and_seed_dependent() -> None:
    a, b, c = {"rng": rng.seed_state(7)}, {"rng": rng.seed_state(7)}, {"rng": rng.seed_state(8)}
    seq_a = [rng.randbelow(a, 1000) for _ in range(20)]
    assert seq_a == [rng.randbelow(b, 1000) for _ in range(20)]
    assert seq_a != [rng.randbelow(c, 1000) for _ in range(20)]


def test_rng_randbelow_covers_its_range_uniformly_enough() -> None:
    state = {"rng": rng.seed_state(1)}
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randbelow(state, 6)] += 1
    assert all(850 < c < 1150 for c in counts)


def test_rng_shuffle_is_a_permutation_and_reproducible() -> None:
    items = list(range(30))
    one, two = {"rng": 5}, {"rng": 5}
    first, second = list(items), list(items)
    rng.shuffle(one, first)
    rng.shuffle(two, second)
    assert first == second and sorted(first) == items and first != items


def test_rng_ignores_global_random_state() -> None:
    import random

    state = {"rng": 99}
    random.seed(1)
    x = rng.next_u64(state)
    state = {"rng": 99}
    random.seed(2)
    random.random()
    assert rng.next_u64(state) == x


SPEC = GameSpec(
    "demo",
    "Demo",
    2,
    4,
    1,
    (
        OptionSpec("variant", "Variant rule", False, {False: "off", True: "on"}),
        OptionSpec("speed", "Speed", "normal", {"normal": "Normal", "fast": "Fast"}),
    ),
)


def test_options_fill_defaults_and_parse_text() -> None:
    assert SPEC.resolve_options({}, 3) == {"variant": False, "speed": "normal"}
    assert SPEC.resolve_options({"variant": "yes", "speed": "FAST"}, 2) == {"variant": True, "speed": "fast"}


@pytest.mark.parametrize(
    ("options", "players", "fragment"),
    [
        ({"variant": "maybe"}, 3, "Option `variant` cannot be `maybe`"),
        ({"colour": "red"}, 3, "has no option `colour`"),
        ({}, 5, "needs 2–4 players"),
        ({}, 1, "needs 2–4 players"),
    ],
)
def test_bad_options_are_refused_with_a_friendly_message(options: dict, players: int, fragment: str) -> None:
    with pytest.raises(IllegalAction) as err:
        SPEC.resolve_options(options, players)
    assert err.value.code == "bad_option"
    assert fragment in err.value.message


def test_canonical_spec_string_is_stable() -> None:
    assert SPEC.canonical({"variant": True, "speed": "fast"}, 3) == "demo(players=3,speed=fast,variant=True)"
