"""Just enough of a terminal to read what a served client shows: text placed by cursor
moves, everything else (colours, modes, queries) read past. Textual draws every line
of an update after a cursor-position sequence, so this is the whole screen it drew."""

from __future__ import annotations

import codecs
import re
import unicodedata

# One escape sequence: CSI (parameters, final byte), OSC or DCS (up to BEL or ST), a
# character set choice (three bytes), or any other two-byte sequence.
_ESCAPE = re.compile(
    r"\x1b(?:\[[0-?]*[ -/]*[@-~]|[\]P_^].*?(?:\x07|\x1b\\)|[()*+].|[^\[\]P_^()*+])", re.DOTALL)
_INCOMPLETE = re.compile(r"\x1b(?:\[[0-?]*[ -/]*|[\]P_^](?:(?!\x07|\x1b\\).)*|[()*+])?\Z",
                         re.DOTALL)


class Screen:
    def __init__(self, columns: int, rows: int) -> None:
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""
        self.resize(columns, rows)

    def resize(self, columns: int, rows: int) -> None:
        """A blank screen of the new size, as a client redraws all of it after a resize."""
        self.columns, self.rows = columns, rows
        self.cells = [[" "] * columns for _ in range(rows)]
        self.x = self.y = 0

    def feed(self, data: bytes) -> None:
        text = self._pending + self._decoder.decode(data)
        tail = _INCOMPLETE.search(text)
        self._pending = tail.group() if tail else ""
        text = text[:len(text) - len(self._pending)]
        position = 0
        for escape in _ESCAPE.finditer(text):
            self._write(text[position:escape.start()])
            self._control(escape.group())
            position = escape.end()
        self._write(text[position:])

    def _control(self, sequence: str) -> None:
        if not sequence.startswith("\x1b[") or sequence[-1] not in "Hf":
            return
        numbers = [int(n) if n.isdigit() else 1 for n in sequence[2:-1].split(";")]
        row, column = [*numbers, 1, 1][:2]
        self.y, self.x = row - 1, column - 1

    def _write(self, text: str) -> None:
        for char in text:
            if char == "\r":
                self.x = 0
            elif char == "\n":
                self.y += 1
            elif char >= " ":
                if 0 <= self.y < self.rows and 0 <= self.x < self.columns:
                    self.cells[self.y][self.x] = char
                self.x += 2 if unicodedata.east_asian_width(char) in "WF" else 1

    def line(self, row: int) -> str:
        return "".join(self.cells[row])

    @property
    def text(self) -> str:
        return "\n".join(self.line(row) for row in range(self.rows))
