"""Odds and balance: what the exact odds core (`compiler/rules/exact.py`, `enumeration.py`,
`odds.py` and each ruleset's `odds` adapter) computes, put to work for authors and designers.

- `registry`: each engine's odds adapter, found beside its engine (no file here names one);
- `matchups`: a card, weapon or power of the content against a target, as an odds query;
- `charts`: the terminal bar chart and the JSON of `rulepack odds`;
- `fights`: whole one-against-one fights, by dynamic programming or a seeded Monte Carlo;
- `balance`: the balance report of `rulepack balance`, its thresholds and its baseline.
"""
