"""The trick-taking family's quick paths (:class:`TrickParts`): the entries of a
:class:`~cardrules.encoding.tricks.TrickEncoder` observation and information state as
the bits of an int and a few real-valued runs, from the engine's hand masks, for
:mod:`cardrules.encoding.fast` to write into buffers and tracker rows.

The public part of a position (:meth:`TrickParts.public`) is what every seat sees the
same way, in absolute seats: the cards each seat has taken and the suits it has shown
out of (a mask each), over the deal's completed tricks, worked out once and kept for
the next position of the same deal (which only adds tricks); then the trick being
played. A seat's entries are those masks shifted to the seat's relative blocks.

On a declared deck (layout ``tricks/2``) a card field with copies is a field per copy
(:func:`add_card`): the masks here are *stacked*, bit ``k + c * K`` set when a seat
holds (took, played) card ``k`` more than ``c`` times, ``K`` the deck's kinds, so the
same shifts write them; the engine's hand masks, whose copies are any of the card's
bits, are stacked first (:func:`stacked`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardrules.cards import SUIT_OF_INDEX, mask_of
from cardrules.encoding.vectors import clipped
from cardrules.encoding.writers import PerSeat, Run, hot_bits, row_bits
from cardrules.tricks.core import CardOrder, seats_from

if TYPE_CHECKING:
    from cardrules.encoding.fast import Parts
    from cardrules.encoding.info import Public
    from cardrules.encoding.tricks import TrickEncoder

__all__ = ["TrickParts", "add_card", "folded", "stacked"]

_SUITS = tuple(SUIT_OF_INDEX)
_Deal = tuple[tuple[Any, ...], tuple[Any, ...], tuple[int, ...], tuple[int, ...]]
_NO_PLAYS: tuple[tuple[int, int, int], ...] = ()
_PRINTED = tuple((rank + 1) / 13 for rank in range(13))


def add_card(mask: int, card: int, kinds: int) -> int:
    """The stacked card mask ``mask`` with one more ``card``: its bit in the first
    block of ``kinds`` bits where it is not set (a field per copy: the first copy's
    field, then the second's…).

    >>> bin(add_card(add_card(0, 1, 4), 1, 4))  # (card 1 twice: bits 1 and 5)
    '0b100010'
    """
    bit = 1 << card
    while mask & bit:
        bit <<= kinds
    return mask | bit


def stacked(mask: int, kinds: int) -> int:
    """A card mask whose copies are any bits of their card (bit ``k + c * kinds``: copy
    ``c`` of card ``k``) as a stacked one: bit ``k + c * kinds`` set when the mask holds
    card ``k`` more than ``c`` times.

    >>> bin(stacked(0b1000_0000, 4))  # (card 3's second copy alone: card 3 once)
    '0b1000'
    """
    full = (1 << kinds) - 1
    levels: list[int] = []
    while mask:
        block = mask & full
        mask >>= kinds
        for level, held in enumerate(levels):  # (block's cards go up one level per hit)
            levels[level], block = held | block, held & block
        if block:
            levels.append(block)
    result = 0
    for level in reversed(levels):
        result = result << kinds | level
    return result


def folded(mask: int, kinds: int) -> int:
    """The cards of a mask with copies (``kinds`` bits a block), each once."""
    full = (1 << kinds) - 1
    cards = 0
    while mask:
        cards |= mask & full
        mask >>= kinds
    return cards


def trump_cards(game: Any, trump: Any) -> int:
    """The cards (a mask, a bit a card of the deck) that count as trumps when the
    deal's trumps are ``trump`` (a suit, ``None`` or a
    :class:`~cardrules.tricks.core.CardOrder`)."""
    if trump is None:
        return 0
    if trump.__class__ is CardOrder:
        return int(trump.trump_mask)
    mask = int(game.suit_table(trump)._cards_of[trump])
    layout = game._decked
    return mask if layout is None else folded(mask & layout.deck.full_mask, layout.kinds)


def plain_places(trump: Any) -> tuple[float, ...]:
    """By rank (2 … A), its place from the bottom among the plain cards / 13: the
    printed order unless ``trump`` is a :class:`~cardrules.tricks.core.CardOrder`
    (0 for a rank it leaves out)."""
    if trump.__class__ is not CardOrder:
        return _PRINTED
    ranks = trump.plain
    places = [0.0] * 13
    for place, rank in enumerate(ranks):
        places[rank - 2] = (len(ranks) - place) / 13
    return tuple(places)


class TrickParts:
    """A :class:`~cardrules.encoding.fast.FastParts` of a
    :class:`~cardrules.encoding.tricks.TrickEncoder` (made once per encoder; its kept
    answers depend only on what they are asked, so any caller may use them).

    >>> import cardrules as cr
    >>> from cardrules.encoding import TrickEncoder
    >>> game = cr.Cramps()
    >>> parts = TrickParts(TrickEncoder(game))
    >>> state = game.new_game(seed=1)
    >>> bits, copies, runs = parts.observation(
    ...     state, parts.public(state), parts.hand_of_state(state, 0), 0)
    >>> bits & (1 << 52) - 1 == state.hand_mask(0), copies
    (True, None)
    """

    def __init__(self, encoder: TrickEncoder) -> None:
        self.game = encoder.game
        self.players = players = encoder.players
        self.tricks = tricks = encoder.tricks
        self.scale = encoder.scale
        # The deck's cards (K, the trick's blocks) and a stacked field's width (a block
        # per copy: hand, taken, the history's); the deck, for the copies of a card.
        self.kinds = kinds = encoder.kinds
        self.width = encoder.card_width
        self.copies = encoder.card_width > kinds
        self.deck = encoder._deck
        start = {field.name: field.start for field in encoder.info_fields}
        self.order = tuple(
            tuple((seat + k) % players for k in range(players)) for seat in range(players)
        )
        # trick_at[seat][other]: the bit of other's first card in seat's trick field.
        self.trick_at = tuple(
            tuple(start["trick"] + kinds * ((other - seat) % players) for other in range(players))
            for seat in range(players)
        )
        self.hand_at = start["hand"]
        self.leader = hot_bits(start["leader"], players)
        self.taken_at = start["taken"]
        self.voids_at = start["voids"]
        self.number = row_bits(start["trick_number"], tricks)
        self.trump = row_bits(start["trump"], encoder.field("trump").size)
        # A game that declares card orders: its trump cards and plain order too, and a
        # fifth void per seat (a declaration's trumps).
        self.orders = encoder._orders
        self.void_width = encoder._void_width
        self.trump_cards_at = start.get("trump_cards", 0)
        self.plain_order = Run(start["plain_order"], 13) if self.orders else None
        self.trumps: dict[Any, int] = {}  # the trump entries' bits, by trump
        self.turned_at = start["turned_up"]
        self.phase = 1 << start["phase"]
        self.to_move = hot_bits(start["to_move"], players)
        self.dealer = hot_bits(start["dealer"], players)
        self.winners = hot_bits(start["winners"], players)
        self.hand_size = Run(start["hand_size"], 1)
        # round_scores, scores and round_number lie one after the other.
        first = start["round_scores"]
        self.points = Run(first, start["round_number"] + 1 - first)
        self.dealt_at = start["dealt"]
        self.by_seat_at = start["played_by"]
        self.by_trick_at = start["played_in"]
        self.effective = encoder._effective
        # A game whose seats may not see their own hand yet (Spades' Blind Nil: a seat
        # bids before looking at it) says so with hand_hidden(state, seat), as its
        # views do: the hand's entries are then empty.
        self.hand_hidden = getattr(self.game, "hand_hidden", None)
        self.seen_points = PerSeat(players, self._points)
        self.suits: dict[Any, list[int] | tuple[int, ...]] = {}
        # The public part last worked out: its key (see _key) and the masks.
        self.known: _Deal = ((), (), (0,) * players, (0,) * players)
        self.seats: dict[tuple[int, int], tuple[int, ...]] = {}
        self.known_plays: tuple[tuple[tuple[int, int, int], ...], int, tuple[int, ...]]
        self.known_plays = (_NO_PLAYS, 0, (0,) * players)

    # -- the protocol ---------------------------------------------------------------

    def hand_of_state(self, state: Any, seat: int) -> int:
        hand: int = state.hand_mask(seat)
        if hand and self.hand_hidden is not None and self.hand_hidden(state, seat):
            return 0
        if self.copies:
            return stacked(hand, self.kinds)
        return hand

    def hand_of_view(self, view: Any) -> int:
        if self.deck is not None:
            return self.deck.mask_of(view.hand)
        return mask_of(view.hand)

    def public(self, source: Any) -> tuple[Any, ...]:
        """``(leader, plays, taken, voids, bits, to_move, dealer, winners, hand_size,
        points)``: the trick being played (its leader, ``(seat, card)`` in order), the
        completed tricks' cards taken by each seat (a mask per seat), the suits each
        seat has shown out of in any trick (a 4-bit mask per seat), the entries no
        seat sees otherwise (the trick's number, the trumps, the card turned up, the
        phase) as bits, then what each seat sees from its place (whose turn, the
        dealer, the winners, the points' key)."""
        trump = self.game.trump_of(source)
        trick = source.trick
        records = getattr(source, "trick_records", None)  # (a state's; a view's are made)
        if records is None:
            records = tuple((done.leader, done.cards, done.winner) for done in source.tricks)
        taken, voids = self._done(records, (source.round_number, trump, trick.out))
        plays = trick.plays(self.players)
        if plays:
            suit_of = self._suits(trump)
            led = suit_of[plays[0][1]]
            now = None
            for who, card in plays:
                if suit_of[card] != led and led < self.void_width:
                    if now is None:
                        now = list(voids)
                    now[who] |= 1 << led
            if now is not None:
                voids = tuple(now)
        bits = 0
        number = len(records) + 1
        winners = source.winners
        if number <= self.tricks and not winners:
            bits |= self.number[number - 1]
        if self.orders:
            bits |= self._trump_bits(trump)
        elif trump is not None:
            bits |= self.trump[trump]
        turned = source.turned_up
        if turned is not None:
            bits |= 1 << (self.turned_at + turned)
        if source.phase is not None:
            bits |= self.phase
        points = (source.round_scores, source.scores, source.round_number)
        hand_size = (source.hand_size / self.tricks,)
        to_move, dealer = source.to_move, source.dealer
        return (
            trick.leader,
            plays,
            taken,
            voids,
            bits,
            to_move,
            dealer,
            winners,
            hand_size,
            points,
        )

    def observation(self, source: Any, public: Any, hand: int, seat: int) -> Parts:
        leader, plays, taken, voids, bits, to_move, dealer, winners, hand_size, points = public
        bits |= hand << self.hand_at
        trick_at = self.trick_at[seat]
        for who, card in plays:
            bits |= 1 << (trick_at[who] + card)
        bits |= self.leader[seat][leader]
        at, void_at, width = self.taken_at, self.voids_at, self.width
        for other in self.order[seat]:
            bits |= (taken[other] << at) | (voids[other] << void_at)
            at += width
            void_at += self.void_width
        if to_move is not None:
            bits |= self.to_move[seat][to_move]
        bits |= self.dealer[seat][dealer]
        for winner in winners:
            bits |= self.winners[seat][winner]
        runs: tuple[Any, ...] = (
            (self.hand_size, hand_size),
            (self.points, self.seen_points.get(points, seat)),
        )
        if self.plain_order is not None:
            runs += ((self.plain_order, plain_places(self.game.trump_of(source))),)
        return bits, None, runs

    def history(self, public: Public, own: Any, seat: int, parts: Parts) -> Parts:
        p: Any = public
        bits, copies, runs = parts
        by_trick, by_seat = self._plays(p.plays)
        bits |= (own << self.dealt_at) | (by_trick << self.by_trick_at)
        at, width = self.by_seat_at, self.width
        for other in self.order[seat]:
            bits |= by_seat[other] << at
            at += width
        return bits, copies, runs

    # -- kept answers -----------------------------------------------------------------

    def _done(self, records: tuple[Any, ...], key: tuple[Any, ...]) -> tuple[Any, Any]:
        """The cards each seat took in the deal's completed tricks (``records``:
        ``(leader, cards, winner)`` each) and the suits each showed out of in them (a
        mask per absolute seat); ``key``: the deal's number, the trumps and the seats
        sitting out. The answer for the last records asked for is kept, and records
        that go on from them (with an equal key) are worked out from it."""
        players = self.players
        known_key, known, taken, voids = self.known
        count = len(known)
        if records is known and key == known_key:
            return taken, voids
        if key != known_key or len(records) < count or records[:count] != known:
            count, taken, voids = 0, (0,) * players, (0,) * players
        if count < len(records):
            _, trump, out = key
            suit_of = self._suits(trump)
            seen_taken, seen_voids = list(taken), list(voids)
            copies, kinds, width = self.copies, self.kinds, self.void_width
            for leader, cards, winner in records[count:]:
                if not cards:
                    continue
                led = suit_of[cards[0]]
                won = 0
                for who, card in zip(self._seats(leader, out), cards, strict=False):
                    won |= 1 << card
                    if suit_of[card] != led and led < width:
                        seen_voids[who] |= 1 << led
                if winner is None:
                    continue
                if copies:  # (a seat may take a card twice: a field per copy)
                    mask = seen_taken[winner]
                    for card in cards:
                        mask = add_card(mask, card, kinds)
                    seen_taken[winner] = mask
                else:
                    seen_taken[winner] |= won
            taken, voids = tuple(seen_taken), tuple(seen_voids)
        self.known = (key, records, taken, voids)
        return taken, voids

    def _seats(self, leader: int, out: int) -> tuple[int, ...]:
        """The seats in play order from ``leader``, passing over the seats ``out``."""
        seats = self.seats.get((leader, out))
        if seats is None:
            seats = self.seats[leader, out] = seats_from(leader, self.players, out)
        return seats

    def _points(self, key: tuple[Any, Any, int], seat: int) -> list[float]:
        """The points' run as ``seat`` sees it: this deal's points and the totals by
        relative seat, then the deal's number, as the encoder's list has them."""
        round_scores, scores, round_number = key
        scale = self.scale
        order = self.order[seat]
        points = [clipped(round_scores[other]) / scale for other in order]
        points += [clipped(scores[other]) / scale for other in order]
        points.append(clipped(round_number) / 10)
        return points

    def _suits(self, trump: Any) -> list[int] | tuple[int, ...]:
        """The suit each card counts as when trumps are ``trump``."""
        if not self.effective:
            return _SUITS
        suits = self.suits.get(trump)
        if suits is None:
            suits = self.suits[trump] = self.game.suit_table(trump)._suit_of
        return suits

    def _trump_bits(self, trump: Any) -> int:
        """The bits of the trump entries of a game with card orders when trumps are
        ``trump``: the suit's, and the cards that count as trumps."""
        bits = self.trumps.get(trump)
        if bits is None:
            bits = 0
            if trump is not None and trump.__class__ is not CardOrder:
                bits = self.trump[trump]
            bits |= trump_cards(self.game, trump) << self.trump_cards_at
            self.trumps[trump] = bits
        return bits

    def _plays(self, plays: tuple[tuple[int, int, int], ...]) -> tuple[int, tuple[int, ...]]:
        """The cards of ``plays`` (``(card, seat, trick)`` in play order) by trick (bit
        ``W * trick + card``, ``W`` a card field's width) and by seat (a card mask per
        absolute seat); the answer for plays that go on from the last ones asked for
        is worked out from it (a deal's plays only grow)."""
        known, tricks, by_seat = self.known_plays
        if plays is known:
            return tricks, by_seat
        done = len(known)
        if len(plays) < done or plays[:done] != known:
            done, tricks, by_seat = 0, 0, (0,) * self.players
        seats = list(by_seat)
        width = self.width
        if self.copies:  # (a card played twice in a trick, or by a seat: a field per copy)
            kinds = self.kinds
            for i in range(done, len(plays)):
                card, who, number = plays[i]
                at = width * number
                tricks |= add_card(tricks >> at & (1 << width) - 1, card, kinds) << at
                seats[who] = add_card(seats[who], card, kinds)
        else:
            for i in range(done, len(plays)):
                card, who, number = plays[i]
                tricks |= 1 << (width * number + card)
                seats[who] |= 1 << card
        by_seat = tuple(seats)
        self.known_plays = (plays, tricks, by_seat)
        return tricks, by_seat
