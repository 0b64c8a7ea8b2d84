/**
 * The Foundry VTT API this module calls, and nothing more: `tsc --checkJs` checks every shipped
 * `.mjs` (and every macro body) against it, so a misspelt member or a wrong argument shape fails
 * the build's tests. Each entry was written from the public API page cited above it (v12 pages,
 * or v13 where the member moved or only exists there); where the two differ the declaration
 * admits both. Not shipped: `compiler/render/scripts.py` copies only `scripts/` and `templates/`.
 *
 * Adding a call to the module means adding its declaration here, with its page.
 */

/* -------------------------------------------- */
/*  Hooks                                       */
/* -------------------------------------------- */

/**
 * Hooks.once: "Register a callback handler for an event which is only triggered once the first
 * time the event occurs."
 * v12 https://foundryvtt.com/api/v12/classes/client.Hooks.html
 * v13 https://foundryvtt.com/api/classes/foundry.helpers.Hooks.html
 */
declare class Hooks {
  static once(hook: string, fn: (...args: any[]) => unknown): number;
  /**
   * Hooks.on: "Register a callback handler which should be triggered when a hook is triggered";
   * returns the id to pass to `Hooks.off`.
   */
  static on(hook: string, fn: (...args: any[]) => unknown): number;
}

/**
 * The Combat tracker's render hook (`foundry/compat.mjs` `onRenderCombatTracker`):
 * "renderCombatTracker" passes the tracker (`viewed`: "The currently viewed Combat encounter")
 * and, on v12 (Application V1), "The inner HTML of the document that will be displayed and may be
 * modified" as a jQuery object; on v13 (ApplicationV2) "The HTMLElement of the rendered
 * Application". Its rows are `li.combatant` with `data-combatant-id` on both.
 * v12 https://foundryvtt.com/api/v12/functions/hookEvents.renderApplication.html
 * v13 https://foundryvtt.com/api/functions/hookEvents.renderApplicationV2.html
 */

/**
 * The chat render hooks (`foundry/compat.mjs` `onRenderChatMessage` registers exactly one):
 * v13 "renderChatMessageHTML" passes (message, html: HTMLElement, context) — "A hook event that
 * fires for each ChatMessage which is rendered for addition to the ChatLog"; v12
 * "renderChatMessage" passes the same message with "The pending HTML as a jQuery object" (v13
 * still calls it, deprecated). The module reads only the first element of that jQuery object.
 * v13 https://foundryvtt.com/api/functions/hookEvents.renderChatMessageHTML.html
 * v12 https://foundryvtt.com/api/v12/functions/hookEvents.renderChatMessage.html
 */
interface JQueryLike {
  readonly length: number;
  readonly [index: number]: HTMLElement | undefined;
}

/* -------------------------------------------- */
/*  Collections and packages                    */
/* -------------------------------------------- */

declare namespace foundry.utils {
  /**
   * A Map of id → value whose iteration yields the values; `get` returns undefined for a
   * missing key unless `{strict: true}` (then it throws).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.utils.Collection.html
   */
  class Collection<V> {
    get(key: string, options?: { strict?: false }): V | undefined;
    get(key: string, options: { strict: true }): V;
    /** "Filter the Collection, returning an Array of entries which match a functional condition" */
    filter(condition: (value: V) => boolean): V[];
    /** "Find an entry in the Map using a functional condition" */
    find(condition: (value: V) => boolean): V | undefined;
    has(key: string): boolean;
    readonly size: number;
    [Symbol.iterator](): IterableIterator<V>;
  }

  /**
   * "Clean a provided HTML fragment, closing unbalanced tags and stripping some undesirable
   * properties." Added in v13.335 (foundryvtt/foundryvtt#12071): undefined on v12.
   * v13 https://foundryvtt.com/api/functions/foundry.utils.cleanHTML.html
   */
  const cleanHTML: ((html: string) => string) | undefined;

  /**
   * getProperty: "A helper function which searches through an object to retrieve a value by a
   * string key. The method also supports arrays if the provided key is an integer index of the
   * array"; the key is dotted ("system.health.value").
   * v12 https://foundryvtt.com/api/v12/functions/foundry.utils.getProperty.html
   * v13 https://foundryvtt.com/api/functions/foundry.utils.getProperty.html
   */
  function getProperty(object: object, key: string): any;

  /**
   * getRoute: "Get the URL route for a certain path which includes a path prefix, if one is set"
   * (the server's `routePrefix`): `getRoute("modules/x/build.json")` is `/modules/x/build.json`,
   * or `/<prefix>/modules/x/build.json`.
   * v12 https://foundryvtt.com/api/v12/functions/foundry.utils.getRoute.html
   * v13 https://foundryvtt.com/api/functions/foundry.utils.getRoute.html
   */
  function getRoute(path: string, options?: { prefix?: string | null }): string;

  /**
   * fromUuid: "Retrieve a Document by its Universally Unique Identifier (uuid)"; "Returns the
   * Document if it could be found, otherwise null". Namespaced here in v13; v12 has only the
   * global `fromUuid` below (`foundry/compat.mjs` `documentFromUuid` reads this one first).
   * v13 https://foundryvtt.com/api/functions/foundry.utils.fromUuid.html
   */
  const fromUuid: ((uuid: string, options?: { invalid?: boolean }) => Promise<foundry.abstract.Document | null>) | undefined;
}

/**
 * The v12 global `fromUuid` (client/core/utils.js), same contract as v13's
 * `foundry.utils.fromUuid` (the v12 API site lists it among the client's global functions; read
 * only when the v13 namespace member is missing).
 * v13 https://foundryvtt.com/api/functions/foundry.utils.fromUuid.html (the contract)
 */
declare var fromUuid: ((uuid: string, options?: { invalid?: boolean }) => Promise<foundry.abstract.Document | null>) | undefined;

/**
 * A module package as listed in `game.modules`: the module attaches its `api` (declared in
 * `module-api.d.ts`) and reads its `title` ("The title of the package", names its folders).
 * v12 https://foundryvtt.com/api/v12/classes/foundry.packages.BaseModule.html
 */
declare class Module {
  readonly title: string;
}

/**
 * CompendiumCollection#getDocuments: "Load multiple documents from the Compendium pack using a
 * provided query object." The document class depends on the pack's `type`, known only at run
 * time, hence the default `any`.
 * v12 https://foundryvtt.com/api/v12/classes/client.CompendiumCollection.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.collections.CompendiumCollection.html
 */
declare class CompendiumCollection<D = any> {
  getDocuments(query?: Record<string, unknown>): Promise<D[]>;
}

/**
 * Localization#localize: "Localize a string by drawing a translation from the available
 * translations dictionary, if available"; #format: "Localize a string including variable
 * formatting for input arguments" (`{name}` placeholders).
 * v12 https://foundryvtt.com/api/v12/classes/client.Localization.html
 * v13 https://foundryvtt.com/api/classes/foundry.helpers.Localization.html
 */
declare class Localization {
  /** "Return whether a certain string is known either in the current language or the fallback" */
  has(key: string, fallback?: boolean): boolean;
  localize(stringId: string): string;
  format(stringId: string, data?: Record<string, unknown>): string;
}

/**
 * The members of the `game` singleton the module reads.
 * v12 https://foundryvtt.com/api/v12/classes/client.Game.html
 */
interface Game {
  /** "The Release data for this version of Foundry": `generation` is its major version (12, 13). */
  readonly release: { readonly generation: number };
  /** "The currently connected User entity, or null if Users is not yet initialized" */
  readonly user: User | null;
  /** "The collection of Module instances which are installed" */
  readonly modules: foundry.utils.Collection<Module>;
  /** "A mapping of CompendiumCollection instances, one per Compendium pack" */
  readonly packs: foundry.utils.Collection<CompendiumCollection>;
  /** "Localization support" */
  readonly i18n: Localization;
  /** "The collection of User documents which exist in the World" */
  readonly users: Users;
  /** "The game system which is currently active": packs of Items and Actors load per system. */
  readonly system: { readonly id: string };
  /** "The collection of Actor documents which exist in the World" (null before setup). */
  readonly actors: foundry.utils.Collection<Actor> | null;
  /** "The collection of Item documents which exist in the World" (null before setup). */
  readonly items: foundry.utils.Collection<Item> | null;
  /** "The collection of Folder documents which exist in the World" (null before setup). */
  readonly folders: foundry.utils.Collection<foundry.abstract.Document> | null;
  /**
   * "A reference to the open Socket.io connection": package events `module.<id>` are relayed by
   * the server to the *other* clients (manifest `"socket": true`); a handler gets the data and the
   * sender's user id.
   * https://foundryvtt.wiki/en/development/api/sockets
   */
  readonly socket: {
    on(event: string, fn: (data: any) => void): unknown;
    emit(event: string, data: unknown): unknown;
  } | null;
  /**
   * "Client settings which are used to configure application behavior": `core.rollMode` … and
   * the module's own (`register`: "Register a new game setting under this setting scope", with
   * scope "world" or "client"; name, hint and choice labels are localized by Foundry).
   * v12 https://foundryvtt.com/api/v12/classes/client.ClientSettings.html
   */
  readonly settings: {
    get(namespace: string, key: string): unknown;
    register(namespace: string, key: string, data: {
      name?: string; hint?: string; scope: "world" | "client"; config?: boolean;
      type: BooleanConstructor | StringConstructor | NumberConstructor;
      default: unknown; choices?: Record<string, string>; onChange?: (value: unknown) => void;
      /** "For numeric settings, a range of values which is allowed": the settings window's slider. */
      range?: { min: number; max: number; step: number };
    }): void;
  };
  /**
   * "Client keybindings which are used to configure application behavior": `register` ("Register
   * a new keybinding"; only during `init`, "You cannot register a Keybinding after the init
   * hook"). `editable` keys are `KeyboardEvent.code` values with modifiers "Control", "Shift" or
   * "Alt"; `restricted`: "If true, only a GM can edit and execute this Action"; `onDown`: "A
   * function to execute when a key down event occurs. If True is returned, the event is consumed".
   * v12 https://foundryvtt.com/api/v12/classes/client.ClientKeybindings.html
   * v12 https://foundryvtt.com/api/v12/interfaces/foundry.types.KeybindingActionConfig.html
   * v13 https://foundryvtt.com/api/classes/foundry.helpers.interaction.ClientKeybindings.html
   */
  readonly keybindings: {
    register(namespace: string, action: string, data: {
      name: string; hint?: string; editable?: { key: string; modifiers?: ("Control" | "Shift" | "Alt")[] }[];
      restricted?: boolean; onDown?: (context: unknown) => boolean | void;
    }): void;
  };
  /** "A reference to the currently viewed combat encounter" (undefined or null without one). */
  readonly combat: Combat | null | undefined;
  /** "The game World which is currently active": the module keys local storage by its id. */
  readonly world: { readonly id: string };
}
declare var game: Game;

/**
 * The World's Users: `activeGM` is "one User who is an active Gamemaster (non-assistant if
 * possible), or null if no active GM is available. This can be useful for workflows which occur
 * on all clients, but where only one user should take action."
 * v12 https://foundryvtt.com/api/classes/client.Users.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.collections.Users.html
 */
interface Users extends foundry.utils.Collection<User> {
  readonly activeGM: User | null;
}

/**
 * Notifications#error: "Display a notification with the 'error' type".
 * v12 https://foundryvtt.com/api/v12/classes/client.Notifications.html
 * v13 https://foundryvtt.com/api/classes/foundry.applications.ui.Notifications.html
 */
declare class Notifications {
  error(message: string, options?: { permanent?: boolean; localize?: boolean; console?: boolean }): unknown;
  /** "Display a notification with the 'info' type" */
  info(message: string, options?: { permanent?: boolean; localize?: boolean; console?: boolean }): unknown;
  /** "Display a notification with the 'warning' type" */
  warn(message: string, options?: { permanent?: boolean; localize?: boolean; console?: boolean }): unknown;
}
declare var ui: { notifications: Notifications };

/* -------------------------------------------- */
/*  Documents                                   */
/* -------------------------------------------- */

declare namespace foundry.abstract {
  /**
   * Document#getFlag: "Get the value of a "flag" for this document" (typed `any` on the page:
   * flags hold whatever the scope stored).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.Document.html
   */
  class Document {
    getFlag(scope: string, key: string): any;
    /** "The canonical identifier for this Document" (null before it is stored). */
    readonly id: string | null;
    /** "A Universally Unique Identifier (uuid) for this Document instance" */
    readonly uuid: string;
    /** "The canonical name of this Document type, for example 'Actor'" */
    readonly documentName: string;
    /** "The parent Document of this one, if this Document is embedded" (null otherwise). */
    readonly parent: Document | null;
    /** "The compendium collection ID which contains this document, if any" */
    readonly pack: string | null;
    /**
     * "Transform the DataModel instance into a plain object": its stored source, embedded
     * documents as arrays.
     * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.DataModel.html#toObject
     */
    toObject(source?: boolean): Record<string, any>;
    /**
     * "Update this Document using incremental data, saving it to the database": dotted keys are
     * expanded; inner objects are merged and arrays replaced.
     */
    update(data?: Record<string, unknown>, operation?: Record<string, unknown>): Promise<this | undefined>;
    /** "Assign a "flag" to this document" (an update of `flags.<scope>.<key>`). */
    setFlag(scope: string, key: string, value: unknown): Promise<this>;
    /**
     * "Test whether a certain User has a requested permission level (or greater) over the
     * Document"; `permission` is a DOCUMENT_OWNERSHIP_LEVELS name or value.
     * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.Document.html#testUserPermission
     */
    testUserPermission(user: User, permission: string | number, options?: { exact?: boolean }): boolean;
  }

  /**
   * "A specialized subclass of DataModel, intended to represent a Document's type-specific data.
   * Systems or Modules that provide DataModel implementations for sub-types of Documents (such
   * as Actors or Items) should subclass this class"; subclasses implement `defineSchema`.
   * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.TypeDataModel.html
   */
  class TypeDataModel {
    static defineSchema(): Record<string, foundry.data.fields.DataField>;
  }
}

/**
 * The client Item document: `name`, `type` (a module sub-type is `<moduleId>.<subtype>`), `img`
 * and the type data `system`.
 * v12 https://foundryvtt.com/api/v12/classes/client.Item.html
 * v12 https://foundryvtt.com/api/v12/interfaces/foundry.types.ItemData.html
 */
declare class Item extends foundry.abstract.Document {
  readonly name: string;
  readonly type: string;
  readonly img: string | null;
  readonly system: unknown;
  /**
   * Document.createDocuments: "Create multiple Documents using provided input data"; `keepId`
   * keeps the given `_id`s.
   * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.Document.html#createDocuments
   */
  static createDocuments(data: Record<string, unknown>[], operation?: { keepId?: boolean }): Promise<Item[]>;
}

/**
 * A Folder of the sidebar: `Folder.create({name, type})` makes one for a document type.
 * v12 https://foundryvtt.com/api/v12/classes/client.Folder.html
 */
declare class Folder extends foundry.abstract.Document {
  static create(data: { name: string; type: string }, operation?: Record<string, unknown>): Promise<Folder | undefined>;
}

/**
 * The client Actor document; `items` is "A Collection of Item embedded Documents".
 * v12 https://foundryvtt.com/api/v12/classes/client.Actor.html
 */
declare class Actor extends foundry.abstract.Document {
  readonly name: string;
  readonly type: string;
  readonly img: string | null;
  readonly system: unknown;
  readonly items: foundry.utils.Collection<Item>;
  /** Document.createDocuments (see Item.createDocuments). */
  static createDocuments(data: Record<string, unknown>[], operation?: { keepId?: boolean }): Promise<Actor[]>;
}

/**
 * An embedded TableResult: `range` is "A length 2 array of ascending integers which defines the
 * range of dice roll totals which produce this drawn result".
 * v12 https://foundryvtt.com/api/interfaces/foundry.types.TableResultData.html
 */
declare class TableResult extends foundry.abstract.Document {
  readonly range: [number, number];
}

/**
 * The client RollTable document: `formula` is "The formula which is used to roll this table",
 * `results` its embedded TableResults.
 * v12 https://foundryvtt.com/api/v12/classes/client.RollTable.html
 */
declare class RollTable extends foundry.abstract.Document {
  readonly name: string;
  readonly formula: string;
  readonly results: foundry.utils.Collection<TableResult>;
}

/**
 * The speaker of a chat message. getSpeaker fills every key, with null where nothing applies.
 * v12 https://foundryvtt.com/api/interfaces/foundry.types.ChatSpeakerData.html
 * v13 https://foundryvtt.com/api/interfaces/foundry.documents.types.ChatSpeakerData.html
 */
interface ChatSpeakerData {
  scene?: string | null;
  actor?: string | null;
  token?: string | null;
  alias?: string;
}

/**
 * The ChatMessage fields the module writes. A roll message is one with `rolls` (v12 dropped the
 * ROLL message type).
 * v12 https://foundryvtt.com/api/interfaces/foundry.types.ChatMessageData.html
 */
interface ChatMessageData {
  speaker?: ChatSpeakerData;
  flavor?: string;
  content?: string;
  rolls?: Roll[];
  /** "An object of optional key/value flags", by scope (the module writes its own id only). */
  flags?: Record<string, Record<string, unknown>>;
  /** "An array of User ids who are whispered recipients of this message" */
  whisper?: string[];
  /** "Is this message sent blindly where the creating User cannot see it?" */
  blind?: boolean;
}

/**
 * ChatMessage.create (Document.create: "Create a new Document using provided input data") and
 * ChatMessage.getSpeaker: "Attempt to determine who is the speaking character (and token) for a
 * certain Chat Message".
 * v12 https://foundryvtt.com/api/v12/classes/client.ChatMessage.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.ChatMessage.html
 */
declare class ChatMessage extends foundry.abstract.Document {
  /**
   * The User who created the message (v12 renamed `user` to `author`).
   * v12 https://foundryvtt.com/api/v12/classes/client.ChatMessage.html (`author`)
   */
  readonly author: User | null;
  /** "The HTML content of this chat message" */
  readonly content: string;
  /** The message's evaluated Roll instances ("rolls: An array of Roll instances"). */
  readonly rolls: Roll[];
  static create(data: ChatMessageData, operation?: Record<string, unknown>): Promise<ChatMessage | undefined>;
  /**
   * "Update the data of a ChatMessage instance to apply a requested roll mode": public, gmroll
   * (the GMs and the roller), blindroll (the GMs only, hidden from the roller), selfroll; "roll"
   * is the user's current mode. v12 and v13 (deprecated for applyMode in v14).
   * v12 https://foundryvtt.com/api/v12/classes/client.ChatMessage.html#applyRollMode
   */
  static applyRollMode(chatData: ChatMessageData, rollMode: string): ChatMessageData;
  static getSpeaker(options?: { scene?: unknown; actor?: Actor | null; token?: unknown; alias?: string }): ChatSpeakerData;
}

/* -------------------------------------------- */
/*  Dice                                        */
/* -------------------------------------------- */

declare namespace foundry.dice {
  /**
   * One die result: "result: The numeric result", plus the flags modifiers set.
   * https://foundryvtt.com/api/interfaces/foundry.dice.DiceTermResult.html
   */
  interface DiceTermResult {
    result: number;
    active: boolean;
    count?: number;
    success?: boolean;
    failure?: boolean;
    discarded?: boolean;
    rerolled?: boolean;
    exploded?: boolean;
  }

  namespace terms {
    /**
     * DiceTerm: "An abstract base class for any type of RollTerm which involves randomized input
     * from dice, coins, or other devices"; `results` is "The results of this term".
     * v12 https://foundryvtt.com/api/v12/classes/foundry.dice.terms.DiceTerm.html
     */
    class DiceTerm {
      readonly number: number;
      readonly faces: number;
      readonly results: DiceTermResult[];
    }
  }
}

/**
 * Roll: "An interface and API for constructing and evaluating dice rolls". `evaluate` is always
 * asynchronous since v12; `total` is undefined until then (the page types it `number`). `dice`
 * is "an Array of the individual DiceTerm instances"; `toMessage` "Transform a Roll instance into
 * a ChatMessage, displaying the roll result" (with `create: false` it returns the message data).
 * `toJSON` "Represent the data of the Roll as an object suitable for JSON serialization" and
 * `fromData` "Recreate a Roll instance using a provided data object" (a roll made on another
 * client, sent over the module socket).
 * v12 https://foundryvtt.com/api/v12/classes/foundry.dice.Roll.html
 * v13 https://foundryvtt.com/api/classes/foundry.dice.Roll.html
 */
declare class Roll {
  constructor(formula: string, data?: Record<string, unknown>, options?: Record<string, unknown>);
  readonly formula: string;
  readonly total: number | undefined;
  readonly dice: foundry.dice.terms.DiceTerm[];
  evaluate(options?: { minimize?: boolean; maximize?: boolean; allowStrings?: boolean; allowInteractive?: boolean }): Promise<this>;
  toMessage(messageData?: ChatMessageData, options?: { rollMode?: string; create?: true }): Promise<ChatMessage | undefined>;
  toMessage(messageData: ChatMessageData, options: { rollMode?: string; create: false }): Promise<ChatMessageData>;
  /**
   * "Render a Roll instance to HTML": the dice-roll chat template (formula, faces tooltip, total);
   * asynchronous.
   */
  render(options?: { flavor?: string; template?: string; isPrivate?: boolean }): Promise<string>;
  /**
   * "Represent the data of the Roll as an object suitable for JSON serialization": what a client
   * sends of a roll it made (as a chat message stores its `rolls`).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.dice.Roll.html#toJSON
   * v13 https://foundryvtt.com/api/classes/foundry.dice.Roll.html#toJSON
   */
  toJSON(): Record<string, unknown>;
  /**
   * "Recreate a Roll instance using a provided data object": an evaluated roll another client
   * made, from its `toJSON`.
   * v12 https://foundryvtt.com/api/v12/classes/foundry.dice.Roll.html#fromData
   * v13 https://foundryvtt.com/api/classes/foundry.dice.Roll.html#fromData
   */
  static fromData(data: object): Roll;
}

/**
 * The User document: `isGM` is "A convenience shortcut for checking whether the current User has
 * GM permission" (role ASSISTANT or above).
 * v12 https://foundryvtt.com/api/v12/classes/client.User.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.User.html
 */
declare class User extends foundry.abstract.Document {
  readonly name: string;
  readonly isGM: boolean;
  /** "Is the User currently logged into the game World?" */
  readonly active: boolean;
  /**
   * "A flag for whether the current User is targeting this Token" — the User's targets, a Set of
   * Token placeables (UserTargets extends Set).
   * v12 https://foundryvtt.com/api/v12/classes/client.UserTargets.html
   * v13 https://foundryvtt.com/api/classes/foundry.canvas.placeables.tokens.UserTargets.html
   */
  readonly targets: Set<Token>;
  /** "The Actor which is assigned to this User as their primary character" (null when none). */
  readonly character: Actor | null;
}

/* -------------------------------------------- */
/*  Combat, tokens and the canvas               */
/* -------------------------------------------- */

/**
 * The TokenDocument: `disposition` is "The disposition of the Token: -2 secret, -1 hostile,
 * 0 neutral, 1 friendly" (CONST.TOKEN_DISPOSITIONS); `elevation` "The vertical elevation of the
 * Token, in distance units".
 * v12 https://foundryvtt.com/api/v12/classes/client.TokenDocument.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.TokenDocument.html
 */
declare class TokenDocument extends foundry.abstract.Document {
  readonly name: string;
  readonly disposition: number;
  readonly elevation: number;
  /** "The x-coordinate of the top-left corner of the Token" (pixels); likewise `y`. */
  readonly x: number;
  readonly y: number;
  /** "The _id of an Actor document which this Token represents" (null for none). */
  readonly actorId: string | null;
}

/**
 * A Scene: its `name` and `tokens`, "A collection of Token embedded Documents".
 * v12 https://foundryvtt.com/api/v12/classes/client.Scene.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.Scene.html
 */
declare class Scene extends foundry.abstract.Document {
  readonly name: string;
  readonly tokens: foundry.utils.Collection<TokenDocument>;
}

/**
 * The Token placeable on the canvas: its `document`, its `actor` and `center`, "The Token's
 * current central position".
 * v12 https://foundryvtt.com/api/v12/classes/client.Token.html
 * v13 https://foundryvtt.com/api/classes/foundry.canvas.placeables.Token.html
 */
declare class Token {
  readonly id: string;
  readonly name: string;
  readonly document: TokenDocument;
  readonly actor: Actor | null;
  readonly center: { x: number; y: number };
  /**
   * Token#getCenterPoint: "Get the center point for a given position or the current position"
   * (the position a top-left `{x, y}` as the document stores it).
   */
  getCenterPoint(position?: { x: number; y: number }): { x: number; y: number };
}

/**
 * A Combatant: "A reference to the Actor document which this Combatant represents, if any",
 * likewise its `token` (a TokenDocument); `tokenId`, `name`, `initiative`; `isOwner` "Test
 * whether the current game User has OWNER permission"; `parent` is its Combat.
 * v12 https://foundryvtt.com/api/v12/classes/client.Combatant.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.Combatant.html
 */
declare class Combatant extends foundry.abstract.Document {
  readonly name: string;
  readonly actor: Actor | null;
  readonly token: TokenDocument | null;
  readonly tokenId: string | null;
  readonly initiative: number | null;
  readonly isOwner: boolean;
  readonly parent: Combat | null;
}

/**
 * A Combat encounter: `combatants` (its embedded Combatants), `round`, `turn`, `turns` ("Track
 * the sorted turn order of this combat encounter"), `combatant` ("Get the Combatant who has the
 * current turn"), `started` ("Has this combat encounter been started?"),
 * `updateEmbeddedDocuments` ("Update multiple embedded Document instances within a parent
 * Document") and `nextRound` ("Advance the combat to the next round").
 * v12 https://foundryvtt.com/api/v12/classes/client.Combat.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.Combat.html
 */
declare class Combat extends foundry.abstract.Document {
  readonly combatants: foundry.utils.Collection<Combatant>;
  readonly round: number;
  readonly turn: number | null;
  readonly turns: Combatant[];
  readonly combatant: Combatant | null | undefined;
  readonly started: boolean;
  /** "Test whether the current game User has OWNER permission" (a GM's, by default). */
  readonly isOwner: boolean;
  updateEmbeddedDocuments(embeddedName: string, updates: Record<string, unknown>[], operation?: Record<string, unknown>): Promise<foundry.abstract.Document[]>;
  nextRound(): Promise<this>;
}

/**
 * JournalEntry.create (Document.create: "Create a new Document using provided input data"), with
 * embedded text pages `{name, type: "text", text: {content, format}}` (format 1: HTML).
 * v12 https://foundryvtt.com/api/v12/classes/client.JournalEntry.html
 * v13 https://foundryvtt.com/api/classes/foundry.documents.JournalEntry.html
 */
declare class JournalEntry extends foundry.abstract.Document {
  readonly name: string;
  static create(data: Record<string, unknown>, operation?: Record<string, unknown>): Promise<JournalEntry | undefined>;
}

declare namespace foundry.grid {
  /**
   * The grid of the viewed scene: `isHexagonal` "Is this a hexagonal grid?" and `getOffset`
   * "Returns the offset of the grid space corresponding to the given coordinates" ({i, j}).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.grid.BaseGrid.html
   * v13 https://foundryvtt.com/api/classes/foundry.grid.BaseGrid.html
   */
  class BaseGrid {
    readonly isHexagonal: boolean;
    /** "Is this a gridless grid?" */
    readonly isGridless: boolean;
    /** "The distance of a grid space in units." */
    readonly distance: number;
    /**
     * "Measure a shortest, direct path through the given waypoints": `spaces` is "The total
     * number of spaces moved along a direct path through all waypoints. Moving from a grid space
     * to any of its neighbors counts as 1 step. Always 0 in gridless grids."; `distance` is in
     * grid units.
     * v12 https://foundryvtt.com/api/v12/classes/foundry.grid.BaseGrid.html
     * v13 https://foundryvtt.com/api/interfaces/foundry.grid.types.GridMeasurePathResult.html
     */
    measurePath(waypoints: { x: number; y: number }[], options?: Record<string, unknown>): { distance: number; spaces: number; cost: number };
    getOffset(coords: { x: number; y: number }): { i: number; j: number };
  }

  /**
   * A hex grid: `offsetToCube` "Convert offset coordinates (i, j) into integer cube coordinates
   * (q, r, s)".
   * v12 https://foundryvtt.com/api/v12/classes/foundry.grid.HexagonalGrid.html
   * v13 https://foundryvtt.com/api/classes/foundry.grid.HexagonalGrid.html
   */
  class HexagonalGrid extends BaseGrid {
    offsetToCube(offset: { i: number; j: number }): { q: number; r: number; s: number };
  }
}

/**
 * The game canvas: its `grid`, and the Tokens layer: `placeables` "A Collection of objects which
 * are contained in this layer" (an array of Token), `controlled` "An Array of placeable objects
 * in this layer which have the _controlled attribute".
 * v12 https://foundryvtt.com/api/v12/classes/client.Canvas.html
 * v12 https://foundryvtt.com/api/v12/classes/client.PlaceablesLayer.html
 * v13 https://foundryvtt.com/api/classes/foundry.canvas.layers.PlaceablesLayer.html
 */
interface Canvas {
  readonly grid: foundry.grid.BaseGrid | undefined;
  readonly tokens: { readonly placeables: Token[]; readonly controlled: Token[] } | undefined;
  /** The Templates layer: its MeasuredTemplate placeables and the controlled ones. */
  readonly templates: { readonly placeables: MeasuredTemplate[]; readonly controlled: MeasuredTemplate[] } | undefined;
}

/**
 * A measured template's data: `t` "The shape of the template" (CONST.MEASURED_TEMPLATE_TYPES:
 * circle, cone, rect, ray), `x` and `y` "The x/y coordinate of the origin of the template",
 * `distance` "The distance of the template shape in grid units".
 * v12 https://foundryvtt.com/api/v12/interfaces/foundry.types.MeasuredTemplateData.html
 * v13 https://foundryvtt.com/api/interfaces/foundry.documents.types.MeasuredTemplateData.html
 */
interface MeasuredTemplateData {
  readonly t: string;
  readonly x: number;
  readonly y: number;
  readonly distance: number;
}

/**
 * The MeasuredTemplate placeable on the Templates layer: its `document`.
 * v12 https://foundryvtt.com/api/v12/classes/client.MeasuredTemplate.html
 * v13 https://foundryvtt.com/api/classes/foundry.canvas.placeables.MeasuredTemplate.html
 */
declare class MeasuredTemplate {
  readonly id: string;
  readonly document: MeasuredTemplateData;
}
declare var canvas: Canvas | undefined;

/* -------------------------------------------- */
/*  Data models                                 */
/* -------------------------------------------- */

declare namespace foundry.data.fields {
  /**
   * Options of every field: required ("Is this field required to be populated?"), nullable,
   * initial, validate ("A data validation function which accepts one argument with the current
   * value"), label, hint, validationError.
   * v12 https://foundryvtt.com/api/interfaces/foundry.data.fields.DataFieldOptions.html
   */
  interface DataFieldOptions {
    required?: boolean;
    nullable?: boolean;
    initial?: unknown;
    validate?: (value: unknown, options?: object) => boolean | void;
    label?: string;
    hint?: string;
    validationError?: string;
  }

  /**
   * StringFieldOptions = DataFieldOptions & StringFieldParams (blank, trim, choices, textSearch).
   * v12 https://foundryvtt.com/api/v12/types/foundry.data.fields.StringFieldOptions.html
   * v12 https://foundryvtt.com/api/interfaces/foundry.data.fields.StringFieldParams.html
   */
  interface StringFieldOptions extends DataFieldOptions {
    blank?: boolean;
    trim?: boolean;
    choices?: readonly string[] | Record<string, string>;
    textSearch?: boolean;
  }

  /**
   * NumberField options: min, max, step, integer ("Must the number be an integer?"), positive,
   * choices.
   * v13 https://foundryvtt.com/api/interfaces/foundry.data.types.NumberFieldOptions.html
   */
  interface NumberFieldOptions extends DataFieldOptions {
    min?: number;
    max?: number;
    step?: number;
    integer?: boolean;
    positive?: boolean;
    choices?: readonly number[] | Record<string, string>;
  }

  /** v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.DataField.html */
  class DataField {
    constructor(options?: DataFieldOptions);
  }

  /** v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.StringField.html */
  class StringField extends DataField {
    constructor(options?: StringFieldOptions);
  }

  /**
   * "A subclass of StringField which contains a sanitized HTML string ... used by the server-side
   * to identify fields which require sanitization of user input."
   * v13 https://foundryvtt.com/api/classes/foundry.data.fields.HTMLField.html
   */
  class HTMLField extends StringField {}

  /** v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.NumberField.html */
  class NumberField extends DataField {
    constructor(options?: NumberFieldOptions);
  }

  /** v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.BooleanField.html */
  class BooleanField extends DataField {}

  /**
   * "A subclass of DataField which deals with array-typed data": the element field, then options.
   * v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.ArrayField.html
   */
  class ArrayField extends DataField {
    constructor(element: DataField, options?: DataFieldOptions);
  }

  /**
   * "A special class of DataField which defines a data schema": the named fields, then options.
   * v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.SchemaField.html
   */
  class SchemaField extends DataField {
    constructor(fields: Record<string, DataField>, options?: DataFieldOptions);
  }

  /**
   * "A subclass of DataField which deals with object-typed data" (keys and values unchecked: the
   * module validates map values itself; TypedObjectField is v13-only).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.ObjectField.html
   */
  class ObjectField extends DataField {}

  /**
   * "A special subclass of DataField which can contain any value of any type" (used for unions,
   * checked by the module's own `validate`).
   * v12 https://foundryvtt.com/api/v12/classes/foundry.data.fields.AnyField.html
   */
  class AnyField extends DataField {}
}

/**
 * CONFIG.<Document>.dataModels: the TypeDataModel class of each sub-type, keyed by type name
 * (a module's `"<moduleId>.<subtype>"`).
 * v12 https://foundryvtt.com/api/v12/classes/foundry.abstract.TypeDataModel.html (registration example)
 * v12 https://foundryvtt.com/api/v12/modules/CONFIG.html
 */
interface DocumentTypeConfig {
  dataModels: Record<string, typeof foundry.abstract.TypeDataModel>;
}
declare var CONFIG: { Item: DocumentTypeConfig; Actor: DocumentTypeConfig };

/* -------------------------------------------- */
/*  Applications (v2) and sheets                */
/* -------------------------------------------- */

declare namespace foundry.applications {
  namespace api {
    /** v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationPosition.html */
    interface ApplicationPosition {
      top?: number;
      left?: number;
      width?: number | "auto";
      height?: number | "auto";
      scale?: number;
      zIndex?: number;
    }

    /** v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationWindowConfiguration.html */
    interface ApplicationWindowConfiguration {
      frame?: boolean;
      positioned?: boolean;
      title?: string;
      icon?: string | false;
      minimizable?: boolean;
      resizable?: boolean;
    }

    /** v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationFormConfiguration.html */
    interface ApplicationFormConfiguration {
      submitOnChange?: boolean;
      closeOnSubmit?: boolean;
    }

    /**
     * "Configuration used if the application top-level element is a form", window, position,
     * classes, tag. DEFAULT_OPTIONS of subclasses are merged over their parents'.
     * v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationConfiguration.html
     */
    interface ApplicationConfiguration {
      id?: string;
      classes?: string[];
      tag?: string;
      window?: ApplicationWindowConfiguration;
      form?: ApplicationFormConfiguration;
      position?: ApplicationPosition;
    }

    /**
     * "The Application class is responsible for rendering an HTMLElement into the Foundry Virtual
     * Tabletop user interface"; `_prepareContext` (protected) "Prepare application rendering
     * context data for a given render request".
     * v12 https://foundryvtt.com/api/v12/classes/foundry.applications.api.ApplicationV2.html
     */
    class ApplicationV2 {
      static DEFAULT_OPTIONS: ApplicationConfiguration;
      /** "The HTMLElement which renders this Application into the DOM" (once rendered). */
      get element(): HTMLElement;
      protected _prepareContext(options: object): Promise<Record<string, unknown>>;
    }

    /**
     * The ApplicationV2 base of every document sheet: `document` (the Document the sheet edits)
     * and `isEditable` (may the user edit it here); its form submission updates the document.
     * v12 https://foundryvtt.com/api/v12/classes/foundry.applications.api.DocumentSheetV2.html
     * (added for v12: foundryvtt/foundryvtt#10498)
     */
    class DocumentSheetV2 extends ApplicationV2 {
      get document(): foundry.abstract.Document;
      get isEditable(): boolean;
    }

    /**
     * A template part: "template: The template entry-point for the part", plus id, classes,
     * templates, scrollable, forms.
     * v12 https://foundryvtt.com/api/v12/interfaces/foundry.HandlebarsTemplatePart.html
     */
    interface HandlebarsTemplatePart {
      template: string;
      id?: string;
      classes?: string[];
      templates?: string[];
      scrollable?: string[];
    }

    /**
     * "Augment an Application class with Handlebars template rendering behavior"; the mixed
     * class renders its static PARTS.
     * v12 https://foundryvtt.com/api/v12/functions/foundry.applications.api.HandlebarsApplicationMixin.html
     * v13 https://foundryvtt.com/api/functions/foundry.applications.api.HandlebarsApplicationMixin.html
     */
    /**
     * A dialog button: action, label ("The button label. Will be localized"), default, callback.
     * v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.api.DialogV2Button.html
     */
    interface DialogV2Button {
      action?: string;
      label?: string;
      icon?: string;
      default?: boolean;
      /**
       * "A function to invoke when the button is clicked. The value returned from this function
       * will be used as the dialog's submitted value": (event, button, dialog).
       */
      callback?: (event: Event, button: HTMLButtonElement, dialog: unknown) => unknown;
    }

    /**
     * "A lightweight Application that renders a dialog containing a form with arbitrary content,
     * and some buttons" (since v12). `prompt` shows one OK button; `content` is an HTML string
     * (v13 cleans it with `foundry.utils.cleanHTML`); with `rejectClose: false` closing the
     * dialog resolves instead of rejecting.
     * v12 https://foundryvtt.com/api/v12/classes/foundry.applications.api.DialogV2.html
     * v13 https://foundryvtt.com/api/classes/foundry.applications.api.DialogV2.html
     */
    class DialogV2 extends ApplicationV2 {
      static prompt(config?: {
        /**
         * ApplicationConfiguration#classes, "An array of CSS classes to apply to the
         * Application", added to the window's element beside `application` and `dialog`.
         * v12 https://foundryvtt.com/api/v12/interfaces/foundry.applications.types.ApplicationConfiguration.html
         * v13 https://foundryvtt.com/api/interfaces/foundry.applications.types.ApplicationConfiguration.html
         */
        classes?: string[];
        window?: ApplicationWindowConfiguration;
        /** ApplicationConfiguration#position: the window's width in px (v13 `prompt`: 400 by default). */
        position?: { width?: number };
        content?: string;
        ok?: DialogV2Button;
        rejectClose?: boolean;
        modal?: boolean;
      }): Promise<unknown>;
      /**
       * "Spawn a dialog and wait for it to be dismissed or submitted": resolves with the clicked
       * button's callback value (its action without a callback); with `rejectClose: false`,
       * closing the dialog resolves with null.
       */
      static wait(config?: {
        /** ApplicationConfiguration#classes, as `prompt`'s. */
        classes?: string[];
        window?: ApplicationWindowConfiguration;
        /** ApplicationConfiguration#position, as `prompt`'s (no default width: the content's). */
        position?: { width?: number };
        content?: string;
        buttons?: DialogV2Button[];
        rejectClose?: boolean;
        modal?: boolean;
        /**
         * "A synchronous function to invoke whenever the dialog is rendered": (event, dialog),
         * the HTMLDialogElement on v12, the DialogV2 on v13.
         * v12 https://foundryvtt.com/api/v12/interfaces/foundry.DialogV2WaitOptions.html
         * v13 https://foundryvtt.com/api/interfaces/foundry.DialogV2WaitOptions.html
         */
        render?: (event: Event, dialog: HTMLElement | DialogV2) => void;
      }): Promise<unknown>;
    }

    function HandlebarsApplicationMixin<T extends abstract new (...args: any[]) => ApplicationV2>(
      BaseApplication: T
    ): T & { PARTS: Record<string, HandlebarsTemplatePart> };
  }

  namespace sheets {
    /**
     * "A base class for providing Item Sheet behavior using ApplicationV2" — in this namespace
     * since v12 (foundryvtt/foundryvtt#10498).
     * v13 https://foundryvtt.com/api/classes/foundry.applications.sheets.ItemSheetV2.html
     */
    class ItemSheetV2 extends api.DocumentSheetV2 {
      get document(): Item;
      get item(): Item;
    }

    /**
     * "A base class for providing Actor Sheet behavior using ApplicationV2" — in this namespace
     * since v12 (foundryvtt/foundryvtt#10657).
     * v13 https://foundryvtt.com/api/classes/foundry.applications.sheets.ActorSheetV2.html
     */
    class ActorSheetV2 extends api.DocumentSheetV2 {
      get document(): Actor;
      get actor(): Actor;
    }
  }

  namespace apps {
    /**
     * Sheet registration options: "types: An array of Document sub-types to register the sheet
     * for", makeDefault, label ("Will be localized"), canBeDefault, canConfigure.
     * https://foundryvtt.com/api/interfaces/foundry.SheetRegistrationDescriptor.html
     */
    interface SheetRegistrationOptions {
      label?: string;
      types?: string[];
      makeDefault?: boolean;
      canBeDefault?: boolean;
      canConfigure?: boolean;
    }

    /**
     * The static side of DocumentSheetConfig the module calls: registerSheet(documentClass, scope,
     * sheetClass, options). v12 has it as the global `DocumentSheetConfig`; v13 as
     * `foundry.applications.apps.DocumentSheetConfig`, which the v13 docs name as the place to
     * register sheets in the init hook.
     * v12 https://foundryvtt.com/api/v12/classes/client.DocumentSheetConfig.html
     * v13 https://foundryvtt.com/api/classes/foundry.applications.apps.DocumentSheetConfig.html
     * v13 https://foundryvtt.com/api/modules/foundry.applications.sheets.html (registration example)
     */
    interface DocumentSheetConfigClass {
      registerSheet(
        documentClass: typeof foundry.abstract.Document,
        scope: string,
        sheetClass: abstract new (...args: any[]) => api.ApplicationV2,
        options?: SheetRegistrationOptions
      ): void;
    }
  }
  /** v13 only (see `apps.DocumentSheetConfigClass`); undefined on v12. */
  const apps: { DocumentSheetConfig: apps.DocumentSheetConfigClass } | undefined;

  namespace ux {
    /**
     * EnrichmentOptions: secrets ("Include unrevealed secret tags in the final HTML?"), documents,
     * links, rolls, rollData, relativeTo ("A document to resolve relative UUIDs against").
     * v12 https://foundryvtt.com/api/interfaces/client.EnrichmentOptions.html
     */
    interface EnrichmentOptions {
      secrets?: boolean;
      documents?: boolean;
      links?: boolean;
      rolls?: boolean;
      rollData?: object;
      relativeTo?: foundry.abstract.Document;
    }

    /**
     * TextEditor.enrichHTML: "Enrich HTML content by replacing or augmenting components of it",
     * returning Promise<string> (always asynchronous since v12). v12: the global `TextEditor`;
     * v13: `foundry.applications.ux.TextEditor.implementation`.
     * v12 https://foundryvtt.com/api/classes/client.TextEditor.html
     * v13 https://foundryvtt.com/api/classes/foundry.applications.ux.TextEditor.html
     */
    interface TextEditorClass {
      enrichHTML(content: string, options?: EnrichmentOptions): Promise<string>;
    }
  }
  /** v13 only (see `ux.TextEditorClass`); undefined on v12. */
  const ux: { TextEditor?: { implementation: ux.TextEditorClass } } | undefined;
}

/** v12 global, deprecated in v13 (read only when `foundry.applications.apps` is missing). */
declare var DocumentSheetConfig: foundry.applications.apps.DocumentSheetConfigClass | undefined;

/** v12 global, deprecated in v13 (read only when `foundry.applications.ux` is missing). */
declare var TextEditor: foundry.applications.ux.TextEditorClass | undefined;
