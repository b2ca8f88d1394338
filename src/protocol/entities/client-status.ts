import * as v from 'valibot';
import { IdSchema, TimestampSchema } from '../ids';
import { LIMITS } from '../limits';

/**
 * The 13 colours a custom client status may take (spec §3), by name. A status stores the name, not
 * the hex, so the palette can be retuned without touching stored rows; an unknown name is
 * COLOR_NOT_FOUND.
 */
export const STATUS_COLOURS = {
  red: '#E53935',
  pink: '#D81B60',
  purple: '#8E24AA',
  violet: '#5E35B1',
  indigo: '#3949AB',
  blue: '#1E88E5',
  cyan: '#00ACC1',
  teal: '#00897B',
  green: '#43A047',
  lime: '#A0AF22',
  amber: '#FFB300',
  orange: '#FB8C00',
  brown: '#6D4C41',
} as const;
export type StatusColour = keyof typeof STATUS_COLOURS;
export const STATUS_COLOUR_NAMES = Object.keys(STATUS_COLOURS) as StatusColour[];

export const isStatusColour = (name: string): name is StatusColour =>
  Object.hasOwn(STATUS_COLOURS, name);

/** An organization's own client status (spec §3, §5: name and colour required). */
export const ClientStatusSchema = v.object({
  id: IdSchema,
  name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(LIMITS.clientStatusNameMax)),
  colour: v.string(),
  createdAt: TimestampSchema,
  updatedAt: TimestampSchema,
});
export type ClientStatus = v.InferOutput<typeof ClientStatusSchema>;
