/**
 * Armour, HP, incapacitation, healing and the GM's death decision; mirror of
 * `compiler/rules/sdm_pool/harm.py`.
 *
 * Damage goes first to the armour worn (outermost, the first listed, first), then to HP down to
 * the HP floor; the engine never kills (SDM-R15).
 */

import * as dice from "../dice.mjs";
import { IN } from "./fields.mjs";
import { readCharacter } from "./sheet.mjs";

export const DIE = 6;

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("../queue.mjs").DiceQueue} DiceQueue
 * @typedef {import("./sheet.mjs").Character} Character
 */

/**
 * SDM-R13, SDM-G17: each worn piece in turn takes its share; returns [events, damage through].
 * `dr_depletes_hp`: a piece absorbs min(DR, damage left, its HP) and loses that much HP; at 0 it
 * is Broken and its DR is 0. `layer`: a piece takes damage up to its HP, DR unused (`dr` null).
 * @param {Character} character
 * @param {number} damage
 * @param {Record<string, any>} config
 * @returns {[object[], number]}
 */
export function absorb(character, damage, config) {
  const layer = config.armor_model === "layer";
  const events = [];
  let left = damage;
  for ( const piece of character.armor ) {
    if ( left <= 0 ) break;
    const dr = layer ? null : (piece.broken ? 0 : piece.dr);
    const taken = dr === null ? Math.min(left, piece.hp) : Math.min(dr, left, piece.hp);
    const before = piece.hp;
    const wasBroken = piece.broken;
    piece.hp -= taken;
    piece.broken = piece.hp === 0;
    left -= taken;
    events.push({
      type: "armor", id: character.id, piece: piece.id, dr,
      absorbed: taken, hp_before: before, hp_after: piece.hp, broken: piece.broken
    });
    if ( piece.broken && !wasBroken ) events.push({ type: "armor_breaks", id: character.id, piece: piece.id });
  }
  return [events, left];
}

/**
 * SDM-R10, SDM-R13, SDM-R14, SDM-R15, SDM-G21: armour, then HP down to the floor, the rest
 * recorded; at 0 HP or less the character is incapacitated, and death stays the GM's.
 * @param {Character} character
 * @param {number} damage
 * @param {Record<string, any>} config
 * @returns {object[]}
 */
export function takeDamage(character, damage, config) {
  const [events, through] = absorb(character, damage, config);
  const before = character.hp;
  const after = Math.max(config.hp_floor, before - through);
  const past = through - (before - after);
  character.hp = after;
  character.unapplied_damage += past;
  events.push({ type: "hp", id: character.id, damage: through, before, after, past_floor: past });
  if ( (after <= 0) && !character.incapacitated ) {
    character.incapacitated = true;
    character.stabilized = false;
    events.push({ type: "incapacitated", id: character.id, death: "gm_decision" });
  }
  return events;
}

/**
 * SDM-G01, SDM-G20, P1, C3: roll `pool` d6; [faces, successes, whether they meet `needed`].
 * @param {number} pool
 * @param {number} needed
 * @param {Record<string, any>} config
 * @param {DiceQueue} queue
 * @returns {[number[], number, boolean]}
 */
export function checkRoll(pool, needed, config, queue) {
  const faces = queue.takeMany(DIE, pool);
  const successes = dice.countAtLeast(faces, config.success_min_face);
  return [faces, successes, successes >= needed];
}

/**
 * SDM-R14, SDM-G20: the character is no longer incapacitated, at `hp` HP.
 * @param {Character} character
 * @param {number} hp
 * @returns {object}
 */
export function standUp(character, hp) {
  character.hp = Math.min(hp, character.max_hp);
  character.incapacitated = false;
  return { type: "recovered", id: character.id, hp: character.hp };
}

/**
 * SDM-R13, SDM-R14, SDM-R15, SDM-G17, SDM-G21, SDM-E05: damage through armour to HP.
 * @type {Rule}
 */
export function applyDamage(input, config, queue) {
  const character = readCharacter(input.character, `${IN}.character`, config);
  return [takeDamage(character, input.damage, config), { character }];
}

/**
 * SDM-R16, SDM-G23, SDM-R14: the GM's healing, up to Maximum HP (the seed gives no rate);
 * above 0 HP an incapacitated character stands up. The dead are not healed.
 * @type {Rule}
 */
export function heal(input, config, queue) {
  const character = readCharacter(input.character, `${IN}.character`, config);
  const amount = input.amount;
  if ( character.dead ) {
    return [[{ type: "refused", id: character.id, what: "heal", reason: "dead" }], { character }];
  }
  const before = character.hp;
  const after = Math.min(character.max_hp, before + amount);
  character.hp = after;
  const events = [{ type: "heal", id: character.id, amount, before, after }];
  if ( character.incapacitated && (after > 0) ) events.push(standUp(character, after));
  return [events, { character }];
}

/**
 * SDM-R15: the GM and the player decide whether this is the moment; the engine records it.
 * @type {Rule}
 */
export function decideDeath(input, config, queue) {
  const character = readCharacter(input.character, `${IN}.character`, config);
  character.dead = input.dead;
  return [[{ type: "death", id: character.id, dead: character.dead }], { character }];
}
