import {
  GithubConnectionAction,
  NetlifyConnectionStatus,
} from '@/features/deployments/components/github-connection';
import { SettingsView } from '@/features/settings/components/settings-view';

export default function SettingsRoute() {
  return (
    <SettingsView
      githubAction={(connected) => <GithubConnectionAction connected={connected} />}
      netlifyStatus={(render) => <NetlifyConnectionStatus render={render} />}
    />
  );
}
