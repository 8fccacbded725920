"""Settings for every test: property tests have no time limit, because tests never assert
timings (a busy machine made Hypothesis's 200 ms deadline fail a correct test)."""

from hypothesis import settings

settings.register_profile("no-deadline", deadline=None)
settings.load_profile("no-deadline")
