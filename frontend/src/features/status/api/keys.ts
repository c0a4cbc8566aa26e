/** Query keys of the status page. */
export const statusKeys = { health: ['status', 'health'] as const };
