"""When Hegemonic's bots give CAPs (``Model.deals``): Political support bought and sold.

Deals are free and never binding (H:464-466), so the bots keep one convention that every
seat can count on, worked out from what every seat sees (the conflict's starting power,
the hands' sizes, the boards):

- The price of support is ``PRICE`` CAPs a point lent, as many as the side has.
- The odds of a conflict (``chance``): each side adds the strongest of as many cards as it
  holds, each drawn from the game's deck; a draw counts half a win. Support *helps* a side
  by the odds it adds.
- A side pays each supporter whose support helped it, when what the odds it added are worth
  (that much of what the win is worth to the side) beats the price: at its card
  (``conflict_card``), the first moment the engine gives a side once support is revealed.
  The engine asks the sides nothing while support is lent, so support is paid for after,
  never before.
- A bystander asked for support (``support``) lends it to a side that would pay for it,
  when the price beats what the odds it adds to that side's win cost the bystander.
  Otherwise its usual judgement decides.

What a win is worth (or costs) is the boards' standing (``standing``): a win of the
attacker takes the targeted Bases off the defender's boards (and gives them to the
attacker in a TAKEOVER); a win of the defender leaves the boards as they are. Units lost
are not counted: a conflict over Units alone is worth nothing on the boards, and nobody
pays for support in it.
"""

from __future__ import annotations

from typing import Any

from core.bots.base import Deal
from core.decisions import Prompt
from core.games.hegemonic import scoring
from core.games.hegemonic.arbitration import caps_kept
from core.games.hegemonic.bots.outlook import outlook
from core.games.hegemonic.content import ATTACKER_KIND, Content
from core.games.hegemonic.power import total
from core.games.hegemonic.state import State

PRICE = 1  # CAPs a point of support lent
KINDS = frozenset({"support", "conflict_card"})  # the prompts where a deal may pay


def deals(game: Any, prompt: Prompt) -> list[Deal]:
    state: State = game.state
    task = next((t for t in reversed(state.stack) if t.kind == "conflict"), None)
    if task is None:
        return []
    if prompt.kind == "conflict_card":
        return _payments(game, task.data, prompt.seat)
    if prompt.kind == "support":
        return _sales(game, task.data, prompt)
    return []


def _payments(game: Any, data: dict[str, Any], seat: int) -> list[Deal]:
    """The side's supporters whose support helped it more than their price is worth."""
    state = game.state
    mine = "atk_parts" if seat == data["attacker"] else "def_parts"
    found = []
    for label, points in data[mine]:
        head, _, supporter = str(label).partition(":")
        if head != "support":
            continue
        price = min(PRICE * int(points), state.players[seat].caps)
        if price > 0 and pays(game, data, seat, int(points), price):
            key = f"pay:{state.stats['conflicts']}:{supporter}"
            found.append(Deal(key, ("gift", f"seat:{supporter}", f"caps:{price}")))
    return found


def _sales(game: Any, data: dict[str, Any], prompt: Prompt) -> list[Deal]:
    """Support lent to a side that would pay for it, when the price beats the cost."""
    state = game.state
    seat = prompt.seat
    found = []
    for side, points in prompt.context["offers"].items():
        buyer = data["attacker"] if side == "attacker" else data["target"]["defender"]
        price = min(PRICE * points, state.players[buyer].caps)
        if price <= 0 or not pays(game, data, buyer, points, price, lent=False):
            continue
        cost = -helped(game, data, buyer, points, lent=False) * win_worth(game, data, buyer,
                                                                           seat)
        if caps_worth(game, seat, price, received=True) > cost:
            found.append(Deal(f"sell:{state.stats['conflicts']}:{side}", (f"support:{side}",)))
    return found


def pays(game: Any, data: dict[str, Any], side: int, points: int, price: int,
         lent: bool = True) -> bool:
    """Whether ``points`` of support are worth ``price`` CAPs to ``side``: the odds they add
    times what the win is worth to it, against what the CAPs are worth to it."""
    gain = helped(game, data, side, points, lent) * win_worth(game, data, side, side)
    return gain > caps_worth(game, side, price)


def helped(game: Any, data: dict[str, Any], side: int, points: int, lent: bool) -> float:
    """The odds ``points`` of support add to ``side``'s win: already counted in the
    conflict's power (``lent``), or not yet."""
    attack, defence = total(data["atk_parts"]), total(data["def_parts"])
    if side == data["attacker"]:
        with_it = attack if lent else attack + points
        return chance(game, data, with_it, defence) - chance(game, data, with_it - points,
                                                             defence)
    with_it = defence if lent else defence + points
    return chance(game, data, attack, with_it - points) - chance(game, data, attack, with_it)


def chance(game: Any, data: dict[str, Any], attack: int, defence: int) -> float:
    """The attacker's odds (a draw half a win), each side adding its strongest card."""
    state, content = game.state, game.content
    small = len(state.players) <= 3
    kind = ATTACKER_KIND[content.patterns[data["pattern"]].attacker]
    atk = strongest(content, small, kind, _cards(state, data["attacker"]))
    dfn = strongest(content, small, data["target"]["kind"],
                    _cards(state, data["target"]["defender"]))
    odds = 0.0
    for a, p in atk.items():
        for d, q in dfn.items():
            diff = attack + a - defence - d
            odds += p * q * (1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
    return odds


def _cards(state: State, seat: int) -> int:
    """The cards a side chooses from: its hand, or the Inactive pile that comes back."""
    player = state.players[seat]
    return len(player.hand) or len(player.inactive)


_STRONGEST: dict[tuple[int, bool, str, int], dict[int, float]] = {}


def strongest(content: Content, small: bool, kind: str, cards: int) -> dict[int, float]:
    """The chance of each power of ``kind`` the strongest of ``cards`` cards adds, each
    drawn from the game's deck."""
    if cards == 0:
        return {0: 1.0}
    key = (id(content), small, kind, cards)
    if key not in _STRONGEST:
        deck = [content.power(c, kind) for c in content.deck(small)]
        odds, below = {}, 0.0
        for value in sorted(set(deck)):
            at_most = (sum(1 for p in deck if p <= value) / len(deck)) ** cards
            odds[value], below = at_most - below, at_most
        _STRONGEST[key] = odds
    return _STRONGEST[key]


def caps_worth(game: Any, seat: int, caps: int, received: bool = False) -> float:
    """What ``caps`` CAPs are worth to ``seat``, paid or ``received``."""
    state = game.state
    player = state.players[seat]
    ahead = outlook(state)
    limit = caps_kept(game.content, player)
    have = player.caps
    after = have + caps if received else have - caps
    return abs(ahead.caps(after, limit) - ahead.caps(have, limit))


def win_worth(game: Any, data: dict[str, Any], side: int, seat: int) -> float:
    """What ``side``'s win (rather than its loss) is worth to ``seat``, in the judgement's
    VP: the boards' standing it gains over the others' mean, for every scoring left."""
    gained = standing(game, seat, attack_won(game, data))
    return gained if side == data["attacker"] else -gained


def attack_won(game: Any, data: dict[str, Any]) -> dict[int, list[int]]:
    """How each board's power per seat changes when the attacker wins."""
    state, content = game.state, game.content
    attacker, defender = data["attacker"], data["target"]["defender"]
    takeover = content.patterns[data["pattern"]].conflict == "takeover"
    changes: dict[int, list[int]] = {}
    for loc_id in data["target"]["locations"]:
        loc = state.locations[loc_id]
        sector = state.sectors[loc.sector]
        worth = loc.power if loc.kind == "political" and sector.home < 0 else 1
        if loc.kind == "martial":
            worth = loc.height
        deltas = changes.setdefault(sector.board, [0] * len(state.players))
        deltas[defender] -= worth
        if takeover:
            deltas[attacker] += worth
    return changes


def standing(game: Any, seat: int, changes: dict[int, list[int]]) -> float:
    """The VP ``seat`` gains over the others' mean when board powers change, for every
    scoring left (as the build planner prices a Base)."""
    state, content = game.state, game.content
    powers = scoring.board_power(state)
    gained = 0.0
    for board, deltas in changes.items():
        before = powers[board]
        after = [p + d for p, d in zip(before, deltas, strict=True)]
        old = scoring.score_board(content, before, board == 0)
        new = scoring.score_board(content, after, board == 0)
        vp = [n - o for n, o in zip(new, old, strict=True)]
        others = [v for s, v in enumerate(vp) if s != seat]
        gained += vp[seat] - (sum(others) / len(others) if others else 0.0)
    return outlook(state).standing * gained
