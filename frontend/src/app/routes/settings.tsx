import { GithubConnectionAction, NetlifyConnectionStatus } from '@/features/deployments';
import { SettingsView } from '@/features/settings';

export default function SettingsRoute() {
  return (
    <SettingsView
      githubAction={(connected) => <GithubConnectionAction connected={connected} />}
      netlifyStatus={(render) => <NetlifyConnectionStatus render={render} />}
    />
  );
}
