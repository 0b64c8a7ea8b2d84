/**
 * What the Battle Montage checks before any die is rolled (CR-R13, CR-G13, CR-G24,
 * CR-G29-G31); mirror of `compiler/rules/crytures/checks.py`.
 *
 * A montage dialog offers only what these allow, so anything else is bad input: unknown
 * opponents, powers that may not make the check, spending more than a member has, and bindings
 * the seed does not allow.
 */

import { IN, bad, stat } from "./common.mjs";

const PARTY = `${IN}.party`;

/**
 * CR-R13: every party member and enemy has an id of its own.
 * @param {object[]} party
 * @param {object[]} enemies
 * @returns {void}
 */
export function checkIds(party, enemies) {
  const seen = new Set();
  for ( const [where, group] of [[PARTY, party], [`${IN}.enemies`, enemies]] ) {
    group.forEach((entry, index) => {
      if ( seen.has(entry.id) ) throw bad(`${where}[${index}].id repeats an earlier id`);
      seen.add(entry.id);
    });
  }
}

/**
 * CR-G13, CR-G24: a Montage power has an Attack line and is basic (`montage_power`).
 * @param {object} power
 * @param {string} where
 * @param {object} config
 * @returns {void}
 */
export function checkPower(power, where, config) {
  if ( power.attack === null ) throw bad(`${where}.power has no Attack line to roll`);
  if ( (config.montage_power === "basic") && !power.basic ) throw bad(`${where}.power is not a basic power`);
}

/**
 * CR-R13 steps 3-5, CR-G31: the member may take a rank, squares up against an enemy, and
 * has the stats its power rolls.
 * @param {number} index
 * @param {object} member
 * @param {Map<string, object>} enemies
 * @param {object} config
 * @returns {void}
 */
export function checkMember(index, member, enemies, config) {
  const where = `${PARTY}[${index}]`;
  if ( (config.montage_party === "crytures_only") && (member.kind !== "cryture") ) {
    throw bad(`${where} is a character, and only crytures take ranks (montage_party)`);
  }
  if ( !enemies.has(member.target) ) throw bad(`${where}.target names no enemy`);
  checkPower(member.power, where, config);
  for ( const name of member.power.attack.pool_stats ) stat(member, name, where);
  const position = [...enemies.keys()].indexOf(member.target);
  stat(enemies.get(member.target), member.power.attack.difficulty_stat, `${IN}.enemies[${position}]`);
}

/**
 * CR-R13 step 5, CR-G30: a member spends no more Stamina, Mana (after its summons) or
 * consumables than it has, within `montage_spend_cap`.
 * @param {number} index
 * @param {object} member
 * @param {number} mana
 * @param {object} config
 * @returns {void}
 */
export function checkSpending(index, member, mana, config) {
  const where = `${PARTY}[${index}].spend`;
  const plan = member.spend;
  if ( plan.stamina > member.stamina ) throw bad(`${where}.stamina is more than the member has`);
  if ( plan.mana > mana ) throw bad(`${where}.mana is more than the member has after its summons`);
  const cap = config.montage_spend_cap;
  if ( (cap !== null) && ((plan.stamina + plan.mana) > cap) ) throw bad(`${where} spends more points than montage_spend_cap allows`);
  const carried = new Map(member.consumables.map(c => [c.id, c.count]));
  for ( const ident of Object.keys(plan.consumables).sort() ) {
    if ( plan.consumables[ident] > (carried.get(ident) ?? 0) ) throw bad(`${where}.consumables.${ident} is more than the member carries`);
  }
}

/**
 * CR-R13 step 5, CR-G29: "A Player may also consume a binding crystal and attempt to bind
 * a cryture they're squared up against": a character, with a crystal, on a bindable cryture.
 * @param {number} index
 * @param {object} member
 * @param {Map<string, object>} enemies
 * @returns {void}
 */
export function checkBinding(index, member, enemies) {
  if ( !member.bind ) return;
  const where = `${PARTY}[${index}]`;
  if ( member.kind !== "character" ) throw bad(`${where}.bind: only a character binds crytures`);
  if ( member.binding_crystals < 1 ) throw bad(`${where}.bind: the member has no binding crystal`);
  const enemy = enemies.get(member.target);
  if ( (enemy.kind !== "cryture") || !enemy.bindable ) throw bad(`${where}.bind: its enemy is not a bindable cryture`);
}

/**
 * CR-R13 step 1, CR-G30, CR-G31: each cryture's summoner is a party character; the Mana each
 * character pays for its crytures beyond the first.
 * @param {object[]} party
 * @param {object} config
 * @returns {Map<string, number>}
 */
export function summonCosts(party, config) {
  const characters = new Set(party.filter(m => m.kind === "character").map(m => m.id));
  const count = new Map();
  party.forEach((member, index) => {
    if ( member.kind !== "cryture" ) return;
    if ( !characters.has(member.summoner) ) throw bad(`${PARTY}[${index}].summoner names no character of the party`);
    count.set(member.summoner, (count.get(member.summoner) ?? 0) + 1);
  });
  return new Map([...count].map(([who, n]) => [who, (n - 1) * config.montage_extra_summon_cost]));
}

/**
 * CR-R13, CR-G13, CR-G24, CR-G29, CR-G30, CR-G31: the whole montage is possible as given.
 * @param {object[]} party
 * @param {object[]} enemies
 * @param {object} config
 * @returns {void}
 */
export function checkMontage(party, enemies, config) {
  checkIds(party, enemies);
  const table = new Map(enemies.map(e => [e.id, e]));
  enemies.forEach((enemy, index) => {
    const where = `${IN}.enemies[${index}]`;
    checkPower(enemy.power, where, config);
    for ( const name of enemy.power.attack.pool_stats ) stat(enemy, name, where);
  });
  const costs = summonCosts(party, config);
  party.forEach((member, index) => {
    checkMember(index, member, table, config);
    const cost = costs.get(member.id) ?? 0;
    if ( cost > member.mana ) throw bad(`${PARTY}[${index}].mana does not pay for its extra crytures`);
    checkSpending(index, member, member.mana - cost, config);
    checkBinding(index, member, table);
  });
}
