"""The JSON form of game records (:mod:`cardrules.record`): its format versions and
keys, setups as read-only data, the strict forms of checks and digests, and
signatures (HMAC-SHA256 over a canonical text of the record)."""

from __future__ import annotations

import functools
import hashlib
import hmac
import json
import re
import types
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from cardrules._digestv4 import EncoderV4
from cardrules._digestv5 import EncoderV5
from cardrules._text import int_from_text, json_int, shown
from cardrules.digest import Encoder
from cardrules.errors import RecordError
from cardrules.game import options_data
from cardrules.moves import is_move

__all__ = [
    "CHECK_DIGITS",
    "DIGEST_DIGITS",
    "ENCODERS",
    "FORMAT",
    "KEYS",
    "SIGNATURE",
    "VERSION",
    "canonical",
    "check_checks",
    "check_digest",
    "check_key",
    "check_move",
    "check_version",
    "current_moves",
    "from_json",
    "frozen",
    "read_int",
    "sign",
    "sign_text",
    "thawed",
    "to_moves",
    "to_setup",
    "unfrozen",
    "verify_signature",
]

FORMAT = "cardrules.record"
VERSION = 6
ENCODERS: dict[int, type[Encoder]] = {4: EncoderV4, 5: EncoderV5, 6: Encoder}
"""The versions read, each with the encoder of its checks and digests."""
_CALL_BEFORE_6 = "idiot"
"""The key versions 4 and 5 wrote a call on a missed "one card" under (now ``call``)."""
_OLD_VERSIONS = {
    1: "has no outcome to check it against, and",
    2: "holds its outcome, but",
    3: "holds its outcome, but",
}
CHECK_DIGITS = 4  # hex digits of each position's check: 16 bits
DIGEST_DIGITS = 32
KEYS = frozenset(
    {"format", "version", "game", "options", "seed", "setup", "moves", "checks", "outcome"}
)
SIGNATURE = "signature"
_HEX = frozenset("0123456789abcdef")
_HEX_DIGITS = re.compile("[0-9a-f]*")  # (faster than the set over a long game's checks)


def check_version(data: Mapping[str, Any]) -> Callable[[], Encoder]:
    """The encoder of the checks of a record of a version this library reads (an older
    version's under the options the record wrote); raises
    :class:`~cardrules.RecordError` for another format or version, naming the
    versions of development versions of the library that cannot be replayed."""
    version = data.get("version")
    known = data.get("format") == FORMAT and type(version) is int
    if known and version in _OLD_VERSIONS:
        raise RecordError(
            f"this is a format version {version} record, written by a development "
            f"version of cardrules before 0.1.0; it {_OLD_VERSIONS[version]} its deals "
            "came from an older shuffle, so this version cannot replay it (read it with "
            "the cardrules that wrote it)"
        )
    if not known or version not in ENCODERS:
        raise RecordError(
            f"not a cardrules record: expected format {FORMAT!r} version {VERSION} (or 4 or 5), "
            f"found {shown(data.get('format'))} version {shown(version)}"
        )
    encoder = ENCODERS[version]
    if encoder is Encoder or not isinstance(data.get("options"), Mapping):
        return encoder
    return functools.partial(encoder, data["options"])  # type: ignore[call-arg]


def current_moves(moves: list[Any], version: int) -> list[Any]:
    """The moves' data of a record of format ``version`` in the forms of this version:
    versions 4 and 5 wrote a call on a missed "one card" as ``{'idiot': 1, 'target':
    2}``, now ``{'call': 1, 'target': 2}`` (:class:`~cardrules.shedding.moves.CallOut`).
    The same list when nothing changes; anything else is left for the moves' reader.

    >>> current_moves([{"play": "QS"}, {"idiot": 1, "target": 2}], 5)
    [{'play': 'QS'}, {'call': 1, 'target': 2}]
    """
    if version >= 6:
        return moves
    old = _CALL_BEFORE_6
    return [
        {("call" if key == old else key): value for key, value in move.items()}
        if isinstance(move, dict) and old in move and "call" not in move
        else move
        for move in moves
    ]


def check_checks(value: object) -> str:
    """A record's checks if they are text of :data:`CHECK_DIGITS` lowercase hex digits
    per position; else a :class:`~cardrules.RecordError` saying what is allowed."""
    if isinstance(value, str) and len(value) % CHECK_DIGITS == 0 and _HEX_DIGITS.fullmatch(value):
        return value
    raise RecordError(
        f"a record's checks are {CHECK_DIGITS} lowercase hex digits (0-9, a-f) for each "
        f"position, not {shown(value)}"
    )


def check_digest(value: object) -> str:
    """A digest if it is exactly :data:`DIGEST_DIGITS` lowercase hex digits; else a
    :class:`~cardrules.RecordError` saying what is allowed."""
    if isinstance(value, str) and len(value) == DIGEST_DIGITS and _HEX.issuperset(value):
        return value
    raise RecordError(
        f"a record's digest is exactly {DIGEST_DIGITS} lowercase hex digits (0-9, a-f), "
        f"not {shown(value)}"
    )


# -- setups as immutable data -------------------------------------------------------------


def frozen(value: Any) -> Any:
    """JSON-like data made immutable: mappings read-only, lists tuples."""
    if isinstance(value, Mapping):
        return types.MappingProxyType({str(k): frozen(v) for k, v in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(frozen(item) for item in value)
    return value


def to_setup(value: Mapping[str, Any]) -> Mapping[str, Any]:
    """A record's setup as read-only JSON-friendly data."""
    if not isinstance(value, Mapping):
        raise RecordError(f"a record's setup must be a mapping, not {shown(value)}")
    return frozen(options_data(value))  # type: ignore[no-any-return]


def to_moves(value: Sequence[Any]) -> tuple[Any, ...]:
    """A record's moves as a tuple; each a move of a registered type (any game's)."""
    if isinstance(value, (str, bytes)) or not isinstance(value, Sequence):
        raise RecordError(f"a record's moves must be a sequence, not {shown(value)}")
    for number, move in enumerate(value, start=1):
        check_move(move, number)
    return tuple(value)


def check_move(move: object, number: int) -> None:
    """Raise :class:`~cardrules.RecordError` unless ``move`` (the record's move
    ``number``, counted from 1) is a move of a registered type."""
    if not is_move(move):
        raise RecordError(
            f"move {number} of a record must be a move, not {shown(move)} (a move of "
            "your own game is registered with cardrules.moves.register_move)"
        )


def unfrozen(value: Any) -> Any:
    """:func:`frozen` data with plain dicts for its read-only mappings (which do not
    pickle); ints stay ints."""
    if isinstance(value, Mapping):
        return {key: unfrozen(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return tuple(unfrozen(item) for item in value)
    return value


def thawed(value: Any) -> Any:
    """A fresh mutable copy of :func:`frozen` data (dicts and lists), ready for JSON:
    an int too long for a JSON number becomes ``{"int": "<decimal digits>"}``."""
    if isinstance(value, Mapping):
        return {key: thawed(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [thawed(item) for item in value]
    if isinstance(value, int) and not isinstance(value, bool):
        number = json_int(value)
        return number if isinstance(number, int) else {"int": number}
    return value


def from_json(value: Any) -> Any:
    """Undo the ``{"int": ...}`` form of :func:`thawed`."""
    if isinstance(value, Mapping):
        if set(value) == {"int"} and isinstance(value["int"], str):
            return read_int(value["int"], "a number of the setup")
        return {key: from_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [from_json(item) for item in value]
    return value


def read_int(value: object, what: str) -> int:
    """An int of a record's data (a number, or decimal text for a long one)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str):
        try:
            return int_from_text(value)
        except ValueError:
            pass
    raise RecordError(f"{what} must be an int, not {shown(value)}")


# -- signatures ---------------------------------------------------------------------------


def check_key(key: object) -> bytes:
    """A signing key: bytes, not empty (``secrets.token_bytes(32)`` makes a good one)."""
    if not isinstance(key, (bytes, bytearray)) or not key:
        # The key's type only, never its value: a key given as text is still a secret
        # that must not reach an error log.
        given = "empty bytes" if isinstance(key, (bytes, bytearray)) else type(key).__name__
        raise RecordError(
            "a record's signing key is bytes, not empty (for example "
            f"secrets.token_bytes(32), kept on the server), not {given}"
        )
    return bytes(key)


def canonical(value: Any) -> str:
    """The canonical text of JSON data that signatures cover: compact, with sorted keys
    and ASCII escapes (the same for every way of writing the same record: indented or
    not, keys in any order)."""
    try:
        return json.dumps(
            value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False
        )
    except (TypeError, ValueError) as exc:
        raise RecordError(f"a signed record must be JSON data: {exc}") from None


def sign(data: Mapping[str, Any], key: bytes) -> str:
    """The signature of a record's data under ``key``: HMAC-SHA256, 64 hex digits, of
    the :func:`canonical` text of everything but the signature."""
    return sign_text(canonical({name: v for name, v in data.items() if name != SIGNATURE}), key)


def sign_text(text: str, key: bytes) -> str:
    """The signature of a record whose :func:`canonical` text is ``text``."""
    return hmac.new(key, text.encode("ascii"), hashlib.sha256).hexdigest()


def verify_signature(data: Mapping[str, Any], key: bytes) -> None:
    """Raise :class:`~cardrules.RecordError` unless ``data`` carries the signature
    :func:`sign` gives it under ``key`` (compared in constant time)."""
    given = data.get(SIGNATURE)
    if given is None:
        raise RecordError(
            "the record is not signed: a record read with a key must carry the signature "
            "that to_json(key=...) writes"
        )
    expected = sign(data, key)
    if not (isinstance(given, str) and given.isascii() and hmac.compare_digest(given, expected)):
        raise RecordError(
            "the record's signature does not match: it was signed with another key, or "
            "changed after it was signed"
        )
