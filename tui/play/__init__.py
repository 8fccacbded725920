"""The play layer: one :class:`tui.play.table.Table` per game being played.

Between ``saves/`` and the screens, without Textual (and without asyncio): the table owns
the game, its undo ledger, its autosave, its bots and their pace, the questions answered
for people, and the frames it serves. The local session and the network host are
transports over a table; ``fractal simulate`` plays through a headless one
(:mod:`tui.play.simulate`). docs/architecture.md draws it.
"""
