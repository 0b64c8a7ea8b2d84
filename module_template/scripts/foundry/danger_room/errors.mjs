/**
 * The one error the Danger Room adapters show to the user instead of throwing: a play the rules
 * core refused, a sheet the GM has to complete, a fight the table has to set up first.
 * @module foundry/danger_room/errors
 */

/** A problem the user can fix; its message is shown as a notification. */
export class PlayError extends Error {}
