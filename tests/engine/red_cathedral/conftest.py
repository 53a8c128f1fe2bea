"""The Red Cathedral tests: helpers live in ``rc_helpers.py`` (a unique module name); tests import
them with ``from rc_helpers import ...``."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)

from rc_helpers import copy_pack  # noqa: E402


@pytest.fixture
def pack_dir(tmp_path: Path) -> Path:
    """A writable copy of the shipped pack."""
    return copy_pack(tmp_path)
