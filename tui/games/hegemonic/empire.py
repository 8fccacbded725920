"""A player's board as the empire pane shows it: CAPs and what keeps them, the three tracks
(Bases built, the next one's cost, what each track gives now: CAP income, retention number
and tier), the Units on the map, the Leader and the Advanced Technology slots; narrow
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
    """Five lines carry what a decision needs, so that at 80x24 (a pane of five lines) the
    three tracks show whole: the score and CAPs on one line (the pane's title names the
    player), the tracks, then the Units and the Leader on a line each (above the fold at
    100x30: the Leader's level changes every Collection, the Advanced Technologies seldom)."""
    p = view["players"][seat]
    head = mark(view, seat)
    head.append(f" {p['vp']} VP", style="bold")
    head.append(f" · {p['caps']} CAPs (keeps {p['keeps']}, +{p['income']})")
    if view["arbiter"] == seat:
        head.append(" · Arbiter")
    head.no_wrap, head.overflow = True, "ellipsis"
    return Group(head, tracks(p), units(p), *leader(p), *advanced(p))


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


def units(p: dict[str, Any]) -> Text:
    """The Agents, Fleets and gate pairs on the map, of those the player owns."""
    line = Text()
    for key, name in UNITS:
        placed = sum(1 for u in p[key] if (u != -1 if key != "gates" else u))
        if line:
            line.append(" ")
        line.append(f"{name} ", style="dim")
        line.append(f"{placed}/{len(p[key])}")
    return line


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
