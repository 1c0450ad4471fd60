import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database.js';

/** Stands for the i-th argument (or the j-th value of the i-th, a list) while the query is compiled. */
class Argument {
  constructor(
    readonly index: number,
    readonly item?: number,
  ) {}
}

/** Shapes compiled per query and database: lists of this many different lengths; longer tails compile each time. */
const SHAPES_KEPT = 32;

/**
 * A query whose shape depends only on the lengths of its list arguments, compiled to SQL once per database and shape,
 * then run with each call's arguments. Kysely otherwise builds and compiles the query tree on every call, about a
 * fifth of the CPU of the hot reads (issue #12); the SQL text then meets the statement cache of the database layer.
 * Each argument must be bound as one value, or a list value by value (`in (…)`, rows of an insert): nothing Kysely
 * rewrites, and no value that stays the same written into the SQL (a `null` as an argument is bound, not `is null`).
 */
export function prepared<A extends unknown[], R>(build: (db: Db, ...args: A) => Compilable<R>) {
  const compiled = new WeakMap<Db, Map<string, CompiledQuery<R>>>();
  return async (db: Db, ...args: A): Promise<R[]> => {
    const shape = args.map((arg) => (Array.isArray(arg) ? arg.length : '')).join();
    let shapes = compiled.get(db);
    if (!shapes) compiled.set(db, (shapes = new Map<string, CompiledQuery<R>>()));
    let query = shapes.get(shape);
    if (!query) {
      const standIns = args.map((arg, i) =>
        Array.isArray(arg) ? arg.map((_, j) => new Argument(i, j)) : new Argument(i),
      ) as A;
      query = build(db, ...standIns).compile();
      if (shapes.size < SHAPES_KEPT) shapes.set(shape, query);
    }
    const parameters = query.parameters.map((value) => {
      if (!(value instanceof Argument)) return value;
      const arg = args[value.index];
      return value.item === undefined ? arg : (arg as unknown[])[value.item];
    });
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
