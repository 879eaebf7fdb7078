"""The encoder of Craits (:class:`~cardrules.Craits`: 2 to 10 players, any decks and
options).

Seat-indexed fields are relative to the observer: slot or block ``k`` is the seat
``k`` places after it in seat order (``k = 0`` the observer; seat order, not the
direction of play, which is a field of its own). ``P`` is the number of players and
``H`` the hands in a game (15, or 8 in the short game). Cards are indexed as
:class:`~cardrules.Card` is (0 = 2♣ … 51 = A♠); with several decks a card field
holds the number of copies (0, 1, 2, …), and a field of 52 per seat is ``P × 52``
floats, seat block after seat block.

The observation (``171 + 8P + H`` floats: 218 for four players in a full game):

* ``hand`` (52): copies of each card the seat holds;
* ``discard`` (52): copies of each card in the discard pile, top card included;
* ``top`` (52): the top card of the discard pile (one-hot);
* ``suit`` (4): the suit to follow (one-hot, ♣ ♦ ♥ ♠);
* ``count`` (1): the running count / 10 (0 when no count runs);
* ``count_on`` (1): 1.0 while the count runs;
* ``count_out`` (1): 1.0 if a player went out during the running count;
* ``direction`` (1): 1.0 clockwise, -1.0 counter-clockwise;
* ``stock`` (1): cards in the stock / the cards in play;
* ``hand_sizes`` (P): each seat's cards / 10;
* ``exposed`` (P): 1.0 for a seat open to an "idiot" call;
* ``forfeits`` (P): turns each seat still has to forfeit;
* ``penalties`` (P): each seat's last shuffle-pressure penalty / 100;
* ``scores`` (P): game totals / 100 (these three and the count held within ±10**12,
  :func:`~cardrules.encoding.vectors.clipped`: every entry has finite bounds);
* ``to_move`` (P): whose turn it is (one-hot; all 0 once the game is over);
* ``dealer`` (P): who dealt this hand (one-hot);
* ``phase`` (4): what the player to move decides (:class:`~cardrules.Phase`: play,
  name a suit, answer "one card", game over; one-hot);
* ``hand_number`` (H): the hand being played (one-hot);
* ``cards_dealt`` (1): cards dealt to each player this hand / 8;
* ``idle_turns`` (1): turns in a row with nothing played or drawn / P;
* ``winners`` (P): 1.0 for each winner once the game is over.

The information state's vector is the observation, then what the seat has seen
during this hand (a hand can last any number of moves, so this is a summary, not the
sequence):

* ``dealt`` (52): the seat's hand as it was when the hand began (copies);
* ``drawn`` (52): the cards the seat has drawn since (copies);
* ``played`` (P × 52): the cards each seat has played this hand (copies; the
  turned-up card is nobody's);
* ``draws`` (P): the cards each seat has drawn this hand / 10;
* ``stuck`` (P): how often each seat drew because it could not play, this hand / 10.

An information state started in the middle of a hand knows these from there on. The
text recalls every event and every card the seat received.

>>> import cardrules as cr
>>> from cardrules.encoding import encoder_for
>>> encoder = encoder_for(cr.Craits(players=4))
>>> encoder.observation_size, encoder.info_state_size
(218, 538)
>>> encoder_for(cr.Craits(players=7)).field("hand").description
'copies of each card the seat holds (2 decks)'
"""

from __future__ import annotations

from collections import Counter
from operator import itemgetter
from typing import TYPE_CHECKING, Any

from cardrules.cards import CARD_BIT, FULL_MASK, cards_of_mask
from cardrules.encoding.base import Encoder
from cardrules.encoding.info import Note, Public
from cardrules.encoding.text import cards_text, ints_text
from cardrules.encoding.vectors import (
    INF,
    ONE,
    POINTS_LIMIT,
    ZERO,
    Layout,
    all_clipped,
    bits13,
    clipped,
    count_floats,
    one_hot,
)
from cardrules.errors import StateError
from cardrules.events import CardPlayed, HandDealt
from cardrules.game import Step
from cardrules.games.craits.arrays import CraitsRows, craits_tables
from cardrules.games.craits.buffers import CraitsWriter
from cardrules.handmasks import hand_cards, hand_mask, with_card, without_card
from cardrules.shedding.events import CardsDrawn, Reshuffled

if TYPE_CHECKING:
    from cardrules.games.craits.rules import Craits

__all__ = ["CraitsEncoder"]

Private = tuple[int, int, int]
"""A seat's own part: its hand, its hand when the hand began, the cards it drew since
(hand masks)."""

_new = object.__new__
_BIT = list(CARD_BIT)
_SUITS = one_hot(4)
_PHASES = one_hot(4)
_TOPS = one_hot(52)


# The engine's state keeps the table in its own fields; the encoder reads those that
# ``SheddingGame.observe`` copies into a view, the same way (without making the view).


def _held(state: Any, seat: int) -> int:
    """The hand mask of ``seat``'s own cards (what ``observe(state, seat).hand`` holds)."""
    held: int = state._hands[seat]
    return held


def _state_table(state: Any) -> tuple[Any, ...]:
    """The public fields of a state, as :func:`_table` gives them for a view."""
    hand = state._hand
    return (
        state._discard[-1],
        state._suit,
        state._count,
        state._count_out,
        state._direction,
        len(state._stock),
        tuple(map(int.bit_count, state._hands)),
        state._exposed,
        state._forfeits,
        state._penalties,
        state._scores,
        state._to_move,
        hand._dealer,
        state._phase,
        hand._number,
        hand._cards_dealt,
        state._idle,
        hand._winners,
    )


def _table(source: Any, sizes: tuple[int, ...]) -> tuple[Any, ...]:
    """The public fields of a state or a view (they have the same names)."""
    return (
        source.top,
        source.suit,
        source.count,
        source.count_out,
        source.direction,
        source.stock_size,
        sizes,
        source.exposed,
        source.forfeits,
        source.penalties,
        source.scores,
        source.to_move,
        source.dealer,
        source.phase,
        source.hand_number,
        source.cards_dealt,
        source.idle_turns,
        source.winners,
    )


class _Public(Public):
    """The public part of a Craits information state (seats are absolute): the discard
    pile (a hand mask), the public fields of the state (``table``), the cards each seat
    played this hand, how many it drew and how often it was stuck; and of the last step
    (after its deal, if it dealt): whether it dealt a hand, the seats that drew, the
    cards played."""

    __slots__ = ("discard", "draws", "drew", "new_hand", "played", "plays", "stuck", "table")

    discard: int
    table: tuple[Any, ...]
    played: tuple[int, ...]
    draws: tuple[int, ...]
    stuck: tuple[int, ...]
    new_hand: bool
    drew: tuple[int, ...]
    plays: tuple[tuple[int, int], ...]


def _layouts(players: int, decks: int, hands: int, cards: int) -> tuple[Layout, Layout]:
    copies = f"copies of each card {{}} ({decks} deck{'s' if decks > 1 else ''})"
    per_seat = f"{players} × 52: seat block k (k places after the observer)"
    o = Layout()
    o.add("hand", 52, copies.format("the seat holds"), 0, decks)
    o.add("discard", 52, copies.format("in the discard pile"), 0, decks)
    o.add("top", 52, "the top card of the discard pile (one-hot)")
    o.add("suit", 4, "the suit to follow (one-hot)")
    o.add("count", 1, "the running count / 10", 0, POINTS_LIMIT / 10)
    o.add("count_on", 1, "1.0 while the count runs")
    o.add("count_out", 1, "1.0 if a player went out during the running count")
    o.add("direction", 1, "1.0 clockwise, -1.0 counter-clockwise", -1, 1)
    o.add("stock", 1, "cards in the stock / cards in play")
    o.add("hand_sizes", players, "each seat's cards / 10", 0, cards / 10)
    o.add("exposed", players, '1.0 for a seat open to an "idiot" call')
    o.add("forfeits", players, "turns each seat still has to forfeit", 0, POINTS_LIMIT)
    points = POINTS_LIMIT / 100
    o.add("penalties", players, "each seat's last shuffle-pressure penalty / 100", 0, points)
    o.add("scores", players, "game totals / 100", -points, points)
    o.add("to_move", players, "whose turn it is (one-hot)")
    o.add("dealer", players, "who dealt this hand (one-hot)")
    o.add("phase", 4, "play, name a suit, answer one card, game over (one-hot)")
    o.add("hand_number", hands, "the hand being played (one-hot)")
    o.add("cards_dealt", 1, "cards dealt to each player this hand / 8")
    o.add("idle_turns", 1, "turns in a row with nothing played or drawn / players")
    o.add("winners", players, "1.0 for each winner once the game is over")
    info = Layout(o.fields)
    info.add("dealt", 52, copies.format("the seat held when the hand began"), 0, decks)
    # A card may come round again after a reshuffle: no bound on these.
    info.add("drawn", 52, copies.format("the seat drew this hand"), 0, INF)
    info.add("played", players * 52, f"cards each seat played this hand, {per_seat}", 0, INF)
    info.add("draws", players, "cards each seat drew this hand / 10", 0, INF)
    info.add("stuck", players, "draws because the seat could not play, this hand / 10", 0, INF)
    return o, info


def _gained(old: int, new: int) -> tuple[Any, ...]:
    """The cards in hand mask ``new`` and not in ``old`` (as multisets), sorted."""
    if new <= FULL_MASK and old <= FULL_MASK:
        return cards_of_mask(new & ~old)
    more = Counter(hand_cards(new))
    more.subtract(hand_cards(old))
    return tuple(card for card in sorted(more) for _ in range(more[card]))


def _add_copies(vector: list[float], start: int, mask: int) -> None:
    """Count the second and later copies of a hand mask into ``vector[start:]``."""
    mask >>= 52
    while mask:
        block = mask & FULL_MASK
        while block:
            low = block & -block
            vector[start + low.bit_length() - 1] += ONE
            block ^= low
        mask >>= 52


class CraitsEncoder(Encoder):
    """Observations and information states of Craits (see the module documentation
    for the layout); get one with :func:`cardrules.encoding.encoder_for`."""

    __slots__ = (
        "_bits",
        "_cards",
        "_everybody",
        "_get",
        "_hot",
        "_numbers",
        "_players",
        "_rel",
        "_zero_counts",
        "_zeros",
    )

    layout_name = "craits"
    layout_version = 1

    def __init__(self, game: Craits) -> None:
        players = game.players
        observation, info = _layouts(players, game.decks or 1, game.hands_in_game, game.deck.size)
        super().__init__(game, observation.fields, info.fields)
        self._players = players
        self._cards = float(game.deck.size)
        self._rel = tuple(
            tuple((other - seat) % players for other in range(players)) for seat in range(players)
        )
        self._get = tuple(
            itemgetter(*((seat + k) % players for k in range(players))) for seat in range(players)
        )
        self._hot = one_hot(players)
        self._zeros = (ZERO,) * players
        self._zero_counts = (0,) * players
        self._everybody = range(players)
        self._numbers = one_hot(game.hands_in_game)
        self._bits = bits13()

    # -- quicker ways to NumPy ------------------------------------------------------

    def _buffer_writer(self, np: Any) -> CraitsWriter:
        return CraitsWriter(self, np)

    def _array_rows(self, np: Any, state: Any) -> CraitsRows:
        return CraitsRows(craits_tables(self, np), self, state)

    # -- observations -------------------------------------------------------------

    def _view_snapshot(self, view: Any) -> tuple[Any, ...]:
        return (hand_mask(view.hand), hand_mask(view.discard), _table(view, view.hand_sizes))

    def _snapshot(self, public: Public, private: Any) -> tuple[Any, ...]:
        p: _Public = public  # type: ignore[assignment]
        return (private[0], p.discard, p.table)

    def _observe(self, snapshot: Any, seat: int) -> list[float]:
        hand, discard, table = snapshot
        (
            top,
            suit,
            count,
            count_out,
            direction,
            stock,
            sizes,
            exposed,
            forfeits,
            penalties,
            scores,
            to_move,
            dealer,
            phase,
            hand_number,
            cards_dealt,
            idle,
            winners,
        ) = table
        rel = self._rel[seat]
        get = self._get[seat]
        hot = self._hot
        zeros = self._zeros
        if exposed:
            open_to = list(zeros)
            for other in exposed:
                open_to[rel[other]] = ONE
        else:
            open_to = zeros  # type: ignore[assignment]
        if winners:
            won = list(zeros)
            for winner in winners:
                won[rel[winner]] = ONE
        else:
            won = zeros  # type: ignore[assignment]
        bits = self._bits
        held = hand & FULL_MASK
        pile = discard & FULL_MASK
        # In the order of the layout (see _layouts).
        vector = [
            *bits[held & 8191],
            *bits[held >> 13 & 8191],
            *bits[held >> 26 & 8191],
            *bits[held >> 39],
            *bits[pile & 8191],
            *bits[pile >> 13 & 8191],
            *bits[pile >> 26 & 8191],
            *bits[pile >> 39],
            *_TOPS[top],
            *_SUITS[suit],
            clipped(count) / 10,
            ONE if count else ZERO,
            ONE if count_out else ZERO,
            ONE if direction > 0 else -ONE,
            stock / self._cards,
            *[cards / 10 for cards in get(sizes)],
            *open_to,
            *[float(turns) for turns in get(all_clipped(forfeits))],
            *[clipped(points) / 100 for points in get(penalties)],
            *[clipped(points) / 100 for points in get(scores)],
            *(zeros if to_move is None else hot[rel[to_move]]),
            *hot[rel[dealer]],
            *_PHASES[phase],
            *self._numbers[hand_number - 1],
            cards_dealt / 8,
            idle / self._players,
            *won,
        ]
        if hand > FULL_MASK:
            _add_copies(vector, 0, hand)
        if discard > FULL_MASK:
            _add_copies(vector, 52, discard)
        return vector

    # -- information states --------------------------------------------------------

    def _start_public(self, view: Any) -> _Public:
        zeros = (0,) * self._players
        p = _Public()
        p.discard = hand_mask(view.discard)
        p.table = _table(view, view.hand_sizes)
        p.played = p.draws = p.stuck = zeros
        p.new_hand = False
        p.drew = ()
        p.plays = ()
        return p

    def _start_private(self, view: Any) -> Private:
        hand = hand_mask(view.hand)
        return (hand, hand, 0)

    def _header(self, view: Any) -> str:
        way = "clockwise" if view.direction > 0 else "counter-clockwise"
        text = (
            f"Craits seat {view.seat}, hand {view.hand_number} {view.cards_dealt} dealt by "
            f"{view.dealer} {way}"
        )
        if view.dealer_draws:
            draws = " ".join(f"{seat}:{card}" for seat, card in view.dealer_draws)
            text += f" after drawing {draws}"
        text += (
            f", discard {cards_text(view.discard)} suit {view.suit} count {view.count}"
            f"{' out' if view.count_out else ''} stock {view.stock_size}, hands "
            f"{ints_text(view.hand_sizes)}, exposed {ints_text(view.exposed) or '-'}, "
            f"forfeits {ints_text(view.forfeits)}, idle {view.idle_turns}, penalties "
            f"{ints_text(view.penalties)}, totals {ints_text(view.scores)}, "
            f"{view.phase.name.lower()} {view.to_move}"
        )
        if view.winners:
            text += f", game over won by {ints_text(view.winners)}"
        return text + f" [hand {cards_text(view.hand)}]"

    def _next_public(self, public: Public, step: Step[Any]) -> _Public:
        state = step.state
        game = self.game
        if type(state) is not game.state_class or state._hand._rules is not game:
            game.check_state(state)
        p: _Public = public  # type: ignore[assignment]
        discard = p.discard
        played, draws, stuck = p.played, p.draws, p.stuck
        new_hand = reread = False
        changed: tuple[int, ...] = ()
        drew: tuple[int, ...] = ()
        plays: tuple[tuple[int, int], ...] = ()
        bits = _BIT
        for event in step.events:
            kind = type(event)
            if kind is CardPlayed:
                seat, card = event.seat, event.card  # type: ignore[attr-defined]
                bit = bits[card]
                discard = with_card(discard, card) if discard & bit else discard | bit
                mine = played[seat]
                mine = with_card(mine, card) if mine & bit else mine | bit
                played = (*played[:seat], mine, *played[seat + 1 :])
                if seat not in changed:
                    changed += (seat,)
                plays += ((seat, card),)
            elif kind is CardsDrawn:
                seat, count = event.seat, event.count  # type: ignore[attr-defined]
                if count:
                    draws = (*draws[:seat], draws[seat] + count, *draws[seat + 1 :])
                    if seat not in changed:
                        changed += (seat,)
                    if seat not in drew:
                        drew += (seat,)
                if event.reason == "cannot_play":  # type: ignore[attr-defined]
                    stuck = (*stuck[:seat], stuck[seat] + 1, *stuck[seat + 1 :])
            elif kind is Reshuffled:
                reread = True
            elif kind is HandDealt:
                new_hand = reread = True
                played = draws = stuck = self._zero_counts
                changed = drew = plays = ()
        pile = state._discard
        if reread:  # a new pile: its top card only, or a new hand's turned-up card
            discard = hand_mask(pile)
        elif discard.bit_count() != len(pile):
            raise StateError(
                "this step does not follow this information state: its discard pile "
                f"would hold {discard.bit_count()} cards, the step's state has "
                f"{len(pile)} (give each step once, in order)"
            )
        new = _new(_Public)
        new.next = None
        new.touched = self._everybody if new_hand else changed
        new.discard = discard
        new.table = _state_table(state)
        new.played = played
        new.draws = draws
        new.stuck = stuck
        new.new_hand = new_hand
        new.drew = drew
        new.plays = plays
        return new

    def _next_private(
        self, private: Any, public: Public, state: Any, seat: int
    ) -> tuple[Private, Note | None]:
        p: _Public = public  # type: ignore[assignment]
        hand = _held(state, seat)
        if p.new_hand:
            return (hand, hand, 0), ("hand", hand_cards(hand))
        old, dealt, drawn = private
        if seat not in p.drew:
            return (hand, dealt, drawn), None
        for who, card in p.plays:
            if who == seat:
                old = without_card(old, card)
        gained = _gained(old, hand)
        for card in gained:
            drawn = with_card(drawn, card)
        return (hand, dealt, drawn), ("drew", gained)

    def _info_vector(
        self, public: Public, private: Any, seat: int, observation: list[float]
    ) -> list[float]:
        p: _Public = public  # type: ignore[assignment]
        _, dealt, drawn = private
        rel = self._rel[seat]
        blocks = [()] * self._players
        for other, mask in enumerate(p.played):
            blocks[rel[other]] = count_floats(mask)  # type: ignore[call-overload]
        get = self._get[seat]
        vector = [*observation, *count_floats(dealt), *count_floats(drawn)]
        for block in blocks:
            vector += block or _ZEROS52
        vector += [cards / 10 for cards in get(p.draws)]
        vector += [times / 10 for times in get(p.stuck)]
        return vector


_ZEROS52 = (ZERO,) * 52
