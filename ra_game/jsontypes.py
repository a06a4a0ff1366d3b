"""The shape of a JSON document, as types (a replay, a save, a summary): no ``Any`` for them."""

from __future__ import annotations

from typing import TypeAlias

#: A value JSON can hold.
JsonValue: TypeAlias = None | bool | int | float | str | list["JsonValue"] | dict[str, "JsonValue"]
#: A JSON object (a document's top level).
JsonObject: TypeAlias = dict[str, JsonValue]
