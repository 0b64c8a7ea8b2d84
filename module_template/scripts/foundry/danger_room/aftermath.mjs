/**
 * After the fight (DR-R26, DR-R27): the Storyteller's report from the engine's `aftermath` —
 * everyone's end state, what is left on the ground, who is bound for the Resurrection queue and
 * the XP split — as a chat card and, if the GM asks, a journal entry; a Training bout also gives
 * every fighter its Health back.
 * @module foundry/danger_room/aftermath
 */

import { escapeHtml } from "../html.mjs";
import { PlayError } from "./errors.mjs";
import { nameOf, readFight } from "./fight.mjs";
import { moduleItems } from "./sheet.mjs";
import { fightStep } from "./steps.mjs";
import { activeCombat, askForm, report } from "./ui.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 */

/**
 * A list of fighter names, or "none".
 * @param {Fight} fight
 * @param {string[]} ids
 * @returns {string}
 */
function names(fight, ids) {
  return ids.length ? ids.map((id) => nameOf(fight, id)).join(", ") : game.i18n.localize("RULEPACK.DangerRoom.None");
}

/**
 * Items as "item (owner)", or "none".
 * @param {Fight} fight
 * @param {{item: string, owner: string}[]} items
 * @param {Map<string, Item>} known
 * @returns {string}
 */
function things(fight, items, known) {
  if ( !items.length ) return game.i18n.localize("RULEPACK.DangerRoom.None");
  return items.map((i) => `${known.get(i.item)?.name ?? i.item} (${nameOf(fight, i.owner)})`).join(", ");
}

/**
 * The report as plain-text lines.
 * @param {Fight} fight
 * @param {Json} report  the `aftermath` event's report
 * @param {Map<string, Item>} known
 * @returns {string[]}
 */
export function reportLines(fight, report, known) {
  const i18n = game.i18n;
  const states = report.end_states.map((/** @type {Json} */ s) => i18n.format("RULEPACK.DangerRoom.EndState", {
    name: nameOf(fight, s.fighter), status: s.status, health: s.health
  }));
  const xp = report.xp;
  return [
    ...states,
    i18n.format("RULEPACK.DangerRoom.OnGround", { items: things(fight, report.on_ground, known) }),
    i18n.format("RULEPACK.DangerRoom.Returned", { items: things(fight, report.returned, known) }),
    i18n.format("RULEPACK.DangerRoom.Resurrection", { names: names(fight, report.resurrection_queue) }),
    i18n.format("RULEPACK.DangerRoom.Xp", {
      total: xp.total, defeated: names(fight, xp.defeated), share: xp.share,
      fighters: names(fight, xp.fighters), remainder: xp.remainder
    })
  ];
}

/**
 * DR-R26 (GM): post the aftermath report of the active fight and, when asked, keep it as a
 * journal entry too.
 * @returns {Promise<JournalEntry|undefined>}  the journal entry, if one was written
 */
export async function aftermath() {
  try {
    if ( !game.user?.isGM ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.GMOnly"));
    const combat = activeCombat();
    const known = await moduleItems();
    const fight = readFight(combat, known);
    const title = game.i18n.format("RULEPACK.DangerRoom.Title.Aftermath", { round: combat.round });
    const answer = await askForm("rulepack-dialog-danger_room-aftermath", title, [{
      name: "journal", label: game.i18n.localize("RULEPACK.DangerRoom.AlsoJournal"), value: "no",
      options: [{ value: "no", label: game.i18n.localize("RULEPACK.DangerRoom.No") },
        { value: "yes", label: game.i18n.localize("RULEPACK.DangerRoom.Yes") }]
    }]);
    if ( !answer ) return undefined;
    const input = { state: { fighters: fight.state.fighters, on_ground: fight.state.on_ground } };
    const step = await fightStep(fight, "aftermath", input, {
      title, lines: [], stateOf: (s) => ({ fighters: s.fighters }),
      linesOf: (/** @type {Json} */ s) => reportLines(fight, s.report, known)
    });
    if ( answer.journal !== "yes" ) return undefined;
    const lines = reportLines(fight, step.result.state.report, known);
    const content = `<ul>${lines.map((l) => `<li>${escapeHtml(l)}</li>`).join("")}</ul>`;
    return await JournalEntry.create({ name: title, pages: [{ name: title, type: "text", text: { content, format: 1 } }] });
  } catch(err) {
    return report(err);
  }
}
