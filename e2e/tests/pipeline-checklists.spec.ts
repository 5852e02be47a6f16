/**
 * The patient pipeline and its checklists, used the way a program's own account uses them: statuses and
 * an automation rule built on Customize Pipeline and a default checklist template added, a new patient
 * whose completed checklist moves them by that rule; a card dragged, picked up from the keyboard and
 * moved with its "Move to…" menu on the board; a checklist template copied.
 */
import type { Page } from '@playwright/test';
import { ACCOUNTS, apiGet, bearer, expect, test, tokenOf, unique } from './support';

type Envelope<T> = { data: T };
type Status = { id: number; name: string; position: number; is_default: 0 | 1 };
type Rule = { id: number; description: string; from_status_id: number | null; to_status_id: number; percent: number | null };
type Move = {
  from_status: { id: number; name: string } | null;
  to_status: { id: number; name: string } | null;
  moved_by: { id: number; name: string } | null;
  rule: { id: number | null; type: number; description: string } | null;
};
type TemplateItem = { title: string; description: string | null; due_anchor: string | null; due_days: number | null };
type TemplateDetail = { id: number; name: string; description: string | null; is_default: 0 | 1; item_count: number; items: TemplateItem[] };

/** A run-unique word of letters only: a patient search matches it and nothing else. */
const word = (prefix: string) => unique(prefix).replace(/\s+/g, '').replace(/\d/g, (d) => String.fromCharCode(97 + Number(d)));

/** Adds a patient through the API (as the add-patient form does) in `stage`; they enter its default status. */
async function createPatient(page: Page, firstName: string, lastName: string, stage: 1 | 2 | 3) {
  const created = await page.request.post('/api/patients/store', {
    headers: bearer(await tokenOf(page)),
    data: { first_name: firstName, last_name: lastName, current_stage: stage, city: 'Springfield', status: 1 },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as Envelope<{ id: number; name: string }>).data;
}

/** Ticks a Chakra checkbox from the keyboard: its drawn box covers the input, which takes no click. */
async function tick(page: Page, name: string) {
  const box = page.getByRole('checkbox', { name, exact: true });
  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).toBeChecked();
}

/**
 * Lakeview's program account has a popup message that shows on every page load until OK is pressed, and
 * pressing OK records it for good: session.spec.ts checks that popup, so this file must leave it unseen.
 * OK is answered here without reaching the server, and the popup is closed after every page load.
 */
async function keepPopupUnseen(page: Page) {
  await page.route('**/api/dashboard-popup-status/update', (route) =>
    route.fulfill({ status: 200, json: { data: { popup_status: 0 }, message: 'Popup status updated.' } }),
  );
  let pending: boolean | undefined;
  return async (path: string) => {
    await page.goto(path);
    pending ??= (await apiGet<Envelope<{ popup_status: number; popup_msg1: string | null }>>(page, '/api/user')).data.popup_status === 1;
    if (!pending) return;
    const popup = page.getByRole('dialog', { name: 'Message' });
    await expect(popup).toBeVisible();
    await popup.getByRole('button', { name: 'OK' }).click();
    await expect(popup).toBeHidden();
  };
}

test.describe('Lakeview program account (subuser@lakeview)', () => {
  test.use({ account: ACCOUNTS.lakeview });

  test('builds a pipeline and lets a checklist rule move a new patient', async ({ page }) => {
    test.setTimeout(180_000);
    const visit = await keepPopupUnseen(page);
    const intake = unique('Intake');
    const ready = unique('Ready for Surgery');
    const templateName = unique('Lakeview Essentials');
    const items = [unique('Bring photo ID'), unique('Program orientation video')];

    // Two statuses of Pre-Op: the new default, and the one the rule moves patients to.
    await visit('/customize-pipeline?stage=1');
    await expect(page.getByRole('heading', { level: 1, name: 'Customize Pipeline' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Pre-Op' })).toHaveAttribute('aria-selected', 'true');
    await page.getByRole('tab', { name: 'Statuses' }).click();
    const statuses = page.getByRole('list', { name: 'Statuses of Pre-Op' });
    await expect(statuses).toBeVisible();
    for (const [name, isDefault] of [
      [intake, true],
      [ready, false],
    ] as const) {
      await page.getByRole('button', { name: 'Add status', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Add status' });
      await dialog.getByRole('textbox', { name: /^Name/ }).fill(name);
      if (isDefault) await tick(page, 'Default for new patients');
      await dialog.getByRole('button', { name: 'Add status' }).click();
      await expect(dialog).toBeHidden();
      await expect(statuses.getByRole('listitem').filter({ hasText: name })).toBeVisible();
    }
    await expect(statuses.getByRole('listitem').filter({ hasText: intake })).toContainText('Default');
    await expect(statuses.getByRole('listitem').filter({ hasText: ready })).not.toContainText('Default');
    // The seeded default gave way.
    await expect(statuses.getByRole('listitem').filter({ hasText: 'Seminar Attended' })).not.toContainText('Default');

    // The rule: a complete checklist moves a patient from the new default to the new Ready for Surgery.
    await page.getByRole('tab', { name: 'Automation rules' }).click();
    await page.getByRole('button', { name: 'Add rule', exact: true }).click();
    const ruleForm = page.getByRole('dialog', { name: 'Add automation rule' });
    await ruleForm.getByRole('combobox', { name: /^Type/ }).selectOption({ label: 'Checklist % Complete' });
    await ruleForm.getByRole('combobox', { name: /^From status/ }).selectOption({ label: intake });
    await ruleForm.getByRole('combobox', { name: /^To status/ }).selectOption({ label: ready });
    await ruleForm.getByRole('spinbutton', { name: /^Percentage/ }).fill('100');
    await ruleForm.getByRole('button', { name: 'Add rule' }).click();
    await expect(ruleForm).toBeHidden();
    const description = `Checklist % Complete reaches 100% (from ${intake}) → ${ready}`;
    await expect(page.getByRole('list', { name: 'Automation rules of Pre-Op' }).getByRole('listitem').filter({ hasText: description })).toBeVisible();
    const rules = await apiGet<Envelope<Rule[]>>(page, '/api/pipeline-automation-rule?stage=1');
    const rule = rules.data.find((candidate) => candidate.description === description);
    expect(rule, 'the rule is saved').toBeDefined();

    // A default checklist template of Pre-Op with two items.
    await visit('/checklist-templates?stage=1');
    await page.getByRole('link', { name: 'Add Template' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Add Pre-Op Checklist Template' })).toBeVisible();
    await page.getByRole('textbox', { name: /^Name/ }).fill(templateName);
    await tick(page, 'Default for patients entering this stage');
    await page.getByRole('group', { name: 'Item 1' }).getByRole('textbox', { name: /^Title/ }).fill(items[0]!);
    await page.getByRole('button', { name: 'Add item' }).click();
    await page.getByRole('group', { name: 'Item 2' }).getByRole('textbox', { name: /^Title/ }).fill(items[1]!);
    await page.getByRole('button', { name: 'Add Template' }).click();
    await expect(page).toHaveURL(/\/checklist-templates\?stage=1$/);
    await expect(page.getByText('Checklist template added successfully.')).toBeVisible();
    const templateRow = page.getByRole('row').filter({ hasText: templateName });
    await expect(templateRow).toContainText('Default');
    await expect(templateRow.getByRole('cell').nth(1)).toHaveText('2');

    // A new Pre-Op patient starts in the new default status with the template's two items.
    const last = word('Rulemove');
    const patient = await createPatient(page, 'Quinn', last, 1);
    await visit(`/checklists/${patient.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Checklist' })).toBeVisible();
    const header = page.getByRole('region', { name: 'Patient', exact: true });
    await expect(header).toContainText(patient.name);
    await expect(header).toContainText(intake);
    const list = page.getByRole('list', { name: 'Pre-Op checklist items' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    await expect(page.getByText('0 of 2 done (0%)')).toBeVisible();

    await tick(page, items[0]!);
    await expect(page.getByText('1 of 2 done (50%)')).toBeVisible();
    await tick(page, items[1]!);
    await expect(page.getByText('2 of 2 done (100%)')).toBeVisible();
    await expect(page.getByText(`${patient.name} moved from ${intake} to ${ready} by the rule “Checklist % Complete reaches 100%”.`)).toBeVisible();
    await expect(header).toContainText(ready);

    // On the board, in the Ready for Surgery column.
    await visit(`/pipeline?stage=1&search=${last}`);
    await expect(page.getByRole('tab', { name: 'Pre-Op' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('grid', { name: `Patients in ${ready}` }).getByRole('link', { name: patient.name })).toBeVisible();
    await expect(page.getByRole('grid', { name: `Patients in ${intake}` })).toHaveCount(0);

    // The history names the rule as the mover.
    const history = await apiGet<Envelope<Move[]>>(page, `/api/pipeline-patients/history?patient_id=${patient.id}`);
    expect(history.data).toHaveLength(2);
    const [moved, entered] = history.data as [Move, Move];
    expect(moved).toMatchObject({
      from_status: { name: intake },
      to_status: { name: ready },
      moved_by: null,
      rule: { id: rule!.id, type: 4, description: 'Checklist % Complete reaches 100%' },
    });
    expect(entered).toMatchObject({ from_status: null, to_status: { name: intake }, rule: null });
  });
});

test.describe('Northside program account (subuser@northside)', () => {
  test.use({ account: ACCOUNTS.subUser });

  test('drags a card to another status with the mouse, then moves it from the keyboard and the Move to… menu', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/pipeline');
    const me = (await apiGet<Envelope<{ name: string }>>(page, '/api/user')).data.name;
    const pipeline = await apiGet<Envelope<{ data: Status[]; default: number | null }>>(page, '/api/pipelines?stage=1');
    const order = pipeline.data.data;
    const start = order.findIndex((status) => status.id === pipeline.data.default);
    expect(start, 'Pre-Op has a default status').toBeGreaterThanOrEqual(0);
    expect(order.length, 'Pre-Op has two statuses after the default').toBeGreaterThanOrEqual(start + 3);
    const [first, dragTo, keyTo] = [order[start]!.name, order[start + 1]!.name, order[start + 2]!.name];

    const last = word('Dragged');
    const patient = await createPatient(page, 'Drew', last, 1);
    await page.goto(`/pipeline?stage=1&search=${last}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Patient Pipeline' })).toBeVisible();
    const inColumn = (status: string) => page.getByRole('grid', { name: `Patients in ${status}` }).getByRole('link', { name: patient.name });
    // The card's one focusable element: its cell, named by all the card says, the patient's name first.
    const card = page.getByRole('gridcell', { name: new RegExp(`^${patient.name},`) });
    const actions = async () => {
      await page.getByRole('button', { name: `Actions for ${patient.name}` }).click();
      return page.getByRole('menu');
    };
    await expect(inColumn(first)).toBeVisible();

    // The mouse: pressed on the card, moved past the drag's 6 px in several steps, released over the column.
    const from = (await card.boundingBox())!;
    const to = (await page.getByRole('region', { name: dragTo, exact: true }).boundingBox())!;
    const x = from.x + from.width / 2;
    const y = from.y + from.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 12, y + 4, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
    await page.mouse.up();
    await expect(inColumn(dragTo)).toBeVisible();
    await expect(page.getByText('Patient moved.')).toBeVisible();
    await expect(inColumn(first)).toHaveCount(0);

    await page.reload();
    await expect(inColumn(dragTo)).toBeVisible();
    await expect(inColumn(first)).toHaveCount(0);
    const afterDrag = await apiGet<Envelope<Move[]>>(page, `/api/pipeline-patients/history?patient_id=${patient.id}`);
    expect(afterDrag.data[0]).toMatchObject({ from_status: { name: first }, to_status: { name: dragTo }, moved_by: { name: me }, rule: null });

    // The history dialog says who moved the patient.
    await (await actions()).getByRole('menuitem', { name: 'History' }).click();
    const historyDialog = page.getByRole('dialog', { name: `History of ${patient.name}` });
    const newest = historyDialog.getByRole('row').nth(1);
    await expect(newest).toContainText(first);
    await expect(newest).toContainText(dragTo);
    await expect(newest).toContainText(me);
    await historyDialog.getByRole('button', { name: 'Close' }).click();
    await expect(historyDialog).toBeHidden();
    // The focus is back on the card's actions button, which opened it.
    await expect(page.getByRole('button', { name: `Actions for ${patient.name}` })).toBeFocused();

    // The keyboard: the card is the board's one Tab stop; Space picks it up, Right arrow goes one column
    // on, Space drops it; the focus stays on the card, now in its new column.
    await expect(card).toHaveAttribute('tabindex', '0');
    await card.focus();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Picked up ${patient.name}.`)).toBeAttached();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(`${patient.name} is over ${keyTo}.`)).toBeAttached();
    await page.keyboard.press('Space');
    await expect(page.getByText(`Moved ${patient.name} to ${keyTo}.`)).toBeAttached();
    await expect(inColumn(keyTo)).toBeVisible();
    await expect(inColumn(dragTo)).toHaveCount(0);
    await expect(card).toBeFocused();

    // The card's actions menu, "Move to" back to where the patient started; the focus follows the card.
    await (await actions()).getByRole('menuitem', { name: first, exact: true }).click();
    await expect(inColumn(first)).toBeVisible();
    await expect(inColumn(keyTo)).toHaveCount(0);
    await expect(card).toBeFocused();

    await page.reload();
    await expect(inColumn(first)).toBeVisible();
    const history = await apiGet<Envelope<Move[]>>(page, `/api/pipeline-patients/history?patient_id=${patient.id}`);
    expect(history.data.map((move) => [move.from_status?.name ?? null, move.to_status?.name ?? null, move.moved_by?.name ?? null, move.rule])).toEqual([
      [keyTo, first, me, null],
      [dragTo, keyTo, me, null],
      [first, dragTo, me, null],
      [null, first, me, null],
    ]);
  });
});

test.describe('Northside staff (staff@)', () => {
  test.use({ account: ACCOUNTS.staff });

  test('copies a checklist template: the form starts as "Copy of" with the same items, and the copy is listed', async ({ page }) => {
    // The template to copy, made for this attempt so its copy is the only one of its name.
    await page.goto('/checklist-templates?stage=1');
    const name = unique('Bariatric Revision Prep');
    const items = [
      { title: 'Records from the first surgery', description: 'Operative and pathology reports.', due_anchor: 'stage_start', due_days: 14 },
      { title: 'Upper GI series', description: null, due_anchor: 'surgery_date', due_days: -30 },
      { title: 'Surgeon review', description: null, due_anchor: null, due_days: null },
    ];
    const stored = await page.request.post('/api/checklist/templates/store', {
      headers: bearer(await tokenOf(page)),
      data: { stage: 1, name, description: 'For patients having a revision.', status: 1, is_default: 0, items },
    });
    expect(stored.ok(), await stored.text()).toBe(true);
    const source = ((await stored.json()) as Envelope<TemplateDetail>).data;

    await page.goto('/checklist-templates?stage=1');
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    const rows = page.getByRole('row').filter({ hasText: name });
    await expect(rows).toHaveCount(1);
    await rows.getByRole('link', { name: `Copy ${name}` }).click();

    await expect(page).toHaveURL(new RegExp(`/checklist-template/1/copy/${source.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Copy Pre-Op Checklist Template' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue(`Copy of ${name}`);
    await expect(page.getByRole('checkbox', { name: 'Default for patients entering this stage' })).not.toBeChecked();
    await expect(page.getByRole('group', { name: /^Item \d+$/ })).toHaveCount(items.length);
    for (const [index, item] of items.entries()) {
      const group = page.getByRole('group', { name: `Item ${index + 1}` });
      await expect(group.getByRole('textbox', { name: /^Title/ })).toHaveValue(item.title);
      await expect(group.getByRole('textbox', { name: /^Description/ })).toHaveValue(item.description ?? '');
      const due = group.getByRole('combobox', { name: 'Due date' });
      if (item.due_anchor === null) {
        await expect(due).toHaveValue('');
      } else {
        await expect(due).toHaveValue(item.due_anchor);
        await expect(group.getByRole('textbox', { name: /^Days/ })).toHaveValue(String(Math.abs(item.due_days!)));
        await expect(group.getByRole('combobox', { name: 'Before or after' })).toHaveValue(item.due_days! < 0 ? 'before' : 'after');
      }
    }

    await page.getByRole('button', { name: 'Save Copy' }).click();
    await expect(page).toHaveURL(/\/checklist-templates\?stage=1$/);
    await expect(page.getByText('Checklist template added successfully.')).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search templates' }).fill(name);
    await expect(rows).toHaveCount(2);
    const copyRow = page.getByRole('row').filter({ hasText: `Copy of ${name}` });
    await expect(copyRow).toHaveCount(1);
    await expect(copyRow.getByRole('cell').nth(1)).toHaveText(String(items.length));
    await expect(copyRow).not.toContainText('Default');

    // The copy is a template of its own with the same items, in the same order.
    const list = await apiGet<Envelope<{ data: { id: number; name: string }[] }>>(
      page,
      `/api/checklist/templates?stage=1&search=${encodeURIComponent(`Copy of ${name}`)}`,
    );
    const copy = list.data.data.find((template) => template.name === `Copy of ${name}`);
    expect(copy, 'the copy is listed by the API').toBeDefined();
    expect(copy!.id).not.toBe(source.id);
    const detail = await apiGet<Envelope<TemplateDetail>>(page, `/api/checklist/templates/${copy!.id}`);
    expect(detail.data.items.map(({ title, description, due_anchor, due_days }) => ({ title, description, due_anchor, due_days }))).toEqual(items);
  });
});
