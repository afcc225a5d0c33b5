"""`highroller backup` and `highroller restore` on SQLite files: a backup restores with its profiles and
the server's keys, and every refusal says why: no database, a FILE already there, a target that is not
empty, a backup of the other kind, a file that is no backup, a newer schema, and no pg_dump (with how to
install it and the command to run by hand, without the password)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from highroller.cli.main import cli
from highroller.web.store import postgres_backups
from highroller.web.store.database_schema import SCHEMA_VERSION
from highroller.web.store.dialects import open_store


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, " ".join(result.output.split())


def served(path: Path) -> tuple[str, str]:
    """A server's database with a profile and a push key, as a server leaves it: its address key and VAPID key."""
    store = open_store(path)
    with store.transaction(write=True) as cursor:
        store.run(cursor, "INSERT INTO hr_profiles (id, name, languages, created) VALUES ('p1', 'Ann', '[\"en\"]', 0)")
        store.run(cursor, "INSERT INTO hr_meta (key, value) VALUES ('vapid_private_key', 'PEM')")
    address_key = store.address_key.hex()
    store.close()
    return address_key, "PEM"


def meta(path: Path) -> dict[str, str]:
    with sqlite3.connect(path) as db:
        return dict(db.execute("SELECT key, value FROM hr_meta").fetchall())


def test_a_backup_restores_with_its_profiles_and_the_servers_keys(tmp_path: Path) -> None:
    served(tmp_path / "live.sqlite3")
    code, said = run("backup", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "night.backup"))
    assert code == 0, said
    assert "0 tables (0 games in progress), 1 profile, schema 2" in said and "integrity ok" in said
    assert (tmp_path / "night.backup").stat().st_mode & 0o077 == 0  # only its owner reads the server's keys
    assert [path.name for path in tmp_path.iterdir() if "partial" in path.name] == []
    code, said = run("restore", "--db", str(tmp_path / "new" / "tables.sqlite3"), str(tmp_path / "night.backup"))
    assert code == 0, said
    assert "1 profile" in said
    assert meta(tmp_path / "new" / "tables.sqlite3") == meta(tmp_path / "live.sqlite3")
    restored = open_store(tmp_path / "new" / "tables.sqlite3")
    with restored.transaction() as cursor:
        assert restored.run(cursor, "SELECT name FROM hr_profiles").fetchall() == [("Ann",)]
    restored.close()


def test_a_backup_needs_a_database(tmp_path: Path) -> None:
    code, said = run("backup", "--db", str(tmp_path / "none.sqlite3"), str(tmp_path / "b"))
    assert code == 1 and f"there is no database at {tmp_path / 'none.sqlite3'}" in said
    assert not (tmp_path / "none.sqlite3").exists() and not (tmp_path / "b").exists()
    (tmp_path / "other.sqlite3").write_bytes(b"")
    code, said = run("backup", "--db", str(tmp_path / "other.sqlite3"), str(tmp_path / "b"))
    assert code == 1 and "is not a highroller database" in said
    assert sorted(path.name for path in tmp_path.iterdir()) == ["other.sqlite3"]


def test_a_backup_replaces_a_file_only_when_forced(tmp_path: Path) -> None:
    served(tmp_path / "live.sqlite3")
    (tmp_path / "b").write_text("keep me")
    code, said = run("backup", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "b"))
    assert code == 1 and "exists: give --force to replace it" in said
    assert (tmp_path / "b").read_text() == "keep me"
    code, said = run("backup", "--force", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "b"))
    assert code == 0, said
    assert (tmp_path / "b").read_bytes().startswith(b"SQLite format 3\0")
    code, said = run("backup", "--force", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "live.sqlite3"))
    assert code == 1 and "is the database itself" in said


def test_a_restore_goes_into_an_empty_database_only(tmp_path: Path) -> None:
    served(tmp_path / "live.sqlite3")
    run("backup", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "b"))
    served(tmp_path / "busy.sqlite3")
    before = (tmp_path / "busy.sqlite3").read_bytes()
    code, said = run("restore", "--db", str(tmp_path / "busy.sqlite3"), str(tmp_path / "b"))
    assert code == 1 and "already holds highroller's tables" in said and "empty database only" in said
    assert (tmp_path / "busy.sqlite3").read_bytes() == before
    with sqlite3.connect(tmp_path / "notes.sqlite3") as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    code, said = run("restore", "--db", str(tmp_path / "notes.sqlite3"), str(tmp_path / "b"))
    assert code == 1 and "holds other tables (notes), which a restore would replace" in said
    with sqlite3.connect(tmp_path / "notes.sqlite3") as db:
        assert db.execute("SELECT name FROM sqlite_master").fetchall() == [("notes",)]
    (tmp_path / "empty.sqlite3").write_bytes(b"")
    code, said = run("restore", "--db", str(tmp_path / "empty.sqlite3"), str(tmp_path / "b"))
    assert code == 0, said


def test_a_restore_refuses_a_backup_of_the_other_kind_or_no_backup(tmp_path: Path) -> None:
    served(tmp_path / "live.sqlite3")
    run("backup", "--db", str(tmp_path / "live.sqlite3"), str(tmp_path / "b"))
    code, said = run("restore", "--db", "postgresql://hr:secret@127.0.0.1:1/hr", str(tmp_path / "b"))
    assert code == 1 and "is a SQLite backup and PostgreSQL databases take only PostgreSQL backups" in said
    (tmp_path / "dump").write_bytes(b"PGDMP\x01\x0e\x00" + bytes(100))
    code, said = run("restore", "--db", str(tmp_path / "t.sqlite3"), str(tmp_path / "dump"))
    assert code == 1 and "is a PostgreSQL backup and SQLite databases take only SQLite backups" in said
    (tmp_path / "garbage").write_bytes(b"\x00\x01 not a backup" * 50)
    code, said = run("restore", "--db", str(tmp_path / "t.sqlite3"), str(tmp_path / "garbage"))
    assert code == 1 and "is not a highroller backup: it is neither a SQLite database nor a pg_dump" in said
    with sqlite3.connect(tmp_path / "foreign.sqlite3") as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    code, said = run("restore", "--db", str(tmp_path / "t.sqlite3"), str(tmp_path / "foreign.sqlite3"))
    assert code == 1 and "is not a highroller database" in said
    assert not (tmp_path / "t.sqlite3").exists()


def test_a_restore_refuses_a_backup_of_a_newer_schema(tmp_path: Path) -> None:
    served(tmp_path / "newer.sqlite3")
    with sqlite3.connect(tmp_path / "newer.sqlite3") as db:
        db.execute("UPDATE hr_meta SET value = ? WHERE key = 'schema'", (str(SCHEMA_VERSION + 1),))
    code, said = run("restore", "--db", str(tmp_path / "t.sqlite3"), str(tmp_path / "newer.sqlite3"))
    assert code == 1 and f"has schema {SCHEMA_VERSION + 1}, written by a newer highroller" in said
    assert not (tmp_path / "t.sqlite3").exists()


@pytest.mark.parametrize("command", ["backup", "restore"])
def test_without_pg_dump_it_says_how_to_install_it_and_what_to_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: str
) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr(postgres_backups, "PROGRAM_DIRS", str(tmp_path / "nowhere"))
    dump = tmp_path / "hr.dump"
    dump.write_bytes(b"PGDMP" + bytes(100))
    target = tmp_path / "new.dump" if command == "backup" else dump
    code, said = run(command, "--db", "postgresql://hr:secret@127.0.0.1:1/hr", str(target))
    program = "pg_dump" if command == "backup" else "pg_restore"
    assert code == 1
    assert f"{program} was not found on PATH or in {tmp_path / 'nowhere'}" in said
    assert "sudo apt-get install postgresql-client" in said
    assert f"or by hand: {program} --" in said and "dbname=hr" in said and "PGPASSWORD" in said
    assert "secret" not in said


def test_the_password_goes_to_the_programs_environment_not_their_command_line() -> None:
    conninfo, environment = postgres_backups.program_connection("postgresql://hr:s%40cret@db.example:5433/tables")
    assert "cret" not in conninfo and "password" not in conninfo
    assert "host=db.example" in conninfo and "port=5433" in conninfo and "dbname=tables" in conninfo
    assert environment["PGPASSWORD"] == "s@cret"
