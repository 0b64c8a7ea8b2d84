/**
 * The Turn at the table (DR-R07): every fighter picks a card in secret (`commit.mjs`); when all
 * have, the GM reveals the Speeds (each client publishes the Speeds of its own picks, the cards
 * stay hidden) and the tracker shows the order (`order.mjs`); on its turn each fighter reveals
 * its card, which every client checks against the commitment, and plays it (`play.mjs`) or Waits;
 * the GM ends the Turn (conditions and defences that run out, `expire_conditions`,
 * `expire_defences`) and the next round begins.
 * @module foundry/danger_room/turn
 */

import { MODULE_ID, RULES_DATA } from "../../config.mjs";
import { forgetChoice, hashOf, keepChoice, keptChoice, matches, newNonce, roundFlag } from "./commit.mjs";
import { PlayError } from "./errors.mjs";
import { applyState, entryFor, joinFight, nameOf, readFight } from "./fight.mjs";
import { pickOdds } from "./odds.mjs";
import { inFight, orderRound, requeue, turnSpeed } from "./order.mjs";
import { sendPending } from "./relay.mjs";
import { cardKeys, fighterCard, moduleItems } from "./sheet.mjs";
import { fightConfig } from "./settings.mjs";
import { fightStep } from "./steps.mjs";
import { OWN_UPDATE } from "./tracker.mjs";
import { activeCombat, askForm, chosenCombatant, needsGm, report } from "./ui.mjs";
import * as notices from "../notices.mjs";
import { wordOf } from "../trace.mjs";
import { CONDITIONS } from "./words.mjs";

/**
 * @typedef {Record<string, any>} Json
 * @typedef {import("./fight.mjs").Fight} Fight
 * @typedef {import("./fight.mjs").Entry} Entry
 */

/* -------------------------------------------- */
/*  Pick                                        */
/* -------------------------------------------- */

/**
 * DR-R07 step 1: pick the fighter's card for this Turn in secret: the given Combatant's (the
 * tracker's control) or the selected token's (the macro, the key). The choice stays on this
 * client; the Combatant shows only its commitment. The window shows the selected card's odds
 * against each targeted fighter (`odds.mjs` `pickOdds`).
 * @param {Combatant} [chosen]  the Combatant to pick for (default: the selected token's)
 * @returns {Promise<string|undefined>}  the card picked
 */
export async function pickCard(chosen) {
  try {
    const combat = activeCombat();
    const combatant = chosenCombatant(combat, chosen);
    if ( !combatant.isOwner ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotYours"));
    if ( roundFlag(combat, combatant, "reveal") ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.AlreadyRevealed"));
    const actor = combatant.actor;
    if ( !actor ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotInFight"));
    const items = await moduleItems();
    const options = cardKeys(actor).map((key) => ({ value: key, label: items.get(key)?.name ?? key }));
    if ( !options.length ) throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.NoCards", { name: combatant.name }));
    const title = game.i18n.format("RULEPACK.DangerRoom.PickTitle", { name: combatant.name, round: combat.round });
    const label = game.i18n.localize("RULEPACK.DangerRoom.Card");
    const odds = pickOdds(combat, combatant, items);
    const answer = await askForm("rulepack-dialog-danger_room-pick", title, [{ name: "card", label, value: options[0].value, options }], odds?.render, odds?.panels);
    if ( !answer ) return undefined;
    const card = String(answer.card);
    fighterCard(actor, card, items);
    const choice = { card, nonce: newNonce() };
    keepChoice(combat, combatant, choice);
    await combatant.setFlag(MODULE_ID, "commit", { round: combat.round, hash: await hashOf(choice) });
    notices.info(game.i18n.format("RULEPACK.DangerRoom.Picked", { name: combatant.name }));
    return card;
  } catch(err) {
    return report(err);
  }
}

/* -------------------------------------------- */
/*  Speeds                                      */
/* -------------------------------------------- */

/**
 * Publish the Turn Speed of every pick this client keeps for the round (the card stays here).
 * @param {Fight} fight
 * @returns {Promise<void>}
 */
export async function publishSpeeds(fight) {
  const { combat } = fight;
  const items = await moduleItems();
  for ( const entry of inFight(fight) ) {
    const choice = keptChoice(combat, entry.combatant);
    if ( !choice || !entry.combatant.isOwner || roundFlag(combat, entry.combatant, "speed") ) continue;
    const speed = turnSpeed(entry.record, fighterCard(entry.actor, choice.card, items));
    await entry.combatant.setFlag(MODULE_ID, "speed", { round: combat.round, speed });
  }
}

/**
 * The round's commitments as the GM's client seals them when it reveals the Speeds: Combatant id
 * → hash, on the Combat, which no player may write. A player owns their Combatant and could
 * re-commit to another card once the Speeds are out; a reveal is checked against the seal.
 * @param {Fight} fight
 * @returns {Record<string, string>}
 */
function sealCommits(fight) {
  const { combat } = fight;
  return Object.fromEntries(inFight(fight).map((e) => [String(e.combatant.id), roundFlag(combat, e.combatant, "commit")?.hash]));
}

/**
 * The hash a reveal must match: the GM's seal of this round (`sealCommits`) once the Speeds are
 * revealed, else the Combatant's own commitment; null when there is none.
 * @param {Combat} combat
 * @param {Combatant} combatant
 * @returns {string|null}
 */
export function committedHash(combat, combatant) {
  const phase = combat.getFlag(MODULE_ID, "phase");
  if ( phase?.round === combat.round && phase.commits ) {
    const sealed = phase.commits[String(combatant.id)];
    return typeof sealed === "string" ? sealed : null;
  }
  return roundFlag(combat, combatant, "commit")?.hash ?? null;
}

/**
 * DR-R07 step 2 (GM): once every fighter still in the fight has picked, reveal the Speeds: the
 * fighters join the fight, every client publishes the Speeds of its own picks, and when all are
 * in the GM's client orders the round. Names the fighters still to pick otherwise.
 * @returns {Promise<boolean|undefined>}  whether the round is ordered
 */
export async function revealSpeeds() {
  try {
    if ( !game.user?.isGM ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.GMOnly"));
    const combat = activeCombat();
    const items = await moduleItems();
    await joinFight(combat, items);
    const fight = readFight(combat, items);
    const missing = inFight(fight).filter((e) => !roundFlag(combat, e.combatant, "commit"));
    if ( missing.length ) {
      const names = missing.map((e) => e.combatant.name).join(", ");
      throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.StillPicking", { names }));
    }
    const playing = inFight(fight).map((e) => [e.record.id, { ...e.record, played: true, acted: false }]);
    await applyState(fight, { fighters: Object.fromEntries(playing) });
    await combat.setFlag(MODULE_ID, "phase", { round: combat.round, phase: "speeds", commits: sealCommits(fight) });
    await publishSpeeds(fight);
    return await orderRound(readFight(combat, items));
  } catch(err) {
    return report(err);
  }
}

/* -------------------------------------------- */
/*  Reveal                                      */
/* -------------------------------------------- */

/**
 * Check a revealed card against the round's commitment (`committedHash`) and published Speed:
 * any other card, of the same Speed or not, or another nonce, is refused.
 * @param {Fight} fight
 * @param {Entry} entry
 * @param {{card: string, nonce: string}} choice
 * @param {Map<string, Item>} items
 * @returns {Promise<Json>}  the engine card; a PlayError when it is not the committed one
 */
export async function checkedCard(fight, entry, choice, items) {
  const { combat } = fight;
  const hash = committedHash(combat, entry.combatant);
  const speed = roundFlag(combat, entry.combatant, "speed");
  const fail = () => new PlayError(game.i18n.format("RULEPACK.DangerRoom.RevealMismatch", { name: entry.combatant.name }));
  if ( (hash === null) || !(await matches(choice, hash)) ) throw fail();
  const card = fighterCard(entry.actor, choice.card, items);
  if ( speed && turnSpeed(entry.record, card) !== speed.speed ) throw fail();
  return card;
}

/**
 * DR-R07 step 3: reveal this client's pick for the fighter: publish `{card, nonce}` once the
 * card to play is the one picked. Returns the engine card.
 * @param {Fight} fight
 * @param {Entry} entry
 * @param {string} card   the card the user plays
 * @param {Map<string, Item>} items
 * @returns {Promise<Json>}
 */
export async function revealCard(fight, entry, card, items) {
  const { combat } = fight;
  const published = roundFlag(combat, entry.combatant, "reveal");
  /** @type {{card: string, nonce: string}|null} */
  const choice = published ? { card: published.card, nonce: published.nonce } : keptChoice(combat, entry.combatant);
  if ( !choice ) throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.NotPicked", { name: entry.combatant.name }));
  if ( choice.card !== card ) throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.OtherCard", { name: entry.combatant.name }));
  const engineCard = await checkedCard(fight, entry, choice, items);
  if ( !published ) {
    await entry.combatant.setFlag(MODULE_ID, "reveal", { round: combat.round, card: choice.card, nonce: choice.nonce });
    forgetChoice(combat, entry.combatant);
  }
  return engineCard;
}

/**
 * Every client checks a card another client reveals: a mismatch with the commitment is reported
 * here and the card is never used (`revealCard` refuses it).
 * @param {Combatant} combatant
 * @returns {Promise<void>}
 */
export async function verifyReveal(combatant) {
  const combat = combatant.parent;
  if ( !combat || combat !== game.combat ) return;
  const reveal = roundFlag(combat, combatant, "reveal");
  if ( !reveal ) return;
  const items = await moduleItems();
  const fight = readFight(combat, items);
  try {
    await checkedCard(fight, entryFor(fight, combatant), { card: reveal.card, nonce: reveal.nonce }, items);
  } catch(err) {
    report(err);
  }
}

/**
 * DR-R13, DR-G23 (GM): the location's Visibility for the fight, one of the ruleset's levels;
 * attack rolls and Perception checks take its penalty dice, less each fighter's Acuity.
 * @returns {Promise<string|undefined>}  the level set
 */
export async function setVisibility() {
  try {
    if ( !game.user?.isGM ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.GMOnly"));
    const combat = activeCombat();
    const names = /** @type {Record<string, {name?: string}>} */ (RULES_DATA.visibility_level ?? {});
    const options = Object.keys(fightConfig().visibility_levels).map((level) => ({ value: level, label: names[level]?.name ?? level }));
    const current = combat.getFlag(MODULE_ID, "fight")?.visibility ?? "clear";
    const title = game.i18n.localize("RULEPACK.DangerRoom.VisibilityTitle");
    const answer = await askForm("rulepack-dialog-danger_room-visibility", title, [{ name: "visibility", label: title, value: current, options }]);
    if ( !answer ) return undefined;
    const level = String(answer.visibility);
    await combat.update({ [`flags.${MODULE_ID}.fight.visibility`]: level });
    notices.info(game.i18n.format("RULEPACK.DangerRoom.VisibilitySet", { level }));
    return level;
  } catch(err) {
    return report(err);
  }
}

/* -------------------------------------------- */
/*  Own turn, Wait, end of the Turn             */
/* -------------------------------------------- */

/**
 * The fighter whose turn the tracker shows must be the one acting.
 * @param {Combat} combat
 * @param {Combatant} combatant
 */
export function checkTurn(combat, combatant) {
  if ( combat.combatant !== combatant ) throw new PlayError(game.i18n.format("RULEPACK.DangerRoom.NotYourTurn", { name: combatant.name }));
  if ( !combatant.isOwner ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.NotYours"));
}

/**
 * DR-G26: the fighter's turn begins (once per Turn, a Wait included): its defences armed last
 * Turn may run out (`expire_defences` at `own_turn`); a card only when one does.
 * @param {Fight} fight
 * @param {Entry} entry
 * @returns {Promise<void>}
 */
export async function beginTurn(fight, entry) {
  const { combat } = fight;
  if ( roundFlag(combat, entry.combatant, "began") ) return;
  await entry.combatant.setFlag(MODULE_ID, "began", { round: combat.round });
  const input = { state: fight.state, moment: "own_turn", fighter: entry.record.id };
  await fightStep(fight, "expire_defences", input, {
    title: game.i18n.format("RULEPACK.DangerRoom.Title.OwnTurn", { name: entry.combatant.name }),
    speaker: ChatMessage.getSpeaker({ actor: entry.actor }), onlyIfEvents: true
  });
}

/**
 * DR-R07 step 5: the fighter Waits (the given Combatant, else the selected token's): it drops
 * to the end of the order, once per Turn.
 * @param {Combatant} [chosen]  the Combatant that Waits (default: the selected token's)
 * @returns {Promise<void>}
 */
export async function wait(chosen) {
  try {
    needsGm();
    const combat = activeCombat();
    const combatant = chosenCombatant(combat, chosen);
    checkTurn(combat, combatant);
    const items = await moduleItems();
    const fight = readFight(combat, items);
    const entry = entryFor(fight, combatant);
    if ( roundFlag(combat, combatant, "wait") ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.WaitedAlready"));
    await beginTurn(fight, entry);
    await combatant.setFlag(MODULE_ID, "wait", { round: combat.round });
    // A player's client leaves the re-queue to the GM's (register.mjs hooks): the tracker is theirs.
    if ( game.user?.isGM ) await requeue(fight, entry.record.id);
    else await sendPending(fight);
  } catch(err) {
    report(err);
  }
}

/**
 * The End of Turn card's outcome lines (issue 14): the Turn that is over and what comes next,
 * then each condition that ran out (DR-G17), or that none did.
 * @param {Fight} fight
 * @param {number} round   the Turn that ends
 * @param {Json[]} events  `expire_conditions`'s events
 * @returns {string[]}
 */
function endLines(fight, round, events) {
  const i18n = game.i18n;
  const ended = events.filter((e) => e.type === "condition_ended").map((e) => i18n.format("RULEPACK.DangerRoom.ConditionEnded", {
    name: nameOf(fight, e.fighter), condition: wordOf(CONDITIONS, e.condition, (key) => i18n.localize(key))
  }));
  return [
    i18n.format("RULEPACK.DangerRoom.EndTurnOutcome", { round, next: round + 1 }),
    ...(ended.length ? ended : [i18n.localize("RULEPACK.DangerRoom.NoConditionEnded")])
  ];
}

/**
 * DR-G17, DR-G26 (GM): end the Turn: fighters whose turn never began begin it, conditions and
 * defences that run out end, every fighter may act again, and the next round begins.
 * @returns {Promise<void>}
 */
export async function endTurn() {
  try {
    if ( !game.user?.isGM ) throw new PlayError(game.i18n.localize("RULEPACK.DangerRoom.GMOnly"));
    const combat = activeCombat();
    const items = await moduleItems();
    const fight = readFight(combat, items);
    const order = combat.getFlag(MODULE_ID, "order");
    const acting = order?.round === combat.round ? combat.turns.map((c) => c) : [];
    for ( const combatant of acting ) {
      const entry = entryFor(fight, combatant);
      if ( order.speeds.some((/** @type {[string, number]} */ [id]) => id === entry.record.id) ) await beginTurn(fight, entry);
    }
    const title = game.i18n.format("RULEPACK.DangerRoom.Title.EndTurn", { round: combat.round });
    const fighters = Object.fromEntries(Object.entries(fight.state.fighters).map(([id, f]) => [id, f]));
    await fightStep(fight, "expire_conditions", { fighters, turn: fight.state.turn }, {
      title, linesOf: (_, events) => endLines(fight, combat.round, events),
      stateOf: (s) => ({ fighters: Object.fromEntries(Object.entries(s.fighters).map(([id, f]) => [id, { ...f, acted: false }])) })
    });
    await fightStep(fight, "expire_defences", { state: fight.state, moment: "end_of_turn", fighter: null }, { title, onlyIfEvents: true });
    // Not Combat#nextRound: its update could not carry the option the tracker guard lets by.
    await combat.update({ round: combat.round + 1, turn: 0 }, OWN_UPDATE);
  } catch(err) {
    report(err);
  }
}
