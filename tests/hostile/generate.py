"""Write the hostile corpus: broken or malicious inputs, one case each (see README.md).

    python tests/hostile/generate.py            # (re)write the case files
    python tests/hostile/generate.py --expect   # also (re)write every *.expected.txt from a run

The cases are committed; so are their expected outputs, which must be reviewed like code after
`--expect` (a changed line is a changed behaviour). The test never runs this script.
"""

from __future__ import annotations

import base64
import json
import shutil
import sys
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES = HERE / "cases"
TREES = HERE / "trees"

WEAPON = "id: {id}\nname: Axe\ndamage: 3\ndamage_type: slashing\n"
MANIFEST = """\
id: rulepack-hostile
title: Hostile
version: "1.0.0"
authors: [{name: Ada}]
ruleset: common_only
damage_types: [{id: slashing, name: Slashing}]
"""


def weapon(**fields: str) -> str:
    """A valid weapon with `fields` replacing or adding lines (`{id}` is the case's name)."""
    lines = {"id": "{id}", "name": "Axe", "damage": "3", "damage_type": "slashing"}
    lines.update(fields)
    return "".join(f"{k}: {v}\n" if v is not None else "" for k, v in lines.items())


def nested(depth: int, flow: bool) -> str:
    if flow:
        return "id: {id}\nname: Axe\ntags: " + "[" * depth + "]" * depth + "\n"
    return "id: {id}\nname: Axe\nx:\n" + "".join("  " * (i + 1) + "a:\n" for i in range(depth))


# --- one weapon file each: (name, text or bytes) ---------------------------------------------

YAML_STRUCTURE: list[tuple[str, str | bytes]] = [
    ("alias-value", "id: {id}\nname: &n Axe\ndamage_type: *n\n"),
    ("alias-undefined", "id: {id}\nname: *nothing\n"),
    ("anchor-only", "id: {id}\nname: &a Axe\n"),
    ("anchor-on-mapping", "id: {id}\nname: Axe\nx: &m {a: 1}\n"),
    ("merge-key", "id: {id}\nname: Axe\n<<: {damage: 1}\n"),
    ("merge-key-alias", "base: &b {damage: 1}\nid: {id}\nname: Axe\n<<: *b\n"),
    ("alias-bomb", "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
     "c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c]\n"),
    ("alias-as-key", "id: {id}\nname: &k Axe\n*k : 1\n"),
    ("tag-python-object-apply", "id: {id}\nname: !!python/object/apply:os.system [echo pwned]\n"),
    ("tag-python-name", "id: {id}\nname: !!python/name:os.system\n"),
    ("tag-python-object-new", "id: {id}\nname: !!python/object/new:os.system [ls]\n"),
    ("tag-binary", "id: {id}\nname: !!binary aGVsbG8=\n"),
    ("tag-set", "id: {id}\nname: Axe\ntags: !!set {a, b}\n"),
    ("tag-omap", "id: {id}\nname: Axe\ntags: !!omap [a: 1]\n"),
    ("tag-pairs", "id: {id}\nname: Axe\ntags: !!pairs [a: 1]\n"),
    ("tag-timestamp", "id: {id}\nname: !!timestamp 2001-12-14\n"),
    ("tag-custom", "id: {id}\nname: !sword Axe\n"),
    ("tag-verbatim-str", "id: {id}\nname: !<tag:yaml.org,2002:str> Axe\ndamage_type: slashing\n"),
    ("tag-verbatim-other", "id: {id}\nname: !<tag:example.com,2000:x> Axe\n"),
    ("tag-str-on-mapping", "id: {id}\nname: !!str {a: 1}\n"),
    ("tag-int-on-text", "id: {id}\nname: Axe\ndamage: !!int three\n"),
    ("tag-float-on-text", "id: {id}\nname: Axe\nmass_kg: !!float heavy\n"),
    ("tag-bool-on-yes", "id: {id}\nname: Axe\ndamage: !!bool yes\n"),
    ("tag-null-on-text", "id: {id}\nname: !!null Axe\n"),
    ("tag-map-on-scalar", "id: {id}\nname: !!map Axe\n"),
    ("tag-seq-on-mapping", "id: {id}\nname: Axe\ntags: !!seq {a: 1}\n"),
    ("tag-non-specific", "id: {id}\nname: ! Axe\ndamage: ! 3\ndamage_type: slashing\n"),
    ("tag-directive", "%TAG !x! tag:example.com,2000:\n---\nid: {id}\nname: !x!sword Axe\n"),
    ("yaml-directive-1-1", "%YAML 1.1\n---\nid: {id}\nname: Axe\ndamage: 3\n"),
    ("yaml-directive-1-2", "%YAML 1.2\n---\n" + WEAPON),
    ("yaml-directive-2-0", "%YAML 2.0\n---\n" + WEAPON),
    ("yaml-directive-twice", "%YAML 1.2\n%YAML 1.2\n---\n" + WEAPON),
    ("yaml-directive-after-comment", "# header\n%YAML 1.1\n---\n" + WEAPON),
    ("two-documents", WEAPON + "---\nid: other\n"),
    ("document-end-then-more", WEAPON + "...\n---\nid: other\n"),
    ("empty", ""),
    ("only-comment", "# nothing here\n"),
    ("only-document-start", "---\n"),
    ("only-document-end", "...\n"),
    ("only-whitespace", "   \n\n\t\n"),
    ("only-bom", b"\xef\xbb\xbf"),
    ("bom-then-document", b"\xef\xbb\xbf" + WEAPON.encode()),
    ("duplicate-key", "id: {id}\nname: Axe\nname: Sword\n"),
    ("duplicate-key-quoted", "id: {id}\nname: Axe\n'name': Sword\n"),
    ("duplicate-key-explicit", "id: {id}\nname: Axe\n? name\n: Sword\n"),
    ("duplicate-key-thrice", "id: {id}\nname: a\nname: b\nname: c\n"),
    ("duplicate-key-nested", "id: {id}\nname: Axe\nx: {a: 1, a: 2}\n"),
    ("key-integer", "id: {id}\nname: Axe\n1: one\n"),
    ("key-boolean", "id: {id}\nname: Axe\ntrue: x\n"),
    ("key-null", "id: {id}\nname: Axe\n~: x\n"),
    ("key-float", "id: {id}\nname: Axe\n1.5: x\n"),
    ("key-empty", "id: {id}\nname: Axe\n: x\n"),
    ("key-flow-sequence", "id: {id}\nname: Axe\n[a, b]: x\n"),
    ("key-flow-mapping", "id: {id}\nname: Axe\n{a: 1}: x\n"),
    ("key-complex", "id: {id}\nname: Axe\n? [a]\n: x\n"),
    ("key-one-and-true", "id: {id}\nname: Axe\nx: {1: one, true: yes}\n"),
    ("nesting-64-block", nested(63, flow=False)),  # the document, x's value, 62 more: 64 levels
    ("nesting-65-block", nested(64, flow=False)),
    ("nesting-65-flow", nested(64, flow=True)),
    ("nesting-1000-flow", nested(1000, flow=True)),
    ("nesting-20000-unclosed", "id: {id}\nname: Axe\ntags: " + "[" * 20000 + "\n"),
    ("nesting-deep-mappings", "id: {id}\nname: Axe\nx: " + "{a: " * 70 + "1" + "}" * 70 + "\n"),
    ("tab-indentation", "id: {id}\nname: Axe\nx:\n\ta: 1\n"),
    ("unclosed-double-quote", 'id: {id}\nname: "Axe\ndamage: 3\n'),
    ("unclosed-single-quote", "id: {id}\nname: 'Axe\ndamage: 3\n"),
    ("unclosed-flow-sequence", "id: {id}\nname: Axe\ntags: [a, b\n"),
    ("unclosed-flow-mapping", "id: {id}\nname: Axe\nx: {a: 1\n"),
    ("stray-closing-bracket", "id: {id}\nname: Axe]\ntags: ]\n"),
    ("bad-indentation", "id: {id}\nname: Axe\n  damage: 3\n"),
    ("sequence-at-root", "- id: {id}\n- name: Axe\n"),
    ("scalar-at-root", "just a sentence\n"),
    ("null-at-root", "~\n"),
    ("mapping-then-sequence", "id: {id}\n- name\n"),
    ("block-scalar-bad-indicator", "id: {id}\nname: |0\n  Axe\n"),
    ("colon-in-plain-value", "id: {id}\nname: a: b\n"),
    ("reserved-indicator", "id: {id}\nname: @Axe\n"),
    ("backtick-indicator", "id: {id}\nname: `Axe`\n"),
    ("unknown-escape", 'id: {id}\nname: "A\\qxe"\n'),
    ("bad-unicode-escape", 'id: {id}\nname: "A\\uZZZZ"\n'),
    ("escape-lone-surrogate", 'id: {id}\nname: "A\\ud800xe"\ndamage_type: slashing\n'),
]

ENCODING: list[tuple[str, str | bytes]] = [
    ("raw-nul", b"id: {id}\nname: A\x00xe\n"),
    ("raw-escape", b"id: {id}\nname: \x1b[31mAxe\n"),
    ("raw-bell", b"id: {id}\nname: A\x07xe\n"),
    ("raw-delete", b"id: {id}\nname: A\x7fxe\n"),
    ("raw-c1-control", "id: {id}\nname: A\x9bxe\n"),
    ("raw-nul-in-comment", b"id: {id}\nname: Axe # \x00\n"),
    ("latin-1-byte", b"id: {id}\nname: caf\xe9\n"),
    ("overlong-slash", b"id: {id}\nname: a\xc0\xafb\n"),
    ("encoded-surrogate", b"id: {id}\nname: a\xed\xa0\x80b\n"),
    ("truncated-multibyte-at-end", b"id: {id}\nname: a\xe2\x82"),
    ("byte-ff", b"\xff\xfeid: {id}\n"),
    ("utf-16-le", "\ufeffid: x\nname: Axe\n".encode("utf-16-le")),
    ("utf-16-be-no-bom", "id: x\nname: Axe\n".encode("utf-16-be")),
    ("utf-32", "\ufeffid: x\n".encode("utf-32")),
    ("cr-line-ends", "id: {id}\rname: Axe\rname: Sword\r"),
    ("crlf-line-ends", "id: {id}\r\nname: Axe\r\nname: Sword\r\n"),
    ("mixed-line-ends", "id: {id}\r\nname: Axe\rdamage: 3\nname: Sword\n"),
    ("nel-in-quoted", 'id: {id}\nname: "A\x85xe"\nname: again\n'),
    ("nel-in-plain", "id: {id}\nname: A\x85xe\nname: again\n"),
    ("line-separator-in-quoted", 'id: {id}\nname: "A\u2028xe"\nname: again\n'),
    ("line-separator-in-comment", "id: {id}\n# a\u2028b\nname: Axe\nname: again\n"),
    ("paragraph-separator-in-key", "id: {id}\nna\u2029me: Axe\n"),
    ("paragraph-separator-in-block", "id: {id}\nname: |\n  A\u2029xe\nname: again\n"),
    ("line-separator-valid", 'id: {id}\nname: "A\u2028xe"\ndamage: 3\ndamage_type: slashing\n'),
    ("nel-in-comment", "id: {id}\n# a\x85b\nname: Axe\ndamage: 3\ndamage_type: slashing\n"),
    ("nel-valid-syntax", "id: {id}\nname: Ax\x85e\ndamage: 3\ndamage_type: slashing\n"),
    ("private-use-and-separator", 'id: {id}\nname: "\ue000\u2028\ue001"\ndamage_type: slashing\n'),
    ("escaped-private-use-and-separator",
     'id: {id}\nname: "\\ue000\u2028\\uE001"\ndamage_type: slashing\n'),
    ("emoji-name", weapon(name="Axe \U0001f5e1")),
    ("combining-marks-name", weapon(name="Axe" + "\u0301" * 50)),
]

SCALARS: list[tuple[str, str | bytes]] = [
    ("huge-integer", weapon(damage="9" * 5000)),
    ("integer-over-2-53", weapon(damage="9007199254740993")),
    ("float-overflow", weapon(mass_kg="1e999")),
    ("nan", weapon(mass_kg=".nan")),
    ("infinity", weapon(mass_kg=".inf")),
    ("minus-infinity", weapon(mass_kg="-.inf")),
    ("hex-integer", weapon(damage="0x1F")),
    ("octal-integer", weapon(damage="0o17")),
    ("leading-zero-integer", weapon(damage="010")),
    ("underscore-integer", weapon(damage="1_000")),
    ("plus-integer", weapon(damage="+1")),
    ("sexagesimal", weapon(damage="1:30")),
    ("date", weapon(damage="2001-12-14")),
    ("yes-as-boolean", weapon(damage="yes")),
    ("norway", weapon(damage_type="no")),
    ("tilde-null", weapon(damage="~")),
    ("float-as-integer", weapon(damage="3.0")),
    ("exponent-as-integer", weapon(damage="1e3")),
    ("boolean-as-integer", weapon(damage="true")),
    ("negative-damage", weapon(damage="-1")),
    ("string-damage", weapon(damage="'3'")),
    ("arabic-indic-digits", weapon(damage="\u0663")),
    ("fullwidth-digits", weapon(damage="\uff13")),
]

SCHEMA: list[tuple[str, str | bytes]] = [
    ("unknown-key-did-you-mean", weapon(dmage="3")),
    ("unknown-key", weapon(sharpness="11")),
    ("unknown-keys-over-the-cap",
     weapon() + "".join(f"extra{n}: {n}\n" for n in range(30))),
    ("unknown-key-with-escape", weapon(**{'"\\e[2Jboom"': "1"})),
    ("unknown-key-with-newline", weapon(**{'"a\\nb.yaml:1:1: $: forged"': "1"})),
    ("unknown-key-bidi", weapon(**{'"\\u202eevil"': "1"})),
    ("hands-three", weapon(hands="3")),
    ("hands-string", weapon(hands="'1'")),
    ("damage-type-uppercase", weapon(damage_type="Slashing")),
    ("damage-type-unknown", weapon(damage_type="piercing")),
    ("id-uppercase", weapon(id="Axe")),
    ("id-unicode-digit", weapon(id="axe\u0663")),
    ("id-trailing-newline", weapon(id='"{id}\\n"')),
    ("id-traversal", weapon(id="../../etc/passwd")),
    ("id-empty", weapon(id="''")),
    ("id-too-long", weapon(id="a" * 65)),
    ("id-windows-device", weapon(id="con")),
    ("id-not-the-file-name", weapon(id="sword")),
    ("id-missing", weapon(id=None)),
    ("id-number", weapon(id="12")),
    ("name-missing", weapon(name=None)),
    ("name-empty", weapon(name="''")),
    ("name-too-long", weapon(name="x" * 201)),
    ("name-a-list", weapon(name="[a, b]")),
    ("name-a-mapping", weapon(name="{a: b}")),
    ("name-huge", weapon(name="y" * 300000)),
    ("img-traversal", weapon(img="../../etc/passwd.png")),
    ("img-javascript", weapon(img="'javascript:alert(1)'")),
    ("img-absolute", weapon(img="/etc/hosts.png")),
    ("img-backslash", weapon(img="'icons\\\\..\\\\x.png'")),
    ("img-url", weapon(img="https://evil.example/x.png")),
    ("tags-duplicate", weapon(tags="[heavy, heavy]")),
    ("tags-not-slugs", weapon(tags="[Heavy, 'a b']")),
    ("tags-a-string", weapon(tags="heavy")),
    ("mass-negative", weapon(mass_kg="-2")),
    ("mass-string", weapon(mass_kg="heavy")),
    ("document-a-list", "[id, name]\n"),
    ("document-a-number", "42\n"),
    ("many-wrong-types", weapon(damage="a", hands="b", mass_kg="c", tags="d", img="5")),
    ("description-not-a-string", weapon(description="[a]")),
    ("description-too-long", weapon(description="z" * 100001)),
]

TEXT_CONTROLS: list[tuple[str, str | bytes]] = [
    ("name-escaped-nul", weapon(name='"A\\0xe"')),
    ("name-escaped-escape", weapon(name='"\\e[31mAxe\\e[0m"')),
    ("name-escaped-bell", weapon(name='"A\\axe"')),
    ("name-carriage-return", weapon(name='"Axe\\rSword"')),
    ("name-delete", weapon(name='"A\\x7fxe"')),
    ("name-escaped-nel", weapon(name='"A\\Nxe"')),
    ("name-c1-csi", weapon(name='"A\\x9bxe"')),
    ("name-right-to-left-override", weapon(name='"Axe\\u202egpj.exe"')),
    ("name-left-to-right-embedding", weapon(name='"\\u202aAxe"')),
    ("name-isolate", weapon(name='"\\u2066Axe\\u2069"')),
    ("name-raw-right-to-left-override", weapon(name="Axe\u202eevil")),
    ("name-rlm-is-allowed", weapon(name='"Axe\\u200f"')),
    ("name-tab-is-allowed", weapon(name='"Great\\tAxe"')),
    ("name-newline-is-allowed", weapon(name="|\n  Great\n  Axe")),
    ("name-line-separator-is-allowed", weapon(name='"Great\\LAxe"')),
    ("name-zero-width-space-is-allowed", weapon(name='"A\\u200bxe"')),
    ("description-nul", weapon(description='"<p>A\\0</p>"')),
    ("description-escape", weapon(description='"<p>\\e]0;title\\a</p>"')),
    ("description-carriage-return-is-allowed", weapon(description='"<p>a\\r\\nb</p>"')),
    ("description-bidi-is-allowed", weapon(description='"<p>\\u202eabc</p>"')),
    ("tag-with-escape", weapon(tags='["\\e[1m"]')),
]

INJECTION: list[tuple[str, str | bytes]] = [
    ("name-script", weapon(name="'<script>alert(1)</script>'")),
    ("name-handlebars", weapon(name="\"{{constructor.constructor('alert(1)')()}}\"")),
    ("name-i18n-braces", weapon(name="'{name} {0}'")),
    ("name-jinja", weapon(name="'{{ cycler.__init__.__globals__.os.getpid() }}'")),
    ("name-enricher", weapon(name="'@UUID[Actor.x]{Boom}'")),
    ("name-html-entities", weapon(name="'&lt;b&gt; &amp; \"quotes\"'")),
    ("name-closing-script", weapon(name="'</script><script>alert(1)</script>'")),
    ("description-onerror", weapon(description="'<img src=x onerror=alert(1)>'")),
    ("description-javascript-link", weapon(description="'<a href=\"javascript:alert(1)\">x</a>'")),
    ("description-data-url", weapon(description="'<a href=\"data:text/html,x\">x</a>'")),
    ("description-iframe-srcdoc", weapon(description="'<iframe srcdoc=\"<script>x</script>\">'")),
    ("description-svg", weapon(description="'<svg onload=alert(1)><circle/></svg>'")),
    ("description-style", weapon(description="'<p style=\"background:url(x)\">x</p>'")),
    ("description-template-tag", weapon(description="'<template><script>x</script></template>'")),
]

MANIFESTS: list[tuple[str, str | bytes]] = [
    ("unknown-engine", MANIFEST.replace("common_only", "chess")),
    ("engine-a-number", MANIFEST.replace("common_only", "7")),
    ("engine-missing", MANIFEST.replace("ruleset: common_only\n", "")),
    ("id-uppercase", MANIFEST.replace("rulepack-hostile", "Rulepack")),
    ("id-named-like-a-source-folder", MANIFEST.replace("rulepack-hostile", "content")),
    ("id-too-long", MANIFEST.replace("rulepack-hostile", "m" * 1000)),
    ("id-traversal", MANIFEST.replace("rulepack-hostile", "../dist")),
    ("version-a-float", MANIFEST.replace('"1.0.0"', "1.0")),
    ("version-one-part", MANIFEST.replace('"1.0.0"', '"1"')),
    ("version-leading-zero", MANIFEST.replace('"1.0.0"', '"01.0.0"')),
    ("version-trailing-newline", MANIFEST.replace('"1.0.0"', '"1.0.0\\n"')),
    ("authors-empty", MANIFEST.replace("[{name: Ada}]", "[]")),
    ("author-url-javascript", MANIFEST.replace("{name: Ada}", "{name: Ada, url: 'javascript:x'}")),
    ("author-email-invalid", MANIFEST.replace("{name: Ada}", "{name: Ada, email: nope}")),
    ("author-name-control", MANIFEST.replace("{name: Ada}", '{name: "A\\eda"}')),
    ("release-url-http", MANIFEST + "release_url_base: http://example.org/r\n"),
    ("release-url-not-a-url", MANIFEST + "release_url_base: 'https://exa mple'\n"),
    ("foundry-system-bad", MANIFEST + "foundry_system: '../dnd5e'\n"),
    ("damage-type-name-bidi", MANIFEST.replace("name: Slashing", 'name: "\\u202eSlashing"')),
    ("rules-config-not-a-mapping", MANIFEST + "rules_config: [1]\n"),
    ("rules-config-unknown-key", MANIFEST + "rules_config: {nonsense: 1}\n"),
    ("rules-config-prototype-keys", MANIFEST + "rules_config: {__proto__: 1, constructor: 2}\n"),
    ("title-empty", MANIFEST.replace("title: Hostile", "title: ''")),
    ("title-nul", MANIFEST.replace("title: Hostile", 'title: "Hos\\0tile"')),
    ("title-right-to-left-override", MANIFEST.replace("title: Hostile", 'title: "\\u202eHostile"')),
    ("title-script-is-inert", MANIFEST.replace("title: Hostile", "title: '<script>x</script>'")),
    ("description-script-is-cleaned", MANIFEST + "description: '<script>x</script><p>ok</p>'\n"),
    ("manifest-a-list", "- id: x\n"),
    ("manifest-empty", ""),
    ("manifest-alias", MANIFEST.replace("title: Hostile", "title: &t Hostile\nx: *t")),
    ("manifest-yaml-1-1", "%YAML 1.1\n---\n" + MANIFEST),
    ("manifest-duplicate-id", MANIFEST + "id: again\n"),
    ("manifest-unknown-key", MANIFEST + "author: Ada\n"),
    ("manifest-tag", MANIFEST.replace("title: Hostile", "title: !!python/str Hostile")),
]


def _b64(data: bytes) -> str:
    return base64.b64encode(data).decode()


def _weapons(*names: str) -> list[dict[str, object]]:
    return [{"path": f"content/hostile/weapons/{n}", "text": WEAPON.format(id="axe")}
            for n in names]


M = {"path": "content/hostile/ruleset.yaml", "text": MANIFEST}

#: Whole trees: files by path (below the test's working folder), and the command to run.
TREE_CASES: dict[str, dict[str, object]] = {
    "stray-file-at-root": {"files": [M, {"path": "content/notes.txt", "text": "x"}]},
    "stray-yml-file": {"files": [M, {"path": "content/hostile/weapons/axe.yml", "text": "x"}]},
    "stray-json-file": {"files": [M, {"path": "content/hostile/weapons/axe.json", "text": "{}"}]},
    "unknown-kind-folder": {"files": [M, {"path": "content/hostile/weapon/axe.yaml",
                                          "text": WEAPON.format(id="axe")}]},
    "unknown-folder-far-off": {"files": [M, {"path": "content/hostile/zzz/x.yaml", "text": "x"}]},
    "folder-in-kind-folder": {"files": [M, {"path": "content/hostile/weapons/sub/axe.yaml",
                                            "text": WEAPON.format(id="axe")}]},
    "folder-named-like-a-file": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                               "dir": True}]},
    "kind-folder-is-a-file": {"files": [M, {"path": "content/hostile/weapons", "text": "x"}]},
    "symlink-file": {"files": [M, {"path": "secret.yaml", "text": WEAPON.format(id="axe")},
                               {"path": "content/hostile/weapons/axe.yaml",
                                "symlink": "../../../secret.yaml"}]},
    "symlink-folder": {"files": [M, {"path": "content/hostile/weapons", "symlink": "/etc"}]},
    "symlink-ruleset": {"files": [M, {"path": "content/linked", "symlink": "hostile"}]},
    "symlink-dangling": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                       "symlink": "/nowhere/at/all"}]},
    "symlink-loop": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                   "symlink": "axe.yaml"}]},
    "symlink-manifest": {"files": [{"path": "elsewhere.yaml", "text": MANIFEST},
                                   {"path": "content/hostile/ruleset.yaml",
                                    "symlink": "../../elsewhere.yaml"}]},
    "fifo": {"files": [M, {"path": "content/hostile/weapons/axe.yaml", "fifo": True}]},
    "fifo-manifest": {"files": [{"path": "content/hostile/ruleset.yaml", "fifo": True}]},
    "case-collision": {"files": [M, *_weapons("axe.yaml", "Axe.yaml")]},
    "name-with-escape": {"files": [M, *_weapons("\x1b[31maxe.yaml")]},
    "name-with-newline": {"files": [M, *_weapons("axe\nx.yaml:1:1: $: ok.yaml")]},
    "name-forging-a-location": {"files": [M, *_weapons("axe.yaml:99:1: $: fine.yaml")]},
    "name-not-utf-8": {"files": [M, *_weapons("axe\udcff.yaml")]},
    "name-bidi": {"files": [M, *_weapons("axe\u202elmay.yaml")]},
    "name-backslash": {"files": [M, *_weapons("a\\x1b.yaml")]},
    "name-spaces": {"files": [M, *_weapons("an axe.yaml")]},
    "name-very-long": {"files": [M, *_weapons("a" * 250 + ".yaml")]},
    "folder-name-with-escape": {"files": [
        M, {"path": "content/\x1b]0;pwned\x07/ruleset.yaml", "text": MANIFEST}]},
    "dotfiles-are-ignored": {"files": [M, {"path": "content/hostile/weapons/.axe.yaml",
                                           "text": "[broken"},
                                       {"path": "content/.git/config", "text": "x"}]},
    "readme-is-ignored": {"files": [M, {"path": "content/hostile/README.md", "text": "# hi"}]},
    "ruleset-without-manifest": {"files": [*_weapons("axe.yaml")]},
    "two-rulesets-one-module-id": {"files": [
        M, {"path": "content/again/ruleset.yaml", "text": MANIFEST}]},
    "zero-byte-document": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                         "text": ""}]},
    "file-over-the-size-cap": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                             "size": 1024 * 1024 + 1}]},
    "file-at-the-size-cap": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                           "text": WEAPON.format(id="axe"),
                                           "size": 1024 * 1024}]},
    "sparse-file-3-gib": {"files": [M, {"path": "content/hostile/weapons/axe.yaml",
                                        "size": 3 * 1024**3}]},
    "many-bad-files-over-the-run-cap": {"files": [M, *[
        {"path": f"content/hostile/weapons/w{n:02d}.yaml",
         "text": "".join(f"bad{k}: {k}\n" for k in range(30))} for n in range(12)]]},
    "content-folder-missing": {"files": []},
    "content-is-a-file": {"files": [{"path": "content", "text": "x"}]},
    "content-folder-empty": {"files": [{"path": "content", "dir": True}]},
    "binary-manifest": {"files": [{"path": "content/hostile/ruleset.yaml",
                                   "base64": _b64(bytes(range(256)))}]},
    "build-out-dot": {"args": ["build", "content", "--out", "."], "files": [M]},
    "build-out-inside-content": {"args": ["build", "content", "--out", "content/dist"],
                                 "files": [M]},
    "build-out-is-content": {"args": ["build", "content", "--out", "content"], "files": [M]},
    "build-out-under-a-file": {"args": ["build", "content", "--out", "notes.txt/dist"],
                               "files": [M, {"path": "notes.txt", "text": "x"}]},
    "build-foreign-module-folder": {"args": ["build", "content", "--out", "dist"],
                                    "files": [M, {"path": "dist/rulepack-hostile/mine.txt",
                                                  "text": "mine"}]},
    "build-foreign-zip": {"args": ["build", "content", "--out", "dist"],
                          "files": [M, {"path": "dist/rulepack-hostile-1.0.0.zip",
                                        "text": "PK"}]},
    "build-epoch-superscript": {"args": ["build", "content"], "env": {"SOURCE_DATE_EPOCH": "²"},
                                "files": [M]},
    "build-epoch-arabic-indic": {"args": ["build", "content"],
                                 "env": {"SOURCE_DATE_EPOCH": "\u0661\u0667\u0660"},
                                 "files": [M]},
    "build-epoch-after-2107": {"args": ["build", "content"],
                               "env": {"SOURCE_DATE_EPOCH": "4354819200"}, "files": [M]},
    "build-epoch-negative": {"args": ["build", "content"], "env": {"SOURCE_DATE_EPOCH": "-1"},
                             "files": [M]},
    "build-epoch-empty": {"args": ["build", "content"], "env": {"SOURCE_DATE_EPOCH": ""},
                          "files": [M]},
    "build-epoch-huge": {"args": ["build", "content"],
                         "env": {"SOURCE_DATE_EPOCH": "9" * 5000}, "files": [M]},
    "build-with-hostile-text-is-inert": {"args": ["build", "content", "--out", "dist"], "files": [
        M, {"path": "content/hostile/weapons/axe.yaml", "text": weapon(
            name="'<script>alert(1)</script>{{x}}'",
            description="'<img src=x onerror=alert(1)><p>ok</p>'").replace("{id}", "axe")}]},
    "validate-format-json": {"args": ["validate", "content", "--format", "json"], "files": [
        M, {"path": "content/hostile/weapons/axe.yaml", "text": weapon(
            id="Axe", **{'"\\e[2J"': "1"}).replace("{id}", "axe")}]},
}


def file_cases() -> Iterator[tuple[str, str, str | bytes]]:
    groups = [YAML_STRUCTURE, ENCODING, SCALARS, SCHEMA, TEXT_CONTROLS, INJECTION]
    for group in groups:
        for name, text in group:
            yield "weapons", name, text
    for name, text in MANIFESTS:
        yield "manifest", name, text


def write_cases() -> int:
    shutil.rmtree(CASES, ignore_errors=True)
    shutil.rmtree(TREES, ignore_errors=True)
    count = 0
    for folder, name, text in file_cases():
        path = CASES / folder / f"{name}.yaml"
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(text, str):
            text = text.replace("{id}", name).encode("utf-8", "surrogatepass")
        else:
            text = text.replace(b"{id}", name.encode())
        path.write_bytes(text)
        count += 1
    TREES.mkdir()
    for name, tree in TREE_CASES.items():
        text = json.dumps(tree, indent=1, ensure_ascii=True, sort_keys=True) + "\n"
        (TREES / f"{name}.json").write_text(text, encoding="ascii")
        count += 1
    return count


if __name__ == "__main__":
    total = write_cases()
    print(f"{total} cases written")
    if "--expect" in sys.argv:
        sys.path.insert(0, str(HERE))
        from test_hostile import write_expectations

        write_expectations()
