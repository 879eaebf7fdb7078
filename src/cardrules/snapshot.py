"""Signed JSON snapshots of game states: a whole state as JSON text that loads again
without replaying the game and without unpickling.

A server keeping games in a store can keep each game's record (:mod:`cardrules.record`)
and replay it, which costs a replay of every move on every read, or pickle the state,
which is quick but unsafe to load from a store that others can write to: loading a
pickle runs whatever code it names. A snapshot is as quick as a pickle to load and
runs nothing it names: it builds only the library's own kinds of values (states,
cards, moves, enums, rules objects rebuilt from their game's name and options) and
those of the modules of registered games, and only after its signature is checked.

>>> import cardrules as cr
>>> from cardrules.snapshot import state_from_json, state_to_json
>>> game = cr.Hearts()
>>> state = game.new_game(seed=3)
>>> state = game.apply(state, game.legal_moves(state)[0])
>>> key = b"the server's own secret key"  # e.g. secrets.token_bytes(32), kept safe
>>> text = state_to_json(state, key=key)
>>> loaded = state_from_json(text, key=key)
>>> loaded == state, game.legal_moves(loaded) == game.legal_moves(state)
(True, True)
>>> state_from_json(text, key=b"another key")
Traceback (most recent call last):
    ...
cardrules.errors.SnapshotError: the snapshot's signature does not match: it was signed with ...

A snapshot holds the whole state: every hand, the stock's order and the generator
that makes the later deals. While a game is on, keep it as secret as the game's record
or seed, and never send it to a player. The signature (HMAC-SHA256 under a key kept on
the server) is what makes loading it safe: a snapshot without one, or with one that
does not match, is refused before anything in it is read.

The data is bound to the library's version: states are written as their slots, so a
snapshot of a state whose class has other slots in another version is refused with a
:class:`~cardrules.SnapshotError`; keep the game's record to read it again then.
"""

from __future__ import annotations

import enum
import functools
import hmac
import json
import math
import sys
from collections.abc import Iterable, Mapping
from typing import Any

import attrs

from cardrules._recorddata import SIGNATURE, frozen, sign, thawed
from cardrules._recorddata import from_json as _ints_from_json
from cardrules._text import int_from_text, int_text, shown
from cardrules.cards import ALL_CARDS, Card, format_cards
from cardrules.chance import ChanceState, ExplicitChance
from cardrules.decks import Deck, DeckCard, DeckSuit
from cardrules.errors import CardParseError, CardrulesError, SnapshotError
from cardrules.game import Game, game_class, registered_games
from cardrules.rng import DecidedShuffles
from cardrules.values import Immutable, Value, slots_of, value_from_slots

__all__ = ["FORMAT", "VERSION", "read_snapshot", "state_from_json", "state_to_json"]

FORMAT = "cardrules.state"
VERSION = 1
_KEYS = frozenset({"format", "version", "game", "options", "state", SIGNATURE})
_PLAIN_REDUCE: Any = object.__reduce__
_SAFE_BITS = 9000  # ints this long or longer are written as decimal text (see _text)


def _check_key(key: object) -> bytes:
    if not isinstance(key, (bytes, bytearray)) or not key:
        what = "empty bytes" if isinstance(key, (bytes, bytearray)) else type(key).__name__
        raise SnapshotError(
            "a snapshot's signing key is bytes, not empty (for example "
            f"secrets.token_bytes(32), kept on the server), not {what}"
        )
    return bytes(key)


def _game_of(state: object) -> Game[Any, Any, Any]:
    """The rules that made ``state`` (with explicit chance, the game inside)."""
    game = getattr(state, "_rules", None) if isinstance(state, Value) else None
    if not isinstance(game, Game):
        raise SnapshotError(
            "a snapshot is made of a game's state (from game.new_game(...) or "
            f"game.apply(...)), not {shown(state)}"
        )
    return game


@functools.lru_cache(maxsize=64)
def _rules_data(game: Game[Any, Any, Any]) -> tuple[str, str]:
    """The game's name and its options as JSON text, once checked to rebuild equal
    rules (remembered: rules objects are immutable)."""
    name = type(game).name
    try:
        registered = name and game_class(name) is type(game)
        data = thawed(frozen(game.options()))
        again = _game_from(name, data) if registered else None
    except CardrulesError:
        again = None
    if again != game:
        raise SnapshotError(
            f"the rules {shown(game)} cannot be written in a snapshot: a snapshot rebuilds "
            "them from their game's registered name and options (Game.options), which "
            "must give equal rules"
        )
    return name, json.dumps(data, ensure_ascii=False)


# -- classes a snapshot may build -----------------------------------------------------


def _class_name(cls: type) -> str:
    """``module:qualname``, checked to lead back to ``cls`` (so that it can be read)."""
    name = _NAMES.get(cls)
    if name is None:
        name = f"{cls.__module__}:{cls.__qualname__}"
        try:
            found = _find_class(name)
        except SnapshotError as exc:
            raise SnapshotError(f"a snapshot cannot hold a {cls.__qualname__}: {exc}") from None
        if found is not cls:
            raise SnapshotError(f"a snapshot cannot hold a {cls.__qualname__}: {name} is another")
        _NAMES[cls] = name
    return name


_NAMES: dict[type, str] = {}
_FOUND: dict[object, type] = {}  # by name: the classes found (a game stays registered)


def _allowed_module(module: str) -> bool:
    """Whether classes of ``module`` may be built: the library's own, and those of the
    modules (and their packages) that define registered games."""
    if module == "cardrules" or module.startswith("cardrules."):
        return True
    for name in registered_games():
        home = game_class(name).__module__
        package = home.rpartition(".")[0]
        if module == home or (package and module.startswith(package + ".")):
            return True
    return False


def _buildable(cls: type) -> bool:
    return not issubclass(cls, Game) and (
        issubclass(cls, (Immutable, enum.Enum))
        or attrs.has(cls)
        or (issubclass(cls, tuple) and hasattr(cls, "_fields"))
        or cls is DecidedShuffles  # the generator of a state waiting for chance
    )


def _find_class(name: object) -> type:
    """The class named ``module:qualname``, among the modules already imported; never
    imports anything, and refuses every class that is not one a snapshot builds."""
    module_name, colon, qualname = name.partition(":") if isinstance(name, str) else ("", "", "")
    if not colon or not _allowed_module(module_name):
        raise SnapshotError(
            f"the class {shown(name)} is not one a snapshot builds: only cardrules' own "
            "values and those of the modules of registered games"
        )
    found: Any = sys.modules.get(module_name)
    if found is None:
        raise SnapshotError(
            f"the class {shown(name)} is in a module that is not imported (a snapshot never "
            "imports one: import the game's module first)"
        )
    for part in qualname.split("."):  # read from the namespaces: no lookup hook runs
        found = vars(found).get(part) if hasattr(found, "__dict__") else None
    if not (
        isinstance(found, type)
        and found.__module__ == module_name
        and found.__qualname__ == qualname
        and _buildable(found)
    ):
        raise SnapshotError(
            f"the class {shown(name)} is not one a snapshot builds: only states and other "
            "values (cardrules.values.Value), attrs classes and enums of cardrules and of "
            "the modules of registered games"
        )
    return found


# -- writing --------------------------------------------------------------------------


def _canonical(data: Any) -> str:
    return json.dumps(data, sort_keys=True, ensure_ascii=False)


class _Writer:
    """Writes a state's values as JSON data; ``game`` (the snapshot's rules) is written
    as ``{"rules": null}`` wherever the state holds it."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def write(self, value: Any) -> Any:
        kind = type(value)
        if kind is int:
            return value if value.bit_length() < _SAFE_BITS else {"int": int_text(value)}
        if kind is tuple:
            if value and all(type(item) is Card for item in value):
                return {"cards": format_cards(value)}
            return [self.write(item) for item in value]
        if value is None or kind is str or kind is bool:
            return value
        if kind is Card:
            return {"card": str(value)}
        if isinstance(value, DeckCard):  # a card of another declared deck, with its deck
            return {"deck_card": [value.deck.name, str(value)]}
        if isinstance(value, DeckSuit):  # a suit of a declared deck, with its deck
            return {"deck_suit": [value.deck.name, value.letter]}
        if isinstance(value, enum.Enum):
            return {"enum": _class_name(kind), "value": self.write(value.value)}
        if isinstance(value, Game):
            return {"rules": None if value == self.game else self.rules(value)}
        if kind is float and math.isfinite(value):
            return value
        if isinstance(value, tuple) and hasattr(kind, "_fields"):  # a named tuple
            return {"tuple": _class_name(kind), "items": [self.write(item) for item in value]}
        if kind is frozenset:
            return {"frozenset": sorted((self.write(item) for item in value), key=_canonical)}
        if kind is dict:
            return {"dict": [[self.write(k), self.write(v)] for k, v in value.items()]}
        if kind is list:
            return {"list": [self.write(item) for item in value]}
        if kind.__reduce__ is not _PLAIN_REDUCE:  # it says how it pickles
            return self.reduced(value)
        if attrs.has(kind):
            fields = ((f.name, getattr(value, f.name)) for f in attrs.fields(kind))
            return {"attrs": _class_name(kind), "fields": self.items(fields)}
        raise SnapshotError(
            f"a snapshot cannot hold a {kind.__module__}.{kind.__qualname__}: it holds ints, "
            "text, tuples, frozensets, cards, enums, rules objects, states and other "
            "cardrules values, and attrs classes"
        )

    def items(self, pairs: Iterable[tuple[str, Any]]) -> dict[str, Any]:
        return {name: self.write(item) for name, item in pairs}

    def reduced(self, value: Any) -> Any:
        """A value that says how it pickles: a :class:`Value` as its slots (caches as a
        new value has them), another as the arguments its class is called with."""
        kind = type(value)
        reduced = value.__reduce__()
        if isinstance(reduced, tuple) and len(reduced) == 2:
            maker, arguments = reduced
            if maker is value_from_slots and arguments[0] is kind:
                slots = zip(slots_of(kind), arguments[1], strict=True)
                return {"value": _class_name(kind), "slots": self.items(slots)}
            if maker is kind:
                return {"new": _class_name(kind), "args": [self.write(a) for a in arguments]}
        raise SnapshotError(
            f"a snapshot cannot hold a {kind.__qualname__}: it pickles in a way a snapshot "
            "does not read (by its own class called with arguments, or by its slots)"
        )

    def rules(self, game: Game[Any, Any, Any]) -> dict[str, Any]:
        name, options = _rules_data(game)
        return {"game": name, "options": json.loads(options)}


def state_to_json(state: Any, *, key: bytes) -> str:
    """The whole of ``state`` (of any game of the library, of a game of your own built
    on its engines, or a state with explicit chance) as JSON text, signed with
    ``key`` (HMAC-SHA256; bytes, for example ``secrets.token_bytes(32)``).

    The text holds every hand and the generator: keep it on the server. Read it with
    :func:`state_from_json` and the same key. Raises :class:`~cardrules.SnapshotError`
    for a key that is not bytes, or a state holding something a snapshot cannot write.

    >>> import cardrules as cr
    >>> text = state_to_json(cr.Cramps().new_game(seed=1), key=b"secret")
    >>> text.startswith('{"format":"cardrules.state","version":1,"game":"cramps"')
    True
    """
    signing = _check_key(key)
    game = _game_of(state)
    writer = _Writer(game)
    header = writer.rules(game)
    data: dict[str, Any] = {"format": FORMAT, "version": VERSION, **header}
    try:
        data["state"] = writer.write(state)
    except RecursionError:
        raise SnapshotError("a snapshot cannot hold a state nested this deeply") from None
    data[SIGNATURE] = sign(data, signing)
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


# -- reading --------------------------------------------------------------------------


_CARDS = {str(card): card for card in ALL_CARDS}


def _card(text: object) -> Card:
    card = _CARDS.get(text) if isinstance(text, str) else None
    if card is None:
        # (not shown: a value of a snapshot may be a part of a secret state)
        raise SnapshotError("a card in a snapshot is written like 'Q♠', and one is not")
    return card


def _deck_card(body: object) -> Any:
    """A card of a declared deck, written as its deck's name and its text."""
    if isinstance(body, list) and len(body) == 2 and all(isinstance(t, str) for t in body):
        try:
            return Deck.named(body[0]).parse(body[1])
        except CardParseError:
            pass
    raise SnapshotError(
        "a card of a declared deck in a snapshot is written as its deck's name and its "
        "text, of a deck declared (its module imported), and one is not"
    )


def _deck_suit(body: object) -> Any:
    """A suit of a declared deck, written as its deck's name and its letter."""
    if isinstance(body, list) and len(body) == 2 and all(isinstance(t, str) for t in body):
        try:
            return Deck.named(body[0]).parse_suit(body[1])
        except CardParseError:
            pass
    raise SnapshotError(
        "a suit of a declared deck in a snapshot is written as its deck's name and its "
        "letter, of a deck declared (its module imported), and one is not"
    )


class _Reader:
    """Builds the values :class:`_Writer` wrote; ``game`` is the snapshot's rules."""

    def __init__(self, game: Game[Any, Any, Any]) -> None:
        self.game = game

    def read(self, data: Any) -> Any:
        kind = type(data)
        if kind is list:
            return tuple(self.read(item) for item in data)
        if kind is dict:
            return self.tagged(data)
        return data  # a number, text, true, false or null, as JSON read it

    def tagged(self, data: dict[str, Any]) -> Any:
        keys = data.keys()
        if len(data) == 1:
            ((tag, body),) = data.items()
            if tag == "cards" and isinstance(body, str):
                return tuple(_card(text) for text in body.split(" "))
            if tag == "card":
                return _card(body)
            if tag == "deck_card":
                return _deck_card(body)
            if tag == "deck_suit":
                return _deck_suit(body)
            if tag == "int" and isinstance(body, str):
                return int_from_text(body)
            if tag == "rules":
                return self.game if body is None else self.rules(body)
            if tag == "frozenset" and isinstance(body, list):
                return frozenset(self.read(item) for item in body)
            if tag == "dict" and isinstance(body, list):
                return {self.read(k): self.read(v) for k, v in body}
            if tag == "list" and isinstance(body, list):
                return [self.read(item) for item in body]
        elif keys == {"value", "slots"} and isinstance(data["slots"], dict):
            return self.value(self.find(data["value"], Value), data["slots"])
        elif keys == {"attrs", "fields"} and isinstance(data["fields"], dict):
            return self.attrs(self.find(data["attrs"], None), data["fields"])
        elif keys == {"new", "args"} and isinstance(data["args"], list):
            cls = self.find(data["new"], None)
            if cls.__reduce__ in (_PLAIN_REDUCE, Value.__reduce__):
                raise SnapshotError(
                    f"a {cls.__qualname__} is not made from arguments in a snapshot"
                )
            return cls(*(self.read(item) for item in data["args"]))
        elif keys == {"tuple", "items"} and isinstance(data["items"], list):
            cls = self.find(data["tuple"], tuple)
            if len(data["items"]) != len(cls._fields):
                raise _other_version(cls)
            return tuple.__new__(cls, (self.read(item) for item in data["items"]))
        elif keys == {"enum", "value"}:
            return self.find(data["enum"], enum.Enum)(self.read(data["value"]))
        raise SnapshotError(
            f"a snapshot holds no value of the form with keys {shown(sorted(keys))}"
        )

    def find(self, name: object, base: type | None) -> Any:
        cls = _FOUND.get(name) if isinstance(name, str) else None
        if cls is None:
            cls = _FOUND[name] = _find_class(name)
        if base is not None and not issubclass(cls, base):
            raise SnapshotError(f"the class {shown(name)} is not a {base.__qualname__}")
        return cls

    def value(self, cls: type[Value], slots: dict[str, Any]) -> Value:
        names = slots_of(cls)
        if slots.keys() != set(names):
            raise _other_version(cls)
        value = value_from_slots(cls, tuple(self.read(slots[name]) for name in names))
        for name, fresh in value._fresh_caches().items():  # caches are never read
            object.__setattr__(value, name, fresh)
        return value

    def attrs(self, cls: type, fields: dict[str, Any]) -> Any:
        if not attrs.has(cls) or fields.keys() != {f.name for f in attrs.fields(cls)}:
            raise _other_version(cls)
        value: Any = object.__new__(cls)
        state = {name: self.read(item) for name, item in fields.items()}
        if hasattr(cls, "__setstate__"):  # attrs's own, which also clears a cached hash
            value.__setstate__(state)
        else:
            for name, item in state.items():
                object.__setattr__(value, name, item)
        return value

    def rules(self, data: object) -> Game[Any, Any, Any]:
        if not isinstance(data, dict) or data.keys() != {"game", "options"}:
            raise SnapshotError(
                f"rules in a snapshot are a game and its options, not {shown(data)}"
            )
        return _game_from(data["game"], data["options"])


def _other_version(cls: type) -> SnapshotError:
    return SnapshotError(
        f"the snapshot's {cls.__qualname__} holds other data than this version of cardrules "
        "keeps in one: it was written by another version (replay the game's record instead)"
    )


def _game_from(name: object, options: object) -> Game[Any, Any, Any]:
    """The rules of a registered game's ``name`` and ``options`` (their JSON data)."""
    if not isinstance(name, str):
        raise SnapshotError(f"a snapshot's game is the name of a game, not {shown(name)}")
    if not isinstance(options, dict):
        raise SnapshotError(f"a snapshot's options are an object, not {shown(options)}")
    return _made_game(name, json.dumps(options, sort_keys=True))


@functools.lru_cache(maxsize=64)
def _made_game(name: str, options: str) -> Game[Any, Any, Any]:
    # Remembered: making a rules object can cost more than the rest of a load, and
    # rules are immutable, so every state may share them.
    try:
        kind = game_class(name)
        return kind.from_options(_ints_from_json(json.loads(options)))
    except CardrulesError as exc:
        raise SnapshotError(f"the snapshot's rules cannot be made: {exc}") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _parsed(text: object) -> dict[str, Any]:
    if isinstance(text, (bytes, bytearray)):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError:
            raise SnapshotError("a snapshot is UTF-8 text, and this is not") from None
    if not isinstance(text, str):
        raise SnapshotError(f"a snapshot is JSON text (str or bytes), not {type(text).__name__}")
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except RecursionError:
        raise SnapshotError("a snapshot's JSON must not be nested this deeply") from None
    except ValueError as exc:
        raise SnapshotError(f"a snapshot is JSON text, and this is not: {exc}") from None
    if not isinstance(data, dict):
        raise SnapshotError(f"a snapshot is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise SnapshotError(
            f"not a cardrules state snapshot: expected format {FORMAT!r} version {VERSION}, "
            f"found {shown(data.get('format'))} version {shown(data.get('version'))}"
        )
    return data


def _verify(data: Mapping[str, Any], key: bytes) -> None:
    given = data.get(SIGNATURE)
    if given is None:
        raise SnapshotError(
            "the snapshot is not signed: a snapshot must carry the signature "
            "state_to_json writes with its key"
        )
    if not (
        isinstance(given, str) and given.isascii() and hmac.compare_digest(given, sign(data, key))
    ):
        raise SnapshotError(
            "the snapshot's signature does not match: it was signed with another key, or "
            "changed after it was signed"
        )


def read_snapshot(text: str | bytes, *, key: bytes) -> tuple[Any, Any]:
    """``(rules, state)`` from a snapshot: the state as :func:`state_from_json` reads it,
    and the rules object that plays it (the game, or the
    :class:`~cardrules.chance.ExplicitChance` around it), rebuilt from the game's name
    and options.

    >>> import cardrules as cr
    >>> text = state_to_json(cr.Spades().new_game(seed=2), key=b"secret")
    >>> rules, state = read_snapshot(text, key=b"secret")
    >>> rules == cr.Spades(), state == cr.Spades().new_game(seed=2)
    (True, True)
    """
    signing = _check_key(key)
    data = _parsed(text)
    _verify(data, signing)
    if data.keys() != _KEYS:
        raise SnapshotError(f"a snapshot has the keys {sorted(_KEYS)}, not {sorted(data)}")
    game = _game_from(data["game"], data["options"])
    try:
        state = _Reader(game).read(data["state"])
        if _game_of(state) != game:
            raise SnapshotError("the snapshot's state was not made by the snapshot's rules")
        chance = isinstance(state, ChanceState)
        inner = state.inner if chance else state
        if inner is not None:
            game.check_state(inner)
    except RecursionError:
        raise SnapshotError("a snapshot's state must not be nested this deeply") from None
    except SnapshotError:
        raise
    except (CardrulesError, TypeError, ValueError, AttributeError) as exc:
        raise SnapshotError(f"the snapshot's state does not load: {exc}") from None
    return (ExplicitChance(game) if chance else game), state


def state_from_json(text: str | bytes, *, key: bytes) -> Any:
    """The state written by :func:`state_to_json`, equal to it and playing on the same
    way, read without replaying any move.

    The signature is checked first, with ``key``; then only the library's own kinds of
    values and those of the modules of registered games are built (classes already
    imported, looked up by name: nothing is imported and no code named by the text is
    run). Raises :class:`~cardrules.SnapshotError` saying what is wrong: a key that is
    not bytes, text that is not a snapshot, a snapshot not signed or whose signature
    does not match (another key, or edited), a class a snapshot does not build.

    >>> import cardrules as cr
    >>> state = cr.Craits().new_game(seed=5)
    >>> state_from_json(state_to_json(state, key=b"secret"), key=b"secret") == state
    True
    >>> state_from_json("{}", key=b"secret")
    Traceback (most recent call last):
        ...
    cardrules.errors.SnapshotError: not a cardrules state snapshot: expected format ...
    """
    return read_snapshot(text, key=key)[1]
