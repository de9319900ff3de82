"""Test-wide settings: property tests are reproducible on CI, exploratory elsewhere."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("deep", max_examples=3000)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else
                                     "default"))
