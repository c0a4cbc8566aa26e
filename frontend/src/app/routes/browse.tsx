import { BrowseView } from '../../features/mvps/components/browse-view';

export default function BrowseRoute() {
  return <BrowseView />;
}
