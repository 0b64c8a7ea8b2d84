/**
 * The damage pool and the per-hit steps 3-6 of DR-R19; mirror of
 * `compiler/rules/danger_room/damage.py`.
 *
 * Step 1 builds the pool (`poolParts`), step 2 rolls it (`rolls.roll`), and `settleHit` runs
 * steps 3-6 on one hit: save halving, Toughness (unless Lacerating), Shield, Dizzy.
 * `resolveHit` in `hits.mjs` strings them together for one card on one target.
 */

import * as dice from "../dice.mjs";
import { attributeBonus } from "./combatant.mjs";
import { IN } from "./common.mjs";
import { checkDizzy } from "./conditions.mjs";
import { fail } from "../shapes.mjs";

/** DR-R19 step 1: Vulnerable adds 2 dice, Resist takes 2 away. */
const RELATION_DICE = 2;

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * @typedef {object} Hit  One rolled hit on its way through steps 3-6.
 * @property {number} number
 * @property {number} rolled
 * @property {boolean} saved
 * @property {boolean} negated
 */

/**
 * DR-R18: a card that deals Damage names its Base Attribute ("Nothing is assumed from the kind of
 * card"); its other fields arrive checked by its shape.
 * @param {Record<string, any>} card
 * @param {string} where
 * @returns {void}
 */
export function checkCard(card, where) {
  if ( (card.damage !== null) && (card.base_attribute === null) ) {
    throw fail(where, `${where}.base_attribute is required when damage is set`);
  }
}

/**
 * DR-R11: a save stops a hinder-only power outright, as it does a `negate` save.
 * @param {object} card
 * @returns {boolean}
 */
export function negatesOnSave(card) {
  const save = card.save;
  return (save !== null) && ((save.on_save === "negate") || card.tags.includes("hinder_only"));
}

/**
 * DR-R19 step 1, DR-G13: immune, vulnerable, resist or neutral (`net`: V and R cancel).
 * @param {object} target
 * @param {string|null} damageType
 * @param {object} config
 * @returns {string}
 */
export function relation(target, damageType, config) {
  if ( damageType === null ) return "neutral";
  if ( target.immune.includes(damageType) ) return "immune";
  const net = Number(target.vulnerable.includes(damageType)) - Number(target.resist.includes(damageType));
  if ( net > 0 ) return "vulnerable";
  return net < 0 ? "resist" : "neutral";
}

/**
 * DR-G06: under `soak_bonus`, a reactable attack meets max(0, Agility bonus) more Soak.
 * @param {object} target
 * @param {boolean} unreactable
 * @param {object} config
 * @returns {number}
 */
export function defenseSoak(target, unreactable, config) {
  if ( (config.defense_model !== "soak_bonus") || unreactable ) return 0;
  return Math.max(0, attributeBonus(target, "agility", config));
}

/**
 * DR-R18, DR-R19 step 1, DR-G09, DR-G12, DR-E05: the damage pool and its parts, P11.
 *
 * Damage + Base Attribute bonus - Soak +/- 2 - Visibility penalty dice, clamped once at
 * `damage_pool_min`. `aim` carries `unreactable` and `penalty_dice` (worked out by part A).
 * @param {object} attacker
 * @param {object} target
 * @param {object} card
 * @param {object} aim
 * @param {object} config
 * @returns {object}
 */
export function poolParts(attacker, target, card, aim, config) {
  const gain = attributeBonus(attacker, card.base_attribute, config);
  const soak = target.soak + defenseSoak(target, aim.unreactable, config);
  const kind = relation(target, card.damage_type, config);
  const shift = { vulnerable: RELATION_DICE, resist: -RELATION_DICE }[kind] ?? 0;
  const floor = config.damage_pool_min;
  const size = dice.poolSize(card.damage, [gain, -soak, shift, -aim.penalty_dice], floor);
  return {
    card_damage: card.damage,
    bonus: gain,
    soak,
    relation: kind,
    relation_dice: shift,
    penalty_dice: aim.penalty_dice,
    size
  };
}

/**
 * DR-R19 steps 3-6, DR-R20, DR-G11, DR-G18: one hit from its rolled successes to Health.
 *
 * A save halves (P13, rounding down) or negates; Toughness comes off every hit unless the
 * card is Lacerating; Shield points absorb what is left; the Dizzy check runs per hit.
 * @param {object} target
 * @param {Hit} hit
 * @param {object} card
 * @param {number} turn
 * @param {object} config
 * @returns {[object[], object]}
 */
export function settleHit(target, hit, card, turn, config) {
  let afterSave = hit.rolled;
  if ( hit.negated ) afterSave = 0;
  else if ( hit.saved ) afterSave = dice.halve(hit.rolled);
  const lacerating = card.tags.includes("lacerating");
  const toughness = lacerating ? 0 : target.toughness;
  const afterToughness = Math.max(0, afterSave - toughness);
  const absorbed = Math.min(target.shield_points, afterToughness);
  const lost = afterToughness - absorbed;
  const updated = { ...target, shield_points: target.shield_points - absorbed, health: target.health - lost };
  const event = {
    type: "damage",
    fighter: target.id,
    hit: hit.number,
    rolled: hit.rolled,
    saved: hit.saved,
    after_save: afterSave,
    toughness,
    lacerating,
    after_toughness: afterToughness,
    shield_absorbed: absorbed,
    health_lost: lost,
    health: updated.health
  };
  const [dizzyEvents, dizzied] = checkDizzy(updated, lost, turn, config);
  return [[event, ...dizzyEvents], dizzied];
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * DR-R18, DR-R19 step 1, DR-G06, DR-G12, DR-G13, DR-E05, DR-E07: a pool's size; no dice.
 * @type {Rule}
 */
export function damagePool(input, config, queue) {
  const [attacker, target, card] = [input.attacker, input.target, input.card];
  checkCard(card, `${IN}.card`);
  if ( card.damage === null ) throw fail(IN, `${IN}.card.damage must be set for a damage pool`);
  const parts = poolParts(attacker, target, card, input, config);
  if ( parts.relation === "immune" ) {
    const event = { type: "immune", fighter: target.id, damage_type: card.damage_type };
    return [[event], { immune: true, pool: 0 }];
  }
  const event = { type: "damage_pool", attacker: attacker.id, target: target.id, ...parts };
  return [[event], { immune: false, pool: parts.size }];
}

/**
 * DR-R19 steps 3-6, DR-G10, DR-G11, DR-E06: `rolled` successes of one hit on `target`.
 * @type {Rule}
 */
export function hitSteps(input, config, queue) {
  const [card, saved] = [input.card, input.saved];
  checkCard(card, `${IN}.card`);
  const hit = { number: input.hit, rolled: input.rolled, saved, negated: saved && negatesOnSave(card) };
  const [events, updated] = settleHit(input.target, hit, card, input.turn, config);
  return [events, { target: updated }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ damagePool, hitSteps });
