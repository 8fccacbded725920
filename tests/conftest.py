"""Settings for every test: property tests have no time limit, because tests never assert
timings (a busy machine made Hypothesis's 200 ms deadline fail a correct test)."""

import os

# The suite runs the sources even where `make native` compiled the engines (core/native.py),
# unless told otherwise: some tests replace a module's function, which compiled callers
# would not see replaced.
os.environ.setdefault("FRACTAL_NATIVE", "off")

from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
