/**
 * The admin dashboard's tabs, in the order shown, each `tab(value, label, icon, module)`: `value`
 * is its `?tab=` in the URL, and the module (default export: the tab's content) is its own chunk,
 * loaded when the tab is first opened. A new tab is one more line here.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { IconType } from 'react-icons';
import {
  LuBanknote,
  LuChartColumn,
  LuClipboardList,
  LuGavel,
  LuLayoutDashboard,
  LuListChecks,
  LuMail,
  LuReceiptText,
  LuShieldAlert,
  LuUserCheck,
  LuUsers,
} from 'react-icons/lu';

export interface AdminTab {
  value: string;
  label: string;
  icon: IconType;
  Content: LazyExoticComponent<ComponentType>;
}

const tab = (
  value: string,
  label: string,
  icon: IconType,
  load: () => Promise<{ default: ComponentType }>,
): AdminTab => ({ value, label, icon, Content: lazy(load) });

export const ADMIN_TABS: readonly [AdminTab, ...AdminTab[]] = [
  tab('overview', 'Overview', LuLayoutDashboard, () => import('./overview-tab')),
  tab('mvps', 'MVP Reviews', LuListChecks, () => import('./template-reviews-tab')),
  tab('refunds', 'Refund Requests', LuReceiptText, () => import('./refunds-tab')),
  tab('disputes', 'Disputes', LuGavel, () => import('./disputes-tab')),
  tab('payouts', 'Payouts', LuBanknote, () => import('./payouts-tab')),
  tab('users', 'User Management', LuUsers, () => import('./users-tab')),
  tab('applications', 'Applications', LuUserCheck, () => import('./seller-applications-tab')),
  tab('security', 'Security', LuShieldAlert, () => import('./security-tab')),
  tab('analytics', 'Analytics', LuChartColumn, () => import('./analytics-tab')),
  tab('newsletter', 'Newsletter', LuMail, () => import('./newsletter-tab')),
  tab('audit', 'Audit', LuClipboardList, () => import('./audit-tab')),
];
