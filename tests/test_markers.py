"""Low-card markers (R11): positions for every score, and the pictures drawn of them."""

from __future__ import annotations

from dataclasses import replace

import pytest

from euchre_cli.engine.rules import GameRules, MarkerRules, Ruleset
from euchre_cli.engine.scoring import MarkerPosition, marker_position
from euchre_cli.rulebook import load_ruleset
from euchre_cli.terminal.markers import marker_picture, marker_width, side_by_side
from euchre_cli.terminal.text import needs_ascii

THREE_FOUR = (3, 4)
SIX_FOUR = (6, 4)


def five_point_game() -> Ruleset:
    """Classic's markers: the three and four for a game to 5."""
    return replace(
        Ruleset(), game=GameRules(points_to_win=5, bridge=True), markers=MarkerRules(THREE_FOUR)
    )


def ten_point_game() -> Ruleset:
    return replace(Ruleset(), markers=MarkerRules(SIX_FOUR))


# R11, word for word: (top card, top face up, bottom card, bottom face up, pips showing)
R11_THREE_AND_FOUR = {
    1: MarkerPosition(4, False, 3, True, 1),  # the four face down on top of the three, one pip
    2: MarkerPosition(3, False, 4, True, 2),  # the three face down on top of the four, two pips
    3: MarkerPosition(3, True, 4, False, 0),  # the three face up on top of the four
    4: MarkerPosition(4, True, 3, False, 0),  # the four face up on top of the three
}


@pytest.mark.parametrize("score", sorted(R11_THREE_AND_FOUR))
def test_three_and_four_follow_r11_word_for_word(score: int) -> None:
    assert marker_position(THREE_FOUR, 5, score) == R11_THREE_AND_FOUR[score]


def test_three_and_four_at_nothing_show_no_pips() -> None:
    nothing = marker_position(THREE_FOUR, 5, 0)
    assert nothing is not None
    assert not nothing.top_face_up and not nothing.bottom_face_up and nothing.counted == 0


@pytest.mark.parametrize("score", range(5))
def test_three_and_four_pictures_say_r11s_words(score: int) -> None:
    words = {
        0: ("4 face down on top of the 3", "3 face down underneath"),
        1: ("4 face down on top of the 3", "3 face up, 1 pip showing"),
        2: ("3 face down on top of the 4", "4 face up, 2 pips showing"),
        3: ("3 face up on top of the 4", "4 face down underneath"),
        4: ("4 face up on top of the 3", "3 face down underneath"),
    }[score]
    picture = marker_picture(five_point_game(), score)
    assert picture.splitlines()[-2:] == list(words)


@pytest.mark.parametrize(("cards", "target"), [(THREE_FOUR, 5), (SIX_FOUR, 10), ((4, 6), 10)])
def test_every_score_below_the_target_has_one_readable_position(
    cards: tuple[int, int], target: int
) -> None:
    positions = [marker_position(cards, target, score) for score in range(target)]
    assert all(position is not None for position in positions)
    assert len(set(positions)) == target  # no two scores look alike
    for score, position in enumerate(positions):
        assert position.counted == score
        assert {position.top, position.bottom} == set(cards)
        assert position.pips_showing <= position.bottom
        if not position.bottom_face_up:
            assert position.pips_showing == 0


@pytest.mark.parametrize(
    ("ruleset", "score"),
    [(five_point_game(), s) for s in range(5)] + [(ten_point_game(), s) for s in range(10)],
)
@pytest.mark.parametrize("ascii", [False, True])
def test_a_picture_draws_as_many_pips_as_the_score(
    ruleset: Ruleset, score: int, ascii: bool
) -> None:
    picture = marker_picture(ruleset, score, ascii=ascii)
    drawing = "\n".join(picture.splitlines()[:7])
    pip = "H" if ascii else "♥"
    assert drawing.count(pip) == score
    if ascii:
        assert picture.isascii()
    else:
        assert "┌" in drawing and "└" in drawing


def test_each_side_gets_its_own_suit() -> None:
    assert "♠" in marker_picture(five_point_game(), 3, side=1)
    assert "S" in marker_picture(five_point_game(), 3, ascii=True, side=1)


@pytest.mark.parametrize("rules", [five_point_game(), ten_point_game()])
def test_side_by_side_pictures_keep_their_columns_whatever_the_scores(rules: Ruleset) -> None:
    """The second side's picture starts in the same column whatever the first side's
    score, so the pictures do not shift from one hand to the next."""
    width = marker_width(rules)
    starts = set()
    for score in range(rules.game.points_to_win):
        pictures = [marker_picture(rules, score), marker_picture(rules, 1, side=1)]
        top_row = side_by_side(pictures, width=width).splitlines()[0]
        starts.add(top_row.rindex("┌"))
    assert len(starts) == 1


def test_no_marker_scheme_has_no_width() -> None:
    assert marker_width(replace(Ruleset(), markers=MarkerRules(THREE_FOUR))) == 0


@pytest.mark.parametrize(
    ("cards", "target", "score"),
    [(THREE_FOUR, 10, 3), ((5, 6), 5, 1), (SIX_FOUR, 5, 2), (THREE_FOUR, 7, 2)],
)
def test_sets_without_a_scheme_have_no_position(
    cards: tuple[int, int], target: int, score: int
) -> None:
    assert marker_position(cards, target, score) is None


@pytest.mark.parametrize("score", [-1, 5, 12])
def test_scores_outside_the_game_have_no_position(score: int) -> None:
    assert marker_position(THREE_FOUR, 5, score) is None


def test_pictures_say_when_markers_are_not_available() -> None:
    three_four_to_ten = replace(Ruleset(), markers=MarkerRules(THREE_FOUR))
    assert marker_picture(three_four_to_ten, 3) == (
        "markers not available for the 3 and 4 in a game to 10"
    )
    assert marker_picture(five_point_game(), -2) == "markers not available for a score of -2"
    assert marker_picture(replace(Ruleset(), markers=None), 3) == "no marker cards in this ruleset"


@pytest.mark.parametrize(
    ("encoding", "ascii"),
    [
        ("utf-8", False),
        ("UTF8", False),
        ("ascii", True),
        ("cp1252", True),
        (None, True),
        ("nonsense", True),
    ],
)
def test_needs_ascii_unless_the_stream_speaks_utf8(encoding: str | None, ascii: bool) -> None:
    assert needs_ascii(encoding) is ascii


def test_r11_pictures_too_wide_for_the_terminal_go_one_above_the_other() -> None:
    rules = load_ruleset("standard")
    pictures = [marker_picture(rules, score) for score in (3, 7)]
    wide = side_by_side(pictures, width=marker_width(rules), fit=80)
    assert len(wide.splitlines()) == len(pictures[0].splitlines())  # side by side
    narrow = side_by_side(pictures, width=marker_width(rules), fit=40)
    assert narrow == "\n".join(pictures)  # each picture whole, captions unbroken
