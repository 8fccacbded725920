"""Setup: the Known World, everyone's first tokens, the Atlas, the Advisors dealt and
chosen in secret, then the Action Deck and the first hands.

The state starts with a single ``game`` task; running it deals and asks, so that every draw
is an event like any other (``rounds.py`` has the task).
"""

from __future__ import annotations

from core import rng
from core.games.atlas.content import Content
from core.games.atlas.state import COLOURS, DEFAULT_NAMES, Options, Place, Player, State, Task
from core.words import seat_names


def new_state(options: Options, content: Content) -> State:
    if options.players not in (2, 3, 4):
        raise ValueError("Fractured Atlas is played by 2, 3 or 4 players")
    if len(options.names) > options.players:
        raise ValueError(f"{len(options.names)} names for {options.players} players")
    names = seat_names(options.names, DEFAULT_NAMES[:options.players])
    players = [Player(seat=i, name=names[i], colour=COLOURS[i]) for i in range(options.players)]
    state = State(options=options.copy(), rng=rng.seed_state(options.seed), players=players)
    for i, card in enumerate(content.known_world):
        x = i - len(content.known_world) // 2
        place = Place(card, x, 0)
        if card in content.starting_places:
            place.stacks = [[p.seat] for p in players]
        state.places.append(place)
    for player in players:
        player.supply = content.tokens - len(content.starting_places)
    state.atlas = [c for c in content.locations if c not in content.known_world]
    state.stack = [Task("game", -1, {"stage": "deal"})]
    return state
