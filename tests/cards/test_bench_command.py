"""`manage.py bench --only`: only the figures asked for are printed, and suites skip the others."""

from cards.bench import goldfish as goldfish_bench
from cards.management.commands.bench import Report


def test_only_prints_the_figures_whose_name_holds_the_text_in_any_case():
    lines: list[str] = []
    report = Report(lines.append, only="ENERGY")
    report("dbscg energy on curve: fast engine", 4e6, "games/s", baseline=("reference", 1e4))
    report("dbscg drawn: fast engine", 9e6, "games/s")
    assert lines == [
        "  dbscg energy on curve: fast engine: 4,000,000.000 games/s"
        "  | reference: 10,000.000 games/s  | ratio 400.00"
    ]


def test_the_goldfish_suite_plays_only_the_cases_asked_for(monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(
        goldfish_bench, "_games_per_second", lambda plan, engine, trials: played.append(engine) or 1
    )
    monkeypatch.setattr(goldfish_bench, "_exact_microseconds", lambda plan: 1.0)
    lines: list[str] = []
    goldfish_bench.run(Report(lines.append, only="blade_rondo voltage"))
    assert played == ["reference", "fast"]
    assert [line.split(":")[0].strip() for line in lines] == ["blade_rondo voltage"] * 2
