"""The browser boards read only what each game's declared view type promises: every board module is
rendered in Chromium on views along a random game, each view wrapped in a Proxy that notes every key
and item the board looks at (or tests with `in`), and each noted path must be declared by the view's
JSON Schema."""

from __future__ import annotations

import json
import random
from importlib.resources import files

import pytest
from playwright.sync_api import Browser, Route

import highroller as hr
from highroller.core.spec import load_object
from highroller.core.state import CHANCE, TERMINAL
from highroller.core.viewschema import declares, view_schema
from highroller.web.http.boards import board_source

pytestmark = pytest.mark.slow  # the boards in Chromium

ORIGIN = "http://boards.test"
STATIC = files("highroller.web").joinpath("static")
GAMES = [name for name in hr.available_games() if hr.game_spec(name).board]

WATCH = """
async ([game, views]) => {
  const reads = new Set();
  const skip = new Set(["then", "toJSON", "constructor", "valueOf", "toString"]);
  const watch = (value, path) => {
    if (value === null || typeof value !== "object") return value;
    return new Proxy(value, {
      get(target, key, receiver) {
        const result = Reflect.get(target, key, receiver);
        if (typeof key !== "string" || skip.has(key)) return result;
        if (Array.isArray(target)) {
          if (!/^\\d+$/.test(key)) return result;  // length, map, some...: the array's own methods
          reads.add(JSON.stringify([...path, Number(key)]));
          return watch(result, [...path, Number(key)]);
        }
        reads.add(JSON.stringify([...path, key]));
        return watch(result, [...path, key]);
      },
      has(target, key) {
        if (typeof key === "string") reads.add(JSON.stringify([...path, Array.isArray(target) ? Number(key) : key]));
        return Reflect.has(target, key);
      },
    });
  };
  const board = await import(`/boards/${game}.js`);
  const ctx = { names: ["Ann", "Bob", "Cy", "Di", "Ed", "Flo"], colours: ["#c33", "#36c", "#3a3", "#c93", "#939",
    "#399"], money: (n) => `$${n}` };
  for (const [seat, view] of views) {
    const node = board.render(watch(view, []), { ...ctx, seat });
    if (!(node instanceof Node)) throw new Error("render() did not return a DOM node");
    document.body.replaceChildren(node);
  }
  return [...reads];
}
"""


def _views(name: str) -> list[tuple[int | None, object]]:
    """Every seat's and a spectator's view along a seeded random game of three players."""
    game = hr.make(name, players=3)
    state = game.new_game(11)
    rng = random.Random(11)
    views: list[tuple[int | None, object]] = []
    while True:
        views += [(seat, state.view(seat)) for seat in [None, *range(game.num_players)]]
        if state.current_player == TERMINAL:
            return views
        state.apply(state.sample_chance() if state.current_player == CHANCE else rng.choice(state.legal_actions()))


def _serve(route: Route) -> None:
    """The page, the shared static modules and the boards, from the installed package; no server."""
    path = route.request.url.removeprefix(ORIGIN)
    if path.startswith("/boards/"):
        source = board_source(path.removeprefix("/boards/").removesuffix(".js"))
        route.fulfill(body=source or "", content_type="text/javascript")
    elif path.startswith("/static/") and path.endswith(".js"):
        route.fulfill(
            body=STATIC.joinpath(path.removeprefix("/static/")).read_text(encoding="utf-8"),
            content_type="text/javascript",
        )
    else:
        route.fulfill(body="<!doctype html><html><body></body></html>", content_type="text/html")


@pytest.mark.parametrize("name", GAMES)
def test_a_board_reads_only_declared_keys(browser: Browser, name: str) -> None:
    page = browser.new_page()
    try:
        page.route(f"{ORIGIN}/**", _serve)
        page.goto(ORIGIN + "/")
        reads = [json.loads(path) for path in page.evaluate(WATCH, [name, _views(name)])]
    finally:
        page.close()
    assert reads, "the board read nothing of the view"
    schema = view_schema(load_object(hr.game_spec(name).view))
    undeclared = sorted({".".join(map(str, path)) for path in reads if not declares(schema, path)})
    assert not undeclared, f"the {name} board reads keys its view does not declare: {undeclared}"
