"""What ``euchre score``'s commands print: an entry recorded, taken back or edited,
the game in play with its markers, the sheet (``show``), its history, each side's
figures (``stats``), the people over every sheet (``players``) and the sheets
(``list``); and ``score keep``'s lines between them.

Nothing here computes points: the numbers come from ``scoring`` through the sheet's
``Tally``; each entry is said by its kind's words (``entry_words.ENTRY_WORDS``).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from ..engine.scoring import standing
from .entry_words import entry_text, words_for
from .markers import marker_picture, marker_width, no_scheme_note, side_by_side
from .printed import printed_table
from .wording import plural

if TYPE_CHECKING:
    from ..engine.scoring import GameResult, RubberResult
    from ..scorekeeper.people import Partnership, Person
    from ..scorekeeper.sheet import Sheet
    from ..scorekeeper.store import SheetSummary
    from ..scorekeeper.tally import EntryResult, SideStats, Tally


def _scores(names: Sequence[str], scores: Sequence[int]) -> str:
    return ", ".join(f"{name} {score}" for name, score in zip(names, scores))


def next_dealer(sheet: Sheet, tally: Tally) -> str:
    """ "Cy deals next.", once the sheet knows who deals (R3); "" until a dealer is named."""
    return "" if tally.dealer is None else f"{sheet.seating[tally.dealer]} deals next."


def _with_next_dealer(sheet: Sheet, tally: Tally, text: str) -> str:
    """``text``, then who deals next on a line of its own where the sheet knows it."""
    deal = next_dealer(sheet, tally)
    return f"{text}\n{deal}" if deal else text


def _gains(sheet: Sheet, result: EntryResult, subject: int) -> str:
    """Who scored what: "+4" when only the entry's own side (``subject``) scored, else
    by name."""
    scored = [(side, points) for side, points in enumerate(result.points) if points]
    if [side for side, _ in scored] == [subject]:
        return f"{scored[0][1]:+d}"
    return ", ".join(f"{sheet.side_names[side]} {points:+d}" for side, points in scored) or "0"


def _tie_note(sheet: Sheet, scores: Sequence[int]) -> str:
    """R9: several players past the target with the highest shared; play goes on."""
    if max(scores) >= sheet.ruleset.game.points_to_win:
        return f" (tied at {max(scores)}: play on until one player is ahead)"
    return ""


SLAM = "slam: counts as two games"  # R13


def _worth(sheet: Sheet, game: GameResult, start: Sequence[int] = ()) -> str:
    """What a won game counts (R10's rubber points, when the ruleset plays rubbers; a
    slam, R13) and, when laps carried points into it, what it started from."""
    notes = []
    if sheet.ruleset.rubber is not None:
        notes.append(plural(game.rubber_points, "rubber point"))
    if game.counted > 1:
        notes.append(SLAM)
    if any(start):
        notes.append(f"started {_started(sheet, start)}")
    return f" ({'; '.join(notes)})" if notes else ""


def _started(sheet: Sheet, start: Sequence[int]) -> str:
    """The scores laps carried into a game (R13): "Ann & Bob 3, Cy & Di 0 by laps"."""
    return f"{_scores(sheet.side_names, start)} by laps"


def _begins(sheet: Sheet, number: int, start: Sequence[int]) -> str:
    """ "Game 2 begins.", or with points carried by laps what it begins with."""
    if not any(start):
        return f"Game {number} begins."
    return f"Game {number} begins with {_scores(sheet.side_names, start)} (laps)."


def recorded(sheet: Sheet, tally: Tally) -> str:
    """What ``score hand``/``score add`` print: the last entry on one line, then the
    end of the game and of the rubber if it brought them, and who deals next."""
    result = tally.results[-1]
    names = sheet.side_names
    words = words_for(result.entry)
    if not words.with_scores:
        return f"#{result.number} {entry_text(sheet, result)}."
    line = f"#{result.number} {entry_text(sheet, result)}"
    if words.subject is not None:
        line += f": {_gains(sheet, result, words.subject(result.entry))}"
    game, rubber = result.ended_game, result.decided_rubber
    if game is None:
        scores = f"{_scores(names, result.totals)}{_tie_note(sheet, result.totals)}"
        return _with_next_dealer(sheet, tally, f"{line} -> {scores}")
    lines = [
        line,
        f"Game {result.game} goes to {names[game.winner]}: "
        f"{_scores(names, game.scores)}{_worth(sheet, game)}.",
    ]
    if rubber is not None:
        lines.append(
            f"The rubber goes to {names[rubber.winner]}, margin {rubber.margin}. "
            "This sheet is complete."
        )
        return "\n".join(lines)
    lines.append(_begins(sheet, result.game + 1, tally.starts[result.game]))
    return _with_next_dealer(sheet, tally, "\n".join(lines))


def _games_won(sheet: Sheet, games: Sequence[int], slams: Sequence[int]) -> str:
    """ "Ann & Bob 2 (one slam), Cy & Di 0"."""
    return ", ".join(
        f"{name} {won}" + (f" ({'one slam' if slam == 1 else f'{slam} slams'})" if slam else "")
        for name, won, slam in zip(sheet.side_names, games, slams)
    )


def changed_elsewhere(sheet: Sheet, tally: Tally) -> str:
    """``score keep``'s notice that another command changed its sheet: the table should not
    find a score that jumped, or undo an entry it never saw."""
    count = len(tally.results)
    now = "it has no entries now"
    if count:
        entries = "1 entry" if count == 1 else f"{count} entries"
        now = f"it has {entries}, the last #{count}: {entry_text(sheet, tally.results[-1])}"
    return f"Another command changed sheet {sheet.name}: {now}. {game_line(sheet, tally)}"


def game_line(sheet: Sheet, tally: Tally) -> str:
    """The game in play on one line: "Game 2: Ann & Bob 6, Cy & Di 3"."""
    if tally.rubber is not None:
        return "The rubber is over."
    note = _tie_note(sheet, tally.scores)
    return f"Game {tally.game_number}: {_scores(sheet.side_names, tally.scores)}{note}"


def outcome_changes(sheet: Sheet, before: Tally, after: Tally) -> list[str]:
    """Games and the rubber whose result an edit changed, one line each: an edit
    rescores every later entry, and the table should hear when that moves a result."""
    names = sheet.side_names
    lines = []
    for number, (was, now) in enumerate(zip_longest(before.games, after.games), start=1):
        if now is None:
            lines.append(f"Game {number} is no longer over (it went to {names[was.winner]}).")
        elif was is None:
            lines.append(f"Game {number} now goes to {names[now.winner]}.")
        elif was.winner != now.winner:
            lines.append(
                f"Game {number} now goes to {names[now.winner]} (it went to {names[was.winner]})."
            )
        elif was.scores != now.scores:  # the same winner, by another score
            worth = ""
            if sheet.ruleset.rubber is not None and was.rubber_points != now.rubber_points:
                worth = f"; {now.rubber_points} rubber points, not {was.rubber_points}"
            if was.counted != now.counted:
                worth += f"; a {SLAM}" if now.counted > 1 else "; no longer a slam"
            lines.append(
                f"Game {number} now ends {_scores(names, now.scores)}"
                f" (it ended {_scores(names, was.scores)}){worth}."
            )

    def rubber_words(rubber: RubberResult) -> str:
        return f"{names[rubber.winner]}, margin {rubber.margin}"

    was_rubber, rubber = before.rubber, after.rubber
    if rubber is None and was_rubber is not None:
        lines.append(f"The rubber is no longer decided (it went to {rubber_words(was_rubber)}).")
    elif rubber is not None and was_rubber is None:
        lines.append(f"The rubber now goes to {rubber_words(rubber)}.")
    elif rubber != was_rubber:
        lines.append(
            f"The rubber now goes to {rubber_words(rubber)}"
            f" (it went to {rubber_words(was_rubber)})."
        )
    return lines


def took_back(sheet: Sheet, removed: EntryResult, tally: Tally) -> str:
    """What ``score undo`` prints, and who deals now that the entry is gone."""
    text = f"Took back #{removed.number}: {entry_text(sheet, removed)}. {game_line(sheet, tally)}"
    return _with_next_dealer(sheet, tally, text)


def game_block(sheet: Sheet, tally: Tally, ascii: bool = False, columns: int | None = None) -> str:
    """The game in play: each side's score, the bridge label, the marker pictures
    (side by side where they fit in ``columns``)."""
    rules = sheet.ruleset
    names = sheet.side_names
    bridge = sheet.at_the_bridge(tally.scores)
    width = max(len(name) for name in names)
    start = tally.starts[-1]
    laps = f" (started {_started(sheet, start)})" if any(start) else ""
    lines = [f"Game {tally.game_number}{_tie_note(sheet, tally.scores)}{laps}:"]
    for side, (name, score) in enumerate(zip(names, tally.scores)):
        label = "  at the bridge" if side == bridge else ""
        lines.append(f"  {name.ljust(width)}  {score:>3}{label}")
    if rules.markers is None:
        return "\n".join(lines)
    note = no_scheme_note(rules)
    if note is not None:
        lines.append(note)  # no scheme for this target: said once
    else:
        pictures = [
            f"{name}: {score}\n{marker_picture(rules, score, ascii, side)}"
            for side, (name, score) in enumerate(zip(names, tally.scores))
        ]
        lines += ["", side_by_side(pictures, width=marker_width(rules), fit=columns)]
    return "\n".join(lines)


def sheet_report(
    sheet: Sheet, tally: Tally, ascii: bool = False, columns: int | None = None
) -> str:
    """``score show``: the game in play, the games so far and the rubber."""
    rules = sheet.ruleset
    names = sheet.side_names
    lines = [f"Sheet {sheet.name} ({rules.name}, game to {rules.game.points_to_win})"]
    if tally.rubber is None:
        lines.append(game_block(sheet, tally, ascii, columns))
        lines += [next_dealer(sheet, tally)] if tally.dealer is not None else []
    if tally.games:
        games_won, rubber_points, slams = standing(tally.games, len(sheet.sides))
        lines += ["", f"Games won: {_games_won(sheet, games_won, slams)}"]
        for number, game in enumerate(tally.games, start=1):
            lines.append(
                f"  Game {number} to {names[game.winner]}: "
                f"{_scores(names, game.scores)}{_worth(sheet, game, tally.starts[number - 1])}"
            )
        if rules.rubber is not None:
            lines.append(f"Rubber points: {_scores(names, rubber_points)}")
    if tally.rubber is not None:
        lines.append(
            f"The rubber goes to {names[tally.rubber.winner]}, margin {tally.rubber.margin} "
            f"(bonus {rules.rubber.bonus} plus rubber points won, less those lost)."
        )
    elif not any(words_for(result.entry).with_scores for result in tally.results):
        lines.append("No hands yet.")
    return "\n".join(lines)


def history_table(sheet: Sheet, tally: Tally, columns: int | None = None) -> str:
    """``score history``: every entry with each side's running total, game and rubber
    boundaries marked; long entries broken over lines to fit ``columns``."""
    names = sheet.side_names
    blank = [""] * len(names)
    rows: list[list[Any]] = []
    for result in tally.results:
        cells = [
            f"{total} ({points:+d})" if points else str(total)
            for total, points in zip(result.totals, result.points)
        ]
        rows.append([result.number, result.game, entry_text(sheet, result), *cells])
        game = result.ended_game
        if game is not None:
            slam = f" ({SLAM})" if game.counted > 1 else ""
            rows.append(["", "", f"-- game {result.game} to {names[game.winner]}{slam} --", *blank])
        if result.decided_rubber is not None:
            winner = names[result.decided_rubber.winner]
            margin = result.decided_rubber.margin
            rows.append(["", "", f"== rubber to {winner}, margin {margin} ==", *blank])
        elif game is not None and any(start := tally.starts[result.game]):
            text = f"-- game {result.game + 1} starts {_scores(names, start)} (laps) --"
            rows.append(["", "", text, *map(str, start)])
    if not rows:
        return f"Sheet {sheet.name} has no entries yet."
    table = printed_table(rows, ["#", "Game", "Entry", *names], wrap=2, columns=columns)
    return _with_next_dealer(sheet, tally, table)


def stats_table(sheet: Sheet, stats: Sequence[SideStats]) -> str:
    """``score stats``: per side (or player) how their hands went."""
    rubbers = sheet.ruleset.rubber is not None
    slams = sheet.ruleset.game.slam
    reneges = any(side.reneges for side in stats)  # a column only once there is one
    defence = sheet.ruleset.alone.defender  # only the columns the ruleset can fill
    alone = sheet.ruleset.alone.maker
    headers = ["", "Made", "Euchred", "Marches"]
    headers += ["Alone", "Alone\nmade"] if alone else []
    headers += ["Def.\nalone", "Def.\nwon"] if defence else []  # lone defences
    headers += ["Reneges"] if reneges else []  # committed (R17)
    headers += ["Games", *(["Slams"] if slams else []), *(["Rubbers"] if rubbers else [])]
    rows = []
    for name, side in zip(sheet.side_names, stats):
        row = [name, side.made, side.euchred, side.marches]
        row += [side.alone_tried, side.alone_made] if alone else []
        row += [side.defended_alone, side.defended_alone_won] if defence else []
        row += [side.reneges] if reneges else []
        row += [side.games_won, *([side.slams] if slams else [])]
        rows.append([*row, *([side.rubbers_won] if rubbers else [])])
    return printed_table(rows, headers)


def players_table(persons: Sequence[Person], partnerships: Sequence[Partnership]) -> str:
    """``score players``: each person over every sheet, then each partnership."""
    rows = [[p.name, p.games, p.won, p.makers, p.euchred, p.loners_made] for p in persons]
    text = printed_table(rows, ["", "Games", "Won", "Makers", "Euchred", "Loners\nmade"])
    if partnerships:
        pairs = [[pair.name, pair.games, pair.won] for pair in partnerships]
        text += "\n\n" + printed_table(pairs, ["Partnership", "Games", "Won"])
    return text


def sheets_table(summaries: Sequence[SheetSummary]) -> str:
    """``score list``: every sheet, the current one starred."""
    if not summaries:
        return "No score sheets yet: start one with 'euchre score new'."
    rows = [
        ["*" if s.current else "", s.name, s.ruleset, " v ".join(s.sides), s.entries]
        for s in summaries
    ]
    return printed_table(rows, ["", "Sheet", "Rules", "Sides", "Entries"])
