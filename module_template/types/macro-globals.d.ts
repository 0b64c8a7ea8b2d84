/**
 * The variables Foundry passes to the body of a script macro, which runs as the body of an async
 * function: `Macro#execute(scope)` runs the command "as a script macro" with `speaker`, `actor`,
 * `token`, `character` and the caller's `scope` in reach (the keys of `scope` too, unused here).
 * Checked only with the macro bodies (`tsconfig.macros.json`), never with the module's files.
 * v12 https://foundryvtt.com/api/v12/classes/client.Macro.html (execute, scope {actor, token})
 * v11 https://foundryvtt.com/api/v11/classes/client.Macro.html ("Script Macros are wrapped in an
 *     async IIFE to allow the use of asynchronous commands and await statements")
 */

/** The speaker for the controlled token or the user's character, as ChatMessage.getSpeaker. */
declare const speaker: ChatSpeakerData;

/** The actor of the controlled token, else the user's character; null when neither exists. */
declare const actor: Actor | null;

/** The controlled token placeable (a canvas object), or null; the module reads none of it. */
declare const token: object | null;

/** The user's assigned character, or null. */
declare const character: Actor | null;

/** Extra arguments the caller passed to `Macro#execute`. */
declare const scope: Record<string, unknown>;
