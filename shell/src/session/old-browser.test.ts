import { isInternetExplorer, OLD_BROWSER_MESSAGE, warnOnOldBrowser } from './old-browser';

const IE10 = 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)';
const IE11 = 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko';
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36';
const EDGE = `${CHROME} Edg/130.0.0.0`;
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';

const browser = (userAgent: string) => ({ navigator: { userAgent } as Navigator, alert: jest.fn() });

describe('old browser check', () => {
  it('recognises Internet Explorer 10 and 11, and no current browser', () => {
    expect(isInternetExplorer(IE10)).toBe(true);
    expect(isInternetExplorer(IE11)).toBe(true);
    for (const ua of [CHROME, EDGE, FIREFOX, '']) expect(isInternetExplorer(ua)).toBe(false);
  });

  it('alerts "Browser Error!" on Internet Explorer', () => {
    const ie = browser(IE11);
    expect(warnOnOldBrowser(ie)).toBe(true);
    expect(ie.alert).toHaveBeenCalledTimes(1);
    expect(ie.alert).toHaveBeenCalledWith(OLD_BROWSER_MESSAGE);
    expect(OLD_BROWSER_MESSAGE).toMatch(/^Browser Error! BariDesk is not intended for this browser\./);
  });

  it('stays silent elsewhere, including the jsdom window by default', () => {
    const chrome = browser(CHROME);
    expect(warnOnOldBrowser(chrome)).toBe(false);
    expect(chrome.alert).not.toHaveBeenCalled();
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => undefined);
    expect(warnOnOldBrowser()).toBe(false);
    expect(alert).not.toHaveBeenCalled();
    alert.mockRestore();
  });
});
