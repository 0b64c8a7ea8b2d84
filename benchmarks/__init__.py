"""Speed and memory figures (scripts that print them; no timed tests)."""
