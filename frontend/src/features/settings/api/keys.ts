/** Query keys of the settings page's own reads (the profile's key is shared: lib/my-profile). */
export const settingsKeys = {
  newsletter: (typeId: string) => ['newsletter', typeId] as const,
  notificationPreferences: () => ['notification-preferences'] as const,
  securityAlerts: () => ['security-alerts'] as const,
};
