"""``euchre review`` in words and as JSON: each costly decision, where it was, what
was chosen and what ``hard`` prefers with the expected points of both, and the
hint's own line for why; then the summary.  The numbers come from
``records/review.py``; nothing here weighs anything."""

from __future__ import annotations

from typing import Any

from ..engine.cards import sorted_hand
from ..engine.values import BEFORE_EXCHANGE, Action, Phase
from ..records.review import Review, Weighed
from .human import action_words, hint_line, keep_hint_line
from .text import Style
from .wording import plural
from .words import PHASE_WORDS, play_reason

REVIEW_KEYS = (
    "id",
    "ruleset",
    "person",
    "finished",
    "threshold",
    "reviewed",
    "taken_back",
    "costly_count",
    "hands",
    "given_away",
    "given_away_per_hand",
    "costly",
)
"""The keys of ``review_json``, in order (docs/games-kept.md, "Review")."""


def where(weighed: Weighed, several_games: bool) -> str:
    """Where a decision was: "Game 2, hand 5, trick 3", "Hand 1, bidding, first round";
    "taken back" when the person took it back with undo."""
    decision = weighed.decision
    move = decision.move
    about = PHASE_WORDS[decision.view.phase].about
    if decision.trick is not None:
        about = f"trick {decision.trick}"
    elif decision.keeps_many and decision.view.phase is Phase.DISCARD:
        about = f"keeping five of {len(decision.view.hand)}"
    place = f"Game {move.game}, hand {move.hand}" if several_games else f"Hand {move.hand}"
    taken = " (taken back with undo)" if decision.taken_back else ""
    return f"{place}, {about}{taken}"


def choice_words(weighed: Weighed, style: Style, preferred: bool = False) -> str:
    """The person's choice (or ``hard``'s) in the prompts' words: "play J♥", "order up",
    "keep J♣ A♣ K♣ A♥ A♦"."""
    decision = weighed.decision
    if decision.keeps_many:
        kept = weighed.preferred_kept if preferred else decision.kept
        return f"keep {style.cards(kept)}"
    action = (weighed.preferred if preferred else decision.chosen)[0]
    return action_words(action, decision.view, style)


def reason(weighed: Weighed, style: Style) -> str:
    """The hint's own line for the decision, in points (the search's ``Analysis`` of
    the view, worded as ``hint`` words it), the best choice set against the person's."""
    decision = weighed.decision
    view = decision.view
    if decision.keeps_many:
        mine = (decision.kept, weighed.chosen_points)
        return keep_hint_line(
            weighed.preferred_kept, weighed.analysis, view.trump, style, enter=False, mine=mine
        )
    assert weighed.analysis is not None, "every single choice has the search's analysis"

    def words(action: Action) -> str:
        return action_words(action, view, style)

    why = play_reason(view, weighed.analysis.choice, style.card)
    return hint_line(weighed.analysis, words, mine=decision.chosen[0], why=why)


def seen_words(weighed: Weighed, style: Style) -> str:
    """What the person saw that matters most: their hand, and the upcard while bidding
    or the cards of the trick so far."""
    decision = weighed.decision
    view = decision.view
    held = f"Your hand: {style.cards(sorted_hand(view.hand, view.trump))}"
    upcard = f"; upcard {style.card(view.upcard)}" if view.phase in BEFORE_EXCHANGE else ""
    if view.phase is Phase.NAME_TRUMP:
        upcard = f"; {style.card(view.upcard)} turned down"
    if view.trump is None:
        return f"{held}{upcard}."
    trump = f" (trump {style.suit(view.trump)})"
    if view.phase is not Phase.PLAY or not view.current_trick:
        return f"{held}{trump}{upcard}."
    names = decision.names
    played = ", ".join(
        f"{names[seat] if seat < len(names) else f'seat {seat}'} {style.card(card)}"
        for seat, card in view.current_trick
    )
    return f"{held}{trump}; this trick: {played}."


def review_lines(review: Review, style: Style) -> list[str]:
    """The whole review as lines of text."""
    saved = review.saved
    setup = saved.setup
    whose = "your" if len(setup.people) == 1 else f"{setup.names[review.person]}'s"
    lines = [
        style.bold(
            f"Game {saved.id} ({setup.ruleset.name}, {saved.started[:16]}): {whose} decisions"
            " weighed as the hard player's hints weigh them, in expected points for the hand."
        )
    ]
    if not saved.finished:
        lines.append("The game is unfinished: reviewed up to where it stopped.")
    # a rubber, or a match of several games
    several = setup.ruleset.rubber is not None or (setup.games or setup.best_of or 1) > 1
    costly, threshold = review.costly, review.threshold
    if threshold:
        lines.append(
            f"The decisions that cost {threshold:.2f} points or more:"
            if costly
            else f"No decision cost {threshold:.2f} points or more."
        )
    else:
        lines.append(
            "The decisions where hard would choose otherwise:"
            if costly
            else "Hard would have made every decision as you did."
        )
    for weighed in costly:
        mine, theirs = choice_words(weighed, style), choice_words(weighed, style, preferred=True)
        lines += [
            "",
            style.bold(where(weighed, several)),
            f"  You: {mine}, {weighed.chosen_points:+.2f}. Hard: {theirs},"
            f" {weighed.preferred_points:+.2f}. Cost: {weighed.cost:.2f} points.",
            f"  {seen_words(weighed, style)}",
            f"  {reason(weighed, style)}",
        ]
    lines += ["", summary_line(review)]
    return lines


def summary_line(review: Review) -> str:
    """ "52 decisions reviewed (2 taken back), 6 cost 0.20 points or more; 2.92
    expected points given away in 11 hands: 0.27 per hand." """
    reviewed = plural(len(review.weighed), "decision")
    taken = f" ({review.taken_back} taken back)" if review.taken_back else ""
    costly = f"{len(review.costly)} cost {review.threshold:.2f} points or more"
    if not review.threshold:
        costly = f"{len(review.costly)} where hard would choose otherwise"
    per_hand = review.given_away_per_hand
    given = f"{review.given_away:.2f} expected points given away in {plural(review.hands, 'hand')}"
    if per_hand is not None:
        given += f": {per_hand:.2f} per hand"
    return f"{reviewed} reviewed{taken}, {costly}; {given}."


def review_json(review: Review) -> dict[str, Any]:
    """The review as one JSON object (keys: ``REVIEW_KEYS``)."""
    saved = review.saved
    setup = saved.setup
    plain = Style(colour=False)
    per_hand = review.given_away_per_hand
    data = {
        "id": saved.id,
        "ruleset": setup.ruleset.name,
        "person": setup.names[review.person],
        "finished": saved.finished,
        "threshold": review.threshold,
        "reviewed": len(review.weighed),
        "taken_back": review.taken_back,
        "costly_count": len(review.costly),
        "hands": review.hands,
        "given_away": round(review.given_away, 4),
        "given_away_per_hand": None if per_hand is None else round(per_hand, 4),
        "costly": [_decision_json(weighed, plain) for weighed in review.costly],
    }
    assert tuple(data) == REVIEW_KEYS
    return data


def _decision_json(weighed: Weighed, style: Style) -> dict[str, Any]:
    decision = weighed.decision
    move, view = decision.move, decision.view
    return {
        "move": move.number,
        "game": move.game,
        "hand": move.hand,
        "phase": view.phase.value,
        "trick": decision.trick,
        "taken_back": decision.taken_back,
        "held": [card.code for card in sorted_hand(view.hand, view.trump)],
        "chosen": [action.text for action in decision.chosen],
        "preferred": [action.text for action in weighed.preferred],
        "chosen_points": round(weighed.chosen_points, 4),
        "preferred_points": round(weighed.preferred_points, 4),
        "cost": round(weighed.cost, 4),
        "samples": weighed.samples,
        "reason": reason(weighed, style),
    }
