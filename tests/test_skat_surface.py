"""Skat's surface: ``cardrules play skat`` through scripted input (a whole deal won in
the bidding, the skat taken, two cards laid aside, a Grand declared and played; a deal
defended; OpenSpiel's bidding; refusals explained), typed moves read back over many
random deals (every legal move's text, and Skat's own words), refusals in Skat's
words, the play screen of two worlds that differ only in the skat or the discards the
same for the seats that may not see them, and the rule-of-thumb player against random
play."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import cardrules as cr
from cardrules import cli
from cardrules.cards import format_cards
from cardrules.errors import MoveParseError
from cardrules.games.skat import (
    Declare,
    Hold,
    PlayHand,
    Skat,
    SkatBid,
    SkatDeal,
    SkatDiscard,
    TakeSkat,
)
from cardrules.games.skat.cli import SkatAdapter
from cardrules.games.skat.parsing import discard_choices
from cardrules.games.skat.rules import ORDERS
from swap_worlds import World, compare, play_world, swaps

ADAPTER = SkatAdapter()
ONE_DEAL = Skat(deals=1)


def run(argv: list[str], answer: Callable[[str], str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    code = cli.main(argv, stdout=out, stderr=err, input_fn=answer)
    return code, out.getvalue(), err.getvalue()


class Player:
    """The human at the terminal: answers each prompt from the ``script`` for its kind
    (the first word of the prompt) in turn, then as ``then`` says; keeps the prompts."""

    def __init__(self, script: dict[str, list[str]], then: dict[str, str]) -> None:
        self.script = {kind: iter(lines) for kind, lines in script.items()}
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        kind = prompt.split()[1] if prompt.startswith("Your ") else prompt.split()[0]
        answer = next(self.script.get(kind, iter(())), None)
        return answer if answer is not None else self.then.get(kind, "1")


def mover(state: Any) -> int:
    """The seat to move in ``state`` (a deal not over)."""
    seat = state.to_move
    assert isinstance(seat, int)
    return seat


def play_argv(seed: int, *options: str) -> list[str]:
    argv = ["play", "skat", "--seed", str(seed), "--bot-seed", "1", "--opponents", "heuristic"]
    for option in ("deals=1", *options):
        argv += ["-o", option]
    return argv


# -- the terminal ----------------------------------------------------------------------


def test_a_deal_won_in_the_bidding_played_at_the_terminal() -> None:
    seed = 14
    skat = ONE_DEAL.start(seed=seed).state.payload.skat
    player = Player(
        {
            "bid": ["19", "take", "hearts", "10h", "18"],
            "Take": ["grand", "take"],
            "Lay": ["discard 7h 8h", "nonsense"],
        },
        {"bid": "pass", "Hold": "pass", "Take": "take", "Lay": "1", "game": "grand"},
    )
    code, out, err = run(play_argv(seed), player)
    assert (code, err) == (0, "")
    assert out.startswith("Skat: you are seat 0, against seats 1 and 2; one deal, the highest")
    assert "Bidding: you bid to seat 1; no bid yet. Passed: seat 2." in out
    assert "Legal: pass, or bid 18 to 264: type the value (18, 20, 22, 23, 24, 27, ...)" in out
    assert "Not understood: '19' is not a value that may be bid: the values are 18, 20" in out
    assert "Not understood: 'take' is not a bid: bid a value (18 or above" in out
    assert "Not allowed: the game is declared once the bidding is won: now bid a value" in out
    assert "Not allowed: no card is played in the bidding: bid a value" in out
    assert "  You bid 18." in out and "Declarer: you at 18." in out
    assert "Not allowed: the game is declared next: first type take" in out
    taken = out.index("  You take the skat.")
    assert "skat: " not in out[:taken]  # (the skat's cards are shown once picked up)
    assert out.index(f"You picked up the skat: {format_cards(skat)}.") > taken
    assert out[taken:].startswith(f"  You take the skat.\n  You find {format_cards(skat)} in the")
    assert "Not understood: 'discard 7h 8h': discard one card at a time" in out
    assert "Not understood: 'nonsense' names no card: type a card to lay aside" in out
    assert out.count("  You discard ") == 2 and "You laid aside: " in out
    assert "  You declare Grand." in out
    assert "Declarer: you at 18, playing Grand: trumps the four jacks alone." in out
    assert "Card points taken: declarer (you) 0 in 0 tricks, defenders 0 in 0 tricks." in out
    assert "End of deal 1: you " in out and "  (You played Grand at 18: took " in out
    assert "laid aside count for you" in out and "The game is " in out
    assert out.count("Game over.") == 1 and "Game seed 14" in out


def test_a_defender_is_never_shown_the_skat_or_the_discards() -> None:
    player = Player({}, {"bid": "pass", "Hold": "pass"})
    code, out, err = run(play_argv(3), player)
    assert (code, err) == (0, "")
    assert "  You pass." in out and "  Seat 2 takes the skat." in out
    assert out.count("  Seat 2 discards a card.") == 2 and "Seat 2 discards a card" in out
    assert "You picked up" not in out and "laid aside" not in out
    assert "Declarer: seat 2 at 18, playing ♦: trumps J♣ J♠ J♥ J♦ then ♦ A 10 K Q 9 8 7." in out
    assert "the skat counts for the declarer" in out


def test_a_deal_everybody_passes_scores_nothing() -> None:
    code, out, err = run(play_argv(2), Player({}, {"bid": "pass"}))
    assert (code, err) == (0, "")
    assert "Bidding: you may open at 18 or more, or pass. Passed: seat 1, seat 2." in out
    assert "  (Everybody passed: the deal scores nothing.)" in out and "Declarer" not in out


def test_openspiel_bidding_names_a_game_by_word_or_number() -> None:
    player = Player({"game": ["hand", "18", "grand"]}, {"move": "1", "Lay": "1"})
    code, out, err = run(play_argv(2, "bidding=openspiel", "first_dealer_seat=2"), player)
    assert (code, err) == (0, "")
    assert "Bidding: each seat in turn names a game or passes." in out
    assert "Legal: [1] pass  [2] ♦  [3] ♥  [4] ♠  [5] ♣  [6] Grand  [7] Null" in out
    assert "Not understood: 'hand': name a game (clubs, spades, hearts" in out
    assert "Not understood: there is no move number 18; pick 1 to 7." in out
    assert "  You declare Grand." in out and out.count("  You discard ") == 2


def test_the_screens_hand_lists_trumps_first_and_discards_as_shown() -> None:
    game = ONE_DEAL
    state = game.new_game(seed=2, dealer=0)
    for move in (SkatBid(18), Hold(), cr.Pass(), cr.Pass(), TakeSkat()):
        state = game.apply(state, move)
    view = game.observe(state, 1)
    lines = ADAPTER.render_turn(game, view, 1)
    legal = ADAPTER.listed_moves(view.legal_moves)
    assert ADAPTER.listed_moves(legal) == legal and len(legal) == 12
    hand = "\n".join(lines[lines.index("Your hand:") + 1 : -1])
    shown = [ADAPTER.move_text(move) for move in legal]
    assert [text for text in hand.split() if text in shown] == shown
    assert f"You picked up the skat: {format_cards(view.payload.skat)}." in lines
    state = game.apply(game.apply(state, legal[0]), legal[1])
    state = game.apply(state, Declare("clubs"))
    view = game.observe(state, 1)
    lines = ADAPTER.render_turn(game, view, 1)
    trumps = [card for card in ORDERS["clubs"].trumps if card in view.hand]
    assert f"  Trumps  {format_cards(trumps) or '-'}" in lines
    assert not any(line.startswith("  ♣ ") for line in lines)  # (clubs are all trumps)
    aside = format_cards([legal[0].card, legal[1].card])
    assert any(line.startswith(f"You laid aside: {aside} (") for line in lines)


# -- typed moves -------------------------------------------------------------------------


def _ascii(card: cr.Card) -> str:
    return card.rank.label + card.suit.letter.lower()


def own_words(move: Any, view: Any) -> set[str]:
    """Ways a player types ``move`` in Skat's own words."""
    if isinstance(move, SkatBid):
        return {str(move.value), f"bid {move.value}", f" Bid  {move.value} "}
    if isinstance(move, Hold):
        return {"yes", "hold", "y", str(view.payload.bid)}
    if isinstance(move, cr.Pass):
        return {"pass", "p", "no"}
    if isinstance(move, TakeSkat):
        return {"take", "pick up", "Take Skat"}
    if isinstance(move, PlayHand):
        return {"hand", "play hand"}
    if isinstance(move, (SkatDiscard, cr.Play)):
        verb = "discard" if isinstance(move, SkatDiscard) else "play"
        return {_ascii(move.card), f"{verb} {_ascii(move.card)}", str(move.card)}
    assert isinstance(move, Declare)
    words: list[str] = [move.game, "hand"] if view.payload.hand else [move.game]
    if move.ouvert:
        words.append("ouvert")
    elif move.schwarz:
        words.append("schwarz")
    elif move.schneider:
        words.append("schneider")
    german = {"clubs": "kreuz", "spades": "pik", "hearts": "herz", "diamonds": "karo"}
    return {" ".join(words), " ".join([german.get(words[0], words[0]), *words[1:]])}


def random_views(game: Skat, seed: int) -> Iterator[Any]:
    """The view of the seat to move at every position of a random deal."""
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        view = game.observe(state, mover(state))
        yield view
        moves = game.legal_moves(state)
        # (a bidding of random values would end at once: pass or bid low half the time)
        if view.phase == "bid" and rng.random() < 0.5:
            move = moves[min(1, len(moves) - 1)] if rng.random() < 0.5 else moves[0]
        else:
            move = rng.choice(moves)
        state = game.apply(state, move)


@pytest.mark.parametrize("game", [ONE_DEAL, Skat.openspiel()], ids=["standard", "openspiel"])
def test_every_legal_move_reads_back_from_its_text_and_skats_words(game: Skat) -> None:
    phases: set[str | None] = set()
    read = 0
    for seed in range(14):
        for view in random_views(game, seed):
            phases.add(view.phase)
            for move in view.legal_moves:
                texts = {str(move), str(move).upper(), ADAPTER.move_text(move)}
                for text in texts | own_words(move, view):
                    assert game.parse_move(text, view) == move, (text, move, view.phase)
                    read += 1
    assert read > 2000
    expected = {"bid", "discard", None} | (
        {"pickup", "declare"} if game.bidding != "openspiel" else set()
    )
    assert expected <= phases


def bidding_view(*moves: Any, seat: int | None = None) -> Any:
    state = ONE_DEAL.new_game(seed=2, dealer=0)  # (middlehand 2 bids to forehand 1)
    for move in moves:
        state = ONE_DEAL.apply(state, move)
    return ONE_DEAL.observe(state, mover(state) if seat is None else seat)


def refused(text: str, view: Any, game: Skat = ONE_DEAL) -> cr.IllegalMoveError:
    with pytest.raises(cr.IllegalMoveError) as caught:
        game.parse_move(text, view)
    return caught.value


def test_bids_and_answers_are_read_and_refused_in_skats_words() -> None:
    view = bidding_view()
    assert ONE_DEAL.parse_move("bid 20", view) == SkatBid(20)
    assert ONE_DEAL.parse_move("weg", view) == cr.Pass()
    with pytest.raises(MoveParseError, match="'19' is not a value that may be bid"):
        ONE_DEAL.parse_move("19", view)
    with pytest.raises(MoveParseError, match=r"\(150 digits\)'? is not a value that may be bid"):
        ONE_DEAL.parse_move("9" * 150, view)
    with pytest.raises(MoveParseError, match=r"'maybe' is not a bid: bid a value \(18 or above"):
        ONE_DEAL.parse_move("maybe", view)
    assert refused("grand", view).reason == "declare_after_bidding"
    assert str(refused("hold", view)) == (
        "no bid was made to you to hold: bid a value (18 or above, e.g. 18 or bid 18) or pass"
    )
    assert refused("10h", view).reason == "no_play_now"
    asked = bidding_view(SkatBid(20))
    for text in ("20", "ja", "yes 20", "hold 20"):
        assert ONE_DEAL.parse_move(text, asked) == Hold(), text
    error = refused("22", asked)
    assert error.reason == "answer_the_bid"
    assert str(error) == (
        "seat 2 bid 20 to you: answer hold (yes) or pass; you bid only once they pass"
    )
    held = bidding_view(SkatBid(20), Hold())
    assert refused("20", held).reason == "bid_too_low"
    assert "the bid is 20: bid more (22 or above) or pass" in str(refused("18", held))
    waiting = bidding_view(SkatBid(20), seat=2)  # (not its turn: the rules say so)
    assert refused("22", waiting).reason == "not_your_turn"


def test_the_skat_the_discards_and_the_declaration_in_skats_words() -> None:
    game = ONE_DEAL
    state = game.new_game(seed=2, dealer=0)
    for move in (SkatBid(18), Hold(), cr.Pass(), cr.Pass()):
        state = game.apply(state, move)
    pickup = game.observe(state, 1)
    assert game.parse_move("pick up", pickup) == TakeSkat()
    assert game.parse_move("hand", pickup) == PlayHand()
    assert refused("grand", pickup).reason == "pickup_first"
    with pytest.raises(MoveParseError, match="type take"):
        game.parse_move("later", pickup)

    hand_game = game.observe(game.apply(state, PlayHand()), 1)
    for text, declared in (
        ("hearts hand schneider", Declare("hearts", schneider=True)),
        ("declare ♠, schwarz announced", Declare("spades", schneider=True, schwarz=True)),
        ("grand ouvert", Declare("grand", schneider=True, schwarz=True, ouvert=True)),
        ("Kreuz", Declare("clubs")),
        ("null hand", Declare("null")),
    ):
        assert game.parse_move(text, hand_game) == declared, text
    assert refused("null schneider", hand_game).reason == "null_announces_ouvert_only"
    with pytest.raises(MoveParseError, match="names no game: declare a game"):
        game.parse_move("hearts grand", hand_game)

    state = game.apply(state, TakeSkat())
    view = game.observe(state, 1)
    choices = discard_choices(view)
    assert len(choices) == 12 and set(view.payload.skat) <= set(choices)
    with pytest.raises(MoveParseError, match="discard one card at a time"):
        game.parse_move(f"discard {choices[0]} {choices[1]}", view)
    missing = next(card for card in cr.STANDARD_DECK.cards() if card not in choices)
    assert refused(f"discard {missing}", view).reason == "not_in_hand"
    assert refused("clubs", view).reason == "discard_first"
    first = view.payload.skat[0]
    assert game.parse_move(f"lay {_ascii(first)} aside", view) == SkatDiscard(first)
    state = game.apply(state, game.parse_move(_ascii(first), view))
    again = game.observe(state, 1)
    assert refused(str(view.payload.skat[0]), again).reason == "already_laid_aside"
    state = game.apply(state, SkatDiscard(choices[0]))
    took = game.observe(state, 1)
    assert refused("hearts schneider", took).reason == "announced_in_hand_games_only"
    assert refused("hearts hand", took).reason == "not_a_hand_game"
    assert game.parse_move("null ouvert", took) == Declare("null", ouvert=True)
    playing = game.observe(game.apply(state, Declare("hearts")), 1)
    for text in ("pass", "hand", "discard 7h", "bid 18", "grand"):
        assert refused(text, playing).reason == "play_a_card", text


def test_openspiel_bidding_reads_games_only() -> None:
    game = Skat.openspiel()
    view = game.observe(game.new_game(seed=1), 0)
    assert game.parse_move("null", view) == Declare("null")
    assert refused("grand hand", view, game).reason == "no_announcements"
    with pytest.raises(MoveParseError, match="name a game"):
        game.parse_move("18", view)


# -- secrets ---------------------------------------------------------------------------


def worlds_with_discards(count: int) -> list[World]:
    """Random deals (under explicit chance, to the last trick) in which a declarer
    took the skat, laid two cards aside and declared a game not played open."""
    found = []
    for seed in range(20):
        world = play_world(ONE_DEAL, seed, moves=200)
        deal: SkatDeal = world.transitions[-1].state.inner.payload
        if deal.hand is False and deal.game is not None and not deal.game.ouvert:
            found.append(world)
        if len(found) == count:
            return found
    raise AssertionError("no deal with discards found")


def test_the_screens_are_the_same_in_worlds_that_differ_in_the_skat_or_discards() -> None:
    """For each defender, swaps of cards it never sees (the discards first) change
    nothing on its play screen; the declarer, who saw its discards, is shown them."""
    checked = discards = 0
    for number, world in enumerate(worlds_with_discards(2)):
        deal: SkatDeal = world.transitions[-1].state.inner.payload
        declarer = deal.declarer
        assert declarer is not None
        for seat in range(3):
            if seat == declarer:
                continue
            for x, y, other in swaps(world, seat, number, 2):
                assert compare(world, other, seat, hosts=["cli"]) == [], (x, y, seat)
                checked += 1
                if {x, y} & set(deal.discards):
                    discards += 1
                    assert compare(world, other, declarer, hosts=["cli"]) != []
    assert checked >= 4 and discards >= 2


# -- the rule-of-thumb player ----------------------------------------------------------


def declarer_wins(plays_well: Callable[[SkatDeal], set[int]], deals: int = 60) -> int:
    """How many of ``deals`` seeded deals the declarer wins when every seat bids, takes
    the skat, discards and declares by the habits, and the seats ``plays_well(deal)``
    says play the cards by them too (the others at random)."""
    game, won = ONE_DEAL, 0
    for seed in range(deals):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            view = game.observe(state, mover(state))
            moves = game.legal_moves(state)
            if view.phase is None and state.to_move not in plays_well(state.payload):
                move = rng.choice(moves)
            else:
                move = game.heuristic(view, moves)
            state = game.apply(state, move)
        declarer = state.payload.declarer
        won += declarer is not None and state.scores[declarer] > 0
    return won


def test_the_habits_play_the_cards_better_than_random_play() -> None:
    randomly = declarer_wins(lambda deal: set())
    as_declarer = declarer_wins(lambda deal: {deal.declarer or 0})
    as_defenders = declarer_wins(lambda deal: {0, 1, 2} - {deal.declarer or 0})
    assert as_declarer > randomly
    assert as_defenders <= randomly - 5


def test_the_habits_beat_random_players_over_whole_games() -> None:
    game = Skat(deals=3)
    totals = [0, 0, 0]
    for seed in range(12):
        bot_seat = seed % 3
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            moves = game.legal_moves(state)
            if state.to_move == bot_seat:
                move = game.heuristic(game.observe(state, bot_seat), moves)
            else:
                move = rng.choice(moves)
            state = game.apply(state, move)
        totals[0] += state.scores[bot_seat]
        totals[1] += state.scores[(bot_seat + 1) % 3]
        totals[2] += state.scores[(bot_seat + 2) % 3]
    assert totals[0] > max(totals[1:]), totals
