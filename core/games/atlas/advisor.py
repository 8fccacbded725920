"""The Advisor phase: each player in the round's order may take one Advisor action.

- Directive: a token leaves the Advisor for the supply, and the player takes one more
  action of a suit on the Advisor.
- Build Expertise: if the action taken with the played card is one of the Advisor's suits,
  a token from the supply goes onto the Advisor.
- Special Influence: a two-suited played card or Advisor whose suits are exactly those of
  a two-suited Place lets the player replace a rival's Worker there with a token from the
  Advisor; the rival's Worker goes back to its supply.
"""

from __future__ import annotations

from core.decisions import Prompt, arg
from core.games.atlas import board
from core.games.atlas.actions import available
from core.games.atlas.content import Content
from core.games.atlas.rules import Ctx, chooser, task
from core.games.atlas.state import State, Task

EXPERTISE = "expertise"
PASS = "pass"


def influenced(state: State, content: Content, seat: int) -> list[int]:
    """The Places ``seat``'s played card or Advisor may specially influence."""
    player = state.players[seat]
    pairs = {frozenset(content.suits(c)) for c in (player.played, player.advisor)
             if c and content.card(c).two_suited}
    return [i for i, p in enumerate(state.places)
            if content.card(p.card).two_suited and frozenset(content.suits(p.card)) in pairs]


def options(state: State, content: Content, seat: int) -> list[str]:
    player = state.players[seat]
    advisor = content.suits(player.advisor)
    found = []
    if player.advisor_tokens > 0:
        found += [f"directive:{a}"
                  for a in available(state, content, seat, content.actions_of(player.advisor))]
    if (player.took and content.suit_of_action[player.took] in advisor
            and player.supply > 0):
        found.append(EXPERTISE)
    if player.advisor_tokens > 0:
        for p in influenced(state, content, seat):
            place = state.places[p]
            rivals = board.distinct(place, (i for i, s in enumerate(place.stacks)
                                            if len(s) == 1 and s[0] != seat))
            found += [f"influence:{p}:{i}" for i in rivals]
    return [*found, PASS]


@task("advisor")
def advisor_step(ctx: Ctx, t: Task) -> list[Prompt] | None:
    if t.data.get("done"):
        ctx.finish(t)
        return None
    player = ctx.state.players[t.seat]
    return [Prompt(t.seat, "advisor_action", options(ctx.state, ctx.content, t.seat),
                   {"advisor": player.advisor, "tokens": player.advisor_tokens})]


@chooser("advisor")
def advisor_choose(ctx: Ctx, t: Task, seat: int, choice: str) -> None:
    state = ctx.state
    player = state.players[seat]
    t.data["done"] = True
    head = choice.split(":", 1)[0]
    if head == "directive":
        player.advisor_tokens -= 1
        player.supply += 1
        ctx.emit("directive", seat, action=arg(choice))
        ctx.push("action", seat, main=False, action=arg(choice))
    elif head == EXPERTISE:
        player.supply -= 1
        player.advisor_tokens += 1
        ctx.emit("expertise", seat, tokens=player.advisor_tokens)
    elif head == "influence":
        _, p, i = choice.split(":")
        stack = state.places[int(p)].stacks[int(i)]
        rival = stack[0]
        stack[0] = seat
        state.players[rival].supply += 1
        player.advisor_tokens -= 1
        ctx.emit("special_influence", seat, place=int(p), rival=rival)
