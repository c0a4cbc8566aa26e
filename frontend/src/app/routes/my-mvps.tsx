/** `/my-mvps`: the seller's templates. */
import { MyTemplatesView } from '@/features/templates/components/my-templates-view';

export default function MyTemplatesRoute() {
  return <MyTemplatesView />;
}
