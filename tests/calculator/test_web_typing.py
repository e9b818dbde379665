"""The web layer type-checks (STYLE §20) as the engine does: mypy with django-stubs over serving/, calculator/
and ledger/ finds nothing (pyproject.toml: the plugin reads calculator.test_settings)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_with_django_stubs_finds_no_type_errors():
    run = subprocess.run(  # one run for all three: the plugin sets Django up once
        [sys.executable, "-m", "mypy", "--no-incremental", "serving", "calculator", "ledger"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert "Success" in run.stdout


def test_the_check_knows_djangos_types(tmp_path):
    # without django-stubs a request is Any and a misspelt attribute passes: the check must catch one
    probe = tmp_path / "probe.py"
    probe.write_text("from django.http import HttpRequest\n\n\ndef f(request: HttpRequest) -> str:\n"
                     "    return request.methd\n")
    run = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-incremental", "--config-file", str(ROOT / "pyproject.toml"), str(probe)],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert run.returncode == 1, run.stdout + run.stderr
    assert '"HttpRequest" has no attribute "methd"' in run.stdout
