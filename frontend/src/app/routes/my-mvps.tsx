/** `/my-mvps`: the seller's templates. */
import { MyTemplatesView } from '../../features/templates/components/my-mvps-view';

export default function MyTemplatesRoute() {
  return <MyTemplatesView />;
}
