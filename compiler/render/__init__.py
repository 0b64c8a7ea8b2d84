"""Render stage: module.json, ES modules, lang/en.json and generated HTML from linked content."""
