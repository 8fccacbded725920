"""The effect vocabulary (docs/alien-artifacts-effects.md) in words: a step, a counter, an
attack table's row and a technology's scoring table, for the card texts and the attack
log. An op the words do not know raises rather than printing raw data."""

from __future__ import annotations

from core.games.artifacts.content.model import (
    Act,
    Artifact,
    Assembly,
    Attack,
    Blockade,
    Cost,
    Counter,
    Discard,
    Draw,
    Effect,
    Gain,
    Guard,
    Hand,
    Lose,
    Pay,
    Plan,
    Power,
    Prepare,
    Produce,
    Scoring,
    Spend,
    Steal,
    Step,
    Take,
    Trade,
    Unblock,
    Wild,
)
from core.games.artifacts.words.names import KIND_NAMES, TYPE_NAMES, action_name
from core.words import count, listing, plural

TARGET_NAMES = {"any": "the Alien System or a player", "system": "the Alien System",
                "player": "a player"}


def counter_text(counter: Counter, one: bool = False) -> str:
    """What a counter counts: "operational Ships in your Empire"; ``one`` names a single
    one of them, as after "per": "operational Ship in your Empire"."""
    name = counter.name
    if name in ("cards", "types", "construction"):
        words = []
        if counter.side != "any":
            words.append(counter.side)
        if counter.type != "any":
            words.append(TYPE_NAMES[counter.type])
        noun = KIND_NAMES[counter.kind] if counter.kind != "any" else "card"
        described = " ".join([*words, noun if one else plural(noun)])
        if name == "types":
            among = " ".join([*words, plural(noun)])
            return f"{'Type' if one else 'Types'} among the {among} in your Empire"
        if name == "construction":
            return f"{described} Under Construction"
        return f"{described} in your Empire"
    return {
        "produced": ("card produced on your Planets", "cards produced on your Planets"),
        "credits": ("credit in your Bank", "credits in your Bank"),
        "artifacts": ("Alien Artifact you hold", "Alien Artifacts you hold"),
        "plans": ("Defense Plan card you hold", "Defense Plan cards you hold"),
        "blockades": ("Blockade token on your cards", "Blockade tokens on your cards"),
        "twins": ("card of the entering card's kind and Type in your Empire",
                  "cards of the entering card's kind and Type in your Empire"),
        "rivals": ("rival in the game", "rivals in the game")}[name][0 if one else 1]


def _amounts(vp: int, credits: int) -> str:
    parts = ([f"{vp} VP"] if vp else []) + ([count(credits, "credit")] if credits else [])
    return listing(parts)


def _take(args: Take) -> str:
    deck = "a deck of your choice" if args.deck == "any" else \
        f"the {KIND_NAMES[args.deck]} deck"
    where = "Under Construction" if args.to == "construction" else (
        "into your Empire" + (f" on its {args.side} side" if args.side != "any" else ""))
    if args.type != "any":
        return (f"turn over {deck} until its first {TYPE_NAMES[args.type]} card, and put "
                f"that card {where}")
    if args.look == 1 and args.keep == 1:
        return f"take the top card of {deck} {where}"
    rest = " and the rest at the bottom" if args.look > args.keep else ""
    return f"look at the top {args.look} cards of {deck}, put {args.keep} {where}{rest}"


def _attack(args: Attack) -> str:
    bonus = f" at +{args.bonus}" if args.bonus else ""
    if args.ship:
        return f"one of your operational Ships attacks {TARGET_NAMES[args.target]}{bonus}"
    return f"attack {TARGET_NAMES[args.target]} with no ship{bonus}"


def _args_text(args: object, op: str, rival: str) -> str:
    if isinstance(args, Gain):
        return f"gain {_amounts(args.vp, args.credits)}"
    if isinstance(args, Lose):
        return f"lose {_amounts(args.vp, args.credits)}"
    if isinstance(args, Pay):
        return f"pay {count(args.credits, 'credit')}"
    if isinstance(args, Spend):
        cards = f" in at most {count(args.cards, 'card')}" if args.cards else ""
        return f"spend {listing([f'{args.amount} {c}' for c in args.colours])}{cards}"
    if isinstance(args, Draw):
        return f"draw {count(args.count, 'Resource card')}"
    if isinstance(args, Discard):
        return f"discard {count(args.count, 'Resource card')} from your hand"
    if isinstance(args, Produce):
        where = "one of your operational Planets" if args.planets == "one" else \
            "each of your operational Planets"
        return f"produce {args.count} on {where}"
    if isinstance(args, Artifact):
        return "draw an Alien Artifact" if args.count == 1 else \
            f"draw {count(args.count, 'Alien Artifact')}"
    if isinstance(args, Plan):
        return "draw a Defense Plan card" if args.count == 1 else \
            f"draw {count(args.count, 'Defense Plan card')}"
    if isinstance(args, Take):
        return _take(args)
    if isinstance(args, Act):
        less = f" at {args.discount} less than its cost" if args.discount else ""
        return f"take the action {action_name(args.action)}{less}"
    if isinstance(args, Attack):
        return _attack(args)
    if isinstance(args, Blockade):
        return f"place {count(args.count, 'Blockade token')} on {rival}'s Empire cards"
    if isinstance(args, Unblock):
        return f"remove up to {count(args.count, 'Blockade token')} from your cards"
    if isinstance(args, Steal):
        return f"take {count(args.credits, 'credit')} from {rival}'s Bank"
    if isinstance(args, Prepare):
        return f"tuck up to {count(args.count, 'card')} from your hand under your Under " \
               "Construction cards"
    if op == "destroyed":
        return "the attacking ship is Destroyed (to the bottom of the Ship deck)"
    if op == "damaged":
        return "the attacking ship is Damaged (back Under Construction)"
    return _modifier_text(args)


def _modifier_text(args: object) -> str:
    if isinstance(args, Cost):
        more = "more" if args.amount > 0 else "less"
        return f"{action_name(args.action)} costs you {abs(args.amount)} {more}"
    if isinstance(args, Assembly):
        return f"your Assembly Limit for {action_name(args.action)} is " \
               f"{count(args.amount, 'card')} higher"
    if isinstance(args, Power):
        return f"+{args.amount} to your attack values against {TARGET_NAMES[args.target]}"
    if isinstance(args, Guard):
        return f"attack values against you are {args.amount} lower"
    if isinstance(args, Wild):
        return f"{args.colour} pays {action_name(args.action)}"
    if isinstance(args, Hand):
        return f"your hand holds {args.amount} more"
    if isinstance(args, Trade):
        return f"each Trade gains {count(args.amount, 'credit')} more"
    raise ValueError(f"no words for the effect {args!r}")


def step_text(step: Step, rival: str = "a rival") -> str:
    """One step, its riders and whose it is ("the defender: gain 1 VP"); ``rival`` is who
    a blockade or a theft hits."""
    text = _args_text(step.args, step.op, rival)
    if step.per is not None:
        every = f" {step.every}" if step.every > 1 else ""
        text += f" per{every} {counter_text(step.per, one=step.every == 1)}"
    if step.max:
        text += f" ({step.max} at most)"
    if step.only_if is not None:
        sign = "at least" if step.only_if.at_least else "at most"
        text += (f", if you have {sign} {step.only_if.value} "
                 f"{counter_text(step.only_if.counter, one=step.only_if.value == 1)}")
    if step.who == "defender":
        text = f"the defender: {text}"
    return text


def effect_text(effect: Effect, rival: str = "a rival") -> str:
    """A whole effect as one sentence; "nothing happens" for none."""
    if not effect:
        return "Nothing happens."
    text = "; ".join(step_text(s, rival) for s in effect)
    return text[:1].upper() + text[1:] + "."


def scoring_lines(score: Scoring) -> list[str]:
    """A technology's scoring table: what it counts and each row."""
    lines = [f"Counts {counter_text(score.count)}."]
    for need, game, end in score.rows:
        lines.append(f"{need} or more: {game} VP when sold or tested, {end} VP at the end.")
    return lines
