"""Running a management command as the shell would see it, for the command tests of this folder."""

from __future__ import annotations

import io
import sys

from django.core.management import call_command
from django.core.management.base import CommandError


def run(*args: str, stdin: str | None = None, monkeypatch=None) -> tuple[int, str, str]:
    """Run a command in-process; (exit status, stdout, stderr) as the shell would see them."""
    out, err = io.StringIO(), io.StringIO()
    if stdin is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode())))
    try:
        call_command(*args, stdout=out, stderr=err)
        status = 0
    except SystemExit as exit:
        status = exit.code
    except CommandError as error:
        status, err = error.returncode, io.StringIO(str(error))
    return status, out.getvalue(), err.getvalue()
