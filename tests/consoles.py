"""A console for tests: what the screen and the person's player say, ask, pause and
work out, kept in lists instead of a terminal."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import AbstractContextManager, nullcontext

from euchre_cli.terminal.console import Console
from euchre_cli.terminal.text import Style


class Said(Console):
    """Keeps each line said (``lines``), each question asked (``asked``, and the number
    of lines said before it in ``asked_at``), where each pause came (``pauses``: the
    number of lines before it) and each work's words (``working``).  Questions are
    answered from ``answers`` in turn, and meet the end of input once they run out, or
    by ``answers(question)``; with ``waits``, the screen waits between hands and games
    as it does for a person at a terminal."""

    def __init__(
        self,
        answers: Iterable[str] | Callable[[str], str] = (),
        *,
        waits: bool = False,
        columns: int | None = None,
        style: Style | None = None,
    ) -> None:
        super().__init__(style or Style(colour=False))
        self.lines: list[str] = []
        self.asked: list[str] = []
        self.asked_at: list[int] = []
        self.pauses: list[int] = []
        self.working: list[str] = []
        self._answer = answers if callable(answers) else None
        self._answers = iter(() if callable(answers) else answers)
        self._waits = waits
        self._columns = columns

    def say(self, line: str) -> None:
        self.lines.append(line)

    def ask(self, question: str) -> str:
        self.asked.append(question)
        self.asked_at.append(len(self.lines))
        if self._answer is not None:
            return self._answer(question)
        for answer in self._answers:
            return answer
        raise EOFError

    @property
    def waits(self) -> bool:
        return self._waits

    def columns(self) -> int | None:
        return self._columns

    def pause(self) -> None:
        self.pauses.append(len(self.lines))

    def thinking(self, words: str) -> AbstractContextManager[None]:
        self.working.append(words)
        return nullcontext()
