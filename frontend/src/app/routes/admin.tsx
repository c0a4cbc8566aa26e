/** `/admin`: the admin dashboard, for role admin or both (Access Denied and a redirect otherwise). */
import { AdminView, RequireAdmin } from '@/features/admin';

export default function AdminRoute() {
  return (
    <RequireAdmin>
      <AdminView />
    </RequireAdmin>
  );
}
