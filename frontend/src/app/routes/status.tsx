/** `/status`: the live health page (features/status). */
import { StatusView } from '@/features/status/components/status-view';

export default function StatusRoute() {
  return <StatusView />;
}
