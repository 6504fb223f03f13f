"""An exact solver for the play of a hand (R7) with every card known.

Hands are bit masks of card indices (``cards.py``); the solver answers one question,
"can the makers still take ``need`` of the remaining tricks against best defence?",
by an alpha-beta search with a null window: the makers choose with OR, the defenders
with AND.  A transposition table keyed by the hands and the leader at the start of
each trick keeps bounds on the makers' tricks from there, so that later questions
about the same position (another threshold, another root card, another sample)
reuse what is known.  Cards that are equivalent (adjacent in their suit once the
cards out of play are left out) are tried once.

Points are a step function of the makers' tricks (R8, R12, R14), so a few such
threshold questions give the points exactly: see ``PlaySolver.bucket``.

This module mirrors the engine's rules of play (``Hand._compute_legal_actions`` and
``Hand._play``); ``tests/test_search_player.py`` checks them against each other.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ...engine.cards import EFFECTIVE_SUIT, JOKER_INDEX, SUIT_MASKS, TRICK_STRENGTH

CARD_COUNT = JOKER_INDEX + 1


def _suit_orders() -> list[list[tuple[int, ...]]]:
    """``[trump][suit]``: the cards of each effective suit, strongest first."""
    orders = []
    for trump in range(4):
        per_suit = []
        for suit in range(4):
            cards = [c for c in range(CARD_COUNT) if EFFECTIVE_SUIT[trump][c] == suit]
            cards.sort(key=lambda c: -TRICK_STRENGTH[trump][suit][c])
            per_suit.append(tuple(cards))
        orders.append(per_suit)
    return orders


SUIT_ORDERS = _suit_orders()

# [trump]: (a hand's cards of one suit, the live cards of that suit) → the strongest
# card of each run of the hand's cards that no live card of another hand splits.
_RUNS: list[dict[tuple[int, int], list[int]]] = [{} for _ in range(4)]


def _run_tops(order: tuple[int, ...], mine: int, live: int) -> list[int]:
    """The first card of each run of ``mine`` in ``order`` (strongest first), where
    only the ``live`` cards not in ``mine`` break a run."""
    out = []
    prev = False
    for card in order:
        bit = 1 << card
        if mine & bit:
            if not prev:
                out.append(card)
            prev = True
        elif live & bit:
            prev = False
    return out


def _candidates(trump: int) -> Callable[[int, int, int, int, bool], list[int]]:
    """The solver's move generator for one trump suit: given the legal cards and the
    live ones, one card of each run of equivalent legal cards, in a good order (a
    closure over the trump's tables, as quick to call as one in ``_build``)."""
    strength = TRICK_STRENGTH[trump]
    suit_of = EFFECTIVE_SUIT[trump]
    suit_masks = SUIT_MASKS[trump]
    orders = SUIT_ORDERS[trump]
    runs = _RUNS[trump]

    def candidates(legal: int, live: int, led: int, best: int, follow: bool) -> list[int]:
        """One card of each run of equivalent legal cards, in a good order."""
        out: list[int] = []
        m = legal
        while m:
            smask = suit_masks[suit_of[(m & -m).bit_length() - 1]]
            m &= ~smask
            key = (legal & smask, live & smask)
            reps = runs.get(key)
            if reps is None:
                reps = runs[key] = _run_tops(orders[suit_of[key[0].bit_length() - 1]], *key)
            out += reps
        if len(out) > 1:
            if follow:
                row = strength[led]
                # The cheapest winner first, then the others from the lowest up.
                out.sort(key=row.__getitem__)
                for i, card in enumerate(out):
                    if row[card] > best:
                        if i:
                            out.insert(0, out.pop(i))
                        break
            else:
                out.sort(key=lambda c: -strength[suit_of[c]][c])
        return out

    return candidates


def _follow_search(
    solver: PlaySolver,
    candidates: Callable[[int, int, int, int, bool], list[int]],
    trick: Callable[[list[int], int, int, int], bool],
) -> Callable[..., bool]:
    """The solver's search from a seat that follows to a trick (``_build``'s ``trick``
    for the next trick): a closure over the solver's tables, so that its calls cost
    no more than the ones in ``_build`` (the three searches call each other)."""
    strength = TRICK_STRENGTH[solver.trump]
    suit_masks = SUIT_MASKS[solver.trump]
    orders = SUIT_ORDERS[solver.trump]
    runs = _RUNS[solver.trump]
    nxt = solver.next_seat
    last = len(solver.seats) - 1
    maker_bits = solver.maker_bits

    def follow(
        hands: list[int],
        seat: int,
        pos: int,
        led: int,
        winner: int,
        best: int,
        live: int,
        need: int,
        left: int,
    ) -> bool:
        solver.nodes += 1
        maker = maker_bits >> seat & 1
        hand = hands[seat]
        row = strength[led]
        smask = suit_masks[led]
        legal = hand & smask
        if legal:  # following suit: the common case, kept quick
            key = (legal, live & smask)
            reps = runs.get(key)
            if reps is None:
                reps = runs[key] = _run_tops(orders[led], *key)
            cards = reps[::-1]
            if len(cards) > 1 and row[cards[-1]] > best:
                # The cheapest winner first, then the others from the lowest up.
                i = 0
                while row[cards[i]] <= best:
                    i += 1
                if i:
                    cards.insert(0, cards.pop(i))
        else:
            cards = candidates(hand, live, led, best, True)
        for card in cards:
            s = row[card]
            hands[seat] = hand ^ (1 << card)
            if pos == last:
                if s > best:
                    won = maker
                    nwin = seat
                else:
                    won = maker_bits >> winner & 1
                    nwin = winner
                result = trick(hands, nwin, need - won, left - 1)
            elif s > best:
                result = follow(hands, nxt[seat], pos + 1, led, seat, s, live, need, left)
            else:
                result = follow(hands, nxt[seat], pos + 1, led, winner, best, live, need, left)
            hands[seat] = hand
            if result == maker:
                return result
        return not maker

    return follow


class PlaySolver:
    """Exact play for one trump suit and one set of seats in play.

    ``seats`` lists the active seats (those not sitting out); ``makers`` the seats of
    the makers' side among them.  One solver serves many deals with the same trump
    and seats: its ``positions`` are keyed by the full position.
    """

    def __init__(self, trump: int, players: int, seats: Sequence[int], makers: Sequence[int]):
        self.trump = trump
        self.players = players
        self.seats = tuple(seats)
        self.maker_bits = sum(1 << s for s in makers)
        nxt = [0] * players
        active = sorted(seats)
        for i, seat in enumerate(active):
            nxt[seat] = active[(i + 1) % len(active)]
        self.next_seat = nxt
        # The transposition table: for each position searched, the bounds (lo, hi) known
        # on the tricks the makers can still take from it.
        self.positions: dict[tuple, tuple[int, int]] = {}
        self.nodes = 0
        self._build()

    def _build(self) -> None:
        """The three searches, which call each other: from the start of a trick (its
        bounds kept in ``positions``), from its lead, and from a seat that follows."""
        strength = TRICK_STRENGTH[self.trump]
        suit_of = EFFECTIVE_SUIT[self.trump]
        nxt = self.next_seat
        maker_bits = self.maker_bits
        positions = self.positions
        candidates = _candidates(self.trump)

        def trick(hands: list[int], leader: int, need: int, left: int) -> bool:
            if need <= 0:
                return True
            if need > left:
                return False
            key = (leader, *hands)
            entry = positions.get(key)
            if entry is not None:
                lo, hi = entry
                if need <= lo:
                    return True
                if need > hi:
                    return False
            else:
                lo, hi = 0, left
            live = 0
            for h in hands:
                live |= h
            result = lead(hands, leader, live, need, left)
            if result:
                lo = need
            else:
                hi = need - 1
            positions[key] = (lo, hi)
            return result

        def lead(hands: list[int], seat: int, live: int, need: int, left: int) -> bool:
            self.nodes += 1
            maker = maker_bits >> seat & 1
            hand = hands[seat]
            nseat = nxt[seat]
            for card in candidates(hand, live, 0, 0, False):
                led = suit_of[card]
                hands[seat] = hand ^ (1 << card)
                result = follow(hands, nseat, 1, led, seat, strength[led][card], live, need, left)
                hands[seat] = hand
                if result == maker:
                    return result
            return not maker

        follow = _follow_search(self, candidates, trick)
        self._trick = trick
        self._follow = follow
        self._lead = lead

    # ------------------------------------------------------------------ queries
    def can_make(
        self,
        hands: Sequence[int],
        to_play: int,
        trick_plays: Sequence[tuple[int, int]],
        need: int,
        left: int,
    ) -> bool:
        """Can the makers take ``need`` of the ``left`` tricks still to finish (the
        current one included) from this position?  ``hands`` is indexed by seat."""
        hands = list(hands)
        if not trick_plays:
            return self._trick(hands, to_play, need, left)
        if need <= 0:
            return True
        if need > left:
            return False
        trump = self.trump
        led = EFFECTIVE_SUIT[trump][trick_plays[0][1]]
        row = TRICK_STRENGTH[trump][led]
        winner, best = trick_plays[0][0], row[trick_plays[0][1]]
        live = 0
        for seat, card in trick_plays:
            live |= 1 << card
            if row[card] > best:
                winner, best = seat, row[card]
        for h in hands:
            live |= h
        return self._follow(hands, to_play, len(trick_plays), led, winner, best, live, need, left)

    def after_card(
        self,
        hands: Sequence[int],
        seat: int,
        card: int,
        trick_plays: Sequence[tuple[int, int]],
        left: int,
    ) -> tuple[list[int], int, list[tuple[int, int]], int, int]:
        """The position after ``seat`` plays ``card``: (hands, seat to play, trick so
        far, makers' tricks won by it, tricks left)."""
        hands = list(hands)
        hands[seat] ^= 1 << card
        plays = [*trick_plays, (seat, card)]
        if len(plays) < len(self.seats):
            return hands, self.next_seat[seat], plays, 0, left
        trump = self.trump
        led = EFFECTIVE_SUIT[trump][plays[0][1]]
        row = TRICK_STRENGTH[trump][led]
        winner, best = plays[0]
        best = row[best]
        for s, c in plays[1:]:
            if row[c] > best:
                winner, best = s, row[c]
        return hands, winner, [], self.maker_bits >> winner & 1, left - 1

    def maker_tricks(
        self,
        hands: Sequence[int],
        to_play: int,
        trick_plays: Sequence[tuple[int, int]],
        left: int,
        thresholds: Sequence[int] | None = None,
    ) -> int:
        """The makers' tricks from here under best play by both sides, or, with
        ``thresholds`` (sorted), the largest threshold reached (0 if none): enough to
        score a hand whose points change only there."""
        steps = thresholds if thresholds is not None else range(1, left + 1)
        steps = [t for t in steps if 0 < t <= left]
        lo, hi = 0, len(steps)  # answer: how many thresholds are reached
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.can_make(hands, to_play, trick_plays, steps[mid - 1], left):
                lo = mid
            else:
                hi = mid - 1
        return steps[lo - 1] if lo else 0
