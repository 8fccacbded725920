"""Determinization: a full Alien Artifacts game consistent with one seat's view.

Searching bots never see the state. To look ahead they build a possible world from their
view: everything public is copied, and what the seat cannot see is drawn at random from
what is unaccounted for: the other hands and the Resource deck's order from the Resource
cards seen nowhere; the Defense Plans and Alien Artifacts the others hold and their decks'
order; the Ship, Technology and Planet decks' order (each deck's top card the one, or one
of the face, the view shows, R31; the cards the seat saw go under a deck where it saw
them), the cards another seat's Buy turned over and each card the view names by its face
only; the Alien System deck; a Defense Plan another seat chose, among the defender's
sampled plans and the Basic tile; the generator.
"""

from __future__ import annotations

from typing import Any

from core.errors import GameError
from core.games.artifacts import faces
from core.games.artifacts.cards import DECKS
from core.games.artifacts.content import Content, load_content
from core.games.artifacts.content.model import KINDS
from core.games.artifacts.game import Game
from core.games.artifacts.hidden import HIDDEN_PLAN
from core.games.artifacts.state import Card, Options, Player, State, Task
from core.plain import copy_plain
from core.rng import Rng

TRIES = 20  # samples drawn to find a world where the seats the view shows waiting decide


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    """A game whose view for the seat of ``view`` matches it, hidden parts sampled.

    A hand sampled for a seat in the middle of a payment may not meet it: such worlds are
    drawn again (a few times) until the seats waiting, and the seat's own options, are the
    view's; past that the last is kept, and a search copes with its empty prompts."""
    mine = [p["options"] for p in view["prompts"]]
    waiting = sorted({w["seat"] for w in view["waiting"]})
    for _ in range(TRIES - 1):
        game = sample(view, rng)
        pending = game.pending()
        if (sorted({p.seat for p in pending}) == waiting
                and all(p.options for p in pending)
                and [p.options for p in pending if p.seat == view["seat"]] == mine):
            return game
    return sample(view, rng)


def sample(view: dict[str, Any], rng: Rng) -> Game:
    """One world consistent with the public parts of ``view``, hidden parts sampled."""
    content = load_content()
    me: int = view["seat"]
    o = view["options"]
    options = Options(players=o["players"], names=list(o["names"]), factions=o["factions"])
    state = State(options=options, rng=rng.seed(),
                  players=[_player(p, me) for p in view["players"]])
    state.discard = list(view["discard"])
    state.artifact_pile = list(view["artifact_pile"])
    state.system = view["system"]
    state.marker, state.passes, state.ending = view["marker"], view["passes"], view["ending"]
    state.first, state.turn, state.turns = view["first"], view["turn"], view["turns"]
    state.phase, state.winners = view["phase"], list(view["winners"])
    state.stack = [Task(t["kind"], t["seat"], copy_plain(t["data"])) for t in view["stack"]]
    taken = {p.faction for p in state.players}
    state.factions = (list(view["factions_left"]) if options.factions == "chosen"
                      else [f for f in content.factions if f not in taken])
    _sample_resources(state, content, view, me, rng)
    known = _sample_card_decks(state, content, view, rng)
    state.shown = [c.id for p in state.players for c in p.empire if c.side == "operational"]
    if me >= 0:  # what the seat knows it knows again: its view names the same
        state.players[me].seen = known
    _sample_held(state, content, view, me, rng)
    _sample_plans_chosen(state, rng)
    game = Game(state, content, [])
    game.run()
    return game


def _card(c: dict[str, Any]) -> Card:
    return Card(c["id"], c["kind"], c["side"], c["tokens"], list(c["under"]))


def _player(p: dict[str, Any], me: int) -> Player:
    player = Player(seat=p["seat"], name=p["name"], faction=p["faction"],
                    credits=p["credits"], vp=p["vp"],
                    construction=[_card(c) for c in p["construction"]],
                    empire=[_card(c) for c in p["empire"]], used=list(p["used"]),
                    attacked=list(p["attacked"]), end_vp=dict(p["end_vp"]))
    if p["seat"] == me:
        player.hand = list(p["hand"])
        player.plans = list(p["plans"])
        player.artifacts = list(p["artifacts"])
    return player


def _unseen(every: list[str], seen: list[str]) -> list[str]:
    left = set(every) - set(seen)
    return [c for c in every if c in left]  # the content's order: the same from any view


def _sample_resources(state: State, content: Content, view: dict[str, Any], me: int,
                      rng: Rng) -> None:
    seen = list(state.discard) + list(state.players[me].hand if me >= 0 else [])
    for player in state.players:
        for card in (*player.construction, *player.empire):
            seen += [u.split(":")[0] for u in card.under]
    for t in state.stack:
        if t.kind == "strike":
            seen += t.data["cards"]
        elif t.kind == "produce" and t.data["card"]:
            seen.append(t.data["card"])
    unknown = _unseen(list(content.resources), seen)
    rng.shuffle(unknown)
    for player, shown in zip(state.players, view["players"], strict=True):
        if player.seat != me:
            player.hand = [unknown.pop() for _ in range(shown["hand_count"])]
    _check(len(unknown), view["deck_count"], "Resource deck")
    state.deck = unknown


def _sample_card_decks(state: State, content: Content, view: dict[str, Any],
                       rng: Rng) -> list[str]:
    """The Ship, Technology and Planet decks and the cards the view names by their face
    only (faces.py): the cards seen nowhere, shuffled, give each alias on a board a card
    of its face, each deck's top a card of the face it shows (R31), and another seat's
    look its cards; the cards the seat saw go under a deck keep their places. Returns
    the cards the seat has seen, as far as the view tells."""
    every = {"ship": list(content.ships), "technology": list(content.technologies),
             "planet": list(content.planets)}
    boards = [c for p in state.players for c in (*p.construction, *p.empire)]
    seen = [c.id for c in boards]
    seen += [c for t in state.stack if t.kind == "take" for c in t.data.get("cards", [])]
    seen += [card for kind in KINDS for card, _ in view["decks"][kind]["known"]]
    seen += [view["decks"][kind]["top"] for kind in KINDS]
    known = [card for kind in KINDS for card, _ in view["decks"][kind]["known"]]
    known += [c.id for c in boards if faces.ambiguous(content, c.id)]  # the Ships it names
    unknown = {kind: _unseen(ids, seen) for kind, ids in every.items()}
    for cards in unknown.values():
        rng.shuffle(cards)
    named: dict[str, str] = {}
    for card in boards:
        if "#" in card.id:
            named[card.id] = card.id = _take_face(content, unknown[card.kind], card.id)
    for t in state.stack:
        t.data = faces.disguise(t.data, named)
        if t.kind == "take" and "hidden" in t.data:
            hidden = t.data.pop("hidden")
            t.data["cards"] = [unknown[t.data["deck"]].pop() for _ in range(hidden)]
    for kind in KINDS:
        shown = view["decks"][kind]
        pool = unknown[kind]
        top = shown["top"]
        if top and top not in every[kind]:  # a face: some card of it
            top = _take_face(content, pool, top)
        deck: list[str | None] = [None] * shown["count"]
        for rid, place in shown["known"]:
            deck[place] = rid
        if top:
            deck[-1] = top
        _check(len(pool), deck.count(None), f"{kind} deck")
        setattr(state, DECKS[kind], [c if c is not None else pool.pop() for c in deck])
    return known


def _take_face(content: Content, pool: list[str], name: str) -> str:
    """A card of the pool with the public side ``name`` shows (a face or an alias)."""
    face = name.split("#")[0]
    for i, card in enumerate(pool):
        if faces.face(content, card) == face:
            return pool.pop(i)
    raise GameError(f"no world fits the view: no card left of the face {face}")


def _sample_held(state: State, content: Content, view: dict[str, Any], me: int,
                 rng: Rng) -> None:
    mine = state.players[me] if me >= 0 else None
    plans = _unseen(list(content.plans), mine.plans if mine else [])
    artifacts = _unseen(list(content.artifacts),
                        state.artifact_pile + (mine.artifacts if mine else []))
    systems = _unseen(list(content.systems), [state.system])
    for pile in (plans, artifacts, systems):
        rng.shuffle(pile)
    for player, shown in zip(state.players, view["players"], strict=True):
        if player.seat != me:
            player.plans = [plans.pop() for _ in range(shown["plan_count"])]
            player.artifacts = [artifacts.pop() for _ in range(shown["artifact_count"])]
    _check(len(plans), view["plan_count"], "Defense Plan deck")
    _check(len(artifacts), view["artifact_count"], "Alien Artifact deck")
    state.plans, state.artifacts, state.systems = plans, artifacts, systems


def _sample_plans_chosen(state: State, rng: Rng) -> None:
    """A plan another seat chose and the view hides: one of the defender's, or the Basic
    tile; an Offensive's strikes share their attack's."""
    chosen: dict[int, str] = {}
    for t in state.stack:
        if t.data.get("plan") != HIDDEN_PLAN:
            continue
        defender = t.data["defender"]
        if defender not in chosen:
            held = dict.fromkeys(state.players[defender].plans)
            chosen[defender] = rng.choice(["basic", *(f"plan:{p}" for p in held)])
        t.data["plan"] = chosen[defender]


def _check(found: int, shown: int, what: str) -> None:
    if found != shown:
        raise GameError(f"no world fits the view: {found} cards for a {what} of {shown}")
