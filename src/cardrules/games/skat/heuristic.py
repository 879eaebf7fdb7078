"""Skat's rule-of-thumb habits, which :class:`~cardrules.bots.HeuristicBot` plays
(through :meth:`Skat.heuristic <cardrules.games.skat.rules.Skat.heuristic>`).

The habits weigh a hand for each game (:func:`game_strength`, :func:`null_risks`) to
bid up to the value of the best game it can play (:func:`playable_games`), take the
skat or play hand, lay aside the cards worth most points or that leave a suit empty,
declare, and play the cards as most players learn to: the declarer draws trumps, the
defenders lead aces, a trick is won as cheaply as possible, a partner's safe trick
gets the points, and in Null the declarer ducks while the defenders try to make it
take a trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, cast

from cardrules.cards import CARD_BIT, Card, Rank, mask_of
from cardrules.games.skat.moves import (
    GAME_KINDS,
    SUIT_OF_KIND,
    Declare,
    GameKind,
    Hold,
    PlayHand,
    SkatBid,
    SkatDeal,
    TakeSkat,
)
from cardrules.games.skat.parsing import discard_choices
from cardrules.games.skat.scoring import BASE_VALUES, CARD_POINTS, DECK, NULL_VALUES, matadors
from cardrules.moves import Pass, Play

if TYPE_CHECKING:
    from cardrules.games.skat.rules import Skat
    from cardrules.tricks.core import CardOrder
    from cardrules.tricks.state import TrickView

__all__ = [
    "GRAND_NEEDED",
    "HAND_BONUS",
    "SUIT_NEEDED",
    "game_strength",
    "null_risks",
    "playable_games",
    "skat_heuristic",
]

SUIT_NEEDED = 6.5
"""The strength (:func:`game_strength`, ten cards) from which a suit game is played,
with four trumps at least (five of twelve cards)."""
GRAND_NEEDED = 7.5
"""The strength (ten cards) from which a Grand is played, with two jacks at least."""
HAND_BONUS = 2.0
"""How much stronger than needed a hand must be to leave the skat (a hand game)."""

_JACKS = tuple(Card.parse(text) for text in ("JC", "JS", "JH", "JD"))
_NULL_ORDER = (Rank.SEVEN, Rank.EIGHT, Rank.NINE, Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
_NULL_PLACE = {rank: place for place, rank in enumerate((*_NULL_ORDER, Rank.ACE))}
_PLAYERS = 3


def _is_jack(card: Card) -> bool:
    return card.rank == Rank.JACK


def _is_trump(card: Card, kind: str) -> bool:
    if kind == "null":
        return False
    return _is_jack(card) or (kind != "grand" and card.suit == SUIT_OF_KIND[kind])


def game_strength(cards: Sequence[Card], kind: str) -> float:
    """How many tricks' worth ``cards`` hold for the suit game or Grand ``kind``: in a
    suit game each trump 1 (the club jack 1.5), each side ace 1, a side ten with its
    ace 0.5; in Grand each jack 1.5 (the club jack 2), each ace 1, a ten with its ace
    0.75, a king with ace and ten 0.5.

    >>> from cardrules.cards import parse_cards
    >>> game_strength(parse_cards("JC JH AH 10H KH 9H AS 10S 7C 8D"), "hearts")
    8.0
    >>> game_strength(parse_cards("JC JS JD AH 10H AS KC 7C 8D 9D"), "grand")
    7.75
    """
    held = mask_of(cards)
    strength = 0.0
    if kind == "grand":
        for card in cards:
            if _is_jack(card):
                strength += 2.0 if card == _JACKS[0] else 1.5
            elif card.rank == Rank.ACE:
                strength += 1.0
            elif held & CARD_BIT[Card(Rank.ACE, card.suit)]:
                if card.rank == Rank.TEN:
                    strength += 0.75
                elif card.rank == Rank.KING and held & CARD_BIT[Card(Rank.TEN, card.suit)]:
                    strength += 0.5
        return strength
    for card in cards:
        if _is_trump(card, kind):
            strength += 1.5 if card == _JACKS[0] else 1.0
        elif card.rank == Rank.ACE:
            strength += 1.0
        elif card.rank == Rank.TEN and held & CARD_BIT[Card(Rank.ACE, card.suit)]:
            strength += 0.5
    return strength


def null_risks(cards: Sequence[Card]) -> int:
    """How many suits of ``cards`` a Null game could be lost in: a suit is safe when
    its lowest card is a seven, its second lowest at most a nine, its third at most a
    jack, and so on (each card at most two steps above its place from the bottom).

    >>> from cardrules.cards import parse_cards
    >>> null_risks(parse_cards("7C 9C JC 7S 8S 7H 9H 8D 7D 10D"))
    0
    >>> null_risks(parse_cards("7C 9C AC 8S 7H 9H 8D 7D 10D 9S"))
    2
    """
    risks = 0
    for suit in range(4):
        places = sorted(_NULL_PLACE[card.rank] for card in cards if card.suit == suit)
        if any(place > 2 * index for index, place in enumerate(places)):
            risks += 1
    return risks


def _null_danger(card: Card, cards: Sequence[Card]) -> tuple[int, int]:
    """How much ``card`` endangers a Null game among ``cards``: how far it stands
    above its place from the bottom of its suit (:func:`null_risks`), then its rank."""
    places = sorted(_NULL_PLACE[other.rank] for other in cards if other.suit == card.suit)
    place = _NULL_PLACE[card.rank]
    return (place - 2 * places.index(place), place)


def _null_keep(cards: Sequence[Card]) -> list[Card]:
    """The ten of ``cards`` a Null declarer keeps: the most dangerous laid aside."""
    kept = list(cards)
    while len(kept) > 10:
        kept.remove(max(kept, key=lambda card: _null_danger(card, kept)))
    return kept


def _value(kind: str, held: Sequence[Card], hand: bool) -> int:
    """What ``kind`` is worth at least (won, no schneider) with ``held`` known cards."""
    if kind == "null":
        return NULL_VALUES[hand, False]
    return BASE_VALUES[kind] * (matadors(mask_of(held), kind) + 1 + hand)


def playable_games(
    cards: Sequence[Card], *, hand: bool = False, known: Sequence[Card] = ()
) -> list[tuple[float, int, GameKind]]:
    """The games ``cards`` (ten, or twelve with the skat) are strong enough for, as
    ``(margin, value, kind)`` best first: ``margin`` how far the strength passes what
    is needed (:data:`SUIT_NEEDED`, :data:`GRAND_NEEDED`, more with ``hand``; a safe
    Null scores 1), ``value`` what the game is worth at least, its matadors counted
    with ``known`` (the cards laid aside) too.

    >>> from cardrules.cards import parse_cards
    >>> [(kind, value) for _, value, kind in playable_games(
    ...     parse_cards("JS JH AH 10H KH 9H AS 10S 7C 8D"))]   # without 1, game 2
    [('hearts', 20)]
    """
    extra = (len(cards) - 10) * 0.5  # (two cards more than ten: the skat's worth)
    need = HAND_BONUS if hand else 0.0
    held = [*cards, *known]
    games: list[tuple[float, int, GameKind]] = []
    for kind in GAME_KINDS[:5]:
        needed = (GRAND_NEEDED if kind == "grand" else SUIT_NEEDED) + need + extra
        margin = game_strength(cards, kind) - needed
        trumps = sum(1 for card in cards if _is_trump(card, kind))
        if margin >= 0 and trumps >= (2 if kind == "grand" else len(cards) - 6):
            games.append((margin, _value(kind, held, hand), kind))
    if not hand and null_risks(_null_keep(cards)) == 0:
        games.append((1.0, _value("null", held, hand), "null"))
    games.sort(key=lambda game: (game[2] == "grand", game[0], game[1]), reverse=True)
    return games


def skat_heuristic(game: Skat, view: TrickView, moves: Sequence[Any]) -> Any:
    """Skat habits:

    - Bidding: bid on, one value at a time, and hold, up to the value of the best game
      the hand is strong enough for (:func:`playable_games`); else pass. In
      OpenSpiel's bidding: name that game, or pass.
    - The skat: play hand when the hand is strong enough without it
      (:data:`HAND_BONUS` more), else take it.
    - Discarding: for the game the twelve cards suit best, keep the trumps and aces;
      lay aside the card of the shortest side suit, a ten without its ace before a
      lower card (its points count for the declarer); for Null, the card that
      endangers its suit most.
    - Declaring: the best game that reaches the bid (else the one worth most).
    - Playing: see :func:`play_card`.
    """
    phase = view.phase
    deal = view.payload if type(view.payload) is SkatDeal else SkatDeal()
    if phase == "bid":
        return _bid(view, deal, moves)
    if phase == "pickup":
        wanted: type = PlayHand if playable_games(view.hand, hand=True) else TakeSkat
        return next((move for move in moves if type(move) is wanted), moves[0])
    if phase == "discard":
        return _discard(view, deal, moves)
    if phase == "declare":
        return _declare(view, deal, moves)
    return play_card(game, view, moves)


def _bid(view: TrickView, deal: SkatDeal, moves: Sequence[Any]) -> Any:
    games = playable_games(view.hand)
    named = [move for move in moves if type(move) is Declare]
    if named:  # OpenSpiel's bidding: a game named wins it at once
        if not games:
            return next((move for move in moves if type(move) is Pass), moves[0])
        best = games[0][2]
        return next((move for move in named if move.game == best), named[0])
    most = max((value for _, value, _ in games), default=0)
    if any(type(move) is Hold for move in moves):
        wanted: type = Hold if deal.bid <= most else Pass
        return next((move for move in moves if type(move) is wanted), moves[0])
    bids = [move for move in moves if type(move) is SkatBid and move.value <= most]
    if bids:
        return min(bids, key=lambda move: move.value)
    return next((move for move in moves if type(move) is Pass), moves[0])


def _plan(cards: Sequence[Card], deal: SkatDeal) -> GameKind:
    """The game the declarer means to play with ``cards``: the best playable one whose
    value reaches the bid, else the strongest suit game (or Grand) by margin."""
    games = playable_games(cards, hand=bool(deal.hand), known=deal.discards)
    reaching = [game for game in games if game[1] >= deal.bid]
    if reaching:
        return reaching[0][2]
    if games:
        return max(games, key=lambda game: game[1])[2]
    scored = []
    for kind in GAME_KINDS[:5]:
        needed = GRAND_NEEDED if kind == "grand" else SUIT_NEEDED
        value = _value(kind, [*cards, *deal.discards], bool(deal.hand))
        scored.append((value >= deal.bid, game_strength(cards, kind) - needed, kind))
    return max(scored)[2]


def _discard(view: TrickView, deal: SkatDeal, moves: Sequence[Any]) -> Any:
    cards = list(discard_choices(view))
    kind = _plan([*cards, *deal.discards], deal._replace(discards=()))
    counts = [0, 0, 0, 0]
    for card in cards:
        if not _is_trump(card, kind):
            counts[card.suit] += 1
    held = mask_of(cards)

    def cost(move: Any) -> tuple[float, ...]:
        card: Card = move.card
        if kind == "null":
            danger, place = _null_danger(card, cards)
            return (-danger, -place)
        if _is_trump(card, kind):
            return (2, _trump_keep(card, kind))
        if card.rank == Rank.ACE:
            return (1, counts[card.suit])
        guarded = card.rank == Rank.TEN and held & CARD_BIT[Card(Rank.ACE, card.suit)]
        return (0, bool(guarded), counts[card.suit], -CARD_POINTS[card])

    return min(moves, key=cost)


def _trump_keep(card: Card, kind: str) -> int:
    if _is_jack(card):
        return 20 - _JACKS.index(card)
    return CARD_POINTS[card]


def _declare(view: TrickView, deal: SkatDeal, moves: Sequence[Any]) -> Any:
    kind = _plan(view.hand, deal)
    plain = Declare(kind)
    return plain if plain in moves else moves[0]


# -- the play ----------------------------------------------------------------------


def play_card(game: Skat, view: TrickView, moves: Sequence[Any]) -> Any:
    """The card to play:

    - Null: the declarer plays the highest card that still loses the trick (the
      lowest when leading); a defender ducks under the declarer's winning card, else
      plays low.
    - Leading in a suit game or Grand: the declarer plays the highest trump while it
      is the best still out, else a low one while it holds two or more and the
      defenders may hold some; then side aces, then a side card nobody can beat. A
      defender leads a side ace, else a low card of its longest side suit when the
      declarer plays next, of its shortest when its partner does.
    - Following: when the trick is the side's already and safe (its card the best
      still out, or nobody left to play), the card worth most points; else the
      cheapest card that wins the trick for good (or, last to play, at all) when
      the trick is worth it, or any winning card for a trick worth 10 or more;
      else the cheapest card.
    """
    deal = cast(SkatDeal, view.payload)
    order = cast("CardOrder", game.trump_of(view))
    cards = [move.card for move in moves]
    if deal.game is not None and deal.game.game == "null":
        return Play(_null_card(game, view, deal, order, cards))
    return Play(_trump_game_card(game, view, deal, order, cards))


def _unseen(view: TrickView, deal: SkatDeal) -> list[Card]:
    """The cards the seat has not seen: in the other hands (or the skat)."""
    known = view.played_mask | mask_of(view.hand) | mask_of(deal.discards) | mask_of(deal.skat)
    return [card for card in DECK if not known & CARD_BIT[card]]


def _strength(game: Skat, card: Card, order: CardOrder) -> int:
    """How high ``card`` is, all suits compared (trumps above the rest)."""
    rank = game.trick_rank(card, order)
    return rank + 20 if order.trump_mask & CARD_BIT[card] else rank


def _null_card(
    game: Skat, view: TrickView, deal: SkatDeal, order: CardOrder, cards: list[Card]
) -> Card:
    table = order.table
    played = list(view.trick.cards)

    def rank(card: Card) -> int:
        return game.trick_rank(card, order)

    if not played:
        return min(cards, key=rank)
    if view.seat == deal.declarer:
        losing = [c for c in cards if table.winning_index([*played, c]) != len(played)]
        return max(losing or cards, key=rank)
    plays = view.trick.plays(_PLAYERS)
    winner = plays[table.winning_index(played)][0]
    if winner == deal.declarer:
        under = [c for c in cards if table.winning_index([*played, c]) != len(played)]
        if under:
            return max(under, key=rank)
    return min(cards, key=rank)


def _trump_game_card(
    game: Skat, view: TrickView, deal: SkatDeal, order: CardOrder, cards: list[Card]
) -> Card:
    table = order.table
    trumps = order.trump_mask
    unseen = _unseen(view, deal)
    seat = view.seat
    declarer = deal.declarer

    def cheap(card: Card) -> tuple[int, int]:
        return (
            CARD_POINTS[card] + 15 * bool(trumps & CARD_BIT[card]),
            _strength(game, card, order),
        )

    played = list(view.trick.cards)
    if not played:
        return _lead(game, view, deal, order, cards, unseen)
    plays = view.trick.plays(_PLAYERS)
    best = table.winning_index(played)
    winner = plays[best][0]
    last = len(played) == _PLAYERS - 1
    ours = (winner == seat) or (seat != declarer and winner != declarer)
    if ours:
        safe = last or not any(
            table.winning_index([*played, played[best], other]) == len(played) + 1
            for other in unseen
        )
        if safe:
            plain = [c for c in cards if not trumps & CARD_BIT[c]] or cards
            return max(plain, key=lambda card: (CARD_POINTS[card], -_strength(game, card, order)))
        return min(cards, key=cheap)
    winners = [c for c in cards if table.winning_index([*played, c]) == len(played)]
    worth = sum(CARD_POINTS[card] for card in played)
    if winners:
        if last:
            if worth or any(not trumps & CARD_BIT[c] for c in winners):
                return min(winners, key=cheap)
        else:
            lasting = [
                c
                for c in winners
                if not any(table.winning_index([*played, c, u]) == len(played) + 1 for u in unseen)
            ]
            if lasting:
                return min(lasting, key=cheap)
            if worth >= 10:  # (worth a risk: the next card may still beat it)
                return min(winners, key=cheap)
    return min(cards, key=cheap)


def _lead(
    game: Skat,
    view: TrickView,
    deal: SkatDeal,
    order: CardOrder,
    cards: list[Card],
    unseen: list[Card],
) -> Card:
    trumps = order.trump_mask
    mine = [c for c in cards if trumps & CARD_BIT[c]]
    side = [c for c in cards if not trumps & CARD_BIT[c]]
    out = [c for c in unseen if trumps & CARD_BIT[c]]

    def strength(card: Card) -> int:
        return _strength(game, card, order)

    if view.seat == deal.declarer and mine and out:
        top = max(mine, key=strength)
        if strength(top) > max(strength(c) for c in out):
            return top
        if len(mine) >= 2:  # (draw the defenders' trumps with a low one)
            return min(mine, key=strength)
    aces = [c for c in side if c.rank == Rank.ACE]
    if aces:
        return aces[0]
    if view.seat == deal.declarer and side:
        masters = [
            c
            for c in side
            if not any(
                u.suit == c.suit and not trumps & CARD_BIT[u] and strength(u) > strength(c)
                for u in unseen
            )
        ]
        if masters:
            return max(masters, key=lambda card: CARD_POINTS[card])
    if view.seat != deal.declarer and side:
        # "The short way, the long suit": with the declarer next, lead the longest
        # side suit; with the partner between, the shortest.
        counts = {suit: sum(1 for card in side if card.suit == suit) for suit in range(4)}
        held = [suit for suit in counts if counts[suit]]
        declarer_next = deal.declarer == (view.seat + 1) % _PLAYERS
        pick = max if declarer_next else min
        suit = pick(held, key=lambda suit: counts[suit])
        side = [card for card in side if card.suit == suit]
    pool = side or cards
    return min(pool, key=lambda card: (CARD_POINTS[card], strength(card)))
