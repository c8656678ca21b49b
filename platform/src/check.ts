/**
 * TypeBox checks compiled on first use. The process holds some sixty (every event and job payload, every
 * typed client's reply); compiled at module load they cost ~80 ms of each cold start, though most are not
 * needed in the first second, and some never. Same validator, same answers: only the moment it is built moves.
 */
import type { Static, TSchema } from "typebox";
import { Compile, type Validator } from "typebox/compile";

/** The part of a compiled validator the product uses. */
export interface Check<T> {
  Check(value: unknown): value is T;
  Errors(value: unknown): ReturnType<Validator["Errors"]>;
}

export function lazyCheck<const S extends TSchema>(schema: S): Check<Static<S>> {
  let compiled: Validator | undefined;
  const validator = () => (compiled ??= Compile(schema) as Validator);
  return {
    Check: (value: unknown): value is Static<S> => validator().Check(value),
    Errors: (value: unknown) => validator().Errors(value),
  };
}
