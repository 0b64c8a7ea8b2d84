"""Rulepack: YAML tabletop rules content → Foundry VTT modules, with mirrored rule engines."""

__version__ = "0.1.0"
