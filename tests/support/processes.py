"""Code run in a new Python process, as daphne starts one: what a server process holds once it
has loaded (``cardroom.asgi``), with nothing the test process did before."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def in_a_fresh_process(code: str) -> str:
    """What ``code`` prints, run by a new Python process from the project's folder."""
    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    return result.stdout
