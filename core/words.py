"""The game in words: what every ruleset gives a screen, a log or a remote player to read.

A ruleset's words are pure functions of plain data (a view, a prompt, an event record as a
seat receives it, a content id); they never read a game's state, so the same words serve
a local screen, a remote seat and a replay. This module holds the shapes they return, the
kit a game's words are made with (a :class:`Phrasebook` of its decisions, an
:class:`Eventbook` of its log lines, a :class:`Voice` that names its players from the
reader's seat) and :class:`Words`, the one surface they are put together in (the object
each game's declaration names).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from core.errors import GameError
from core.plain import to_plain

# Up to six seats, each with a colour and a mark of its own shape, so that players are told
# apart without colour too (16 colours, NO_COLOR, colour blindness); plain ASCII marks for
# files and terminals that take nothing else. A game gives its seats these colours.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "cyan")
SEAT_MARKS = {"red": "●", "blue": "■", "green": "▲", "yellow": "◆", "purple": "★",
              "cyan": "✚"}
ASCII_SEAT_MARKS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "purple": "P",
                    "cyan": "C"}


def called(colour: str, name: str, detail: str = "") -> str:
    """A player as every pane and log line names them: their colour and faction ("Red
    (Saura)"), and first their own name when they gave one ("Ada (Red, Saura)"); a name that
    is only the colour again is not repeated ("Blue", never "Blue (Blue)")."""
    colour = colour.capitalize()
    inside = ", ".join(part for part in (colour, detail) if part)
    name = name.strip()
    if name and name.casefold() not in (colour.casefold(), detail.casefold()):
        return f"{name} ({inside})"
    return f"{colour} ({detail})" if detail else colour


def seat_names(given: Sequence[str], defaults: Sequence[str]) -> list[str]:
    """The names a game's players go by: each seat's given name, else its default (its
    colour). A setup may name some seats and leave others "" (a hosted game names its
    people, not its bots)."""
    return [(given[seat].strip() if seat < len(given) else "") or default
            for seat, default in enumerate(defaults)]


# Categories of log lines, so a log can colour and filter them.
CATEGORIES = ("setup", "economy", "movement", "battle", "scoring", "cards")


@dataclass(frozen=True, slots=True)
class OptionWords:
    """One option of a decision, in words."""

    choice: str  # the option itself, sent back to the engine unchanged
    label: str  # short: at most LABEL_WIDTH columns
    text: str  # longer: costs, what it gives, which sector and units
    # the spot of the game's main pane it is about (a sector of a map, a Place, a card on a
    # table), so that a cursor or a click there picks it
    spot: int | None = None
    card: tuple[str, str] | None = None  # (component kind, id) it is about, for a detail view
    # what taking it costs that a player may not see coming (Fractal: the last tactic a side
    # can form in a battle), as a sentence; "" for most options. A screen asks the player to
    # confirm such a choice before sending it.
    warning: str = ""
    # The label whole where the words had to cut it to LABEL_WIDTH, "" otherwise: a screen
    # with more room shows more of it (:func:`label_in`), cut as the words cut it, its last
    # ``keep`` columns kept (a card's powers).
    wide: str = ""
    keep: int = 0


LABEL_WIDTH = 30
FINAL = ("Final: it turns up something hidden or rolls the dice, and undo never takes that "
         "back.")

# What a screen shows for a prompt kind, an option or an event kind newer than the game's
# words: the screen still works, and the contract suite fails until they have words.
UNKNOWN_QUESTION = "Make your choice"
UNKNOWN_OPTION = "An option these words do not know yet."
UNKNOWN_EVENT = "Something happened that has no words yet"


def marked_final(words: OptionWords, because: str = "") -> OptionWords:
    """An option the prompt lists as final (core.frames), saying so in its text, and why
    when the game's words know (``because``: "a tile is turned over")."""
    if not because:
        return replace(words, text=f"{words.text} {FINAL}")
    return replace(words, text=f"{words.text} Final: {because}, and undo never takes that "
                               "back.")


@dataclass(frozen=True, slots=True)
class QuestionWords:
    """A decision in words: the question, a hint, and every option."""

    text: str  # one line, second person: "Choose where to recruit a lightship (2 left)"
    hint: str  # one line of what the choice will do, or ""
    options: tuple[OptionWords, ...]
    action: str = ""  # the action these steps belong to ("Recruit"), "" outside one


@dataclass(frozen=True, slots=True)
class Line:
    """One event as a log line, from one seat's point of view."""

    text: str  # "You recruit 2 infantry in Sector 7", "Red's colony in ... is taken by Blue"
    category: str  # one of CATEGORIES
    # the seats it concerns, the one it is about first (a log marks the line with it): see
    # :func:`concerned`
    seats: tuple[int, ...] = ()
    mine: bool = False  # it concerns the viewer
    spot: int | None = None  # where it happened on the main pane, if anywhere


@dataclass(frozen=True, slots=True)
class Told:
    """What an event's words say: the sentence, where, and the other seats it concerns."""

    text: str
    spot: int | None = None
    others: tuple[int, ...] = ()


# An event's words: what they say, or its text alone, where and whom the record's fields tell
# (the Eventbook's ``about``).
Sentence = Callable[[dict[str, Any], dict[str, Any]], Told | str]


class Eventbook:
    """A game's log lines: a sentence for each event kind (:meth:`says` registers it with
    its category) and :meth:`line`, the :class:`Line` the reader of a view gets.

    A sentence that returns its text alone leaves where the event happened and the other
    seats it concerns to ``about``, which reads them from the record's fields (for a game
    whose records name them alike: a ``sector``, a ``defender``)."""

    def __init__(self, about: Callable[[dict[str, Any]], Told] | None = None) -> None:
        self.sentences: dict[str, tuple[str, Sentence]] = {}
        self.about = about

    def says(self, *kinds: str, category: str) -> Callable[[Sentence], Sentence]:
        def register(fn: Sentence) -> Sentence:
            for kind in kinds:
                self.sentences[kind] = (category, fn)
            return fn
        return register

    def kinds(self) -> frozenset[str]:
        return frozenset(self.sentences)

    def line(self, view: dict[str, Any], record: dict[str, Any]) -> Line:
        """One event record, as the seat of ``view`` received it, as a log line: about its
        seat and the others the sentence names, ended with a full stop."""
        kind, seat = str(record["kind"]), int(record.get("seat", -1))
        found = self.sentences.get(kind)
        if found is None:
            return Line(UNKNOWN_EVENT + ".", "setup", (seat,) if seat >= 0 else ())
        category, sentence = found
        told = sentence(view, record)
        if isinstance(told, str):
            told = replace(self.about(record), text=told) if self.about else Told(told)
        seats = tuple(dict.fromkeys(s for s in (seat, *told.others) if s >= 0))
        text = told.text if told.text.endswith((".", "!", "?")) else told.text + "."
        return Line(text, category, seats, view["seat"] in seats, told.spot)


def concerned(subject: int, others: Iterable[int]) -> tuple[int, ...]:
    """The ``seats`` of a :class:`Line`: the seat the line is about (its sentence's subject,
    "Blue's Shield Wall strikes against you": Blue), then the others it names in seat order;
    -1 (nobody, the game itself) left out."""
    first = (subject,) if subject >= 0 else ()
    return first + tuple(sorted({s for s in others if s >= 0 and s != subject}))


class Voice:
    """How a game's sentences name its players from the reader's seat: the reader is "you",
    another player their name as the game's ``seat_name`` gives it ("Red (Saura)"), and a
    verb agrees with its subject."""

    def __init__(self, seat_name: Callable[[dict[str, Any], int], str]) -> None:
        self.seat_name = seat_name

    @staticmethod
    def is_me(view: dict[str, Any], seat: int) -> bool:
        return seat >= 0 and seat == view["seat"]

    def who(self, view: dict[str, Any], seat: int) -> str:
        """The subject of a sentence: "You" for the reader, else the player's name."""
        return "You" if self.is_me(view, seat) else self.seat_name(view, seat)

    def whom(self, view: dict[str, Any], seat: int) -> str:
        """The object of a sentence: "you" for the reader."""
        return "you" if self.is_me(view, seat) else self.seat_name(view, seat)

    def whose(self, view: dict[str, Any], seat: int) -> str:
        """"your" or "Red (Saura)'s"."""
        return "your" if self.is_me(view, seat) else f"{self.seat_name(view, seat)}'s"

    def their(self, view: dict[str, Any], seat: int) -> str:
        """The possessive once the subject named the player: "your" or "their"."""
        return "your" if self.is_me(view, seat) else "their"

    def says(self, view: dict[str, Any], seat: int, verb: str, start: bool = True) -> str:
        """Subject and verb agreeing: "You recruit", "Red (Saura) recruits" ("you recruit"
        inside a sentence)."""
        subject = self.who(view, seat) if start else self.whom(view, seat)
        return f"{subject} {verb if self.is_me(view, seat) else third_person(verb)}"

    def waiting(self, waits: Mapping[str, str], view: dict[str, Any], seat: int,
                kind: str) -> str:
        """A seat's pending decision without its options, from what a seat does while it
        decides by prompt kind (``waits``: "choose their tactic"): "Blue (Saura) chooses
        their tactic", "You choose your tactic". A game's ``waiting`` is
        ``functools.partial(VOICE.waiting, WAITING)``."""
        wait = waits.get(kind, "decide")
        if self.is_me(view, seat):
            wait = wait.replace("their ", "your ")
        return self.says(view, seat, wait)


@dataclass(frozen=True, slots=True)
class CardText:
    """A component as a person reads it: its name, kind and what it does."""

    kind: str
    id: str
    name: str
    lines: tuple[str, ...] = ()
    facts: dict[str, Any] = field(default_factory=dict)  # cost, initiative... for a layout


class Engine(Protocol):
    """What :func:`told` needs of a game class (core.game.Game)."""

    def new(self, options: Any) -> Any: ...


def told(engine: Engine, words: Words, options: Any, log: list[tuple[int, str]],
         viewer: int) -> Iterator[str]:
    """The game of ``options`` and ``log`` as ``viewer`` lived it, decision by decision,
    then the scores (`fractal replay --text`; -1: a spectator). It replays the game, to
    word each decision in the view it was taken in and each event in the view it left."""
    game = engine.new(options)
    view = game.view(viewer)
    yield words.heading(view)
    for record in game.events_for(viewer):
        yield from _event_lines(words, view, record)
    for seat, choice in log:
        prompt = game.prompt_for(seat)
        if prompt is None:  # the log does not fit this game: let apply say why
            game.apply(seat, choice)
            continue
        decision = words.decision_line(view, to_plain(prompt), choice)
        happened = game.apply(seat, choice)
        view = game.view(viewer)
        yield f"> {decision.text}"
        for record in game.events_for(viewer, happened):
            yield from _event_lines(words, view, record)
    yield ""
    yield from words.score_lines(view)


def _event_lines(words: Words, view: dict[str, Any], record: dict[str, Any]) -> Iterator[str]:
    if record["kind"] in words.paragraph_kinds:
        yield ""
    yield f"    {words.event(view, record).text}"


# --- the words of decisions, for any game -------------------------------------------------


@dataclass(frozen=True, slots=True)
class Asked:
    """One prompt as the words read it. ``context`` may be empty: another seat's decision
    is worded from the reader's view, without the context only its seat may see."""

    view: dict[str, Any]
    kind: str
    seat: int
    context: dict[str, Any]
    options: tuple[str, ...] = ()  # the prompt's options (for hints on what is missing)

    def get(self, key: str, default: Any = None) -> Any:
        return self.context.get(key, default)


class Choice(Protocol):
    """A choice as a game's grammar parses it: a head and its arguments."""

    @property
    def head(self) -> str: ...


Ask = Callable[[Asked], tuple[str, str]]  # the question and its hint
Offer = Callable[[Asked, Any], OptionWords]  # an option, from its parsed choice


class Phrasebook:
    """A game's words for its decisions: a question per prompt kind (:meth:`asks`), an
    option's words per choice head, or per "kind head" where one head means different
    things in different prompts (:meth:`offers`). ``parse`` is the game's choice grammar
    (a ValueError or a GameError for a string it does not follow); ``action_of`` names the
    action a seat's steps belong to ("Recruit"), "" outside one."""

    def __init__(self, parse: Callable[[str], Choice],
                 action_of: Callable[[dict[str, Any], int], str]) -> None:
        self.parse = parse
        self.action_of = action_of
        self.questions: dict[str, Ask] = {}
        self.offers_by: dict[str, Offer] = {}
        # why a final option is final, by the kind of event it brings to light (a frame's
        # "why"); "" for a roll of the dice
        self.finals: dict[str, str] = {}

    def asks(self, *kinds: str) -> Callable[[Ask], Ask]:
        def register(fn: Ask) -> Ask:
            for kind in kinds:
                self.questions[kind] = fn
            return fn
        return register

    def offers(self, *keys: str) -> Callable[[Offer], Offer]:
        def register(fn: Offer) -> Offer:
            for key in keys:
                self.offers_by[key] = fn
            return fn
        return register

    def question(self, view: dict[str, Any], prompt: dict[str, Any]) -> QuestionWords:
        """The decision ``prompt`` (as a frame carries it) in words, for the seat of
        ``view``; the options a frame lists as ``final`` say that they are."""
        asked = Asked(view, str(prompt["kind"]), int(prompt["seat"]),
                      prompt.get("context") or {}, tuple(prompt["options"]))
        ask = self.questions.get(asked.kind)
        text, hint = ask(asked) if ask else (UNKNOWN_QUESTION, "")
        final = set(prompt.get("final") or ())
        why = prompt.get("why") or {}
        options = []
        for choice in prompt["options"]:
            words = self.option(asked, choice)
            because = self.finals.get(str(why.get(choice, "")), "")
            options.append(marked_final(words, because) if choice in final else words)
        return QuestionWords(text, hint, tuple(options), self.action_of(view, asked.seat))

    def option(self, asked: Asked, choice: str) -> OptionWords:
        """One option of a prompt in words."""
        offer = None
        try:
            parsed = self.parse(choice)
            offer = self.offers_by.get(f"{asked.kind} {parsed.head}") or \
                self.offers_by.get(parsed.head)
        except (ValueError, GameError):  # no choice of this game's grammar
            pass
        if offer is None:
            return OptionWords(choice, "An option", UNKNOWN_OPTION)
        return offer(asked, parsed)

    def kinds(self) -> frozenset[str]:
        """The prompt kinds that have their question."""
        return frozenset(self.questions)

    def keys(self) -> frozenset[str]:
        """The choice heads, and "kind head" pairs, whose options have their words."""
        return frozenset(self.offers_by)

    def covers(self, kind: str, choice: str) -> bool:
        """Whether the words know this prompt kind and this option, with no stand-in."""
        try:
            head = self.parse(choice).head
        except (ValueError, GameError):
            return False
        return kind in self.questions and (f"{kind} {head}" in self.offers_by
                                           or head in self.offers_by)


View = dict[str, Any]


def _setup(kind: str) -> str:
    return "setup"


@dataclass(frozen=True)
class Words:
    """A game's words put together: the object its declaration names, the one surface the
    shell reads them through. ``view`` is the view of the seat reading (docs/view.md); a
    prompt and an event record are plain maps, as a frame carries them.

    From the kit: :meth:`question` (its :class:`Phrasebook`), :meth:`event` (its
    :class:`Eventbook`), :meth:`seat_name` (its :class:`Voice`) and :meth:`decision_line`;
    the rest is the game's own."""

    book: Phrasebook  # its decisions: a question per prompt kind, an option's words
    events: Eventbook  # its log lines
    voice: Voice  # its players named from the reader's seat
    # another seat's pending decision, without its options: "Blue chooses a tactic"
    # (Voice.waiting)
    waiting: Callable[[View, int, str], str]
    # any component by kind and content id
    card: Callable[[str, str], CardText]
    # every physical component (of one kind): ``kind``, ``id``, ``name`` and its data (`fractal
    # cards`); ValueError for a kind the game has not
    catalogue: Callable[..., list[dict[str, Any]]]
    catalogue_markdown: Callable[[], str]  # every component as Markdown (`--markdown`)
    spot_name: Callable[[View, int], str]  # a spot of the main pane by its short name
    # the game as plain text from one view and its prompt: map, players, question (`fractal
    # show`); ``ascii`` for terminals that take nothing else
    show: Callable[..., str]
    # every symbol and abbreviation its panes show, as (symbol, meaning) pairs in reading
    # order, the players' marks first
    legend: Callable[..., list[tuple[str, str]]]
    heading: Callable[[View], str]  # the first line of a game told in words
    score_lines: Callable[[View], Iterable[str]]  # the scores as plain lines, best first
    # the event kinds before which a game told in words starts a new paragraph
    paragraph_kinds: frozenset[str] = frozenset()
    # prompt kinds whose choice another seat learns only by its kind, until it is revealed
    secret_choices: frozenset[str] = frozenset()
    category: Callable[[str], str] = _setup  # a decision's log category, by prompt kind

    def question(self, view: View, prompt: dict[str, Any]) -> QuestionWords:
        """The decision ``prompt`` in words, for the seat whose view this is."""
        return self.book.question(view, prompt)

    def event(self, view: View, record: dict[str, Any]) -> Line:
        """One event record as the viewer receives it, as a log line."""
        return self.events.line(view, record)

    def seat_name(self, view: View, seat: int) -> str:
        """A player as people call them: colour and faction, never colour alone."""
        return self.voice.seat_name(view, seat)

    def decision_line(self, view: View, prompt: dict[str, Any], choice: str) -> Line:
        """A decision as the reader of ``view`` learns of it: the reader's own with its
        option's words, another seat's by its option's label, or only its kind where the
        choice stays secret (``secret_choices``)."""
        seat, kind = int(prompt["seat"]), str(prompt["kind"])
        mine = self.voice.is_me(view, seat)
        if not mine and kind in self.secret_choices:
            return Line(f"{self.waiting(view, seat, kind)}.", self.category(kind), (seat,))
        context = (prompt.get("context") or {}) if mine else {}
        words = self.book.option(Asked(view, kind, seat, context), choice)
        return Line(f"{self.voice.says(view, seat, 'choose')}: {words.label}.",
                    self.category(kind), (seat,), mine, words.spot)


# --- English, shared by every game's words -----------------------------------------------

_IRREGULAR = {"have": "has", "are": "is", "do": "does", "go": "goes"}
# Nouns the games count without a plural ending: mass nouns and abbreviations.
_SAME_IN_PLURAL = frozenset({"VP", "infantry", "science", "influence", "damage", "power"})
_IRREGULAR_PLURALS = {"mech": "mechs"}  # a "ch" said as "k"


def _with_s(word: str) -> str:
    """The "-s" ending of an English noun or verb: "Embassy" -> "Embassies", "Complex" ->
    "Complexes", "pass" -> "passes"."""
    if word.endswith(("s", "sh", "ch", "x", "z")):
        return word + "es"
    if word.endswith("y") and word[-2:-1] not in ("a", "e", "i", "o", "u"):
        return word[:-1] + "ies"
    return word + "s"


def third_person(verb: str) -> str:
    """An English verb after "he" or "Red": "recruit" -> "recruits", "pass" -> "passes",
    "take back" -> "takes back"; every game's words agree a player's verb with it."""
    first, space, rest = verb.partition(" ")
    if first in _IRREGULAR:
        first = _IRREGULAR[first]
    elif first.endswith("o"):
        first += "es"
    else:
        first = _with_s(first)
    return first + space + rest


def plural(noun: str) -> str:
    """The plural of a noun phrase: its head word, the last or the one before "of", "with"
    or "on", takes the ending ("credit of income" -> "credits of income", "Embassy" ->
    "Embassies"); mass nouns and abbreviations stay as they are ("infantry", "VP")."""
    words = noun.split(" ")
    head = next((i - 1 for i, w in enumerate(words) if i and w in ("of", "with", "on")),
                len(words) - 1)
    word = words[head]
    if word not in _SAME_IN_PLURAL:
        words[head] = _IRREGULAR_PLURALS.get(word) or _with_s(word)
    return " ".join(words)


def count(n: int, noun: str) -> str:
    """"1 mech", "3 CAPs", "2 Embassies", "4 infantry"."""
    return f"{n} {noun if n == 1 else plural(noun)}"


def owned(n: int, noun: str) -> str:
    """A count after a possessive: "your Embassy", "your 2 Embassies"."""
    return noun if n == 1 else count(n, noun)


def listing(items: Sequence[str], last: str = "and") -> str:
    """"A", "A and B", "A, B and C"."""
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} {last} {items[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def article(noun: str) -> str:
    """"an Outpost", "a mech"."""
    return f"{'an' if noun[:1].lower() in ('a', 'e', 'i', 'o', 'u') else 'a'} {noun}"


def fit(text: str, width: int) -> str:
    """``text`` in at most ``width`` columns, cut short with an ellipsis when longer (every
    character of the words takes one column)."""
    if len(text) <= width:
        return text
    return text[: max(0, width - 1)].rstrip() + "…"


def cut(text: str, width: int, keep: int = 0) -> str:
    """``text`` in at most ``width`` columns, its last ``keep`` columns kept whole (a card's
    powers) and what comes before them cut, where the width leaves room for that."""
    if len(text) <= width or not 0 < keep < len(text) or width < keep + 2:
        return fit(text, width)
    return fit(text[:-keep], width - keep) + text[-keep:]


def label_in(option: OptionWords, width: int) -> str:
    """An option's label in ``width`` columns: as much of the whole label as they hold."""
    return cut(option.wide or option.label, width, option.keep)
