"""Render stage: module.json, the ES modules, lang/en.json and generated HTML, from linked content."""
