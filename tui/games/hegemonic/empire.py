"""A player's board as the empire pane shows it: CAPs and what keeps them, the three tracks
(Bases built, the next one's cost, what each track gives now: CAP income, retention number
and tier), the Units in supply, the Advanced Technology slots and the Leader; narrow
enough for the pane at 80x24 (32 columns)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from core.games.hegemonic.content import KINDS
from tui.games.hegemonic import cards
from tui.games.hegemonic.cells import content, mark

TRACKS = {"industrial": "Ind", "political": "Pol", "martial": "Mar"}
UNITS = (("agents", "Agents"), ("fleets", "Fleets"), ("gates", "Gates"))


def empire(view: dict[str, Any], seat: int, words: Any) -> RenderableType:
    p = view["players"][seat]
    head = mark(view, seat)
    head.append(f" {words.seat_name(view, seat)}", style="bold")
    head.append(f" · {p['vp']} VP")
    if view["arbiter"] == seat:
        head.append(" · Arbiter")
    money = Text(f"{p['caps']} CAPs · keeps {p['keeps']} · income {p['income']}")
    return Group(head, money, tracks(p), units(p), *advanced(p), *leader(p))


def tracks(p: dict[str, Any]) -> Table:
    """Each track: Bases built of all, the next Base's cost (↻: a relocation's, when none
    is left), and the CAP income, retention number and tier its last Base uncovered. The
    track that sets the Retention Limit keeps in bold."""
    table = Table.grid(padding=(0, 1))
    headings = ("built", "cost", "gain", "keep", "tier")
    table.add_column()
    for _ in headings:
        table.add_column(justify="right")
    table.add_row("", *(Text(h, style="dim") for h in headings))
    for kind in KINDS:
        track = p["tracks"][kind]
        total = content().tracks[kind].bases
        cost = f"{track['next_cost']}" if track["supply"] else f"↻{track['next_cost']}"
        keep = Text(str(track["retention"]),
                    style="bold" if track["retention"] == p["retention"] else "")
        table.add_row(TRACKS[kind], f"{track['built']}/{total}", cost, str(track["income"]),
                      keep, str(track["tier"]))
    return table


def units(p: dict[str, Any]) -> Table:
    """How many Agents, Fleets and gate pairs are on the map and left in the supply."""
    table = Table.grid(padding=(0, 1))
    table.add_column()
    placed = {key: sum(1 for u in p[key] if (u != -1 if key != "gates" else u))
              for key, _ in UNITS}
    for _ in UNITS:
        table.add_column(justify="right")
    table.add_row("", *(Text(name, style="dim") for _, name in UNITS))
    table.add_row("out", *(str(placed[key]) for key, _ in UNITS))
    table.add_row("left", *(str(len(p[key]) - placed[key]) for key, _ in UNITS))
    return table


def advanced(p: dict[str, Any]) -> list[Text]:
    """The Advanced Technologies, their powers and the slots left."""
    free = content().empire.slots - len(p["advanced"])
    lines = [Text(f"Advanced Technologies ({free} slot{'s' if free != 1 else ''} free)",
                  style="bold")]
    lines += [Text("  ").append_text(cards.tech_line(card)) for card in p["advanced"]]
    return lines


def leader(p: dict[str, Any]) -> list[Text]:
    if not p["leader"]:
        return []
    return [Text(f"Leader: {cards.leader_line(p['leader'], p['level'])}")]
