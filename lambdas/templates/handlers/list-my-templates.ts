/** `GET /api/my/mvps`: the approved seller's own templates with stats. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listMyTemplates as listSellerMvps } from '../service';

export const listMyTemplates: HttpOperation = async (context) =>
  jsonResponse(200, await listSellerMvps(requireProfile(context)));
