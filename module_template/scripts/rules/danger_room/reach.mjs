/**
 * Reach: no roll to hit; an attack lands on whoever is within the card's Reach. Mirror of
 * `compiler/rules/danger_room/reach.py`.
 *
 * DR-R09, DR-G22 (shapes), DR-G30 (area target order), DR-R24/DR-G31/DR-G37 (ground and air).
 * A card's `reach` is `{shape, size?, origin?, range?, include_self?}`; the attacker's `aim` is
 * `{target}` for Adjacent/N hexes, `{direction}` (0-5) for Line/Cone, `{}` for a Burst on the user
 * and `{hex}` for a Burst with `origin: target_hex`.
 */

import { fail } from "../shapes.mjs";
import * as hexes from "./hexes.mjs";
import { IN, asHex, compareKeys, exactKeys, hexJson, uniqueIds } from "./common.mjs";

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

export const SINGLE_TARGET = Object.freeze(["adjacent", "hexes"]);

/**
 * DR-G22: a card's checked `reach`. A Burst's origin defaults to the config's, and only a Burst
 * aimed at a hex (`target_hex`) has a `range`, which it must have.
 * @param {Record<string, any>} value
 * @param {string} where
 * @param {Record<string, any>} config
 * @returns {Reach}
 */
export function reachOf(value, where, config) {
  const shape = value.shape;
  let origin = "self";
  if ( shape === "burst" ) origin = value.origin ?? config.reach_geometry.burst_origin_default;
  if ( (origin === "target_hex") && !Object.hasOwn(value, "range") ) throw fail(where, `${where}.range is required`);
  if ( (origin === "self") && Object.hasOwn(value, "range") ) throw fail(where, `${where}.range is not a known field`);
  const size = shape === "adjacent" ? 1 : value.size;
  return { shape, size, origin, range: value.range ?? 0, include_self: value.include_self ?? false };
}

/**
 * DR-R24: a checked `{id, side, hex, airborne}`.
 * @param {Record<string, any>} value
 * @returns {Body}
 */
export function asBody(value) {
  return { id: value.id, side: value.side, hex: asHex(value.hex), airborne: value.airborne };
}

/**
 * DR-R24: the fighters on the map (`{id, side, hex, airborne}` each), ids unique.
 * @param {Record<string, any>} fields
 * @param {string} key
 * @returns {Body[]}
 */
export function bodiesOf(fields, key) {
  const bodies = fields[key].map((/** @type {Record<string, any>} */ item) => asBody(item));
  uniqueIds(bodies.map((/** @type {Body} */ b) => b.id), `${IN}.${key}`);
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
  if ( body === undefined ) throw fail(where, `${where} names no fighter on the map`);
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
 * DR-G22: the aim holds exactly the keys its Reach takes (`aimKeys`).
 * @param {Record<string, any>} aim
 * @param {Reach} reach
 * @param {string} where
 * @returns {void}
 */
export function checkAim(aim, reach, where) {
  exactKeys(aim, where, aimKeys(reach));
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
  const { tags, attacker } = attack;
  if ( !tags.includes("melee") || tags.includes("leaping") || (attacker.airborne === target.airborne) ) return true;
  return attacker.airborne && config.flyer_can_melee_grounded;
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
  const centre = asHex(aim.hex);
  if ( hexes.distance(user, centre) > reach.range ) throw fail(IN, `${IN}.aim.hex is beyond the card's range`);
  return centre;
}

/**
 * DR-G22: the aimed face direction of a Line or Cone (0 for a Burst, which has none).
 * @param {Reach} reach
 * @param {object} aim
 * @returns {number}
 */
export function areaDirection(reach, aim) {
  return reach.shape !== "burst" ? aim.direction : 0;
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
    const boundary = config.reach_geometry.cone_boundary;
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
  const allies = config.reach_geometry.area_hits_allies;
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
  const value = hexes.distance(asHex(input.a), asHex(input.b));
  return [[{ type: "hex_distance", distance: value }], { distance: value }];
}

/**
 * DR-G22: every hex of an aimed Line, Cone or Burst, nearest first, then by (q, r).
 * @type {Rule}
 */
export function reachArea(input, config, queue) {
  const user = { id: "user", side: "user", hex: asHex(input.user), airborne: false };
  const reach = reachOf(input.reach, `${IN}.reach`, config);
  if ( SINGLE_TARGET.includes(reach.shape) ) throw fail(IN, `${IN}.reach.shape must be line, cone or burst`);
  const aim = input.aim;
  checkAim(aim, reach, `${IN}.aim`);
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
  const bodies = bodiesOf(input, "fighters");
  const attacker = find(bodies, input.attacker, `${IN}.attacker`);
  const [card, aim] = [input.card, input.aim];
  const reach = reachOf(card.reach, `${IN}.card.reach`, config);
  const attack = { attacker, reach, tags: [...card.tags] };
  checkAim(aim, reach, `${IN}.aim`);
  const others = bodies.filter(b => b !== attacker);
  if ( SINGLE_TARGET.includes(reach.shape) ) {
    const target = find(others, aim.target, `${IN}.aim.target`);
    const why = singleInReach(attack, target, config);
    return [[reachEvent(attack, target, why)], { targets: why ? [] : [target.id] }];
  }
  const [origin, hit] = areaTargets(attack, aim, others, config);
  const ids = hit.map(b => b.id);
  return [[areaEvent(attack, origin, ids)], { targets: ids }];
}

/** Every rule of this topic by camelCase name, in file order. */
export const RULES = Object.freeze({ hexDistance, reachArea, reachTargets });
