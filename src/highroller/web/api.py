"""The HTTP JSON API: games, the lobby, seats, actions, absence, rematches, records and replays.

Seat tokens travel in `Authorization: Bearer <token>`; without one a caller is a spectator. Every
refusal is `{"error": "...", "code": "..."}` with a fitting status, and changes nothing. Creating
tables and taking seats count against the caller's address's quotas (`highroller.web.quotas`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from fastapi import APIRouter, Depends, Header, Query, Request
from fastapi.responses import JSONResponse, Response

from highroller.core.botspec import level_bot
from highroller.core.presets import Preset, load_presets, presets_by_rules, rules_key
from highroller.core.spec import load_object
from highroller.core.viewschema import view_schema
from highroller.core.words import LANGUAGES
from highroller.registry import available_games, game_spec, make, words_of
from highroller.web.answers import (
    Advice,
    CreatedTable,
    GameInfo,
    Hint,
    Joined,
    LobbyTable,
    Record,
    Replay,
    Rules,
    TableState,
    TableSummary,
    ViewSchema,
    documented,
)
from highroller.web.checks import check_bank, check_seats, default_stand_in, made_game
from highroller.web.errors import Refused, asked_language
from highroller.web.guides import checked_guide
from highroller.web.hints import Hints
from highroller.web.live import Connections
from highroller.web.messages import MAX_VERSION, REFUSALS, Act, CreateTable, Join
from highroller.web.profile_api import current_profile, profile_header
from highroller.web.quotas import Quotas
from highroller.web.ratelimit import RateLimits, bearer_token
from highroller.web.replays import COST as REPLAY_COST
from highroller.web.replays import replay_json
from highroller.web.store import Origin
from highroller.web.tables import Table, Tables

LONG_POLL_SECONDS = 25.0


def bearer(authorization: str | None) -> str | None:
    """The token of an `Authorization: Bearer ...` header, if any; `Refused` for another header."""
    token = bearer_token(authorization)
    if authorization is not None and token is None:
        raise Refused("use 'Authorization: Bearer <seat token>'", 401, "bad-token")
    return token


def page_language(lang: str = Query(default="en", max_length=20, description="the language of the log and the choices: en, fr or de")) -> str:
    """The language a request asks for, or `Refused` saying which there are."""
    if lang not in LANGUAGES:
        raise Refused("lang is one of {languages}, not {lang}", 422, "bad-lang", languages=", ".join(LANGUAGES), lang=repr(lang))
    return lang


@lru_cache(maxsize=None)  # per game: read and checked once
def game_presets(name: str) -> tuple[Preset, ...]:
    """The game's named presets, checked (a bad presets file is a `DataFileError` naming it)."""
    return load_presets(game_spec(name))


@lru_cache(maxsize=None)  # per game: making each preset's game reads its data files
def presets_by_rules_of(name: str) -> dict[str, str]:
    """The id of the preset each set of rules comes from (see `highroller.core.presets.rules_key`)."""
    return presets_by_rules(game_spec(name), game_presets(name))


def preset_of(name: str, options: dict[str, Any]) -> str | None:
    """The id of the game's preset whose rules a table's resolved options are, if any."""
    return presets_by_rules_of(name).get(rules_key(game_spec(name), options))


@lru_cache(maxsize=None)  # per game and language: making a game's preset reads its data files
def describe_game(name: str, lang: str = "en") -> dict[str, Any]:
    """A game as the lobby form needs it: named presets, options with limits and preset values, bots,
    seats; its words (title, summary, each preset's name and description, each option's label and
    help) in `lang`. Shared: read it, never change it."""
    spec = game_spec(name)
    preset = make(name).options
    w = words_of(name, lang)
    return {
        "name": name,
        "title": w(spec.title),
        "summary": w(spec.summary),
        "presets": [
            {"id": p.id, "name": w(p.name), "description": w(p.description), "players": list(p.players), "options": dict(p.options)}
            for p in game_presets(name)
        ],
        "options": [
            {
                "name": o.name,
                "label": w(o.name.replace("_", " ")),
                "kind": o.kind,
                "help": w(o.help),
                "choices": list(o.choices),
                "presets": list(o.presets),
                "minimum": o.minimum,
                "maximum": o.maximum,
                "seat": o.seat,
                "preset": preset.get(o.name) if isinstance(preset.get(o.name), (int, str, bool)) else None,
            }
            for o in spec.options
        ],
        "levels": {level: level_bot(spec, level) for level in spec.levels},
        "bots": list(spec.bots),
        "default_bot": spec.default_bot,
        "stand_in": default_stand_in(name),
        "players": make(name).num_players,
        "win_chances": bool(spec.win_chances),
        "table_note": bool(spec.table_note),
    }


def build_router(tables: Tables, quotas: Quotas, hints: Hints, connections: Connections, limits: RateLimits) -> APIRouter:
    """The API's routes; `connections` counts the long polls waiting with the WebSockets, `limits` the
    requests that cost more than one."""
    router = APIRouter(prefix="/api", responses=REFUSALS)

    def origin(request: Request) -> Origin:
        return quotas.origin(request.client.host if request.client else None)

    async def seated(table_id: str, authorization: str | None) -> tuple[Table, int | None]:
        table = await tables.get(table_id)
        await table.fresh()
        return table, await table.seat_of_fresh(bearer(authorization))

    async def finished_table(table_id: str) -> Table:
        table = await tables.get(table_id)
        await table.fresh()
        if not table.finished:
            raise Refused("records and replays are shown once the game is over", 409, "not-finished")
        return table

    @router.get(
        "/games", summary="Every game with its options, bots and seat count",
        response_model=None, responses=documented(list[GameInfo], "every game, in the asked language"),
    )
    async def games(lang: str = Depends(page_language)) -> list[dict[str, Any]]:
        return [describe_game(name, lang) for name in available_games()]

    @router.get(
        "/games/{game}/view-schema", summary="The JSON Schema of what a seat sees of a game (GET /api/tables/{id}'s view)",
        response_model=None, responses=documented(ViewSchema, "the view's JSON Schema"),
    )
    async def game_view_schema(game: str) -> dict[str, Any]:
        if game not in available_games():
            raise Refused("no game {game}; games: {games}", 404, "no-game", game=repr(game), games=", ".join(available_games()))
        return view_schema(load_object(game_spec(game).view))

    @router.get(
        "/games/{game}/rules", summary="The game's rules in short, as HTML (English where a language is missing)",
        response_model=None, responses=documented(Rules, "the rules in short"),
    )
    async def game_rules(game: str, lang: str = Depends(page_language)) -> dict[str, str]:
        return checked_guide(game, lang)

    @router.get(
        "/tables",
        summary="Tables waiting for players (newest first), then games in play; finished and abandoned games (30 minutes without a move) are not listed",
        response_model=None, responses=documented(list[LobbyTable], "the lobby's tables"),
    )
    async def open_tables(request: Request) -> list[dict[str, Any]]:
        return [{**table, "preset": preset_of(table["game"], table["options"])} for table in await tables.lobby(lang=asked_language(request))]

    @router.post(
        "/tables", status_code=201, summary="Create a table (and sit down in it, given a name)",
        response_model=None, responses=documented(CreatedTable, "the new table", 201),
    )
    async def create_table(body: CreateTable, request: Request, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        if body.name is not None and body.hot_seat:
            raise Refused("give either name (you sit down) or hot_seat (every person's name, on one device), not both", 422, "bad-names")
        made = made_game(body.game, body.options)
        stand_in = check_seats(made, body.bots, body.timer, body.stand_in, tables.settings.min_timer)
        bank = check_bank(body.timer, body.bank)
        profile = None if key is None or body.name is None else (await current_profile(tables.store, key)).id
        creator = origin(request)
        await quotas.check_create(creator, with_bots=any(bot is not None for bot in body.bots))
        if body.name is not None or body.hot_seat:
            await quotas.check_join(creator)
        table, seated_at = await tables.open(
            made, body.bots, body.timer, stand_in, creator, body.name, body.hints, real_dice=body.real_dice, hot_seat=body.hot_seat or (),
            bot_delay=body.bot_delay, profile=profile, bank=bank, rated=body.rated,
        )
        answer = table.summary()
        if seated_at is not None:
            answer.update(seat=seated_at[0], token=seated_at[1])
        return answer

    @router.get(
        "/tables/{table_id}", summary="The table as your seat (or a spectator) sees it",
        response_model=None, responses=documented(TableState, "the table"),
    )
    async def table_state(
        table_id: str,
        request: Request,
        after: int | None = Query(default=None, ge=0, le=MAX_VERSION, description="wait (up to 25 s) until the version differs from this"),
        log_from: int = Query(default=0, ge=0, le=MAX_VERSION, description="send the log lines from this index on (the ones you have not read)"),
        authorization: str | None = Header(default=None),
        lang: str = Depends(page_language),
    ) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        if after is not None:
            host = request.client.host if request.client else None
            held = table.held_by(bearer(authorization))
            poller = ("poll", held) if held else ("poll", host)  # each seat token, or each watching address, counts once
            with connections.admit(host) as admitted:
                if not admitted:
                    raise Refused(
                        "too many open connections from your address (long polls and WebSockets together); close some or try again shortly",
                        429, "too-many-connections", retry_after=5,
                    )
                with tables.presence.polling(table.id, poller, held):
                    await table.wait_change(after, LONG_POLL_SECONDS)
        return table.snapshot(seat, min(log_from, len(table.log)), lang)

    @router.post(
        "/tables/{table_id}/join", summary="Take a seat; the answer holds the secret seat token",
        response_model=None, responses=documented(Joined, "your seat and its token"),
    )
    async def join(table_id: str, body: Join, request: Request, key: str | None = Depends(profile_header)) -> dict[str, Any]:
        table = await tables.get(table_id)
        profile = None if key is None else (await current_profile(tables.store, key)).id
        joiner = origin(request)
        await quotas.check_join(joiner, starts_bot_table=table.has_bots and len(table.open_seats()) == 1)
        seat, token = await table.join(body.name, body.seat, joiner, profile)
        return {"table": table_id, "seat": seat, "token": token}

    @router.post(
        "/tables/{table_id}/actions", summary="Play an action at the version you saw; the answer's log starts at your action",
        response_model=None, responses=documented(TableState, "the table after your action"),
    )
    async def act(table_id: str, body: Act, authorization: str | None = Header(default=None), lang: str = Depends(page_language)) -> dict[str, Any]:
        table = await tables.get(table_id)
        seat = await table.seat_of_fresh(bearer(authorization))
        await table.act(seat, body.version, body.action)
        return table.snapshot(table.seat_of(bearer(authorization)), table.log_since(body.version), lang)  # a hot seat passes on

    @router.post(
        "/tables/{table_id}/hint", summary="On your turn: the game's advice on each of your choices, in your language, and the move suggested",
        response_model=None, responses=documented(Hint, "the hint"),
    )
    async def hint(table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        return await hints.ask(table, seat, lang)

    @router.get(
        "/tables/{table_id}/advice",
        summary="What everyone may see of the step now: each seat's chance of winning and the game's note (null where it has none)",
        response_model=None, responses=documented(Advice, "the advice at this step"),
    )
    async def advice(table_id: str, lang: str = Depends(page_language)) -> dict[str, Any]:
        return await hints.advice(await tables.get(table_id), lang)

    @router.post(
        "/tables/{table_id}/undo", summary="At a table with real dice: take back the last typed chance step (until a decision follows it)",
        response_model=None, responses=documented(TableState, "the table, the typed step taken back"),
    )
    async def undo(table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        await table.undo(seat)
        return table.snapshot(table.seat_of(bearer(authorization)), 0, lang)

    @router.post(
        "/tables/{table_id}/back", summary="Take your seat back from the bot that played while your time ran out",
        response_model=None, responses=documented(TableState, "the table, your seat yours again"),
    )
    async def back(table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        await table.back(seat)
        return table.snapshot(seat, 0, lang)

    @router.post(
        "/tables/{table_id}/leave", summary="Leave: an unstarted table frees your seat, a game in play goes on with a bot in it",
        response_model=None, responses=documented(TableState, "the table as you see it now"),
    )
    async def leave(table_id: str, authorization: str | None = Header(default=None), lang: str = Depends(page_language)) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        await table.leave(seat)
        return table.snapshot(seat if table.started else None, 0, lang)

    @router.post(
        "/tables/{table_id}/rematch", summary="A new table with the same game, bots and timer",
        response_model=None, responses=documented(TableSummary, "the rematch (the same table for each player who asks)"),
    )
    async def rematch(table_id: str, request: Request, authorization: str | None = Header(default=None)) -> dict[str, Any]:
        table, seat = await seated(table_id, authorization)
        creator = origin(request)
        if table.rematch is None:
            await quotas.check_create(creator, with_bots=table.has_bots)
        return (await tables.rematch(table, seat, creator)).summary()

    @router.get(
        "/tables/{table_id}/record", summary="The record of a finished game (highroller replay reads it)",
        responses=documented(Record, "the record, as a file to download"),
    )
    async def record(table_id: str) -> JSONResponse:
        table = await finished_table(table_id)
        disposition = f'attachment; filename="highroller-{table.game.name}-{table.id}.json"'
        return JSONResponse(table.record(), headers={"Content-Disposition": disposition})

    @router.get(
        "/tables/{table_id}/replay", summary="Every position of a finished game, with the log",
        response_model=None, responses=documented(Replay, "the table and every position of its game"),
    )
    async def replay(table_id: str, request: Request, authorization: str | None = Header(default=None)) -> Response:
        limits.spend(request.client.host if request.client else None, bearer_token(authorization), REPLAY_COST - 1)
        table = await finished_table(table_id)
        return Response(await replay_json(table), media_type="application/json")

    return router
