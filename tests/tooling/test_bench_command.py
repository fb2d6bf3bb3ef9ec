"""`manage.py bench`: the suites by name, `--only`, and the games' scenarios reached through `GAME`."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from decklab.tooling.bench import engines
from decklab.tooling.bench.report import Report


@pytest.fixture
def played(monkeypatch) -> list[str]:
    """The engines the engines suite runs, each answering at once."""
    engines_run: list[str] = []
    monkeypatch.setattr(
        engines, "_games_per_second", lambda plan, trials: engines_run.append("fast") or 1
    )
    monkeypatch.setattr(
        engines,
        "_lean_games_per_second",
        lambda plan, case, seed: engines_run.append("lean") or 1,
    )
    monkeypatch.setattr(engines.goldfish, "run_chunk", lambda *args, **kwargs: [])
    monkeypatch.setattr(engines, "_exact_microseconds", lambda plan: 1.0)
    return engines_run


def test_only_prints_the_figures_whose_name_holds_the_text_in_any_case():
    lines: list[str] = []
    report = Report(lines.append, only="ENERGY")
    report("dbscg energy on curve: fast engine", 4e6, "games/s", baseline=("reference", 1e4))
    report("dbscg drawn: fast engine", 9e6, "games/s")
    assert lines == [
        "  dbscg energy on curve: fast engine: 4,000,000.000 games/s"
        "  | reference: 10,000.000 games/s  | ratio 400.00"
    ]


def test_the_engines_suite_plays_only_the_cases_asked_for(played):
    lines: list[str] = []
    engines.run(Report(lines.append, only="blade_rondo voltage"))
    assert played == ["lean", "fast"] * 3
    assert [line.split(":")[0].strip() for line in lines] == ["blade_rondo voltage"] * 2
    assert "lean plain loop" in lines[0] and "3 pairs" in lines[0]


def test_a_match_of_draws_troidal_reports_its_engines_and_no_exact_answer(played):
    lines: list[str] = []
    engines.run(Report(lines.append, only="draws_troidal match walls vs rainbow, random"))
    assert played == ["lean", "fast"] * 3
    assert len(lines) == 1 and "games/s per core" in lines[0]


def test_the_command_runs_the_suites_named_by_their_short_names(played):
    out = io.StringIO()
    call_command("bench", "engines", only="dbscg drawn", stdout=out)
    assert out.getvalue().splitlines()[0] == "== engines"
    assert played == ["lean", "fast"] * 3


def test_the_command_refuses_a_suite_it_does_not_have_and_names_those_it_has():
    with pytest.raises(CommandError) as refused:
        call_command("bench", "cards.bench.search", stdout=io.StringIO())
    assert str(refused.value).startswith(
        "no suite cards.bench.search (the suites: search, legality"
    )
