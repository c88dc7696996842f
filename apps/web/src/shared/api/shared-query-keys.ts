/**
 * Query keys that more than one feature reads: the owner fetches, the others invalidate.
 * The unread message count: Home shows it, the message center invalidates it as messages are read.
 */
export const UNREAD_MESSAGES_KEY = ['home', 'unreadMessages'] as const;
