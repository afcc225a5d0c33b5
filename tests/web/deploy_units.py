"""The deployment recipes of docs/deploy, read as systemd would: the units as INI files, and the
`highroller …` command line of each with systemd's specifiers and the environment file's variables put
in (for tests/web/test_web_deploy_recipes.py and scripts/try_proxies.py)."""

from __future__ import annotations

import configparser
import re
import shlex
from pathlib import Path

DEPLOY = Path(__file__).resolve().parents[2] / "docs" / "deploy"
UNITS = ("highroller@.service", "highroller-bots.service", "highroller-club.service")
SPECIFIERS = {"%S": "/var/lib", "%C": "/var/cache", "%t": "/run", "%%": "%"}
"""systemd's specifiers for a system service, but the instance (%i), which is given."""
VARIABLE = re.compile(r"\$\{(\w+)\}|\$(\w+)")


def unit(name: str) -> configparser.ConfigParser:
    """A unit file as INI (keys keep their case; a key given twice keeps its last value; a line ending
    in a backslash joined with the next, as systemd does)."""
    parser = configparser.ConfigParser(strict=False, interpolation=None, delimiters=("=",), comment_prefixes=("#",))
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(re.sub(r"\\\n\s*", " ", (DEPLOY / name).read_text()))
    return parser


def environment() -> dict[str, str]:
    """The variables of the sample environment file, docs/deploy/highroller.env."""
    lines = (DEPLOY / "highroller.env").read_text().splitlines()
    return dict(line.split("=", 1) for line in lines if line.strip() and not line.startswith("#"))


def instances() -> list[int]:
    """The ports of the `highroller@PORT` instances the units' comments enable."""
    text = (DEPLOY / "highroller@.service").read_text()
    return sorted({int(port) for port in re.findall(r"highroller@(\d+)", text)})


def command(name: str, instance: str = "8001", variables: dict[str, str] | None = None) -> list[str]:
    """The unit's ExecStart as the arguments after `highroller` (the program's path left out), with the
    instance, systemd's specifiers and the variables (default: the environment file's) put in."""
    line = unit(name)["Service"]["ExecStart"]
    for specifier, value in {"%i": instance, **SPECIFIERS}.items():
        line = line.replace(specifier, value)
    known = environment() if variables is None else variables
    words = shlex.split(VARIABLE.sub(lambda found: known[found.group(1) or found.group(2)], line))
    if Path(words[0]).name != "highroller":
        raise ValueError(f"{name} does not run highroller: {words[0]}")
    return words[1:]
