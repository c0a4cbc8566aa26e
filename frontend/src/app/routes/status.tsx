/** `/status`: the live health page (features/status). */
import { StatusView } from '@/features/status';

export default function StatusRoute() {
  return <StatusView />;
}
