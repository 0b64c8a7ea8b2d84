"""Property tests for the crytures rules, in both engines, against independent oracles.

Oracles recompute each rule from the seed's wording: per-die hits and natural-10 crits, integer
grid distances and Blast areas by brute force (and the closed forms (2Y+1)² and 3Y(Y+1)+1), the
type chart's non-stacking weakness, and the initiative order. Random power uses, turns and
montages (dice recorded from what the Python rule asks for) must give identical JSON in both
engines, and the Battle Montage is monotone: better faces never cost the party Health. Settings
are derandomized and database-less, so every run sees the same examples.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from js_batch import Engine, agree, js_batched
from rules_parity import canonical
from test_properties import PROFILE, RecordingQueue

from compiler.rules.errors import RuleError
from compiler.rules.harness import read_input, resolve

RULESET = "crytures"
FEW = settings(PROFILE, max_examples=60)


def case(rule: str, inp: dict[str, Any], dice: list[Any] | None = None,
         config: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"ruleset": RULESET, "rule": rule, "config": config or {}, "input": inp,
            "dice": dice or []}


def both(js: Engine, c: dict[str, Any]) -> dict[str, Any]:
    """The Python result, after checking the JS core returns the very same JSON (js_batch)."""
    return agree(js, c)


def recorded(data: st.DataObject, c: dict[str, Any]) -> dict[str, Any]:
    """`c` with the dice its Python rule asks for, invented by hypothesis as it asks."""
    engine, rule, config = resolve(RULESET, c["rule"], c["config"])
    queue = RecordingQueue(data)
    try:
        rule(read_input(engine, c["rule"], c["input"]), config, queue)
    except RuleError:
        pass
    return {**c, "dice": queue.recorded}


def hex_distance(a: list[int], b: list[int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def square_distance(a: list[int], b: list[int], metric: str) -> int:
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    diagonals, straight = min(dx, dy), abs(dx - dy)
    if metric == "alternating":  # diagonals cost 1, 2, 1, 2, ...
        return straight + sum(2 if n % 2 == 0 else 1 for n in range(1, diagonals + 1))
    return straight + diagonals


def oracle_distance(a: list[int], b: list[int], config: dict[str, Any]) -> int:
    if config.get("grid") == "hex":
        return hex_distance(a, b)
    return square_distance(a, b, config.get("square_distance", "chebyshev"))


spaces = st.lists(st.integers(-30, 30), min_size=2, max_size=2)
grids = st.sampled_from([{}, {"square_distance": "alternating"}, {"grid": "hex"}])

# --------------------------------------------------------------------------- hits and crits


@js_batched
@PROFILE
@given(data=st.data(), pool=st.integers(0, 12), die_mods=st.lists(st.integers(-4, 4), max_size=3),
       roll_mod=st.integers(-6, 6), difficulty=st.integers(0, 14), extra=st.integers(0, 2),
       config=st.fixed_dictionaries({}, optional={
           "hit_test": st.sampled_from(["modified_face_gte_difficulty",
                                        "modified_face_gt_difficulty"]),
           "crit_on": st.sampled_from(["natural_10", "modified_10"]),
           "crit_requires_hit": st.booleans(), "pool_floor": st.integers(0, 2)}))
def test_attack_roll_counts_every_die(data: st.DataObject, pool: int, die_mods: list[int],
                                      roll_mod: int, difficulty: int, extra: int,
                                      config: dict[str, Any], js_engine: Engine) -> None:
    size = max(config.get("pool_floor", 0), pool + sum(die_mods))
    faces = data.draw(st.lists(st.integers(1, 10), min_size=size, max_size=size))
    inp = {"pool": pool, "die_mods": die_mods, "roll_mod": roll_mod, "difficulty": difficulty,
           "crit_extra_hits": extra}
    state = both(js_engine, case("attack_roll", inp, [{"d": 10, "v": f} for f in faces],
                                 config))["state"]
    exceed = config.get("hit_test") == "modified_face_gt_difficulty"
    hit = [(f + roll_mod > difficulty) if exceed else (f + roll_mod >= difficulty) for f in faces]
    natural = config.get("crit_on", "natural_10") == "natural_10"
    crit = [(f == 10) if natural else (f + roll_mod >= 10) for f in faces]
    if config.get("crit_requires_hit"):
        crit = [c and h for c, h in zip(crit, hit, strict=True)]
    assert state["size"] == size == len(state["faces"])
    assert state["results"] == [f + roll_mod for f in faces]
    assert (state["hits"], state["crits"]) == (sum(hit), sum(crit))
    assert state["total_hits"] == sum(hit) + extra * sum(crit)


# --------------------------------------------------------------------------- ranges and Blasts


@js_batched
@PROFILE
@given(user=spaces, target=spaces, x=st.integers(0, 12),
       kind=st.sampled_from(["melee", "ranged", "ranged_blast"]), grid=grids,
       limit=st.one_of(st.none(), st.integers(0, 5)))
def test_range_extends_only_ranged_powers(user: list[int], target: list[int], x: int, kind: str,
                                          grid: dict[str, Any], limit: int | None,
                                          js_engine: Engine) -> None:
    range_ = {"kind": kind, "x": x} | ({"y": 1} if kind == "ranged_blast" else {})
    config = {**grid, "range_extension_limit": limit}
    state = both(js_engine, case("range_check", {"range": range_, "user": user,
                                                 "target": target}, config=config))["state"]
    gap = oracle_distance(user, target, grid)
    assert state["distance"] == gap
    if kind == "melee":
        assert state == {"distance": gap, "in_range": gap <= x, "extension": 0, "die_mod": 0}
    else:
        beyond = max(0, gap - x)
        reachable = limit is None or beyond <= limit
        assert state == {"distance": gap, "in_range": reachable, "extension": beyond,
                         "die_mod": -beyond if reachable else 0}


@js_batched
@PROFILE
@given(data=st.data(), y=st.integers(1, 4), grid=grids, user=spaces,
       kind=st.sampled_from(["personal_blast", "ranged_blast", "melee_blast"]),
       includes_user=st.booleans(), ranged_includes=st.booleans())
def test_blast_areas_by_brute_force(data: st.DataObject, y: int, grid: dict[str, Any],
                                    user: list[int], kind: str, includes_user: bool,
                                    ranged_includes: bool, js_engine: Engine) -> None:
    hexes = grid.get("grid") == "hex"
    steps = ([[1, 0], [1, -1], [0, -1], [-1, 0], [-1, 1], [0, 1]] if hexes else
             [[dx, dy] for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy])
    inp: dict[str, Any] = {"range": {"kind": kind, "y": y}, "user": user,
                           "includes_user": includes_user}
    if kind == "ranged_blast":
        inp["range"]["x"] = 10
        offset = data.draw(st.lists(st.integers(-5, 5), min_size=2, max_size=2))
        inp["aim"] = [user[0] + offset[0], user[1] + offset[1]]
        origin = inp["aim"]
    elif kind == "melee_blast":
        inp["direction"] = data.draw(st.sampled_from(steps))
        reach = next(k for k in range(1, 2 * y + 3) if oracle_distance(
            user, [user[0] + k * inp["direction"][0], user[1] + k * inp["direction"][1]], grid) > y)
        origin = [user[0] + reach * inp["direction"][0], user[1] + reach * inp["direction"][1]]
    else:
        origin = user
    config = {**grid, "ranged_blast_includes_user": ranged_includes}
    state = both(js_engine, case("blast_area", inp, config=config))["state"]
    excluded = (kind == "personal_blast" and not includes_user) or (
        kind == "ranged_blast" and not ranged_includes) or kind == "melee_blast"
    box = [[origin[0] + dx, origin[1] + dy] for dx in range(-y - 1, y + 2)
           for dy in range(-y - 1, y + 2)]
    inside = [s for s in box if oracle_distance(origin, s, grid) <= y
              and not (excluded and s == user)]
    assert state["origin"] == origin
    assert state["spaces"] == sorted(inside)
    full = 3 * y * (y + 1) + 1 if hexes else (2 * y + 1) ** 2
    if grid.get("square_distance") != "alternating":
        assert len(inside) + (excluded and oracle_distance(origin, user, grid) <= y) == full
    if kind == "melee_blast":  # the near edge is adjacent and the user is never inside
        assert min(oracle_distance(user, s, grid) for s in inside) == 1


# --------------------------------------------------------------------------- types


types = st.sampled_from(["earth", "fire", "water", "air"])


@js_batched
@PROFILE
@given(attack=st.one_of(st.none(), types), defender=st.lists(types, max_size=3, unique=True),
       weak=st.dictionaries(types, st.lists(types, max_size=3, unique=True), max_size=4),
       resists=st.dictionaries(types, st.lists(types, max_size=3, unique=True), max_size=4),
       combine=st.sampled_from(["net", "weakness_wins", "resistance_wins"]))
def test_type_bonuses_never_stack(attack: str | None, defender: list[str],
                                  weak: dict[str, list[str]], resists: dict[str, list[str]],
                                  combine: str, js_engine: Engine) -> None:
    config = {"type_chart": {"weak_to": weak, "resists": resists}, "type_mod_combine": combine}
    state = both(js_engine, case("type_relation", {"attack_type": attack,
                                                   "defender_types": defender}, config=config))
    is_weak = any(attack in weak.get(t, []) for t in defender)
    is_resistant = any(attack in resists.get(t, []) for t in defender)
    expected = 2 * is_weak - 2 * is_resistant
    if is_weak and is_resistant and combine != "net":
        expected = 2 if combine == "weakness_wins" else -2
    assert state["state"] == {"weak": is_weak, "resistant": is_resistant, "modifier": expected}


# --------------------------------------------------------------------------- initiative


@js_batched
@FEW
@given(data=st.data(), pools=st.lists(st.tuples(st.integers(0, 3), st.integers(0, 2)),
                                      min_size=1, max_size=6),
       ties=st.sampled_from(["subgroups_reroll", "whole_group_rerolls"]))
def test_initiative_orders_by_total(data: st.DataObject, pools: list[tuple[int, int]], ties: str,
                                    js_engine: Engine) -> None:
    rollers = [{"id": f"c{i}", "speed": s, "reflexes": r} for i, (s, r) in enumerate(pools)]
    c = recorded(data, case("initiative", {"combatants": rollers},
                            config={"initiative_ties": ties}))
    result = both(js_engine, c)
    if "error" in result:  # a roll-off that needed more dice than the recording allows
        return
    order = result["state"]["order"]
    assert sorted(e["id"] for e in order) == sorted(r["id"] for r in rollers)
    totals = [e["total"] for e in order]
    assert totals == sorted(totals, reverse=True)
    events = {e["combatant"]: e for e in result["events"] if e["type"] == "initiative"}
    assert all(events[e["id"]]["total"] == sum(events[e["id"]]["faces"]) for e in order)


# --------------------------------------------------------------------------- whole uses


@js_batched
@FEW
@given(data=st.data(), grid=grids,
       kind=st.sampled_from(["melee", "ranged", "personal", "personal_blast", "ranged_blast",
                             "melee_blast"]),
       positions=st.lists(st.lists(st.integers(-3, 3), min_size=2, max_size=2), min_size=4,
                          max_size=4, unique_by=lambda p: (p[0], p[1])),
       blast_roll=st.sampled_from(["shared_faces", "per_target"]))
def test_power_uses_agree(data: st.DataObject, grid: dict[str, Any], kind: str,
                          positions: list[list[int]], blast_roll: str,
                          js_engine: Engine) -> None:
    sides = ["a", "b", "a", "b"]
    combatants = [{"id": f"c{i}", "side": side, "health": 10, "position": pos,
                   "types": [data.draw(types)], "stats": {"might": 3, "guard": 5}, "mana": 1,
                   "elevation": data.draw(st.integers(0, 2))}
                  for i, (side, pos) in enumerate(zip(sides, positions, strict=True))]
    range_: dict[str, Any] = {"kind": kind}
    if kind in ("melee", "ranged", "ranged_blast"):
        range_["x"] = data.draw(st.integers(1, 4))
    if kind.endswith("blast"):
        range_["y"] = data.draw(st.integers(1, 2))
    power = {"id": "p", "type": data.draw(types), "action": "major", "range": range_,
             "cost": data.draw(st.sampled_from([None, {"amount": 1, "resource": "mana"}])),
             "attack": {"pool_stats": ["might"], "difficulty_stat": "guard"},
             "hit": {"damage_per_hit": 2, "effects": ["x"]}, "crit": {"extra_hits": 1},
             "concentration": data.draw(st.booleans())}
    inp: dict[str, Any] = {"user": "c0", "power": power, "combatants": combatants,
                           "target": "c1" if kind in ("melee", "ranged") else None,
                           "aim": [0, 0], "direction": [1, 0] if grid.get("grid") == "hex"
                           else [1, 1]}
    c = recorded(data, case("use_power", inp, config={**grid, "blast_roll": blast_roll}))
    result = both(js_engine, c)
    assert "error" not in result, result
    state = result["state"]
    if not state["used"]:  # a refused use changes nothing (CR-G20)
        engine = resolve(RULESET, "use_power", {})[0]
        filled = read_input(engine, "use_power", inp)["combatants"]
        assert canonical(state["combatants"]) == canonical(filled)
        assert state["targets"] == [] and state["actions"] == {"major": True, "minor": True}
    for before, after in zip(combatants, state["combatants"], strict=True):
        assert after["health"] <= before["health"]


# --------------------------------------------------------------------------- the montage


def montage_case(faces: list[int], enemy_health: int, might: int, bind: bool) -> dict[str, Any]:
    staff = {"id": "staff", "action": "major", "range": {"kind": "melee", "x": 1},
             "attack": {"pool_stats": ["might"], "difficulty_stat": "guard"},
             "hit": {"damage_per_hit": 2}, "crit": {"extra_hits": 1}, "basic": True}
    member = {"id": "p1", "health": 50, "stats": {"might": might}, "power": staff,
              "target": "e1", "binding_crystals": 1, "bind": bind}
    enemy = {"id": "e1", "health": enemy_health, "kind": "cryture", "bindable": True,
             "stats": {"might": 2, "guard": 6}, "power": staff}
    return case("battle_montage", {"party": [member], "enemies": [enemy]},
                [{"d": 10, "v": f} for f in faces])


@js_batched
@PROFILE
@given(data=st.data(), might=st.integers(1, 6), health=st.integers(1, 40), bind=st.booleans())
def test_better_faces_never_cost_health(data: st.DataObject, might: int, health: int,
                                        bind: bool, js_engine: Engine) -> None:
    faces = data.draw(st.lists(st.integers(1, 10), min_size=might, max_size=might))
    better = [data.draw(st.integers(f, 10)) for f in faces]
    worse_run = both(js_engine, montage_case(faces, health, might, bind))
    better_run = both(js_engine, montage_case(better, health, might, bind))
    hurt = 50 - worse_run["state"]["party"][0]["health"]
    hurt_better = 50 - better_run["state"]["party"][0]["health"]
    assert hurt_better <= hurt
    left = worse_run["state"]["enemies"][0]["failures"]
    assert better_run["state"]["enemies"][0]["failures"] <= left
    complexity = -(-health // 5)
    assert worse_run["state"]["enemies"][0]["complexity"] == complexity
    if bind and left == 0:
        assert worse_run["state"]["enemies"][0]["outcome"] == "bound"
