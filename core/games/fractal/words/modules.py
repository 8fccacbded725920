"""Words of the advanced modules and the Fracture (docs/modules.md): their decisions and
their log lines."""

from __future__ import annotations

from core.games.fractal.choices import Choice
from core.games.fractal.words import cards
from core.games.fractal.words.asking import asks, offers, option_words, place, place_label
from core.games.fractal.words.events import Record, says_event
from core.games.fractal.words.names import (
    View,
    card_name,
    content,
    is_me,
    says,
    seat_name,
    sector_name,
    whom,
    whose,
)
from core.words import Asked, OptionWords, capital, count, listing

# --- Wartime innovation --------------------------------------------------------------------


@asks("wartime_innovation")
def _wartime_question(asked: Asked) -> tuple[str, str]:
    left = asked.get("left")
    more = f" ({count(int(left), 'medal')} from this phase)" if left else ""
    return (f"Return a battle medal for science?{more}",
            "Wartime innovation: 1 science on each of two different technologies")


@offers("wartime_innovation trade")
def _wartime_trade(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Return a medal",
                        "Give one battle medal back to the supply and place 1 science on "
                        "each of two different technologies.")


@offers("wartime_innovation decline")
def _wartime_keep(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Keep the medals", "Keep your battle medals.")


# --- Elite training ------------------------------------------------------------------------


@asks("elite_training")
def _training_question(asked: Asked) -> tuple[str, str]:
    return ("Elite training: spend 2 medals to draw 2 elite tactics and keep one?",
            "Everyone answers at once; once per conflict phase")


@offers("elite_training train")
def _train(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Train", "Spend 2 battle medals, draw 2 of your elite tactics at "
                        "random and upgrade one of them.")


@offers("elite_training decline")
def _no_training(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Do not train", "Keep your medals.")


@asks("elite_pick")
def _pick_question(asked: Asked) -> tuple[str, str]:
    return ("Choose the elite tactic to keep", "The other goes back; everyone sees your pick")


@offers("elite_pick tactic")
def _pick(asked: Asked, c: Choice) -> OptionWords:
    elite = f"{c.args[0]}+elite"
    text = cards.card("tactic", elite)
    return option_words(c, card_name(c.args[0]),
                        f"Upgrade {card_name(c.args[0])}; its elite side: {' '.join(text.lines)}",
                        card=("tactic", elite))


# --- Diplomacy -----------------------------------------------------------------------------


def starting_track(view: View, seat: int) -> str:
    faction = view["players"][seat]["faction"]
    return content().factions[faction].starting_colony if faction else "starting"


def benefit(view: View, agreement: str, owner: int) -> str:
    """What holding ``owner``'s token under the agreement gives."""
    if agreement == "trade":
        return "restore one depleted action marker at the end of the cycle"
    if agreement == "diplomatic":
        return "gain 1 influence at the end of the cycle"
    return (f"put one of your {starting_track(view, owner)} colonies on the token until the "
            "end of the cycle")


@asks("diplomacy")
def _propose_question(asked: Asked) -> tuple[str, str]:
    return ("Propose an agreement?",
            "Tokens are exchanged, each under its own agreement: each of you gets the benefit "
            "of the token received; entering a partner's colony sector costs 2 influence")


@offers("propose")
def _propose(asked: Asked, c: Choice) -> OptionWords:
    partner, mine, theirs = c.number(0), c.args[1], c.args[2]
    name = seat_name(asked.view, partner)
    label = (f"{capital(mine)}: {name}" if mine == theirs
             else f"{capital(mine)}/{theirs}: {name}")
    return option_words(c, label,
                        f"Offer {name} an exchange: you take a {mine} token and would "
                        f"{benefit(asked.view, mine, partner)}; they take a {theirs} token and "
                        f"would {benefit(asked.view, theirs, asked.seat)}.")


@offers("diplomacy done")
def _no_proposal(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Done", "Propose nothing more this income phase.")


@asks("diplomacy_answer")
def _answer_question(asked: Asked) -> tuple[str, str]:
    proposer, theirs = asked.get("proposer"), asked.get("agreement")
    yours = asked.get("partner_agreement")
    if proposer is None or theirs is None or yours is None:
        return "Answer a proposed agreement", ""
    name = seat_name(asked.view, int(proposer))
    return (f"{name} proposes to exchange tokens: you take a {yours} token, they take a "
            f"{theirs} one. Accept?",
            f"You would {benefit(asked.view, str(yours), int(proposer))}; they would "
            f"{benefit(asked.view, str(theirs), asked.seat)}")


@offers("accept")
def _accept(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Accept", "Exchange faction tokens under this agreement.")


@offers("diplomacy_answer decline")
def _decline(asked: Asked, c: Choice) -> OptionWords:
    return option_words(c, "Decline", "Say no; nothing is exchanged.")


# --- The Fracture --------------------------------------------------------------------------


@asks("fracture_ingress")
def _ingress_question(asked: Asked) -> tuple[str, str]:
    track, left = asked.get("track"), asked.get("left")
    which = f" with a {track} colony space" if track else ""
    more = f" ({left} left)" if left else ""
    return (f"Place an ingress token on a sector{which}{more}",
            "Every ingress is adjacent to every egress of the Fracture")


@offers("fracture_ingress sector")
def _ingress(asked: Asked, c: Choice) -> OptionWords:
    sector = c.number(0)
    return option_words(c, place_label(asked, sector),
                        f"Link {place(asked, sector)} to the Fracture's egresses.", sector)


# --- log lines -----------------------------------------------------------------------------


def _seat(r: Record) -> int:
    return int(r.get("seat", -1))


@says_event("medal_traded", category="cards")
def _medal_traded(view: View, r: Record) -> str:
    return (f"{says(view, _seat(r), 'return')} a battle medal for {r['science']} science on "
            "different technologies")


@says_event("elite_training_answered", category="battle")
def _training_answered(view: View, r: Record) -> str:
    trainers = list(r.get("trainers") or [])
    if not trainers:
        return "Elite training: nobody trains"
    return f"Elite training: {listing([whom(view, s) for s in trainers])} train"


@says_event("elite_drawn", category="cards")
def _elite_drawn(view: View, r: Record) -> str:
    text = (f"{says(view, _seat(r), 'spend')} {count(int(r['medals']), 'medal')} and "
            f"{'draw' if is_me(view, _seat(r)) else 'draws'} "
            f"{count(int(r['count']), 'elite tactic')}")
    drawn = r.get("cards")
    return f"{text}: {listing([card_name(c) for c in drawn])}" if drawn else text


@says_event("agreement_proposed", category="economy")
def _proposed(view: View, r: Record) -> str:
    return f"{says(view, _seat(r), 'propose')} an agreement to {whom(view, int(r['partner']))}"


@says_event("agreement_declined", category="economy")
def _declined(view: View, r: Record) -> str:
    proposer = whom(view, int(r["proposer"]))
    return f"{says(view, _seat(r), 'decline')} the agreement {proposer} proposed"


@says_event("agreement_made", category="economy")
def _made(view: View, r: Record) -> str:
    mine, theirs = r["agreement"], r.get("partner_agreement", r["agreement"])
    partner = whom(view, int(r["partner"]))
    if mine == theirs:
        return (f"{says(view, _seat(r), 'make')} a {mine} agreement with {partner}: faction "
                "tokens are exchanged")
    return (f"{says(view, _seat(r), 'make')} an agreement with {partner}: "
            f"{whom(view, _seat(r))} {'take' if is_me(view, _seat(r)) else 'takes'} a {mine} "
            f"token, {partner} a {theirs} one")


@says_event("cultural_colony", category="economy")
def _cultural(view: View, r: Record) -> str:
    return (f"{says(view, _seat(r), 'place')} a {r['track']} colony on "
            f"{whose(view, int(r['owner']))} faction token")


@says_event("agreement_broken", category="economy")
def _broken(view: View, r: Record) -> str:
    return (f"{says(view, _seat(r), 'enter')} {whose(view, int(r['owner']))} colony sector "
            f"{sector_name(view, int(r['sector']))}: the agreement ends, "
            f"{r['influence']} influence lost and the token returned")


@says_event("agreement_resolved", category="economy")
def _resolved(view: View, r: Record) -> str:
    return (f"{capital(whose(view, _seat(r)))} {r['agreement']} agreement with "
            f"{whom(view, int(r['owner']))} resolves and the token goes home")


@says_event("fracture_roll", category="setup")
def _roll(view: View, r: Record) -> str:
    roll = int(r["roll"])
    opens = "the Fracture opens" if roll in (1, 10) else "the Fracture stays closed"
    return f"{says(view, _seat(r), 'roll')} {roll} for the Fracture: {opens}"


@says_event("fracture_entered", category="setup")
def _entered(view: View, r: Record) -> str:
    names = [sector_name(view, int(s)) for s in r.get("sectors") or []]
    return f"The Fracture enters play beyond the map's edge: {listing(names)}"


@says_event("ingress_placed", category="movement")
def _ingress_placed(view: View, r: Record) -> str:
    where = sector_name(view, int(r["sector"]))
    return f"{says(view, _seat(r), 'place')} an ingress token in {where}"


@says_event("skirmish", category="battle")
def _skirmish(view: View, r: Record) -> str:
    return (f"Neutral units fight {whom(view, _seat(r))} in "
            f"{sector_name(view, int(r['sector']))}: {count(int(r['lost']), 'unit')} lost, "
            f"{count(int(r['destroyed']), 'neutral unit')} destroyed")


@says_event("fracture_claimed", category="cards")
def _claimed(view: View, r: Record) -> str:
    draws = "draw" if is_me(view, _seat(r)) else "draws"
    return (f"{says(view, _seat(r), 'control')} {sector_name(view, int(r['sector']))} first "
            f"and {draws} an artifact")
