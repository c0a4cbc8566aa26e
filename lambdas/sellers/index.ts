/** The sellers Lambda (public seller pages): its rows of the route table. */
import { createHttpHandler } from '../shared/http/create-http-handler';
import { getSellerProfile } from './handlers/get-seller-profile';

export const handler = createHttpHandler('sellers', {
  'get-seller-profile': getSellerProfile,
});
