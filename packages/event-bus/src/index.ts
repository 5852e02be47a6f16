/** @baridesk/event-bus: the typed bus through which the shell and the remotes tell each other things. */

/** Handles the payload of one event type. */
export type EventHandler<Payload> = (payload: Payload) => void;

/** An event whose payload is void is emitted without one: `emit('sidebar:changed')`. */
type PayloadArgs<Payload> = [Payload] extends [void] ? [payload?: Payload] : [payload: Payload];

export interface EventBus<Events extends Record<string, unknown>> {
  /** Calls `handler` on every `type` event until the returned function is called. */
  on<K extends keyof Events>(type: K, handler: EventHandler<Events[K]>): () => void;
  off<K extends keyof Events>(type: K, handler: EventHandler<Events[K]>): void;
  emit<K extends keyof Events>(type: K, ...args: PayloadArgs<Events[K]>): void;
  /** Drops the handlers of `type`, or of every type when none is given. */
  clear(type?: keyof Events): void;
}

export function createEventBus<Events extends Record<string, unknown>>(): EventBus<Events> {
  const handlers = new Map<keyof Events, Set<EventHandler<never>>>();

  const off: EventBus<Events>['off'] = (type, handler) => {
    const set = handlers.get(type);
    if (!set) return;
    set.delete(handler as EventHandler<never>);
    if (set.size === 0) handlers.delete(type);
  };

  return {
    on(type, handler) {
      let set = handlers.get(type);
      if (!set) handlers.set(type, (set = new Set()));
      set.add(handler as EventHandler<never>);
      return () => off(type, handler);
    },
    off,
    emit(type, ...args) {
      const set = handlers.get(type);
      if (!set) return;
      // A copy: a handler may subscribe or unsubscribe while the event is being delivered.
      for (const handler of [...set]) {
        try {
          (handler as EventHandler<unknown>)(args[0]);
        } catch (error) {
          // One faulty remote must not keep the event from the others.
          console.error(`[event-bus] a handler of "${String(type)}" failed`, error);
        }
      }
    },
    clear(type) {
      if (type === undefined) handlers.clear();
      else handlers.delete(type);
    },
  };
}

export type NoticeStatus = 'success' | 'error' | 'info' | 'warning';

export type Notice = { status: NoticeStatus; title?: string; message: string; errors?: string[] };

/** Every event of BariDesk and its payload. */
export type BariDeskEvents = {
  /** The sign-in screen sent the credentials: the shell can fetch the likely landing page meanwhile. */
  'auth:signing-in': void;
  /** The sign-in screen signed a user in (the store already holds the session); the shell takes over. */
  'auth:signed-in': { isEventExist: boolean };
  /** An API call succeeded: the inactivity counter starts again. */
  'session:activity': void;
  /** A call other than login answered 401: the session is over (the shell goes to /login). */
  'session:unauthorized': { url: string };
  /** Show a notice to the user. */
  notify: Notice;
  /** The sidebar's menu changed on the server (e.g. a dynamic section was added): reload it. */
  'sidebar:changed': void;
  /** Go to a route of another remote. */
  navigate: { to: string; replace?: boolean };
  /** A report download is being prepared (shows the banner); null when it is done or cancelled. */
  'report:preparing': { id: string; label?: string } | null;
};

/** The bus of the app: one instance, shared by the shell and every remote as a federation singleton. */
export const bus = createEventBus<BariDeskEvents>();
