/** `/stories` (public): launched sites their buyers chose to show. */
import { StoriesView } from '@/features/deployments';

export default function StoriesRoute() {
  return <StoriesView />;
}
