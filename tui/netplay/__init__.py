"""Network games: the host's and the guests' sessions, and the headless players behind
``fractal host`` and ``fractal join``. Nothing here imports Textual, so the headless
commands never load it; the screens drive these sessions like any other."""
