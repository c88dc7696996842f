/** Query keys of the session data every screen shares. */
export const sessionKeys = {
  all: ['session'] as const,
  permissionLoad: () => [...sessionKeys.all, 'permission-load'] as const,
  currentUser: () => [...sessionKeys.all, 'current-user'] as const,
};
