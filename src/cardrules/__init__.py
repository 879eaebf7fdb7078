"""cardrules: card-game rules as immutable states and pure transitions.

>>> import cardrules as cr
>>> game = cr.Cramps()
>>> state = game.new_game(seed=7)
>>> while not state.is_over:
...     state = game.apply(state, game.legal_moves(state)[0])
>>> state.winners
(2,)
"""

from cardrules.cards import Card, Rank, Suit, format_cards, parse_cards
from cardrules.deck import STANDARD_DECK, DeckSpec
from cardrules.decks import CardKind, Deck, DeckSuit
from cardrules.errors import (
    ArenaError,
    BotError,
    CardParseError,
    CardrulesError,
    DataError,
    EventError,
    IllegalMoveError,
    MoveParseError,
    MoveTypeError,
    RecordError,
    RulesError,
    SeatError,
    SetupError,
    SnapshotError,
    StateError,
    TableError,
)
from cardrules.events import (
    CardPlayed,
    CardsPassed,
    CardTurnedUp,
    Event,
    GameOver,
    HandDealt,
    HandScored,
    HiddenMove,
    MovePlayed,
    TrickWon,
    describe,
    events_for,
    narrate,
)
from cardrules.game import (
    DEFAULT_MOVE_CAP,
    Game,
    GameState,
    Step,
    game_class,
    registered_games,
)
from cardrules.games.craits import CallIdiot, Craits, CraitsState, CraitsView, IdiotCalled, Phase
from cardrules.games.cramps.rules import Cramps, CrampsState, CrampsView
from cardrules.games.crazy_eights import CrazyEights
from cardrules.games.euchre import Euchre
from cardrules.games.hearts import Hearts
from cardrules.games.oh_hell import OhHell
from cardrules.games.president import President
from cardrules.games.skat import Skat
from cardrules.games.spades import Spades
from cardrules.games.uno import Uno
from cardrules.moves import Move, NameSuit, Pass, Play
from cardrules.record import GameRecord
from cardrules.rng import new_seed
from cardrules.shedding.core import Action, CardRule, CardTable, ShedTable
from cardrules.shedding.events import (
    CalledOut,
    CardsDrawn,
    CountEnded,
    CountRaised,
    CountStarted,
    DirectionChanged,
    HandBlocked,
    HandsPassed,
    HandsSwapped,
    OneCardAnnounced,
    PileReshuffled,
    PlayAgain,
    Reshuffled,
    ReturnedToStock,
    SuitChosen,
    SuitNamed,
    TurnForfeited,
    TurnSkipped,
)
from cardrules.shedding.moves import Announce, CallOut, Draw, JumpIn
from cardrules.snapshot import read_snapshot, state_from_json, state_to_json
from cardrules.table import Table
from cardrules.tricks.core import Trick, TrickRound

__version__ = "0.1.0"

__all__ = [
    "DEFAULT_MOVE_CAP",
    "STANDARD_DECK",
    "Action",
    "Announce",
    "ArenaError",
    "BotError",
    "CallIdiot",
    "CallOut",
    "CalledOut",
    "Card",
    "CardKind",
    "CardParseError",
    "CardPlayed",
    "CardRule",
    "CardTable",
    "CardTurnedUp",
    "CardrulesError",
    "CardsDrawn",
    "CardsPassed",
    "CountEnded",
    "CountRaised",
    "CountStarted",
    "Craits",
    "CraitsState",
    "CraitsView",
    "Cramps",
    "CrampsState",
    "CrampsView",
    "CrazyEights",
    "DataError",
    "Deck",
    "DeckSpec",
    "DeckSuit",
    "DirectionChanged",
    "Draw",
    "Euchre",
    "Event",
    "EventError",
    "Game",
    "GameOver",
    "GameRecord",
    "GameState",
    "HandBlocked",
    "HandDealt",
    "HandScored",
    "HandsPassed",
    "HandsSwapped",
    "Hearts",
    "HiddenMove",
    "IdiotCalled",
    "IllegalMoveError",
    "JumpIn",
    "Move",
    "MoveParseError",
    "MovePlayed",
    "MoveTypeError",
    "NameSuit",
    "OhHell",
    "OneCardAnnounced",
    "Pass",
    "Phase",
    "PileReshuffled",
    "Play",
    "PlayAgain",
    "President",
    "Rank",
    "RecordError",
    "Reshuffled",
    "ReturnedToStock",
    "RulesError",
    "SeatError",
    "SetupError",
    "ShedTable",
    "Skat",
    "SnapshotError",
    "Spades",
    "StateError",
    "Step",
    "Suit",
    "SuitChosen",
    "SuitNamed",
    "Table",
    "TableError",
    "Trick",
    "TrickRound",
    "TrickWon",
    "TurnForfeited",
    "TurnSkipped",
    "Uno",
    "describe",
    "events_for",
    "format_cards",
    "game_class",
    "narrate",
    "new_seed",
    "parse_cards",
    "read_snapshot",
    "registered_games",
    "state_from_json",
    "state_to_json",
]
