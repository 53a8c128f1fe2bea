"""What the command-line tests share: a clean environment, in-process runs of ``python -m bot`` that
collect the exit code, and real processes for the traceback-free guarantee."""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import bot.__main__ as entry

ROOT = Path(__file__).resolve().parents[2]
#: The settings ``python -m bot`` reads: unset for each test, which sets what it needs.
VARIABLES = (
    "DISCORD_TOKEN",
    "DATABASE_URL",
    "DATABASE_PATH",
    "LOG_LEVEL",
    "LOG_FORMAT",
    "DATA_PACKS",
    "SHARD_COUNT",
    "SHARD_IDS",
    "HEALTH_PORT",
    "SYNC_COMMANDS",
)


def clean_env(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """No settings from this machine, and ``folder`` as the current directory (no ``.env`` there)."""
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.chdir(folder)


def main_code(argv: list[str]) -> int:
    """``python -m bot``'s exit code, in this process (argparse's refusal exits)."""
    try:
        return entry.main(argv)
    except SystemExit as stop:
        return int(stop.code or 0)


@dataclass
class Ran:
    code: int
    out: str
    err: str


def run_process(module: str, args: list[str], cwd: Path, env: dict[str, str] | None = None) -> Ran:
    """``python -m module args`` as a real process in ``cwd`` (this checkout's packages, no settings
    from this machine but ``env``)."""
    clean = {k: v for k, v in os.environ.items() if k not in VARIABLES}
    clean |= {"PYTHONPATH": str(ROOT), **(env or {})}
    done = subprocess.run(
        [sys.executable, "-m", module, *args], cwd=cwd, env=clean, capture_output=True, text=True, timeout=120
    )
    return Ran(done.returncode, done.stdout, done.stderr)


def one_error_line(err: str, prog: str) -> str:
    """The single line of a refusal (asserting that it is one, and no traceback)."""
    assert "Traceback" not in err, err
    lines = err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{prog}: error: "), err
    return lines[0]
