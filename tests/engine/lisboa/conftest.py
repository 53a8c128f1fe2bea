"""Lisboa foundation tests: fixtures for the shipped pack and corrupted copies of it.

Helpers live in ``lisboa_helpers.py`` (a unique module name); tests import them with
``from lisboa_helpers import ...``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from lisboa_helpers import copy_pack  # noqa: E402

from engine.lisboa.data import default_pack  # noqa: E402


@pytest.fixture
def pack():
    """The shipped, validated pack."""
    return default_pack()


@pytest.fixture
def pack_dir(tmp_path):
    """A writable copy of the shipped pack."""
    return copy_pack(tmp_path)
