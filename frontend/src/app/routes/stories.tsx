/** `/stories` (public): launched sites their buyers chose to show. */
import { StoriesView } from '@/features/deployments/components/stories-view';

export default function StoriesRoute() {
  return <StoriesView />;
}
