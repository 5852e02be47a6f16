/** The spec's "Browser Error!" alert for Internet Explorer, which the app does not support. */

export const OLD_BROWSER_MESSAGE =
  'Browser Error! BariDesk is not intended for this browser. Please use a current version of Chrome, Edge, Firefox or Safari.';

/** Internet Explorer up to 10 says "MSIE ", version 11 only "Trident/". */
export function isInternetExplorer(userAgent: string): boolean {
  return userAgent.includes('MSIE ') || userAgent.includes('Trident/');
}

/** Alerts once at start-up on Internet Explorer; returns whether it did. The app still starts. */
export function warnOnOldBrowser(win: Pick<Window, 'alert' | 'navigator'> = window): boolean {
  if (!isInternetExplorer(win.navigator.userAgent)) return false;
  win.alert(OLD_BROWSER_MESSAGE);
  return true;
}
