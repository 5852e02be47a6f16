import { resetSupportChatForTests, setChatSettings, startSupportChat } from './support-chat';

const person = { id: 201, name: 'Nora Staff', email: 'staff@northside.test', created: '2025-11-03T14:00:00.000Z' };
const chatScripts = () => [...document.querySelectorAll('script')].filter((s) => s.src.includes('/packs/js/sdk.js'));
type TestWindow = Window & { chatwootSDK?: unknown; $chatwoot?: unknown };

afterEach(() => {
  resetSupportChatForTests();
  delete (window as TestWindow).chatwootSDK;
  delete (window as TestWindow).$chatwoot;
});

test('loads nothing when the gateway names no chat server', () => {
  setChatSettings(undefined);
  startSupportChat(person);
  expect(chatScripts()).toHaveLength(0);
  setChatSettings({ baseUrl: 'javascript:alert(1)', websiteToken: 'abc' });
  startSupportChat(person);
  expect(chatScripts()).toHaveLength(0);
});

test('loads the SDK from the configured server once, starts it with the token, then tells it the user’s name, e-mail and creation time', () => {
  setChatSettings({ baseUrl: 'https://chat.example.test/', websiteToken: 'tok_123' });
  startSupportChat(person);
  startSupportChat(person);
  const scripts = chatScripts();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.src).toBe('https://chat.example.test/packs/js/sdk.js');

  const run = jest.fn();
  (window as TestWindow).chatwootSDK = { run };
  scripts[0]!.dispatchEvent(new Event('load'));
  expect(run).toHaveBeenCalledWith({ websiteToken: 'tok_123', baseUrl: 'https://chat.example.test' });

  const chatwoot = { setUser: jest.fn(), setCustomAttributes: jest.fn(), reset: jest.fn() };
  (window as TestWindow).$chatwoot = chatwoot;
  window.dispatchEvent(new Event('chatwoot:ready'));
  expect(chatwoot.setUser).toHaveBeenCalledWith('201', { name: 'Nora Staff', email: 'staff@northside.test' });
  expect(chatwoot.setCustomAttributes).toHaveBeenCalledWith({ created: '2025-11-03T14:00:00.000Z' });

  // Signing out forgets the user in the widget.
  startSupportChat(null);
  expect(chatwoot.reset).toHaveBeenCalledTimes(1);
});
