"""R13 (Railroad) and R17 (house rules) in the engine: weak hands shown and dealt again
or swapped with the kitty, natural trump, the Canadian loner, calling for best; each
rule alone, in the interactions tables meet, and in the search's drawn deals."""

from __future__ import annotations

import dataclasses
import random

import pytest
from deals import DECK32, STANDARD, STICK, cards, deal, finish, run, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st

from euchre_cli.engine.cards import SUIT_MASKS, Suit, bit_indices, mask_of, parse_card
from euchre_cli.engine.game import Game
from euchre_cli.engine.hand import Hand
from euchre_cli.engine.match import Match
from euchre_cli.engine.play import play_out, shuffled_deck
from euchre_cli.engine.rules import AloneRules, DealRules, Ruleset
from euchre_cli.engine.scoring import score_hand
from euchre_cli.engine.values import DISCARD, GIVE, NAME, ORDER, PASS, SHOW, IllegalAction, Phase
from euchre_cli.players import RandomPlayer
from euchre_cli.players.rule_based import RuleBasedPlayer
from euchre_cli.players.search.worlds import Knowledge
from euchre_cli.rulebook import builtin_names, load_ruleset

H, S, C, D = Suit.HEARTS, Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS
FARMER = "9S TS 9H TC 9D"  # no card above a ten


def with_rules(base: Ruleset = STANDARD, **sections: dict) -> Ruleset:
    """``base`` with some settings changed, section by section: deal={...}."""
    changed = {
        name: dataclasses.replace(getattr(base, name), **values)
        for name, values in sections.items()
    }
    return dataclasses.replace(base, **changed)


REDEAL = with_rules(deal={"weak_hand": "redeal"})
EXCHANGE = with_rules(deal={"weak_hand": "exchange"})
NO_FACE = with_rules(deal={"weak_hand": "redeal", "weak_hand_test": "no-ace-no-face"})
NATURAL = with_rules(bidding={"natural_trump": True})
CANADIAN = with_rules(bidding={"partner_orders_alone": True})
BEST = with_rules(alone={"call_for_best": True})


def codes(items) -> list[str]:
    return [card.code for card in items]


# --- R17: weak hands -----------------------------------------------------------------


def test_r17_a_farmers_hand_is_asked_before_the_first_bid_and_only_it() -> None:
    hand = deal(REDEAL, dealer=3, hands={1: FARMER}, upcard="AS")
    assert hand.phase is Phase.WEAK_HAND and hand.current_seat == 1
    assert hand.legal_actions() == [PASS, SHOW]
    run(hand, "pass")  # claiming is optional; nobody else is weak
    assert hand.phase is Phase.BID_UPCARD and hand.current_seat == 0
    assert hand.weak_hand is None


def test_r17_weak_hands_are_asked_clockwise_from_the_dealers_left() -> None:
    rules = with_rules(DECK32, deal={"weak_hand": "redeal"})  # room for two farmers
    hand = deal(rules, dealer=0, hands={3: "7S 8S 7H 8H 9S", 2: "7C 8C 7D 8D 9C"}, upcard="AS")
    assert hand.current_seat == 2  # seat 1 is not weak: 2 then 3
    run(hand, "pass")
    assert hand.current_seat == 3


def test_r17_no_ace_no_face_also_refuses_the_upcards_suit() -> None:
    weak = deal(NO_FACE, dealer=0, hands={1: "9S TS 9H TC 9D"}, upcard="AH")
    assert weak.phase is Phase.BID_UPCARD  # 9♥ is of the upcard's suit: not weak
    weak = deal(NO_FACE, dealer=0, hands={1: "9S TS 9C TC 9D"}, upcard="AH")
    assert weak.phase is Phase.WEAK_HAND and weak.current_seat == 1
    farmer = deal(REDEAL, dealer=0, hands={1: "9S TS 9H TC 9D"}, upcard="AH")
    assert farmer.phase is Phase.WEAK_HAND  # the farmer's test ignores suits


def test_r17_a_redeal_throws_the_hand_in_and_the_same_dealer_deals_again() -> None:
    hand = run(deal(REDEAL, dealer=2, hands={3: FARMER}, upcard="AS"), "show")
    assert hand.is_over and hand.weak_hand[0] == 3 and set(hand.weak_hand[1]) == set(cards(FARMER))
    result = hand.result()
    assert result.redeal and result.trump is None and hand.points() == (0, 0)

    class Recorder(Game):
        """A game whose first deal always gives seat 3 the farmer's hand."""

        def deal(self) -> Hand:
            if not self.records:
                return deal(REDEAL, dealer=self.dealer, hands={3: FARMER}, upcard="AS")
            return super().deal()

    game = Recorder(REDEAL, ["A", "B", "C", "D"], [RuleBasedPlayer() for _ in range(4)], seed=1)
    game.start()
    first = game.dealer
    hand = game.deal()
    play_out(hand, [RuleBasedPlayer()] * 4)  # seat 3 shows it: easy always does
    game.finish(hand)
    assert hand.redeal and game.dealer == first  # R17: the same dealer
    hand = game.deal()
    play_out(hand, [RuleBasedPlayer()] * 4)
    game.finish(hand)
    assert game.dealer == (first + 1) % 4 or hand.redeal


def test_r17_an_exchange_swaps_three_cards_for_the_kitty_under_the_upcard() -> None:
    hand = deal(EXCHANGE, dealer=3, hands={1: FARMER}, upcard="AS", kitty="KH QH JC")
    run(hand, "pass pass")  # seat 1 is the only weak hand: not seat 0
    hand = deal(EXCHANGE, dealer=3, hands={1: FARMER}, upcard="AS", kitty="KH QH JC")
    run(hand, "show")
    assert hand.phase is Phase.WEAK_EXCHANGE and hand.current_seat == 1
    assert set(hand.legal_actions()) == {DISCARD[c] for c in cards(FARMER)}
    before = snapshot(hand)
    with pytest.raises(IllegalAction):
        hand.apply(DISCARD[parse_card("AS")])  # R16: refused, nothing changed
    assert snapshot(hand) == before
    run(hand, "discard:9S discard:TS discard:9D")
    assert set(codes(hand.hand_of(1))) == {"9H", "TC", "KH", "QH", "JC"}
    assert codes(hand.kitty[:4]) == ["AS", "9S", "TS", "9D"]  # the upcard stays on top
    assert hand.given[1] == tuple(cards("9S TS 9D")) and hand.received[1] == tuple(
        cards("KH QH JC")
    )
    assert hand.phase is Phase.BID_UPCARD and hand.current_seat == 0
    seen = hand.view(0)  # R17: the hand was shown to all; what it gave, to its owner only
    assert set(seen.weak_hand[1]) == set(cards(FARMER)) and seen.given == ()
    assert hand.view(1).given == tuple(cards("9S TS 9D"))


def test_r17_a_dealer_who_exchanged_may_still_pick_up_the_upcard() -> None:
    hand = deal(EXCHANGE, dealer=0, hands={0: FARMER}, upcard="AS", kitty="KS QS JC")
    run(hand, "show discard:9H discard:TC discard:9D")  # keeps 9♠ 10♠, takes K♠ Q♠ J♣
    run(hand, "pass pass pass order pass pass pass")  # the dealer accepts its own upcard
    assert hand.phase is Phase.DISCARD and hand.current_seat == 0
    assert set(codes(hand.hand_of(0))) == {"9S", "TS", "KS", "QS", "JC", "AS"}
    run(hand, "discard:JC")
    assert hand.phase is Phase.PLAY and len(hand.hand_of(0)) == 5


# --- R17: natural trump --------------------------------------------------------------


def test_r17_natural_trump_orders_only_with_a_card_of_the_suit() -> None:
    hand = deal(NATURAL, dealer=3, hands={0: "9C TC JC AD KD", 1: "JD 9S"}, upcard="9H")
    assert hand.legal_actions() == [PASS]  # no heart: may only pass
    run(hand, "pass")
    assert hand.legal_actions() == [PASS, ORDER]  # J♦, the left bower, is a heart (R2)


def test_r17_natural_trump_lets_the_dealer_count_the_upcard() -> None:
    hand = deal(NATURAL, dealer=3, hands={3: "9C TC JC AC KD"}, upcard="9H")
    run(hand, "pass pass pass")
    assert hand.current_seat == 3 and hand.legal_actions() == [PASS, ORDER]


def test_r17_natural_trump_names_only_suits_held() -> None:
    hand = deal(NATURAL, dealer=3, hands={0: "9C TC QC AD KD"}, upcard="9H")
    run(hand, "pass pass pass pass")  # round 1 passed; hearts turned down
    assert hand.legal_actions() == [PASS, NAME[C], NAME[D]]


def test_r17_a_stuck_dealer_names_any_suit_under_natural_trump() -> None:
    rules = with_rules(STICK, bidding={"natural_trump": True})
    hand = deal(rules, dealer=3, hands={3: "9C TC QC AC KC"}, upcard="9H")
    run(hand, "pass pass pass pass pass pass pass")
    assert hand.current_seat == 3
    assert hand.legal_actions() == [NAME[C], NAME[D], NAME[S]]  # R5 overrides R17


# --- R17: the Canadian loner -----------------------------------------------------------


def test_r17_the_dealers_partner_who_orders_up_plays_alone_second_to_bid() -> None:
    hand = deal(CANADIAN, dealer=3, hands={1: "JH JD AH KH QH"}, upcard="9H")
    run(hand, "pass order")  # seat 1, across from the dealer, bids second
    assert hand.alone == [1] and hand.maker == 1 and hand.trump is H
    assert hand.phase is Phase.DEFENDER_ALONE  # no question: alone it is
    run(hand, "pass pass")
    assert hand.sitting_out == [3] and hand.dealer_took_upcard is False  # R6: no pick-up
    assert hand.phase is Phase.PLAY


def test_r17_anyone_else_ordering_up_plays_as_usual() -> None:
    hand = run(deal(CANADIAN, dealer=3, upcard="9H"), "order")
    assert hand.phase is Phase.MAKER_ALONE and hand.alone == []
    named = run(deal(CANADIAN, dealer=3, upcard="9H"), "pass pass pass pass pass name:S")
    assert named.phase is Phase.MAKER_ALONE  # the second round: not forced


# --- R13: calling for best -------------------------------------------------------------


def test_r13_a_lone_maker_takes_the_partners_card_and_discards_one() -> None:
    hand = deal(BEST, dealer=3, hands={0: "JH JD AH KH 9S", 2: "QH TC 9C 9D TD"}, upcard="9H")
    run(hand, "order alone pass pass")  # seat 0 orders; dealer 3 picks up? no: asked
    assert hand.phase is Phase.PICKUP
    run(hand, "pickup")
    assert hand.phase is Phase.DISCARD and hand.current_seat == 3
    run(hand, "discard:" + codes(hand.hand_of(3))[0])
    assert hand.phase is Phase.CALL_FOR_BEST and hand.current_seat == 2  # the partner
    assert set(hand.legal_actions()) == {GIVE[c] for c in cards("QH TC 9C 9D TD")}
    run(hand, "give:QH")
    assert hand.phase is Phase.DISCARD and hand.current_seat == 0
    assert len(hand.hand_of(0)) == 6 and hand.view(0).received == (parse_card("QH"),)
    run(hand, "discard:9S")
    assert hand.phase is Phase.PLAY and set(codes(hand.hand_of(0))) == {
        "JH",
        "JD",
        "AH",
        "KH",
        "QH",
    }
    assert len(hand.hand_of(2)) == 4 and 2 in hand.sitting_out
    assert hand.view(1).received == () and hand.view(1).given == ()  # face down


def test_r13_a_lone_maker_and_a_lone_defender_each_call_for_best() -> None:
    hand = deal(BEST, dealer=3, hands={0: "JH JD AH KH 9S", 1: "AS KS QS AC AD"}, upcard="9H")
    run(hand, "order alone alone")  # the maker, then seat 1 defends alone
    assert hand.sitting_out == [2, 3] and hand.dealer_took_upcard is False  # R6
    assert hand.phase is Phase.CALL_FOR_BEST and hand.current_seat == 2  # the maker's first
    run(hand, "give:" + codes(hand.hand_of(2))[0])
    run(hand, "discard:9S")
    assert hand.phase is Phase.CALL_FOR_BEST and hand.current_seat == 3  # then the defender's
    dealt = codes(hand.hand_of(3))  # the dealer sat out: passes from the hand as dealt
    assert "9H" not in dealt
    run(hand, f"give:{dealt[0]} discard:{codes(hand.hand_of(1))[0]}")
    assert hand.phase is Phase.PLAY and all(len(hand.hand_of(s)) == 5 for s in (0, 1))
    assert hand.current_seat == 1  # R6: with both alone, the lone defender leads
    finish(hand)
    assert sum(hand.result().tricks) == 5


def test_r13_a_lone_dealer_may_discard_the_upcard_after_the_partners_card() -> None:
    hand = deal(BEST, dealer=0, hands={0: "JH JD AH KH 9S"}, upcard="QH")
    run(hand, "pass pass pass order alone pass pass")
    assert DISCARD[parse_card("QH")] not in hand.legal_actions()  # R4: the pick-up keeps it
    run(hand, "discard:9S give:" + codes(hand.hand_of(2))[0])
    assert DISCARD[parse_card("QH")] in hand.legal_actions()  # R13: then any card


# --- Validation --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("extends: cutthroat\nalone: {call_for_best: true}\n", "call_for_best needs partners"),
        ("extends: two-handed\nalone: {call_for_best: true}\n", "call_for_best needs partners"),
        (
            "extends: standard\nalone: {maker: false, defender: false, call_for_best: true}\n",
            "call_for_best needs lone hands",
        ),
        (
            "extends: standard\nalone: {maker: false}\nbidding: {partner_orders_alone: true}\n",
            "partner_orders_alone needs a dealer's partner who may go alone",
        ),
        (
            "extends: standard\ndummy: {cards: 2}\ndeal: {weak_hand: exchange}\n",
            "exchange swaps 3 kitty cards, and the kitty holds only the upcard and 1 more",
        ),
        ("extends: standard\ndeal: {weak_hand: swap}\n", "allowed: off, redeal or exchange"),
        ("extends: standard\nalone: {call_for_bset: true}\n", "did you mean 'call_for_best'?"),
        ("extends: standard\nnatural_trump: true\n", "belongs in the bidding section"),
    ],
)
def test_r13_r17_impossible_settings_are_refused_with_the_line(write_yaml, text, says) -> None:
    from euchre_cli.rulebook import RulesetError

    path = write_yaml("house.yaml", text)
    with pytest.raises(RulesetError) as refused:
        load_ruleset(str(path))
    assert says in str(refused.value) and f"{path}:" in str(refused.value)


def test_r17_an_unquoted_off_reads_as_off(write_yaml) -> None:
    path = write_yaml("house.yaml", "extends: standard\ndeal: {weak_hand: off}\n")
    assert load_ruleset(str(path)).deal.weak_hand == "off"


def test_r13_railroad_is_the_sum_of_its_keys() -> None:
    railroad = load_ruleset("railroad")
    assert railroad.deck.joker and railroad.bidding.stick_the_dealer
    assert railroad.alone.defender and railroad.alone.call_for_best
    assert railroad.scoring.lone_defender_euchre == 4
    assert railroad.game.laps and railroad.game.slam


# --- The search reads the evidence ------------------------------------------------------


def worlds_for(hand: Hand, seat: int, count: int = 40) -> list:
    know = Knowledge(hand.view(seat), hand.rules)
    rng = random.Random(7)
    return [know.draw(rng)[2] for _ in range(count)]


def test_r17_the_search_gives_a_natural_trump_bidder_a_trump_in_every_deal() -> None:
    hand = deal(NATURAL, dealer=3, hands={0: "9C TC JC AD KD", 1: "9H 9S TS QS KS"}, upcard="AH")
    run(hand, "pass order")  # seat 1 orders hearts: it holds one
    for world in worlds_for(hand, 0):
        assert world.dealt[1] & SUIT_MASKS[H][H]


def test_r17_the_search_knows_two_of_a_shown_hand_stayed() -> None:
    hand = deal(EXCHANGE, dealer=3, hands={1: FARMER}, upcard="AS", kitty="KH QH JC")
    run(hand, "show discard:9S discard:TS discard:9D pass")  # seat 0 passes; now seat 1 bids
    run(hand, "pass pass pass")  # round 1 over; seat 0 names next
    shown = mask_of(cards(FARMER))
    for world in worlds_for(hand, 0):
        assert (world.current[1] & shown).bit_count() == 2  # two of the five it showed
        assert world.dealt[1] == shown  # and those five were dealt to it
        assert not world.current[2] & shown and not world.current[3] & shown


def test_r13_the_partner_who_passed_a_card_knows_where_it_is() -> None:
    hand = deal(BEST, dealer=3, hands={0: "JH JD AH KH 9S", 2: "QH TC 9C 9D TD"}, upcard="9H")
    run(hand, "order alone pass pass pickup")
    run(hand, f"discard:{codes(hand.hand_of(3))[0]} give:QH discard:9S")
    for world in worlds_for(hand, 2):
        assert world.current[0] >> parse_card("QH") & 1
    for world in worlds_for(hand, 1):  # an opponent knows only that a card was passed
        assert world.current[2].bit_count() == 4 and world.dealt[2].bit_count() == 5


# --- Random play over every combination ----------------------------------------------


house_rules = st.fixed_dictionaries(
    {
        "weak_hand": st.sampled_from(["off", "redeal", "exchange"]),
        "weak_hand_test": st.sampled_from(["farmers", "no-ace-no-face"]),
        "natural_trump": st.booleans(),
        "partner_orders_alone": st.booleans(),
        "call_for_best": st.booleans(),
    }
)


def house_ruleset(name: str, keys: dict) -> Ruleset:
    """A built-in with the house rules drawn, where it can take them."""
    base = load_ruleset(name)
    kitty = len(base.cards) - base.players * 5 - base.dummy.cards
    exchange_fits = keys["weak_hand"] != "exchange" or kitty >= 4
    partners = base.partnerships
    return with_rules(
        base,
        deal=DealRules(
            first_dealer=base.deal.first_dealer,
            packets=base.deal.packets,
            cut_min=base.deal.cut_min,
            weak_hand=keys["weak_hand"] if exchange_fits else "redeal",
            weak_hand_test=keys["weak_hand_test"],
        ).__dict__,
        bidding=dataclasses.replace(
            base.bidding,
            natural_trump=keys["natural_trump"],
            partner_orders_alone=keys["partner_orders_alone"] and partners and base.alone.maker,
        ).__dict__,
        alone=AloneRules(
            maker=base.alone.maker,
            defender=base.alone.defender,
            lead=base.alone.lead,
            call_for_best=keys["call_for_best"] and partners,
        ).__dict__,
    )


@settings(max_examples=60, deadline=None)
@given(name=st.sampled_from(builtin_names()), keys=house_rules, seed=st.integers(0, 10**6))
def test_r13_r17_random_play_keeps_every_card_scores_and_ends(name, keys, seed) -> None:
    rules = house_ruleset(name, keys)
    rng = random.Random(seed)
    for number in range(4):
        deck = shuffled_deck(rules, rng)
        hand = Hand(rules, number % rules.players, deck)
        players = [RandomPlayer(f"{seed}:{s}") if s % 2 else RuleBasedPlayer() for s in range(4)]
        play_out(hand, players[: rules.players])
        everywhere = [c for s in range(rules.players) for c in hand.hand_of(s)]
        everywhere += [c for trick in hand.tricks for _, c in trick.plays]
        kitty = hand.kitty[1:] if hand.dealer_took_upcard else hand.kitty  # the upcard taken
        everywhere += [c for d in hand.discards for c in d] + list(kitty)
        merged = hand.maker is not None and hand.maker not in hand.alone
        if rules.dummy.cards and not merged:  # else in the maker's hand, played or discarded
            everywhere += bit_indices(hand.dummy)
        # every card once: in a hand, played, discarded, in the kitty or the dummy left
        assert sorted(everywhere) == sorted(rules.cards)
        result = hand.result()
        if result.outcome is None:
            assert hand.points() == (0,) * len(rules.sides)
        else:
            table = score_hand(rules.scoring, result.outcome, len(rules.sides))
            assert hand.points() == table.points
    names, seated = list("ABCD")[: rules.players], [RuleBasedPlayer()] * rules.players
    laps_and_slams = with_rules(rules, game={"laps": True, "slam": True})  # R13 on top
    games = None if rules.rubber is not None else 2  # a rubber plays to its end
    match = Match(laps_and_slams, names, seated, seed=seed, games=games)
    match.play()  # a match under these rules ends: every game has a winner at the target
    assert match.over and match.records
    for record in match.records:
        assert record.scores[record.winner] >= rules.game.points_to_win


def test_r13_r17_a_shown_card_passed_to_a_lone_partner_is_drawn_where_it_went() -> None:
    """Seat 1 shows a farmer's hand, swaps, and passes its shown 9♠ to its lone partner,
    who plays it: every seat's drawn deals put the card there and replay the hand (the
    search had seat 1 keep it, and its replay of the swap broke)."""
    rules = with_rules(load_ruleset("railroad"), deal={"weak_hand": "exchange"})
    hand = deal(
        rules, dealer=0, hands={1: FARMER, 3: "JS JC AS KS QS"}, upcard="AD", kitty="KH QH JD"
    )
    run(hand, "show discard:9H discard:TC discard:9D")  # keeps 9♠ 10♠
    run(hand, "pass pass pass pass pass pass name:S alone pass pass give:9S discard:QS")
    for _ in range(3):  # the first trick: seat 3 ruffs with the shown 9♠
        card = "9S" if hand.current_seat == 3 else hand.legal_actions()[0].card.code
        run(hand, f"play:{card}")
    assert hand.tricks[0].plays[-1] == (3, parse_card("9S"))
    for seat in (0, 2, 3):  # each deciding seat draws possible deals
        if hand.current_seat != seat:
            continue
        for world in worlds_for(hand, seat, count=30):
            assert world.passed[3] == parse_card("9S")
            Knowledge(hand.view(seat), rules).replay(world)


def test_r16_r17_a_bid_refused_under_natural_trump_says_why() -> None:
    hand = deal(NATURAL, dealer=3, hands={0: "9C TC QC AD KD"}, upcard="9H")
    with pytest.raises(IllegalAction, match=r"no-trump-held \(suit H"):
        hand.apply(ORDER)
    run(hand, "pass pass pass pass")
    with pytest.raises(IllegalAction, match=r"no-trump-held \(suit S"):
        hand.apply(NAME[S])
    with pytest.raises(IllegalAction, match=r"turned-down \(suit H"):
        hand.apply(NAME[H])


def test_r16_r13_a_card_not_held_is_refused_when_passing_or_swapping() -> None:
    hand = deal(BEST, dealer=3, hands={0: "JH JD AH KH 9S", 2: "QH TC 9C 9D TD"}, upcard="9H")
    run(hand, "order alone pass pass pickup")
    run(hand, f"discard:{codes(hand.hand_of(3))[0]}")
    with pytest.raises(IllegalAction, match="'give:AS' refused in phase call-for-best: not-held"):
        hand.apply(GIVE[parse_card("AS")])
