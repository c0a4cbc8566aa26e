/** `/my-mvps`: the seller's templates. */
import { MyMvpsView } from '../../features/templates/components/my-mvps-view';

export default function MyMvpsRoute() {
  return <MyMvpsView />;
}
