"""A profile's devices and what deleting it leaves: on SQLite a deleted profile's name is gone from
the database file and its write-ahead log, bytes and all."""

from __future__ import annotations

from pathlib import Path

import pytest
from fastapi.testclient import TestClient

NAME = "Quokkaxylophone"
"""A name no other byte of the database spells."""


@pytest.mark.parametrize("database", ["sqlite"], indirect=True)
def test_a_deleted_profiles_name_is_nowhere_on_disk(client: TestClient, database: str) -> None:
    key = client.post("/api/profiles", json={"name": NAME + " One", "languages": ["en"]}).json()["key"]
    assert client.patch("/api/me", json={"name": NAME}, headers={"X-Profile": key}).status_code == 200
    body = {"game": "lasvegas", "options": {"players": 2, "rounds": 1}, "bots": [None, "easy"], "name": NAME}
    assert client.post("/api/tables", json=body, headers={"X-Profile": key}).status_code == 201
    files = [Path(database), Path(database + "-wal")]
    assert any(NAME.encode() in path.read_bytes() for path in files)
    assert client.delete("/api/me", headers={"X-Profile": key}).status_code == 200
    for path in files:
        assert not path.exists() or NAME.encode() not in path.read_bytes(), path
