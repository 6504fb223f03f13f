"""Every phase's words (``euchre_cli/terminal/words.py``): each ``Phase`` has an entry,
and each kind of word its questions need, found from the engine's own legal actions;
and each reason the engine gives for a refusal has its words (R16)."""

from __future__ import annotations

import dataclasses
import random
from collections import defaultdict

import pytest
from deals import CUTTHROAT, DECK32, JOKER, STANDARD

from euchre_cli.engine.hand import Hand
from euchre_cli.engine.play import shuffled_deck
from euchre_cli.engine.rules import AloneRules, DealRules
from euchre_cli.engine.values import BIDDING, PASS, Action, Phase, Refusal
from euchre_cli.terminal.words import PHASE_WORDS, REFUSAL_WORDS

WEAK_EXCHANGE = dataclasses.replace(DECK32, deal=DealRules(weak_hand="exchange"))  # R17
CALL_FOR_BEST = dataclasses.replace(JOKER, alone=AloneRules(call_for_best=True))  # R13, R15


def choices_by_phase() -> dict[Phase, set[tuple[Action, ...]]]:
    """Every set of legal actions each phase offered in random hands of rulesets that
    between them reach every phase."""
    seen: dict[Phase, set[tuple[Action, ...]]] = defaultdict(set)
    rng = random.Random(27)
    for ruleset in (STANDARD, CUTTHROAT, WEAK_EXCHANGE, CALL_FOR_BEST):
        for number in range(300):
            hand = Hand(ruleset, number % ruleset.players, shuffled_deck(ruleset, rng))
            while not hand.is_over:
                legal = hand.legal_actions()
                seen[hand.phase].add(tuple(legal))
                hand.apply(rng.choice(legal))
    return seen


CHOICES = choices_by_phase()


def test_every_phase_has_its_words() -> None:
    assert set(PHASE_WORDS) == set(Phase)
    assert set(CHOICES) == set(Phase) - {Phase.OVER}  # the hands drawn reach every phase
    for phase, words in PHASE_WORDS.items():
        assert words.going_on, phase  # a refusal says what is going on (R16)


@pytest.mark.parametrize("phase", [phase for phase in Phase if phase is not Phase.OVER])
def test_each_phase_has_the_words_its_questions_need(phase: Phase) -> None:
    words = PHASE_WORDS[phase]
    offered = CHOICES[phase]
    cards = {action.kind for legal in offered for action in legal if action.card is not None}
    if phase is not Phase.PLAY:  # a card played is reviewed by its trick
        assert words.about, "the review names what the decision was about"
    if cards and phase is not Phase.PLAY:  # face down, seen by whoever lays them
        assert words.laid_away, "the table's verb for the cards laid away"
    two_words = {legal for legal in offered if len(legal) == 2 and legal[0] is PASS}
    if two_words and phase not in BIDDING:  # a question answered y or n
        (yes,) = {legal[1] for legal in two_words}
        assert words.yes_no == (yes, PASS)
        assert words.answer and words.taken_back and all(words.taken_back)
    else:
        assert words.yes_no is None and words.taken_back is None
    if phase is Phase.BID_UPCARD:  # order or pass
        assert words.answer


def test_every_reason_for_a_refusal_has_its_words() -> None:
    assert set(REFUSAL_WORDS) == set(Refusal)
