"""Views as a contract: a game's view type, its JSON Schema, and a check that a view keeps to it.

Each game declares what `State.view` returns once, as a `TypedDict` (its spec's `view`). The JSON
Schema made from it here is what API clients, the browser boards and the learning encoders may rely
on: every key is required unless declared `NotRequired`, and no undeclared key may appear. The API
checker validates every view of every step against it.

Making the schema needs pydantic and checking a view needs jsonschema (both come with the `web` and
`test` extras); they are imported only when used, so the core stays importable without them.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

from typing_extensions import TypedDict

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"


class SeatView(TypedDict):
    """What every game's view starts with: whose view it is, who decides and who has won."""

    seat: int | None
    """The seat the view is for; null for a spectator."""
    current_player: int
    """The seat to act; -1 while chance acts (dice to roll, a bill or card to draw); -2 once it is over."""
    winners: list[int]
    """The winning seats once the game is over (several on a tie); empty before."""


def _missing(package: str, error: ImportError) -> ImportError:
    return ImportError(f"view schemas need {package}: pip install 'highroller[web]' (or '[test]')  ({error})")


def _closed(node: Any) -> None:
    """Forbid undeclared keys in every object the schema declares properties for."""
    if isinstance(node, dict):
        if node.get("type") == "object" and "properties" in node:
            node.setdefault("additionalProperties", False)
        for value in node.values():
            _closed(value)
    elif isinstance(node, list):
        for value in node:
            _closed(value)


@cache
def _schema_text(view_type: type) -> str:
    try:
        from pydantic import TypeAdapter
    except ImportError as error:
        raise _missing("pydantic", error) from error
    schema = TypeAdapter(view_type).json_schema()
    _closed(schema)
    return json.dumps({"$schema": SCHEMA_DIALECT, **schema}, sort_keys=True)


def view_schema(view_type: type) -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a view type: closed objects, required keys as declared."""
    schema: dict[str, Any] = json.loads(_schema_text(view_type))
    return schema


@cache
def _validator(view_type: type) -> Any:
    try:
        from jsonschema import Draft202012Validator  # type: ignore[import-untyped]
    except ImportError as error:
        raise _missing("jsonschema", error) from error
    return Draft202012Validator(view_schema(view_type))


def view_errors(view: Any, view_type: type) -> list[str]:
    """What is wrong with `view` (as its JSON reads) against the type's schema; empty when it keeps to it."""
    data = json.loads(json.dumps(view))
    errors = sorted(_validator(view_type).iter_errors(data), key=lambda error: list(error.absolute_path))
    return [f"{'.'.join(map(str, error.absolute_path)) or '(the view)'}: {error.message}" for error in errors]


def schema_paths(schema: dict[str, Any]) -> set[str]:
    """Every key path the schema declares, dotted, with `[]` for list items and `*` for any key of a map:
    `casinos[].dice.*`. Used to hold the docs to the schema."""
    definitions = schema.get("$defs", {})
    paths: set[str] = set()

    def walk(node: dict[str, Any], prefix: str) -> None:
        if "$ref" in node:
            walk(definitions[node["$ref"].rsplit("/", 1)[-1]], prefix)
        for option in node.get("anyOf", []) + node.get("oneOf", []):
            walk(option, prefix)
        if "items" in node:
            walk(node["items"], prefix + "[]")
        for key, value in node.get("properties", {}).items():
            path = f"{prefix}.{key}" if prefix else key
            paths.add(path)
            walk(value, path)
        if isinstance(node.get("additionalProperties"), dict):
            walk(node["additionalProperties"], prefix + ".*")

    walk(schema, "")
    return paths


def declares(schema: dict[str, Any], parts: list[str | int]) -> bool:
    """Whether the schema declares the value at `parts` (keys, and ints for list items) of a view: a
    reader that looks there reads the contract, not an accident of the code."""
    definitions = schema.get("$defs", {})

    def walk(node: dict[str, Any], rest: list[str | int]) -> bool:
        if "$ref" in node:
            return walk(definitions[node["$ref"].rsplit("/", 1)[-1]], rest)
        if not rest:
            return True
        if any(walk(option, rest) for option in node.get("anyOf", []) + node.get("oneOf", [])):
            return True
        head, tail = rest[0], rest[1:]
        if isinstance(head, int):
            return "items" in node and walk(node["items"], tail)
        if head in node.get("properties", {}):
            return walk(node["properties"][head], tail)
        extra = node.get("additionalProperties")
        return isinstance(extra, dict) and walk(extra, tail)

    return walk(schema, list(parts))
