"""Records: bad records are refused with messages that say where; good ones replay exactly."""

from __future__ import annotations

import copy
import json

import pytest

import highroller as hr


@pytest.fixture(scope="module")
def record() -> dict:
    return hr.play(hr.make("lasvegas", players=3), ["random"] * 3, seed=11).record()


def test_record_is_json_and_replays(record: dict) -> None:
    again = hr.replay(json.loads(json.dumps(record)))
    assert again.is_terminal()
    assert again.record() == record


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda r: r.update(format="other"), "format"),
        (lambda r: r.update(version=99), "version"),
        (lambda r: r.update(version=True), "version"),
        (lambda r: r.pop("seed"), "seed"),
        (lambda r: r.update(seed=-1), "non-negative"),
        (lambda r: r.update(seed=True), "non-negative"),
        (lambda r: r.update(game="chess"), "no game 'chess'"),
        (lambda r: r["options"].update(players=9), "players"),
        (lambda r: r["steps"].__setitem__(0, {"seat": 0, "action": {"place": 3}}), "step 0: a chance step is expected"),
        (lambda r: r["steps"].__setitem__(0, {"chance": {"bills": [1]}}), "step 0"),
        (lambda r: r["steps"].__setitem__(0, "nonsense"), "step 0: each step is an object"),
        (lambda r: r["events"][3].update(paid={}), "event 3 differs"),
        (lambda r: r.update(returns=[999.0, 0.0, 0.0]), '"returns" says'),
        (lambda r: r.update(winners=[w for w in range(3) if w not in r["winners"]][:1]), '"winners" says'),
        (lambda r: r.update(finished=False), '"finished" says False'),
        (lambda r: r.update(finished="yes"), '"finished" says'),
    ],
)
def test_damaged_records_are_refused(record: dict, damage, message: str) -> None:
    bad = copy.deepcopy(record)
    damage(bad)
    with pytest.raises(hr.RecordError, match=message):
        hr.replay(bad)


def test_wrong_seat_in_a_step_is_refused(record: dict) -> None:
    bad = copy.deepcopy(record)
    index = next(i for i, s in enumerate(bad["steps"]) if "seat" in s)
    bad["steps"][index]["seat"] = (bad["steps"][index]["seat"] + 1) % 3
    with pytest.raises(hr.RecordError, match=f"step {index}: seat"):
        hr.replay(bad)


def test_a_seat_is_a_number_never_a_bool(record: dict) -> None:
    bad = copy.deepcopy(record)
    index = next(i for i, s in enumerate(bad["steps"]) if s.get("seat") == 1)
    bad["steps"][index]["seat"] = True
    with pytest.raises(hr.RecordError, match=f"step {index}: seat 1 is to act, the record says seat True"):
        hr.replay(bad)


def test_partial_replay_stops_where_asked(record: dict) -> None:
    state = hr.replay(record, upto=10)
    assert len(state.history) == 10
    assert not state.is_terminal()
