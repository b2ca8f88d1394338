import * as v from 'valibot';
import type { Translator } from '../../ui/i18n';

/**
 * The events a system notification may be shown for (spec §2 "push notification management"):
 *  - `queued`: a new chat waits in one of my team queues (Pending);
 *  - `message`: the customer writes in a chat assigned to me;
 *  - `transferred`: a chat is transferred (assigned) to me;
 *  - `reminder`: a chat assigned to me waits for my answer for the chosen number of minutes.
 */
export const PUSH_EVENTS = ['queued', 'message', 'transferred', 'reminder'] as const;
export type PushEvent = (typeof PUSH_EVENTS)[number];

/** Spec §5: push-related minutes are a whole number from 1 to 999. */
export const REMINDER_MINUTES = { min: 1, max: 999, default: 5 } as const;

const ReminderMinutesSchema = v.pipe(
  v.number(),
  v.integer(),
  v.minValue(REMINDER_MINUTES.min),
  v.maxValue(REMINDER_MINUTES.max),
);

/**
 * Version 1 of the record kept per user in this browser. A later shape gets a new version and
 * reads this one into it; anything unreadable (edited by hand, another version) gives the defaults.
 */
const PushPreferencesV1 = v.object({
  version: v.literal(1),
  events: v.object({
    queued: v.boolean(),
    message: v.boolean(),
    transferred: v.boolean(),
    reminder: v.boolean(),
  }),
  reminderMinutes: ReminderMinutesSchema,
});
export type PushPreferences = v.InferOutput<typeof PushPreferencesV1>;

/** Until the user chooses: every event that needs them now, no reminder (it repeats what they know). */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  version: 1,
  events: { queued: true, message: true, transferred: true, reminder: false },
  reminderMinutes: REMINDER_MINUTES.default,
};

/** Per user, as two people may share a browser; the permission itself is the browser's. */
export const pushPreferencesKey = (userId: string): string => `sc-push-${userId}`;

export function parsePushPreferences(stored: string | null): PushPreferences {
  if (stored === null) return DEFAULT_PUSH_PREFERENCES;
  try {
    const parsed = v.safeParse(PushPreferencesV1, JSON.parse(stored));
    if (parsed.success) return parsed.output;
  } catch {
    // Not JSON: read as unset below.
  }
  console.warn('The stored notification settings are unreadable; using the defaults');
  return DEFAULT_PUSH_PREFERENCES;
}

export function readPushPreferences(
  userId: string,
  storage: Pick<Storage, 'getItem'> = localStorage,
): PushPreferences {
  try {
    return parsePushPreferences(storage.getItem(pushPreferencesKey(userId)));
  } catch {
    return DEFAULT_PUSH_PREFERENCES;
  }
}

/** Stores the choice; false when the browser refused (storage full or blocked). */
export function storePushPreferences(
  userId: string,
  preferences: PushPreferences,
  storage: Pick<Storage, 'setItem'> = localStorage,
): boolean {
  try {
    storage.setItem(pushPreferencesKey(userId), JSON.stringify(preferences));
    return true;
  } catch (error) {
    console.warn('The notification settings could not be stored', error);
    return false;
  }
}

/** The minutes box as typed: a whole number from 1 to 999, or wrong ("Incorrect time set"). */
export function readReminderMinutes(text: string): { ok: true; minutes: number } | { ok: false } {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return { ok: false };
  const minutes = Number(trimmed);
  return v.is(ReminderMinutesSchema, minutes) ? { ok: true, minutes } : { ok: false };
}

/** What the settings form holds: the checkboxes and the minutes box as typed. */
export type PushFormValues = { events: PushPreferences['events']; reminderMinutes: string };

export const pushFormValues = (preferences: PushPreferences): PushFormValues => ({
  events: { ...preferences.events },
  reminderMinutes: String(preferences.reminderMinutes),
});

/**
 * The record to store, or the minutes box is wrong. The minutes matter only with the reminder on:
 * turned off, the box keeps the last good number for the next time it is turned on.
 */
export function checkPushForm(
  values: PushFormValues,
  previous: PushPreferences,
): { ok: true; preferences: PushPreferences } | { ok: false } {
  const minutes = readReminderMinutes(values.reminderMinutes);
  if (values.events.reminder && !minutes.ok) return { ok: false };
  return {
    ok: true,
    preferences: {
      version: 1,
      events: { ...values.events },
      reminderMinutes: minutes.ok ? minutes.minutes : previous.reminderMinutes,
    },
  };
}

/** The words under the minutes box, or none (spec §5 "Incorrect time set"). */
export function pushFormErrors(
  values: PushFormValues,
  previous: PushPreferences,
  i18n: Pick<Translator, 't'>,
): { reminderMinutes?: string } {
  return checkPushForm(values, previous).ok
    ? {}
    : { reminderMinutes: i18n.t('profile.push.minutesWrong') };
}
