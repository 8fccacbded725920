"""Network play: the framing and envelope of the relay protocol, the relay server and its
client library (see docs/protocol.md).

Nothing here imports the game: the relay routes opaque payloads for any ruleset.
"""
