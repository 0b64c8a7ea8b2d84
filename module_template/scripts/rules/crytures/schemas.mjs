/**
 * TRANSITION: the crytures inputs document and rules_config schema as JS data, generated from
 * `compiler/schemas/rulesets/crytures/defs/inputs.schema.json` and
 * `compiler/schemas/rules_config/crytures.schema.json` (do not edit; `tests/rules/
 * test_crytures_engine.py` checks they are equal). The plug-in refactor generates these per module.
 */

export const INPUTS = Object.freeze({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://rulepack.invalid/schemas/rulesets/crytures/defs/inputs.schema.json",
  "title": "crytures rule inputs",
  "description": "The input shape of every crytures rule (tests/golden/crytures/README.md), in the PLUGIN-LAYOUT dialect: both engines check an input against its rule's shape and fill the defaults before the rule runs.",
  "type": "object",
  "properties": {
    "initiative": {
      "type": "object",
      "properties": {
        "combatants": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/roller"
          },
          "maxItems": 100,
          "minItems": 1
        }
      },
      "required": [
        "combatants"
      ],
      "additionalProperties": false,
      "description": "CR-R01, CR-R02, CR-G17"
    },
    "late_entrant": {
      "type": "object",
      "properties": {
        "order": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/order_entry"
          },
          "maxItems": 100
        },
        "acted": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100
        },
        "entrant": {
          "$ref": "#/$defs/roller"
        }
      },
      "required": [
        "order",
        "acted",
        "entrant"
      ],
      "additionalProperties": false,
      "description": "CR-R03, CR-G16"
    },
    "range_check": {
      "type": "object",
      "properties": {
        "range": {
          "$ref": "#/$defs/targeted_range"
        },
        "user": {
          "$ref": "#/$defs/space"
        },
        "target": {
          "$ref": "#/$defs/space"
        }
      },
      "required": [
        "range",
        "user",
        "target"
      ],
      "additionalProperties": false,
      "description": "CR-R06, CR-G06, CR-G08"
    },
    "blast_area": {
      "type": "object",
      "properties": {
        "range": {
          "$ref": "#/$defs/blast_range"
        },
        "user": {
          "$ref": "#/$defs/space"
        },
        "aim": {
          "anyOf": [
            {
              "$ref": "#/$defs/space"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "direction": {
          "anyOf": [
            {
              "$ref": "#/$defs/direction"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "includes_user": {
          "type": "boolean",
          "default": false
        }
      },
      "required": [
        "range",
        "user"
      ],
      "additionalProperties": false,
      "description": "CR-R06, CR-G06, CR-G07"
    },
    "type_relation": {
      "type": "object",
      "properties": {
        "attack_type": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ]
        },
        "defender_types": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/id"
          },
          "maxItems": 8,
          "uniqueItems": true
        }
      },
      "required": [
        "attack_type",
        "defender_types"
      ],
      "additionalProperties": false,
      "description": "CR-R12, CR-G04, CR-G05"
    },
    "roll_modifier": {
      "type": "object",
      "properties": {
        "attacker": {
          "$ref": "#/$defs/id"
        },
        "target": {
          "$ref": "#/$defs/id"
        },
        "combatants": {
          "$ref": "#/$defs/combatants"
        },
        "attack_type": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "situation": {
          "$ref": "#/$defs/situation",
          "default": {
            "cover": false,
            "obscured": false,
            "cant_see": false
          }
        }
      },
      "required": [
        "attacker",
        "target",
        "combatants"
      ],
      "additionalProperties": false,
      "description": "CR-R11, CR-R12, CR-G21, CR-G22"
    },
    "attack_roll": {
      "type": "object",
      "properties": {
        "pool": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        "die_mods": {
          "$ref": "#/$defs/die_mods",
          "default": []
        },
        "roll_mod": {
          "type": "integer",
          "minimum": -100,
          "maximum": 100,
          "default": 0
        },
        "difficulty": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        "crit_extra_hits": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100,
          "default": 0
        }
      },
      "required": [
        "pool",
        "difficulty"
      ],
      "additionalProperties": false,
      "description": "CR-R07, CR-R08, CR-R10, CR-G01, CR-G02, CR-G03"
    },
    "apply_damage": {
      "type": "object",
      "properties": {
        "target": {
          "$ref": "#/$defs/combatant"
        },
        "damage": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000000
        }
      },
      "required": [
        "target",
        "damage"
      ],
      "additionalProperties": false,
      "description": "CR-G14"
    },
    "use_power": {
      "type": "object",
      "properties": {
        "user": {
          "$ref": "#/$defs/id"
        },
        "power": {
          "$ref": "#/$defs/power"
        },
        "combatants": {
          "$ref": "#/$defs/combatants"
        },
        "target": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "aim": {
          "anyOf": [
            {
              "$ref": "#/$defs/space"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "direction": {
          "anyOf": [
            {
              "$ref": "#/$defs/direction"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "situations": {
          "$ref": "#/$defs/situations",
          "default": {}
        },
        "die_mods": {
          "$ref": "#/$defs/die_mods",
          "default": []
        },
        "actions": {
          "$ref": "#/$defs/actions",
          "default": {
            "major": true,
            "minor": true
          }
        },
        "opportunity": {
          "type": "boolean",
          "default": false
        },
        "basic_attack": {
          "type": "boolean",
          "default": false
        },
        "oa_spent": {
          "$ref": "#/$defs/ids",
          "default": []
        }
      },
      "required": [
        "user",
        "power",
        "combatants"
      ],
      "additionalProperties": false,
      "description": "CR-R04 to CR-R12: one power, used whole"
    },
    "take_turn": {
      "type": "object",
      "properties": {
        "actor": {
          "$ref": "#/$defs/id"
        },
        "combatants": {
          "$ref": "#/$defs/combatants"
        },
        "steps": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/step"
          },
          "maxItems": 20,
          "minItems": 1
        },
        "actions": {
          "$ref": "#/$defs/actions",
          "default": {
            "major": true,
            "minor": true
          }
        },
        "oa_spent": {
          "$ref": "#/$defs/ids",
          "default": []
        }
      },
      "required": [
        "actor",
        "combatants",
        "steps"
      ],
      "additionalProperties": false,
      "description": "CR-R04, CR-R09, CR-G18, CR-G19: one turn"
    },
    "montage_complexity": {
      "type": "object",
      "properties": {
        "health": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000000
        }
      },
      "required": [
        "health"
      ],
      "additionalProperties": false,
      "description": "CR-G23"
    },
    "battle_montage": {
      "type": "object",
      "properties": {
        "party": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/member"
          },
          "maxItems": 20,
          "minItems": 1
        },
        "enemies": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/enemy"
          },
          "maxItems": 50,
          "minItems": 1
        }
      },
      "required": [
        "party",
        "enemies"
      ],
      "additionalProperties": false,
      "description": "CR-R13, CR-G23 to CR-G32"
    }
  },
  "$defs": {
    "id": {
      "type": "string",
      "pattern": "^[a-z0-9][a-z0-9_-]{0,63}$",
      "x-rulepack-expected": "an id of a-z, 0-9, _ and - (1-64)"
    },
    "ids": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/id"
      },
      "maxItems": 200,
      "uniqueItems": true
    },
    "space": {
      "description": "A square [x, y] or, on a hex grid, an axial hex [q, r] (CR-G06).",
      "type": "array",
      "prefixItems": [
        {
          "type": "integer",
          "minimum": -10000,
          "maximum": 10000
        },
        {
          "type": "integer",
          "minimum": -10000,
          "maximum": 10000
        }
      ],
      "items": false,
      "x-rulepack-expected": "a space [x, y] of integers in -10000..10000"
    },
    "direction": {
      "description": "A step to a neighbouring space (Melee Blast, CR-G07).",
      "type": "array",
      "prefixItems": [
        {
          "type": "integer",
          "minimum": -1,
          "maximum": 1
        },
        {
          "type": "integer",
          "minimum": -1,
          "maximum": 1
        }
      ],
      "items": false,
      "x-rulepack-expected": "a direction [dx, dy] of integers in -1..1"
    },
    "stats": {
      "description": "Stats by name (speed, reflexes, defence and attack stats...).",
      "type": "object",
      "additionalProperties": {
        "type": "integer",
        "minimum": 0,
        "maximum": 1000
      },
      "maxProperties": 64
    },
    "effects": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/id"
      },
      "maxItems": 20
    },
    "range_melee": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "melee"
        },
        "x": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        }
      },
      "required": [
        "kind",
        "x"
      ],
      "additionalProperties": false
    },
    "range_ranged": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "ranged"
        },
        "x": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        }
      },
      "required": [
        "kind",
        "x"
      ],
      "additionalProperties": false
    },
    "range_personal": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "personal"
        }
      },
      "required": [
        "kind"
      ],
      "additionalProperties": false
    },
    "range_personal_blast": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "personal_blast"
        },
        "y": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50
        }
      },
      "required": [
        "kind",
        "y"
      ],
      "additionalProperties": false
    },
    "range_ranged_blast": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "ranged_blast"
        },
        "x": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        "y": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50
        }
      },
      "required": [
        "kind",
        "x",
        "y"
      ],
      "additionalProperties": false
    },
    "range_melee_blast": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "melee_blast"
        },
        "y": {
          "type": "integer",
          "minimum": 1,
          "maximum": 50
        }
      },
      "required": [
        "kind",
        "y"
      ],
      "additionalProperties": false
    },
    "range": {
      "description": "CR-R06: the seed's Range line; X for melee and ranged kinds, Y for blasts.",
      "oneOf": [
        {
          "$ref": "#/$defs/range_melee"
        },
        {
          "$ref": "#/$defs/range_ranged"
        },
        {
          "$ref": "#/$defs/range_personal"
        },
        {
          "$ref": "#/$defs/range_personal_blast"
        },
        {
          "$ref": "#/$defs/range_ranged_blast"
        },
        {
          "$ref": "#/$defs/range_melee_blast"
        }
      ],
      "x-rulepack-tag": "kind"
    },
    "targeted_range": {
      "description": "CR-R06: the kinds with an X.",
      "oneOf": [
        {
          "$ref": "#/$defs/range_melee"
        },
        {
          "$ref": "#/$defs/range_ranged"
        },
        {
          "$ref": "#/$defs/range_ranged_blast"
        }
      ],
      "x-rulepack-tag": "kind"
    },
    "blast_range": {
      "description": "CR-R06: the blast kinds.",
      "oneOf": [
        {
          "$ref": "#/$defs/range_personal_blast"
        },
        {
          "$ref": "#/$defs/range_ranged_blast"
        },
        {
          "$ref": "#/$defs/range_melee_blast"
        }
      ],
      "x-rulepack-tag": "kind"
    },
    "cost": {
      "type": "object",
      "properties": {
        "amount": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        "resource": {
          "type": "string",
          "enum": [
            "stamina",
            "mana"
          ]
        }
      },
      "required": [
        "amount",
        "resource"
      ],
      "additionalProperties": false
    },
    "attack": {
      "type": "object",
      "properties": {
        "pool_stats": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/id"
          },
          "maxItems": 8,
          "minItems": 1
        },
        "difficulty_stat": {
          "$ref": "#/$defs/id"
        }
      },
      "required": [
        "pool_stats",
        "difficulty_stat"
      ],
      "additionalProperties": false
    },
    "power": {
      "description": "CR-R05: a power in the seed's block format.",
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "name": {
          "type": "string",
          "minLength": 1
        },
        "type": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "action": {
          "type": "string",
          "enum": [
            "major",
            "minor"
          ]
        },
        "cost": {
          "anyOf": [
            {
              "$ref": "#/$defs/cost"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "range": {
          "$ref": "#/$defs/range"
        },
        "attack": {
          "anyOf": [
            {
              "$ref": "#/$defs/attack"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "hit": {
          "type": "object",
          "properties": {
            "damage_per_hit": {
              "type": "integer",
              "minimum": 0,
              "maximum": 1000,
              "default": 0
            },
            "effects": {
              "$ref": "#/$defs/effects",
              "default": []
            },
            "per_hit_effects": {
              "type": "boolean",
              "default": false
            }
          },
          "required": [],
          "additionalProperties": false,
          "default": {
            "damage_per_hit": 0,
            "effects": [],
            "per_hit_effects": false
          }
        },
        "crit": {
          "type": "object",
          "properties": {
            "extra_hits": {
              "type": "integer",
              "minimum": 0,
              "maximum": 100,
              "default": 0
            },
            "effects": {
              "$ref": "#/$defs/effects",
              "default": []
            }
          },
          "required": [],
          "additionalProperties": false,
          "default": {
            "extra_hits": 0,
            "effects": []
          }
        },
        "effect": {
          "type": "object",
          "properties": {
            "effects": {
              "$ref": "#/$defs/effects",
              "default": []
            },
            "self_effects": {
              "$ref": "#/$defs/effects",
              "default": []
            }
          },
          "required": [],
          "additionalProperties": false,
          "default": {
            "effects": [],
            "self_effects": []
          }
        },
        "concentration": {
          "type": "boolean",
          "default": false
        },
        "basic": {
          "type": "boolean",
          "default": false
        },
        "includes_user": {
          "type": "boolean",
          "default": false
        }
      },
      "required": [
        "id",
        "action",
        "range"
      ],
      "additionalProperties": false
    },
    "combatant": {
      "description": "One combatant on (or off) the grid.",
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "side": {
          "$ref": "#/$defs/id"
        },
        "health": {
          "type": "integer",
          "minimum": -100000,
          "maximum": 100000
        },
        "kind": {
          "type": "string",
          "enum": [
            "character",
            "cryture"
          ],
          "default": "character"
        },
        "types": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/id"
          },
          "maxItems": 8,
          "uniqueItems": true,
          "default": []
        },
        "stats": {
          "$ref": "#/$defs/stats",
          "default": {}
        },
        "stamina": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "mana": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "position": {
          "anyOf": [
            {
              "$ref": "#/$defs/space"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "elevation": {
          "type": "integer",
          "minimum": -10000,
          "maximum": 10000,
          "default": 0
        },
        "summoner": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "statuses": {
          "type": "object",
          "additionalProperties": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000
          },
          "maxProperties": 100,
          "default": {}
        },
        "defeated": {
          "type": "boolean",
          "default": false
        },
        "reach": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100,
          "default": 1
        },
        "wielded": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        }
      },
      "required": [
        "id",
        "side",
        "health"
      ],
      "additionalProperties": false
    },
    "combatants": {
      "type": "array",
      "items": {
        "$ref": "#/$defs/combatant"
      },
      "maxItems": 200,
      "minItems": 1
    },
    "situation": {
      "type": "object",
      "properties": {
        "cover": {
          "type": "boolean",
          "default": false
        },
        "obscured": {
          "type": "boolean",
          "default": false
        },
        "cant_see": {
          "type": "boolean",
          "default": false
        }
      },
      "required": [],
      "additionalProperties": false
    },
    "situations": {
      "type": "object",
      "additionalProperties": {
        "$ref": "#/$defs/situation"
      },
      "maxProperties": 200
    },
    "die_mods": {
      "type": "array",
      "items": {
        "type": "integer",
        "minimum": -1000,
        "maximum": 1000
      },
      "maxItems": 50
    },
    "actions": {
      "type": "object",
      "properties": {
        "major": {
          "type": "boolean"
        },
        "minor": {
          "type": "boolean"
        }
      },
      "required": [
        "major",
        "minor"
      ],
      "additionalProperties": false
    },
    "roller": {
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "speed": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100
        },
        "reflexes": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100
        }
      },
      "required": [
        "id",
        "speed",
        "reflexes"
      ],
      "additionalProperties": false
    },
    "order_entry": {
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "total": {
          "type": "integer",
          "minimum": 0,
          "maximum": 2000
        }
      },
      "required": [
        "id",
        "total"
      ],
      "additionalProperties": false
    },
    "step_move": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "move"
        },
        "path": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/space"
          },
          "maxItems": 100,
          "minItems": 1
        }
      },
      "required": [
        "kind",
        "path"
      ],
      "additionalProperties": false
    },
    "step_shift": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "shift"
        },
        "to": {
          "$ref": "#/$defs/space"
        }
      },
      "required": [
        "kind",
        "to"
      ],
      "additionalProperties": false
    },
    "step_summon": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "summon"
        },
        "cryture": {
          "$ref": "#/$defs/id"
        },
        "to": {
          "$ref": "#/$defs/space"
        }
      },
      "required": [
        "kind",
        "cryture",
        "to"
      ],
      "additionalProperties": false
    },
    "step_recall": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "recall"
        },
        "cryture": {
          "$ref": "#/$defs/id"
        }
      },
      "required": [
        "kind",
        "cryture"
      ],
      "additionalProperties": false
    },
    "step_swap_weapons": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "swap_weapons"
        },
        "weapon": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ]
        }
      },
      "required": [
        "kind",
        "weapon"
      ],
      "additionalProperties": false
    },
    "step_basic_attack": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "basic_attack"
        },
        "power": {
          "$ref": "#/$defs/power"
        },
        "target": {
          "$ref": "#/$defs/id"
        },
        "situations": {
          "$ref": "#/$defs/situations",
          "default": {}
        },
        "die_mods": {
          "$ref": "#/$defs/die_mods",
          "default": []
        }
      },
      "required": [
        "kind",
        "power",
        "target"
      ],
      "additionalProperties": false
    },
    "step_power": {
      "type": "object",
      "properties": {
        "kind": {
          "const": "power"
        },
        "power": {
          "$ref": "#/$defs/power"
        },
        "target": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "aim": {
          "anyOf": [
            {
              "$ref": "#/$defs/space"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "direction": {
          "anyOf": [
            {
              "$ref": "#/$defs/direction"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "situations": {
          "$ref": "#/$defs/situations",
          "default": {}
        },
        "die_mods": {
          "$ref": "#/$defs/die_mods",
          "default": []
        }
      },
      "required": [
        "kind",
        "power"
      ],
      "additionalProperties": false
    },
    "step": {
      "oneOf": [
        {
          "$ref": "#/$defs/step_move"
        },
        {
          "$ref": "#/$defs/step_shift"
        },
        {
          "$ref": "#/$defs/step_summon"
        },
        {
          "$ref": "#/$defs/step_recall"
        },
        {
          "$ref": "#/$defs/step_swap_weapons"
        },
        {
          "$ref": "#/$defs/step_basic_attack"
        },
        {
          "$ref": "#/$defs/step_power"
        }
      ],
      "x-rulepack-tag": "kind"
    },
    "consumable": {
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "count": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        "montage_dice": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100,
          "default": 3
        }
      },
      "required": [
        "id",
        "count"
      ],
      "additionalProperties": false
    },
    "spend": {
      "type": "object",
      "properties": {
        "stamina": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "mana": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "consumables": {
          "type": "object",
          "additionalProperties": {
            "type": "integer",
            "minimum": 1,
            "maximum": 1000
          },
          "maxProperties": 100,
          "default": {}
        }
      },
      "required": [],
      "additionalProperties": false
    },
    "member": {
      "description": "CR-R13, CR-G31: a party member of the Battle Montage.",
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "health": {
          "type": "integer",
          "minimum": 1,
          "maximum": 100000
        },
        "power": {
          "$ref": "#/$defs/power"
        },
        "target": {
          "$ref": "#/$defs/id"
        },
        "kind": {
          "type": "string",
          "enum": [
            "character",
            "cryture"
          ],
          "default": "character"
        },
        "types": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/id"
          },
          "maxItems": 8,
          "uniqueItems": true,
          "default": []
        },
        "stats": {
          "$ref": "#/$defs/stats",
          "default": {}
        },
        "stamina": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "mana": {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000,
          "default": 0
        },
        "summoner": {
          "anyOf": [
            {
              "$ref": "#/$defs/id"
            },
            {
              "type": "null"
            }
          ],
          "default": null
        },
        "consumables": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/consumable"
          },
          "maxItems": 100,
          "default": []
        },
        "binding_crystals": {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000,
          "default": 0
        },
        "spend": {
          "$ref": "#/$defs/spend",
          "default": {
            "stamina": 0,
            "mana": 0,
            "consumables": {}
          }
        },
        "bind": {
          "type": "boolean",
          "default": false
        }
      },
      "required": [
        "id",
        "health",
        "power",
        "target"
      ],
      "additionalProperties": false
    },
    "enemy": {
      "description": "CR-R13: an enemy of the Battle Montage.",
      "type": "object",
      "properties": {
        "id": {
          "$ref": "#/$defs/id"
        },
        "health": {
          "type": "integer",
          "minimum": 1,
          "maximum": 1000000
        },
        "power": {
          "$ref": "#/$defs/power"
        },
        "kind": {
          "type": "string",
          "enum": [
            "character",
            "cryture"
          ],
          "default": "cryture"
        },
        "types": {
          "type": "array",
          "items": {
            "$ref": "#/$defs/id"
          },
          "maxItems": 8,
          "uniqueItems": true,
          "default": []
        },
        "stats": {
          "$ref": "#/$defs/stats",
          "default": {}
        },
        "bindable": {
          "type": "boolean",
          "default": false
        }
      },
      "required": [
        "id",
        "health",
        "power"
      ],
      "additionalProperties": false
    }
  }
});

export const CONFIG_SCHEMA = Object.freeze({
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://rulepack.invalid/schemas/rules_config/crytures.schema.json",
  "title": "crytures rules_config",
  "description": "Every configurable parameter of the crytures engine, each with the catalogue's default (C5, CR-G01 to CR-G32). Written in the rule-input dialect, so both engines check a merged config with the same reader as their inputs.",
  "type": "object",
  "properties": {
    "hit_test": {
      "description": "CR-G01: a die hits when its face plus the roll modifier meets the target's difficulty stat (the power's Attack line names it); `modified_face_gt_difficulty` needs it exceeded.",
      "type": "string",
      "enum": [
        "modified_face_gte_difficulty",
        "modified_face_gt_difficulty"
      ],
      "default": "modified_face_gte_difficulty"
    },
    "crit_on": {
      "description": "CR-G02: a crit is a die showing 10 before roll modifiers (+2 turns an 8 into 10, not a crit); `modified_10`: face plus roll modifier of 10 or more.",
      "type": "string",
      "enum": [
        "natural_10",
        "modified_10"
      ],
      "default": "natural_10"
    },
    "crit_requires_hit": {
      "description": "CR-G02: whether a crit die must also hit to trigger the Crit line; by default a natural 10 always does, and its extra hits add to the hit count.",
      "type": "boolean",
      "default": false
    },
    "pool_floor": {
      "description": "CR-G03: the fewest dice a pool rolls after die modifiers (P11); 0: a pool reduced to 0 or fewer rolls nothing, with no hits and no crits.",
      "type": "integer",
      "minimum": 0,
      "maximum": 10,
      "default": 0
    },
    "type_chart": {
      "description": "CR-G04: the type chart the seed's table leaves out: by defender type, the attack types it is weak to and resists. Only the two relations the seed implies (Fire and Lightning are weak to Earth); a ruleset's type_charts/ documents replace it.",
      "type": "object",
      "properties": {
        "weak_to": {
          "type": "object",
          "additionalProperties": {
            "type": "array",
            "items": {
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9_-]{0,63}$",
              "x-rulepack-expected": "an id of a-z, 0-9, _ and - (1-64)"
            },
            "maxItems": 64,
            "uniqueItems": true
          },
          "maxProperties": 256
        },
        "resists": {
          "type": "object",
          "additionalProperties": {
            "type": "array",
            "items": {
              "type": "string",
              "pattern": "^[a-z0-9][a-z0-9_-]{0,63}$",
              "x-rulepack-expected": "an id of a-z, 0-9, _ and - (1-64)"
            },
            "maxItems": 64,
            "uniqueItems": true
          },
          "maxProperties": 256
        }
      },
      "required": [
        "weak_to",
        "resists"
      ],
      "additionalProperties": false,
      "default": {
        "weak_to": {
          "fire": [
            "earth"
          ],
          "lightning": [
            "earth"
          ]
        },
        "resists": {}
      }
    },
    "type_mod_combine": {
      "description": "CR-G05: a target weak to the attack through one type and resistant through another: `net` counts +2 and -2 once each (0); or one of them wins.",
      "type": "string",
      "enum": [
        "net",
        "weakness_wins",
        "resistance_wins"
      ],
      "default": "net"
    },
    "grid": {
      "description": "CR-G06: the battle map: square spaces, or hexes in axial coordinates.",
      "type": "string",
      "enum": [
        "square",
        "hex"
      ],
      "default": "square"
    },
    "square_distance": {
      "description": "CR-G06: how a square grid counts a diagonal: 1 (`chebyshev`), or every second diagonal 2 (`alternating`). Blast areas and ranges follow it.",
      "type": "string",
      "enum": [
        "chebyshev",
        "alternating"
      ],
      "default": "chebyshev"
    },
    "ranged_blast_includes_user": {
      "description": "CR-G07: a Ranged Blast affects everyone in its area, its user too when inside (only Personal Blast's exclusion is stated).",
      "type": "boolean",
      "default": true
    },
    "range_extension_limit": {
      "description": "CR-G08: how many spaces beyond X a Ranged power may reach at -1 die each; null: no limit. Melee never extends.",
      "anyOf": [
        {
          "type": "integer",
          "minimum": 0,
          "maximum": 1000
        },
        {
          "type": "null"
        }
      ],
      "default": null
    },
    "engaged": {
      "description": "CR-G09: which enemies are engaged with a combatant (a Ranged power provokes them): adjacent ones, or those within their own melee reach.",
      "type": "string",
      "enum": [
        "adjacent",
        "melee_reach"
      ],
      "default": "adjacent"
    },
    "oa_limit": {
      "description": "CR-G10: each engaged enemy makes at most one opportunity attack during any one other combatant's turn; OAs cost no action.",
      "type": "string",
      "enum": [
        "one_per_enemy_per_triggering_turn",
        "unlimited"
      ],
      "default": "one_per_enemy_per_triggering_turn"
    },
    "oa_move_trigger": {
      "description": "CR-G11: a move (not a shift) provokes an enemy when a step leaves a space adjacent to it, even to another adjacent space; `leave_adjacency`: only a step that ends the adjacency.",
      "type": "string",
      "enum": [
        "leave_adjacent_space",
        "leave_adjacency"
      ],
      "default": "leave_adjacent_space"
    },
    "concentration_provokes_melee": {
      "description": "CR-G12: a power that requires Concentration provokes even when it is a Melee power (the specific trigger wins over the Melee sentence, which is about range).",
      "type": "boolean",
      "default": true
    },
    "basic_attack_range_kinds": {
      "description": "CR-G13: the range kinds a Basic Attack and an opportunity attack may use; both need a `basic` power.",
      "type": "array",
      "items": {
        "type": "string",
        "enum": [
          "melee",
          "ranged",
          "personal",
          "personal_blast",
          "ranged_blast",
          "melee_blast"
        ]
      },
      "maxItems": 6,
      "minItems": 1,
      "uniqueItems": true,
      "default": [
        "melee"
      ]
    },
    "health_floor": {
      "description": "CR-G14: the lowest Health damage can leave.",
      "type": "integer",
      "minimum": -100000,
      "maximum": 0,
      "default": 0
    },
    "defeated_at_health": {
      "description": "CR-G14: a combatant whose Health is at or below this is defeated (out of the fight).",
      "type": "integer",
      "minimum": -100000,
      "maximum": 100000,
      "default": 0
    },
    "blast_roll": {
      "description": "CR-G15: a Blast rolls one pool whose faces every target checks against its own difficulty and modifiers; `per_target`: one pool per target, in target order.",
      "type": "string",
      "enum": [
        "shared_faces",
        "per_target"
      ],
      "default": "shared_faces"
    },
    "late_entrant_ties": {
      "description": "CR-G16: a late entrant whose total equals a combatant's rolls off with it (CR-R02) to decide who is higher.",
      "type": "string",
      "enum": [
        "roll_off",
        "entrant_after",
        "entrant_before"
      ],
      "default": "roll_off"
    },
    "initiative_ties": {
      "description": "CR-G17: in a tie of three or more, those who tie again re-roll among themselves, keeping the order already settled; `whole_group_rerolls`: any repeated face re-rolls the whole group.",
      "type": "string",
      "enum": [
        "subgroups_reroll",
        "whole_group_rerolls"
      ],
      "default": "subgroups_reroll"
    },
    "extra_minor": {
      "description": "CR-G18: the Major spent as an extra Minor may be any Minor action, a second move included.",
      "type": "string",
      "enum": [
        "any_minor",
        "no_second_move"
      ],
      "default": "any_minor"
    },
    "max_active_crytures": {
      "description": "CR-G19: how many of a character's crytures may be on the grid at once (summoned, not recalled).",
      "type": "integer",
      "minimum": 1,
      "maximum": 100,
      "default": 1
    },
    "unaffordable_power": {
      "description": "CR-G20: costs are paid when the power is declared; a power its user cannot pay is refused (`allowed_at_zero`: it is used and the resource drops to 0).",
      "type": "string",
      "enum": [
        "refused",
        "allowed_at_zero"
      ],
      "default": "refused"
    },
    "flanking": {
      "description": "CR-G21: flanking needs an ally on the space mirroring the attacker's direction from the target (adjacent and ranged attackers alike); `opposite_side`: any ally adjacent to the target on the far side.",
      "type": "string",
      "enum": [
        "mirror_of_attacker_direction",
        "opposite_side"
      ],
      "default": "mirror_of_attacker_direction"
    },
    "elevation_min_difference": {
      "description": "CR-G22: how much higher (in the tokens' elevation units) the attacker must stand for +2; as much lower gives -2.",
      "type": "integer",
      "minimum": 1,
      "maximum": 10000,
      "default": 1
    },
    "montage_complexity_rounding": {
      "description": "CR-G23: Complexity is Health / 5 rounded up, so every point of Health counts.",
      "type": "string",
      "enum": [
        "ceil",
        "floor"
      ],
      "default": "ceil"
    },
    "montage_complexity_min": {
      "description": "CR-G23: the least Complexity an enemy has, so a 1-4 Health enemy still needs one task.",
      "type": "integer",
      "minimum": 0,
      "maximum": 100,
      "default": 1
    },
    "montage_successes": {
      "description": "CR-G24: a Talent check's successes are its hits plus the Crit line's extra hits; each completes one task.",
      "type": "string",
      "enum": [
        "hits_and_crit_extra_hits",
        "hits_only"
      ],
      "default": "hits_and_crit_extra_hits"
    },
    "montage_power": {
      "description": "CR-G13, CR-G24: the powers a member rolls and an enemy deals damage with in the Montage: basic ones with an Attack line.",
      "type": "string",
      "enum": [
        "basic",
        "any_attack"
      ],
      "default": "basic"
    },
    "montage_shared_damage": {
      "description": "CR-G25: several members on one enemy pool their successes; its failure damage goes to the frontmost of them (`each_attacker`: each takes it).",
      "type": "string",
      "enum": [
        "frontmost_attacker",
        "each_attacker"
      ],
      "default": "frontmost_attacker"
    },
    "montage_damage_per_failure_min": {
      "description": "CR-G26: the least damage one failed task deals after the +2 / -2 for weakness and resistance.",
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "default": 0
    },
    "montage_unattacked_assignment": {
      "description": "CR-G27: the first unattacked enemy's damage goes to rank 1, the second's to rank 2, wrapping to the front; `front_absorbs`: all to the front living member, the excess to the next.",
      "type": "string",
      "enum": [
        "round_robin",
        "front_absorbs"
      ],
      "default": "round_robin"
    },
    "montage_half": {
      "description": "CR-G28: an enemy with exactly half its Complexity left is routed (the party has not done strictly more than half).",
      "type": "string",
      "enum": [
        "routed",
        "killed"
      ],
      "default": "routed"
    },
    "binding_crystal_consumed": {
      "description": "CR-G29: a binding attempt consumes its crystal whether or not it succeeds.",
      "type": "string",
      "enum": [
        "always",
        "on_success"
      ],
      "default": "always"
    },
    "montage_extra_summon_cost": {
      "description": "CR-G30: Mana a character spends for each cryture it summons in the Montage beyond the first.",
      "type": "integer",
      "minimum": 0,
      "maximum": 1000,
      "default": 1
    },
    "montage_spend_cap": {
      "description": "CR-G30: the most Stamina plus Mana points a member may spend for +3 dice each; null: no cap.",
      "anyOf": [
        {
          "type": "integer",
          "minimum": 0,
          "maximum": 100000
        },
        {
          "type": "null"
        }
      ],
      "default": null
    },
    "montage_party": {
      "description": "CR-G31: who may take a rank and square up: the characters and their summoned crytures, or the crytures only.",
      "type": "string",
      "enum": [
        "characters_and_crytures",
        "crytures_only"
      ],
      "default": "characters_and_crytures"
    },
    "montage_roll_modifiers": {
      "description": "CR-G32: the roll modifiers a Montage roll takes: only weakness and resistance (step 6), the Montage being theatre of the mind.",
      "type": "string",
      "enum": [
        "types_only",
        "none"
      ],
      "default": "types_only"
    }
  },
  "additionalProperties": false
});
