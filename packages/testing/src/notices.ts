import { screen } from '@testing-library/react';

/** The notice (toast) with `title` and `message`: the toaster renders them in one region. */
export async function findNotice(title: string, message: string) {
  const titleElement = await screen.findByText(title);
  const toast = titleElement.closest('[data-scope="toast"][data-part="root"]') ?? titleElement.parentElement;
  expect(toast).toHaveTextContent(message);
  return toast;
}
