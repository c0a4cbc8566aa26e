import { BrowseView } from '@/features/catalog';

export default function BrowseRoute() {
  return <BrowseView />;
}
