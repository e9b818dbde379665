"""The plumbing type-checks strictly, as the engine does: ``mypy --strict serving`` finds nothing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_finds_nothing_in_the_plumbing():
    run = subprocess.run([sys.executable, "-m", "mypy", "--strict", "--no-incremental", "serving"], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    errors = [line for line in run.stdout.splitlines() if ": error:" in line]
    assert errors == [] and run.returncode == 0, run.stdout + run.stderr
