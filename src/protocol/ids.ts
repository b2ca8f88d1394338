import { v7 as uuidv7 } from 'uuid';
import * as v from 'valibot';

/** Every id is a UUIDv7 made by whoever creates the row, so an offline row keeps its id forever. */
export const newId = (): string => uuidv7();

/** A UUID (any version: ids made by older clients or by PostgreSQL's gen_random_uuid stay valid). */
export const IdSchema = v.pipe(v.string(), v.uuid());
export type Id = v.InferOutput<typeof IdSchema>;

/** ISO-8601 timestamps on the wire. */
export const TimestampSchema = v.pipe(v.string(), v.isoTimestamp());
