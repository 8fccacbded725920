"""Plain-text renderings of a view: the map, the sectors, every empire board, the shared
boards, the pending question, the final scores. ``fractal show`` prints them, for
terminals without Textual, scripts and bug reports; ``fractal replay --text`` files its
decision lines by :func:`category`.

Every function takes a view (and a prompt, as a frame carries it) and returns lines; the
map is drawn on the cells of ``mapgrid``, with the symbols of ``names`` (``ascii=True`` for
plain ASCII), so nothing depends on colour.
"""

from __future__ import annotations

from typing import Any

from core.celltext import plain
from core.games.fractal.words import cards, mapgrid, questions
from core.games.fractal.words import facts as f
from core.games.fractal.words.names import (
    ACTIONS,
    EVENT_KINDS,
    PHASES,
    SECTOR_KINDS,
    UNITS,
    View,
    card_name,
    content,
    owner_symbol,
    seat_name,
    sector_name,
    seen,
    symbols,
    tech_slot,
    units,
)
from core.games.fractal.words.sectorcell import EVENT_MARKS, KIND_LETTERS, link_mark, pieces
from core.linework import HEAVY, LIGHT, Linework
from core.words import capital, count, listing

# --- the map -------------------------------------------------------------------------------


def cell(view: View, sector: int, size: mapgrid.CellSize, ascii: bool = False) -> list[str]:
    """A sector's cell: ``size.height`` lines of at most ``size.width - 1`` characters
    (``sectorcell`` says what goes in)."""
    linked = mapgrid.links(view).get(sector, ())
    lines = plain(pieces(view, sector, size, ascii, linked)[0])
    return lines + [""] * (size.height - len(lines))


def map_lines(view: View, size: mapgrid.CellSize = mapgrid.COMPACT,
              ascii: bool = False) -> list[str]:
    """The map drawn on its grid of cells: each inside the border it shares with its
    neighbours, a border a storm breaks dashed, the storm on its corner."""
    grid = mapgrid.layout(view, size)
    canvas = [[" "] * grid.cols for _ in range(grid.rows)]
    links = mapgrid.links(view)
    for sector, (row, col) in grid.cells.items():
        for i, line in enumerate(plain(pieces(view, sector, size, ascii,
                                              links.get(sector, ()))[0])):
            canvas[row + i][col:col + len(line)] = list(line)
    for (row, col), char in borders(grid, mapgrid.cut(view)).characters(ascii).items():
        canvas[row][col] = char
    for storm in grid.storms:
        if 0 <= storm.row < grid.rows and 0 <= storm.col < grid.cols:
            canvas[storm.row][storm.col] = symbols(ascii).storm
    return ["".join(line).rstrip() for line in canvas]


def legend(view: View) -> list[tuple[str, str]]:
    """Every mark the client's panes show, as (symbol, meaning) pairs."""
    sym = symbols()
    pairs = [(owner_symbol(view, p["seat"]), seat_name(view, p["seat"]))
             for p in view["players"]]
    pairs += [(sym.units[kind], kind) for kind in UNITS]
    pairs.append(("2i1l", "an army: 2 infantry and 1 lightship, its owner's mark before it"))
    pairs += [(letter, f"{SECTOR_KINDS[kind]} sector") for kind, letter in KIND_LETTERS.items()
              if kind != "fracture" or view["fracture"]["entered"]]
    pairs += [(EVENT_MARKS["face_down"], "a face-down event"),
              (EVENT_MARKS["obstacle"], "an obstacle or anomaly, face up"),
              (EVENT_MARKS["living_galaxy"], "a living galaxy, face up"),
              (EVENT_MARKS["wormhole"], "a wormhole (adjacent to the other wormholes)"),
              (EVENT_MARKS["singularity"], "a singularity, face up"),
              (sym.none, "a free colony space"), (sym.storm, "a living storm"),
              (sym.medal, "a battle medal"), (sym.blockade, "a blockade"),
              (f"{sym.link}7", "adjacent beyond the borders to sector 7 (a wormhole, the "
                               "Fracture)"),
              ("┄", "a border cut by the storm on its corner")]
    if any(seen(view, f"event:{s['id']}") for s in view["sectors"]):
        pairs.append((sym.seen, "a face-down event you saw through insight"))
    if view["fracture"]["entered"]:
        pairs += [(sym.ingress, "a Fracture ingress token"), (sym.egress, "a Fracture egress"),
                  (sym.neutral, "the Fracture's neutral units")]
    pairs += [("Impe Prod Scie Mili", "the colony tracks: imperial, productive, scientific, "
                                      "military"),
              ("●○", "a colony track's taken and free spaces"),
              ("Rec Adv Col Res Gov", "the action markers: Recruit, Advance, Colonize, "
                                      "Research, Government (dim when used or depleted)"),
              ("Imp Mil Sci Pro Exp", "victory points by category: imperial, military, "
                                      "scientific, productive, exploration"),
              ("[n]", "the number of cards in a technology slot"),
              ("(C2) (M1)", "a civil or military technology slot, by number")]
    return pairs


def borders(grid: mapgrid.MapLayout, cut: set[frozenset[int]],
            heavy: set[int] | frozenset[int] = frozenset()) -> Linework:
    """Every cell's border, those of ``heavy`` cells heavy, the ``cut`` ones dashed."""
    lines = Linework()
    for sector in grid.cells:
        lines.box(*grid.outline(sector), weight=HEAVY if sector in heavy else LIGHT)
    for pair in cut:
        lines.dash(grid.borders.get(pair, ()))
    return lines


def legend_lines(view: View, ascii: bool = False) -> list[str]:
    sym = symbols(ascii)
    players = ", ".join(f"{owner_symbol(view, p['seat'], ascii)} {seat_name(view, p['seat'])}"
                        for p in view["players"])
    kinds = ", ".join(f"{letter} {SECTOR_KINDS[kind]}" for kind, letter in KIND_LETTERS.items()
                      if kind != "fracture" or view["fracture"]["entered"])
    unit_marks = ", ".join(f"{sym.units[kind]} {kind}" for kind in UNITS)
    lines = [
        f"Players: {players}; units: {unit_marks}.",
        f"Sectors: {kinds}.",
        f"Events: ? face down, ! obstacle or anomaly, ~ living galaxy, = wormhole, "
        f"^ singularity. {sym.none} free colony space, {sym.storm} living storm, "
        f"{sym.medal} battle medal, {sym.blockade} blockade.",
        f"Borders: sectors whose cells share a border are adjacent; a dashed border is cut "
        f"by the storm on its corner; {sym.link} and sector numbers: adjacent beyond the "
        f"borders (a wormhole, the Fracture).",
    ]
    if view["fracture"]["entered"]:
        lines.append(f"The Fracture: {sym.ingress} ingress token, {sym.egress} egress (every "
                     f"ingress is adjacent to every egress), {sym.neutral} neutral units.")
    links: dict[int, list[int]] = {}
    for a, b in mapgrid.wormholes(view):
        links.setdefault(a, []).append(b)
    for a, targets in links.items():
        lines.append(f"Wormhole: {sector_name(view, a)} is adjacent to sectors "
                     f"{listing([str(b) for b in targets])}.")
    return lines


# --- sectors -------------------------------------------------------------------------------


def _event(view: View, s: dict[str, Any]) -> str:
    if not s["event_kind"]:
        return ""
    kind = EVENT_KINDS[s["event_kind"]]
    if not s["event_face_up"]:
        looked = seen(view, f"event:{s['id']}")
        return (f"face-down {kind}, {card_name(looked[0])} (you saw it through insight)"
                if looked else f"face-down {kind}")
    return f"{kind} {card_name(s['event'])}"


def sector_line(view: View, sector: int, ascii: bool = False) -> str:
    s = f.sector(view, sector)
    parts = [f"{sector_name(view, sector)} ({SECTOR_KINDS.get(s['kind'], 'unlaid')})"]
    if _event(view, s):
        parts.append(_event(view, s))
    spaces = [f"{owner_symbol(view, sp['owner'], ascii)} {sp['track']}" if sp["owner"] >= 0
              else f"free {listing(sp['accepts'], 'or')}" for sp in s["spaces"]]
    if spaces:
        parts.append(f"colonies: {', '.join(spaces)}")
    link = link_mark(view, s, symbols(ascii))
    if link:
        parts.append("ingress token" if s["kind"] != "fracture" else "egress")
    for seat in sorted({u["owner"] for u in f.units_at(view, sector) if u["owner"] >= 0}):
        here = f.units_at(view, sector, seat)
        toppled = sum(1 for u in here if u["damage"])
        down = f" ({toppled} toppled)" if toppled else ""
        parts.append(f"{owner_symbol(view, seat, ascii)} {units(f.kinds(here))}{down}")
    neutral = f.units_at(view, sector, -1)
    if neutral:
        parts.append(f"neutral {units(f.kinds(neutral))}")
    if s["controller"] >= 0:
        parts.append(f"controlled by {seat_name(view, s['controller'])}")
    if s["battle_medal"]:
        parts.append("battle medal")
    if s["blockaded"]:
        parts.append(f"blockaded for {listing([seat_name(view, b) for b in s['blockaded']])}")
    return "; ".join(parts) + "."


# --- empire boards -------------------------------------------------------------------------


def _markers(player: dict[str, Any]) -> str:
    states = []
    for action, marker in player["markers"].items():
        state = "ready"
        if marker["depleted"]:
            state = f"depleted ({player['costs']['depletion']} influence to restore)"
        elif marker["used"]:
            state = "used"
        states.append(f"{ACTIONS[action]} {state}")
    return ", ".join(states)


def _places(view: View, seat: int) -> str:
    mine = [u for u in view["units"] if u["owner"] == seat]
    groups = [("on the board", [u for u in mine if u["where"] >= 0]),
              ("in reserve", [u for u in mine if u["where"] == f.RESERVE]),
              ("in the Blood Pool", [u for u in mine if u["where"] == f.BLOOD_POOL])]
    return "; ".join(f"{units(f.kinds(group))} {where}" for where, group in groups if group)


def _names(ids: list[str]) -> str:
    return ", ".join(card_name(i) for i in ids) or "none"


def _faction_tokens(view: View, seat: int) -> str:
    """Where the seat's faction tokens are, and whose it holds (Diplomacy's agreements):
    no token of ours ever lies on a sector."""
    given = [f"{seat_name(view, a['holder'])} holds a {a['kind']} one"
             for a in view["agreements"] if a["owner"] == seat]
    held = [f"{seat_name(view, a['owner'])}'s {a['kind']} token"
            for a in view["agreements"] if a["holder"] == seat]
    parts = [f"{f.player(view, seat)['faction_tokens']} at home", *given]
    if held:
        parts.append(f"holding {listing(held)}")
    return "; ".join(parts)


def board_lines(view: View, seat: int, ascii: bool = False) -> list[str]:
    """One player's empire board."""
    p = f.player(view, seat)
    vp = ", ".join(f"{category} {n}" for category, n in p["vp"].items())
    roles = [role for role, holder in (("first player", view["first_player"]),
                                       ("watcher", view["watcher"])) if holder == seat]
    if p["passed"]:
        roles.append("passed")
    head = f"{owner_symbol(view, seat, ascii)} {seat_name(view, seat)}"  # with their name
    lines = [f"{head}{' (' + ', '.join(roles) + ')' if roles else ''}: {p['vp_total']} VP "
             f"({vp}; {count(p['vp_tokens'], 'victory token')})"]
    income = p["income"]
    nxt = (f"; next income {count(income['credits'], 'credit')}, {income['influence']} "
           f"influence, {income['science']} science") if income else ""
    lines.append(f"  {count(p['credits'], 'credit')}, {p['influence']} influence, "
                 f"{count(p['medals'], 'medal')}{nxt}")
    if p["faction"]:
        government = card_name(p["government"]) if p["government"] else "none yet"
        lines.append(f"  Government {government}; mastery {_mastery(p)}")
    taken = ", ".join(f"{track} {n}" for track, n in p["taken"].items())
    lines.append(f"  Colonies off their tracks (of 3): {taken}; "
                 f"{p['science_tokens']} of 8 science tokens out")
    lines.append(f"  Actions: {_markers(p)}; action cards {len(p['played_cards'])} of "
                 f"{p['costs']['action_cards']} this cycle")
    lines.append(f"  Units: {_places(view, seat) or 'none'}")
    lines.append(f"  Tactics: {_names(p['hand'])}")
    lines.append(f"  Technologies: {_names(p['technologies'])}; artifacts: "
                 f"{_names(p['artifacts'])}; resolved: {_names(p['resolved'])}")
    if "diplomacy" in view["options"]["modules"]:
        lines.append(f"  Faction tokens: {_faction_tokens(view, seat)}")
    if p.get("known"):  # the reader's own board alone holds what they learned
        lines.append(f"  Seen through insight: {_insight(view, p['known'])}")
    return lines


def _insight(view: View, known: list[str]) -> str:
    """What a player saw through insight, the latest look at each thing: "the event of
    Glass Void 10: Ion Storm; the action deck: Relic Hunters, Scouting Run"."""
    latest = {fact: shown for fact, _, shown in (str(e).partition("=") for e in known)}
    told = []
    for fact, shown in latest.items():
        kind, _, rest = fact.partition(":")
        if kind == "event":
            what = f"the event of {sector_name(view, int(rest))}"
        elif kind == "deck":
            what = f"the {rest} deck (as drawn)"
        elif kind == "slot":
            tech, _, index = rest.partition(":")
            what = f"the {tech_slot(tech, int(index))}"
        else:
            what = "the Age 2 objective"
        names = [card_name(card) for card in shown.split(",") if card]
        told.append(f"{what}: {', '.join(names) or 'nothing'}")
    return "; ".join(told)


def _mastery(player: dict[str, Any]) -> str:
    mastery = content().factions[player["faction"]].mastery
    side = "elite" if player["mastery_elite"] else "normal"
    return f"{card_name(mastery)} ({side} side)"


# --- shared boards -------------------------------------------------------------------------


def _slot(slot: dict[str, Any]) -> str:
    top, held = slot["top"], slot["cards"]
    if not top:
        return f"{count(held, 'card')} face down" if held else "empty"
    below = f", {held - 1} more below" if held > 1 else ""
    return f"{card_name(top)} (cost {cards.card('technology', top).facts['cost']}){below}"


def shared_lines(view: View, ascii: bool = False) -> list[str]:
    lines = ["Technologies:"]
    for tech, slots in view["tech"].items():
        for i, slot in enumerate(slots):
            science = ", ".join(f"{owner_symbol(view, int(s), ascii)} {n}"
                                for s, n in sorted(slot["science"].items()))
            lines.append(f"  {capital(tech_slot(tech, i))}: {_slot(slot)}"
                         f"{f'; science {science}' if science else ''}")
    pool = _names(view["action_pool"])
    lines.append(f"Action pool: {pool} ({view['action_deck']} in the deck, "
                 f"{len(view['action_discard'])} discarded)")
    lines.append(f"Artifacts: {view['artifact_deck']} in the deck, "
                 f"{len(view['artifact_discard'])} discarded")
    age1, age2 = view["objectives"]
    dawn = view.get("dawn_objective")
    second = f" and {card_name(dawn)}" if dawn else ""
    lines.append(f"Objectives: Age 1 {card_name(age1) if age1 else 'not dealt'}{second}; "
                 f"Age 2 {card_name(age2) if age2 else 'face down'}")
    return lines


# --- the decision --------------------------------------------------------------------------


def question_lines(view: View, prompt: dict[str, Any] | None) -> list[str]:
    """The seat's pending question with its options, or who the game waits for."""
    if prompt is None:
        if view["phase"] == "over":
            return []
        waits = [questions.waiting(view, w["seat"], w["kind"]) for w in view["waiting"]]
        return [f"Waiting: {'; '.join(waits)}."] if waits else []
    asked = questions.question(view, prompt)
    action = f" ({asked.action})" if asked.action else ""
    lines = [f"Your decision{action}: {_sentence(asked.text)}"]
    if asked.hint:
        lines.append(f"  {_sentence(asked.hint)}")
    for i, option in enumerate(asked.options, 1):
        lines.append(f"  {i:>2}. {option.label}: {option.text}")
    return lines


def _sentence(text: str) -> str:
    return text if text.endswith(("?", ".", "!")) else f"{text}."


# --- the whole position --------------------------------------------------------------------


def heading(view: View) -> str:
    who = seat_name(view, view["seat"]) if view["seat"] >= 0 else "a spectator"
    playing = view["turn"] >= 0 and view["phase"] == "action"
    turn = f"; {seat_name(view, view['turn'])}'s turn" if playing else ""
    return (f"Fractal, cycle {view['cycle']} (Age {view['age']}), "
            f"{PHASES.get(view['phase'], view['phase'])}{turn}; seen by {who}")


def show(view: View, prompt: dict[str, Any] | None, ascii: bool = False) -> str:
    """The map, every sector, every empire board, the shared boards and the question."""
    lines = [heading(view), "", *map_lines(view, ascii=ascii), "", *legend_lines(view, ascii),
             "", "Sectors:"]
    lines += [f"  {sector_line(view, s['id'], ascii)}" for s in view["sectors"]]
    for p in view["players"]:
        lines += ["", *board_lines(view, p["seat"], ascii)]
    lines += ["", *shared_lines(view, ascii)]
    if view["phase"] == "over":
        lines += ["", *score_lines(view)]
    else:
        lines += ["", *question_lines(view, prompt)]
    return "\n".join(lines).rstrip() + "\n"


def score_lines(view: View) -> list[str]:
    """The final (or current) scores, best first, the winners marked."""
    ranked = sorted(view["players"], key=lambda p: -p["vp_total"])
    lines = ["Scores:"]
    for p in ranked:
        won = ", winner" if p["seat"] in view["winners"] else ""
        vp = ", ".join(f"{category} {n}" for category, n in p["vp"].items())
        lines.append(f"  {seat_name(view, p['seat'])}: {p['vp_total']} VP ({vp}, "
                     f"{count(p['vp_tokens'], 'victory token')}; {count(p['medals'], 'medal')}"
                     f"){won}")
    return lines


# --- the log's categories ------------------------------------------------------------------


_CATEGORIES = {"setup": ("faction", "government", "first_player"),
               "movement": ("advance_unit", "advance_cargo", "advance_step", "advance_swarm",
                            "deploy", "recruit_unit", "place_unit", "remove_unit", "blood_pool",
                            "reveal_sector", "storm_choose", "storm_destination",
                            "storm_orientation", "watcher", "cost_unit"),
               "battle": ("tactic", "composition", "target_player", "upgrade_order",
                          "simultaneous_order", "damage_sector", "damage_target", "vanguard",
                          "retreat_destination", "battle_medal", "conflict_order", "siege",
                          "tactic_cost", "skirmish_loss"),
               "cards": ("action_card", "keep_artifact", "elite_tactic", "insight",
                         "insight_return", "research_science", "place_science", "develop",
                         "cost_science", "cost_technology")}


def category(kind: str) -> str:
    """A decision's log category, by its prompt kind."""
    for category, kinds in _CATEGORIES.items():
        if kind in kinds:
            return category
    return "economy"
