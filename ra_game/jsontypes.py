"""The shape of a JSON document, as types (a replay, a save, a summary, a frame on the wire):
no ``Any`` for them, and one checker of decoded JSON against a declared frozen dataclass.

:func:`read_as` builds a dataclass from a decoded JSON object, checking every field against
its declared type (a float from an int, a tuple from a list, a nested dataclass from an
object) and against the ``check`` a field may carry in its metadata (:func:`rule`); what
does not fit raises :class:`ShapeError` with one line naming the field.  Both directions of
the wire read their frames with it (:mod:`ra_game.net.wire.frames`).
"""

from __future__ import annotations

import math
import types
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, fields, is_dataclass
from typing import Any, TypeAlias, TypeVar, Union, get_args, get_origin, get_type_hints

#: A value JSON can hold.
JsonValue: TypeAlias = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]
#: A JSON object (a document's top level).
JsonObject: TypeAlias = dict[str, JsonValue]

T = TypeVar("T")
#: A check of one field's value beyond its type (a length, a range, an alphabet).
Check = Callable[[object], bool]

#: What every JSON value is at its top level (how :func:`_read` knows the alias, which
#: ``get_type_hints`` hands back rebuilt).
_JSON_LEAVES = frozenset({type(None), bool, int, float, str})


class ShapeError(ValueError):
    """A JSON object that does not fit its declared type: ``str()`` is one line naming the
    field (``WHERE: the field 'x' is missing``); ``field``: its name (``""``: the object
    itself); ``typed``: the value had its declared type but failed its check."""

    def __init__(self, text: str, field: str = "", typed: bool = False) -> None:
        super().__init__(text)
        self.field, self.typed = field, typed


def rule(check: Check | None = None, *, wire: str | None = None) -> dict[str, object]:
    """A dataclass field's metadata for :func:`read_as`: ``check`` its value must also pass
    (after its type); ``wire``, its name in JSON when that cannot be its name in Python.
    Used as ``field(metadata=rule(...))``."""
    return {"check": check, "wire": wire}


def json_name(f: Field[Any]) -> str:
    """The name of the field ``f`` in JSON."""
    return f.metadata.get("wire") or f.name


def read_as(cls: type[T], raw: Mapping[str, object], where: str, *, closed: bool = False,
            null_is_absent: bool = False, checks: Mapping[str, Check] | None = None) -> T:
    """A ``cls`` (a dataclass) of the fields in ``raw``, each checked against its declared
    type and its ``check`` (its metadata's, or ``checks``'s by field name); a field with a
    default may be absent.  ``closed``: a field ``cls`` does not declare is refused (else
    ignored: a newer writer may add some); ``null_is_absent``: a JSON ``null`` counts as a
    missing field.  Raises :class:`ShapeError`."""
    declared = fields(cls)  # type: ignore[arg-type]
    if closed:
        unknown = set(raw) - {json_name(f) for f in declared}
        if unknown:
            raise ShapeError(f"{where}: unknown field {min(unknown)[:20]!r}")
    hints = _hints(cls)
    values: dict[str, object] = {}
    for f in declared:
        name = json_name(f)
        value = raw.get(name)
        if name not in raw or (null_is_absent and value is None):
            if not _has_default(f):
                raise ShapeError(f"{where}: the field {name!r} is missing", name)
            continue
        values[f.name] = _field(f, value, hints[f.name], where,
                                f.metadata.get("check") or (checks or {}).get(f.name))
    return cls(**values)


def read_field(cls: type, name: str, value: object) -> object:
    """``value`` as the field ``name`` of the dataclass ``cls`` (its type and its check);
    raises :class:`ShapeError`."""
    (f,) = [f for f in fields(cls) if f.name == name]
    return _field(f, value, _hints(cls)[name], cls.__name__, f.metadata.get("check"))


def _field(f: Field[Any], value: object, hint: object, where: str, check: Check | None) -> object:
    name = json_name(f)
    try:
        read = _read(value, hint, f"{where}.{name}")
    except ShapeError:
        raise
    except (TypeError, ValueError):
        raise ShapeError(f"{where}: the field {name!r} is not valid", name) from None
    if check is not None and not check(read):
        raise ShapeError(f"{where}: the field {name!r} is not valid", name, typed=True)
    return read


def _has_default(f: Field[Any]) -> bool:
    return f.default is not MISSING or f.default_factory is not MISSING


_HINTS: dict[type, dict[str, object]] = {}


def _hints(cls: type) -> dict[str, object]:
    """The declared types of ``cls``'s fields (worked out once per type)."""
    if cls not in _HINTS:
        # (the JSON aliases' inner names resolve in this module)
        _HINTS[cls] = get_type_hints(cls, localns=globals())
    return _HINTS[cls]


def _is_union(hint: object) -> bool:
    return get_origin(hint) in (Union, types.UnionType)


def _read(value: object, hint: object, where: str) -> object:
    """``value`` as a ``hint`` (a float from an int, a tuple from a list); TypeError when it
    is not one."""
    if _is_union(hint) and _JSON_LEAVES <= set(get_args(hint)):
        return value  # free-form JSON: any decoded value is one
    if _is_union(hint):
        if value is None and type(None) in get_args(hint):
            return None
        (inner,) = [a for a in get_args(hint) if a is not type(None)]
        return _read(value, inner, where)
    origin, args = get_origin(hint), get_args(hint)
    if origin is list and isinstance(value, list):
        return [_read(v, args[0], where) for v in value]
    if origin is tuple and isinstance(value, (list, tuple)) and args[-1:] == (Ellipsis,):
        return tuple(_read(v, args[0], where) for v in value)
    if origin is tuple and isinstance(value, (list, tuple)) and len(value) == len(args):
        return tuple(_read(v, a, where) for v, a in zip(value, args))
    if origin is dict and isinstance(value, dict) and all(isinstance(k, str) for k in value):
        return {k: _read(v, args[1], where) for k, v in value.items()}
    if isinstance(hint, type) and is_dataclass(hint) and isinstance(value, dict):
        return read_as(hint, value, where)
    if hint is float and _is_a(value, hint) and isinstance(value, (int, float)):
        return float(value)
    if _is_a(value, hint):
        return value
    raise TypeError(where)


def _is_a(value: object, hint: object) -> bool:
    if hint is bool or hint is str:
        return isinstance(value, hint)
    if isinstance(value, bool):
        return False
    if hint is int:
        return isinstance(value, int)
    return hint is float and isinstance(value, (int, float)) and math.isfinite(value)
