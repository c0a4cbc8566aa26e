/** `/admin`: the admin dashboard, for role admin or both (Access Denied and a redirect otherwise). */
import { AdminView } from '@/features/admin/components/admin-view';
import { RequireAdmin } from '@/features/admin/components/require-admin';

export default function AdminRoute() {
  return (
    <RequireAdmin>
      <AdminView />
    </RequireAdmin>
  );
}
