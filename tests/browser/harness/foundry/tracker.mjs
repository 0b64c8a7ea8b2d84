/**
 * Stand-in for the Combat tracker sidebar tab (`ui.combat`): the viewed Combat (`viewed`, the
 * world's `game.combat` here), rendered into `#sidebar` as each generation's template lays it
 * out, far enough for a module that adds controls to it, and re-rendered whenever its Combat or
 * one of its Combatants is updated (Foundry renders a document's apps on `_onUpdate`).
 * - v12 (Application V1, templates/sidebar/combat-tracker.html): a new `section#combat` each
 *   render in place of the old one, rows `li.combatant[data-combatant-id]` in `ol#combat-tracker`,
 *   the footer `nav#combat-controls`; the hook `renderCombatTracker(app, html, data)` with `html`
 *   a jQuery object (https://foundryvtt.com/api/v12/functions/hookEvents.renderApplication.html).
 * - v13 (ApplicationV2, foundry.applications.sidebar.tabs.CombatTracker, templates/sidebar/tabs/
 *   combat/*.hbs): the same `section#combat` kept across renders, its parts (header, the
 *   `ol.combat-tracker` of rows, the `nav.combat-controls` footer) replaced; the hook
 *   `renderCombatTracker(app, element, context, options)` with the HTMLElement
 *   (https://foundryvtt.com/api/functions/hookEvents.renderApplicationV2.html).
 * Rows show every Combatant in turn order, as to a GM (hidden Combatants are not modelled).
 * @module harness/foundry/tracker
 */

import { jQueryLike } from "./chat.mjs";
import { escapeHTML } from "./utils.mjs";

/** One row, as each generation's template writes it (name as text, initiative). */
function rowHTML(combatant, active, generation) {
  const name = escapeHTML(combatant.name);
  const initiative = Number.isFinite(combatant.initiative) ? String(combatant.initiative) : "";
  const css = active ? " active" : "";
  const heading = generation < 13 ? `<h4>${name}</h4>` : `<strong class="name">${name}</strong>`;
  const attrs = generation < 13 ? `class="combatant actor directory-item flexrow${css}"`
    : `class="combatant flexrow${css}" data-action="activateCombatant"`;
  return `<li ${attrs} data-combatant-id="${escapeHTML(combatant.id)}">
    <div class="token-name">${heading}<div class="combatant-controls"></div></div>
    <div class="token-initiative"><span class="initiative">${initiative}</span></div>
  </li>`;
}

/** The parts of the tracker for `combat` (null: no encounter), keyed as v13 names them. */
function partsHTML(combat, generation) {
  const rows = combat ? combat.turns.map((c, i) => rowHTML(c, i === combat.turn, generation)).join("") : "";
  const round = combat ? `Round ${combat.round}` : "No Combat Encounters";
  if (generation < 13) {
    return {
      header: `<header id="combat-round" class="combat-tracker-header"><h3 class="encounter-title">${round}</h3></header>`,
      tracker: `<ol id="combat-tracker" class="directory-list">${rows}</ol>`,
      footer: `<nav id="combat-controls" class="directory-footer flexrow"></nav>`,
    };
  }
  return {
    header: `<header class="combat-tracker-header" data-application-part="header"><h3 class="encounter-title">${round}</h3></header>`,
    tracker: `<ol class="combat-tracker plain" data-application-part="tracker">${rows}</ol>`,
    footer: `<nav class="combat-controls" data-application-part="footer"></nav>`,
  };
}

function fromHTML(html) {
  const template = document.createElement("template");
  template.innerHTML = html;
  return template.content.firstElementChild;
}

export class CombatTracker {
  constructor() {
    /** @type {HTMLElement|null} */
    this.element = null;
    this.rendered = false;
  }

  /** "The currently viewed Combat encounter". */
  get viewed() {
    return game.combat ?? null;
  }

  /** Render (or re-render) the tab and fire `renderCombatTracker` as the generation does. */
  async render() {
    const generation = game.release.generation;
    const combat = this.viewed;
    const parts = partsHTML(combat, generation);
    const context = { combat, round: combat?.round ?? 0, turn: combat?.turn ?? null, user: game.user };
    if ((generation < 13) || !this.element) {
      const section = fromHTML(`<section id="combat" class="tab sidebar-tab combat-sidebar directory flexcol" data-tab="combat">${parts.header}${parts.tracker}${parts.footer}</section>`);
      if (this.element) this.element.replaceWith(section);
      else document.getElementById("sidebar").append(section);
      this.element = section;
    } else {
      for (const [part, html] of Object.entries(parts)) {
        this.element.querySelector(`[data-application-part="${part}"]`).replaceWith(fromHTML(html));
      }
    }
    this.rendered = true;
    if (generation < 13) Hooks.callAll("renderCombatTracker", this, jQueryLike(this.element), context);
    else Hooks.callAll("renderCombatTracker", this, this.element, context, { parts: Object.keys(parts) });
    return this;
  }

  /** What a document update does to the open tracker: render it again. */
  refresh() {
    if (this.rendered) void this.render();
  }
}
