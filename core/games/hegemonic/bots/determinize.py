"""Determinization: a full Hegemonic game consistent with one seat's view.

Searching bots never see the state. To look ahead they build a possible world from their
view: everything public is copied, and what the seat cannot see is drawn at random from
what is unaccounted for: the other hands and draft hands (each of its known size) and the
draw pile's order from the Technology Cards of the game seen nowhere; the tile stack and
the tiles dealt to the others from the tiles of the game seen nowhere; the generator.
Secret choices the others already made are not known: in the sampled world they have not
chosen yet, and the engine asks them again.
"""

from __future__ import annotations

from typing import Any

from core.games.hegemonic.content import KINDS, Content, load_content
from core.games.hegemonic.game import Game
from core.games.hegemonic.state import Location, Options, Player, Sector, State, Task
from core.plain import copy_plain
from core.rng import Rng


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    """A game whose view for the seat of ``view`` matches it, hidden parts sampled."""
    content = load_content()
    me: int = view["seat"]
    o = view["options"]
    options = Options(players=o["players"], names=list(o["names"]), layout=o["layout"],
                      homes=o["homes"], modules=list(o["modules"]))
    state = State(options=options, rng=rng.seed(),
                  players=[_player(p, me) for p in view["players"]])
    state.boards = [list(b) for b in view["boards"]]
    state.sectors = [Sector(s["q"], s["r"], s["board"], s["tile"] or "", s["home"],
                            s["faction"] or "", list(s["locations"])) for s in view["sectors"]]
    if state.sectors:
        state.map_key = "map:" + ";".join(f"{b[0]},{b[1]},{b[2]}" for b in state.boards)
    state.locations = [Location(loc["sector"], loc["kind"], loc["power"], loc["owner"],
                                loc["height"]) for loc in view["locations"]]
    state.pool = list(view["pool"])
    state.piles = [list(p) for p in view["piles"]]
    state.round, state.phase, state.arbiter = view["round"], view["phase"], view["arbiter"]
    state.order, state.turn = list(view["order"]), view["turn"]
    state.winners, state.stats = list(view["winners"]), dict(view["stats"])
    state.stack = [Task(t["kind"], t["seat"], copy_plain(t["data"])) for t in view["stack"]]
    mine = next((p for p in view["players"] if p["seat"] == me), None)
    if mine is not None and mine.get("choice"):
        state.chosen[me] = mine["choice"]
    _sample_cards(state, content, view, me, rng)
    _sample_tiles(state, content, view, me, rng)
    game = Game(state, content, [])
    game.run()
    return game


def _player(p: dict[str, Any], me: int) -> Player:
    player = Player(seat=p["seat"], name=p["name"], colour=p["colour"], house=p["house"],
                    caps=p["caps"], vp=p["vp"], tech_vp=p["tech_vp"],
                    built=[p["tracks"][k]["built"] for k in KINDS], agents=list(p["agents"]),
                    fleets=list(p["fleets"]), gates=[list(g) for g in p["gates"]],
                    inactive=list(p["inactive"]), advanced=list(p["advanced"]),
                    card=p["card"] or "", attacked=list(p["attacked"]),
                    backed=list(p["backed"]), leader=p["leader"] or "", level=p["level"])
    if p["seat"] == me:
        player.hand = list(p["hand"])
        player.dealt = list(p["dealt"])
        player.draft = list(p["draft"])
    return player


def _sample_cards(state: State, content: Content, view: dict[str, Any], me: int,
                  rng: Rng) -> None:
    in_game = set(content.deck(len(state.players) <= 3))
    state.out = [c for c in content.cards if c not in in_game]
    known = {c for pile in state.piles for c in pile}
    for p in state.players:
        known |= {*p.hand, *p.inactive, *p.advanced, *p.draft}
    for t in state.stack:
        if t.kind == "conflict":
            known |= {t.data.get("atk_card", ""), t.data.get("def_card", "")}
    unknown = [c for c in content.cards if c in in_game and c not in known]
    rng.shuffle(unknown)
    for p, seen in zip(state.players, view["players"], strict=True):
        if p.seat != me:
            p.hand = [unknown.pop() for _ in range(seen["hand_size"])]
            p.draft = [unknown.pop() for _ in range(seen["draft_size"])]
    state.deck = unknown


def _sample_tiles(state: State, content: Content, view: dict[str, Any], me: int,
                  rng: Rng) -> None:
    known = {s.tile for s in state.sectors if s.tile and s.home < 0} | set(state.pool)
    known |= {t for p in state.players for t in p.dealt}
    eligible = set(content.tile_set(len(state.players) <= 3))
    likely = [t for t in content.tiles if t not in known and t in eligible]
    rest = [t for t in content.tiles if t not in known and t not in eligible]
    rng.shuffle(likely)
    rng.shuffle(rest)
    unknown = rest + likely  # drawn from the end: the eligible tiles first
    for p, seen in zip(state.players, view["players"], strict=True):
        if p.seat != me:
            p.dealt = [unknown.pop() for _ in range(seen["dealt_size"])]
    state.draw = [unknown.pop() for _ in range(view["stack_size"])]
    state.unused = unknown
