/**
 * Document changes a player's card makes to documents the player does not own (the enemy it
 * hurts): Foundry's server refuses those ("User X lacks permission to update Actor [id]"), so
 * the player's client, having rolled and posted its card, asks the active GM's client
 * (`gm-requests.mjs`) to apply them through `applyChanges` and post a card of its own listing
 * them before → after, which the GM can undo. A ruleset registers what its writes may touch
 * (`allowed`) and anything to do before applying (`prepare`); every other change is refused on
 * the GM's client and reported.
 * @module foundry/gm-writes
 */

import { applyChanges, changeLabel, shownValue } from "./card-changes.mjs";
import { postCard, postPartsCard } from "./chat-card.mjs";
import { documentFromUuid } from "./compat.mjs";
import { activeGm, askGm, registerGmRequest } from "./gm-requests.mjs";
import * as notices from "./notices.mjs";

/**
 * @typedef {import("./card-changes.mjs").Change} Change
 * @typedef {{title: string, call: import("./chat-card.mjs").RulesCall,
 *   result: import("./chat-card.mjs").CaseResult, summary?: string[]}} RelayedCard  the card whose
 *   rule made the changes (and, for one target of a card of several, that target's lines)
 * @typedef {{uuid: string, path: string, value: unknown} & import("./card-changes.mjs").ChangeDisplay} RelayedChange
 *   one change as it travels: its document's uuid, path, value and how the card shows it
 * @typedef {{card: RelayedCard|null, changes: RelayedChange[]}} Run
 *   the changes one card made, applied together and listed on one card of the GM's
 * @typedef {{title: string, summary: string[]}} Group
 *   runs that are the targets of one action: the GM's client lists them on one card of several
 * @typedef {{part: import("./chat-card.mjs").PartSpec, changes: Change[]}} Target
 *   one target of an action over several: its rules call and lines, the changes it makes
 * @typedef {{allowed: (document: foundry.abstract.Document, path: string) => boolean,
 *   prepare?: (changes: Change[]) => Promise<void>}} WritePolicy
 */

/**
 * Whether this user may write `document` themselves: a GM may write anything, a player what
 * they own (Foundry's OWNER permission).
 * @param {foundry.abstract.Document} document
 * @returns {boolean}
 */
export function canWrite(document) {
  return game.user?.isGM === true || /** @type {any} */ (document).isOwner === true;
}

/**
 * The changes of one run as this GM may apply them: resolved, and only those the policy allows
 * (each refused one reported).
 * @param {Run} run
 * @param {WritePolicy} policy
 * @returns {Promise<Change[]>}
 */
async function allowedChanges(run, policy) {
  /** @type {Change[]} */
  const changes = [];
  for ( const { uuid, path, value, label, shown } of run.changes ?? [] ) {
    const document = await documentFromUuid(String(uuid));
    if ( !document || !policy.allowed(document, String(path)) ) {
      notices.error(game.i18n.localize("RULEPACK.Gm.Refused"));
      continue;
    }
    // `label` and `shown` only word the GM's card (escaped there); Undo restores stored values.
    changes.push({ document: /** @type {any} */ (document), path: String(path), value, label, shown });
  }
  return changes;
}

/**
 * Register the GM's side of a ruleset's relayed writes (once, on `init`): each run applied in
 * order and listed on a card with its rules call, so the GM's Undo restores it.
 * @param {string} kind  the ruleset's name
 * @param {WritePolicy} policy
 */
export function registerGmWrites(kind, policy) {
  registerGmRequest(`${kind}.writes`, async (/** @type {{runs: Run[], group?: Group}} */ data, sender) => {
    const applied = game.i18n.format("RULEPACK.Gm.AppliedFor", { name: sender?.name ?? "?" });
    if ( data?.group ) return applyGroup(data.runs ?? [], data.group, { policy, applied });
    for ( const run of data?.runs ?? [] ) {
      const changes = await allowedChanges(run, policy);
      if ( !changes.length ) continue;
      await policy.prepare?.(changes);
      const records = await applyChanges(changes);
      if ( !run.card ) continue;
      await postCard({ title: run.card.title, call: run.card.call, result: run.card.result, summary: [applied], changes: records });
    }
  });
}

/**
 * The GM's side of the targets of one action (`applyAndPostParts`): each target's changes
 * applied in order, then one card of several listing them, each target with its Undo.
 * @param {Run[]} runs
 * @param {Group} group
 * @param {{policy: WritePolicy, applied: string}} how
 * @returns {Promise<void>}
 */
async function applyGroup(runs, group, { policy, applied }) {
  /** @type {import("./chat-card.mjs").PartSpec[]} */
  const parts = [];
  for ( const run of runs ) {
    const changes = await allowedChanges(run, policy);
    if ( changes.length ) await policy.prepare?.(changes);
    const records = changes.length ? await applyChanges(changes) : [];
    if ( !run.card ) continue;
    const summary = (run.card.summary ?? [run.card.title]).map(String);
    parts.push({ call: run.card.call, result: run.card.result, summary, changes: records });
  }
  if ( !parts.length ) return;
  await postPartsCard({ title: String(group.title), summary: [...(group.summary ?? []).map(String), applied], parts });
}

/**
 * Send runs of changes to the active GM's client (nothing when there are none); the targets of
 * one action go together, as a `group` (every target, for the GM's card to list them all).
 * @param {string} kind
 * @param {Run[]} runs
 * @param {Group} [group]
 * @returns {Promise<void>}
 */
export async function relayWrites(kind, runs, group) {
  const full = runs.filter((run) => run.changes.length);
  if ( !full.length ) return;
  await askGm(`${kind}.writes`, group ? { runs, group } : { runs: full });
}

/**
 * A change left for the GM's client, as a line of the player's card.
 * @param {Change} change
 * @returns {string}
 */
export function pendingLine(change) {
  const name = /** @type {any} */ (change.document)?.name ?? change.uuid ?? "";
  const after = shownValue(change.shown?.after ?? change.value);
  return game.i18n.format("RULEPACK.Gm.Pending", { name, label: changeLabel(change), after });
}

/**
 * One change as a run's entry: its document's uuid, the path, the value and how it is shown.
 * @param {Change} change
 * @returns {RelayedChange}
 */
export function relayed(change) {
  const uuid = change.document?.uuid ?? change.uuid;
  if ( !uuid ) throw new Error("a relayed change needs a document");
  /** @type {RelayedChange} */
  const entry = { uuid, path: change.path, value: change.value };
  if ( change.label ) entry.label = change.label;
  if ( change.shown ) entry.shown = structuredClone(change.shown);
  return entry;
}

/**
 * Whether this user needs the GM's client for changes to `documents` and none is online (checked
 * before any roll, so nothing is half done): a player may write only what they own.
 * @param {foundry.abstract.Document[]} documents
 * @returns {boolean}
 */
export function missingGm(documents) {
  return documents.some((document) => !canWrite(document)) && !activeGm();
}

/**
 * Apply a rule's changes and post its card, for any ruleset. A user who may write every changed
 * document applies them and the card lists them (with the GM's Undo); otherwise none is applied
 * here: the card names them and the active GM's client applies them all, on a card of its own
 * that its Undo restores (`relayWrites`).
 * @param {string} kind  the ruleset's relay kind (`registerGmWrites`)
 * @param {Change[]} changes
 * @param {import("./chat-card.mjs").CardSpec} spec  the card, without its changes
 * @param {(changes: Change[]) => Promise<void>} [beforeApply]  run first when applied here
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function applyAndPost(kind, changes, spec, beforeApply) {
  if ( changes.every((change) => change.document && canWrite(change.document)) ) {
    if ( beforeApply ) await beforeApply(changes);
    return postCard({ ...spec, changes: await applyChanges(changes) });
  }
  const message = await postCard({ ...spec, summary: [...(spec.summary ?? []), ...changes.map(pendingLine)] });
  await relayWrites(kind, [{ card: { title: spec.title, call: spec.call, result: spec.result }, changes: changes.map(relayed) }]);
  return message;
}

/**
 * Apply the changes of an action over several targets and post its one card (`postPartsCard`):
 * as `applyAndPost`, the user applies them all when they may write every changed document, and
 * the card lists each target's with its Undo; otherwise none is applied here: each target's
 * lines name its changes, and the active GM's client applies them all at once, on one card of
 * several of its own that its Undo restores target by target.
 * @param {string} kind  the ruleset's relay kind (`registerGmWrites`)
 * @param {{title: string, summary: string[], speaker?: ChatSpeakerData}} spec  the card, without its parts
 * @param {Target[]} targets
 * @returns {Promise<ChatMessage|undefined>}
 */
export async function applyAndPostParts(kind, spec, targets) {
  if ( targets.every(({ changes }) => changes.every((change) => change.document && canWrite(change.document))) ) {
    const parts = [];
    for ( const { part, changes } of targets ) parts.push({ ...part, changes: await applyChanges(changes) });
    return postPartsCard({ ...spec, parts });
  }
  const parts = targets.map(({ part, changes }) => ({ ...part, pending: changes.map(pendingLine) }));
  const message = await postPartsCard({ ...spec, parts });
  const runs = targets.map(({ part, changes }) => ({
    card: { title: spec.title, call: part.call, result: part.result, summary: [...(part.summary ?? [])] },
    changes: changes.map(relayed)
  }));
  await relayWrites(kind, runs, { title: spec.title, summary: spec.summary });
  return message;
}
