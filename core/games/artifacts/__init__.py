"""Alien Artifacts, being designed: its content and effect vocabulary (``content/``).

Not registered as a game yet: the engine, words, client and bots come on this data.
docs/alien-artifacts.md is the game as this program will build it.
"""
