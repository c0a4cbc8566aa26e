import { SettingsView } from '../../features/settings/components/settings-view';

export default function SettingsRoute() {
  return <SettingsView />;
}
