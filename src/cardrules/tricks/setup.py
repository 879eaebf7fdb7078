"""Starting a trick-taking game: the first deal from a seed, a stacked deck or chosen
hands (:func:`setup_state`, behind ``new_game`` and ``start``), and positions in the
middle of a deal for analysis, puzzles and tests (:func:`position`).

These are functions of the rules object (a :class:`~cardrules.tricks.engine.TrickGame`),
whose methods of the same names call them; the options and hooks they read
(``players``, ``deck``, ``deal_packets``, ``score_trick``, ``state_class``) are the
engine's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from cardrules._checks import check_int
from cardrules._text import shown
from cardrules.cards import (
    ALL_CARDS,
    CARD_BIT,
    SUIT_MASK,
    SUIT_OF_INDEX,
    Card,
    Suit,
    cards_of_mask,
    format_cards,
    mask_of,
    parse_cards,
)
from cardrules.deck import STANDARD_DECK, deal_masks, positions_of
from cardrules.errors import CardParseError, IllegalMoveError, SetupError
from cardrules.events import CardTurnedUp, Event, HandDealt
from cardrules.game import check_scores
from cardrules.moves import Play
from cardrules.rng import new_seed, resolve_seed, seed_state, shuffled_positions
from cardrules.seats import is_seat
from cardrules.tricks.core import TRUMPS, Trick
from cardrules.tricks.decked import check_hands, stacked
from cardrules.tricks.state import DealInfo, tricks_as_records

__all__ = ["position", "setup_state"]


def setup_state(
    rules: Any,
    seed: int | None,
    events: list[Event] | None,
    *,
    dealer: int | None = None,
    deck: Sequence[Card | str] | None = None,
    hands: Sequence[Sequence[Card | str]] | None = None,
    turned_up: Card | str | None = None,
    hand_size: int | None = None,
    scores: Sequence[int] | None = None,
    round_number: int = 1,
) -> Any:
    """The first deal of a game on the engine (behind ``new_game`` and ``start``).

    ``dealer`` is the first dealer (by default the game's ``first_dealer``); the cards
    come from ``seed``, a stacked ``deck`` (the deck's cards, top first) or chosen
    ``hands`` (all of one size, with the ``turned_up`` card when the game turns one
    up); ``hand_size`` sets the cards each for this deal instead of the game's
    ``hand_size``; ``scores`` and ``round_number`` start the game later on.

    Raises :class:`~cardrules.SetupError` for a bad seed, dealer, deck, hands, turned-up
    card, hand size, scores or round number.
    """
    rng = seed_state(new_seed() if seed is None else seed)  # (which checks the seed)
    players = rules.players
    if dealer is None:
        dealer, rng = rules.first_dealer(rng)
    if not is_seat(dealer, players):
        raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    totals = (0,) * players if scores is None else check_scores(scores, players)
    if round_number != 1 or round_number.__class__ is not int:  # (the default needs no check)
        round_number = _check_round_number(round_number)
    if deck is None and hands is None and turned_up is None and hand_size is None:
        hand_size, rng = rules.hand_size(round_number, rng)  # a plain deal from the seed
        drawn, rng = rules.draw_before_deal(round_number, rng)
        positions, rng = _shuffled(rules.deck(), rng, rules._decked)
        return _deal_positions(
            rules, round_number, dealer, hand_size, totals, positions, rng, events, drawn
        )
    if deck is not None and hands is not None:
        raise SetupError("give a stacked deck or explicit hands, not both")
    if hands is not None:
        if hand_size is not None:
            raise SetupError("give hands or a hand_size, not both: the hands have their size")
        dealt = _check_hands(rules, hands) if rules._decked is None else check_hands(rules, hands)
        turned = _check_turned_up(rules, turned_up, dealt)
        drawn, rng = rules.draw_before_deal(round_number, rng)
        return _start_deal(rules, round_number, dealer, dealt, totals, rng, events, turned, drawn)
    if turned_up is not None:
        raise SetupError("turned_up goes with hands; a deal from a deck turns up its own card")
    cards = rules.deck()
    if hand_size is None:
        hand_size, rng = rules.hand_size(round_number, rng)
    else:
        most = (len(cards) - rules.turns_up) // players
        hand_size = check_int(hand_size, "hand_size", 1, most, note=" (the cards each)")
    drawn, rng = rules.draw_before_deal(round_number, rng)
    if deck is None:
        positions, rng = _shuffled(cards, rng, rules._decked)
    elif rules._decked is not None:
        positions = stacked(rules, deck)
    else:
        positions = _positions_of_deck(cards, deck)
    return _deal_positions(
        rules, round_number, dealer, hand_size, totals, positions, rng, events, drawn
    )


def deal_next(
    rules: Any,
    number: int,
    dealer: int,
    scores: tuple[int, ...],
    rng: int,
    events: list[Event] | None,
    kept: Any = None,
) -> Any:
    """Deal ``number`` of a game under way, shuffled from the generator ``rng``;
    ``kept`` is what the deal before handed on (the game's ``carry_over``)."""
    hand_size, rng = rules.hand_size(number, rng)
    drawn, rng = rules.draw_before_deal(number, rng)
    positions, rng = _shuffled(rules.deck(), rng, rules._decked)
    if kept is not None:  # the payload start_of_deal reads: what was kept, and drawn
        drawn = kept if drawn is None else (kept, drawn)
    return _deal_positions(rules, number, dealer, hand_size, scores, positions, rng, events, drawn)


def _shuffled(cards: Sequence[Card], rng: int, layout: Any = None) -> tuple[bytes, int]:
    """Where each card of ``cards`` lies in a shuffled deck of them (byte ``i`` for the
    card of index ``i``; 255 for a card not in the deck); on a declared deck's
    ``layout`` (:mod:`cardrules.tricks.decked`), byte ``i`` for the bit ``i`` of its masks."""
    if layout is not None:
        return layout.shuffled(cards, rng)  # type: ignore[no-any-return]
    count = len(cards)
    if count == 52:
        return shuffled_positions(52, rng)
    if rng.__class__ is not int:  # explicit chance: the pile is the game's own cards
        return _decided_positions(cards, rng)
    order, rng = shuffled_positions(count, rng)
    # The game's deck() is usually the same tuple each deal: its places are kept by
    # identity (with the tuple, so that its id is not reused).
    kept = _ITEMS.get(id(cards))
    items = kept[1] if kept is not None and kept[0] is cards else _items_of(cards)
    # Byte ``card`` of ``items`` is the card's place in ``cards`` (``count`` for a card
    # not in them): translated through the shuffle, it is the card's position, or 255.
    return items.translate(order + b"\xff" * (256 - count)), rng


def _decided_positions(cards: Sequence[Card], rng: Any) -> tuple[bytes, int]:
    """:func:`_shuffled` under explicit chance (``rng`` a
    :class:`~cardrules.rng.DecidedShuffles`): the cards themselves are shuffled, so
    that the chance nodes name them (a shuffle of places would name cards 0 to
    ``len(cards) - 1`` of the 52, not the deck's)."""
    order, rng = rng.shuffle(tuple(cards))
    positions = bytearray(b"\xff" * 52)
    for position, card in enumerate(order):
        positions[card] = position
    return bytes(positions), rng


_ITEMS: dict[int, tuple[Sequence[Card], bytes]] = {}


def _items_of(cards: Sequence[Card]) -> bytes:
    """For each card of the 52, its place in ``cards`` (``len(cards)`` if not there),
    as bytes; kept for a deck given as a tuple (a game's ``deck()``)."""
    places = bytearray([len(cards)] * 52)
    for item, card in enumerate(cards):
        places[card] = item
    if type(cards) is tuple and len(_ITEMS) < 64:
        _ITEMS[id(cards)] = (cards, bytes(places))
    return bytes(places)


def _positions_of_deck(cards: Sequence[Card], deck: Sequence[Card | str]) -> bytes:
    """The positions of a stacked deck, which must hold the game's deck once each."""
    if len(cards) == 52:
        return positions_of(STANDARD_DECK.check_order(deck))
    if isinstance(deck, str) or not isinstance(deck, Sequence):
        raise SetupError(f"a stacked deck is a sequence of cards, not {shown(deck)}")
    order = parse_cards(deck)
    if sorted(order) != sorted(cards):
        raise SetupError(
            f"a stacked deck must hold the game's {len(cards)} cards once each "
            f"({format_cards(cards)})"
        )
    positions = bytearray(b"\xff" * 52)
    for position, card in enumerate(order):
        positions[card] = position
    return bytes(positions)


def _deal_positions(
    rules: Any,
    number: int,
    dealer: int,
    hand_size: int,
    scores: tuple[int, ...],
    positions: bytes,
    rng: int,
    events: list[Event] | None,
    drawn: Any = None,
) -> Any:
    """Deal ``hand_size`` cards each from a deck laid out by ``positions``, and turn up
    the next card if the game turns one up; ``drawn`` is what the game's
    ``draw_before_deal`` drew."""
    players = rules.players
    dealt = deal_masks(positions, dealer, players, rules.deal_packets(hand_size))
    turned = None
    if rules.turns_up:
        turned = ALL_CARDS[positions.index(players * hand_size)]
        if rules._decked is not None:
            turned = rules._decked.deck.card(positions.index(players * hand_size))
    return _start_deal(rules, number, dealer, dealt, scores, rng, events, turned, drawn)


def _start_deal(
    rules: Any,
    number: int,
    dealer: int,
    dealt: tuple[int, ...],
    scores: tuple[int, ...],
    rng: int,
    events: list[Event] | None,
    turned: Card | None = None,
    drawn: Any = None,
) -> Any:
    """The state at the start of deal ``number`` with the hands ``dealt`` (card masks,
    checked), after the game's :meth:`~cardrules.tricks.engine.TrickGame.start_of_deal`."""
    if events is not None:
        events.append(HandDealt(number, dealer, dealt[0].bit_count()))
        if turned is not None:  # (trumps, in Oh Hell; the upcard, in Euchre)
            events.append(CardTurnedUp(dealer, turned))
    deal = DealInfo(rules, number, dealer, dealt, scores, rng, (), turned, None, drawn)
    leader = rules.first_leader(dealer, dealt)
    left = 0
    for hand in dealt:
        left |= hand
    state = rules.state_class(deal, left, leader, (), (), (0,) * len(dealt))
    return rules.start_of_deal(state, events)


def _check_turned_up(
    rules: Any, turned_up: Card | str | None, dealt: tuple[int, ...]
) -> Card | None:
    """The turned-up card given with chosen hands: one of the deck, in no hand."""
    if not rules.turns_up:
        if turned_up is not None:
            raise SetupError(f"{type(rules).__name__} turns up no card: leave turned_up out")
        return None
    if turned_up is None:
        raise SetupError(f"{type(rules).__name__} turns up a card: give turned_up with the hands")
    layout = rules._decked
    if layout is not None:  # a declared deck's: a copy of the card that no hand holds
        if isinstance(turned_up, bool) or not isinstance(turned_up, (int, str)):
            raise SetupError(f"turned_up must be a card, not {shown(turned_up)}")
        try:
            card = layout.deck.parse(turned_up)
        except CardParseError as error:
            raise SetupError(f"turned_up must be a card of the game's deck: {error}") from None
        held = 0
        for hand in dealt:
            held |= hand
        if not layout.copy_masks[card] & layout.mask(rules.deck()) & ~held:
            raise SetupError(
                f"the turned-up card {card} must be a card of the deck with a copy in no hand"
            )
        return card  # type: ignore[no-any-return]
    if not isinstance(turned_up, (Card, str)):
        raise SetupError(f"turned_up must be a card, not {shown(turned_up)}")
    card = parse_cards([turned_up])[0]
    if not mask_of(rules.deck()) >> card & 1 or any(hand >> card & 1 for hand in dealt):
        raise SetupError(f"the turned-up card {card} must be a card of the deck in no hand")
    return card


def position(
    rules: Any,
    hands: Sequence[Sequence[Card | str]],
    *,
    leader: int,
    trick: Sequence[Card | str] = (),
    tricks: Sequence[Trick] = (),
    dealer: int = 0,
    round_number: int = 1,
    round_scores: Sequence[int] | None = None,
    scores: Sequence[int] | None = None,
    seed: int | None = None,
    turned_up: Card | str | None = None,
    payload: Any = None,
) -> Any:
    """A position in the middle of a deal's play, for analysis, puzzles and tests: the
    cards each seat holds, the ``trick`` being played (its cards, led by ``leader``)
    and the completed ``tricks``, with the round's points so far (by default, what
    those tricks scored) and the totals before it. The hands need not hold the
    whole deck (an endgame with three cards each is fine): the deal ends when they
    are played out (or when the game's ``deal_over`` says). ``seed`` deals the later
    rounds. A game that turns up a card needs its ``turned_up`` card; a game with a
    payload (bids) takes it as ``payload``, as its phases would have left it.

    The tricks must be ones these rules could have played: each complete, won by
    the seat the rules say, led by the winner of the trick before (and the trick in
    progress by the winner of the last), and no seat may have played another suit
    than the one led while it held a card of it (in its hand now, or played later);
    and none may be one after which the game's ``deal_over`` ends the deal.

    The payload must be one the game can play the position with: its
    :meth:`~cardrules.tricks.engine.TrickGame.check_payload` takes it (a game without
    phases takes only ``None``), and so do the hooks that read it (``trump_of``, each
    seat's view, what a sample keeps, the deal's scoring). And the player to move must
    have a legal move (Hearts: not a first trick led by a seat without the 2♣).

    Raises :class:`~cardrules.SetupError` for a card held or played twice, hand
    sizes that do not fit the trick in progress, tricks no play could give, a payload
    the game cannot play with, or a position with no legal move.

    >>> import cardrules as cr
    >>> game = cr.Cramps()
    >>> state = game.position(["AS 3H", "2D", "QS 2C", "2H 4H"], leader=1, trick="KS")
    >>> state.to_move, [str(move) for move in game.legal_moves(state)]
    (2, ['Q♠'])
    """
    players = rules.players
    layout = rules._decked  # (a declared deck's layout: tricks.decked)
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise SetupError(f"hands must be {players} sequences of cards, one per seat")
    held = [tuple(sorted(_read_cards(rules, hand))) for hand in hands]
    if not is_seat(leader, players):
        raise SetupError(f"leader must be a seat from 0 to {players - 1}, not {shown(leader)}")
    if not is_seat(dealer, players):
        raise SetupError(f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}")
    round_number = _check_round_number(round_number)
    current = _read_cards(rules, trick)
    if len(current) >= players:
        raise SetupError(f"a trick in progress has fewer than {players} cards")
    if isinstance(tricks, str) or not isinstance(tricks, Sequence):
        raise SetupError(f"tricks must be a sequence of Trick values, not {shown(tricks)}")
    if not all(isinstance(done, Trick) for done in tricks):
        raise SetupError("tricks must be Trick values (cardrules.tricks.core.Trick)")
    turned = _check_turned_up(rules, turned_up, (0,) * players)
    totals = check_scores(scores, players)
    rng = seed_state(resolve_seed(seed))
    # A position is in the play of the cards (no phase), the payload as given.
    probe = DealInfo(
        rules, round_number, dealer, (0,) * players, totals, rng, (), turned, None, payload
    )
    probed = rules.state_class(probe, 0, leader, current, (), totals)
    _hooks_take_payload(rules, payload, lambda: rules.trump_of(probed))  # (the checks ask it)
    _check_tricks(rules, probed, tricks, leader)
    played: list[list[Card]] = [[] for _ in range(players)]
    for done in (*tricks, Trick(leader, current)):
        for seat, card in done.plays(players):
            played[seat].append(card)
    every = [card for hand in held for card in hand] + [c for p in played for c in p]
    if layout is not None:
        _check_copies(rules, every)
    elif len(set(every)) != len(every):
        twice = sorted({card for card in every if every.count(card) > 1})
        raise SetupError(f"cards held or played twice: {format_cards(twice)}")
    deck = mask_of(rules.deck()) if layout is None else 0
    strangers = [card for card in every if layout is None and not deck >> card & 1]
    if strangers:
        raise SetupError(f"cards not of the game's deck: {format_cards(strangers)}")
    in_trick = {(leader + i) % players for i in range(len(current))}
    before = {len(hand) + (seat in in_trick) for seat, hand in enumerate(held)}
    if len(before) != 1:
        raise SetupError(
            "the hands must be of one size, less one card for each seat that has "
            f"played to the trick in progress; sizes {[len(hand) for hand in held]}"
        )
    if layout is None:
        dealt = tuple(
            sum(CARD_BIT[card] for card in (*held[seat], *played[seat])) for seat in range(players)
        )
        left = sum(CARD_BIT[card] for hand in held for card in hand)
    else:  # copies given out lowest first: the cards played, then the hands
        dealt, left = _layout_masks(layout, held, played)
    turned = _check_turned_up(rules, turned_up, dealt)
    deal = DealInfo(rules, round_number, dealer, dealt, totals, rng, (), turned, None, payload)
    state = rules.state_class(deal, left, leader, current, (), (0,) * players)
    _check_voids(rules, state, held, (*tricks, Trick(leader, current)))
    records = tricks_as_records(tricks, players)
    if round_scores is None:  # what the tricks given have scored
        earned = [0] * players
        for number, (_, cards, winner) in enumerate(records, start=1):
            earned[winner] += rules.score_trick(state, number, cards, winner)
        points = tuple(earned)
    else:
        points = check_scores(round_scores, players)
    state = rules.state_class(deal, left, leader, current, records, points)
    rules.check_payload(state)
    _hooks_take_payload(rules, payload, lambda: _read_payload(rules, state))
    _check_some_move(rules, state)
    if rules._ends_early and records:
        _hooks_take_payload(rules, payload, lambda: _check_goes_on(rules, state))
    return state


def _read_payload(rules: Any, state: Any) -> None:
    """Ask the hooks that read a position's payload: each seat's view (with the
    payload as the seat sees it), what a sample keeps of it, the deal's scoring."""
    for seat in range(rules.players):
        rules.known_cards(rules.observe(state, seat))
    rules.score_deal(state, state.round_scores)


def _hooks_take_payload(rules: Any, payload: Any, ask: Callable[[], object]) -> None:
    """Run ``ask`` (hooks of the game that read the payload); whatever they raise,
    a :class:`~cardrules.SetupError` that says the payload does not fit the game.
    (The payload is the only input a position takes unchecked: a hook failing on the
    position is failing on it.)"""
    try:
        ask()
    except SetupError:
        raise
    except Exception as exc:  # any error of the game's own code: it cannot take this payload
        raise SetupError(
            f"{type(rules).__name__} cannot play this position with the payload "
            f"{shown(payload)} ({type(exc).__name__}: {exc}); give the payload its phases "
            "leave for the play"
        ) from exc


def _check_some_move(rules: Any, state: Any) -> None:
    """Refuse a position in which the player to move has no legal move (the game is
    not over: a position is in the play of a deal)."""
    if rules.legal_moves(state):
        return
    seat = state.to_move
    hand = state.hands[seat]
    if not hand:
        raise SetupError(
            f"seat {seat}, to play, holds no card: a position is in the play of a deal, "
            "with a card to play"
        )
    try:
        rules.apply(state, Play(hand[0]))
        why = "the rules allow none of its cards"
    except IllegalMoveError as exc:
        why = f"{exc}; none of its other cards is allowed either"
    raise SetupError(
        f"seat {seat}, to play, has no legal move in this position ({why}): the rules "
        "never lead to it"
    )


def _check_goes_on(rules: Any, state: Any) -> None:
    """Refuse a position whose tricks the play never gets past: after one of them the
    game's ``deal_over`` ends the deal (asked as the engine asks it, in the position
    after each trick, with the points the tricks scored; the last one with the
    position's own)."""
    deal, records = state._deal, state._tricks
    played = sum(deal._dealt) & ~state._left  # (on a declared deck, each copy's own bit)
    left = state._left | _played_bits(rules, state._cards, played)
    later = [left]  # the cards still held after each trick, from the last one back
    for _, cards, _ in reversed(records[1:]):
        later.append(later[-1] | _played_bits(rules, cards, played & ~later[-1]))
    later.reverse()
    points = [0] * rules.players
    for number, (_, cards, winner) in enumerate(records, start=1):
        points[winner] += rules.score_trick(state, number, cards, winner)
        scored = state._round_scores if number == len(records) else tuple(points)
        after = rules.state_class(deal, later[number - 1], winner, (), records[:number], scored)
        if rules.deal_over(after):
            raise SetupError(
                f"the deal is over after trick {number} ({Trick(*records[number - 1])}): "
                f"{type(rules).__name__}.deal_over ends it there, so no position follows it"
            )


def _check_tricks(rules: Any, state: Any, tricks: Sequence[Trick], leader: int) -> None:
    """Refuse completed tricks that these rules could not have played: each led by
    a seat, complete, won by the seat the rules say, and led by the winner of the
    one before; the trick in progress led by the winner of the last."""
    players: int = rules.players
    winner = None
    for number, done in enumerate(tricks, start=1):
        if not is_seat(done.leader, players) or not all(
            _is_card(rules, card) for card in done.cards
        ):
            raise SetupError(
                f"trick {number} must be led by a seat from 0 to {players - 1} and hold "
                f"cards, not {shown(done)}"
            )
        if len(done.cards) != players:
            raise SetupError(f"trick {number} ({done}) must be complete ({players} cards)")
        if winner is not None and done.leader != winner:
            raise SetupError(
                f"trick {number} ({done}) must be led by seat {winner}, who won trick "
                f"{number - 1}, not by seat {shown(done.leader)}"
            )
        winner = (done.leader + rules.winning_position(state, done.cards)) % players
        if done.winner != winner:
            rule = "the highest trump, or else " if rules.trump_of(state) is not None else ""
            raise SetupError(
                f"trick {number} ({done}) is won by seat {winner} ({rule}the highest card "
                f"of the suit led), not by {shown(done.winner)}"
            )
    if winner is not None and leader != winner:
        raise SetupError(
            f"the trick in progress must be led by seat {winner}, who won trick "
            f"{len(tricks)}, not by seat {leader}"
        )


def _check_hands(rules: Any, hands: Sequence[Sequence[Card | str]]) -> tuple[int, ...]:
    """The masks of chosen hands: one per seat, all of one size, cards of the deck once."""
    players = rules.players
    cards = rules.deck()
    most = (len(cards) - rules.turns_up) // players
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != players:
        raise SetupError(f"hands must be {players} sequences of {most} cards, one per seat")
    masks = []
    for seat, hand in enumerate(hands):
        if isinstance(hand, str) or not isinstance(hand, Sequence):
            raise SetupError(f"the hand of seat {seat} must be a sequence of cards")
        masks.append(mask_of(parse_cards(hand)))
    sizes = {len(hand) for hand in hands}
    if rules._full_deals:
        each = 52 // players
        for seat, hand in enumerate(hands):
            if len(hand) != each:
                raise SetupError(f"every hand must hold {each} cards; seat {seat} has {len(hand)}")
        STANDARD_DECK.check_order([c for hand in hands for c in parse_cards(hand)])
        return tuple(masks)
    if len(sizes) != 1 or not 1 <= min(sizes) <= most:
        raise SetupError(
            f"the hands must be of one size from 1 to {most}; sizes {[len(h) for h in hands]}"
        )
    every = [card for hand in hands for card in parse_cards(hand)]
    deck = mask_of(cards)
    if len(set(every)) != len(every) or any(not deck >> card & 1 for card in every):
        raise SetupError(f"the hands must hold cards of the deck ({format_cards(cards)}) once each")
    return tuple(masks)


def _read_cards(rules: Any, cards: Sequence[Card | str]) -> tuple[Card, ...]:
    """Cards of a position, of the game's deck (its declared deck's, if another)."""
    layout = rules._decked
    if layout is None:
        return parse_cards(cards)
    try:
        found: tuple[Card, ...] = layout.deck.parse_cards(cards)
    except CardParseError as error:
        raise SetupError(f"a position holds cards of the game's deck: {error}") from None
    return found


def _is_card(rules: Any, card: object) -> bool:
    """Whether ``card`` is a card of the game's deck's kind (a Card on the French deck)."""
    layout = rules._decked
    return isinstance(card, Card) if layout is None else card in layout.deck


def _check_copies(rules: Any, every: Sequence[Card]) -> None:
    """Refuse cards of a position held or played more often than the game's deck has
    them (a declared deck's copies counted)."""
    have = Counter(rules.deck())
    extra = sorted(card for card, count in Counter(every).items() if count > have[card])
    if extra:
        raise SetupError(
            "cards held or played more often than the game's deck has them: "
            + " ".join(map(str, extra))
        )


def _layout_masks(
    layout: Any, held: Sequence[tuple[Card, ...]], played: Sequence[Sequence[Card]]
) -> tuple[tuple[int, ...], int]:
    """The dealt masks and the cards left of a position on a declared deck's layout:
    the copies given out lowest first, to the cards played, then to the hands."""
    taken = 0
    bits = [0] * len(held)
    for seat, cards in enumerate(played):
        bits[seat] = layout.mask(cards, taken)
        taken |= bits[seat]
    left = 0
    for seat, hand in enumerate(held):
        mask = layout.mask(hand, taken | left)
        left |= mask
        bits[seat] |= mask
    return tuple(bits), left


def _played_bits(rules: Any, cards: Sequence[Card], played: int) -> int:
    """The bits of ``cards`` played: their cards' own (on a declared deck, copies among
    the ``played`` bits, lowest first)."""
    layout = rules._decked
    if layout is None:
        return mask_of(cards)
    bits = 0
    for card in cards:
        found = layout.copy_masks[card] & played & ~bits
        bits |= found & -found
    return bits


def _check_round_number(round_number: object) -> int:
    """``round_number`` if it is an int from 1 up; else a :class:`~cardrules.SetupError`."""
    note = " (the round the game starts at; 1 by default)"
    return check_int(round_number, "round_number", 1, note=note)


def _check_voids(
    rules: Any, state: Any, held: Sequence[tuple[Card, ...]], tricks: Sequence[Trick]
) -> None:
    """Refuse a seat that did not follow the suit led (in a completed trick or the trick
    in progress) while it held a card of that suit: in its hand now, or played later."""
    players = rules.players
    trump = rules.trump_of(state)
    table = rules.suit_table(trump) if rules.effective_suits else None

    def suit_of(card: Card) -> int:
        return SUIT_OF_INDEX[card] if table is None else table._suit_of[card]

    def cards_of(suit: int) -> int:
        return SUIT_MASK[suit] if table is None else table._cards_of[suit]

    # Each seat's cards after the trick looked at (on a declared deck, a card's first
    # copy's bit: enough to test a suit, whose mask holds every copy).
    later = [sum(1 << card for card in set(hand)) for hand in held]
    for number in range(len(tricks), 0, -1):
        done = tricks[number - 1]
        if not done.cards:
            continue
        led = suit_of(done.cards[0])
        for seat, card in done.plays(players):
            if suit_of(card) != led and later[seat] & cards_of(led):
                symbol = Suit(led).symbol if led != TRUMPS else f"trumps, {trump}"
                kept = format_cards(cards_of_mask(later[seat] & cards_of(led)))
                where = f"trick {number}" if number < len(tricks) else "the trick in progress"
                raise SetupError(
                    f"seat {seat} played {card} to {where} ({done}) while it held {kept}: a "
                    f"seat must follow the suit led ({symbol}) when it can"
                )
        for seat, card in done.plays(players):
            later[seat] |= 1 << card
