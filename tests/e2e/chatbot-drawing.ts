import type { Page } from './browser';

/** Where on the canvas the three nodes are put: an empty canvas's coordinates are the scenario's. */
const AT = {
  greeting: { x: 320, y: 80 },
  answer: { x: 160, y: 300 },
  team: { x: 480, y: 300 },
} as const;

export type ThreeNodeBot = {
  name: string;
  defaultMessage: string;
  greeting: string;
  /** The two value buttons of the greeting: the first leads to the answer, the second to the team. */
  buttons: readonly [string, string];
  answer: string;
  transfer: string;
  /** The team the third node transfers to, as the team select names it. */
  team: string;
};

export const FRONT_DESK: ThreeNodeBot = {
  name: 'Front desk',
  defaultMessage: 'Sorry, I did not understand. Please choose a button.',
  greeting: 'Hello! What would you like to know?',
  buttons: ['Prices', 'A person'],
  answer: 'Our prices are on the site. Have a good day!',
  transfer: 'Passing you to a person from our team.',
  team: 'Support',
};

/**
 * On the open editor of a new bot, draws the Done-when's three-node bot as an administrator
 * would: the bot's fields, three nodes clicked onto the empty canvas in the create mode, the
 * greeting's first button led to the answer by dragging from node to node on the canvas, the
 * second led to the transfer from the side panel's "Leads to" (the keyboard's way), the answer
 * closing the chat and the transfer going to a team. Leaves the editor with nothing saved yet.
 * For the runtime's customer-side story too.
 */
export async function drawThreeNodeBot(page: Page, bot: ThreeNodeBot = FRONT_DESK): Promise<void> {
  await page.getByTestId('chatbot-name').fill(bot.name);
  await page.getByTestId('chatbot-default-message').fill(bot.defaultMessage);
  const canvas = page.getByTestId('chatbot-canvas');
  const panel = page.getByTestId('chatbot-node-panel');

  await page.getByTestId('chatbot-mode-create').click();
  // The greeting, with its two buttons.
  await canvas.click({ position: AT.greeting });
  await panel.getByTestId('chatbot-node-reply').fill(bot.greeting);
  for (const [index, name] of bot.buttons.entries()) {
    await panel.getByTestId('chatbot-button-add').click();
    await panel.getByTestId('chatbot-button-name').nth(index).fill(name);
  }
  // The answer, which closes the chat.
  await canvas.click({ position: AT.answer });
  await panel.getByTestId('chatbot-node-reply').fill(bot.answer);
  await panel.getByTestId('chatbot-action-kind').selectOption('close');
  // The transfer to a team.
  await canvas.click({ position: AT.team });
  await panel.getByTestId('chatbot-node-reply').fill(bot.transfer);
  await panel.getByTestId('chatbot-action-kind').selectOption('team');
  await panel.getByTestId('chatbot-action-team').selectOption({ label: bot.team });

  // An edge dragged from the greeting onto the answer: its first button not led anywhere.
  await page.getByTestId('chatbot-mode-select').click();
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the canvas is not shown');
  await page.mouse.move(box.x + AT.greeting.x, box.y + AT.greeting.y);
  await page.mouse.down();
  await page.mouse.move(box.x + AT.answer.x, box.y + AT.answer.y - 20, { steps: 8 });
  await page.mouse.move(box.x + AT.answer.x, box.y + AT.answer.y, { steps: 4 });
  await page.mouse.up();
  await panel.getByTestId('chatbot-button-next').first().waitFor();
  // The second button, from the side panel.
  await page.getByTestId('chatbot-go-to-node').selectOption({ index: 1 });
  await panel
    .getByTestId('chatbot-button-next')
    .nth(1)
    .selectOption({ label: firstWords(bot.transfer) });
}

/** A node's title on the canvas and in the selects: its reply's first five words. */
export function firstWords(text: string): string {
  const words = text.trim().split(/\s+/);
  return words.length > 5 ? `${words.slice(0, 5).join(' ')}…` : words.join(' ');
}
