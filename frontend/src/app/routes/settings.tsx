import { GithubConnectionAction } from '../../features/deployments/components/github-connection';
import { SettingsView } from '../../features/settings/components/settings-view';

export default function SettingsRoute() {
  return (
    <SettingsView githubAction={(connected) => <GithubConnectionAction connected={connected} />} />
  );
}
