import { linkTo, waitForMail } from './mail';
import { expect, signIn, test } from './support';

/**
 * A practice registers itself: the confirmation e-mail (read from the e2e server's SMTP server), the
 * confirmation page, and the first sign-in, which asks for the terms. A new practice each attempt.
 */

test('register → confirmation e-mail → confirm → log in → the terms are asked', async ({ page }) => {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
  const email = `owner-${tag}@clinic.example`;
  const practice = `Lakeshore Bariatrics ${tag}`;
  const password = 'Clinic2468';

  await page.goto('/login');
  await page.getByRole('link', { name: 'Register' }).click();
  await expect(page).toHaveURL(/\/register$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Register' })).toBeVisible();
  await page.getByRole('textbox', { name: /^Practice name/ }).fill(practice);
  await page.getByRole('textbox', { name: /^Owner name/ }).fill('Morgan Reyes');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('textbox', { name: /^Phone/ }).fill('(206) 555-0142');
  await page.getByRole('textbox', { name: /^Password/ }).fill(password);
  await page.getByRole('textbox', { name: /^Confirm Password/ }).fill(password);
  const registered = Date.now();
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Thank you for registering' })).toContainText(
    'Registration received. Please check your email to confirm your address.',
  );

  const mail = await waitForMail(email, { after: registered });
  expect(mail.subject).toBe('Confirm your e-mail address for BariDesk');
  expect(mail.text).toContain(`Thank you for registering ${practice} with BariDesk.`);
  expect(mail.text).toContain('Hello Morgan Reyes,');
  const link = linkTo(mail, '/confirm-email');
  expect([...new URL(link).searchParams.keys()].sort()).toEqual(['id', 'token']);

  // Not before the address is confirmed: said as a warning, and a new link goes out.
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Please confirm your email address first. We have sent you a new link.');
  await expect(page).toHaveURL(/\/login$/);
  const resent = await waitForMail(email, { after: mail.receivedAt + 1 });
  expect(resent.subject).toBe('Confirm your e-mail address for BariDesk');
  expect(linkTo(resent, '/confirm-email')).not.toBe(link);

  // The link of the first e-mail confirms the address.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm Email' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('status').filter({ hasText: 'Your email address is confirmed. You can now log in.' })).toBeVisible();
  // Once only.
  await page.reload();
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your email address could not be confirmed');
  await expect(page.getByRole('main').getByRole('alert')).toContainText('This link has expired or has already been used. Please ask for a new one.');

  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('dialog', { name: 'Terms and Conditions' })).toBeVisible();
});
