"""`python -m compiler` is the same as the `rulepack` console script."""

from compiler.cli import main

main()
