"""The Map Legend: adjacency, tokens, Workers and Towers, free tokens, influence, control.

A stack of one token is a Worker; a longer stack is a Tower whose top token is its Noble.
The other tokens of a Tower are Knights when they belong to the Noble's player and
Prisoners otherwise, and a Knight is free while no Prisoner lies above it. So a player's
free tokens in a stack are exactly the unbroken run of their tokens at its top: that run is
what moves, fights and is removed first, and which token of it goes makes no difference.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from functools import lru_cache

from core.games.atlas.content import Content
from core.games.atlas.state import Place, State

Neighbours = tuple[tuple[int, ...], ...]
STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))
LayoutKey = tuple[tuple[str, int, int], ...]


@dataclass(frozen=True, slots=True)
class Layout:
    """What the map's shape alone decides: each Place's orthogonal neighbours, the Places
    the Sea's waterways link (with the Sea's index), and the neighbours its ruler uses."""

    grid: Neighbours
    sea: int  # the Place with waterways, -1 while it is not on the map
    linked: tuple[int, ...]
    joined: Neighbours


def layout_key(state: State) -> LayoutKey:
    return tuple([(p.card, p.x, p.y) for p in state.places])  # a list is built faster


@lru_cache(maxsize=4096)
def _layout(key: LayoutKey, content: Content) -> Layout:
    where = {(x, y): i for i, (_, x, y) in enumerate(key)}
    grid = tuple(tuple(where[(x + dx, y + dy)] for dx, dy in STEPS if (x + dx, y + dy) in where)
                 for _, x, y in key)
    sea = next((i for i, (card, _, _) in enumerate(key) if content.power(card).waterways), -1)
    linked: tuple[int, ...] = ()
    if sea >= 0:
        seen = {sea}
        todo = [sea]
        while todo:
            here = todo.pop()
            for there in grid[here]:
                if there not in seen and "waves" in content.suits(key[there][0]):
                    seen.add(there)
                    todo.append(there)
        linked = tuple(sorted(seen))
    joined = set(linked)
    near = tuple(tuple(sorted(set(n) | (joined - {i}))) if i in joined and len(joined) > 1
                 else n for i, n in enumerate(grid))
    return Layout(grid, sea, linked, near)


def layout(state: State, content: Content) -> Layout:
    return _layout(layout_key(state), content)


def grid_neighbours(state: State, content: Content) -> Neighbours:
    """Each Place's orthogonal neighbours on the map, for everyone."""
    return layout(state, content).grid


def run(stack: list[int], group: Collection[int]) -> int:
    """How many tokens at the top of ``stack`` belong to ``group``, unbroken."""
    n = 0
    for token in reversed(stack):
        if token not in group:
            break
        n += 1
    return n


def has_free(place: Place, seat: int) -> bool:
    """Whether ``seat`` has a free token there: the top of some stack."""
    # A plain loop: this is the engine's hottest check, and any() over a generator costs
    # about twice as much.
    for stack in place.stacks:  # noqa: SIM110
        if stack[-1] == seat:
            return True
    return False


def influence(place: Place, players: int) -> list[int]:
    """Every token on the card counts, free or not, for its owner."""
    counts = [0] * players
    for stack in place.stacks:
        for token in stack:
            counts[token] += 1
    return counts


def controller(place: Place, players: int) -> int:
    """The seat whose Fief the Place is: more influence than each rival and a free token
    there; -1 when it is Disputed or Empty."""
    counts = influence(place, players)
    best = max(counts)
    if best == 0 or counts.count(best) > 1:
        return -1
    seat = counts.index(best)
    return seat if has_free(place, seat) else -1


def tokens_on_map(state: State, seat: int) -> int:
    return sum(s.count(seat) for p in state.places for s in p.stacks)


def has_suit(content: Content, place: Place, suits: frozenset[str]) -> bool:
    return not content.suit_sets[place.card].isdisjoint(suits)


def waterways_ruler(state: State, content: Content) -> tuple[int, tuple[int, ...]]:
    """Who rules the Place with waterways (the Sea; -1 for nobody), and the Wave Places
    linked to it through Wave Places, itself included."""
    found = layout(state, content)
    if found.sea < 0:
        return -1, ()
    return controller(state.places[found.sea], len(state.players)), found.linked


def adjacency(state: State, content: Content, seat: int) -> Neighbours:
    """Each Place's neighbours as ``seat`` may use them: the grid's, and for the ruler of
    the Sea every Wave Place it links to, each adjacent to all the others."""
    found = layout(state, content)
    if found.sea < 0 or controller(state.places[found.sea], len(state.players)) != seat:
        return found.grid
    return found.joined


def room(content: Content, place: Place) -> int:
    """Free influence slots."""
    return max(0, content.slots - len(place.stacks))


def distinct(place: Place, indices: Iterable[int]) -> list[int]:
    """The stacks among ``indices`` whose contents differ: acting on one of two equal
    stacks (two Workers of one player) does the same, so a choice offers the first only."""
    stacks = place.stacks
    kept: list[int] = []
    for i in indices:
        stack = stacks[i]
        for j in kept:
            if stacks[j] == stack:
                break
        else:
            kept.append(i)
    return kept


def take_free(place: Place, index: int) -> int:
    """Take the top token of a stack off the map (the stack closes up); its seat."""
    stack = place.stacks[index]
    seat = stack.pop()
    if not stack:
        del place.stacks[index]
    return seat


def remove_token(place: Place, index: int, level: int) -> int:
    """Take the token at ``level`` (0 = bottom) of a stack off the map; its seat."""
    stack = place.stacks[index]
    seat = stack.pop(level)
    if not stack:
        del place.stacks[index]
    return seat


def add_worker(state: State, index: int, seat: int) -> None:
    """A token from the supply to a free slot of a Place, as a Worker."""
    state.places[index].stacks.append([seat])
    state.players[seat].supply -= 1


def worker_stacks(place: Place, seat: int) -> list[int]:
    """The first of ``seat``'s Workers in a Place (they are all alike), as a list."""
    for i, stack in enumerate(place.stacks):
        if len(stack) == 1 and stack[0] == seat:
            return [i]
    return []
