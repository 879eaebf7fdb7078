"""Samples of an OpenSpiel information set for ISMCTS (:class:`Resampler`): states a
player cannot tell from the real one, each with a history of its own that replays to
it.

A sample is the real game with the current deal's cards that the player has not seen
dealt otherwise: the places of the deal's chance actions (each places one card) whose
card the player has not seen take each other's cards in a new order, every other
action is the real one (numbers drawn by chance, such as a dealer or Oh Hell's number
of tricks, are public and kept), and the whole history is replayed from the position
before the deal. Places, not card values, are relabeled, so a card with copies (a
joker of the French 54, a card of two decks) moves like any other. A card the player
has seen keeps its place: its own cards, a card turned up (Oh Hell's trump card,
Euchre's upcard), the cards of a discard pile and those its view of the game's
payload shows. Where the player has seen some copies of a card but not all, which
places held the copies seen is settled by replaying swaps (a place whose card cannot
move without the player noticing keeps it), and where the swaps cannot tell, one of
the card's places keeps it in each sample. A sample must show the player its very
view of the real position, as well as its information state. Opponents' moves say
something about their hidden cards (a Craits player who draws held no card that
could be played; a Cramps player who did not follow suit held none of the suit led),
so a place takes only a card that would have allowed the same moves; a replay that
still meets an illegal move is drawn again, and in the end only the places whose
cards only the stock held (which no move tells anything about) are relabeled.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import TYPE_CHECKING, Any

import attrs

from cardrules._text import shown
from cardrules.cards import Card
from cardrules.climbing.events import CardsPlayed
from cardrules.errors import CardrulesError, SeatError, StateError
from cardrules.events import CardPlayed, CardTurnedUp
from cardrules.game import Game
from cardrules.rng import check_seed
from cardrules.seats import is_seat

if TYPE_CHECKING:
    from cardrules.hosts.openspiel import CardrulesState

__all__ = ["Resampler"]

_CHANCE = -1  # OpenSpiel's chance player in a state's full history
_TRIES = 8  # relabelings drawn before only the stock's cards are relabeled
_PROBES = 4  # swaps tried for a place of a card with copies before it is kept


class Resampler:
    """A resampler for OpenSpiel's ISMCTS (``bot.set_resampler(Resampler(seed))``; see
    the module's text). ``seed`` (an int from 0 to 2**64 - 1) makes its samples
    reproducible. A sample is a state that ``player`` cannot tell from the given one
    (its information state is the same), whose ``history()`` replays to it, and whose
    other seats' information states are the sample's own. Samples are random, not
    uniform among the deals the player cannot tell apart."""

    def __init__(self, seed: int = 0) -> None:
        self._draws = random.Random(check_seed(seed))
        self._prefix: tuple[tuple[int, ...], Any] | None = None  # the last one replayed
        self._hand: _Hand | None = None  # the last real position's analysis

    def __call__(self, state: CardrulesState, player: int) -> CardrulesState:
        # A cardrules OpenSpiel state (hosts.openspiel, which imports this module) is
        # known by the rules object its game carries.
        if not isinstance(getattr(getattr(state, "_game", None), "rules", None), Game):
            raise StateError(
                f"the resampler needs a state of a cardrules OpenSpiel game, not {shown(state)}"
            )
        players = state._game.rules.players
        if not is_seat(player, players):
            raise SeatError(f"player must be a seat from 0 to {players - 1}, not {shown(player)}")
        if state.is_chance_node() or state.is_terminal():
            raise StateError(
                "the resampler samples positions where a player moves, not a chance node "
                "or the end of a game"
            )
        full = tuple((int(item.player), int(item.action)) for item in state.full_history())
        hand = self._hand
        if hand is None or hand.history != full or hand.player != player:
            prefix = self._prefix_state(state, full)
            hand = self._hand = _Hand(state, player, full, prefix, self._draws)
        for _ in range(_TRIES):
            relabel = hand.relabeling(self._draws)
            sample: CardrulesState | None = None if relabel is None else hand.replayed(relabel)
            if sample is not None:
                return sample
        sample = hand.replayed(hand.stock_relabeling(self._draws))
        return sample if sample is not None else state.clone()

    def _prefix_state(self, state: CardrulesState, full: tuple[tuple[int, int], ...]) -> Any:
        """The position before the current deal, replayed (kept for the next calls)."""
        start = _deal_start(state, full)
        actions = tuple(action for _, action in full[:start])
        kept = self._prefix
        if kept is None or kept[0] != actions:
            position = state.get_game().new_initial_state()
            for action in actions:
                position.apply_action(action)
            kept = self._prefix = (actions, position)
        return kept[1]

    def __reduce__(self) -> tuple[Any, ...]:
        # (what it has replayed is only kept for speed)
        return (_resampler_again, (self._draws.getstate(),))


def _resampler_again(draws: Any) -> Resampler:
    """Unpickle a :class:`Resampler`."""
    resampler = Resampler()
    resampler._draws.setstate(draws)
    return resampler


def _deal_start(state: CardrulesState, full: tuple[tuple[int, int], ...]) -> int:
    """Where the current deal's chance actions begin in a full history: the last run of
    chance actions that places a whole deck (a reshuffle places fewer cards; numbers
    drawn before the deal's shuffle, such as its number of tricks, stay before it)."""
    deck = _deal_size(state._game.table, state._game.initial)
    end = len(full)
    while end > 0:
        while end > 0 and full[end - 1][0] != _CHANCE:
            end -= 1
        start = end
        while start > 0 and full[start - 1][0] == _CHANCE:
            start -= 1
        if end - start >= deck:
            return end - deck  # (the run's last ``deck`` actions: the deal)
        end = start
    raise StateError("the resampler needs a position after the first deal")


_DEAL_SIZES: dict[Any, int] = {}


def _deal_size(table: Any, initial: Any) -> int:
    """How many cards a deal's shuffle places: the first shuffle of a game, after any
    numbers drawn before it (worked out once per game)."""
    size = _DEAL_SIZES.get(table)
    if size is None:
        position = initial
        while position.draw_below:  # (a first dealer, a number of tricks: any will do)
            position = table.apply_chance(position, 0)
        size = _DEAL_SIZES[table] = position.cards_to_place
    return size


class _Hand:
    """What the current deal of a real position lets a sample change: for each run of
    chance actions since the deal (the deal, each reshuffle), the places whose cards
    the player has not seen since, and the cards each may take."""

    def __init__(
        self,
        state: CardrulesState,
        player: int,
        full: tuple[tuple[int, int], ...],
        prefix: Any,
        draws: random.Random,
    ) -> None:
        self.history = full
        self.player = player
        self.prefix = prefix
        prefix.info_state(player)  # folded once: every sample's replay goes on from it
        self.digest = state.info_state(player).digest  # what every sample must show
        rules = state._game.rules
        self.rules = rules
        self.view = rules.observe(state.position.inner, player)  # and this too
        self.real = state.position.inner
        first = len(prefix.history())
        hand = full[first:]
        self.players = [who for who, _ in hand]
        self.actions = [action for _, action in hand]
        seen: dict[int, int] = {}  # card: the last time the player saw it
        held: dict[int, int] = {}  # card: the last time a seat other than the player held it
        voids: dict[int, list[tuple[int, frozenset[int]]]] = {}
        self.numbers: set[int] = set()  # the times of numbers drawn: kept as they are
        position = prefix.clone()
        steps = 0 if prefix._seen is None else prefix._seen.chain.length
        for time, (who, action) in enumerate(hand):
            if who == _CHANCE and position.position.draw_below:
                self.numbers.add(time)
            if who != _CHANCE:
                inner = position.position.inner
                _saw(seen, rules, inner, player, time)
                for seat, cards in enumerate(inner.hands):
                    if seat != player:
                        held.update(dict.fromkeys(cards, time))
                if who != player:
                    void = _void(rules, inner, who, rules.move_from_id(action))
                    if void:
                        for card in set(inner.hands[who]):
                            voids.setdefault(card, []).append((time, void))
            position.apply_action(action)
            chain = position._seen.chain if position._seen is not None else None
            if chain is not None and chain.length > steps:
                for step in chain.since(steps):
                    _saw(seen, rules, step.state, player, time)
                    for event in step.events:
                        if type(event) is CardPlayed or type(event) is CardTurnedUp:
                            seen[int(event.card)] = time
                        elif type(event) is CardsPlayed:  # (a climbing game's set)
                            seen.update(dict.fromkeys(map(int, event.cards), time))
                steps = chain.length
        if not position.is_chance_node():
            _saw(seen, rules, position.position.inner, player, len(hand))
        # The runs of chance actions that place cards, and in each the cards the player
        # has not seen since.
        self.runs: list[_Run] = []
        shuffled = [
            who == _CHANCE and time not in self.numbers for time, who in enumerate(self.players)
        ]
        time = 0
        while time < len(hand):
            if not shuffled[time]:
                time += 1
                continue
            end = time
            while end < len(hand) and shuffled[end]:
                end += 1
            self.runs.append(_Run(self.actions[time:end], time, seen, held, voids))
            time = end
        for run in self.runs:
            if run.ambiguous:
                self._free_copies(run, draws)

    def relabeling(self, draws: random.Random) -> dict[int, int] | None:
        """A random relabeling of each run's free places that keeps to what the moves
        showed (the new card by the time of its chance action; ``None`` if a card
        finds no place)."""
        relabel: dict[int, int] = {}
        for run in self.runs:
            cards = run.relabeling(draws)
            if cards is None:
                return None
            relabel.update(cards)
        return relabel

    def stock_relabeling(self, draws: random.Random) -> dict[int, int]:
        """A random relabeling of the places whose cards only the stock held since
        (always possible)."""
        relabel: dict[int, int] = {}
        for run in self.runs:
            relabel.update(run.stock_relabeling(draws))
        return relabel

    def replayed(self, relabel: dict[int, int]) -> Any:
        """The sample of a relabeling: the prefix replayed on with the chance actions
        at the times ``relabel`` names replaced; ``None`` if the replay parts from the
        real game (a move not legal, another seat to move, or in the end a different
        view or information state for the player)."""
        sample = self.prefix.clone()
        players = self.players
        try:
            for time, action in enumerate(self.actions):
                if sample.current_player() != players[time]:
                    return None
                sample.apply_action(relabel.get(time, action))
        except CardrulesError:
            return None
        # (the view first: it is quicker than the information state, folded step by step)
        if self.rules.observe(sample.position.inner, self.player) != self.view:
            return None
        if sample.info_state(self.player).digest != self.digest:
            return None
        return sample

    def _free_copies(self, run: _Run, draws: random.Random) -> None:
        """Settle which places of a card with copies the player has seen (some copy of
        it was seen, so the card alone cannot tell) may take another card: those where
        the card, swapped with the free card of another place, leaves everything the
        player was shown as it was, with two partners in turn (one may have reached
        the same hand later, by a draw), and moves something (a swap within one hand
        tells nothing)."""
        partners = run.free[:]
        draws.shuffle(partners)
        for card, places in run.ambiguous.items():
            loose = []
            for place in places:
                passed = 0
                for partner in partners[:_PROBES]:
                    other = run.cards[partner]
                    if other == card or not (run.fits(place, other) and run.fits(partner, card)):
                        continue
                    sample = self.replayed({place: other, partner: card})
                    if sample is None:
                        break  # (kept: a swap the player would have seen)
                    passed += sample.position.inner != self.real
                if passed >= 2:
                    loose.append(place)
                draws.shuffle(partners)
            if loose:
                run.loose[card] = loose


class _Run:
    """One run of chance actions (a shuffle): its places (each chance action, by its
    time), the card each placed, the places free to take another card (the player has
    not seen the card there since), and what each place's card may become."""

    def __init__(
        self,
        actions: list[int],
        start: int,
        seen: dict[int, int],
        held: dict[int, int],
        voids: dict[int, list[tuple[int, frozenset[int]]]],
    ) -> None:
        self.start = start
        self.cards = dict(enumerate(actions, start))  # place (time): card
        copies = Counter(actions)
        unseen = {card for card in copies if seen.get(card, -1) < start}
        self.free = [place for place, card in self.cards.items() if card in unseen]
        # Places of a card with copies, some of which the player has seen: which of
        # them is settled by replaying (_Hand._free_copies).
        self.ambiguous: dict[int, list[int]] = {}
        for place, card in self.cards.items():
            if card not in unseen and copies[card] > 1:
                self.ambiguous.setdefault(card, []).append(place)
        # Those of their places that may take another card (_Hand._free_copies).
        self.loose: dict[int, list[int]] = {}
        self.shown = {
            card: frozenset(c for time, void in voids.get(card, ()) if time >= start for c in void)
            for card in copies
        }
        self.stock_only = [place for place in self.free if held.get(self.cards[place], -1) < start]

    def fits(self, place: int, card: int) -> bool:
        """Whether ``card`` may take ``place``: its holder never showed it held none."""
        return card not in self.shown[self.cards[place]]

    def relabeling(self, draws: random.Random) -> dict[int, int] | None:
        """Greedy, in a random order: each free place takes one of the free places'
        cards that fits it; ``None`` if a place finds none. A card with copies the
        player has seen whose places may all take another card keeps one of them (the
        copy seen is in one of them, which the swaps could not tell)."""
        order = self.free[:]
        for card, places in self.loose.items():
            if len(places) == len(self.ambiguous[card]):
                kept = draws.choice(places)
                order.extend(place for place in places if place != kept)
            else:
                order.extend(places)
        draws.shuffle(order)
        left = [self.cards[place] for place in order]
        relabel: dict[int, int] = {}
        for place in order:
            options = [index for index, card in enumerate(left) if self.fits(place, card)]
            if not options:
                return None
            relabel[place] = left.pop(draws.choice(options))
        return relabel

    def stock_relabeling(self, draws: random.Random) -> dict[int, int]:
        cards = [self.cards[place] for place in self.stock_only]
        draws.shuffle(cards)
        return dict(zip(self.stock_only, cards, strict=True))


def _saw(seen: dict[int, int], rules: Any, inner: Any, player: int, time: int) -> None:
    """Note the cards ``player`` sees at ``inner``: its hand (unless the game hides it
    from the player yet: ``hand_hidden``, Spades' Blind Nil), a discard pile, a card
    turned up, and the cards of its view of the game's payload."""
    hidden = getattr(rules, "hand_hidden", None)
    if hidden is None or not hidden(inner, player):
        for card in inner.hands[player]:
            seen[card] = time
    for card in getattr(inner, "_discard", ()):
        seen[card] = time
    turned = getattr(inner, "turned_up", None)
    if turned is not None:
        seen[turned] = time
    payload_view = getattr(rules, "payload_view", None)  # (the trick engine's games)
    if payload_view is not None and getattr(inner, "payload", None) is not None:
        for card in _cards_in(payload_view(inner, player)):
            seen[card] = time


def _cards_in(value: Any) -> list[Card]:
    """The cards in a payload: a card, or cards inside tuples (named ones too), lists,
    sets and attrs classes, at any depth."""
    if isinstance(value, Card):
        return [value]
    if isinstance(value, (tuple, list, set, frozenset)):
        return [card for item in value for card in _cards_in(item)]
    if attrs.has(type(value)):
        return _cards_in(attrs.astuple(value, recurse=False))
    return []


def _void(rules: Any, inner: Any, seat: int, move: Any) -> frozenset[int]:
    """The cards ``seat`` shows it does not hold by making ``move`` at ``inner`` (the
    rules' own reading, :meth:`~cardrules.game.Game.absent_cards`)."""
    return frozenset(int(card) for card in rules.absent_cards(inner, move))
