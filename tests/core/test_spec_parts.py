"""The spec's import-path fields loaded with their types: every registered game's parts are what their
fields promise, and a part that is not is refused with the game and the field named."""

from __future__ import annotations

from dataclasses import replace

import pytest

import highroller as hr
from highroller.core import spec_parts
from highroller.core.encoder import Encoder
from highroller.core.spec_check import GameSpecError


@pytest.mark.parametrize("name", hr.available_games())
def test_every_games_parts_are_what_their_fields_promise(name: str) -> None:
    spec = hr.game_spec(name)
    assert isinstance(spec_parts.view_type(spec), type)
    assert all(hasattr(spec_parts.narration_in(spec)(lang), "describe_step") for lang in ("en", "fr", "de"))
    encoder = spec_parts.encoder_class(spec)
    assert (encoder is None) == (not spec.encoder) and (encoder is None or issubclass(encoder, Encoder))
    for field in ("score_sheet", "move_advice", "win_chances", "table_note", "warm_up", "extra_benchmarks"):
        part = getattr(spec_parts, field)(spec)
        assert (part is None) == (not getattr(spec, field)) and (part is None or callable(part)), field


def test_a_part_that_is_not_what_its_field_promises_is_refused_by_name() -> None:
    spec = replace(hr.game_spec("luckiest"), score_sheet="highroller.core.state:CHANCE", view="json:dumps")
    with pytest.raises(GameSpecError, match=r"luckiest: the spec's score_sheet names 'highroller\.core\.state:CHANCE'"):
        spec_parts.score_sheet(spec)
    with pytest.raises(GameSpecError, match="luckiest: the spec's view names 'json:dumps', which is not a type"):
        spec_parts.view_type(spec)
    with pytest.raises(GameSpecError, match="which is not an Encoder class"):
        spec_parts.encoder_class(replace(spec, encoder="json:JSONDecoder"))
