/**
 * How the app shows short messages (antd `message`). The message host is loaded on first use, so
 * the login page never downloads it: messages asked for before it is ready wait in a queue.
 */
export interface Notifier {
  info(text: string, options: { durationMs: number; key: string }): void;
  success(text: string): void;
  error(text: string, options?: { key?: string }): void;
}

type Show = (notifier: Notifier) => void;

let active: Notifier | null = null;
let queue: Show[] = [];
let requestHost: (() => void) | null = null;

function show(action: Show): void {
  if (active) {
    action(active);
    return;
  }
  queue.push(action);
  requestHost?.();
}

/** Installed by the message host once it is mounted (null when it unmounts). */
export function setNotifier(notifier: Notifier | null): void {
  active = notifier;
  if (!notifier) return;
  const waiting = queue;
  queue = [];
  for (const action of waiting) action(notifier);
}

/** The app tells the notifier how to load the message host; called again with null on unmount. */
export function onNotifierHostNeeded(load: (() => void) | null): void {
  requestHost = load;
  if (load && queue.length > 0) load();
}

/** Shows messages through the host, loading it first when needed. */
export const notify: Notifier = {
  info: (text, options) => show((n) => n.info(text, options)),
  success: (text) => show((n) => n.success(text)),
  error: (text, options) => show((n) => n.error(text, options)),
};

/** Loads the message host ahead of the first message (the signed-in app does, antd is there anyway). */
export function preloadNotifier(): void {
  if (!active) requestHost?.();
}
