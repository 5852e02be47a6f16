import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * axe-core on every screen and dialog the suites visit (issue 15 item 11). `watchA11y` makes a page check
 * itself: before the test's next action or assertion on a screen (a new address path) or a newly opened
 * dialog, Playwright runs a locator handler that runs axe on it once it has settled, so the check happens
 * at a moment the test chose, not in a race with it. A screen still loading (a request under way or just
 * ended, a skeleton, a page or dialog still fading in) is left for the next action: the check never waits,
 * so it neither eats a test's timeouts nor lets a short state the test looks for pass unseen. (A screen a
 * test leaves before it settles is checked by another test that stays, or not at all.) Serious and
 * critical findings are collected and fail the test when it ends (support.ts), each named by its rule, its
 * target and its screen. `expectNoSeriousA11y` checks one state on demand (an open menu, say).
 */

// Playwright loads the suites as CommonJS (the package has no "type": "module").
const requireHere = createRequire(__filename);
/**
 * axe-core's own script, from the copy @axe-core/playwright runs. Put in every document as it starts, so a
 * check does not send and compile it again each time (which took 1.5-2 s a check on a busy machine).
 */
const AXE_SOURCE = (requireHere(requireHere.resolve('axe-core', { paths: [requireHere.resolve('@axe-core/playwright')] })) as { source: string }).source;
/** What AxeBuilder evaluates as "axe's source" once the page has axe: nothing more. */
const AXE_PRESENT = 'void 0;';

/** The impacts that fail a test; moderate and minor ones are left to reviews. */
const FAILING = new Set(['serious', 'critical']);
/** Set on `<html>` once its screen is checked (cleared when the path changes), and on each checked dialog. */
const CHECKED = 'data-a11y-checked';
/** Open dialogs (a closing one stays visible while it fades out). */
const DIALOGS = ':is([role=dialog], [role=alertdialog]):not([data-state=closed])';
/** A screen still arriving: the page-change bar, a skeleton, a region being fetched anew (a list's rows dimmed). */
const LOADING = '[role=progressbar][aria-label="Loading the page"], .chakra-skeleton, [aria-busy=true]';
/** A request running longer than this is not waited for (it is not what the screen waits for). */
const LONG_CALL_MS = 5_000;
/** How long the page has made no request before its screen counts as settled. */
const QUIET_MS = 300;

export type A11yFinding = { screen: string; rule: string; impact: string; help: string; targets: string[] };

export const describeFindings = (findings: readonly A11yFinding[]) =>
  findings
    .map((finding) => {
      const more = finding.targets.length > 5 ? ` and ${finding.targets.length - 5} more` : '';
      return `${finding.screen}: ${finding.rule} (${finding.impact}, ${finding.help}) at\n  ${finding.targets.slice(0, 5).join('\n  ')}${more}`;
    })
    .join('\n');

/** Nothing is loading, and no page change or dialog is fading in (a fading element would be measured half-transparent). */
const settled = (page: Page) =>
  page.evaluate((loading) => {
    if (document.querySelector(loading)) return false;
    // Finite animations only: a spinner turns for ever.
    return document.getAnimations().every((animation) => animation.effect?.getTiming().iterations === Infinity || animation.playState !== 'running');
  }, LOADING);

/**
 * The serious and critical findings of axe on the page (or on the elements `include` selects), named
 * `screen`. Legacy mode runs axe in the page itself: the default mode opens a blank page per run to merge
 * frames' results, which costs time and the app has no frames.
 */
export async function a11yFindings(page: Page, screen: string, include?: string): Promise<A11yFinding[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === 'object');
  const builder = new AxeBuilder({ page, axeSource: present ? AXE_PRESENT : undefined }).setLegacyMode();
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations
    .filter((violation) => FAILING.has(violation.impact ?? ''))
    .map((violation) => ({
      screen,
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      // The element as written (its start), which names it better than axe's generated selector.
      // and axe's reason (a contrast's ratio and colours, say).
      targets: violation.nodes.map(
        (node) =>
          `${node.target.join(' ')} ${node.html.replace(/\s+/g, ' ').slice(0, 120)} — ${(node.failureSummary ?? '').split('\n').slice(1).join(' ').trim().slice(0, 200)}`,
      ),
    }));
}

/** Fails at once on a serious or critical finding in the current state of the page (or of `include`), once settled. */
export async function expectNoSeriousA11y(page: Page, screen: string, include?: string) {
  await expect.poll(() => settled(page), { message: `${screen} settles` }).toBe(true);
  const findings = await a11yFindings(page, screen, include);
  expect(findings, describeFindings(findings)).toEqual([]);
}

/** A path as a screen: ids and tokens in it stand for any, so a screen is checked once whichever record it shows. */
const screenOf = (url: string) =>
  new URL(url).pathname
    .split('/')
    .map((part) => (/\d/.test(part) && (/^\d+$/.test(part) || part.length >= 16) ? ':id' : part))
    .join('/');

export type A11yWatch = {
  findings: A11yFinding[];
  /** The screens and dialogs this page had checked (a screen another test checked first is not here). */
  checked: string[];
  /** Checks what the page shows now if it has not been checked yet (the end of a test). */
  checkPending: () => Promise<void>;
};

/**
 * Makes `page` check each new screen and dialog of `origin` before the test's next action on it. `seen`
 * holds the screens the worker has checked (at phone or desktop width), so a screen visited by many tests
 * costs one check.
 */
export async function watchA11y(page: Page, origin: string, seen: Set<string>): Promise<A11yWatch> {
  const findings: A11yFinding[] = [];
  const checked: string[] = [];
  const ours = () => !page.isClosed() && page.url().startsWith(origin);
  const keyOf = (screen: string) => `${(page.viewportSize()?.width ?? 0) < 768 ? 'phone' : 'desktop'} ${screen}`;

  // The requests under way (when each started), and when the last one started or ended: a screen is not
  // ready to check while it fetches (its data, a remote's code) or just after (what the answer starts).
  const requests = new Map<object, number>();
  let lastTraffic = 0;
  page.on('request', (request) => {
    requests.set(request, (lastTraffic = Date.now()));
  });
  const ended = (request: object) => {
    requests.delete(request);
    lastTraffic = Date.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  const quiet = () => Date.now() - lastTraffic >= QUIET_MS && [...requests.values()].every((started) => Date.now() - started >= LONG_CALL_MS);

  await page.addInitScript(AXE_SOURCE);
  // The page's own document marks a path change on <html>, so the handler's locator matches again.
  await page.addInitScript((attribute) => {
    let path = location.pathname;
    (window as unknown as { navigation?: EventTarget }).navigation?.addEventListener('currententrychange', () => {
      if (location.pathname === path) return;
      path = location.pathname;
      document.documentElement.removeAttribute(attribute);
    });
  }, CHECKED);

  /** A check cut short by a navigation is no finding: the page is checked again before the next action. */
  const unlessNavigated = async (check: () => Promise<void>) => {
    try {
      await check();
    } catch (error) {
      if (/context was destroyed|navigat|Target page, context or browser has been closed/i.test(String(error))) return;
      throw error;
    }
  };
  /** Ours and settled: else the check is left for the next action. */
  const ready = async () => ours() && quiet() && (await settled(page));

  const checkScreen = () =>
    unlessNavigated(async () => {
      // Behind an open dialog the page is dimmed: it is checked once the dialog has closed.
      if (!(await ready()) || (await page.locator(DIALOGS).filter({ visible: true }).count())) return;
      const screen = screenOf(page.url());
      const key = keyOf(screen);
      if (!seen.has(key)) {
        findings.push(...(await a11yFindings(page, screen)));
        seen.add(key);
        checked.push(key);
      }
      await page.evaluate((attribute) => document.documentElement.setAttribute(attribute, ''), CHECKED);
    });

  const checkDialogs = () =>
    unlessNavigated(async () => {
      if (!(await ready())) return;
      // Handles, not locators: once marked, a dialog no longer matches the selector that found it.
      const dialogs = await page.locator(`${DIALOGS}:not([${CHECKED}])`).filter({ visible: true }).elementHandles();
      for (const dialog of dialogs) {
        const name = await dialog.evaluate(nameOf);
        const screen = `${screenOf(page.url())} › dialog "${name}"`;
        await dialog.evaluate((element, attribute) => (element as Element).setAttribute(attribute, 'pending'), CHECKED);
        const key = keyOf(screen);
        if (!seen.has(key)) {
          findings.push(...(await a11yFindings(page, screen, `[${CHECKED}="pending"]`)));
          seen.add(key);
          checked.push(key);
        }
        await dialog.evaluate((element, attribute) => (element as Element).setAttribute(attribute, ''), CHECKED);
        await dialog.dispose();
      }
    });

  // noWaitAfter: a screen not ready, or behind a dialog, stays unchecked (and matching) for the next action.
  await page.addLocatorHandler(page.locator(`html:not([${CHECKED}])`), checkScreen, { noWaitAfter: true });
  await page.addLocatorHandler(page.locator(`${DIALOGS}:not([${CHECKED}])`).filter({ visible: true }).first(), checkDialogs, {
    noWaitAfter: true,
  });

  return {
    findings,
    checked,
    checkPending: async () => {
      if (!ours()) return;
      // The test is over: time to wait for the last screen to settle (it may be a dialog).
      await expect.poll(ready, { timeout: 5_000 }).toBe(true).catch(() => undefined);
      await checkDialogs();
      if (await page.locator(`html:not([${CHECKED}])`).count()) await checkScreen();
    },
  };
}

/** A dialog's name, from aria-label or aria-labelledby. */
function nameOf(node: Node) {
  const element = node as Element;
  const ids = element.getAttribute('aria-labelledby')?.split(/\s+/) ?? [];
  const labelled = ids.map((id) => document.getElementById(id)?.textContent?.trim() ?? '').join(' ');
  return element.getAttribute('aria-label') ?? (labelled || 'unnamed');
}
