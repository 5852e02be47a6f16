/**
 * The support chat widget (staff-area §2: "started with the user's name, email and creation time"):
 * Chatwoot's website SDK, self-hostable and open source, loaded from the Chatwoot server the gateway
 * names in /remotes.json (`chat`, from CHATWOOT_BASE_URL and CHATWOOT_WEBSITE_TOKEN). Without those
 * settings nothing is loaded: no script, no request, no widget.
 */
import { useEffect } from 'react';
import type { AuthUser } from '@baridesk/contracts';

export interface ChatSettings {
  baseUrl: string;
  websiteToken: string;
}

/** The part of Chatwoot's SDK this file calls (window.chatwootSDK, then window.$chatwoot once ready). */
interface ChatwootWindow {
  chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
  $chatwoot?: {
    setUser(identifier: string, user: { name: string; email: string }): void;
    setCustomAttributes(attributes: Record<string, string>): void;
    reset(): void;
  };
}

type Person = Pick<AuthUser, 'id' | 'name' | 'email' | 'created'>;

let settings: ChatSettings | null = null;
let loading: HTMLScriptElement | null = null;
let ready = false;
/** Who the widget should know; set before the SDK is ready, told to it once it is. */
let wanted: Person | null = null;

const chatWindow = () => window as unknown as ChatwootWindow;

const isSettings = (value: unknown): value is ChatSettings =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ChatSettings).baseUrl === 'string' &&
  /^https?:\/\//.test((value as ChatSettings).baseUrl) &&
  typeof (value as ChatSettings).websiteToken === 'string' &&
  (value as ChatSettings).websiteToken !== '';

/** The `chat` of /remotes.json, read once at start-up; anything else means no chat. */
export function setChatSettings(value: unknown): void {
  settings = isSettings(value) ? { baseUrl: value.baseUrl.replace(/\/+$/, ''), websiteToken: value.websiteToken } : null;
}

function tellWidget() {
  const chatwoot = chatWindow().$chatwoot;
  if (!ready || !chatwoot) return;
  if (wanted) {
    chatwoot.setUser(String(wanted.id), { name: wanted.name, email: wanted.email });
    chatwoot.setCustomAttributes({ created: wanted.created });
  } else {
    chatwoot.reset();
  }
}

/** Loads the SDK once (when configured) and starts the widget as `person`; null signs the widget out. */
export function startSupportChat(person: Person | null): void {
  if (!settings) return;
  wanted = person;
  if (loading) {
    tellWidget();
    return;
  }
  if (!person) return;
  const { baseUrl, websiteToken } = settings;
  window.addEventListener(
    'chatwoot:ready',
    () => {
      ready = true;
      tellWidget();
    },
    { once: true },
  );
  const script = document.createElement('script');
  script.src = `${baseUrl}/packs/js/sdk.js`;
  script.async = true;
  script.addEventListener('load', () => chatWindow().chatwootSDK?.run({ websiteToken, baseUrl }));
  loading = script;
  document.body.appendChild(script);
}

/** Starts the chat for the signed-in staff user, and signs it out when they leave. */
export function useSupportChat(user: Person | null): void {
  const id = user?.id;
  const name = user?.name;
  const email = user?.email;
  const created = user?.created;
  useEffect(() => {
    startSupportChat(id === undefined ? null : { id, name: name ?? '', email: email ?? '', created: created ?? '' });
  }, [id, name, email, created]);
}

/** Tests only: forgets the settings and the loaded widget. */
export function resetSupportChatForTests(): void {
  settings = null;
  loading?.remove();
  loading = null;
  ready = false;
  wanted = null;
}
