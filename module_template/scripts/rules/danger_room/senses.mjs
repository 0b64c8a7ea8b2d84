/**
 * Sensorial Class, Acuity, Visibility, Blind Fighting, dampener, Unreactable; mirror of
 * `compiler/rules/danger_room/senses.py`.
 *
 * DR-R12..R15, DR-G23..G25, DR-G41. A fighter's senses are `{id, sensorial_class, traits,
 * conditions}`: `sensorial_class` is `{id, acuity, <second rating>}` from its Physiology, or null
 * for the default (Terrestrial); `traits` are `{id, tags}` (innate `blind_fighting` among them);
 * `conditions` lists the active condition ids (`dampened` is the power dampener).
 */

import { fail } from "../shapes.mjs";
import { DIE, bonus, cardlessPool, flatOf, rolled } from "./attributes.mjs";
import { IN, checkId, exactKeys } from "./common.mjs";

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

/**
 * DR-G24: the name of the unnamed second rating (`reaction`).
 * @param {object} config
 * @returns {string}
 */
export function secondRating(config) {
  return config.sensorial.second_rating_name;
}

/**
 * DR-G25: the default class (Terrestrial: Basic, Basic) as [id, acuity, reaction].
 * @param {object} config
 * @returns {[string, string, string]}
 */
export function defaultClass(config) {
  const fields = config.default_sensorial_class;
  return [fields.id, fields.acuity, fields.reaction];
}

/**
 * DR-R12, DR-G24, DR-G25: `{id, acuity, <second rating>}` from the Physiology; null: the default.
 * The second rating's key is the config's, so this checks the keys and ratings.
 * @param {Record<string, any>|null} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {[string, string, string]}
 */
export function classOf(value, where, config) {
  if ( value === null ) return defaultClass(config);
  const name = secondRating(config);
  exactKeys(value, where, ["id", "acuity", name]);
  checkId(value.id, `${where}.id`);
  for ( const key of ["acuity", name] ) {
    if ( !RATINGS.includes(value[key]) ) throw fail(where, `${where}.${key} must be one of ${RATINGS.join(", ")}`);
  }
  return [value.id, value.acuity, value[name]];
}

/**
 * DR-R14, DR-G41: a fighter's innate traits as [id, tags], e.g. `blind_fighting`.
 * @param {Record<string, any>} obj
 * @returns {Array<[string, string[]]>}
 */
export function traitsOf(obj) {
  return obj.traits.map((/** @type {Record<string, any>} */ trait) => [trait.id, trait.tags]);
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
  const dampener = config.dampener;
  const gone = dampener.disables_tags;
  if ( (name === BLIND_FIGHTING) && dampener.removes_blind_fighting ) return false;
  return found.some(tags => !tags.some(tag => gone.includes(tag)));
}

/**
 * DR-R12, DR-R14, DR-G41: a fighter's effective senses; a dampener takes innate gifts away.
 * @param {Record<string, any>} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Senses}
 */
export function effectiveSenses(value, where, config) {
  let sense = classOf(value.sensorial_class, `${where}.sensorial_class`, config);
  const dampened = value.conditions.includes(DAMPENED);
  if ( dampened && (config.dampener.sensorial_class === "default") ) sense = defaultClass(config);
  const [classId, acuity, reaction] = sense;
  return {
    fighter: value.id, class_id: classId, acuity, reaction,
    blind_fighting: traitWorks(BLIND_FIGHTING, traitsOf(value), dampened, config)
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
  if ( !Object.hasOwn(levels, level) ) throw fail(IN, "the Visibility level is not one of config.visibility_levels");
  return levels[level];
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
  const reduction = config.acuity_reduction[senses.acuity];
  if ( reduction === "all" ) return 0;
  return Math.max(0, value - reduction);
}

/**
 * DR-G24: the fastest attack Speed the target's reaction rating can follow (null: any).
 * @param {Senses} senses
 * @param {object} config
 * @returns {number|null}
 */
export function unreactableLimit(senses, config) {
  return config.unreactable_if_speed_above[senses.reaction];
}

/**
 * DR-R15, DR-G24: "Every attack has a Speed": the card's printed Speed (`card`) or the
 * attacker's turn Speed (`turn`), as config `unreactable_speed` says.
 * @param {number} speed
 * @param {number} cardSpeed
 * @param {object} config
 * @returns {number}
 */
export function attackSpeed(speed, cardSpeed, config) {
  return config.unreactable_speed === "card" ? cardSpeed : speed;
}

/**
 * DR-R15, DR-G24: tagged `unreactable`, or faster (the attack's Speed, `attackSpeed`) than the
 * target can follow.
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
  const senses = effectiveSenses(input.fighter, `${IN}.fighter`, config);
  const level = input.visibility;
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
  const senses = effectiveSenses(input.fighter, `${IN}.fighter`, config);
  const level = input.visibility;
  const penalty = visibilityPenalty(senses, level, config);
  const kind = input.investigation ? "investigation" : "perception";
  const size = cardlessPool(bonus(input.attributes.perception, config) - penalty);
  const faces = queue.takeMany(DIE, size);
  const [events, state] = rolled(senses.fighter, kind, faces, flatOf(input), config);
  const seen = { type: "visibility", fighter: senses.fighter, visibility: level, penalty };
  return [[seen, ...events], state];
}

/**
 * DR-R15, DR-G24, DR-G41: whether an attack's Speed and tags outrun the target's senses.
 *
 * `speed` is the attacker's turn Speed and `card_speed` the card's printed one; the event
 * gives the Speed compared (`attackSpeed`).
 * @type {Rule}
 */
export function unreactable(input, config, queue) {
  const [speed, tags] = [attackSpeed(input.speed, input.card_speed, config), input.tags];
  const senses = effectiveSenses(input.target, `${IN}.target`, config);
  const result = isUnreactable(speed, tags, senses, config);
  const limit = unreactableLimit(senses, config);
  const event = { type: "unreactable", target: senses.fighter, speed, limit, unreactable: result };
  return [[event], { unreactable: result }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ sight, perceptionCheck, unreactable });
