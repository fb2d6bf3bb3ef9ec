"""`manage.py` in a child process, in the environment the README documents."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def manage(*args: str, **env: str) -> subprocess.CompletedProcess:
    # The test run's own switches (the browser tests set DJANGO_ALLOW_ASYNC_UNSAFE) are no part
    # of the documented environment.
    clean = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("DECKLAB_") and k != "DJANGO_ALLOW_ASYNC_UNSAFE"
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={
            **clean,
            "DECKLAB_VAR_DIR": os.environ.get("DECKLAB_VAR_DIR", str(ROOT / "var")),
            **env,
        },
        capture_output=True,
        text=True,
        timeout=120,
    )
