/**
 * Rolls without a card (DR-R06): a save against an attacker's successes (`save`, DR-R11), a
 * contest between the selected fighter and the targeted one (`contest`, DR-G42), and a blow
 * taken outside the damage pipeline with its zero-Health d20 roll (`take_blow`, DR-R25), each
 * asked in a small form and posted as one chat card.
 * @module foundry/danger_room/rolls
 */

import { PlayError } from "./errors.mjs";
import { entryFor, readFight } from "./fight.mjs";
import { ATTRIBUTES, moduleItems } from "./sheet.mjs";
import { sendPending } from "./relay.mjs";
import { fightStep } from "./steps.mjs";
import { activeCombat, askForm, needsGm, report, selectedCombatant, speakerOf, targetedCombatants } from "./ui.mjs";
import { fightConfig } from "./settings.mjs";
import { contestOddsRender, saveOddsRender } from "./odds.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./ui.mjs").FormField} FormField
 */

/**
 * The attribute choices of a cardless roll: the five, then the save names of `save_aliases`
 * (DR-G08, e.g. Reflex).
 * @param {boolean} aliases
 * @returns {{value: string, label: string}[]}
 */
function attributeOptions(aliases) {
  const names = [...ATTRIBUTES, ...(aliases ? Object.keys(fightConfig().save_aliases) : [])];
  return names.map((name) => ({ value: name, label: name }));
}

/**
 * A BOOST field when the config lets this kind of roll take BOOSTs (DR-G15), else none.
 * @param {string} kind    "save" or "contest"
 * @param {string} name    the field name
 * @param {string} label
 * @returns {FormField[]}
 */
function boostField(kind, name, label) {
  const boost = fightConfig().boost;
  if ( !boost.rolls.includes(kind) ) return [];
  return [{ name, label, value: 0, min: 0, max: boost.max_per_roll }];
}

/**
 * The selected fighter's fight and entry.
 * @returns {Promise<{fight: import("./fight.mjs").Fight, entry: import("./fight.mjs").Entry}>}
 */
async function selectedFighter() {
  needsGm();
  const combat = activeCombat();
  const combatant = selectedCombatant(combat);
  const fight = readFight(combat, await moduleItems());
  return { fight, entry: entryFor(fight, combatant) };
}

/**
 * DR-R11: the selected fighter saves against an attacker's successes (a tie is a save); the
 * form asks the save's attribute, the successes to meet and whether the attack was Unreactable.
 * @returns {Promise<void>}
 */
export async function cardlessSave() {
  try {
    const { fight, entry } = await selectedFighter();
    const name = entry.combatant.name;
    const no = game.i18n.localize("RULEPACK.DangerRoom.No");
    const yes = game.i18n.localize("RULEPACK.DangerRoom.Yes");
    const fields = [
      { name: "save", label: game.i18n.localize("RULEPACK.DangerRoom.Attribute"), value: "Reflex", options: attributeOptions(true) },
      { name: "against", label: game.i18n.localize("RULEPACK.DangerRoom.Against"), value: 0, min: 0, max: 1000 },
      { name: "unreactable", label: game.i18n.localize("RULEPACK.DangerRoom.Unreactable"), value: "no",
        options: [{ value: "no", label: no }, { value: "yes", label: yes }] },
      ...boostField("save", "boost", game.i18n.localize("RULEPACK.DangerRoom.Boost"))
    ];
    const build = (/** @type {Record<string, string|number>} */ answer) => ({
      target: entry.record, save: String(answer.save), against: Number(answer.against),
      unreactable: answer.unreactable === "yes", boost: Number(answer.boost ?? 0)
    });
    const answer = await askForm("rulepack-dialog-danger_room-save", game.i18n.format("RULEPACK.DangerRoom.SaveTitle", { name }), fields, saveOddsRender(fields, build));
    if ( !answer ) return;
    const input = build(answer);
    await fightStep(fight, "save", input, {
      title: game.i18n.format("RULEPACK.DangerRoom.SaveTitle", { name }), speaker: speakerOf(entry.combatant),
      stateOf: (s) => ({ fighters: { [s.target.id]: s.target } })
    });
    await sendPending(fight);
  } catch(err) {
    report(err);
  }
}

/**
 * DR-G42: a cardless contest, the selected fighter challenging the one targeted; the form asks
 * each side's attribute (and BOOSTs where the config allows them).
 * @returns {Promise<void>}
 */
export async function contest() {
  try {
    const { fight, entry } = await selectedFighter();
    const targets = targetedCombatants(fight.combat);
    if ( targets.length !== 1 ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.TargetOne"));
    const defender = entryFor(fight, targets[0]);
    const names = { challenger: entry.combatant.name, defender: defender.combatant.name };
    const title = game.i18n.format("RULEPACK.DangerRoom.ContestTitle", names);
    const fields = [
      { name: "challenger", label: entry.combatant.name, value: "brawn", options: attributeOptions(true) },
      ...boostField("contest", "challengerBoost", game.i18n.localize("RULEPACK.DangerRoom.Boost")),
      { name: "defender", label: defender.combatant.name, value: "brawn", options: attributeOptions(true) },
      ...boostField("contest", "defenderBoost", game.i18n.localize("RULEPACK.DangerRoom.Boost"))
    ];
    const build = (/** @type {Record<string, string|number>} */ answer) => ({
      challenger: entry.record, challenger_attribute: String(answer.challenger), challenger_boost: Number(answer.challengerBoost ?? 0),
      defender: defender.record, defender_attribute: String(answer.defender), defender_boost: Number(answer.defenderBoost ?? 0)
    });
    const answer = await askForm("rulepack-dialog-danger_room-contest", title, fields, contestOddsRender(fields, build, names));
    if ( !answer ) return;
    const input = build(answer);
    await fightStep(fight, "contest", input, {
      title, speaker: speakerOf(entry.combatant),
      stateOf: (s) => ({ fighters: { [s.challenger.id]: s.challenger, [s.defender.id]: s.defender } })
    });
    await sendPending(fight);
  } catch(err) {
    report(err);
  }
}

/**
 * DR-R25, DR-G33: the selected fighter loses Health to a blow outside the damage pipeline; if it
 * crosses 0 it makes the one zero-Health roll (d20 + Endurance bonus + Bulk against 10 + 1 per 5
 * past 0), and damage past 0 equal to its full Health obliterates it.
 * @returns {Promise<void>}
 */
export async function takeBlow() {
  try {
    const { fight, entry } = await selectedFighter();
    const name = entry.combatant.name;
    const title = game.i18n.format("RULEPACK.DangerRoom.BlowTitle", { name });
    const answer = await askForm("rulepack-dialog-danger_room-blow", title, [
      { name: "lost", label: game.i18n.localize("RULEPACK.DangerRoom.HealthLost"), value: 0, min: 0, max: 100000 }
    ]);
    if ( !answer ) return;
    await fightStep(fight, "take_blow", { fighter: entry.record, health_lost: Number(answer.lost) }, {
      title, speaker: speakerOf(entry.combatant), stateOf: (s) => ({ fighters: { [s.fighter.id]: s.fighter } })
    });
    await sendPending(fight);
  } catch(err) {
    report(err);
  }
}
