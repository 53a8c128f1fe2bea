"""Where the test run's time goes: the README's test command, timed, with its slowest tests.

Runs ``python -m pytest -n auto`` (the README's test command; ``--workers 0`` for a serial run,
``--workers N`` for N processes) from the repository root with a JUnit report on the side, then
prints the wall time, the CPU time of every process it started, the largest process's peak memory,
the machine's load before and after (a busy machine makes every figure worse), the outcome counts,
the time per test folder and the slowest tests. Extra arguments after ``--`` go to pytest.

    python bench/test_times.py [--workers auto|0|N] [--slowest 20] [-- -m "not slow" tests/engine]
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


@dataclass(frozen=True)
class Case:
    name: str  # file::test, as pytest prints it
    seconds: float
    outcome: str  # passed, failed, error, skipped


def parse_junit(path: Path) -> list[Case]:
    """Every test case of a JUnit XML report, with its time and outcome."""
    cases = []
    for element in ET.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        for child in element:
            if child.tag in ("failure", "error", "skipped"):
                outcome = {"failure": "failed"}.get(child.tag, child.tag)
        module = element.get("classname", "")
        cases.append(Case(f"{module}::{element.get('name', '')}", float(element.get("time", 0) or 0), outcome))
    return cases


def folder_of(case: Case) -> str:
    """``tests.bot_service.test_x.TestY::name`` -> ``tests/bot_service``."""
    parts = case.name.split("::", 1)[0].split(".")
    return "/".join(parts[:2]) if len(parts) > 2 else parts[0]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", default="auto", help="pytest-xdist processes: auto (default), 0 = serial, or N")
    parser.add_argument("--slowest", type=int, default=20, metavar="N", help="how many of the slowest tests to list")
    parser.add_argument("--files", type=int, default=15, metavar="N", help="how many of the slowest test files to list")
    parser.add_argument("pytest_args", nargs="*", help="after --: extra pytest arguments")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="test-times-") as scratch:
        report = Path(scratch) / "junit.xml"
        command = [sys.executable, "-m", "pytest", "-n", args.workers, "-p", "no:cacheprovider"]
        command += [f"--junitxml={report}", "-o", "junit_family=xunit1", *args.pytest_args]
        print("running:", " ".join(command[1:]), flush=True)
        load_before = os.getloadavg()
        started = time.perf_counter()
        finished = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        wall = time.perf_counter() - started
        load_after = os.getloadavg()
        usage = resource.getrusage(resource.RUSAGE_CHILDREN)
        tail = finished.stdout.strip().splitlines()[-1:] or ["(no output)"]
        cases = parse_junit(report) if report.exists() else []
    counts: dict[str, int] = defaultdict(int)
    per_folder: dict[str, float] = defaultdict(float)
    for case in cases:
        counts[case.outcome] += 1
        per_folder[folder_of(case)] += case.seconds
    print(f"pytest says:   {tail[0]} (exit {finished.returncode})")
    print(f"wall time:     {wall:7.1f} s  ({wall / 60:.1f} min)")
    cpu = usage.ru_utime + usage.ru_stime
    print(f"CPU time:      {cpu:7.1f} s  (user {usage.ru_utime:.1f}, system {usage.ru_stime:.1f})")
    print(f"peak memory:   {usage.ru_maxrss / 1024:7.0f} MB  (the largest single process)")
    print(f"cores:         {os.cpu_count()}; load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print("outcomes:      " + ", ".join(f"{n} {outcome}" for outcome, n in sorted(counts.items())))
    total = sum(case.seconds for case in cases) or 1.0
    print("\ntest time per folder (summed over workers):")
    for folder, seconds in sorted(per_folder.items(), key=lambda item: -item[1]):
        print(f"  {seconds:7.1f} s  {100 * seconds / total:4.1f} %  {folder}")
    per_file: dict[str, float] = defaultdict(float)
    for case in cases:
        per_file[case.name.split("::", 1)[0]] += case.seconds
    print(f"\nthe {args.files} slowest test files:")
    for name, seconds in sorted(per_file.items(), key=lambda item: -item[1])[: args.files]:
        print(f"  {seconds:7.1f} s  {name}")
    print(f"\nthe {args.slowest} slowest tests:")
    for case in sorted(cases, key=lambda c: -c.seconds)[: args.slowest]:
        print(f"  {case.seconds:6.2f} s  {case.name}")
    if finished.returncode not in (0, 5):
        print("\n" + "\n".join(finished.stdout.strip().splitlines()[-30:]))
    return finished.returncode


if __name__ == "__main__":
    sys.exit(main())
