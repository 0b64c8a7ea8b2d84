/**
 * Reach: no roll to hit; an attack lands on whoever is within the card's Reach. Mirror of
 * `compiler/rules/danger_room/reach.py`.
 *
 * DR-R09, DR-G22 (shapes), DR-G30 (area target order), DR-R24/DR-G31/DR-G37 (ground and air).
 * A card's `reach` is `{shape, size?, origin?, range?, include_self?}`; the attacker's `aim` is
 * `{target}` for Adjacent/N hexes, `{direction}` (0-5) for Line/Cone, `{}` for a Burst on the user
 * and `{hex}` for a Burst with `origin: target_hex`.
 */

import { BAD_INPUT, RuleError } from "../errors.mjs";
import { expectObject, getBool, getChoice, getInt } from "../inputs.mjs";
import * as hexes from "./hexes.mjs";
import {
  CF, IN, compareKeys, configObject, hexJson, readHex, readId, readObjects, readStrList, uniqueIds
} from "./common.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 * @typedef {import("./common.mjs").Hex} Hex
 * @typedef {[object[], object]} Result  The rule's events and new state.
 * @typedef {object} Reach  DR-R09, DR-G22: a card's printed Reach.
 * @property {string} shape
 * @property {number} size
 * @property {string} origin
 * @property {number} range
 * @property {boolean} include_self
 * @typedef {object} Body  DR-R24: where a fighter is for Reach.
 * @property {string} id
 * @property {string} side
 * @property {Hex} hex
 * @property {boolean} airborne
 * @typedef {object} Attack  DR-R09: who attacks with which Reach and card tags.
 * @property {Body} attacker
 * @property {Reach} reach
 * @property {string[]} tags
 */

export const SHAPES = Object.freeze(["adjacent", "hexes", "line", "cone", "burst"]);
export const SINGLE_TARGET = Object.freeze(["adjacent", "hexes"]);
const ORIGINS = Object.freeze(["self", "target_hex"]);
const BOUNDARIES = Object.freeze(["inclusive", "exclusive"]);
const SIZE_MAX = 100;
const GEOMETRY = "reach_geometry";
const GEOMETRY_KEYS = Object.freeze(["cone_boundary", "area_hits_allies", "burst_origin_default"]);

/**
 * The checked `reach_geometry` config object.
 * @param {object} config
 * @returns {object}
 */
function geometry(config) {
  return configObject(config, GEOMETRY, GEOMETRY_KEYS);
}

/**
 * The keys a `reach` of this shape and origin may hold.
 * @param {object} value
 * @param {string} shape
 * @param {string} origin
 * @returns {string[]}
 */
function reachKeys(value, shape, origin) {
  const keys = ["shape", ...(shape === "adjacent" ? [] : ["size"])];
  if ( ["line", "cone", "burst"].includes(shape) && Object.hasOwn(value, "include_self") ) keys.push("include_self");
  if ( (shape === "burst") && Object.hasOwn(value, "origin") ) keys.push("origin");
  return [...keys, ...(origin === "target_hex" ? ["range"] : [])];
}

/**
 * DR-G22: a card's `reach`; Adjacent has no size, a target-hex Burst needs a `range`.
 * @param {unknown} value
 * @param {string} where
 * @param {object} config
 * @returns {Reach}
 */
export function readReach(value, where, config) {
  if ( (value === null) || (typeof value !== "object") || Array.isArray(value) ) {
    throw new RuleError(BAD_INPUT, `${where} must be an object`);
  }
  const shape = Object.hasOwn(value, "shape") ? getChoice(value, "shape", where, SHAPES) : "";
  let origin = "self";
  if ( shape === "burst" ) {
    const fallback = getChoice(geometry(config), "burst_origin_default", `${CF}.${GEOMETRY}`, ORIGINS);
    origin = Object.hasOwn(value, "origin") ? getChoice(value, "origin", where, ORIGINS) : fallback;
  }
  const fields = expectObject(value, where, reachKeys(value, shape, origin));
  const size = shape === "adjacent" ? 1 : getInt(fields, "size", where, 1, SIZE_MAX);
  const range = origin === "target_hex" ? getInt(fields, "range", where, 0, SIZE_MAX) : 0;
  const includeSelf = Object.hasOwn(fields, "include_self") ? getBool(fields, "include_self", where) : false;
  return { shape, size, origin, range, include_self: includeSelf };
}

/**
 * DR-R24: a fighter's `{id, side, hex, airborne}`.
 * @param {unknown} value
 * @param {string} where
 * @returns {Body}
 */
export function readBody(value, where) {
  const fields = expectObject(value, where, ["id", "side", "hex", "airborne"]);
  return {
    id: readId(fields, "id", where),
    side: readId(fields, "side", where),
    hex: readHex(fields, "hex", where),
    airborne: getBool(fields, "airborne", where)
  };
}

/**
 * DR-R24: the fighters on the map (`{id, side, hex, airborne}` each), ids unique.
 * @param {object} fields
 * @param {string} key
 * @returns {Body[]}
 */
export function readBodies(fields, key) {
  const bodies = readObjects(fields, key, IN).map(([where, item]) => readBody(item, where));
  uniqueIds(bodies.map(b => b.id), `${IN}.${key}`);
  return bodies;
}

/**
 * DR-R09: the fighter with id `ident` (`bad_input` if none).
 * @param {Body[]} bodies
 * @param {string} ident
 * @param {string} where
 * @returns {Body}
 */
export function find(bodies, ident, where) {
  const body = bodies.find(b => b.id === ident);
  if ( body === undefined ) throw new RuleError(BAD_INPUT, `${where} names no fighter on the map`);
  return body;
}

/**
 * DR-G22: the keys of the attacker's `aim` for this Reach.
 * @param {Reach} reach
 * @returns {string[]}
 */
export function aimKeys(reach) {
  if ( SINGLE_TARGET.includes(reach.shape) ) return ["target"];
  if ( ["line", "cone"].includes(reach.shape) ) return ["direction"];
  return reach.origin === "target_hex" ? ["hex"] : [];
}

/**
 * DR-R24, DR-G31, DR-G37: an ordinary melee strike cannot go from the ground to the air.
 *
 * A `leaping` or non-`melee` card ignores altitude; a flyer may melee a grounded target
 * unless `flyer_can_melee_grounded` is false. Distance never depends on altitude (binary).
 * @param {Attack} attack
 * @param {Body} target
 * @param {object} config
 * @returns {boolean}
 */
export function altitudeAllows(attack, target, config) {
  getChoice(config, "altitude_model", CF, ["binary"]);
  const { tags, attacker } = attack;
  if ( !tags.includes("melee") || tags.includes("leaping") || (attacker.airborne === target.airborne) ) return true;
  return attacker.airborne && getBool(config, "flyer_can_melee_grounded", CF);
}

/**
 * DR-R09, DR-G22, DR-R24: "" if the target is in Reach, else why not (distance, altitude).
 * @param {Attack} attack
 * @param {Body} target
 * @param {object} config
 * @returns {string}
 */
export function singleInReach(attack, target, config) {
  const d = hexes.distance(attack.attacker.hex, target.hex);
  if ( (d < 1) || (d > attack.reach.size) ) return "distance";
  return altitudeAllows(attack, target, config) ? "" : "altitude";
}

/**
 * DR-G22: where an area starts: the user, or a Burst's aimed hex within the card's range.
 * @param {Attack} attack
 * @param {object} aim
 * @returns {Hex}
 */
export function areaOrigin(attack, aim) {
  const user = attack.attacker.hex;
  const reach = attack.reach;
  if ( (reach.shape !== "burst") || (reach.origin === "self") ) return user;
  const centre = readHex(aim, "hex", `${IN}.aim`);
  if ( hexes.distance(user, centre) > reach.range ) {
    throw new RuleError(BAD_INPUT, `${IN}.aim.hex is beyond the card's range`);
  }
  return centre;
}

/**
 * DR-G22: the aimed face direction of a Line or Cone (0 for a Burst, which has none).
 * @param {Reach} reach
 * @param {object} aim
 * @returns {number}
 */
export function areaDirection(reach, aim) {
  return reach.shape !== "burst" ? getInt(aim, "direction", `${IN}.aim`, 0, 5) : 0;
}

/**
 * DR-G22: whether hex `h` lies in the aimed Line, Cone or Burst.
 * @param {Reach} reach
 * @param {Hex} origin
 * @param {number} direction
 * @param {Hex} h
 * @param {object} config
 * @returns {boolean}
 */
export function inArea(reach, origin, direction, h, config) {
  if ( reach.shape === "line" ) return hexes.inLine(origin, h, direction, reach.size);
  if ( reach.shape === "cone" ) {
    const boundary = getChoice(geometry(config), "cone_boundary", `${CF}.${GEOMETRY}`, BOUNDARIES);
    return hexes.inCone(origin, h, direction, reach.size, boundary === "inclusive");
  }
  return hexes.inBurst(origin, h, reach.size);
}

/**
 * DR-G22, DR-G30: everyone in the area, nearest the origin first, then by id.
 *
 * The user is hit only if the card says `include_self`; allies only if `area_hits_allies`.
 * @param {Attack} attack
 * @param {object} aim
 * @param {Body[]} others
 * @param {object} config
 * @returns {[Hex, Body[]]}
 */
export function areaTargets(attack, aim, others, config) {
  const origin = areaOrigin(attack, aim);
  const direction = areaDirection(attack.reach, aim);
  const allies = getBool(geometry(config), "area_hits_allies", `${CF}.${GEOMETRY}`);
  getChoice(config, "area_target_order", CF, ["distance_then_id"]);
  const me = attack.attacker;
  const candidates = attack.reach.include_self ? [...others, me] : [...others];
  const hit = candidates.filter(body => (allies || (body.side !== me.side) || (body === me))
    && inArea(attack.reach, origin, direction, body.hex, config)
    && altitudeAllows(attack, body, config));
  const key = b => [hexes.distance(origin, b.hex), b.id];
  return [origin, hit.sort((a, b) => compareKeys(key(a), key(b)))];
}

/**
 * DR-R09: the Reach check of a single-target attack (`blocked_by` only when it fails).
 * @param {Attack} attack
 * @param {Body} target
 * @param {string} why
 * @returns {object}
 */
export function reachEvent(attack, target, why) {
  const event = {
    type: "reach",
    attacker: attack.attacker.id,
    target: target.id,
    distance: hexes.distance(attack.attacker.hex, target.hex),
    in_reach: !why
  };
  if ( why ) event.blocked_by = why;
  return event;
}

/**
 * DR-G22, DR-G30: the area an attack covers and its targets in resolution order.
 * @param {Attack} attack
 * @param {Hex} origin
 * @param {string[]} ids
 * @returns {object}
 */
export function areaEvent(attack, origin, ids) {
  return { type: "area", attacker: attack.attacker.id, shape: attack.reach.shape, origin: hexJson(origin), targets: ids };
}

/**
 * DR-G22: the hex distance between two axial hexes (Adjacent is distance 1).
 * @type {Rule}
 */
export function hexDistance(input, config, queue) {
  const fields = expectObject(input, IN, ["a", "b"]);
  const value = hexes.distance(readHex(fields, "a", IN), readHex(fields, "b", IN));
  return [[{ type: "hex_distance", distance: value }], { distance: value }];
}

/**
 * DR-G22: every hex of an aimed Line, Cone or Burst, nearest first, then by (q, r).
 * @type {Rule}
 */
export function reachArea(input, config, queue) {
  const fields = expectObject(input, IN, ["user", "reach", "aim"]);
  const user = { id: "user", side: "user", hex: readHex(fields, "user", IN), airborne: false };
  const reach = readReach(fields.reach, `${IN}.reach`, config);
  if ( SINGLE_TARGET.includes(reach.shape) ) {
    throw new RuleError(BAD_INPUT, `${IN}.reach.shape must be line, cone or burst`);
  }
  const aim = expectObject(fields.aim, `${IN}.aim`, aimKeys(reach));
  const origin = areaOrigin({ attacker: user, reach, tags: [] }, aim);
  const direction = areaDirection(reach, aim);
  const inside = [];
  for ( let dq = -reach.size; dq <= reach.size; dq++ ) {
    for ( let dr = -reach.size; dr <= reach.size; dr++ ) {
      const h = [origin[0] + dq, origin[1] + dr];
      const isUser = (h[0] === user.hex[0]) && (h[1] === user.hex[1]);
      if ( inArea(reach, origin, direction, h, config) && (!isUser || reach.include_self) ) inside.push(h);
    }
  }
  const key = h => [hexes.distance(origin, h), h[0], h[1]];
  inside.sort((a, b) => compareKeys(key(a), key(b)));
  const listed = inside.map(h => hexJson(h));
  const event = { type: "area", shape: reach.shape, origin: hexJson(origin), hexes: listed };
  return [[event], { count: listed.length, hexes: listed }];
}

/**
 * DR-R09, DR-R24, DR-G22, DR-G30, DR-G31, DR-G37: who an attack lands on; no dice.
 * @type {Rule}
 */
export function reachTargets(input, config, queue) {
  const fields = expectObject(input, IN, ["attacker", "card", "aim", "fighters"]);
  const bodies = readBodies(fields, "fighters");
  const attacker = find(bodies, readId(fields, "attacker", IN), `${IN}.attacker`);
  const card = expectObject(fields.card, `${IN}.card`, ["reach", "tags"]);
  const reach = readReach(card.reach, `${IN}.card.reach`, config);
  const attack = { attacker, reach, tags: [...readStrList(card, "tags", `${IN}.card`)] };
  const aim = expectObject(fields.aim, `${IN}.aim`, aimKeys(reach));
  const others = bodies.filter(b => b !== attacker);
  if ( SINGLE_TARGET.includes(reach.shape) ) {
    const target = find(others, readId(aim, "target", `${IN}.aim`), `${IN}.aim.target`);
    const why = singleInReach(attack, target, config);
    return [[reachEvent(attack, target, why)], { targets: why ? [] : [target.id] }];
  }
  const [origin, hit] = areaTargets(attack, aim, others, config);
  const ids = hit.map(b => b.id);
  return [[areaEvent(attack, origin, ids)], { targets: ids }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ hexDistance, reachArea, reachTargets });
