"""Help: the keys, then the rules reference of the ruleset in play (of every ruleset from
the title screen) in our own words, section by section, searchable."""

from __future__ import annotations

from typing import ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, Input, Markdown, OptionList
from textual.widgets.option_list import Option

from core.rulesets import titles
from tui.plugins import rules_reference
from tui.screens.base import ShellScreen

KEYS = """\
**Everywhere**: `F1` or `?` this help · `Ctrl+P` the command palette · `Ctrl+Q` quit.

**Game screen**

| key | what it does |
|---|---|
| `Tab`, `Shift+Tab` | move between the panes |
| `m` / `d` | go to the map / the decision bar |
| arrows, `h` `j` `k` `l` | move the map's cursor, or through a list |
| `Enter` | choose the highlighted option; on the map, the option about that sector or Place |
| `1` ... `9` | choose an option by its number |
| `Esc` | back out of the action in progress (while nothing came to light) |
| `u` | take back your last decision (the same limit) |
| `c` | read the highlighted card in full |
| `v` | show the next player's empire board |
| `f` | filter the log by player |
| `z` | zoom the pane you are in to the whole screen (the map: its cells large), and back |
| `g` | the legend: every mark and abbreviation on the screen |
| `+` / `-` | bots play faster / slower |
| `Ctrl+S` | save under a name (the game is also saved after every move) |
| `q` | leave the game (it stays saved) |

A choice marked `!` cannot be taken back (it turns up a card or a tile, or rolls the
dice): the game asks once before it. A question with one legal answer is answered for you
and logged; `u` takes it back with your decision before it. `F1` during a decision opens
these rules at the section about it.
"""


class RulesScreen(ShellScreen[None]):
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "Close"),
        Binding("slash", "search", "Search"),
    ]

    def __init__(self, ruleset: str | None, section: str = "") -> None:
        """The rules of one ruleset, or with None those of every ruleset, each section
        under its game's title; open at ``section`` when it names one."""
        super().__init__()
        self.opening = section
        self.sections = [("Keys", KEYS)]
        if ruleset is not None:
            self.sections += rules_reference(ruleset)
            return
        for name, title in titles().items():
            self.sections += [(f"{title}: {heading}", text)
                              for heading, text in rules_reference(name)]

    def compose(self) -> ComposeResult:
        with Horizontal(id="rules"):
            with Vertical(id="rules-index"):
                yield Input(placeholder="search (/)", id="rules-search")
                yield OptionList(*self._options(""), id="rules-sections")
            with VerticalScroll(id="rules-text"):
                yield Markdown(self.sections[0][1], id="rules-body")
        yield Footer()
        yield from self.compose_too_small()

    def on_mount(self) -> None:
        super().on_mount()
        sections = self.query_one("#rules-sections", OptionList)
        titles_ = [title for title, _ in self.sections]
        if self.opening in titles_:
            sections.highlighted = titles_.index(self.opening)
        sections.focus()

    def _options(self, needle: str) -> list[Option]:
        needle = needle.lower().strip()
        return [Option(title, id=str(i)) for i, (title, text) in enumerate(self.sections)
                if not needle or needle in title.lower() or needle in text.lower()]

    @on(Input.Changed, "#rules-search")
    def _search(self, event: Input.Changed) -> None:
        sections = self.query_one("#rules-sections", OptionList)
        sections.clear_options()
        sections.add_options(self._options(event.value))

    @on(Input.Submitted, "#rules-search")
    def _searched(self) -> None:
        """Enter opens the first section found."""
        sections = self.query_one("#rules-sections", OptionList)
        if sections.option_count:
            sections.highlighted = 0
        sections.focus()

    @on(OptionList.OptionHighlighted, "#rules-sections")
    def _show(self, event: OptionList.OptionHighlighted) -> None:
        title, text = self.sections[int(event.option.id or 0)]
        self.query_one("#rules-body", Markdown).update(f"# {title}\n\n{text}")

    def action_search(self) -> None:
        self.query_one("#rules-search", Input).focus()

    def action_close(self) -> None:
        self.dismiss(None)
