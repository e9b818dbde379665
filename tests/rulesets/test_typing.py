"""The engine type-checks (STYLE §20): mypy over rulesets/ finds nothing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_finds_no_type_errors_in_the_engine():
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "rulesets"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout
