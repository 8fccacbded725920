"""Determinization: a full Fractal game consistent with one seat's view.

Searching bots never see the state. To look ahead they build a *possible world* from their
view: everything public is copied from the view, and everything the seat cannot see is
drawn at random from what is still unaccounted for:

- face-down events (from the events of the sector's kind not visible anywhere),
- face-down technologies and the undealt technology stacks,
- the order of the action and artifact decks, and the face-down Age 2 objective,
- the random generator (future draws are unknown to everyone),
- what other seats have already answered to a simultaneous prompt: in the sampled world
  they have not answered yet, and the engine prompts them again.

The task stack is read from ``view["stack"]`` (a list of ``{"kind", "seat", "data",
"withheld"}``, the data cut down by the hidden-information policy), and the options from
``view["options"]``. A withheld field is one the engine draws again when it finds it
missing (``hidden.PRIVATE_TASK_FIELDS``); any other withheld field leaves no way to
continue the decision in progress: :class:`NotDeterminizable` says so, and the bots fall
back to judging choices unsearched.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import Any

from core.errors import GameError
from core.games.fractal import board, hidden
from core.games.fractal.content import Content, load_content
from core.games.fractal.game import Game
from core.games.fractal.state import (
    ActionMarker,
    Agreement,
    ColonySpace,
    Fracture,
    Options,
    Player,
    Sector,
    State,
    Task,
    TechSlot,
    Unit,
)
from core.plain import copy_plain
from core.rng import Rng

EVENT_POOLS = ("obstacle", "anomaly", "living_galaxy", "singularity")
SLOT_STACKS = ("7", "3-5", "1-2")  # a slot's cards, bottom first, are dealt from these


class NotDeterminizable(GameError):
    """The view lacks what a possible world needs (the task stack, the options)."""


@cache
def _content() -> Content:
    return load_content()


def determinize(view: dict[str, Any], rng: Rng) -> Game:
    """A game whose ``view(seat)`` equals ``view`` (up to prompts), hidden parts sampled."""
    content = _content()
    seat: int = view["seat"]
    options = _options(view)
    players = [_player(p, seat) for p in view["players"]]
    state = State(options=options, rng=rng.seed(), players=players)
    state.sectors = [_sector(s) for s in view["sectors"]]
    state.units = [Unit(id=u["id"], owner=u["owner"], kind=u["kind"], where=u["where"],
                        damage=u["damage"], moved=u["moved"], black=u["black"])
                   for u in view["units"]]
    state.storms = [_storm(s) for s in view["storms"]]
    state.storm_ids = [storm["id"] for storm in view["storms"]]
    state.cycle = view["cycle"]
    state.phase = view["phase"]
    state.first_player = view["first_player"]
    state.watcher = view["watcher"]
    state.turn = view["turn"]
    state.winners = list(view["winners"])
    state.faction_offer = list(view["faction_offer"])
    state.action_pool = list(view["action_pool"])
    state.action_discard = list(view["action_discard"])
    state.artifact_discard = list(view["artifact_discard"])
    state.tech_discard.update({k: list(v) for k, v in view["tech_discard"].items()})
    state.stats = {**state.stats, **view["stats"]}
    state.agreements = [Agreement(a["holder"], a["owner"], a["kind"], a["track"])
                        for a in view.get("agreements", [])]
    state.fracture = _fracture(view.get("fracture", {}))
    _sample_events(state, content, rng)
    _sample_technologies(state, content, view, rng)
    _sample_decks(state, content, view, rng)
    _sample_objectives(state, content, view, rng)
    state.stack = [_task(t) for t in view["stack"]]
    board.forget(state)  # every field set by hand above
    game = Game(state, content, [])
    game.run()
    return game


def _storm(s: dict[str, Any]) -> list[list[int]]:
    hexes = [(h[0], h[1]) for h in s["vertex"]]
    return board.plain_storm_at(hexes, (s["cut"][0], s["cut"][1]))


def _options(view: dict[str, Any]) -> Options:
    o = view["options"]  # no seed in a view: the sampled world needs none
    return Options(players=o["players"], map=o["map"], names=list(o["names"]),
                   factions=list(o["factions"]), modules=list(o["modules"]),
                   random_factions=o["random_factions"])


def _fracture(f: dict[str, Any]) -> Fracture:
    return Fracture(entered=f.get("entered", 0), ingress=list(f.get("ingress", [])),
                    claimed=list(f.get("claimed", [])), rolled=list(f.get("rolled", [])))


def _task(t: dict[str, Any]) -> Task:
    missing = set(t["withheld"]) - hidden.PRIVATE_TASK_FIELDS.get(t["kind"], frozenset())
    if missing:
        raise NotDeterminizable(f"a {t['kind']} task keeps {sorted(missing)} from this seat")
    return Task(t["kind"], t["seat"], copy_plain(t["data"]))


def _player(p: dict[str, Any], viewer: int) -> Player:
    player = Player(seat=p["seat"], name=p["name"], colour=p["colour"], faction=p["faction"],
                    government=p["government"], mastery_elite=p["mastery_elite"],
                    credits=p["credits"], influence=p["influence"], taken=dict(p["taken"]),
                    technologies=list(p["technologies"]), artifacts=list(p["artifacts"]),
                    resolved=list(p["resolved"]), played_cards=list(p["played_cards"]),
                    passed=p["passed"], medals=p["medals"], vp=dict(p["vp"]),
                    vp_tokens=p["vp_tokens"], pool=p.get("pool", 0))
    player.markers = {a: ActionMarker(used=m["used"], depleted=m["depleted"])
                      for a, m in p["markers"].items()}
    player.exhausted = list(p["exhausted"])
    player.faction_tokens = p["faction_tokens"]
    player.extra_cards = p["extra_cards"]
    player.tactics = list(p["hand"])  # every hand is public (hidden.py)
    if p["seat"] == viewer:
        player.known = list(p["known"])
    return player


def _sector(s: dict[str, Any]) -> Sector:
    spaces = [ColonySpace(accepts=list(space["accepts"]), owner=space["owner"],
                          track=space["track"]) for space in s["spaces"]]
    return Sector(id=s["id"], q=s["q"], r=s["r"], tile=s["tile"], kind=s["kind"], spaces=spaces,
                  event=s["event"] or "", event_kind=s["event_kind"],
                  event_face_up=s["event_face_up"], battle_medal=s["battle_medal"],
                  blockade_medal=s["blockade_medal"], anomaly_resolved=s["anomaly_resolved"])


def _draw(pool: list[str], n: int, rng: Rng) -> list[str]:
    """``n`` items drawn without replacement (fewer if the pool runs dry)."""
    rng.shuffle(pool)
    drawn = pool[:n]
    del pool[:n]
    return drawn


def _less(items: Iterable[str], seen: Iterable[str]) -> list[str]:
    """The multiset ``items`` minus the multiset ``seen``, in a stable order."""
    left: dict[str, int] = {}
    for item in items:
        left[item] = left.get(item, 0) + 1
    for item in seen:
        if item in left:
            left[item] -= 1
    return sorted([item for item, count in left.items() for _ in range(count)])


def _event_pool(content: Content, kind: str) -> list[str]:
    pools: dict[str, Iterable[str]] = {
        "obstacle": content.obstacles, "anomaly": content.anomalies,
        "living_galaxy": content.living_galaxies, "singularity": content.singularities,
    }
    return list(pools.get(kind, ()))


def _sample_events(state: State, content: Content, rng: Rng) -> None:
    seen = [s.event for s in state.sectors if s.event]
    seen += [e for p in state.players for e in p.resolved]
    for kind in EVENT_POOLS:
        pool = _less(_event_pool(content, kind), seen)
        for sector in state.sectors:
            if sector.event_kind == kind and not sector.event:
                drawn = _draw(pool, 1, rng)
                sector.event = drawn[0] if drawn else ""


def _sample_technologies(state: State, content: Content, view: dict[str, Any],
                         rng: Rng) -> None:
    seen = [t for p in state.players for t in p.technologies]
    seen += [t for cards in state.tech_discard.values() for t in cards]
    for slots in view["tech"].values():
        seen += [slot["top"] for slot in slots if slot["top"]]
    for kind, slots in view["tech"].items():
        pools = {stack: _less((t.id for t in content.technology_deck(kind, stack)), seen)
                 for stack in SLOT_STACKS}
        state.tech[kind] = []
        for slot in slots:
            count: int = slot["cards"]
            cards: list[str] = []
            for position in range(count):
                if position == count - 1 and slot["top"]:
                    cards.append(slot["top"])
                    continue
                stack = SLOT_STACKS[min(position + len(SLOT_STACKS) - count, 2)]
                drawn = _draw(pools[stack], 1, rng) or _draw(
                    [c for p in pools.values() for c in p], 1, rng)
                cards.append(drawn[0] if drawn else "")
            science = {int(k): v for k, v in slot["science"].items()}
            state.tech[kind].append(TechSlot(type=kind, cards=cards,
                                             top_face_up=slot["top"] is not None,
                                             science=science))


def _sample_decks(state: State, content: Content, view: dict[str, Any], rng: Rng) -> None:
    seen = state.action_pool + state.action_discard
    seen += [c for p in state.players for c in p.played_cards]
    actions = _less((c.id for c in content.action_deck(state.options.modules)), seen)
    state.action_deck = _draw(actions, int(view["action_deck"]), rng)
    seen_artifacts = state.artifact_discard + [a for p in state.players for a in p.artifacts]
    artifacts = _less(content.artifacts, seen_artifacts)
    state.artifact_deck = _draw(artifacts, int(view["artifact_deck"]), rng)


def _sample_objectives(state: State, content: Content, view: dict[str, Any], rng: Rng) -> None:
    age1, age2 = view["objectives"]
    if age1 is None:
        return  # a position set up without objectives
    if age2 is None:
        candidates = sorted(o.id for o in content.objectives_of_age(2))
        age2 = rng.choice(candidates) if candidates else ""
    else:
        state.age2_revealed = True
    state.objectives = [age1, age2]
    if view.get("dawn_objective"):
        state.objectives.append(view["dawn_objective"])
