"""Moves: the decisions players make, and the registry of move types.

Moves are small frozen values; two moves are equal when they say the same thing, so a
move built by hand equals the one in :meth:`Game.legal_moves <cardrules.game.Game.legal_moves>`.
The moves the games cardrules ships share are here (a card played, a suit named, a
pass); the shedding family's own (draw, a call on a missed "one card", "one card" said) are in
:mod:`cardrules.shedding.moves`, and each shipped game's others in its package. A game
of your own defines its own move classes (a bid, cards passed, a trump named) and
registers each with
:func:`register_move`, so that records, move ids, explicit chance, the command line and
the learning hosts take them like the shipped ones.

>>> from cardrules import Card, Suit
>>> Play(Card.parse("8C"), suit=Suit.HEARTS)
Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
>>> Play("QS") == Play(Card.parse("Q♠"))
True
>>> move_from_data(move_to_data(Play("8C", suit="H")))
Play(card=Card.parse('8♣'), suit=<Suit.HEARTS: 2>, announce=False)
"""

from __future__ import annotations

import functools
import sys
import types
import typing
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeAlias

import attrs
from typing_extensions import TypeVar

from cardrules._text import shown
from cardrules.cards import Card, Rank, Suit
from cardrules.decks import Deck, DeckCard, DeckSuit
from cardrules.errors import CardParseError, MoveTypeError, RecordError, RulesError
from cardrules.values import Immutable

if TYPE_CHECKING:  # (the shedding family's moves, named in the type Move)
    from cardrules.shedding.moves import Announce, CallOut, Draw

__all__ = [
    "CardT",
    "Move",
    "NameSuit",
    "Pass",
    "Play",
    "as_card",
    "as_seat",
    "as_suit",
    "expected_forms",
    "is_move",
    "move_from_data",
    "move_to_data",
    "register_move",
    "registered_moves",
]


def as_card(value: Card | str) -> Card:
    """A card from a :class:`~cardrules.Card` or card text (``'QS'``): the converter of
    a move field that holds a card, which also reads it back from a record.

    >>> as_card("qs")
    Card.parse('Q♠')
    """
    return _card(value, "a card")


def _card(value: Card | str, what: str) -> Card:
    if isinstance(value, Card):
        return value
    if isinstance(value, str):
        return Card.parse(value)
    if isinstance(value, DeckCard):  # a card of another declared deck (cardrules.decks)
        return value
    raise MoveTypeError(
        f"{what} needs a Card or card text like 'QS', not {type(value).__name__} {shown(value)}"
    )


CardT = TypeVar("CardT", bound="Card | DeckCard", default=Card)
"""The class of the card a :class:`Play` plays: :class:`~cardrules.Card` unless said
(``Play`` is ``Play[Card]``), or a declared deck's card class
(:class:`~cardrules.decks.DeckCard`: ``Play[DeckCard]``, UNO's and Tarot's cards)."""


def _play_card(value: CardT | str) -> CardT:
    card: Any = _card(value, "Play")  # type: ignore[arg-type]  # (a DeckCard passes too)
    return card  # type: ignore[no-any-return]


def as_suit(value: Suit | DeckSuit | str) -> Suit | DeckSuit:
    """A suit from a :class:`~cardrules.Suit` or its text (``'H'``, ``'hearts'``), or a
    suit of a declared deck (:meth:`Deck.suit <cardrules.decks.Deck.suit>`): the
    converter of a move field that holds a suit."""
    if isinstance(value, (Suit, DeckSuit)):
        return value
    if isinstance(value, str):
        return Suit.parse(value)
    raise MoveTypeError(
        f"a named suit must be a Suit or text like 'H' or 'hearts' (or a suit of a declared "
        f"deck), not {shown(value)}"
    )


def _as_optional_suit(value: Suit | DeckSuit | str | None) -> Suit | DeckSuit | str | None:
    # Text is read once the card is known (Play.__attrs_post_init__): a card of a declared
    # deck names one of its deck's suits ("red"), a French card a French suit.
    if value is None or isinstance(value, str):
        return value
    return as_suit(value)


def _as_bool(value: bool) -> bool:
    if not isinstance(value, bool):
        raise MoveTypeError(f"announce must be True or False, not {shown(value)}")
    return value


@attrs.frozen(cache_hash=True)
class Play(Immutable, Generic[CardT]):
    """Play ``card``. ``suit`` names the suit to follow after a wild card (an 8 in
    Craits); ``announce=True`` says "one card" with a play that leaves one card.

    ``card`` is a :class:`~cardrules.Card` or a card of a declared deck: ``Play`` is
    generic in the card's class (:data:`CardT`), ``Play[Card]`` unless said, so a type
    checker reads ``move.card.suit`` of a ``Play`` as a :class:`~cardrules.Suit`, and of
    a ``Play[DeckCard]`` as a declared deck's suit number. A card of a declared deck
    names a suit of its deck, given as the deck's suit object or its text:

    >>> from cardrules.decks import UNO_108
    >>> move = Play(UNO_108.parse("W"), suit="red")
    >>> move.suit is UNO_108.suit(0), str(move), move.to_data()
    (True, 'W naming red', {'play': 'W', 'deck': 'Uno', 'suit': 'R'})
    """

    card: CardT = attrs.field(converter=_play_card)
    suit: Suit | DeckSuit | None = attrs.field(default=None, converter=_as_optional_suit)
    announce: bool = attrs.field(default=False, converter=_as_bool)

    def __attrs_post_init__(self) -> None:
        suit: object = self.suit
        if suit is None:
            return
        card: object = self.card
        if isinstance(card, DeckCard):
            try:
                named = card.deck.parse_suit(suit)  # type: ignore[arg-type]
            except CardParseError as error:
                raise MoveTypeError(f"{card} names a suit of its deck: {error}") from None
        elif isinstance(suit, DeckSuit):
            raise MoveTypeError(
                f"{card} is a French card: it names a French suit (C, D, H, S), not {suit}"
            )
        else:
            named = as_suit(suit)  # type: ignore[arg-type]
        if named is not suit:
            object.__setattr__(self, "suit", named)

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`move_to_data`).

        >>> Play("QS").to_data()
        {'play': 'Q♠'}
        """
        card: Any = self.card
        data: dict[str, Any] = {"play": str(card)}
        if card.__class__ is not Card:  # another deck's card: its deck named
            data["deck"] = card.deck.name
        if self.suit is not None:
            data["suit"] = self.suit.letter
        if self.announce:
            data["announce"] = True
        return data

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Play[Any] | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        if set(data) <= {"play", "suit", "announce", "deck"}:
            card = data["play"]
            if "deck" in data:  # a card of another declared deck (cardrules.decks)
                deck = Deck.named(data["deck"])
                card = deck.parse(card)
                if data.get("suit") is not None:
                    suit = deck.parse_suit(data["suit"])
                    return cls(card, suit=suit, announce=data.get("announce", False))
            return cls(card, suit=data.get("suit"), announce=data.get("announce", False))
        return None

    def __str__(self) -> str:
        text = str(self.card)
        if self.suit is not None:
            text += f" naming {self.suit.symbol}"
        if self.announce:
            text += ' saying "one card"'
        return text


def as_seat(value: int) -> int:
    """A seat number (an int from 0 up, not a bool): the converter of a move field that
    holds a seat (which seats are at the table, the rules check)."""
    if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
        return value
    raise MoveTypeError(f"a seat must be an int from 0 up, not {shown(value)}")


@attrs.frozen(cache_hash=True)
class NameSuit(Immutable):
    """Name the suit to follow without playing a card: the dealer's decision after
    turning up a wild card (Craits K6)."""

    suit: Suit | DeckSuit = attrs.field(converter=as_suit)

    told_by_events: ClassVar[bool] = True
    """The events that follow it tell what it did (:func:`~cardrules.events.narrate`
    leaves out its :class:`~cardrules.events.MovePlayed`), unless its game words it."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`move_to_data`).

        >>> NameSuit("H").to_data()
        {'name_suit': 'H'}
        """
        if isinstance(self.suit, DeckSuit):  # a suit of a declared deck: its deck named
            return {"name_suit": self.suit.letter, "deck": self.suit.deck.name}
        return {"name_suit": self.suit.letter}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> NameSuit | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        if set(data) == {"name_suit", "deck"}:
            return cls(Deck.named(data["deck"]).parse_suit(data["name_suit"]))
        return cls(data["name_suit"]) if set(data) == {"name_suit"} else None

    def __str__(self) -> str:
        return f"name {self.suit.symbol}"


@attrs.frozen(cache_hash=True)
class Pass(Immutable):
    """Decline to act where the rules offer a choice of acting or not (e.g. stay silent
    on receiving the one card of the one-card hand, Craits V4)."""

    def to_data(self) -> dict[str, Any]:
        """This move as data, as records write it (:func:`move_to_data`).

        >>> Pass().to_data()
        {'pass': True}
        """
        return {"pass": True}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Pass | None:
        """The move :meth:`to_data` wrote as ``data``, or ``None``: not this form."""
        return cls() if set(data) == {"pass"} and data["pass"] is True else None

    def __str__(self) -> str:
        return "pass"

    def __reduce__(self) -> tuple[type[Pass], tuple[()]]:
        # Made again by calling the class: with no fields, pickle's protocols 0 and 1
        # would leave the cached hash unset.
        return (Pass, ())


# -- the registry of move types ---------------------------------------------------------

_KINDS: dict[str, type] = {}
_KIND_OF: dict[type, str] = {}
_SHORT_FORMS: dict[str, str] = {}
"""The kinds the library's moves are written under in short forms of their own
(``{'play': 'QS'}``, ``{'draw': true}``, ...), each with its form in words, in the
order they were registered."""
_SHORT_CLASSES: tuple[Any, ...] = ()
M = TypeVar("M", bound=type)


def register_move(kind: str, *, short_form: str | None = None) -> Callable[[M], M]:
    """Register a move class of your own game under ``kind``, a short name for records
    (a class decorator). The class should be a frozen attrs class whose fields hold
    JSON-friendly values (ints, bools, text, cards, suits, tuples of them) with
    converters that read their own JSON form back (:func:`as_card`, :func:`as_suit`,
    :func:`as_seat`), and a ``__str__`` that says the move to a player: records write
    ``{"move": kind, field: value, ...}`` and read it back by calling the class with the
    fields (a class without a ``to_data`` method is given one that returns that form),
    and the command line takes the text of a legal move as typed.

    >>> import attrs
    >>> @register_move("doctest_bid")
    ... @attrs.frozen
    ... class Bid:
    ...     tricks: int
    ...     def __str__(self) -> str:
    ...         return f"bid {self.tricks}"
    >>> move_to_data(Bid(3)), Bid(3).to_data()
    ({'move': 'doctest_bid', 'tricks': 3}, {'move': 'doctest_bid', 'tricks': 3})
    >>> move_from_data({"move": "doctest_bid", "tricks": 3})
    Bid(tricks=3)

    A field without a converter is checked against its declared type whenever the
    class is called (so also by :func:`attrs.evolve` and when a record is read), since
    a value of another type may compare equal to a legal move (``Bid(2.0) == Bid(2)``)
    and then break the game that takes it. An ``int`` field takes an ``int`` only (not
    a bool, a float, an enum or a NumPy integer: a record would not read those back the
    same), a ``bool`` field ``True`` or ``False``, a ``float`` field an int or a float
    (not a bool), a ``str`` field text; a field of a class (:class:`~cardrules.Card`,
    :class:`~cardrules.Suit`, ...) an instance of it; ``X | None`` either; a
    ``tuple[X, ...]`` field a tuple of such items (a ``tuple[X, Y]`` one of that
    length), a ``Literal[...]`` field one of its values. ``Any``, ``object`` and types
    that cannot be resolved are not checked. A field with a converter is left to its
    converter (which should refuse what it cannot convert, as :func:`as_card` does).
    Other values raise :class:`~cardrules.MoveTypeError`:

    >>> Bid(2.0)
    Traceback (most recent call last):
        ...
    cardrules.errors.MoveTypeError: Bid.tricks must be an int (not a bool or a float), not float 2.0

    Raises :class:`~cardrules.RulesError` for a kind already taken by another class, for
    a class that is not an attrs class, and for fields a record could not write and
    read back: one named ``move`` (the record's key for the kind), one made with
    ``init=False``, one whose name is not its keyword in ``__init__`` (a private
    ``_name``).

    ``short_form`` is for the library's own moves, whose records keep the short forms
    they were first written in (``{'play': 'QS'}``, ``{'draw': true}``): the form in
    words, for messages. Such a class writes its form itself (``to_data()``, the kind
    its first key) and reads it with a class method ``from_data(data)``, which returns
    ``None`` for data that is not its form; ``{"move": kind}`` is refused for it.
    """
    if not isinstance(kind, str) or not kind.isidentifier():
        raise RulesError(f"a move kind must be a name like 'bid', not {shown(kind)}")
    if short_form is not None and not isinstance(short_form, str):
        raise RulesError(f"short_form must be text, not {shown(short_form)}")

    def register(cls: M) -> M:
        kind_class: Any = cls  # attrs.has narrows the type, which the return must keep
        if not isinstance(kind_class, type) or not attrs.has(kind_class):
            raise RulesError(f"register_move needs an attrs class, not {shown(cls)}")
        _check_field_names(kind_class)
        known = _KINDS.get(kind)
        if known is not None and (known.__module__, known.__qualname__) != (
            cls.__module__,
            cls.__qualname__,
        ):
            raise RulesError(
                f"the move kind {kind!r} is taken by {known.__module__}.{known.__qualname__}"
            )
        if kind_class not in _KIND_OF:  # (registered twice: its __init__ checks already)
            _check_fields_when_made(kind_class)
        if not hasattr(kind_class, "to_data"):
            setattr(kind_class, "to_data", _to_data)  # noqa: B010 (not declared by the class)
        _KINDS[kind] = cls
        _KIND_OF[cls] = kind
        if short_form is not None:
            global _SHORT_CLASSES
            _SHORT_FORMS[kind] = short_form
            _SHORT_CLASSES = (*(c for c in _SHORT_CLASSES if c is not cls), cls)
        return cls

    return register


def _to_data(self: Any) -> dict[str, Any]:
    """This move as data, as records write it (:func:`move_to_data`)."""
    return move_to_data(self)


def _check_field_names(cls: type) -> None:
    """Refuse fields that a record cannot write as ``{"move": kind, name: value}`` and
    read back as ``cls(name=value)``."""
    for field in attrs.fields(cls):
        where = f"{cls.__name__}.{field.name}"
        if field.name == "move":
            raise RulesError(
                f"{where}: a registered move may not have a field named 'move' (records "
                "write the move's kind under that key); rename the field"
            )
        if not field.init:
            raise RulesError(
                f"{where} is made with init=False, so a record could not read it back: "
                "every field of a registered move must be an argument of the class"
            )
        if field.alias is not None and field.alias != field.name:
            raise RulesError(
                f"{where} is taken as {field.alias!r} by __init__, so a record could not "
                "read it back by its name: give the field a name without a leading _"
            )


_Check = Callable[[Any], bool]


def _check_fields_when_made(cls: type) -> None:
    """Make ``cls`` check, after its own ``__init__``, the fields without a converter
    against their declared types (see :func:`register_move`); a class with none to
    check is left as it is (the shipped moves: every field has a converter)."""
    hints = _declared_types(cls)
    checks: list[tuple[str, _Check, str]] = []
    for field in attrs.fields(cls):
        if field.converter is None and field.name in hints:
            found = _type_check(hints[field.name])
            if found is not None:
                checks.append((field.name, *found))
    if not checks:
        return
    made = typing.cast(Any, cls).__init__
    title = cls.__name__

    def __init__(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        for name, check, wanted in checks:
            value = getattr(self, name)
            if not check(value):
                raise MoveTypeError(
                    f"{title}.{name} must be {wanted}, not {type(value).__name__} {shown(value)}"
                )

    functools.update_wrapper(__init__, made)
    typing.cast(Any, cls).__init__ = __init__


def _declared_types(cls: type) -> dict[str, Any]:
    """The declared types of ``cls``'s fields, resolved (annotations may be text); a
    field whose type cannot be resolved is left out."""
    try:
        return typing.get_type_hints(cls, include_extras=False)
    except (NameError, TypeError, SyntaxError, AttributeError):
        pass  # some annotation names what the module cannot see: resolve them one by one
    module = sys.modules.get(cls.__module__)
    space = dict(vars(module)) if module is not None else {}
    hints = {}
    for field in attrs.fields(cls):

        def probe() -> None:
            """Holds one annotation for get_type_hints."""

        probe.__annotations__ = {"value": field.type}
        try:
            hints[field.name] = typing.get_type_hints(probe, globalns=space)["value"]
        except (NameError, TypeError, SyntaxError, AttributeError):
            continue
    return hints


def _exact(kind: type) -> _Check:
    return lambda value: value.__class__ is kind


def _type_check(hint: Any) -> tuple[_Check, str] | None:
    """How a field declared ``hint`` checks its value and what it takes, in words
    (``None``: not checked)."""
    if hint is Any or hint is object:
        return None
    if hint is bool:
        return _exact(bool), "True or False"
    if hint is int:
        return _exact(int), "an int (not a bool or a float)"
    if hint is float:
        return (lambda value: value.__class__ in (int, float)), "a number (not a bool)"
    if hint is type(None):
        return (lambda value: value is None), "None"
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin is typing.Union or origin is types.UnionType:
        parts = [_type_check(arg) for arg in args]
        if any(part is None for part in parts):
            return None
        either = [part for part in parts if part is not None]
        return (
            lambda value: any(check(value) for check, _ in either),
            " or ".join(words for _, words in either),
        )
    if origin is typing.Literal:
        allowed = [(arg, type(arg)) for arg in args]
        return (
            lambda value: any(value == arg and type(value) is kind for arg, kind in allowed),
            "one of " + ", ".join(map(repr, args)),
        )
    if origin is tuple:
        return _tuple_check(args)
    if origin is not None:
        return (lambda value: isinstance(value, origin)), f"a {origin.__name__}"
    if isinstance(hint, type):
        hint_words = _READ_BACK.get(hint, "")
        return (lambda value: isinstance(value, hint)), f"a {hint.__name__}{hint_words}"
    return None


_READ_BACK = {
    Card: " (a field with converter=as_card takes card text too, as records write it)",
    Suit: " (a field with converter=as_suit takes a suit's letter too, as records write it)",
}


def _tuple_check(args: tuple[Any, ...]) -> tuple[_Check, str] | None:
    """The check of a ``tuple[...]`` field: of any length (``tuple[X, ...]``) or of
    as many items as ``args``."""
    if len(args) == 2 and args[1] is Ellipsis:
        item = _type_check(args[0])
        if item is None:
            return (lambda value: value.__class__ is tuple), "a tuple"
        check, words = item
        return (
            lambda value: value.__class__ is tuple and all(map(check, value)),
            f"a tuple of items each {words}",
        )
    items = [_type_check(arg) or ((lambda value: True), "anything") for arg in args]
    return (
        lambda value: (
            value.__class__ is tuple
            and len(value) == len(items)
            and all(check(part) for (check, _), part in zip(items, value, strict=True))
        ),
        f"a tuple of {len(items)} items: " + ", ".join(words for _, words in items),
    )


def registered_moves() -> dict[str, type]:
    """Every registered move class by its kind, the shipped ones included.

    >>> registered_moves()["play"], registered_moves()["pass"]
    (<class 'cardrules.moves.Play'>, <class 'cardrules.moves.Pass'>)
    """
    return dict(_KINDS)


def is_move(value: object) -> bool:
    """Whether ``value`` is a move of a registered type (any game's).

    >>> is_move(Play("QS")), is_move("QS")
    (True, False)
    """
    return type(value) in _KIND_OF


for _kind, _cls, _form in (
    ("play", Play, "{'play': card, 'suit'?: letter, 'announce'?: true}"),
    ("name_suit", NameSuit, "{'name_suit': letter}"),
    ("pass", Pass, "{'pass': true}"),
):
    register_move(_kind, short_form=_form)(_cls)


def _field_data(value: Any) -> Any:
    """A move field's JSON form: cards and suits as text, other enums by value,
    sequences as lists."""
    if isinstance(value, (Card, DeckCard)):  # (a card of any declared deck: its text)
        return str(value)
    if isinstance(value, Suit):
        return value.letter
    if isinstance(value, Rank):
        return int(value)
    if isinstance(value, (tuple, list)):
        return [_field_data(item) for item in value]
    return value


Move: TypeAlias = "Play | Draw | CallOut | NameSuit | Announce | Pass"
"""A move of the shipped games' shared kinds and of the shedding family's
(:mod:`cardrules.shedding.moves`: ``Draw``, ``CallOut``, ``Announce``); the games'
own moves (a bid, cards passed) are their own classes."""


def move_to_data(move: Any) -> dict[str, Any]:
    """A JSON-friendly dict for ``move`` (used by game records): the library's moves in
    their own short forms, a registered move of your own as ``{"move": kind, ...}``."""
    for cls in _SHORT_CLASSES:
        if isinstance(move, cls):
            data: dict[str, Any] = cls.to_data(move)
            return data
    kind = _KIND_OF.get(type(move))
    if kind is None:
        raise MoveTypeError(
            f"not a move: {shown(move)} (a move of your own game needs register_move)"
        )
    data = {"move": kind}
    for field in attrs.fields(type(move)):
        data[field.name] = _field_data(getattr(move, field.name))
    return data


def move_from_data(data: Mapping[str, Any]) -> Any:
    """Read a move from :func:`move_to_data`'s form; raises :class:`~cardrules.RecordError`."""
    if not isinstance(data, Mapping):
        raise RecordError(f"a move must be a JSON object like {{'play': 'QS'}}, not {shown(data)}")
    if "move" in data:
        return _registered_from_data(data)
    try:
        for kind in _SHORT_FORMS:
            if kind in data:
                reader: Any = _KINDS[kind]  # (a short form's class reads it: from_data)
                move = reader.from_data(data)
                if move is not None:
                    return move
    except (CardParseError, MoveTypeError) as exc:
        raise RecordError(f"bad move {shown(dict(data))}: {exc}") from None
    raise RecordError(f"bad move {shown(dict(data))}: {expected_forms()}")


def expected_forms() -> str:
    """The data forms of moves, in words, for error messages: the library's short forms
    (the shedding family's too, once it is imported) and the form of a registered move.

    >>> expected_forms().startswith("expected {'play': card")
    True
    """
    return f"expected {', '.join(_SHORT_FORMS.values())} or a registered move {{'move': kind, ...}}"


def _registered_from_data(data: Mapping[str, Any]) -> Any:
    kind = data["move"]
    cls = _KINDS.get(kind) if isinstance(kind, str) else None
    if cls is None or kind in _SHORT_FORMS:
        known = ", ".join(sorted(set(_KINDS) - set(_SHORT_FORMS))) or "none"
        raise RecordError(
            f"bad move {shown(dict(data))}: no move kind {shown(kind)} is registered "
            f"(games' own kinds registered: {known}; import the game that defines it "
            f"before reading the record); {expected_forms()}"
        )
    fields = {name: value for name, value in data.items() if name != "move"}
    names = {field.name for field in attrs.fields(cls)}
    unknown = sorted(set(fields) - names)
    if unknown:
        raise RecordError(
            f"bad move {shown(dict(data))}: a {kind} move has no field {', '.join(unknown)}"
            f" (its fields: {', '.join(sorted(names))})"
        )
    try:
        return cls(**{name: _thawed(value) for name, value in fields.items()})
    except (CardParseError, MoveTypeError, TypeError, ValueError) as exc:
        raise RecordError(f"bad move {shown(dict(data))}: {exc}") from None


def _thawed(value: Any) -> Any:
    """JSON lists as tuples, so that a field holding a tuple reads back equal."""
    if isinstance(value, list):
        return tuple(_thawed(item) for item in value)
    return value
