"""A real box's cards as a deck file: `highroller deck lastchance RECORD... --save FILE` writes every card
drawn in the records once, numbered from 1, as a deck the next game plays with; it never overwrites."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

import highroller as hr
from highroller.cli.main import cli
from highroller.games.lastchance.typed import TYPED


def _record(tmp_path: Path, name: str, first: str) -> Path:
    state = hr.make("lastchance", players=2, first_player=0, cards=2).new_game(seed=4)
    state.apply(TYPED.parse(state, first))
    while not state.is_terminal():
        state.apply(state.sample_chance() if state.current_player == hr.CHANCE else state.legal_actions()[0])
    path = tmp_path / name
    path.write_text(json.dumps(state.record()))
    return path


def test_the_cards_drawn_at_a_real_table_become_a_deck_to_play_with(tmp_path: Path) -> None:
    one, two = _record(tmp_path, "one.json", "6 6 6 6 J:3 $900"), _record(tmp_path, "two.json", "6 6 6 6 J:3 $900")
    box = tmp_path / "box.toml"
    result = CliRunner().invoke(
        cli, ["deck", "lastchance", str(one), str(two), "--save", str(box), "--name", "Ann's box"]
    )
    assert result.exit_code == 0, result.output
    game = hr.make("lastchance", players=2, deck=str(box))
    deck = game.rules.deck  # type: ignore[attr-defined]
    assert [card.id for card in deck] == list(range(1, len(deck) + 1))
    assert (deck[0].dice_text(), deck[0].rolls, deck[0].payout) == ("6 6 6 6 J", 3, 900)
    assert len({(card.faces, card.jokers, card.rolls) for card in deck}) == len(deck), "each card once"
    again = CliRunner().invoke(cli, ["deck", "lastchance", str(one), "--save", str(box)])
    assert again.exit_code == 2 and "exists" in again.output
    other = tmp_path / "other.json"
    other.write_text(json.dumps(hr.play(hr.make("luckiest", players=1), ["random"], seed=1).record()))
    refused = CliRunner().invoke(cli, ["deck", "lastchance", str(other), "--save", str(tmp_path / "x.toml")])
    assert refused.exit_code == 2 and "not a record of lastchance" in refused.output
