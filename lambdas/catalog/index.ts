/** The catalog Lambda: its rows of the route table through the shared HTTP chain. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getMvp } from './handlers/get-mvp';
import { listMvps } from './handlers/list-mvps';

export const handler = createHttpHandler('catalog', {
  'list-mvps': listMvps,
  'get-mvp': getMvp,
});
