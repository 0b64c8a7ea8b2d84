/**
 * Sensorial Class, Acuity, Visibility, Blind Fighting, dampener, Unreactable; mirror of
 * `compiler/rules/danger_room/senses.py`.
 *
 * DR-R12..R15, DR-G23..G25, DR-G41. A fighter's senses are `{id, sensorial_class, traits,
 * conditions}`: `sensorial_class` is `{id, acuity, <second rating>}` from its Physiology, or null
 * for the default (Terrestrial); `traits` are `{id, tags}` (innate `blind_fighting` among them);
 * `conditions` lists the active condition ids (`dampened` is the power dampener).
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getBool, getChoice, getInt, getStr } from "../inputs.mjs";
import { DIE, bonus, cardlessPool, readAttributes, readFlat, rolled } from "./attributes.mjs";
import { CF, IN, configObject, readId, readObjects, readStrList } from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {object} Senses  DR-R12, DR-R14: a fighter's effective class and Blind Fighting.
 * @property {string} fighter
 * @property {string} class_id
 * @property {string} acuity
 * @property {string} reaction
 * @property {boolean} blind_fighting
 */

export const RATINGS = Object.freeze(["Basic", "Superior", "Absolute"]);
export const BLIND_FIGHTING = "blind_fighting";
export const DAMPENED = "dampened";
const SPEED_LIMIT = 1000;
const DAMPENER_KEYS = Object.freeze(["disables_tags", "removes_blind_fighting", "sensorial_class"]);

/**
 * DR-G24: the name of the unnamed second rating (`reaction`).
 * @param {object} config
 * @returns {string}
 */
export function secondRating(config) {
  return getStr(configObject(config, "sensorial", ["second_rating_name"]), "second_rating_name", `${CF}.sensorial`);
}

/**
 * DR-G25: the default class (Terrestrial: Basic, Basic) as [id, acuity, reaction].
 * @param {object} config
 * @returns {[string, string, string]}
 */
export function defaultClass(config) {
  const where = `${CF}.default_sensorial_class`;
  const fields = configObject(config, "default_sensorial_class", ["id", "acuity", "reaction"]);
  return [getStr(fields, "id", where), getChoice(fields, "acuity", where, RATINGS), getChoice(fields, "reaction", where, RATINGS)];
}

/**
 * DR-R12, DR-G25: `{id, acuity, <second rating>}` from the Physiology; null: the default.
 * @param {unknown} value
 * @param {string} where
 * @param {object} config
 * @returns {[string, string, string]}
 */
export function readClass(value, where, config) {
  if ( value === null ) return defaultClass(config);
  const name = secondRating(config);
  const fields = expectObject(value, where, ["id", "acuity", name]);
  return [readId(fields, "id", where), getChoice(fields, "acuity", where, RATINGS), getChoice(fields, name, where, RATINGS)];
}

/**
 * DR-R14, DR-G41: a fighter's innate traits as [id, tags], e.g. `blind_fighting`.
 * @param {object} obj
 * @param {string} where
 * @returns {Array<[string, string[]]>}
 */
export function readTraits(obj, where) {
  return readObjects(obj, "traits", where).map(([at, item]) => {
    const trait = expectObject(item, at, ["id", "tags"]);
    return [readId(trait, "id", at), readStrList(trait, "tags", at)];
  });
}

/**
 * DR-R14, DR-G41: whether an innate trait works; a dampener removes those tagged as gifts.
 * It also removes innate Blind Fighting whatever its tags (`removes_blind_fighting`).
 * @param {string} name
 * @param {Array<[string, string[]]>} traits
 * @param {boolean} dampened
 * @param {object} config
 * @returns {boolean}
 */
export function traitWorks(name, traits, dampened, config) {
  const found = traits.filter(([trait]) => trait === name).map(([, tags]) => tags);
  if ( !found.length || !dampened ) return found.length > 0;
  const dampener = configObject(config, "dampener", DAMPENER_KEYS);
  const gone = readStrList(dampener, "disables_tags", `${CF}.dampener`);
  if ( (name === BLIND_FIGHTING) && getBool(dampener, "removes_blind_fighting", `${CF}.dampener`) ) return false;
  return found.some(tags => !tags.some(tag => gone.includes(tag)));
}

/**
 * DR-R12, DR-R14, DR-G41: a fighter's effective senses; a dampener takes innate gifts away.
 * @param {unknown} value
 * @param {string} where
 * @param {object} config
 * @returns {Senses}
 */
export function readSenses(value, where, config) {
  const fields = expectObject(value, where, ["id", "sensorial_class", "traits", "conditions"]);
  const ident = readId(fields, "id", where);
  let sense = readClass(fields.sensorial_class, `${where}.sensorial_class`, config);
  const traits = readTraits(fields, where);
  const dampened = readStrList(fields, "conditions", where).includes(DAMPENED);
  if ( dampened ) {
    const dampener = configObject(config, "dampener", DAMPENER_KEYS);
    const keep = getChoice(dampener, "sensorial_class", `${CF}.dampener`, ["default", "unchanged"]);
    sense = keep === "default" ? defaultClass(config) : sense;
  }
  const [classId, acuity, reaction] = sense;
  return {
    fighter: ident, class_id: classId, acuity, reaction,
    blind_fighting: traitWorks(BLIND_FIGHTING, traits, dampened, config)
  };
}

/**
 * DR-R13, DR-G23: the penalty value V of a location's Visibility level.
 * @param {string} level
 * @param {object} config
 * @returns {number}
 */
export function visibilityValue(level, config) {
  const levels = config.visibility_levels;
  if ( (levels === null) || (typeof levels !== "object") || Array.isArray(levels) || !Object.hasOwn(levels, level) ) {
    throw new RuleError(BAD_INPUT, "the Visibility level is not one of config.visibility_levels");
  }
  return getInt(levels, level, `${CF}.visibility_levels`, 0, 100);
}

/**
 * DR-R13, DR-R14, DR-G23: penalty dice = max(0, V - Acuity reduction); Blind Fighting: 0.
 * @param {Senses} senses
 * @param {string} level
 * @param {object} config
 * @returns {number}
 */
export function visibilityPenalty(senses, level, config) {
  const value = visibilityValue(level, config);
  if ( senses.blind_fighting ) return 0;
  const table = configObject(config, "acuity_reduction", RATINGS);
  if ( table[senses.acuity] === "all" ) return 0;
  return Math.max(0, value - getInt(table, senses.acuity, `${CF}.acuity_reduction`, 0, 100));
}

/**
 * DR-G24: the fastest attack Speed the target's reaction rating can follow (null: any).
 * @param {Senses} senses
 * @param {object} config
 * @returns {number|null}
 */
export function unreactableLimit(senses, config) {
  const table = configObject(config, "unreactable_if_speed_above", RATINGS);
  if ( table[senses.reaction] === null ) return null;
  return getInt(table, senses.reaction, `${CF}.unreactable_if_speed_above`, -SPEED_LIMIT, SPEED_LIMIT);
}

/**
 * DR-R15, DR-G24: tagged `unreactable`, or faster (turn Speed) than the target can follow.
 * @param {number} speed
 * @param {string[]} tags
 * @param {Senses} senses
 * @param {object} config
 * @returns {boolean}
 */
export function isUnreactable(speed, tags, senses, config) {
  const limit = unreactableLimit(senses, config);
  return tags.includes("unreactable") || ((limit !== null) && (speed > limit));
}

/**
 * DR-R12: a fighter's effective Sensorial Class.
 * @param {Senses} senses
 * @param {object} config
 * @returns {object}
 */
export function sensesEvent(senses, config) {
  return {
    type: "senses",
    fighter: senses.fighter,
    sensorial_class: senses.class_id,
    acuity: senses.acuity,
    [secondRating(config)]: senses.reaction,
    blind_fighting: senses.blind_fighting
  };
}

/**
 * DR-R12, DR-R13, DR-R14, DR-G23, DR-G25, DR-G41: a fighter's Visibility penalty dice.
 * @type {Rule}
 */
export function sight(input, config, queue) {
  const fields = expectObject(input, IN, ["fighter", "visibility"]);
  const senses = readSenses(fields.fighter, `${IN}.fighter`, config);
  const level = getStr(fields, "visibility", IN);
  const penalty = visibilityPenalty(senses, level, config);
  const events = [
    sensesEvent(senses, config),
    { type: "visibility", fighter: senses.fighter, visibility: level, penalty }
  ];
  return [events, { penalty }];
}

/**
 * DR-R06, DR-R13: a cardless Perception (or Investigation) roll less the Visibility penalty.
 * @type {Rule}
 */
export function perceptionCheck(input, config, queue) {
  const keys = ["fighter", "attributes", "visibility", "investigation", "fumbling", "boost", "luck"];
  const fields = expectObject(input, IN, keys);
  const senses = readSenses(fields.fighter, `${IN}.fighter`, config);
  const attributes = readAttributes(fields, IN);
  const level = getStr(fields, "visibility", IN);
  const penalty = visibilityPenalty(senses, level, config);
  const kind = getBool(fields, "investigation", IN) ? "investigation" : "perception";
  const size = cardlessPool(bonus(attributes.perception, config) - penalty);
  const flat = readFlat(fields, IN);
  const [events, state] = rolled(senses.fighter, kind, queue.takeMany(DIE, size), flat, config);
  const seen = { type: "visibility", fighter: senses.fighter, visibility: level, penalty };
  return [[seen, ...events], state];
}

/**
 * DR-R15, DR-G24, DR-G41: whether an attack's Speed and tags outrun the target's senses.
 * @type {Rule}
 */
export function unreactable(input, config, queue) {
  const fields = expectObject(input, IN, ["speed", "tags", "target"]);
  const speed = getInt(fields, "speed", IN, -SPEED_LIMIT, SPEED_LIMIT);
  const tags = readStrList(fields, "tags", IN);
  const senses = readSenses(fields.target, `${IN}.target`, config);
  const result = isUnreactable(speed, tags, senses, config);
  const limit = unreactableLimit(senses, config);
  const event = { type: "unreactable", target: senses.fighter, speed, limit, unreactable: result };
  return [[event], { unreactable: result }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ sight, perceptionCheck, unreactable });
