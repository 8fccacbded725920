"""Bots: players that see one seat's view and the legal choices, never the state."""
