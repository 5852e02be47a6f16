import { notifySuccess } from '@baridesk/api-client';
import { notify } from '@baridesk/ui';

/** Copies text and says so (a notice, which screen readers announce); a browser that refuses is told too. */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notifySuccess(`${what} copied.`, 'Copied');
  } catch {
    notify({ status: 'error', title: 'Not copied', message: `Please select the ${what.toLowerCase()} and copy it yourself.` });
  }
}
