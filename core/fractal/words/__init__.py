"""Fractal in words: every question, option, event, card and the map, readable by a person.

Pure functions of what a seat receives (its view, its prompt, its event records) and of
the content; never of a game's state. ``names`` says players, sectors, units and symbols;
``effects`` and ``cards`` the text of every component, which docs/cards.md shows too.
"""
