"""The benchmark suites of `manage.py bench` (`make bench`), each a module with `run(report)`.

Timings are printed, never asserted: the test suite stays free of timing flakes. A suite calls
`report(name, value, unit, baseline=..., target=...)` for each figure, and asks
`report.wants(name)` before costly work so that `--only TEXT` skips the figures not asked for.
"""
