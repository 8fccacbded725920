"""Errors the kernel raises. Each carries a one-line message fit to show a player."""


class GameError(Exception):
    """Something asked of a game that it cannot do."""


class IllegalChoice(GameError):
    """A choice that is not among the legal choices of the seat's pending decision."""


class NotYourDecision(GameError):
    """A seat answered when no decision of theirs was pending."""


class GameOver(GameError):
    """A choice arrived after the game had ended."""
