"""The scorekeeper's reports and tables: what each ``euchre score`` command prints,
the tables of ``euchre rules list``, ``euchre games`` and ``euchre stats``.

Nothing here computes points: the numbers come from ``scoring`` through the sheet's
``Tally``, and for ``euchre stats`` from ``records/stats.py``; each entry is said by
its kind's words (``entry_words.ENTRY_WORDS``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import zip_longest
from typing import TYPE_CHECKING, Any

from ..engine.rules import Ruleset
from ..engine.scoring import standing
from .entry_words import entry_text, words_for
from .markers import marker_picture, marker_width, no_scheme_note, side_by_side
from .text import escaped, plural

if TYPE_CHECKING:
    from ..engine.scoring import GameResult, RubberResult
    from ..records.stats import Figures, KindAndLevelStats
    from ..records.store import Listing
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


def _table(
    rows: Sequence[Sequence[Any]],
    headers: Sequence[str],
    wrap: int | None = None,
    columns: int | None = None,
) -> str:
    """A plain table, its cells ``escaped`` (names and descriptions come from files
    and the book); where it is wider than ``columns``, the text of column ``wrap`` is
    broken over several lines to fit (down to 24 columns of it)."""
    rows = [[escaped(str(cell)) for cell in row] for row in rows]
    headers = [escaped(header, newlines=True) for header in headers]  # "Alone\nmade"
    text = _drawn(rows, headers)
    if wrap is None or columns is None:
        return text
    excess = max(map(len, text.splitlines())) - columns
    if excess > 0:
        import textwrap  # only on a narrow terminal

        width = max(24, max(len(str(row[wrap])) for row in rows) - excess)
        rows = [
            [*row[:wrap], "\n".join(textwrap.wrap(str(row[wrap]), width)), *row[wrap + 1 :]]
            for row in rows
        ]
        text = _drawn(rows, headers)
    return text


def _drawn(rows: Sequence[Sequence[Any]], headers: Sequence[str]) -> str:
    """The layout of tabulate's "simple" tables, left-aligned, with every column as
    wide as its widest line, title included, and no wider: tabulate adds two spaces to
    each title, and only a module-wide setting of its takes them off.  A cell may
    hold several lines; lines end without trailing spaces."""
    cells = [[str(cell).split("\n") for cell in row] for row in (headers, *rows)]
    widths = [max(len(line) for row in cells for line in row[i]) for i in range(len(headers))]

    def lines(row: list[list[str]]) -> list[str]:
        height = max(len(cell) for cell in row)
        return [
            "  ".join(
                (cell[k] if k < len(cell) else "").ljust(width) for cell, width in zip(row, widths)
            ).rstrip()
            for k in range(height)
        ]

    title, *body = cells
    rule = "  ".join("-" * width for width in widths)
    return "\n".join([*lines(title), rule, *(line for row in body for line in lines(row))])


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
    table = _table(rows, ["#", "Game", "Entry", *names], wrap=2, columns=columns)
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
    return _table(rows, headers)


def players_table(persons: Sequence[Person], partnerships: Sequence[Partnership]) -> str:
    """``score players``: each person over every sheet, then each partnership."""
    rows = [[p.name, p.games, p.won, p.makers, p.euchred, p.loners_made] for p in persons]
    text = _table(rows, ["", "Games", "Won", "Makers", "Euchred", "Loners\nmade"])
    if partnerships:
        pairs = [[pair.name, pair.games, pair.won] for pair in partnerships]
        text += "\n\n" + _table(pairs, ["Partnership", "Games", "Won"])
    return text


def rulesets_table(rulesets: Sequence[Ruleset], columns: int | None = None) -> str:
    """``euchre rules list``: descriptions break over lines to fit the terminal."""
    rows = [(r.name, r.players, r.game.points_to_win, r.description) for r in rulesets]
    return _table(rows, ["name", "players", "game to", "description"], wrap=3, columns=columns)


def sheets_table(summaries: Sequence[SheetSummary]) -> str:
    """``score list``: every sheet, the current one starred."""
    if not summaries:
        return "No score sheets yet: start one with 'euchre score new'."
    rows = [
        ["*" if s.current else "", s.name, s.ruleset, " v ".join(s.sides), s.entries]
        for s in summaries
    ]
    return _table(rows, ["", "Sheet", "Rules", "Sides", "Entries"])


def games_table(kept: Sequence[Listing], columns: int | None = None) -> str:
    """``euchre games``: every game kept, newest first."""
    if not kept:
        return "No games kept yet: play one with 'euchre play'."
    rows = []
    for listed in kept:
        if listed.damaged:  # its line is said apart (``euchre games`` prints it)
            rows.append([listed.id, "", "", "", "", "damaged"])
            continue
        who = f"{listed.level}, watched" if listed.person is None else listed.level
        score = ", ".join(f"{side} {points}" for side, points in listed.scores.items())
        match = match_words(listed)
        if match:  # the score is the last game's
            score += f" ({match})"
        result = "unfinished"
        if listed.finished:
            result = f"{listed.winner} won" if listed.winner else "drawn"
        players = f"{', '.join(listed.names)} ({who})"
        rows.append([listed.id, listed.started[:16], listed.ruleset, players, score, result])
    headers = ["ID", "When", "Rules", "Players", "Score", "Result"]
    return _table(rows, headers, wrap=3, columns=columns)


def match_words(listed: Listing) -> str:
    """What a match or rubber has come to, in a few words: "best of 3, won 2–0", "3
    games, drawn 1–1", "rubber, game 2, 1–0 to Ann & Cy" (each side's games won, a slam
    counting two, R13); "" for a single game."""
    number = len(listed.games) + 1  # the game under way, while unfinished
    if listed.rubber:
        kind = "rubber"
        where = f"{kind}, game {number}"
    elif listed.best_of is not None:
        kind = f"best of {listed.best_of}"
        where = f"{kind}, game {number}"
    elif listed.match_games is not None and listed.match_games > 1:
        kind = plural(listed.match_games, "game")
        where = f"game {number} of {listed.match_games}"
    else:
        return ""
    won = listed.games_won
    tally = "–".join(str(count) for count in sorted(won.values(), reverse=True))
    if listed.finished:
        slams = sum(1 for _, counted in listed.games if counted > 1)
        with_slams = f" with {plural(slams, 'slam')}" if slams else ""
        return f"{kind}, {'won' if listed.winner else 'drawn'} {tally}{with_slams}"
    if not listed.games:
        return where
    leaders = [side for side, count in won.items() if count == max(won.values())]
    return f"{where}, {tally}" + (f" to {leaders[0]}" if len(leaders) == 1 else "")


def person_stats_report(tables: Sequence[KindAndLevelStats], ascii: bool = False) -> str:
    """``euchre stats``: a table per kind of game and computer level, each figure over
    all the games and over the most recent ones side by side, and which way it moved;
    games with no hand scored yet (left in their first hand) have a line, not a table
    of dashes."""
    from ..records.stats import RECENT_GAMES  # not every report's: records cost start-up

    up, down = ("up", "down") if ascii else ("▲", "▼")
    blocks = []
    for table in tables:
        overall, recent = table.overall, table.recent
        games = plural(overall.games, "game")
        if overall.unfinished:
            games += f", {overall.unfinished} unfinished"
        title = (
            f"{table.kind.capitalize()} against {table.level} computer players: {games}"
            f" (rules: {', '.join(table.rulesets)})"
        )
        if not overall.hands:
            blocks.append(f"{title}; no hand scored yet, so nothing to count.")
            continue
        rows = []
        for label, figure in _person_figures(table):
            cells = [figure(overall), figure(recent)]
            moved = _trend(cells[0][1], cells[1][1], up, down)
            rows.append([label, cells[0][0], cells[1][0], moved])
        headers = ["", f"all {plural(overall.games, 'game')}", f"last {RECENT_GAMES}", "trend"]
        blocks.append(f"{title}\n{_table(rows, headers)}")
    if not any(table.overall.hands for table in tables):
        return "\n".join(blocks)
    legend = (
        f"Trend: {up} or {down} where a figure over the last {RECENT_GAMES} games is higher"
        " or lower than over all."
    )
    return "\n\n".join([*blocks, legend])


Compared = tuple[str, float] | None
"""What a figure's trend compares: the value as its cell shows it, to mark only a change
one can see, and the exact value, to say which way; None for a figure with no trend."""
Shown = tuple[str, Compared]  # a figure as a cell, and what its trend compares


def _person_figures(table: KindAndLevelStats) -> list[tuple[str, Callable[[Figures], Shown]]]:
    """The rows of a ``euchre stats`` table: a label, and how a column shows it."""
    side = "your side" if table.partnerships else "you"
    rows: list[tuple[str, Callable[[Figures], Shown]]] = [
        ("Games won", lambda f: _share(f.won, f.finished))
    ]
    if table.overall.unfinished:
        rows.append(("Unfinished games", lambda f: (str(f.unfinished), None)))
    rows += [
        ("Hands dealt", lambda f: (str(f.hands), None)),
        ("Points per hand, for", lambda f: _per_hand(f.points_for_per_hand)),
        ("Points per hand, against", lambda f: _per_hand(f.points_against_per_hand)),
        (f"Trump made by {side}", lambda f: _share(f.trump_made, f.hands)),
        ("  euchred (as makers)", lambda f: _share(f.euchred, f.trump_made)),
        ("  marched", lambda f: _share(f.marched, f.trump_made)),
    ]
    if table.lone_hands:
        rows += [
            ("Lone hands (you alone)", lambda f: _share(f.alone_tried, f.hands)),
            ("  made", lambda f: _share(f.alone_made, f.alone_tried)),
            ("  marched", lambda f: _share(f.alone_marched, f.alone_tried)),
        ]
    rows.append(("Euchres as defenders", lambda f: _share(f.euchres_as_defenders, f.defended)))
    return rows


def _share(part: int, whole: int) -> Shown:
    """ "4 of 20 (20%)"; "-" when there is no whole; "<1%" rather than a 0% that is not."""
    if not whole:
        return "-", None
    rate = part / whole
    percent = "<1%" if 0 < rate < 0.005 else f"{round(100 * rate)}%"
    return f"{part} of {whole} ({percent})", (percent, rate)


def _per_hand(points: float | None) -> Shown:
    if points is None:
        return "-", None
    return f"{points:.2f}", (f"{points:.2f}", points)


def _trend(overall: Compared, recent: Compared, up: str, down: str) -> str:
    """Which way a figure moved in the recent games, where its cells show a change."""
    if overall is None or recent is None or overall[0] == recent[0]:
        return ""
    return up if recent[1] > overall[1] else down


def settings_table(rows: Sequence[tuple[str, str, str]]) -> str:
    """``config list``: each key, the value in effect and where it comes from."""
    return _table(rows, ["key", "value", "from"])
