"""The rules cores and the shared engine load no interface library (design card: the cores
never import textual or rich), and neither do the games' interface registrations, which the
command line reads before any screen is built."""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize("modules", [
    "orcz", "pirates", "common", "common.engine, common.save, common.conformance",
    "common.session", "orcz.ui, pirates.ui, common.tui.gameui",
])
def test_importing_loads_no_textual_and_no_rich(modules: str) -> None:
    code = (f"import sys, {modules}\n"
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))\n"
            "print(','.join(bad))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "", f"importing {modules} loaded {out}"


def test_the_check_itself_sees_textual() -> None:
    code = ("import sys, common.tui.table\n"
            "print('textual' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "True"
