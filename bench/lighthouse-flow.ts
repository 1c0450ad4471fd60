/**
 * Walks the signed-in tab through the return's screens as a shopper would (puppeteer, the tab Lighthouse is handed),
 * so that each screen can then be loaded cold: they keep the return's form in localStorage, which Lighthouse's storage
 * reset leaves alone, and a screen whose earlier steps were not taken sends the shopper back to step 1.
 */
import type { Page } from 'puppeteer-core';

const aria = (role: string, name: string) => `::-p-aria([name=${JSON.stringify(name)}][role="${role}"])`;
const TIMEOUT = 30_000;

/** The screens' headings (the portal's English texts). */
export const HEADINGS = {
  select: 'What would you like to return?',
  solution: 'Please select a return solution',
  method: 'How would you like to return item?',
  check: 'Check your return request',
  pickup: 'Schedule your pickup',
  exchange: 'Choose your exchange',
  catalogue: 'Exchange for other goods',
} as const;

async function shows(tab: Page, heading: string): Promise<void> {
  await tab.waitForSelector(aria('heading', heading), { timeout: TIMEOUT });
}

async function continueTo(tab: Page, heading: string): Promise<void> {
  await tab.locator(aria('button', 'Continue')).setTimeout(TIMEOUT).click();
  await shows(tab, heading);
}

/** Opens `url` and waits for its heading. */
export async function open(tab: Page, url: string, heading: string): Promise<void> {
  await tab.goto(url, { waitUntil: 'load' });
  await shows(tab, heading);
}

/** On step 1: drops the items in `drop`, chooses `item` with the reason "Doesn't suit me", and goes on to step 2. */
export async function chooseItem(tab: Page, stepOne: string, item: string, drop: string[] = []): Promise<void> {
  await open(tab, stepOne, HEADINGS.select);
  for (const chosen of drop) await tab.locator(aria('checkbox', chosen)).setTimeout(TIMEOUT).click();
  await tab.locator(aria('checkbox', item)).setTimeout(TIMEOUT).click();
  await tab.locator(aria('radio', "Doesn't suit me")).setTimeout(TIMEOUT).click();
  await tab.locator(aria('button', 'Save')).setTimeout(TIMEOUT).click();
  await continueTo(tab, HEADINGS.solution);
}

/** On a step of choices: picks the one whose card reads `choice`, and goes on to the screen headed `next`. */
export async function choose(tab: Page, choice: string, next: string): Promise<void> {
  const card = `//span[@class="rc-choice__label"][normalize-space()=${JSON.stringify(choice)}]`;
  await tab.locator(`::-p-xpath(${card})`).setTimeout(TIMEOUT).click();
  await continueTo(tab, next);
}

/** On the exchange page: follows "Browse other products" to the catalogue; answers its URL. */
export async function browseCatalogue(tab: Page): Promise<string> {
  await tab.locator(aria('link', 'Browse other products')).setTimeout(TIMEOUT).click();
  await shows(tab, HEADINGS.catalogue);
  return tab.url();
}

/** The return's screens measured after step 1, in the order the walk reaches them. */
export type ReturnScreen = 'step 2' | 'step 3' | 'step 4' | 'pickup' | 'exchange' | 'catalogue';

/**
 * Steps 2 to 4 and pickup with the Linen Shirt for a refund, then the exchange and its catalogue with the Canvas
 * Sneakers: each screen reached through the ones before it, then handed to `measure` at its URL.
 */
export async function returnScreens<T>(
  url: (path: string) => string,
  orderId: number,
  measure: (screen: ReturnScreen, target: string) => Promise<T>,
  tab: Page,
): Promise<T[]> {
  const at = (screen: string) => url(`/process-manage/${screen}/${String(orderId)}`);
  const measured: T[] = [];
  await chooseItem(tab, at('select'), 'Linen Shirt / M');
  measured.push(await measure('step 2', at('solution')));
  await open(tab, at('solution'), HEADINGS.solution);
  await choose(tab, 'Refund to original payment method', HEADINGS.method);
  measured.push(await measure('step 3', at('method')));
  await open(tab, at('method'), HEADINGS.method);
  await choose(tab, 'Ship on your own', HEADINGS.check);
  measured.push(await measure('step 4', at('refund-check')));
  await open(tab, at('method'), HEADINGS.method);
  await choose(tab, 'Carrier pickup', HEADINGS.pickup);
  measured.push(await measure('pickup', at('pickup')));
  await chooseItem(tab, at('select'), 'Canvas Sneakers / 42', ['Linen Shirt / M']);
  await choose(tab, 'Exchange', HEADINGS.exchange);
  measured.push(await measure('exchange', at('exchange')));
  await open(tab, at('exchange'), HEADINGS.exchange);
  measured.push(await measure('catalogue', await browseCatalogue(tab)));
  return measured;
}
