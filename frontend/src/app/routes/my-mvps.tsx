/** `/my-mvps`: the seller's templates. */
import { MyTemplatesView } from '@/features/templates';

export default function MyTemplatesRoute() {
  return <MyTemplatesView />;
}
