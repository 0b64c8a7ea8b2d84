/**
 * Active Defences: arming, catching, riders and expiry; mirror of
 * `compiler/rules/danger_room/defences.py` (see it for the armed-defence record).
 */

import { IN } from "./common.mjs";
import { pick, stateCopy } from "./hits.mjs";
import { fail } from "../shapes.mjs";

/**
 * @typedef {import("../primitives.mjs").Rule} Rule
 */

/**
 * DR-G27: the built-in Block card's Active Defence, from `config.block_defence`.
 * @param {object} config
 * @returns {object}
 */
export function blockDefence(config) {
  const block = config.block_defence;
  const onBlock = { heal: 0, empower: 0 };
  return { ...block, targets: "self", effect: "negate", amount: 0, on_block: onBlock };
}

/**
 * DR-R16, DR-G11, DR-G27: a card's Active Defence (Block's built-in one if it has none).
 * @param {object} card
 * @param {string} where
 * @param {object} config
 * @returns {object}
 */
export function cardDefence(card, where, config) {
  const defence = card.active_defence;
  if ( defence === null ) {
    if ( card.kind !== "block" ) throw fail(where, `${where}.active_defence is required for this card`);
    return blockDefence(config);
  }
  return { ...defence };
}

/**
 * The armed defences of the fight state (checked), as copies to update.
 * @param {Record<string, any>} state
 * @returns {Record<string, any>[]}
 */
export function armedList(state) {
  return state.defences.map((/** @type {Record<string, any>} */ item) => ({ ...item }));
}

/**
 * DR-R16, DR-R20, DR-G26, DR-G27: whether a defence built to stop `stops` stops `card`.
 *
 * `any` stops everything; `any_non_grab` everything but Grabs ("Grabs ignore Block");
 * otherwise an entry must name the card's kind, one of its tags or its damage type.
 * @param {string[]} stops
 * @param {object} card
 * @returns {boolean}
 */
export function stopsCard(stops, card) {
  const grab = (card.kind === "grab") || card.tags.includes("grab");
  const names = [card.kind, ...card.tags];
  if ( card.damage_type !== null ) names.push(card.damage_type);
  if ( stops.includes("any") || (stops.includes("any_non_grab") && !grab) ) return true;
  return names.some(name => stops.includes(name));
}

/**
 * DR-R15, DR-R16, DR-G26: only an Emergency defence catches an Unreactable attack.
 *
 * With `active_defence_needs_sight`, a non-Emergency defence also fails while its owner's
 * Visibility penalty (`aim.sight_penalties[owner]`, default 0) is above 0.
 * @param {object} defence
 * @param {object} card
 * @param {object} aim
 * @param {object} config
 * @returns {boolean}
 */
export function canCatch(defence, card, aim, config) {
  if ( !stopsCard(defence.stops, card) ) return false;
  if ( defence.emergency ) return true;
  if ( aim.unreactable ) return false;
  if ( !config.active_defence_needs_sight ) return true;
  const penalties = aim.sight_penalties;
  return !Object.hasOwn(penalties, defence.owner) || (penalties[defence.owner] === 0);
}

/**
 * DR-R16: the on-block riders heal and empower the defence's owner, up to their maximums.
 * @param {object} fighter
 * @param {object} defence
 * @returns {[object[], object]}
 */
function ride(fighter, defence) {
  const events = [];
  let current = fighter;
  if ( defence.heal ) {
    const health = Math.max(current.health, Math.min(current.max_health, current.health + defence.heal));
    events.push({ type: "heal", fighter: current.id, health });
    current = { ...current, health };
  }
  if ( defence.empower ) {
    const top = Math.max(current.stamina, Math.min(current.stamina_max, current.stamina + defence.empower));
    events.push({ type: "empower", fighter: current.id, stamina: top });
    current = { ...current, stamina: top };
  }
  return [events, current];
}

/**
 * DR-G11, DR-G26: a catch: Shield points to the protected fighter, riders to the owner.
 * @param {object} state
 * @param {object} defence
 * @param {object} card
 * @returns {object[]}
 */
function caught(state, defence, card) {
  const fighters = state.fighters;
  const events = [{
    type: "defence_caught",
    owner: defence.owner,
    protects: defence.protects,
    card: defence.card,
    attack: card.id,
    effect: defence.effect
  }];
  if ( defence.effect === "shield_points" ) {
    const shielded = pick(state, defence, "protects", `${IN}.state.defences[caught]`);
    const points = shielded.shield_points + defence.amount;
    events.push({ type: "shield", fighter: shielded.id, shield_points: points });
    fighters[shielded.id] = { ...shielded, shield_points: points };
  }
  const owner = pick(state, defence, "owner", `${IN}.state.defences[caught]`);
  const [rideEvents, ridden] = ride(owner, defence);
  fighters[owner.id] = ridden;
  return [...events, ...rideEvents];
}

/**
 * DR-R16, DR-R20, DR-G03, DR-G26, DR-G29: the first armed defence over the target that
 * can catch the card catches it, once for all its hits; returns [events, state, negated].
 *
 * A `negate` defence makes the whole card do nothing to the protected fighter; a
 * `shield_points` one grants its Shield points and lets the card go on to step 5.
 * @param {object} state
 * @param {object} attack
 * @param {object} config
 * @returns {[object[], object, boolean]}
 */
export function catchAttack(state, attack, config) {
  const updated = stateCopy(state);
  const armed = armedList(updated);
  for ( const [index, defence] of armed.entries() ) {
    if ( defence.protects !== attack.target ) continue;
    if ( !canCatch(defence, attack.card, attack, config) ) continue;
    updated.defences = [...armed.slice(0, index), ...armed.slice(index + 1)];
    const events = caught(updated, defence, attack.card);
    return [events, updated, defence.effect === "negate"];
  }
  return [[], updated, false];
}

/* -------------------------------------------- */
/*  Rules                                       */
/* -------------------------------------------- */

/**
 * DR-R15, DR-R16, DR-R20, DR-G11, DR-G26, DR-G27, DR-G28, DR-G29: does a defence catch?
 *
 * Input `{state, request: {target, card, unreactable, sight_penalties}}`; the state result
 * is `{negated, state}`: when `negated` the attack misses (`active_defence_caught`).
 * @type {Rule}
 */
export function defenceCheck(input, config, queue) {
  const [events, state, negated] = catchAttack(input.state, input.request, config);
  return [events, { negated, state }];
}

/**
 * The owner's `defence_uses`, which a fighter who arms a defence must carry.
 * @param {Record<string, any>} owner
 * @param {string} where
 * @returns {Record<string, number>}
 */
function usesOf(owner, where) {
  if ( !Object.hasOwn(owner, "defence_uses") ) throw fail(where, `${where}.defence_uses is required`);
  return { ...owner.defence_uses };
}

/**
 * DR-R16, DR-G11: a defence covers its owner, or a teammate if it may target an ally.
 * @param {object} state
 * @param {object} fields
 * @param {object} owner
 * @param {string} targets
 * @returns {string}
 */
function protectsOf(state, fields, owner, targets) {
  const protectedOne = pick(state, fields, "protects", IN);
  if ( (targets === "self") && (protectedOne.id !== owner.id) ) {
    throw fail(IN, `${IN}.protects: this Active Defence covers only its owner`);
  }
  if ( protectedOne.side !== owner.side ) throw fail(IN, `${IN}.protects: a Shield covers only a teammate`);
  return protectedOne.id;
}

/**
 * The defences of `owner` (all if null) end.
 * @param {object[]} armed
 * @param {string|null} owner
 * @returns {[object[], object[]]}
 */
function expireOf(armed, owner) {
  const goes = d => (owner === null) || (d.owner === owner);
  const events = armed.filter(goes).map(d => ({ type: "defence_expired", owner: d.owner, card: d.card }));
  return [events, armed.filter(d => !goes(d))];
}

/**
 * DR-R16, DR-G11, DR-G26, DR-G27: `owner` spends its turn arming `card` over `protects`.
 *
 * Arming is a use: a defence whose `uses_per_fight` are spent cannot be armed again. A new
 * defence replaces the owner's earlier one.
 * @type {Rule}
 */
export function armDefence(input, config, queue) {
  const state = stateCopy(input.state);
  let armed = armedList(state);
  const owner = pick(state, input, "owner", IN);
  const card = input.card;
  const cardId = card.id;
  const defence = cardDefence(card, `${IN}.card`, config);
  const uses = usesOf(owner, `${IN}.state.fighters[owner]`);
  const limit = defence.uses_per_fight;
  const used = Object.hasOwn(uses, cardId) ? uses[cardId] : 0;
  if ( (limit !== null) && (used >= limit) ) throw fail(IN, `${IN}.card has no uses left this fight (${limit})`);
  const protects = protectsOf(state, input, owner, defence.targets);
  let events;
  [events, armed] = expireOf(armed, owner.id);
  armed.push({
    owner: owner.id,
    protects,
    card: cardId,
    stops: [...defence.stops],
    emergency: defence.emergency,
    effect: defence.effect,
    amount: defence.amount,
    heal: defence.on_block.heal,
    empower: defence.on_block.empower
  });
  const left = limit === null ? null : limit - used - 1;
  state.fighters[owner.id] = { ...owner, defence_uses: { ...uses, [cardId]: used + 1 } };
  const event = { type: "defence_armed", owner: owner.id, protects, card: cardId, uses_left: left };
  return [[...events, event], { ...state, defences: armed }];
}

/**
 * DR-G26: `own_turn` (a fighter's turn begins) or `end_of_turn`: defences that run out.
 *
 * Under `until_next_own_turn` a defence ends when its owner's next turn begins; under
 * `end_of_turn` every defence ends with the Turn.
 * @type {Rule}
 */
export function expireDefences(input, config, queue) {
  const state = stateCopy(input.state);
  const armed = armedList(state);
  const [moment, owner] = [input.moment, input.fighter];
  if ( (moment === "own_turn") && (owner === null) ) throw fail(IN, `${IN}.fighter must be a non-empty string`);
  if ( (moment === "end_of_turn") && (owner !== null) ) throw fail(IN, `${IN}.fighter must be null at the end of a Turn`);
  const lasts = config.active_defence_lasts;
  if ( (moment === "own_turn") !== (lasts === "until_next_own_turn") ) return [[], { ...state, defences: armed }];
  const [events, kept] = expireOf(armed, owner);
  return [events, { ...state, defences: kept }];
}

/** The rules of this module, by camelCase name, in file order. */
export const RULES = Object.freeze({ armDefence, defenceCheck, expireDefences });
