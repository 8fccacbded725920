"""Per-seat views: everything a seat may know, and nothing else, as plain data.

The view is what a screen, a bot or a remote seat receives of a game; what it leaves out
is decided in ``hidden.py``. Besides the state's public facts it carries what the engine
works out cheaply and every screen needs: each player's track readings (income, next cost,
retention, tier, supply), each board's power and VP as it stands, the empty hexes, and
what a conflict the seat is about to declare or back would weigh on each side.
Every field is described in docs/hegemonic.md; a change of shape raises :data:`VERSION`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from core.games.hegemonic import conflict, empire, galaxy, hidden, scoring, targeting, technology
from core.games.hegemonic.arbitration import caps_kept
from core.games.hegemonic.content import KINDS, Content
from core.games.hegemonic.power import Part, total
from core.games.hegemonic.rules import Ctx

# The engine's own arithmetic of a conflict's starting power, so that a preview is the
# conflict as it would be, point for point.
from core.games.hegemonic.conflict import _attack_parts, _defence_parts  # isort: skip
from core.games.hegemonic.state import Player, State
from core.plain import copy_plain, to_plain

VERSION = 2
RULESET = "hegemonic"


def view_of(state: State, content: Content, seat: int, derived: bool = True) -> dict[str, Any]:
    """The view of ``seat`` (-1 for a spectator). ``derived=False`` leaves out what is
    worked out from the rest for screens (each board's standing, the empty hexes, the
    previews of a conflict)."""
    view: dict[str, Any] = {
        "version": VERSION,
        "ruleset": RULESET,
        "seat": seat,
        "options": {name: to_plain(getattr(state.options, name))
                    for name in hidden.PUBLIC_OPTIONS},
        "round": state.round,
        "phase": state.phase,
        "arbiter": state.arbiter,
        "order": list(state.order),
        "turn": state.turn,
        "boards": [list(b) for b in state.boards],
        "center": list(content.galaxy.core[0]),
        "sectors": [{"id": i, "q": s.q, "r": s.r, "board": s.board, "tile": s.tile or None,
                     "home": s.home, "faction": s.faction or None,
                     "locations": list(s.locations)}
                    for i, s in enumerate(state.sectors)],
        "locations": [{"id": i, "sector": loc.sector, "kind": loc.kind, "power": loc.power,
                       "owner": loc.owner, "height": loc.height}
                      for i, loc in enumerate(state.locations)],
        "players": [_player(state, content, p, seat) for p in state.players],
        "pool": list(state.pool),
        "stack_size": len(state.draw),
        "deck_size": len(state.deck),
        "piles": [list(p) for p in state.piles],
        "prompts": [to_plain(p) for p in state.prompts if p.seat == seat],
        "waiting": [{"seat": p.seat, "kind": p.kind} for p in state.prompts],
        "winners": list(state.winners),
        "stats": dict(state.stats),
        "stack": [{"kind": t.kind, "seat": t.seat, "data": to_plain(t.data)}
                  for t in state.stack],
        "standings": scoring.standings(state, content),
    }
    if derived:
        view["preview"] = previews(state, content, seat)
        view["aims"] = aims(state, content, seat)
        powers = scoring.board_power(state)
        scores = scoring.round_scores(state, content)
        view["board_standings"] = [{"board": b, "power": powers[b], "vp": scores[b]}
                                   for b in sorted(powers)]
        view["empty"] = galaxy.empty_hexes(state)
    return view


def _player(state: State, content: Content, player: Player, viewer: int) -> dict[str, Any]:
    own = player.seat == viewer
    record: dict[str, Any] = {
        "seat": player.seat, "name": player.name, "colour": player.colour,
        "house": player.house, "caps": player.caps, "vp": player.vp, "tech_vp": player.tech_vp,
        "tracks": {kind: {"built": player.built[i],
                          "supply": empire.supply(content, player, kind),
                          "next_cost": empire.next_cost(content, player, kind),
                          "income": empire.income(content, player, kind),
                          "tier": empire.tier(content, player, kind),
                          "retention": content.tracks[kind].retention[
                              empire.space(player, kind)]}
                   for i, kind in enumerate(KINDS)},
        "income": empire.total_income(content, player),
        "retention": empire.retention(content, player),
        "keeps": caps_kept(content, player),
        "agents": list(player.agents), "fleets": list(player.fleets),
        "gates": [list(g) for g in player.gates],
        "advanced": list(player.advanced), "inactive": list(player.inactive),
        "hand": list(player.hand) if own else None, "hand_size": len(player.hand),
        "dealt": list(player.dealt) if own else None, "dealt_size": len(player.dealt),
        "draft": list(player.draft) if own else None, "draft_size": len(player.draft),
        "card": player.card or None, "chosen": player.seat in state.chosen,
        "attacked": list(player.attacked), "backed": list(player.backed),
        "leader": player.leader or None, "level": player.level,
    }
    if own:
        record["choice"] = state.chosen.get(player.seat)
    return record


# --- previews of a conflict ----------------------------------------------------------------

def aims(state: State, content: Content, seat: int) -> dict[str, int]:
    """For the seat's question of where an attacking Agent or Fleet moves first: how many
    targets it has if it stays (``stay``) or moves to each sector offered (by number), so
    that a player sees where an attack is possible; empty otherwise."""
    for prompt in state.prompts:
        if prompt.seat == seat and prompt.kind == "move_to" and "pattern" in prompt.context:
            pattern = content.patterns[prompt.context["pattern"]]
            piece = prompt.context["piece"]
            found = {"stay": len(targeting.targets(state, content, seat, pattern, piece))}
            for sector, cost in prompt.context["costs"].items():
                moved = (int(sector), int(cost))
                found[sector] = len(targeting.targets(state, content, seat, pattern, piece,
                                                      moved))
            return found
    return {}


BACKING_PROMPTS = ("agent_faction", "fleet_outpost")


def previews(state: State, content: Content, seat: int) -> dict[str, dict[str, Any]]:
    """For each option of the seat's decision that declares a conflict (``target``) or
    backs a side's Agent or Fleet (``agent_faction``, ``fleet_outpost``): each side's
    starting power and where every point comes from, every backing still to be chosen taken
    at its strongest, what each bystander could lend each side, and a target's cost."""
    ctx = Ctx(state, content)
    found = {}
    for prompt in state.prompts:
        if prompt.seat != seat or prompt.kind not in ("target", *BACKING_PROMPTS):
            continue
        for option in prompt.options:
            data = _supposing(ctx, prompt.kind, seat, option)
            if data is not None:
                found[option] = _forecast(ctx, data)
    return found


def _supposing(ctx: Ctx, kind: str, seat: int, option: str) -> dict[str, Any] | None:
    """The conflict's record as it would be after ``option``; None for "no conflict"."""
    state, content = ctx.state, ctx.content
    if kind == "target":
        if not option.startswith("target:"):
            return None
        task = next(t for t in reversed(state.stack) if t.kind == "attack")
        pattern = content.patterns[task.data["pattern"]]
        _, sector, defender = option.split(":")
        target = targeting.target_in(state, int(sector), int(defender), pattern.target)
        assert target is not None
        return {"attacker": seat, "pattern": pattern.id, "piece": task.data["piece"],
                "target": target.plain(),
                "cost": targeting.cost(state, content, seat, pattern.conflict, target)}
    task = next(t for t in reversed(state.stack) if t.kind == "conflict")
    data: dict[str, Any] = copy_plain(task.data)
    backing = "" if option == "none" else option
    if seat == data["attacker"] and "atk_backing" not in data:
        data["atk_backing"] = backing
    else:
        data.setdefault("def_backing", []).append(backing)
    return data


def _forecast(ctx: Ctx, data: dict[str, Any]) -> dict[str, Any]:
    attacker, defender = conflict.sides(data)
    head, _, index = data["piece"].partition(":")
    if head in ("agent", "fleet") and "atk_backing" not in data:
        sector = ctx.state.players[attacker].fleets[int(index)] if head == "fleet" else -1
        data["atk_backing"] = _strongest(ctx, data, attacker, head, sector, _attack_parts)
    alone = conflict.units_alone(data)
    if data["target"]["kind"] in ("political", "martial"):
        unit = "agent" if data["target"]["kind"] == "political" else "fleet"
        while len(data.setdefault("def_backing", [])) < len(alone):
            data["def_backing"].append(_strongest(ctx, data, defender, unit,
                                                  data["target"]["sector"], _defence_parts))
    support = {}
    if "learning" not in ctx.state.modules:
        for player in ctx.state.players:
            offers = conflict.support_offers(ctx, data, player.seat)
            if player.seat not in (attacker, defender) and offers:
                support[str(player.seat)] = offers
    return {"attack": _attack_parts(ctx, data), "defence": _defence_parts(ctx, data),
            "atk_backing": data.get("atk_backing", ""),
            "def_backing": list(data.get("def_backing", [])), "support": support,
            "cost": data.get("cost", 0)}


def _strongest(ctx: Ctx, data: dict[str, Any], seat: int, unit: str, sector: int,
               parts: Callable[[Ctx, dict[str, Any]], list[Part]]) -> str:
    """The backing the player may still choose that gives their side the most power: a
    faction's Embassies for an Agent, an Outpost stack for a Fleet, or none when nothing
    adds more (none on a tie, keeping the backing for later in the phase)."""
    player = ctx.state.players[seat]
    if unit == "agent":
        options, unlimited = conflict.faction_options(ctx, seat), "post_physical_array"
    else:
        options, unlimited = conflict.outpost_options(ctx, seat, sector), "synergized_logistics"
    attacking = seat == data["attacker"]
    if not attacking and not technology.has(ctx.content, player, unlimited):
        options = [o for o in options if o not in data.get("def_backing", [])]

    def power_with(option: str) -> int:
        trial: dict[str, Any] = copy_plain(data)
        if attacking:
            trial["atk_backing"] = option
        else:
            backing = [*trial.get("def_backing", []), option]
            missing = len(conflict.units_alone(trial)) - len(backing)
            trial["def_backing"] = backing + [""] * missing
        return total(parts(ctx, trial))

    return max(["", *options], key=power_with)
