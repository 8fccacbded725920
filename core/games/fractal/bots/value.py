"""How good a Fractal position looks for each seat, judged from one view (never the state).

Only public parts of the view are read, so the same judgement serves every seat. Almost all
VP come from the objectives at the two transitions, so the judgement is built around them:

- the VP already scored (dice and tokens);
- for each condition in force (the Age 1 rows, or Age 1 combined with Age 2 once revealed),
  the VP it would give at the next transition if the game stopped now: 1 VP a condition in
  Age 1, 2 in Age 2, +1 when met twice over, never past 5 VP in a category. The counters
  follow :mod:`core.games.fractal.counters` (colonies, units, technologies, controlled sectors,
  science on the boards, influence, credits, medals, artifacts, resolved obstacles and
  anomalies), read from the view;
- a share of those VP for progress toward a condition not met yet, larger when the
  transition is far (there is time to finish it) and smaller when it is near;
- in Age 1, a little for counters beyond the Age 1 amounts (the Age 2 card asks for more
  of the same counters);
- what earns VP later: colonies taken from the tracks, technologies, credits, influence,
  science, units, sectors controlled, and threats to own colonies;
- what a depleted action marker costs: the action itself until the upkeep, and influence
  to flip it back then.

The weighted sums become win shares with a softmax, so values are comparable between 2, 3
and 4 players and add up to 1.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from core.bots.base import win_shares
from core.games.fractal.content import Condition, Content, combine_objectives, load_content
from core.games.fractal.modules import dawn

TEMPERATURE = 1.5
MAX_VP = 5
CYCLES_PER_AGE = 2
# A share of a condition's VP for being part of the way there: far from the transition
# (first cycle of an Age) and near it (last cycle).
PROGRESS_FAR = 0.6
PROGRESS_NEAR = 0.3
AGE2_PREP = 0.25  # per category in Age 1: counters toward the (unknown) Age 2 amounts
WEIGHTS = {
    "colony": 0.25,
    "control": 0.12,
    "technology": 0.2,
    "medal": 0.1,
    "credits": 0.03,
    "influence": 0.05,
    "science": 0.03,
    "threat": -0.15,
    "artifact": 0.1,
    "agreement": 0.08,  # a Diplomacy token held: its benefit at the end of the cycle
    # A basic action taken by depleting its marker rather than paying a credit: the action
    # is gone until the upkeep, which costs influence to flip it back (2 by default). Valued
    # at nothing, depleting looked free beside a credit, so the bots depleted their actions
    # early and were left with few to take. Against the heuristic without it, the heuristic
    # with -0.1 won 81 of 88 games; -0.2 won 61 of 100 against -0.1, -0.3 44 of 79
    # (docs/benchmarks.md).
    "depleted": -0.2,
}
UNIT_WEIGHTS = {"infantry": 0.05, "mech": 0.09, "lightship": 0.07, "warship": 0.14}
CREDITS_THAT_COUNT = 12  # a hoard beyond what a cycle can spend is worth nothing more
LATE = ("conflict", "end_of_cycle", "transition")


@cache
def _content() -> Content:
    return load_content()


@cache
def _age2_amounts(category: str) -> float:
    """The mean Age 2 amount of a category: what the Age 1 counter will have to reach."""
    amounts = [o.row(category).amount for o in _content().objectives_of_age(2)]
    return sum(amounts) / len(amounts) if amounts else 0.0


def value(view: dict[str, Any]) -> list[float]:
    return win_shares(view, scores_of, TEMPERATURE)


class Tally:
    """What the judgement counts on the board, for every seat, in one pass: units by kind,
    colonies by track, sectors controlled by kind, science on the boards, and own colonies
    where a rival has more units (a siege waiting to happen). Made from a view's lists
    (:func:`tally_of_view`) or, for the searches' light view, from the state itself
    (``facts.tally_of_state``); both give the same counts in the same orders."""

    __slots__ = ("colonies", "controlled", "science", "threatened", "units")

    def __init__(self, n: int) -> None:
        self.units: list[dict[str, int]] = [{} for _ in range(n)]
        self.colonies: list[dict[str, int]] = [{} for _ in range(n)]
        self.controlled: list[dict[str, int]] = [{} for _ in range(n)]
        self.science = [0] * n
        self.threatened = [0] * n

    def unit(self, owner: int, kind: str, where: int, pieces: dict[int, list[int]]) -> None:
        """Count a unit (on the map), its sector's pieces included."""
        own = self.units[owner]
        own[kind] = own.get(kind, 0) + 1
        pieces.setdefault(where, [0] * len(self.units))[owner] += 1

    def sector(self, kind: str, event_kind: str, event_face_up: bool,
               spaces: list[tuple[int, str]], units: list[int] | None) -> None:
        """Count a sector's colonies (owner, track), who controls it, and the threatened
        colonies, ``units`` being its units by owner (None if it has none). A sector with
        neither counts for nothing and may be left out."""
        n = len(self.units)
        row = list(units) if units is not None else [0] * n
        owners = set()
        for owner, track in spaces:
            if 0 <= owner < n:
                row[owner] += 1
                own = self.colonies[owner]
                own[track] = own.get(track, 0) + 1
                owners.add(owner)
        if units is not None:
            for seat in owners:
                if any(units[o] > units[seat] for o in range(n) if o != seat):
                    self.threatened[seat] += 1
        if event_kind in ("obstacle", "anomaly"):
            return
        best = max(row)
        if best > 0 and row.count(best) == 1:
            seat = row.index(best)
            kinds = self.controlled[seat]
            kinds["any"] = kinds.get("any", 0) + 1
            kinds[kind] = kinds.get(kind, 0) + 1
            if event_kind == "living_galaxy" and event_face_up:
                kinds["living_galaxy"] = kinds.get("living_galaxy", 0) + 1


def tally_of_view(view: dict[str, Any]) -> Tally:
    n = len(view["players"])
    tally = Tally(n)
    units: dict[int, list[int]] = {}
    for unit in view["units"]:
        owner, where = unit["owner"], unit["where"]
        if 0 <= owner < n and where >= 0:
            tally.unit(owner, unit["kind"], where, units)
    for sector in view.get("sectors", ()):
        owned = [(space["owner"], space["track"]) for space in sector["spaces"]
                 if space["owner"] >= 0]
        here = units.get(sector["id"])
        if owned or here is not None:
            tally.sector(sector["kind"], sector["event_kind"], sector["event_face_up"], owned,
                         here)
    for slots in view.get("tech", {}).values():
        for slot in slots:
            for holder, science in slot.get("science", {}).items():
                if 0 <= int(holder) < n:
                    tally.science[int(holder)] += science
    return tally


class Counts:
    """Every counter an objective reads, for every seat: the view's tally (made once)."""

    __slots__ = ("colonies", "controlled", "counted", "n", "players", "science", "threatened",
                 "units")

    def __init__(self, view: dict[str, Any]) -> None:
        players: list[dict[str, Any]] = view["players"]
        self.n = len(players)
        self.players = players
        tally: Tally | None = view.get("tally")
        if tally is None:
            tally = tally_of_view(view)
        self.units = tally.units
        self.colonies = tally.colonies
        self.controlled = tally.controlled
        self.science = tally.science
        self.threatened = tally.threatened
        self.counted: dict[tuple[int, str], int] = {}  # count's answers: asked many times

    def count(self, seat: int, counter: str) -> int:
        found = self.counted.get((seat, counter))
        if found is None:
            found = self.counted[seat, counter] = self._count(seat, counter)
        return found

    def _count(self, seat: int, counter: str) -> int:
        head, _, tail = counter.partition(".")
        player = self.players[seat]
        if head == "colonies":
            own = self.colonies[seat]
            return sum(own.values()) if tail == "any" else own.get(tail, 0)
        if head == "units":
            units = self.units[seat]
            return sum(units.values()) if tail == "any" else units.get(tail, 0)
        if head == "controlled":
            return self.controlled[seat].get(tail, 0)
        if head == "technologies":
            techs = player.get("technologies", ())
            if tail == "any":
                return len(techs)
            known = _content().technologies
            return sum(1 for t in techs if t in known and known[t].type == tail)
        if head == "science":
            return self.science[seat]
        if head in ("obstacles", "anomalies"):
            pool = _content().obstacles if head == "obstacles" else _content().anomalies
            return sum(1 for e in player.get("resolved", ()) if e in pool)
        if head == "artifacts":
            return len(player.get("artifacts", ()))
        if head in ("influence", "credits", "medals"):
            return int(player.get(head, 0))
        return 0


def conditions_in_force(view: dict[str, Any]) -> tuple[tuple[Condition, ...], bool]:
    """The conditions in force and whether the Age 2 card is revealed."""
    shown = view.get("objectives") or []
    if not shown or shown[0] not in _content().objectives:
        return (), False
    return _conditions(shown[0], shown[1] if len(shown) > 1 else None,
                       view.get("dawn_objective") or None)


@cache
def _conditions(age1: str, age2: str | None,
                second: str | None) -> tuple[tuple[Condition, ...], bool]:
    """``conditions_in_force`` for the cards shown: the same few every game, asked at every
    judgement."""
    objectives = _content().objectives
    card = objectives.get(age2) if age2 else None
    if second:  # Dawn of the Galaxy: both Age 1 cards at once
        return dawn.conditions(objectives[age1], objectives[second], card), card is not None
    return combine_objectives(objectives[age1], card), card is not None


def _progress(counts: Counts, seat: int, condition: Condition, factor: int) -> float:
    """How far toward meeting the condition ``factor`` times: 1 when met."""
    total = 0.0
    for counter, amount in condition.requirements:
        need = amount * factor
        total += min(1.0, counts.count(seat, counter) / need) if need > 0 else 1.0
    return total / len(condition.requirements)


def objective_scores(view: dict[str, Any], counts: Counts) -> list[float]:
    """Each seat's VP to come at the next transition, and a share for progress."""
    n = counts.n
    rows, age2 = conditions_in_force(view)
    scores = [0.0] * n
    if not rows:
        return scores
    cycle = int(view.get("cycle", 1))
    near = cycle % CYCLES_PER_AGE == 0
    share = PROGRESS_NEAR if near else PROGRESS_FAR
    if near and view.get("phase") in LATE:
        share *= 0.5
    per_condition = 2 if age2 else 1
    special = not view.get("dawn_objective")  # Dawn of the Galaxy has no specialization
    for seat in range(n):
        vp = counts.players[seat].get("vp", {})
        for condition in rows:
            room = MAX_VP - int(vp.get(condition.category, 0))
            if room <= 0:
                continue
            once = _progress(counts, seat, condition, 1)
            gain = per_condition * (1.0 if once >= 1.0 else share * once * once)
            if special:
                twice = _progress(counts, seat, condition, 2)
                gain += 1.0 if twice >= 1.0 else share * twice * twice
            if not age2:
                counter, _ = condition.requirements[0]
                later = _age2_amounts(condition.category)
                if later > 0:
                    gain += AGE2_PREP * min(1.0, counts.count(seat, counter) / later)
            scores[seat] += min(float(room), gain)
    return scores


def scores_of(view: dict[str, Any]) -> list[float]:
    """Each seat's raw score: VP plus the weighted signs of VP to come."""
    counts = Counts(view)
    players = counts.players
    n = counts.n
    w = WEIGHTS
    scores = objective_scores(view, counts)
    for seat in range(n):
        for kind, number in counts.units[seat].items():
            scores[seat] += UNIT_WEIGHTS.get(kind, 0.05) * number
        scores[seat] += w["control"] * counts.controlled[seat].get("any", 0)
        scores[seat] += w["science"] * counts.science[seat]
    for seat, p in enumerate(players):
        scores[seat] += sum(p["vp"].values()) + p.get("vp_tokens", 0)
        scores[seat] += w["colony"] * sum(p["taken"].values())
        scores[seat] += w["technology"] * len(p.get("technologies", ()))
        scores[seat] += w["medal"] * p.get("medals", 0)
        scores[seat] += w["credits"] * min(p.get("credits", 0), CREDITS_THAT_COUNT)
        scores[seat] += w["influence"] * p.get("influence", 0)
        scores[seat] += w["artifact"] * len(p.get("artifacts", ()))
        scores[seat] += w["depleted"] * sum(1 for m in p["markers"].values() if m["depleted"])
    for agreement in view.get("agreements", ()):
        # A cultural token's colony goes back to its track at the end of the cycle: it is
        # no colony gained.
        lent = w["colony"] if agreement["track"] else 0.0
        scores[agreement["holder"]] += w["agreement"] - lent
    for seat in range(n):
        for _ in range(counts.threatened[seat]):  # one at a time: the sums as they were
            scores[seat] += w["threat"]
    return scores

