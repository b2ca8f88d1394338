import { DEMO_LOGINS, DEMO_PASSWORD } from './demo-data';

/**
 * What `npm start` prints for the demo (README "Quick start"): where the staff side is and how to
 * sign in, where the customer side is, and why that one goes in a private window — the widget
 * remembers its visitor in the browser, so the same profile would be the same customer forever,
 * and a second profile is simply a second person. Pure, from the base address, so it is tested.
 */
export function demoBanner(baseUrl: string, seeded: boolean): string {
  const root = baseUrl.replace(/\/+$/, '');
  return [
    seeded ? 'Demo organization "Demo" created.' : 'Demo organization "Demo".',
    '',
    `Staff side (the workspace): ${root}/`,
    '  Sign in with any of these (password for all three):',
    ...DEMO_LOGINS.map((login) => `    ${login}  /  ${DEMO_PASSWORD}`),
    '  operator@demo.test starts In work: new customer chats go to them while they are signed in.',
    '',
    `Customer side (a demo shop with the chat widget): ${root}/demo/site`,
    '  Open it in a private window or another browser: the widget remembers its visitor in the',
    '  browser, so a second browser profile is the customer and the workspace stays signed in.',
    '  Write there, and the message arrives in the operator’s In progress list.',
  ].join('\n');
}
