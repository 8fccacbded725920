"""Network games: the host's and the guests' sessions, and the headless players behind
``fractal host`` and ``fractal join``. Nothing here imports Textual, so the headless
commands never load it; the screens drive these sessions like any other."""

import os


def default_relay() -> str:
    """The relay a player meets others through: the one ``fractal serve`` started for its
    players (it sets FRACTAL_RELAY for every client), else the usual local port."""
    return os.environ.get("FRACTAL_RELAY") or "127.0.0.1:7777"
