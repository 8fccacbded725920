"""Determinization: a full Fractured Atlas game consistent with one seat's view.

Searching bots never see the state. To look ahead they build a possible world from their
view: everything public is copied, and what the seat cannot see is drawn at random from
what is unaccounted for: the other hands (each of its known size) and the Action Deck's
order from the action cards seen nowhere, the Atlas above its known bottom from the
Places not yet on the map, the Advisors dealt to the others at setup, and the generator.
Secret choices the others already made are not known: in the sampled world they have not
chosen yet, and the engine asks them again.
"""

from __future__ import annotations

from typing import Any

from core.games.atlas.content import load_content
from core.games.atlas.game import Game
from core.games.atlas.state import Options, Place, Player, State, Task
from core.plain import copy_plain
from core.rng import Rng


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    """A game whose view for the seat of ``view`` matches it, hidden parts sampled."""
    content = load_content()
    me: int = view["seat"]
    players = [_player(p, me) for p in view["players"]]
    options = Options(players=len(players), names=list(view["options"]["names"]))
    state = State(options=options, rng=rng.seed(), players=players)
    state.places = [Place(p["card"], p["x"], p["y"], [list(s) for s in p["stacks"]])
                    for p in view["places"]]
    state.discard = list(view["discard"])
    state.round = view["round"]
    state.phase = view["phase"]
    state.order = list(view["order"])
    state.turn = view["turn"]
    state.moved_into = {int(k): v for k, v in view["moved_into"].items()}
    state.ending = view["ending"]
    state.last_round = view["last_round"]
    state.winners = list(view["winners"])
    state.stats = dict(view["stats"])
    state.stack = [Task(t["kind"], t["seat"], copy_plain(t["data"])) for t in view["stack"]]
    mine = next((p for p in view["players"] if p["seat"] == me), None)
    if mine is not None and mine.get("choice"):
        state.chosen[me] = mine["choice"]
    _sample_atlas(state, view, rng)
    if state.phase == "advisors":
        _sample_advisors(state, content.advisors, content.advisors_dealt, rng)
    else:
        _sample_cards(state, content.action_cards, view, me, rng)
    game = Game(state, content, [])
    game.run()
    return game


def _player(p: dict[str, Any], me: int) -> Player:
    player = Player(seat=p["seat"], name=p["name"], colour=p["colour"], supply=p["supply"],
                    advisor=p["advisor"] or "", advisor_tokens=p["advisor_tokens"],
                    played=p["played"] or "", took=p["took"] or "")
    if p["seat"] == me:
        player.hand = list(p["hand"])
        player.dealt = list(p["dealt"])
    return player


def _sample_atlas(state: State, view: dict[str, Any], rng: Rng) -> None:
    bottom = list(view["atlas_bottom"])
    turned = {t.data.get("card") for t in state.stack if t.kind == "explore"}
    unknown = [c for c in view["atlas_left"] if c not in bottom and c not in turned]
    rng.shuffle(unknown)
    state.atlas = bottom + unknown[:view["atlas"] - len(bottom)]
    state.atlas_known = len(bottom)


def _sample_advisors(state: State, advisors: tuple[str, ...], dealt: int, rng: Rng) -> None:
    seen = {c for p in state.players for c in p.dealt}
    pool = [c for c in advisors if c not in seen]
    rng.shuffle(pool)
    for player in state.players:
        if not player.dealt:
            player.dealt = [pool.pop() for _ in range(dealt)]


def _sample_cards(state: State, cards: tuple[str, ...], view: dict[str, Any], me: int,
                  rng: Rng) -> None:
    seen = set(state.discard)
    for player in state.players:
        seen.update(player.hand)
        seen.update(c for c in (player.advisor, player.played) if c)
    pool = [c for c in cards if c not in seen]
    rng.shuffle(pool)
    for p in view["players"]:
        if p["seat"] != me:
            state.players[p["seat"]].hand = [pool.pop() for _ in range(p["hand_size"])]
    state.deck = pool
