"""Diplomacy: agreements made by exchanging faction tokens.

During the income phase, once every income is in, each player in seat order may propose
agreements to players whose pieces touch theirs (units or colonies in adjacent sectors, or
in the same sector), one proposal at a time; the partner answers ``accept`` or
``decline``, as a prompt of its own, so people, bots and remote seats answer alike and a
proposal never waits on anything else. Both players give the other one of their faction
tokens, each under an agreement type of its own (the rule exchanges tokens and lets each
player benefit from the effect of the token received; nothing makes the two types equal),
and each benefits from the token received:

- trade: at the end of the cycle, flip one depleted action marker back;
- diplomatic: at the end of the cycle, gain 1 influence;
- cultural: on receiving the token, place one of your colonies on it, from your track of
  the type of the token owner's starting colony (the track's capacity counts it, and its
  colonization bonus is gained: the rulebook gives it any time a colony leaves a track);
  at the end of the cycle it goes back to that track.

A player holds at most one token of each opponent (so one agreement per pair), and each
pair is asked at most once an income phase in each direction, so negotiation ends. Only
faction tokens change hands (the clarification). During the action phase, a player who
moves a unit into a sector holding a colony of a player whose token they hold loses 2
influence and returns that token (the agreement's benefit for them is lost; the partner
keeps theirs). At the end of the cycle agreements resolve and every token goes home.

Tasks: ``"diplomacy"`` (seat -1; data ``order``, ``i``: whose proposals are being made,
``asked``: [proposer, partner] pairs this phase) with the prompt ``diplomacy``
(``propose:<seat>:<agreement>:<agreement>``: the token the proposer would hold, then the
one the partner would hold; ``done``); ``"diplomacy_answer"`` (the partner; data
``proposer``, ``agreement`` (the proposer's), ``partner_agreement``, both kept from the
other seats) with the prompt ``diplomacy_answer`` (``accept``, ``decline``).
"""

from __future__ import annotations

from core.decisions import DONE, Prompt
from core.games.fractal import board, colonize, empire
from core.games.fractal.content import Content
from core.games.fractal.modules import DIPLOMACY, on
from core.games.fractal.rules import Ctx, chooser, task
from core.games.fractal.state import COLONIES_PER_TRACK, Agreement, State, Task

AGREEMENTS = ("trade", "diplomatic", "cultural")
PENALTY = 2  # influence lost for entering a partner's colony sector


def start(ctx: Ctx, order: list[int]) -> None:
    """Queued under the income phase's work, so it runs once every income is in."""
    if on(ctx.state, DIPLOMACY):
        ctx.push("diplomacy", -1, order=list(order), i=0, asked=[])


def _sectors_of(state: State, seat: int) -> set[int]:
    where = {u.where for u in board.units_of(state, seat)}
    where.update(s.id for s in board.colony_sectors(state, seat))
    return where


def in_contact(state: State, content: Content, a: int, b: int) -> bool:
    """Pieces of both seats in one sector or in adjacent ones (the map's adjacency as it
    stands, wormholes and the Fracture's links included)."""
    mine, theirs = _sectors_of(state, a), _sectors_of(state, b)
    if mine & theirs:
        return True
    grid = board.grid(state, content)
    hexes = {board.hex_of(state.sectors[s]) for s in theirs}
    return any(grid.adjacent(board.hex_of(state.sectors[s])) & hexes for s in mine)


def bound(state: State, a: int, b: int) -> bool:
    """Whether either seat holds a token of the other."""
    return any({x.holder, x.owner} == {a, b} for x in state.agreements)


def cultural_track(state: State, content: Content, owner: int) -> str:
    """The colony type a cultural token of ``owner`` asks for: their starting colony's."""
    return content.factions[state.players[owner].faction].starting_colony


def _fits(state: State, content: Content, holder: int, owner: int, kind: str) -> bool:
    """Whether ``holder`` can take ``owner``'s token under ``kind``: a cultural one needs a
    colony of the asked type left on the holder's track."""
    return kind != "cultural" or (
        state.players[holder].taken[cultural_track(state, content, owner)] < COLONIES_PER_TRACK)


def proposals(state: State, content: Content, seat: int, asked: list[list[int]]) -> list[str]:
    if state.players[seat].faction_tokens <= 0:
        return []
    options = []
    for partner in range(len(state.players)):
        if (partner == seat or [seat, partner] in asked or bound(state, seat, partner)
                or state.players[partner].faction_tokens <= 0
                or not in_contact(state, content, seat, partner)):
            continue
        for mine in AGREEMENTS:
            if not _fits(state, content, seat, partner, mine):
                continue
            for theirs in AGREEMENTS:
                if _fits(state, content, partner, seat, theirs):
                    options.append(f"propose:{partner}:{mine}:{theirs}")
    return options


@task("diplomacy")
def _diplomacy_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    data = t.data
    while data["i"] < len(data["order"]):
        seat = data["order"][data["i"]]
        options = proposals(ctx.state, ctx.content, seat, data["asked"])
        if options:
            return [Prompt(seat, "diplomacy", [*options, DONE])]
        data["i"] += 1
    ctx.finish(t)
    return None


@chooser("diplomacy")
def _diplomacy_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    if choice == DONE:
        t.data["i"] += 1
        return
    _, partner, mine, theirs = choice.split(":")
    t.data["asked"].append([seat, int(partner)])
    ctx.emit("agreement_proposed", seat, partner=int(partner))
    ctx.push("diplomacy_answer", int(partner), proposer=seat, agreement=mine,
             partner_agreement=theirs)


@task("diplomacy_answer")
def _answer_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    return [Prompt(t.seat, "diplomacy_answer", ["accept", "decline"],
                   {"proposer": t.data["proposer"], "agreement": t.data["agreement"],
                    "partner_agreement": t.data["partner_agreement"]})]


@chooser("diplomacy_answer")
def _answer_choice(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    ctx.finish(t)
    proposer = int(t.data["proposer"])
    mine, theirs = str(t.data["agreement"]), str(t.data["partner_agreement"])
    if choice == "decline":
        ctx.emit("agreement_declined", seat, proposer=proposer)
        return
    ctx.emit("agreement_made", proposer, partner=seat, agreement=mine,
             partner_agreement=theirs)
    _receive(ctx, proposer, seat, mine)
    _receive(ctx, seat, proposer, theirs)


def _receive(ctx: Ctx, holder: int, owner: int, kind: str) -> None:
    state = ctx.state
    state.players[owner].faction_tokens -= 1
    agreement = Agreement(holder, owner, kind)
    state.agreements.append(agreement)
    if kind == "cultural":
        agreement.track = cultural_track(state, ctx.content, owner)
        player = state.players[holder]
        player.taken[agreement.track] += 1
        ctx.emit("cultural_colony", holder, owner=owner, track=agreement.track)
        colonize.bonus(ctx, holder, agreement.track, player.taken[agreement.track])


def _give_back(ctx: Ctx, agreement: Agreement) -> None:
    """The token goes home, and a colony sitting on it back to its track."""
    state = ctx.state
    state.agreements.remove(agreement)
    state.players[agreement.owner].faction_tokens += 1
    if agreement.track:
        state.players[agreement.holder].taken[agreement.track] -= 1


def _broken_by_entering(state: State, seat: int, sector: int) -> list[Agreement]:
    if not on(state, DIPLOMACY) or state.phase != "action":
        return []
    owners = {s.owner for s in state.sectors[sector].spaces}
    return [a for a in state.agreements if a.holder == seat and a.owner in owners]


def would_break(state: State, seat: int, sector: int) -> bool:
    """Whether a unit of ``seat`` entering ``sector`` now would break an agreement."""
    return bool(_broken_by_entering(state, seat, sector))


def entered(ctx: Ctx, seat: int, sector: int) -> None:
    """A unit of ``seat`` entered ``sector`` during the action phase: every partner whose
    colony is there takes their token back, and the seat loses influence for each."""
    state = ctx.state
    for agreement in _broken_by_entering(state, seat, sector):
        _give_back(ctx, agreement)
        lost = -empire.gain_influence(state.players[seat], -PENALTY)
        ctx.emit("agreement_broken", seat, owner=agreement.owner, sector=sector,
                 influence=lost)


def resolve(ctx: Ctx, order: list[int]) -> None:
    """End of the cycle: each token held gives its benefit, then every token goes home."""
    state = ctx.state
    for seat in reversed(order):
        for agreement in [a for a in state.agreements if a.holder == seat]:
            ctx.emit("agreement_resolved", seat, owner=agreement.owner,
                     agreement=agreement.kind)
            if agreement.kind == "diplomatic":
                empire.gain_influence(state.players[seat], 1)
            elif agreement.kind == "trade":
                ctx.push("restore", seat, count=1)
            _give_back(ctx, agreement)
