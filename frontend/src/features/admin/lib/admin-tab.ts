/**
 * The tab in the URL (`/admin?tab=refunds`): a known tab is shown, anything else (no tab, a typo,
 * a tab this build does not have) falls back to the first, the overview.
 */
export const selectAdminTab = <Tab extends string>(
  requested: string | null,
  tabs: readonly [Tab, ...Tab[]],
): Tab => ((tabs as readonly (string | null)[]).includes(requested) ? (requested as Tab) : tabs[0]);
