/** `GET /api/me/export`: the caller's own data as a JSON file download. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { exportMyData } from '../service';

export const exportMyDataOperation: HttpOperation = async (context) => {
  const now = new Date();
  const data = await exportMyData(requireAuth(context), now);
  return {
    statusCode: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': `attachment; filename="my-marketplace-data-${now.toISOString().slice(0, 10)}.json"`,
      'cache-control': 'no-store',
    },
    body: JSON.stringify(data, null, 2),
  };
};
