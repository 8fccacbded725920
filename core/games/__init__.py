"""The games this program plays, one package each (engine, content, words and bots); each
declares itself to the shell in its ``__init__`` (core.rulesets)."""
