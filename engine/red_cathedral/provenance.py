"""Print a Red Cathedral data pack's provenance summary:
``python -m engine.red_cathedral.provenance [--pack PATH]``.

The same as ``python -m engine.core.datapack red_cathedral [--pack PATH]``: loads and validates the
pack (the shipped one by default, or a server owner's transcription at PATH) and prints rows per
family, how many are provisional and which sources they cite; exit status 1 if the pack is bad.
"""

from __future__ import annotations

from ..core.datapack.cli import main as datapack_main


def main(argv: list[str] | None = None) -> int:
    return datapack_main(argv, prog="python -m engine.red_cathedral.provenance", game="red_cathedral")


if __name__ == "__main__":
    raise SystemExit(main())
