"""What Stakes' bots know: hands and the deck sampled from the cards nobody has seen, and
a position judged by the points."""

from __future__ import annotations

from typing import Any

from core.bots.base import Model, win_shares
from core.machine import Task
from core.rng import Rng
from tests.toy.game import DECK, Game, Options, State


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    seat = view["seat"]
    me = view["players"][seat]
    seen = set(me["hand"]) | {c for cards in view["revealed"] for c in cards}
    if view["mine"] is not None:
        seen.add(view["mine"])
    unknown = [c for c in DECK if c not in seen]
    rng.shuffle(unknown)
    hands, played = [], {}
    for player in view["players"]:
        if player["seat"] == seat:
            hands.append(list(me["hand"]))
            continue
        size = player["hand_size"] + (1 if player["committed"] else 0)
        hand = sorted(unknown.pop() for _ in range(size))
        if player["committed"]:
            played[player["seat"]] = hand.pop(rng.below(len(hand)))
        hands.append(hand)
    if view["mine"] is not None:
        played[seat] = view["mine"]
    options = Options(players=len(hands), seed=rng.seed())
    state = State(options=options, rng=rng.seed(), names=[p["name"] for p in view["players"]],
                  hands=hands, deck=unknown[:view["deck"]],
                  points=[p["points"] for p in view["players"]], round=view["round"],
                  leader=view["leader"], stake=view["stake"], played=played,
                  revealed=[list(r) for r in view["revealed"]], phase=view["phase"],
                  winners=list(view["winners"]))
    game = Game(state, None, [])
    if not state.over:
        state.stack = [Task("round")]
        game.run()
    return game


def value(view: dict[str, Any]) -> list[float]:
    return win_shares(view, lambda v: [float(p["points"]) for p in v["players"]], 1.0)


def model() -> Model:
    return Model(determinize=determinize, value=value)
