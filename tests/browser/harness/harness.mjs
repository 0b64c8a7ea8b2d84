/**
 * The page's test API, `window.harness`, called by the Python tests through Playwright:
 * boot a module, run one macro with scripted dice and report what it did, render pack
 * documents, and inspect the page for anything author text may have made executable.
 * @module harness
 */

import { stageScene } from "./foundry/canvas.mjs";
import { scriptedAnswers } from "./foundry/dialogs.mjs";
import { record } from "./foundry/record.mjs";
import { scriptedDice } from "./foundry/dice.mjs";
import { boot } from "./foundry/game.mjs";
import { renderDocuments } from "./render.mjs";

/** CSP violations (the server sends a report-only policy: inline script would show up here). */
const violations = [];
document.addEventListener("securitypolicyviolation", (e) => {
  violations.push({ directive: e.violatedDirective, blocked: e.blockedURI, sample: e.sample });
});

let manifest = null;

/** Elements and attributes that make author text executable; none may appear in shown areas. */
const UNSAFE_TAGS = "script, iframe, frame, object, embed, base, meta, link, form, svg, math, img, style";
const SHOWN_AREAS = ["#documents", "#chat-log", "#dialogs"];
/**
 * The one form the harness itself draws: a DialogV2 window's own `form.dialog-form`, as
 * Foundry's `_renderHTML` does (foundry/dialogs.mjs `frame`). Any other form in a shown area
 * came from the content.
 */
const FRAME_FORM = "#dialogs > dialog.application > section.window-content > form.dialog-form";

/** Iframes whose document has loaded (their `load` does not bubble, so capture it). */
const loadedFrames = new WeakSet();
document.addEventListener("load", (e) => {
  if (e.target instanceof HTMLIFrameElement) loadedFrames.add(e.target);
}, true);

/** One macrotask turn; MessageChannel is not throttled in background pages, unlike timers. */
function nextTask() {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Wait until images and iframes are done and queued tasks ran, so late handlers had their turn. */
async function settle() {
  const waits = [];
  for (const img of document.images) {
    if (img.complete) continue;
    waits.push(new Promise((r) => {
      img.addEventListener("load", r, { once: true });
      img.addEventListener("error", r, { once: true });
    }));
  }
  for (const frame of document.querySelectorAll("iframe")) {
    if (!loadedFrames.has(frame)) waits.push(new Promise((r) => frame.addEventListener("load", r, { once: true })));
  }
  await Promise.all(waits);
  for (let i = 0; i < 3; i++) await nextTask();
}

/** Texts of the elements matching `selector` under `root`. */
function texts(root, selector) {
  return [...root.querySelectorAll(selector)].map((el) => el.textContent);
}

/** What a rendered rulepack chat card shows, part by part (null for other messages). */
function shownCard(li) {
  const card = li.querySelector(".rulepack-card");
  if (!card) return null;
  return {
    dice: [...card.querySelectorAll(".rulepack-dice .dice-roll")].map((roll) => ({
      formula: roll.querySelector(".dice-formula")?.textContent ?? null,
      total: roll.querySelector(".dice-total")?.textContent ?? null,
    })),
    summary: texts(card, ".rulepack-summary"),
    changes: texts(card, ".rulepack-changes li"),
    undone: card.querySelector(".rulepack-undone")?.textContent ?? null,
    trace: [...card.querySelectorAll(".rulepack-trace li")].map((li) => ({
      id: li.dataset.catalogueId ?? null, text: li.textContent,
    })),
    actions: [...card.querySelectorAll("button[data-rulepack-action]")].map((b) => b.dataset.rulepackAction),
  };
}

/** What one rendered chat message shows. */
function shownMessage(id) {
  const li = document.querySelector(`#chat-log [data-message-id="${CSS.escape(id)}"]`);
  if (!li) return null;
  const flavor = li.querySelector(".flavor-text");
  const content = li.querySelector(".message-content");
  return {
    alias: li.querySelector(".message-sender")?.textContent ?? null,
    flavorText: flavor?.textContent ?? "",
    contentText: content?.textContent ?? "",
    contentHTML: content?.innerHTML ?? "",
    card: shownCard(li),
  };
}

/**
 * Do one thing as a user would, with scripted dice and dialog answers, and report what it did.
 * `scene` lays out actors, tokens, templates, the controlled and the targeted ones first
 * (`stageScene`); `answers` answer the dialogs it opens, in order (`dialogs.mjs`). `act` is
 * awaited when it returns its work (a macro); a click or a key leaves its work running, as in
 * Foundry, and the page is let settle.
 * @param {() => Promise<unknown>|void} act
 * @param {{dice: {d: number, v: number}[], scene?: object|null, answers?: object[]}} options
 */
async function runAction(act, { dice, scene = null, answers = [] }) {
  record.reset();
  scriptedDice.script(dice);
  scriptedAnswers.script(answers);
  let error = null;
  const run = async () => {
    if (scene) stageScene(scene);
    await act();
  };
  // A dialog whose button failed stays open with no answer left: the run is stuck there.
  const stuck = scriptedAnswers.stuck.then((title) => {
    throw new Error(`harness: the dialog "${title}" is still open, its button failed and nothing closed it`);
  });
  try {
    await Promise.race([run(), stuck]);
  } catch (e) {
    error = `${e?.name ?? "Error"}: ${e?.message ?? e}\n${e?.stack ?? ""}`;
  }
  await settle();
  return {
    error,
    diceLeft: structuredClone(scriptedDice.queue),
    answersLeft: structuredClone(scriptedAnswers.queue),
    dialogs: structuredClone(record.dialogs),
    messages: record.messages.map((m) => ({ ...structuredClone(m), shown: shownMessage(m._id) })),
    updates: structuredClone(record.updates),
    created: structuredClone(record.created),
    socket: structuredClone(record.socket),
    notifications: structuredClone(record.notifications),
  };
}

/**
 * Run one macro of a pack as a user would from the compendium (`runAction`).
 * @param {{pack: string, id: string, dice: {d: number, v: number}[], actor?: string|null,
 *   scene?: object|null, answers?: object[]}} options
 */
function runMacro({ pack, id, actor = null, ...options }) {
  return runAction(async () => {
    const macro = await game.packs.get(pack, { strict: true }).getDocument(id);
    if (!macro) throw new Error(`no macro ${id} in ${pack}`);
    await macro.execute({ actor: actor ? game.actors.get(actor, { strict: true }) : null });
  }, options);
}

/**
 * Click the one element matching `selector` in the rendered Combat tracker (rendered first, after
 * the scene is staged), as a user's click (`runAction`).
 * @param {{selector: string, dice: {d: number, v: number}[], scene?: object|null, answers?: object[]}} options
 */
function clickTracker({ selector, ...options }) {
  return runAction(async () => {
    await ui.combat.render();
    const found = ui.combat.element.querySelectorAll(selector);
    if (found.length !== 1) throw new Error(`harness: ${found.length} elements match ${selector} in the tracker`);
    found[0].click();
  }, options);
}

/**
 * Press a key (a `KeyboardEvent.code`, with the modifiers held) on the page, as a user at the
 * canvas does (`runAction`; `keybindings.mjs` dispatches it).
 * @param {{code: string, shift?: boolean, ctrl?: boolean, alt?: boolean, dice: {d: number, v: number}[],
 *   scene?: object|null, answers?: object[]}} options
 */
function pressKey({ code, shift = false, ctrl = false, alt = false, ...options }) {
  return runAction(() => {
    const init = { code, shiftKey: shift, ctrlKey: ctrl, altKey: alt, bubbles: true, cancelable: true };
    document.body.dispatchEvent(new KeyboardEvent("keydown", init));
  }, options);
}

/** The rendered tracker's rows and the module controls in each (and in the tracker outside rows). */
async function trackerControls() {
  await ui.combat.render();
  const root = ui.combat.element;
  const steps = (el) => [...el.querySelectorAll("button[data-rulepack-step]")].map((b) => b.dataset.rulepackStep);
  const rows = [...root.querySelectorAll("li.combatant")].map((li) => ({ id: li.dataset.combatantId, steps: steps(li) }));
  const outside = [...root.querySelectorAll("button[data-rulepack-step]")].filter((b) => !b.closest("li.combatant"));
  return { rows, bar: outside.map((b) => b.dataset.rulepackStep), labels: [...root.querySelectorAll("button[data-rulepack-step]")].map((b) => b.textContent) };
}

/** Everything in the shown areas that could run code: unsafe elements, handlers, script URLs. */
function inspect() {
  const found = [];
  for (const area of SHOWN_AREAS) {
    const root = document.querySelector(area);
    for (const el of root.querySelectorAll(UNSAFE_TAGS)) {
      if (!el.matches(FRAME_FORM)) found.push(`${area}: <${el.localName}>`);
    }
    for (const el of root.querySelectorAll("*")) {
      for (const { name, value } of el.attributes) {
        if (name.startsWith("on") || /(javascript|vbscript):/i.test(value)) {
          found.push(`${area}: <${el.localName} ${name}="${value}">`);
        }
      }
    }
  }
  return found;
}

window.harness = {
  /** Whether this page is a secure context (the harness serves it as one only when asked). */
  secure: () => ({ isSecureContext: window.isSecureContext, subtle: typeof crypto.subtle, clipboard: typeof navigator.clipboard }),
  async boot(moduleId, options) {
    manifest = await boot(moduleId, options);
    return manifest;
  },
  runMacro,
  clickTracker,
  pressKey,
  trackerControls,
  renderDocuments: () => renderDocuments(manifest),
  /** What the chat log shows of one message (see `runMacro`'s `shown`). */
  shownMessage,
  /** Texts written to the clipboard stand-in (secure pages only) since the last `runMacro`. */
  clipboard: () => [...record.clipboard],
  /** Render a message again on this client, as its chat log would (no update involved). */
  rerender(id) {
    game.messages.get(id).render();
  },
  settle,
  inspect,
  /** Names of window properties set by canary payloads (`window.__canary*`). */
  canaries: () => Object.keys(window).filter((k) => k.startsWith("__canary")),
  violations: () => structuredClone(violations),
  /** Text of the chat log, the documents area and any dialog, for "shown as inert text" checks. */
  shownText: () => ({
    chat: document.getElementById("chat-log").textContent,
    documents: document.getElementById("documents").textContent,
    dialogs: document.getElementById("dialogs").textContent,
  }),
};
