"""Puerto Rico engine tests: make the shared helper module importable in any import mode.

The helpers live in ``pr_helpers.py`` (a unique module name, so they never clash with
another directory's ``conftest``); tests import them with ``from pr_helpers import ...``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from pr_helpers import G, make_game  # noqa: E402


@pytest.fixture
def game():
    """The registered Puerto Rico game object."""
    return G


@pytest.fixture
def g4():
    """A fresh 4-player game (seed 1), Governor seat 0, nothing played yet."""
    return make_game(4, seed=1)
