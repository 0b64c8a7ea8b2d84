"""`rulepack balance` as a CI gate: content thresholds fail the run with the manifest's
file:line:col, and `--baseline REF` compares with the content as a git revision had it.

One run on a copy of the shipped hazard_location content in a scratch git repository: the
revision holds the issue's example threshold ("no shipped weapon downs a Torso-armoured human in
one hit more than 5% of the time"), the work tree a handgun one point deadlier."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from compiler.cli import main
from compiler.odds.balance import shown

CONTENT = Path(__file__).resolve().parents[2] / "content"
THRESHOLD = """
balance:
  thresholds:
    - id: one-hit-kill
      description: >-
        No shipped weapon downs a Torso-armoured human in one hit more than 5% of the time.
      measure: p_down
      at_most: 0.05
      where: {armour: padded-coat+cuirass}
"""


def _git(folder: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(folder), *args], check=True, capture_output=True,
                   env={"GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t.invalid",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@t.invalid",
                        "PATH": "/usr/bin:/bin"})


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[Result, Path]:
    repo = tmp_path_factory.mktemp("repo")
    content = repo / "content"
    shutil.copytree(CONTENT / "hazard_location", content / "hazard_location")
    manifest = content / "hazard_location" / "ruleset.yaml"
    text = manifest.read_text(encoding="utf-8")
    manifest.write_text(text[:text.index("\n# What `rulepack balance`")] + "\n" + THRESHOLD,
                        encoding="utf-8")
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "baseline")
    weapon = content / "hazard_location" / "weapons" / "service-handgun.yaml"
    weapon.write_text(weapon.read_text(encoding="utf-8").replace("dv_max: 6", "dv_max: 7"),
                      encoding="utf-8")
    out = repo / "report.html"
    result = CliRunner().invoke(main, ["balance", "--content", str(content), "--out", str(out),
                                       "--baseline", "HEAD"])
    return (result, out)


def test_a_broken_threshold_fails_the_run_at_its_line(run: tuple[Result, Path]) -> None:
    result, out = run
    assert result.exit_code == 1
    assert result.output.splitlines()[-1] == "Error: 3 balance thresholds are broken."
    located = [line for line in result.output.splitlines() if "balance.thresholds[0]" in line]
    assert len(located) == 3  # the three pools of the coat-and-cuirass rows
    path = str(Path(out.parent) / "content" / "hazard_location" / "ruleset.yaml")
    pattern = (rf"{re.escape(path)}:\d+:\d+: balance\.thresholds\[0\] \(one-hit-kill\): "
               r"service-handgun \(sample-soldier\) against sample-soldier wearing "
               r"padded-coat\+cuirass, pool [579]: p_down is \d+\.\d%, above 5\.0%")
    assert all(re.fullmatch(pattern, line) for line in located), located
    assert out.is_file()  # the report is written all the same, failures listed in it


def test_the_baseline_marks_what_changed(run: tuple[Result, Path]) -> None:
    _, out = run
    html = out.read_text(encoding="utf-8")
    changed = re.findall(r'<tr class="changed">\n<td>(\d+)</td>', html)
    # A bare (or coat-only: AV 4 against PEN 4) soldier loses all 6 Stamina to any hit either
    # way; with the cuirass, one more point of DV gets through more often.
    assert changed == ["7", "8", "9", "10", "11", "12"]
    assert "was 5.01" in html  # the old mean damage of the coat-and-cuirass, five-die row
    assert html.count('class="fail"') == 3


def test_a_bad_baseline_is_refused(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["balance", "--content", str(CONTENT), "--out",
                                       str(tmp_path / "r.html"), "--baseline", "no-such-ref"])
    assert result.exit_code == 1
    assert result.output.startswith("Error: --baseline no-such-ref: ")


def test_measures_are_shown_as_authors_write_them() -> None:
    from fractions import Fraction

    assert shown(Fraction(1, 20), "p_down") == "5.0%"
    assert shown(Fraction(9, 2), "rounds_mean") == "4.50"
