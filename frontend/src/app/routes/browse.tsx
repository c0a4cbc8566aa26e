import { BrowseView } from '@/features/catalog/components/browse-view';

export default function BrowseRoute() {
  return <BrowseView />;
}
