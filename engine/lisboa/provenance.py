"""Print a Lisboa data pack's provenance summary: ``python -m engine.lisboa.provenance [--pack PATH]``.

Read-only: loads and validates the pack (the shipped one by default, or a server owner's own
transcription at PATH) and prints rows per family, how many are provisional and which sources
they cite. Exit status 1 with the validation message if the pack is bad.
"""

from __future__ import annotations

import argparse
import sys

from .data import DATA_DIR, PackError, load_pack, provenance_summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.lisboa.provenance", description=__doc__.splitlines()[0])
    parser.add_argument("--pack", default=str(DATA_DIR), help="directory of the data pack (default: the shipped one)")
    args = parser.parse_args(argv)
    try:
        pack = load_pack(args.pack)
    except PackError as exc:
        print(f"invalid Lisboa data pack: {exc}", file=sys.stderr)
        return 1
    print(provenance_summary(pack))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
