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
from euchre_cli.engine.rules import AloneRules, BiddingRules, DealRules
from euchre_cli.engine.values import BIDDING, ORDER, PASS, Action, Phase, Refusal, View
from euchre_cli.terminal.text import Style
from euchre_cli.terminal.words import (
    PHASE_WORDS,
    REFUSAL_WORDS,
    Question,
    bid_words,
    phase_words,
)

WEAK_EXCHANGE = dataclasses.replace(DECK32, deal=DealRules(weak_hand="exchange"))  # R17
CALL_FOR_BEST = dataclasses.replace(JOKER, alone=AloneRules(call_for_best=True))  # R13, R15
NATURAL = dataclasses.replace(STANDARD, bidding=BiddingRules(natural_trump=True))  # R17


def questions_by_phase() -> dict[Phase, dict[tuple[Action, ...], View]]:
    """Every set of legal actions each phase offered in random hands of rulesets that
    between them reach every phase, each with a view of a seat it was offered to."""
    seen: dict[Phase, dict[tuple[Action, ...], View]] = defaultdict(dict)
    rng = random.Random(27)
    for ruleset in (STANDARD, CUTTHROAT, WEAK_EXCHANGE, CALL_FOR_BEST, JOKER, NATURAL):
        for number in range(300):
            hand = Hand(ruleset, number % ruleset.players, shuffled_deck(ruleset, rng))
            while not hand.is_over:
                legal = hand.legal_actions()
                seen[hand.phase].setdefault(tuple(legal), hand.view(hand.current_seat))
                hand.apply(rng.choice(legal))
    return seen


QUESTIONS = questions_by_phase()
CHOICES = {phase: set(offered) for phase, offered in QUESTIONS.items()}


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


@pytest.mark.parametrize("phase", [phase for phase in Phase if phase is not Phase.OVER])
def test_each_phase_asks_its_question_and_reads_every_answer_it_offers(phase: Phase) -> None:
    """The question a person is asked, and what each choice is typed as (a card, a
    suit, a word), are the phase's words, the dealer's own where they differ."""
    words = PHASE_WORDS[phase]
    if words.kept:  # asked as one question, which cards to keep (R17's swap)
        assert words.laid_away and words.question is None
        return
    for view, legal in ((view, legal) for legal, view in QUESTIONS[phase].items()):
        asked = phase_words(view)
        assert asked.question, "the question a person is asked"
        assert asked.question(Question(view, legal, Style(colour=False)))
        for action in legal:
            if action.card is not None:
                assert asked.card is not None and asked.card[action.card] is action
            elif action.suit is not None:
                assert asked.suit is not None and asked.suit(view, action.suit) is action
            else:
                assert action in asked.typed.values(), f"the words typed for {action}"
    if phase in BIDDING:  # each bid as the table says it, whoever makes it
        for seat, action in ((s, a) for legal in CHOICES[phase] for a in legal for s in range(4)):
            assert bid_words(seat, action, phase, dealer=0, partnerships=True)


def test_the_dealers_question_has_words_of_its_own() -> None:
    """R4: the dealer is asked whether to pick the upcard up, answered y or n."""
    dealer = PHASE_WORDS[Phase.BID_UPCARD].dealer
    assert dealer is not None and dealer.yes_no == (ORDER, PASS)
    assert dealer.question and dealer.answer and dealer.p_could_mean


def test_every_reason_for_a_refusal_has_its_words() -> None:
    assert set(REFUSAL_WORDS) == set(Refusal)
