/**
 * The live odds panel of a roll dialog (issue 16): the exact distribution of the roll the dialog
 * will make, computed in the browser by the shipped odds engine (`rules/*odds.mjs`) from the
 * inputs the rule will get, summed up as `compiler/odds/report.py` `summarize` does (P(hit),
 * expected damage, P(down), the location spread), and recomputed whenever a control of the
 * dialog changes. Every figure stays an exact BigInt fraction until it is written as text. What
 * a player sees follows the world setting (`odds-settings.mjs`); a GM sees the exact figures.
 * A roll whose outcomes are too many to list (`too_many_outcomes`) says so rather than guessing.
 * @module foundry/odds-view
 */

import { escapeHtml } from "./html.mjs";
import { disclosure } from "./odds-settings.mjs";
import { fraction, outcomeList } from "../rules/exact.mjs";
import { TOO_MANY } from "../rules/enumeration.mjs";
import { RuleError } from "../rules/errors.mjs";

/**
 * @typedef {[bigint, bigint]} Fraction
 * @typedef {{hit: boolean, damage: number, down: boolean, location: string|null, saved?: boolean|null,
 *   tie?: boolean}} Words
 *   one outcome in the report's words (each ruleset's `matchups` `summary`), whether a save
 *   succeeded where the roll has one, and whether an opposed roll tied where ties are told apart
 * @typedef {{hit: Fraction, damage: Fraction, down: Fraction, saved: Fraction|null,
 *   tie: Fraction|null, miss: Fraction|null, locations: Array<[string, Fraction]>}} Summary
 *   `saved` null when no outcome has a save; `tie` and `miss` (neither a hit nor a tie) null
 *   when no outcome tells ties apart
 * @typedef {"hit"|"tie"|"miss"|"damage"|"down"|"saved"} Figure  a line of the panel
 * @typedef {{summary?: Summary, note?: string, ms: number}} Reading  what the panel shows
 */

/**
 * The label of a probability p (docs/decisions.md "Odds shown to players"): each word, with the
 * least p it takes as [num, den], highest first; p = 0 is "impossible" and p = 1 "certain".
 * @type {ReadonlyArray<[() => string, bigint, bigint]>}
 */
export const LABELS = Object.freeze([
  [() => game.i18n.localize("RULEPACK.Odds.Label.VeryLikely"), 9n, 10n],
  [() => game.i18n.localize("RULEPACK.Odds.Label.Likely"), 2n, 3n],
  [() => game.i18n.localize("RULEPACK.Odds.Label.Even"), 1n, 3n],
  [() => game.i18n.localize("RULEPACK.Odds.Label.Unlikely"), 1n, 10n],
  [() => game.i18n.localize("RULEPACK.Odds.Label.VeryUnlikely"), 0n, 1n]
]);

/**
 * The exact summary of `dist`, its outcomes in `words`.
 * @param {import("../rules/exact.mjs").Dist} dist
 * @param {(outcome: any) => Words} words
 * @returns {Summary}
 */
export function summarize(dist, words) {
  let hit = 0n;
  let damage = 0n;
  let down = 0n;
  let saved = 0n;
  let saves = false;
  let tie = 0n;
  let ties = false;
  /** @type {Map<string, bigint>} */
  const places = new Map();
  for ( const [outcome, weight] of outcomeList(dist) ) {
    const row = words(outcome);
    if ( row.hit ) hit += weight;
    if ( row.down ) down += weight;
    damage += weight * BigInt(row.damage);
    if ( (row.saved !== undefined) && (row.saved !== null) ) saves = true;
    if ( row.saved === true ) saved += weight;
    if ( row.tie !== undefined ) ties = true;
    if ( row.tie === true ) tie += weight;
    if ( row.location !== null ) places.set(row.location, (places.get(row.location) ?? 0n) + weight);
  }
  const names = [...places.keys()].sort((a, b) => {
    const wa = /** @type {bigint} */ (places.get(a));
    const wb = /** @type {bigint} */ (places.get(b));
    return wa === wb ? (a < b ? -1 : a > b ? 1 : 0) : (wa > wb ? -1 : 1);
  });
  const total = dist.total;
  return {
    hit: fraction(hit, total), damage: fraction(damage, total), down: fraction(down, total),
    saved: saves ? fraction(saved, total) : null,
    tie: ties ? fraction(tie, total) : null, miss: ties ? fraction(total - hit - tie, total) : null,
    locations: names.map((name) => [name, fraction(/** @type {bigint} */ (places.get(name)), total)])
  };
}

/**
 * Read the odds: `compute()`'s summary and how long it took, or the note of why there is none
 * (too many outcomes for live odds, the rule's refusal of the current inputs, or a fault).
 * @param {() => Summary|{note: string}} compute
 * @returns {Reading}
 */
export function readOdds(compute) {
  const start = performance.now();
  try {
    const found = compute();
    const ms = performance.now() - start;
    return "note" in found ? { note: found.note, ms } : { summary: found, ms };
  } catch(err) {
    // Anything but the rules' refusal is a bug: it goes to the console (where the browser
    // tests see it) and the dialog stays usable, its odds panel saying they are unavailable.
    if ( !(err instanceof RuleError) ) console.error(err);
    const note = !(err instanceof RuleError) ? game.i18n.localize("RULEPACK.Odds.Unavailable")
      : err.code === TOO_MANY ? game.i18n.localize("RULEPACK.Odds.TooMany") : err.message;
    return { note, ms: performance.now() - start };
  }
}

/**
 * A probability as a percentage with one decimal, rounded half up in integers: "37.5%".
 * @param {Fraction} p
 * @returns {string}
 */
export function percent([num, den]) {
  const tenths = (num * 1000n + den / 2n) / den;
  return `${tenths / 10n}.${tenths % 10n}%`;
}

/**
 * A non-negative mean with two decimals, rounded half up in integers: "2.25".
 * @param {Fraction} value
 * @returns {string}
 */
export function decimal([num, den]) {
  const hundredths = (num * 100n + den / 2n) / den;
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, "0")}`;
}

/**
 * The word for a probability (LABELS).
 * @param {Fraction} p
 * @returns {string}
 */
export function label([num, den]) {
  if ( num === 0n ) return game.i18n.localize("RULEPACK.Odds.Label.Impossible");
  if ( num === den ) return game.i18n.localize("RULEPACK.Odds.Label.Certain");
  const [word] = /** @type {[() => string, bigint, bigint]} */ (LABELS.find(([, n, d]) => num * d >= n * den));
  return word();
}

/**
 * One line of the panel: its name, and the figure the mode shows; the exact fraction rides in
 * data attributes (the GM's view) for whoever reads the page.
 * @param {string} key
 * @param {string} name  localised
 * @param {Fraction} value
 * @param {"exact"|"label"} mode
 * @param {boolean} [mean]  an expectation, not a probability
 * @returns {string}
 */
function line(key, name, value, mode, mean = false) {
  const exact = mode === "exact";
  const shown = exact ? (mean ? decimal(value) : percent(value)) : label(value);
  const data = exact ? ` data-num="${value[0]}" data-den="${value[1]}" title="${value[0]}/${value[1]}"` : "";
  return `<li data-odds="${escapeHtml(key)}"${data}><span class="rulepack-odds-name">${escapeHtml(name)}</span> `
    + `<span class="rulepack-odds-value">${escapeHtml(shown)}</span></li>`;
}

/**
 * What a panel shows: its heading (plain text), the figures in order, the locations' labels
 * (their ids when absent), and optionally a figure's own name where the shared one would mislead
 * (localised: an SDM "hit" is a success, a shortfall also dealing damage), and the spread's own
 * heading (the wound column checked rather than where a blow strikes).
 * @typedef {{heading: string, figures: Figure[], names: Record<string, string>,
 *   labels?: Partial<Record<Figure, string>>, spreadHeading?: string}} PanelSpec
 */

/**
 * The lines of the figures `spec` asks for; the expected damage only in exact figures (a mean
 * has no word), the save only where the roll has one.
 * @param {Summary} s
 * @param {"exact"|"label"} mode
 * @param {Figure[]} figures
 * @param {Partial<Record<Figure, string>>} [labels]  names of the spec's own
 * @returns {string[]}
 */
function figureLines(s, mode, figures, labels = {}) {
  const i18n = game.i18n;
  const rows = [];
  for ( const figure of figures ) {
    if ( figure === "hit" ) rows.push(line("hit", labels.hit ?? i18n.localize("RULEPACK.Odds.Hit"), s.hit, mode));
    else if ( figure === "damage" && mode === "exact" ) rows.push(line("damage", labels.damage ?? i18n.localize("RULEPACK.Odds.Damage"), s.damage, mode, true));
    else if ( figure === "down" ) rows.push(line("down", labels.down ?? i18n.localize("RULEPACK.Odds.Down"), s.down, mode));
    else if ( figure === "saved" && s.saved !== null ) rows.push(line("saved", labels.saved ?? i18n.localize("RULEPACK.Odds.Saved"), s.saved, mode));
    else if ( figure === "tie" && s.tie !== null ) rows.push(line("tie", labels.tie ?? i18n.localize("RULEPACK.Odds.Tie"), s.tie, mode));
    else if ( figure === "miss" && s.miss !== null ) rows.push(line("miss", labels.miss ?? i18n.localize("RULEPACK.Odds.Miss"), s.miss, mode));
  }
  return rows;
}

/**
 * The panel's HTML for a reading in `mode` (never called for "hidden").
 * @param {Reading} reading
 * @param {"exact"|"label"} mode
 * @param {PanelSpec} spec
 * @returns {string}
 */
export function panelHtml(reading, mode, spec) {
  const i18n = game.i18n;
  const heading = `<p class="rulepack-odds-heading">${escapeHtml(spec.heading)}</p>`;
  if ( !reading.summary ) return `${heading}<p class="rulepack-odds-note">${escapeHtml(reading.note ?? "")}</p>`;
  const s = reading.summary;
  const names = spec.names;
  const rows = figureLines(s, mode, spec.figures, spec.labels);
  const spread = s.locations.map(([id, p]) => line(`location:${id}`, names[id] ?? id, p, mode));
  const where = spread.length
    ? `<p class="rulepack-odds-sub">${escapeHtml(spec.spreadHeading ?? i18n.localize("RULEPACK.Odds.Locations"))}</p><ul class="rulepack-odds-locations">${spread.join("")}</ul>`
    : "";
  return `${heading}<ul class="rulepack-odds-main">${rows.join("")}</ul>${where}`;
}

/**
 * The placeholder a dialog's content carries where the odds go (none when they are hidden): one
 * panel, or `count` of them (a card landing on several fighters, one panel each).
 * @param {number} [count=1]
 * @returns {string}
 */
export function oddsSlot(count = 1) {
  if ( disclosure() === "hidden" ) return "";
  const one = (/** @type {number} */ part) => `<section class="rulepack-odds" aria-live="polite" data-mode="${disclosure()}" data-part="${part}"></section>`;
  return Array.from({ length: count }, (_, part) => one(part)).join("");
}

/**
 * One panel of a dialog: what it computes from the form, and what it shows.
 * @typedef {{compute: (form: HTMLFormElement) => Summary|{note: string}, spec: PanelSpec}} Part
 */

/**
 * A DialogV2 `render` callback that fills the dialog's odds panel and refreshes it on every
 * `input` of its form. `compute(form)` gives the summary of the roll the form
 * describes now (or a note). The callback's dialog is the HTMLDialogElement on v12, the
 * DialogV2 on v13.
 * @param {(form: HTMLFormElement) => Summary|{note: string}} compute
 * @param {PanelSpec} spec
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function liveOdds(compute, spec) {
  return liveOddsParts([{ compute, spec }]);
}

/**
 * `liveOdds` for a dialog with one panel per part (`oddsSlot(parts.length)`), in order.
 * @param {Part[]} parts
 * @returns {(event: Event, dialog: HTMLElement | foundry.applications.api.DialogV2) => void}
 */
export function liveOddsParts(parts) {
  return (_event, dialog) => {
    const root = dialog instanceof HTMLElement ? dialog : dialog.element;
    const panels = [...root.querySelectorAll("section.rulepack-odds")];
    const form = panels[0]?.closest("form");
    const mode = disclosure();
    if ( !panels.length || !form || mode === "hidden" ) return;
    const refresh = () => parts.forEach(({ compute, spec }, index) => {
      const panel = panels[index];
      if ( !panel ) return;
      const reading = readOdds(() => compute(/** @type {HTMLFormElement} */ (form)));
      panel.innerHTML = panelHtml(reading, mode, spec);
      panel.setAttribute("data-ms", reading.ms.toFixed(1));
    });
    // Every control fires `input` as the user changes it (a checkbox or a select too, HTML's
    // "input" event), so one listener refreshes once per change.
    form.addEventListener("input", refresh);
    refresh();
  };
}
